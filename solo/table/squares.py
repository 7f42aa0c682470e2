"""Squares, directions and room slots of the 2x4 dungeon (formats.md section 1).

A :data:`Square` is an int ``rank * 10 + file`` (files a-j = 0-9, ranks 0-21), as python-chess
does: cheap to hash and compare in the path search. Rank 0 is the yellow starting line, rank 21
the blue one; ranks 1-20 are room squares.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NewType, cast

from solo.errors import AnswerRefusedError, shown
from solo.messages import msg

Square = NewType("Square", int)
Edge = tuple[Square, Square]
"""A side shared by two neighbouring squares, stored with the smaller square first."""

FILES = "abcdefghij"
FILE_COUNT = 10
YELLOW_RANK = 0
BLUE_RANK = 21
ROOM_SIZE = 5
SLOTS = tuple(range(1, 9))
_NAME = r"^([a-j])([0-9]{1,2})$"
"""A square's name: compiled when first read (``re`` keeps it), not at every start (issue 16 item 6)."""


class Direction(IntEnum):
    """The four orthogonal directions on the board, seen from the yellow line (north = blue)."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    def turned(self, quarter_turns: int) -> Direction:
        """This direction after ``quarter_turns`` clockwise quarter turns."""
        return Direction((self.value + quarter_turns) % 4)

    @property
    def opposite(self) -> Direction:
        return self.turned(2)

    @property
    def delta(self) -> tuple[int, int]:
        """(file step, rank step)."""
        return _DELTAS[self]


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
"""The four directions in their order, as a tuple: iterating the Enum class runs a generator of
``EnumType`` (Python 3.11), several times the cost, in loops asked per state of a search."""

_DELTAS = {
    Direction.NORTH: (0, 1),
    Direction.EAST: (1, 0),
    Direction.SOUTH: (0, -1),
    Direction.WEST: (-1, 0),
}


def square(file: int, rank: int) -> Square:
    """The square at a file index (0-9) and rank (0-21)."""
    if not (0 <= file < FILE_COUNT and YELLOW_RANK <= rank <= BLUE_RANK):
        raise AnswerRefusedError(msg("no square at file {file}, rank {rank}", file=file, rank=rank))
    return Square(rank * FILE_COUNT + file)


def file_of(sq: Square) -> int:
    return sq % FILE_COUNT


def rank_of(sq: Square) -> int:
    return sq // FILE_COUNT


def square_name(sq: Square) -> str:
    """``a1``-style name of a square."""
    return f"{FILES[file_of(sq)]}{rank_of(sq)}"


def parse_square(name: str) -> Square:
    """Parse ``a0``…``j21``; raise ValueError for anything else."""
    match = re.match(_NAME, name.strip()) if isinstance(name, str) else None
    if not match:
        raise AnswerRefusedError(msg("{value} is not a square name (a0 … j21)", value=shown(name)))
    rank = int(match.group(2))
    if rank > BLUE_RANK or (len(match.group(2)) == 2 and match.group(2)[0] == "0"):
        raise AnswerRefusedError(msg("{value} is off the board (ranks run 0 … 21)", value=shown(name)))
    return square(FILES.index(match.group(1)), rank)


def neighbour(sq: Square, direction: Direction) -> Square | None:
    """The square next to ``sq`` in ``direction``, or None off the board."""
    df, dr = direction.delta
    f, r = file_of(sq) + df, rank_of(sq) + dr
    if 0 <= f < FILE_COUNT and YELLOW_RANK <= r <= BLUE_RANK:
        return square(f, r)
    return None


def edge(a: Square, b: Square) -> Edge:
    """The canonical edge between two squares (smaller first)."""
    return (a, b) if a < b else (b, a)


SQUARE_COUNT = (BLUE_RANK + 1) * FILE_COUNT
"""How many squares the board has, lines included (a square is below this)."""


def _ahead_of(file_step: int, rank_step: int) -> tuple[tuple[Square, Edge] | None, ...]:
    """One direction's row of :data:`AHEAD`, made by ``zip`` (no Python step per square: a comprehension
    over the 220 squares was ~2.3 M instructions of every start, issue 16 item 6); then None on the
    squares whose next square that way is off the board: the last file or rank that way."""
    step = rank_step * FILE_COUNT + file_step
    squares, nexts = range(SQUARE_COUNT), range(step, SQUARE_COUNT + step)
    edges = zip(squares, nexts, strict=True) if step > 0 else zip(nexts, squares, strict=True)
    row: list[tuple[int, tuple[int, int]] | None] = list(zip(nexts, edges, strict=True))
    if rank_step:  # the last rank that way: ranks 21 (north) or 0 (south)
        off = range(SQUARE_COUNT - FILE_COUNT, SQUARE_COUNT) if rank_step > 0 else range(FILE_COUNT)
    else:  # the last file that way: file j (east) or a (west), on every rank
        off = range(FILE_COUNT - 1 if file_step > 0 else 0, SQUARE_COUNT, FILE_COUNT)
    for sq in off:
        row[sq] = None
    return cast(tuple[tuple[Square, Edge] | None, ...], tuple(row))


AHEAD: tuple[tuple[tuple[Square, Edge] | None, ...], ...] = tuple(
    _ahead_of(*_DELTAS[d]) for d in DIRECTIONS)
"""By direction, then square: the next square that way with the edge crossed (None off the board);
read in loops asked per square of a line or per target, where :func:`neighbour` costs a call."""


def _slots_by_square() -> tuple[int | None, ...]:
    """:data:`SQUARE_SLOTS` a rank at a time (a rank's two rooms are its first and last five files)."""
    slots: list[int | None] = [None] * FILE_COUNT
    for rank in range(YELLOW_RANK + 1, BLUE_RANK):
        left = 2 * ((rank - 1) // ROOM_SIZE) + 1
        slots += [left] * ROOM_SIZE + [left + 1] * (FILE_COUNT - ROOM_SIZE)
    return tuple(slots + [None] * FILE_COUNT)


SQUARE_SLOTS: tuple[int | None, ...] = _slots_by_square()
"""By square: :func:`slot_of` (the room slot, None on a starting line), for tables built at import."""


def direction_between(a: Square, b: Square) -> Direction | None:
    """The direction from ``a`` to an orthogonal neighbour ``b``, or None if not neighbours."""
    df, dr = file_of(b) - file_of(a), rank_of(b) - rank_of(a)
    for direction, delta in _DELTAS.items():
        if delta == (df, dr):
            return direction
    return None


def is_line(sq: Square) -> bool:
    """True for starting-line squares (rank 0 or 21)."""
    return rank_of(sq) in (YELLOW_RANK, BLUE_RANK)


def slot_of(sq: Square) -> int | None:
    """The room slot (1-8) holding a room square, None for starting-line squares."""
    rank = rank_of(sq)
    if is_line(sq):
        return None
    return 2 * ((rank - 1) // ROOM_SIZE) + 1 + file_of(sq) // ROOM_SIZE


def slot_origin(slot: int) -> tuple[int, int]:
    """(file, rank) of the slot's square nearest the yellow line on the left."""
    if slot not in SLOTS:
        raise AnswerRefusedError(msg("no room slot {slot} (1 … 8)", slot=repr(slot)))
    index = slot - 1
    return (index % 2) * ROOM_SIZE, 1 + (index // 2) * ROOM_SIZE


def slot_squares(slot: int) -> list[Square]:
    """The 25 squares of a slot."""
    f0, r0 = slot_origin(slot)
    return [square(f0 + x, r0 + y) for y in range(ROOM_SIZE) for x in range(ROOM_SIZE)]


def line_squares(rank: int) -> list[Square]:
    """The 10 squares of the starting line at rank 0 (yellow) or 21 (blue)."""
    return [square(f, rank) for f in range(FILE_COUNT)]


def format_edge(e: Edge) -> str:
    return f"{square_name(e[0])}-{square_name(e[1])}"
