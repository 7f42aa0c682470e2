"""Which hidden rooms a figure could reveal from where (B-REV-2/3, AMB-BLUELINE)."""

from __future__ import annotations

from solo.table.board import Passage, Terrain
from solo.table.position import Position, Side
from solo.table.squares import AHEAD, DIRECTIONS, SQUARE_COUNT, SQUARE_SLOTS, Direction, Square

LINE_SLOTS = {Side.PLAYER: (1, 2), Side.NPC: (7, 8)}
"""The two end rooms each side's own starting line touches (B-REV-2)."""



def _sides_facing_rooms() -> tuple[tuple[tuple[Direction, Square, int], ...], ...]:
    """:data:`_FACING`, read from :data:`~solo.table.squares.AHEAD` in plain loops (at import: no call
    per square, no generator per row)."""
    rows = []
    sides = tuple(zip(DIRECTIONS, AHEAD, strict=True))
    for sq in range(SQUARE_COUNT):
        row = []
        for direction, ahead in sides:
            step = ahead[sq]
            if step is not None and (slot := SQUARE_SLOTS[step[0]]) is not None:
                row.append((direction, step[0], slot))
        rows.append(tuple(row))
    return tuple(rows)


_FACING = _sides_facing_rooms()
"""By square: each side facing a room square (not a starting line), with that square and its slot,
in the directions' order (found once: the NPC's objectives ask for access once per state of the table)."""
_FACED: tuple[frozenset[int], ...] = tuple([frozenset([slot for _, _, slot in sides]) for sides in _FACING])
"""By square: the slots its sides face, to pass at once a square facing no hidden room."""


def reveal_access(
    position: Position, side: Side, locked: bool = False
) -> dict[Square, dict[int, Square | None]]:
    """Squares from which a figure of ``side`` has direct access to a hidden room: which slots, and the
    portcullis to open first (None when the side is open). ``locked`` adds sides that are closed
    portcullises, which a Key opens (S-OBJ-7)."""
    board = position.board
    hidden = {slot for slot in range(1, 9) if not board.is_revealed(slot)}
    access: dict[Square, dict[int, Square | None]] = {}
    if not hidden:
        return access
    line_slots = sorted(hidden & set(LINE_SLOTS[side]))
    own_line = side.own_line
    for sq, terrain in board.geometry().terrain.items():
        if terrain is own_line:
            if line_slots:
                access[sq] = dict.fromkeys(line_slots)
            continue
        if terrain in (Terrain.YELLOW_LINE, Terrain.BLUE_LINE):
            continue
        if hidden.isdisjoint(_FACED[sq]):
            continue
        for direction, other, slot in _FACING[sq]:
            if slot not in hidden:
                continue
            passage = board.side_passage(sq, direction)
            if passage is Passage.OPEN:
                access.setdefault(sq, {})[slot] = None
            elif locked and passage is Passage.PORTCULLIS:
                access.setdefault(sq, {}).setdefault(slot, other)
    return access
