"""Editing a room layout (the logic behind the room editor, Qt-free): cycling a square's kind or an
edge's mark, finding what a click in the drawing hits, and checking a layout with the engine's
room checks.

Layouts are immutable: every edit returns a new :class:`~solo.content.rooms.RoomLayout`, which may be invalid
(two gears…) until the player fixes it; :func:`room_problems` says what is wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from solo.content.roomcheck import room_warnings
from solo.content.rooms import ROOM_FORMAT, Mark, RoomLayout, SquareKind, parse_room_data
from solo.errors import DataError, Problem

__all__ = [
    "MARK_CYCLE", "SQUARE_CYCLE", "Edge", "RoomCheck", "blank_room", "cycle_edge", "cycle_square",
    "next_mark", "next_square_kind", "room_data", "room_problems", "target_at",
]

SQUARE_CYCLE = (SquareKind.FLOOR, SquareKind.PIT, SquareKind.GEAR)
"""A click on a square: floor -> pit -> gear -> floor (the kinds formats.md §2 allows)."""
MARK_CYCLE = (Mark.OPEN, Mark.WALL, Mark.SLIT, Mark.PORTCULLIS)
"""A click on an edge: open -> wall -> arrow slit -> portcullis -> open."""


@dataclass(frozen=True)
class Edge:
    """One edge of the room, keyed as in :class:`RoomLayout`: a vertical edge is (row, c) between
    columns c and c+1 (c = 0..5); a horizontal edge is (r, column) between rows r and r+1 (r = 0..5)."""

    vertical: bool
    a: int
    b: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.a, self.b)

    @property
    def border(self) -> bool:
        """On the room's outer ring (an opening there leads out of the room)."""
        return self.b in (0, 5) if self.vertical else self.a in (0, 5)


def next_square_kind(kind: SquareKind) -> SquareKind:
    """The kind after ``kind`` in :data:`SQUARE_CYCLE`."""
    return SQUARE_CYCLE[(SQUARE_CYCLE.index(kind) + 1) % len(SQUARE_CYCLE)]


def next_mark(mark: Mark) -> Mark:
    """The mark after ``mark`` in :data:`MARK_CYCLE`."""
    return MARK_CYCLE[(MARK_CYCLE.index(mark) + 1) % len(MARK_CYCLE)]


def cycle_square(layout: RoomLayout, square: tuple[int, int]) -> RoomLayout:
    """The layout with square (row, column) turned to the next kind."""
    squares = dict(layout.squares)
    squares[square] = next_square_kind(squares[square])
    return replace(layout, squares=squares)


def cycle_edge(layout: RoomLayout, edge: Edge) -> RoomLayout:
    """The layout with ``edge`` turned to the next mark."""
    if edge.vertical:
        vertical = dict(layout.vertical)
        vertical[edge.key] = next_mark(vertical[edge.key])
        return replace(layout, vertical=vertical)
    horizontal = dict(layout.horizontal)
    horizontal[edge.key] = next_mark(horizontal[edge.key])
    return replace(layout, horizontal=horizontal)


def target_at(x: float, y: float, tolerance: float = 0.2) -> tuple[int, int] | Edge | None:
    """What a click at (x, y) hits, in square units from the room's top-left corner (the room spans
    0..5 both ways): a square (row, column), an edge, or None (a corner, or outside)."""
    if not (-tolerance <= x <= 5 + tolerance and -tolerance <= y <= 5 + tolerance):
        return None
    near_x = abs(x - round(x)) < tolerance
    near_y = abs(y - round(y)) < tolerance
    if near_x and near_y:
        return None
    if near_x:
        row = math.floor(y) + 1
        return Edge(True, row, round(x)) if 1 <= row <= 5 else None
    if near_y:
        column = math.floor(x) + 1
        return Edge(False, round(y), column) if 1 <= column <= 5 else None
    row, column = math.floor(y) + 1, math.floor(x) + 1
    return (row, column) if 1 <= row <= 5 and 1 <= column <= 5 else None


def blank_room(room_id: str, pair: int = 1, sense: str = "cw") -> RoomLayout:
    """A new room: floor everywhere, the gear in the middle, walls around with an opening in the
    middle of each side."""
    squares = {(r, c): SquareKind.FLOOR for r in range(1, 6) for c in range(1, 6)}
    squares[(3, 3)] = SquareKind.GEAR
    vertical = {(r, c): Mark.WALL if c in (0, 5) and r != 3 else Mark.OPEN
                for r in range(1, 6) for c in range(6)}
    horizontal = {(r, c): Mark.WALL if r in (0, 5) and c != 3 else Mark.OPEN
                  for r in range(6) for c in range(1, 6)}
    return RoomLayout(room_id, pair, sense, squares, vertical, horizontal)


def room_data(layout: RoomLayout) -> dict[str, Any]:
    """The fields of the room's file, ``format`` included."""
    return {"format": ROOM_FORMAT, **layout.to_data()}


@dataclass(frozen=True)
class RoomCheck:
    """What the engine says of a layout: ``errors`` (the file would be refused) and ``warnings``
    (valid, but probably not what the author meant)."""

    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]


def room_problems(layout: RoomLayout, source: str, others: Iterable[RoomLayout] = ()) -> RoomCheck:
    """Check ``layout`` as the loader would read its file, then with the room checks, and against the
    ``others`` rooms of the library (its twin must turn in the other sense)."""
    try:
        checked = parse_room_data(room_data(layout), source)
    except DataError as exc:
        return RoomCheck(tuple(exc.problems), ())
    warnings = [Problem(source, "grid", text.removeprefix(f"{checked.id}: "))
                for text in room_warnings(checked)]
    twins = sorted((room for room in others if room.pair == checked.pair and room.id != checked.id),
                   key=lambda room: room.id)
    if len(twins) == 1 and twins[0].sense == checked.sense:
        warnings.append(Problem(source, "sense", f"twin rooms {checked.id} and {twins[0].id} (pair "
                                                 f"{checked.pair}) must turn in opposite senses"))
    elif len(twins) > 1:
        names = ", ".join(room.id for room in twins)
        warnings.append(Problem(source, "pair", f"pair {checked.pair} is already used by {names}: "
                                                "exactly two rooms share a gear number"))
    return RoomCheck((), tuple(warnings))
