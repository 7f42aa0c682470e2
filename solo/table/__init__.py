"""The table's geometry and pieces: squares, the board, a position, movement, path search and sight."""
