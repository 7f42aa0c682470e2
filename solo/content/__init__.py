"""The game's content: room layouts, NPC cards, personalities and the data tables of the rules."""
