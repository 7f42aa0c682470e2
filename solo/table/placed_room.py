"""A room lying in a slot: its rotation, its markers, and what its squares print on each side.

A layout is printed in its own frame (rows and columns, formats.md section 1); lying in a slot at a
rotation, its squares cover board squares. This module turns one frame into the other and reads one
side of one square; the board (``solo.table.board``) puts the rooms together and answers for the
edges between them.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import partial
from typing import Any

from solo.content.rooms import FrameSide, Mark, RoomLayout, SquareKind
from solo.records import field, record
from solo.table.geometry import OPEN, PORTCULLIS, SLIT, WALL, Passage, Terrain
from solo.table.squares import (
    ROOM_SIZE,
    SLOTS,
    Direction,
    Square,
    file_of,
    rank_of,
    slot_origin,
    slot_squares,
    square,
)


class MarkerState(Enum):
    """A marker laid on a portcullis or an arrow slit (B-EDGE-4/5); printed state = CLOSED."""

    CLOSED = "closed"
    OPEN = "open"
    BROKEN = "broken"


LayoutEdge = tuple[str, int, int]
"""An edge in a layout's own frame: ("v", row, c) or ("h", r, column), as in RoomLayout."""

CLOSED, BROKEN = MarkerState.CLOSED, MarkerState.BROKEN
OPEN_MARK, WALL_MARK, PORTCULLIS_MARK = Mark.OPEN, Mark.WALL, Mark.PORTCULLIS
"""Read as module constants, as ``solo.table.geometry``'s passages (an Enum class attribute is slow)."""
_TERRAIN = {SquareKind.FLOOR: Terrain.FLOOR, SquareKind.PIT: Terrain.PIT, SquareKind.GEAR: Terrain.GEAR}

_FRAME_SIDES = tuple(tuple(FrameSide((d - rotation) % 4) for rotation in range(4)) for d in range(4))
"""The layout side facing a board direction, by direction and rotation (a table: asked per edge)."""


def local_to_frame(x: int, y: int, rotation: int) -> tuple[int, int]:
    """Slot-local (x, y) back to the layout's (row, column) for a room at ``rotation``."""
    for _ in range(rotation % 4):
        x, y = ROOM_SIZE - 1 - y, x  # one counter-clockwise quarter turn
    return ROOM_SIZE - y, x + 1


def frame_to_local(row: int, column: int, rotation: int) -> tuple[int, int]:
    """A layout (row, column) to slot-local (x = file offset, y = rank offset) at ``rotation``."""
    x, y = column - 1, ROOM_SIZE - row
    for _ in range(rotation % 4):
        x, y = y, ROOM_SIZE - 1 - x  # one clockwise quarter turn, seen from above
    return x, y


_UP, _DOWN, _LEFT = FrameSide.UP, FrameSide.DOWN, FrameSide.LEFT
"""Module constants, as the marks above: :func:`_layout_edge` compares with them once per side."""


def _layout_edge(row: int, column: int, side: FrameSide) -> LayoutEdge:
    if side is _UP:
        return ("h", row - 1, column)
    if side is _DOWN:
        return ("h", row, column)
    if side is _LEFT:
        return ("v", row, column - 1)
    return ("v", row, column)


