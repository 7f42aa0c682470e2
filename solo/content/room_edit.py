"""Editing a room layout (the logic behind the room editor, Qt-free): cycling a square's kind or an
edge's mark, finding what a click in the drawing hits, and checking a layout with the engine's
room checks.

Layouts are immutable: every edit returns a new :class:`~solo.content.rooms.RoomLayout`, which may be invalid
(two gears…) until the player fixes it; :func:`room_problems` says what is wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from solo.content.ids import new_id_problem
from solo.content.roomcheck import room_warnings
from solo.content.rooms import ROOM_FORMAT, Mark, RoomLayout, SquareKind, parse_room_data
from solo.errors import DataError, Problem
from solo.messages import msg
from solo.records import record, replace

__all__ = [
    "EDGE_KEYS",
    "MARK_CYCLE",
    "SQUARE_CYCLE",
    "SQUARE_KEYS",
    "Edge",
    "RoomCheck",
    "apply_key",
    "blank_room",
    "cycle_edge",
    "cycle_square",
    "next_mark",
    "next_square_kind",
    "room_data",
    "room_problems",
    "set_edge",
    "set_square",
    "target_at",
    "toggle_edge",
    "toggle_square",
    "twin_id",
    "twin_room",
]

SQUARE_CYCLE = (SquareKind.FLOOR, SquareKind.PIT, SquareKind.GEAR)
"""A click on a square: floor -> pit -> gear -> floor (the kinds formats.md §2 allows)."""
MARK_CYCLE = (Mark.OPEN, Mark.WALL, Mark.SLIT, Mark.PORTCULLIS)
"""A click on an edge: open -> wall -> arrow slit -> portcullis -> open."""


@record(frozen=True)
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
    """A new room: floor everywhere, the gear in the middle, walled all around (issue 11: the player
    opens the border's few openings and draws the inner walls, one click each)."""
    squares = {(r, c): SquareKind.FLOOR for r in range(1, 6) for c in range(1, 6)}
    squares[(3, 3)] = SquareKind.GEAR
    vertical = {(r, c): Mark.WALL if c in (0, 5) else Mark.OPEN for r in range(1, 6) for c in range(6)}
    horizontal = {(r, c): Mark.WALL if r in (0, 5) else Mark.OPEN for r in range(6) for c in range(1, 6)}
    return RoomLayout(room_id, pair, sense, squares, vertical, horizontal)


def set_edge(layout: RoomLayout, edge: Edge, mark: Mark) -> RoomLayout:
    """The layout with ``edge`` given ``mark`` (a key or the right-click menu picks it directly)."""
    if edge.vertical:
        return replace(layout, vertical={**layout.vertical, edge.key: mark})
    return replace(layout, horizontal={**layout.horizontal, edge.key: mark})


def toggle_edge(layout: RoomLayout, edge: Edge) -> RoomLayout:
    """A left click on an edge: an open edge becomes a wall, anything else opens."""
    current = layout.vertical[edge.key] if edge.vertical else layout.horizontal[edge.key]
    return set_edge(layout, edge, Mark.WALL if current is Mark.OPEN else Mark.OPEN)


def set_square(layout: RoomLayout, square: tuple[int, int], kind: SquareKind) -> RoomLayout:
    """The layout with ``square`` of ``kind``; the gear moves there (a room has exactly one), the
    square it leaves turning to floor. The gear's own square only changes by moving the gear."""
    squares = dict(layout.squares)
    if squares[square] is SquareKind.GEAR:
        return layout
    if kind is SquareKind.GEAR:
        squares.update({rc: SquareKind.FLOOR for rc, k in squares.items() if k is SquareKind.GEAR})
    squares[square] = kind
    return replace(layout, squares=squares)


def toggle_square(layout: RoomLayout, square: tuple[int, int]) -> RoomLayout:
    """A left click on a square: floor and pit swap; the gear stays (move it with a key or the menu)."""
    kind = layout.squares[square]
    if kind is SquareKind.GEAR:
        return layout
    return set_square(layout, square, SquareKind.PIT if kind is SquareKind.FLOOR else SquareKind.FLOOR)


EDGE_KEYS = {"W": Mark.WALL, "S": Mark.SLIT, "P": Mark.PORTCULLIS, "O": Mark.OPEN, " ": Mark.OPEN}
"""A key pressed with the pointer on an edge: wall, arrow slit, portcullis, open."""
SQUARE_KEYS = {"F": SquareKind.FLOOR, ".": SquareKind.FLOOR, "O": SquareKind.PIT, "G": SquareKind.GEAR}
"""A key pressed with the pointer on a square: floor, pit (``O`` as in a room file), gear."""


def apply_key(layout: RoomLayout, target: tuple[int, int] | Edge, key: str) -> RoomLayout | None:
    """The layout after ``key`` on ``target``; None when the key means nothing there."""
    key = key.upper()
    if isinstance(target, Edge):
        mark = EDGE_KEYS.get(key)
        return None if mark is None else set_edge(layout, target, mark)
    kind = SQUARE_KEYS.get(key)
    return None if kind is None else set_square(layout, target, kind)


def twin_id(room_id: str) -> str:
    """The id suggested for a room's twin: ``crypt-1a`` -> ``crypt-1b`` (and back), else ``-twin``."""
    if room_id.endswith("a"):
        return room_id[:-1] + "b"
    if room_id.endswith("b"):
        return room_id[:-1] + "a"
    return f"{room_id}-twin"


def twin_room(layout: RoomLayout) -> RoomLayout:
    """A copy to make the twin from: same gear number, the opposite rotation sense, a twin's id."""
    sense = "ccw" if layout.sense == "cw" else "cw"
    return replace(layout, id=twin_id(layout.id), sense=sense, name="", names=None, source="")


def room_data(layout: RoomLayout) -> dict[str, Any]:
    """The fields of the room's file, ``format`` included."""
    return {"format": ROOM_FORMAT, **layout.to_data()}


@record(frozen=True)
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
    bad_id = new_id_problem(checked.id)
    if bad_id is not None:  # the id names the file and the Room card: refused at save time
        return RoomCheck((Problem(source, "id", bad_id),), ())
    warnings = [Problem(source, "grid", warning) for warning in room_warnings(checked)]
    twins = sorted((room for room in others if room.pair == checked.pair and room.id != checked.id),
                   key=lambda room: room.id)
    if len(twins) == 1 and twins[0].sense == checked.sense:
        warnings.append(Problem(source, "sense", msg(
            "twin rooms {room} and {twin} (pair {pair}) must turn in opposite senses", room=checked.id,
            twin=twins[0].id, pair=checked.pair)))
    elif len(twins) > 1:
        names = ", ".join(room.id for room in twins)
        warnings.append(Problem(source, "pair", msg(
            "pair {pair} is already used by {rooms}: exactly two rooms share a gear number",
            pair=checked.pair, rooms=names)))
    return RoomCheck((), tuple(warnings))
