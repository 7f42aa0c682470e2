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
_NAME = re.compile(r"^([a-j])([0-9]{1,2})$")


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
    match = _NAME.match(name.strip()) if isinstance(name, str) else None
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
    """One direction's row of :data:`AHEAD` in plain int arithmetic: a call of :func:`neighbour` per
    square (an Enum property, several calls) made this table ~2 ms of every process's start; a list
comprehension, not a generator (a third of the cost in Python 3.11)."""
    step = rank_step * FILE_COUNT + file_step
    return cast(tuple[tuple[Square, Edge] | None, ...], tuple([
        (sq + step, (sq, sq + step) if step > 0 else (sq + step, sq))
        if 0 <= sq % FILE_COUNT + file_step < FILE_COUNT
        and YELLOW_RANK <= sq // FILE_COUNT + rank_step <= BLUE_RANK else None
        for sq in range(SQUARE_COUNT)]))


AHEAD: tuple[tuple[tuple[Square, Edge] | None, ...], ...] = tuple(
    _ahead_of(*_DELTAS[d]) for d in DIRECTIONS)
"""By direction, then square: the next square that way with the edge crossed (None off the board);
read in loops asked per square of a line or per target, where :func:`neighbour` costs a call."""


SQUARE_SLOTS: tuple[int | None, ...] = tuple([
    None if sq // FILE_COUNT in (YELLOW_RANK, BLUE_RANK)
    else 2 * ((sq // FILE_COUNT - 1) // ROOM_SIZE) + 1 + sq % FILE_COUNT // ROOM_SIZE
    for sq in range(SQUARE_COUNT)])
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