def _place(sq: Square, slot: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """``sq``'s slot and its (row, column) in the layout at rotations 0-3: :func:`local_to_frame`
    written out for each rotation (its loop of quarter turns, four times per square, cost ~1 ms of
    a whole ``dt-solo explain``)."""
    f0, r0 = slot_origin(slot)
    x, y, size = file_of(sq) - f0, rank_of(sq) - r0, ROOM_SIZE
    return slot, ((size - y, x + 1), (size - x, size - y), (1 + y, size - x), (1 + x, y + 1))


class _WhenAsked(dict[Any, Any]):
    """A table whose entries are worked out when first asked (``make(key)``), then kept: a process
    reads those of the rooms it builds, at their rotations (what the tables' few thousand entries
    would cost every start, about 19 M instructions, a twentieth of a whole ``dt-solo explain``)."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        found = self[key] = self.make(key)
        return found


ROOM_SLOT: dict[Square, int] = {sq: slot for slot in SLOTS for sq in slot_squares(slot)}
"""The slot whose room covers each room square (the starting lines' squares are not in it)."""

_PLACES: dict[Square, tuple[int, tuple[tuple[int, int], ...]]] = _WhenAsked(
    lambda sq: _place(sq, ROOM_SLOT[sq]))
"""Each room square's slot and its (row, column) in the layout at each rotation (asked per edge)."""


Sides = tuple[tuple[bool, tuple[int, int], LayoutEdge], ...]
"""A square's sides by board direction: whether the layout prints each in ``vertical`` (else
``horizontal``), its key there, and its layout edge."""


def _sides(sq: Square, rotation: int) -> Sides:
    """``sq``'s sides at ``rotation``, by direction (an entry of :data:`_SIDES`)."""
    row, column = _PLACES[sq][1][rotation]
    sides = []
    for frame_sides in _FRAME_SIDES:  # by direction, in their order (not the Enum class's slow iterator)
        edge = _layout_edge(row, column, frame_sides[rotation])
        sides.append((edge[0] == "v", (edge[1], edge[2]), edge))
    return tuple(sides)


_SIDES: tuple[dict[Square, Sides], ...] = tuple(
    _WhenAsked(partial(_sides, rotation=rotation)) for rotation in range(4))
"""Each room square's sides at each rotation, by direction (what :meth:`PlacedRoom.side_passage` reads
for every edge of a room turned: a table look-up in place of the frame's arithmetic)."""


def room_slot(sq: Square) -> int | None:
    """The slot whose room covers ``sq``, None on a starting line (a table look-up: asked per edge)."""
    return ROOM_SLOT.get(sq)


def turned_squares(slot: int, quarter_turns: int) -> dict[Square, Square]:
    """Where each square of a slot goes when its room turns clockwise (negative: counter-clockwise)."""
    return dict(_TURNED[slot, quarter_turns % 4])


def _turned(slot: int, quarter_turns: int) -> tuple[tuple[Square, Square], ...]:
    f0, r0 = slot_origin(slot)
    mapping: list[tuple[Square, Square]] = []
    for y in range(ROOM_SIZE):
        for x in range(ROOM_SIZE):
            nx, ny = x, y
            for _ in range(quarter_turns % 4):
                nx, ny = ny, ROOM_SIZE - 1 - nx
            mapping.append((square(f0 + x, r0 + y), square(f0 + nx, r0 + ny)))
    return tuple(mapping)


_TURNED: dict[tuple[int, int], tuple[tuple[Square, Square], ...]] = _WhenAsked(lambda key: _turned(*key))
""":func:`turned_squares` of each slot and number of clockwise quarter turns (0-3), worked out once."""


def _covers(slot: int, rotation: int) -> dict[tuple[int, int], Square]:
    f0, r0 = slot_origin(slot)
    covered = {}
    for row in range(1, ROOM_SIZE + 1):
        for column in range(1, ROOM_SIZE + 1):
            x, y = frame_to_local(row, column, rotation)
            covered[row, column] = square(f0 + x, r0 + y)
    return covered


_COVERS: dict[tuple[int, int], dict[tuple[int, int], Square]] = _WhenAsked(lambda key: _covers(*key))
"""The board square each layout (row, column) covers, by slot and rotation (0-3), worked out once."""


@record
class PlacedRoom:
    """A room lying in a slot: its layout, rotation (clockwise quarter turns) and markers."""

    layout: RoomLayout
    rotation: int = 0
    hidden: bool = False
    markers: dict[LayoutEdge, MarkerState] = field(default_factory=dict)
    """Markers on this room's portcullises and slits, in the layout's frame (they turn with it)."""

    def copy(self) -> PlacedRoom:
        """The same room with markers of its own (the layout is shared: it is never edited)."""
        return PlacedRoom(self.layout, self.rotation, self.hidden, dict(self.markers))

    def printed_mark(self, sq: Square, direction: Direction) -> Mark:
        """The mark printed on one side of a square this room covers."""
        row, column = _PLACES[sq][1][self.rotation]
        return self.layout.mark(row, column, _FRAME_SIDES[direction][self.rotation])

    def side(self, sq: Square, direction: Direction) -> tuple[LayoutEdge, Mark]:
        """One side of a square this room covers: its edge in the layout's frame and its printed mark."""
        row, column = _PLACES[sq][1][self.rotation]
        side = _FRAME_SIDES[direction][self.rotation]
        return _layout_edge(row, column, side), self.layout.mark(row, column, side)

    def side_passage(self, sq: Square, direction: Direction) -> Passage:
        """This room's part of an edge: the mark printed on that side corrected by its marker."""
        vertical, key, layout_edge = _SIDES[self.rotation][sq][direction]
        layout = self.layout
        mark = (layout.vertical if vertical else layout.horizontal)[key]  # as ``layout.mark`` reads it
        if mark is OPEN_MARK:
            return OPEN
        markers = self.markers  # most rooms have none
        state = markers.get(layout_edge, CLOSED) if markers else CLOSED
        if mark is WALL_MARK:  # a wall broken by Wave-Rick's push is open (S-PERS-WAVERICK)
            return OPEN if state is BROKEN else WALL
        if state is not CLOSED:
            return OPEN
        return PORTCULLIS if mark is PORTCULLIS_MARK else SLIT

    def terrain(self, slot: int) -> list[tuple[Square, Terrain]]:
        """The board squares this room covers in ``slot`` with their terrain, in the layout's order."""
        covers = _COVERS[slot, self.rotation % 4]
        squares = []
        for (row, column), kind in self.layout.squares.items():
            sq = covers.get((row, column))
            if sq is None:  # not a square of a room's frame: as the frame's arithmetic says
                f0, r0 = slot_origin(slot)
                x, y = frame_to_local(row, column, self.rotation)
                sq = square(f0 + x, r0 + y)
            squares.append((sq, _TERRAIN[kind]))
        return squares
