"""Reading and writing the project's files: positions, NPC cards, rooms and the text board."""
