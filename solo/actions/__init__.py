"""What a character does to the table: moves, portcullises, combat, exchanges, reveals and powers."""
