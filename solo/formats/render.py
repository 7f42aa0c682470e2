"""Plain-text drawings of the board for the command line (seen from the yellow line)."""

from __future__ import annotations

from solo.messages import msg
from solo.table.board import Passage, Terrain
from solo.table.position import Position, Side
from solo.table.squares import BLUE_RANK, FILES, YELLOW_RANK, Direction, Square, neighbour, square

_TERRAIN = {Terrain.FLOOR: ".", Terrain.PIT: "O", Terrain.GEAR: "G",
            Terrain.YELLOW_LINE: "=", Terrain.BLUE_LINE: "="}
_PASSAGE_V = {Passage.OPEN: " ", Passage.PORTCULLIS: "#", Passage.SLIT: ":", Passage.WALL: "|"}
_PASSAGE_H = {Passage.OPEN: " ", Passage.PORTCULLIS: "#", Passage.SLIT: ":", Passage.WALL: "-"}
LEGEND_MESSAGE = msg("legend: . floor  O pit  G gear  = starting line  ~ hidden room  # closed portcullis  "
                     ": arrow slit  P/N player/NPC figure  p/n wounded  * object")
"""The text board's legend, as a message (the command line renders it in its language)."""
LEGEND = LEGEND_MESSAGE.text


def _glyph(position: Position, s: Square) -> str:
    figure = position.figure_at(s)
    if figure is not None:
        return "P" if figure.side is Side.PLAYER else "N"
    wounded = position.wounded_at(s)
    if wounded is not None:
        return "p" if wounded.side is Side.PLAYER else "n"
    if position.objects_at(s):
        return "*"
    terrain = position.board.terrain(s)
    return "~" if terrain is None else _TERRAIN[terrain]


def draw_board(position: Position) -> str:
    """The whole dungeon, blue line at the top, with rank numbers and file letters."""
    board = position.board
    lines: list[str] = []
    for rank in range(BLUE_RANK, YELLOW_RANK - 1, -1):
        row = [f"{rank:>2} "]
        for f in range(len(FILES)):
            sq = square(f, rank)
            row.append(_glyph(position, sq))
            east = neighbour(sq, Direction.EAST)
            if east is None:
                continue
            if board.exists(sq) and board.exists(east):
                row.append(_PASSAGE_V[board.passage(sq, east)])
            else:
                row.append(" " if (board.exists(sq) or board.exists(east)) else "~")
        lines.append("".join(row))
        if rank > YELLOW_RANK:
            between = ["   "]
            for f in range(len(FILES)):
                sq, south = square(f, rank), square(f, rank - 1)
                if board.exists(sq) and board.exists(south):
                    between.append(_PASSAGE_H[board.passage(sq, south)])
                else:
                    between.append(" ")
                between.append(" ")
            lines.append("".join(between).rstrip())
    lines.append("   " + " ".join(FILES))
    return "\n".join(lines)
