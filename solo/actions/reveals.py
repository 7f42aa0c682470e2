"""Which hidden rooms a figure could reveal from where (B-REV-2/3, AMB-BLUELINE)."""

from __future__ import annotations

from solo.table.board import Passage, Terrain
from solo.table.position import Position, Side
from solo.table.squares import BLUE_RANK, YELLOW_RANK, Direction, Square, neighbour, rank_of, slot_of

LINE_SLOTS = {Side.PLAYER: (1, 2), Side.NPC: (7, 8)}
"""The two end rooms each side's own starting line touches (B-REV-2)."""


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
        for direction in Direction:
            other = neighbour(sq, direction)
            if other is None or rank_of(other) in (YELLOW_RANK, BLUE_RANK):
                continue
            slot = slot_of(other)
            if slot not in hidden:
                continue
            passage = board.side_passage(sq, direction)
            if passage is Passage.OPEN:
                access.setdefault(sq, {})[slot] = None
            elif locked and passage is Passage.PORTCULLIS:
                access.setdefault(sq, {}).setdefault(slot, other)
    return access
