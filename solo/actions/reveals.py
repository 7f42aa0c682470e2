"""Which hidden rooms a figure could reveal from where (B-REV-2/3, AMB-BLUELINE)."""

from __future__ import annotations

from functools import cache

from solo.table.board import Passage, Terrain
from solo.table.position import Position, Side
from solo.table.squares import AHEAD, DIRECTIONS, SQUARE_COUNT, SQUARE_SLOTS, Direction, Square

LINE_SLOTS = {Side.PLAYER: (1, 2), Side.NPC: (7, 8)}
"""The two end rooms each side's own starting line touches (B-REV-2)."""



Facing = tuple[tuple[tuple[Direction, Square, int], ...], ...]


@cache
def _facing_tables() -> tuple[Facing, tuple[frozenset[int], ...]]:
    """By square: each side facing a room square (not a starting line), with that square and its slot,
    in the directions' order; and the slots its sides face, to pass at once a square facing no hidden
    room. Read from :data:`~solo.table.squares.AHEAD` in plain loops, once, when a reveal is first looked
    for (not at import: most commands never ask, ~2 M instructions of every start, issue 16 item 6)."""
    rows = []
    sides = tuple(zip(DIRECTIONS, AHEAD, strict=True))
    for sq in range(SQUARE_COUNT):
        row = []
        for direction, ahead in sides:
            step = ahead[sq]
            if step is not None and (slot := SQUARE_SLOTS[step[0]]) is not None:
                row.append((direction, step[0], slot))
        rows.append(tuple(row))
    return tuple(rows), tuple([frozenset([slot for _, _, slot in sides]) for sides in rows])


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
    facing, faced = _facing_tables()
    for sq, terrain in board.geometry().terrain.items():
        if terrain is own_line:
            if line_slots:
                access[sq] = dict.fromkeys(line_slots)
            continue
        if terrain in (Terrain.YELLOW_LINE, Terrain.BLUE_LINE):
            continue
        if hidden.isdisjoint(faced[sq]):
            continue
        for direction, other, slot in facing[sq]:
            if slot not in hidden:
                continue
            passage = board.side_passage(sq, direction)
            if passage is Passage.OPEN:
                access.setdefault(sq, {})[slot] = None
            elif locked and passage is Passage.PORTCULLIS:
                access.setdefault(sq, {}).setdefault(slot, other)
    return access
