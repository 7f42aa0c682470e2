"""Plain-text drawings of the board for the command line (seen from the yellow line)."""

from __future__ import annotations

from solo.messages import msg
from solo.table.board import Passage, Terrain
from solo.table.geometry import WALL
from solo.table.position import Position, Side
from solo.table.squares import BLUE_RANK, FILE_COUNT, FILES, YELLOW_RANK, Square

_TERRAIN = {Terrain.FLOOR: ".", Terrain.PIT: "O", Terrain.GEAR: "G",
            Terrain.YELLOW_LINE: "=", Terrain.BLUE_LINE: "="}
_PASSAGE_V = {Passage.OPEN: " ", Passage.PORTCULLIS: "#", Passage.SLIT: ":", Passage.WALL: "|"}
_PASSAGE_H = {Passage.OPEN: " ", Passage.PORTCULLIS: "#", Passage.SLIT: ":", Passage.WALL: "-"}
LEGEND_MESSAGE = msg("legend: . floor  O pit  G gear  = starting line  ~ hidden room  # closed portcullis  "
                     ": arrow slit  P/N player/NPC figure  p/n wounded  * object")
"""The text board's legend, as a message (the command line renders it in its language)."""
LEGEND = LEGEND_MESSAGE.text


def _glyphs(position: Position) -> dict[Square, str]:
    """What each occupied square shows: an unwounded figure before a wounded one before an object, the
    first of each in the position's order (as ``figure_at``, ``wounded_at`` and ``objects_at`` find them)."""
    figures: dict[Square, str] = {}
    wounded: dict[Square, str] = {}
    for c in position.characters.values():
        if c.at is not None:
            found = wounded if c.wounded else figures
            if c.at not in found:
                player = c.side is Side.PLAYER
                found[c.at] = ("p" if player else "n") if c.wounded else ("P" if player else "N")
    shown = dict.fromkeys((o.at for o in position.objects), "*")
    shown.update(wounded)
    shown.update(figures)
    return shown


def draw_board(position: Position) -> str:
    """The whole dungeon, blue line at the top, with rank numbers and file letters (read from the
    geometry's tables and the pieces once: a query per square cost ~4 ms of a ``dt-solo explain``)."""
    geometry = position.board.geometry()
    terrain, passages = geometry.terrain, geometry.passages
    shown = _glyphs(position)
    lines: list[str] = []
    for rank in range(BLUE_RANK, YELLOW_RANK - 1, -1):
        row = [f"{rank:>2} "]
        for f in range(FILE_COUNT):
            sq = Square(rank * FILE_COUNT + f)
            here = terrain.get(sq)
            row.append(shown.get(sq) or ("~" if here is None else _TERRAIN[here]))
            if f == FILE_COUNT - 1:
                continue
            east = Square(sq + 1)
            if here is not None and east in terrain:
                row.append(_PASSAGE_V[passages.get((sq, east), WALL)])
            else:
                row.append(" " if (here is not None or east in terrain) else "~")
        lines.append("".join(row))
        if rank > YELLOW_RANK:
            between = ["   "]
            for f in range(FILE_COUNT):
                sq = Square(rank * FILE_COUNT + f)
                south = Square(sq - FILE_COUNT)
                if sq in terrain and south in terrain:
                    between.append(_PASSAGE_H[passages.get((south, sq), WALL)])
                else:
                    between.append(" ")
                between.append(" ")
            lines.append("".join(between).rstrip())
    lines.append("   " + " ".join(FILES))
    return "\n".join(lines)
