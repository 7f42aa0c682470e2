"""The dungeon: 8 room slots between the two starting lines (formats.md section 1).

The board knows which rooms lie where, face up or down, at which rotation, and the state of every
portcullis and arrow slit. It answers geometric questions (which squares exist, what kind they are,
what separates two neighbours); characters and objects belong to ``solo.table.position``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from solo.content.rooms import FrameSide, Mark, RoomLayout, SquareKind
from solo.table.geometry import Geometry as Geometry
from solo.table.geometry import Passage as Passage
from solo.table.geometry import Terrain as Terrain
from solo.table.geometry import updated
from solo.table.squares import (
    BLUE_RANK,
    ROOM_SIZE,
    SLOTS,
    YELLOW_RANK,
    Direction,
    Edge,
    Square,
    direction_between,
    edge,
    file_of,
    line_squares,
    neighbour,
    rank_of,
    slot_of,
    slot_origin,
    slot_squares,
    square,
)

_TERRAIN = {SquareKind.FLOOR: Terrain.FLOOR, SquareKind.PIT: Terrain.PIT, SquareKind.GEAR: Terrain.GEAR}


class MarkerState(Enum):
    """A marker laid on a portcullis or an arrow slit (B-EDGE-4/5); printed state = CLOSED."""

    CLOSED = "closed"
    OPEN = "open"
    BROKEN = "broken"


_FRAME_SIDES = tuple(tuple(FrameSide((d - rotation) % 4) for rotation in range(4)) for d in range(4))
"""The layout side facing a board direction, by direction and rotation (a table: asked per edge)."""

LayoutEdge = tuple[str, int, int]
"""An edge in a layout's own frame: ("v", row, c) or ("h", r, column), as in RoomLayout."""


def _layout_edge(row: int, column: int, side: FrameSide) -> LayoutEdge:
    if side is FrameSide.UP:
        return ("h", row - 1, column)
    if side is FrameSide.DOWN:
        return ("h", row, column)
    if side is FrameSide.LEFT:
        return ("v", row, column - 1)
    return ("v", row, column)


def _place(sq: Square, slot: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    f0, r0 = slot_origin(slot)
    return slot, tuple(local_to_frame(file_of(sq) - f0, rank_of(sq) - r0, rotation) for rotation in range(4))


@dataclass
class PlacedRoom:
    """A room lying in a slot: its layout, rotation (clockwise quarter turns) and markers."""

    layout: RoomLayout
    rotation: int = 0
    hidden: bool = False
    markers: dict[LayoutEdge, MarkerState] = field(default_factory=dict)
    """Markers on this room's portcullises and slits, in the layout's frame (they turn with it)."""


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


_PLACES = {sq: _place(sq, slot) for slot in SLOTS for sq in slot_squares(slot)}
"""Each room square's slot and its (row, column) in the layout at each rotation (asked per edge)."""


class Board:
    """Eight room slots and the two starting lines; slot None = face down, identity unknown."""

    def __init__(self, rooms: dict[int, PlacedRoom | None] | None = None) -> None:
        self._rooms: dict[int, PlacedRoom | None] = {slot: None for slot in SLOTS}
        if rooms:
            for slot, room in rooms.items():
                if slot not in SLOTS:
                    raise ValueError(f"no room slot {slot}")
                self._rooms[slot] = room
        self._geometry: Geometry | None = None

    # -- rooms -------------------------------------------------------------------------------
    def room(self, slot: int) -> PlacedRoom | None:
        return self._rooms[slot]

    def rooms(self) -> dict[int, PlacedRoom | None]:
        return dict(self._rooms)

    def is_revealed(self, slot: int) -> bool:
        room = self._rooms[slot]
        return room is not None and not room.hidden

    def revealed_slots(self) -> list[int]:
        return [s for s in SLOTS if self.is_revealed(s)]

    def place(self, slot: int, room: PlacedRoom | None) -> None:
        """Put a room (or an unknown face-down room) in a slot."""
        self._rooms[slot] = room
        self._slots_changed(slot)

    def reveal(self, slot: int, layout: RoomLayout | None = None, rotation: int | None = None) -> None:
        """Turn a slot's room face up (B-REV-5); a room dealt unknown needs its layout."""
        room = self._rooms[slot]
        if room is None:
            if layout is None:
                raise ValueError(f"slot {slot}: which room was turned over is needed")
            room = PlacedRoom(layout, 0)
        if layout is not None:
            room.layout = layout
        if rotation is not None:
            room.rotation = rotation % 4
        room.hidden = False
        self._rooms[slot] = room
        self._share_markers(slot)
        self._slots_changed(slot)

    def _share_markers(self, slot: int) -> None:
        """AMB-MARKERS: a portcullis (or slit) printed on both sides of a boundary is one; a marker laid
        on it while this room was face down (a Key opening it from outside) now marks this side too
        (on this slot's room only: the caller updates the slot's geometry)."""
        for sq in slot_squares(slot):
            for direction in Direction:
                other = neighbour(sq, direction)
                if other is None or slot_of(other) in (None, slot):
                    continue
                mine, theirs = self._side_marker(sq, direction), self._side_marker(other, direction.opposite)
                if mine is None or theirs is None or mine[2] is not theirs[2]:
                    continue
                state = theirs[0].markers.get(theirs[1], MarkerState.CLOSED)
                if state is not MarkerState.CLOSED and mine[2] in (Mark.PORTCULLIS, Mark.SLIT, Mark.WALL):
                    mine[0].markers.setdefault(mine[1], state)

    def rotate(self, slot: int, quarter_turns: int) -> dict[Square, Square]:
        """Turn a revealed room clockwise (negative: counter-clockwise); return old -> new squares.

        Markers stay on the room (B-ROT-6); the caller moves the pieces with the returned map.
        """
        room = self._rooms[slot]
        if room is None or room.hidden:
            raise ValueError(f"slot {slot} is not revealed: only revealed rooms turn (B-ROT-8)")
        f0, r0 = slot_origin(slot)
        mapping: dict[Square, Square] = {}
        for y in range(ROOM_SIZE):
            for x in range(ROOM_SIZE):
                nx, ny = x, y
                for _ in range(quarter_turns % 4):
                    nx, ny = ny, ROOM_SIZE - 1 - nx
                mapping[square(f0 + x, r0 + y)] = square(f0 + nx, r0 + ny)
        room.rotation = (room.rotation + quarter_turns) % 4
        self._slots_changed(slot)
        return mapping

    def twin_slot(self, slot: int) -> int | None:
        """The slot holding the twin (same gear number) of the room in ``slot``, if known."""
        room = self._rooms[slot]
        if room is None:
            return None
        for other in SLOTS:
            other_room = self._rooms[other]
            if other != slot and other_room is not None and other_room.layout.pair == room.layout.pair:
                return other
        return None

    # -- squares and edges ---------------------------------------------------------------------
    def _frame_of(self, sq: Square) -> tuple[PlacedRoom, int, int] | None:
        """The revealed room under a room square and the square's (row, column) in its layout."""
        place = _PLACES.get(sq)
        if place is None:
            return None
        room = self._rooms[place[0]]
        if room is None or room.hidden:
            return None
        row, column = place[1][room.rotation]
        return room, row, column

    def _side_of(self, room: PlacedRoom, direction: Direction) -> FrameSide:
        return _FRAME_SIDES[direction][room.rotation]

    def printed_mark(self, sq: Square, direction: Direction) -> Mark:
        """The mark printed on one side of a revealed room square (OPEN for line squares)."""
        frame = self._frame_of(sq)
        if frame is None:
            return Mark.OPEN
        room, row, column = frame
        return room.layout.mark(row, column, self._side_of(room, direction))

    def _side_passage(self, sq: Square, direction: Direction) -> Passage:
        """One room's contribution to an edge: its printed mark corrected by its marker."""
        frame = self._frame_of(sq)
        if frame is None:
            return Passage.OPEN
        room, row, column = frame
        side = self._side_of(room, direction)
        mark = room.layout.mark(row, column, side)
        if mark is Mark.OPEN:
            return Passage.OPEN
        state = room.markers.get(_layout_edge(row, column, side), MarkerState.CLOSED)
        if mark is Mark.WALL:  # a wall broken by Wave-Rick's push is open (S-PERS-WAVERICK)
            return Passage.OPEN if state is MarkerState.BROKEN else Passage.WALL
        if state is not MarkerState.CLOSED:
            return Passage.OPEN
        return Passage.PORTCULLIS if mark is Mark.PORTCULLIS else Passage.SLIT

    def side_passage(self, sq: Square, direction: Direction) -> Passage:
        """What one revealed room's side shows now (its mark and marker), even facing a hidden room."""
        return self._side_passage(sq, direction)

    def _side_marker(self, sq: Square, direction: Direction) -> tuple[PlacedRoom, LayoutEdge, Mark] | None:
        frame = self._frame_of(sq)
        if frame is None:
            return None
        room, row, column = frame
        side = self._side_of(room, direction)
        return room, _layout_edge(row, column, side), room.layout.mark(row, column, side)

    def exists(self, sq: Square) -> bool:
        """True for starting-line squares and squares of revealed rooms (B-MOVE-16)."""
        return sq in self.geometry().terrain

    def terrain(self, sq: Square) -> Terrain | None:
        return self.geometry().terrain.get(sq)

    def passage(self, a: Square, b: Square) -> Passage:
        """What separates two existing neighbouring squares (WALL for anything else)."""
        return self.geometry().passages.get(edge(a, b), Passage.WALL)

    def neighbours(self, sq: Square) -> tuple[tuple[Square, Passage], ...]:
        return self.geometry().neighbours.get(sq, ())

    def adjacent(self, a: Square, b: Square) -> bool:
        """B-EDGE-8: a shared side that is not a wall, a closed portcullis or an arrow slit."""
        return self.passage(a, b) is Passage.OPEN

    def _edge_sides(self, a: Square, b: Square) -> list[tuple[PlacedRoom, LayoutEdge, Mark]] | None:
        """What each of the two rooms prints on its side of the edge between neighbours a and b (a
        side that prints nothing left out); None when a and b are not neighbours."""
        direction = direction_between(a, b)
        if direction is None:
            return None
        sides = (self._side_marker(a, direction), self._side_marker(b, direction.opposite))
        return [side for side in sides if side is not None]

    def marker_state(self, a: Square, b: Square) -> MarkerState | None:
        """The state of the portcullis or arrow slit between two squares, None if there is none.

        A boundary edge printed as portcullis or slit on both rooms is one portcullis for play.
        """
        states = [room.markers.get(key, MarkerState.CLOSED)
                  for room, key, mark in self._edge_sides(a, b) or () if mark in (Mark.PORTCULLIS, Mark.SLIT)]
        if not states:
            return None
        return min(states, key=lambda s: (s is not MarkerState.CLOSED, s is MarkerState.BROKEN))

    def edge_marks(self, a: Square, b: Square) -> set[Mark]:
        """The marks printed on either side of the edge between two squares."""
        return {mark for _, _, mark in self._edge_sides(a, b) or ()}

    def set_marker(self, a: Square, b: Square, state: MarkerState) -> None:
        """Lay (or remove, with CLOSED) a marker on the portcullis or slit between a and b."""
        sides = self._edge_sides(a, b)
        if sides is None:
            raise ValueError("squares are not neighbours")
        changed = False
        for room, key, mark in sides:
            if mark in (Mark.PORTCULLIS, Mark.SLIT):
                if state is MarkerState.CLOSED:
                    room.markers.pop(key, None)
                else:
                    room.markers[key] = state
                changed = True
        if not changed:
            raise ValueError("there is no portcullis or arrow slit between these squares")
        self._marker_changed(a, b)

    def _edge_passage(self, a: Square, b: Square) -> Passage:
        """What separates two neighbouring existing squares now (as ``_build_geometry`` computes it)."""
        if a > b:
            a, b = b, a
        if b - a == 1:  # b east of a
            if rank_of(a) in (YELLOW_RANK, BLUE_RANK):
                return Passage.OPEN  # AMB-B-LINE
            return max(self._side_passage(a, Direction.EAST), self._side_passage(b, Direction.WEST))
        return max(self._side_passage(a, Direction.NORTH), self._side_passage(b, Direction.SOUTH))

    def _marker_changed(self, a: Square, b: Square) -> None:
        """A marker changes one edge only: the geometry is updated there instead of rebuilt (a new
        object, so that a search holding the old one never sees the table change under it)."""
        old = self._geometry
        e = edge(a, b)
        if old is None or e not in old.passages:
            return  # built when next asked for, or an edge facing a face-down room
        before, after = old.passages[e], self._edge_passage(*e)
        if before is after:
            return
        if before is Passage.WALL or after is Passage.WALL:
            self._edges_changed(e)  # the edge appears in or leaves the neighbour lists
            return
        passages = dict(old.passages)
        passages[e] = after
        neighbours = dict(old.neighbours)
        for sq, other in (e, e[::-1]):
            neighbours[sq] = tuple((n, after if n == other else p) for n, p in old.neighbours[sq])
        self._geometry = Geometry(old.terrain, passages, neighbours)

    def wall_broken(self, a: Square, b: Square) -> bool | None:
        """Whether the wall printed between two neighbours is broken (S-PERS-WAVERICK); None when
        neither side prints a wall. A wall printed on both sides of a boundary is one wall."""
        sides = self._edge_sides(a, b)
        if sides is None:
            return None
        states = [room.markers.get(key) is MarkerState.BROKEN
                  for room, key, mark in sides if mark is Mark.WALL]
        return all(states) if states else None

    def set_wall(self, a: Square, b: Square, broken: bool) -> None:
        """Break (or mend, with False) the wall printed between a and b, on both rooms' sides
        (AMB-WALL-BOUNDARY)."""
        sides = self._edge_sides(a, b)
        if sides is None:
            raise ValueError("squares are not neighbours")
        changed = False
        for room, key, mark in sides:
            if mark is Mark.WALL:
                if broken:
                    room.markers[key] = MarkerState.BROKEN
                else:
                    room.markers.pop(key, None)
                changed = True
        if not changed:
            raise ValueError("there is no wall between these squares")
        self._edges_changed(edge(a, b))

    def break_through(self, a: Square, b: Square) -> None:
        """S-PERS-WAVERICK: a character pushed through the edge breaks whatever blocks it there: a
        wall, a closed portcullis, an arrow slit (a broken marker on each)."""
        if self.wall_broken(a, b) is False:
            self.set_wall(a, b, True)
        if self.marker_state(a, b) is not None:
            self.set_marker(a, b, MarkerState.BROKEN)

    def broken_walls(self) -> list[Edge]:
        """Every board edge whose printed wall is broken, for writing positions."""
        return sorted(e for e in self.geometry().passages if self.wall_broken(*e))

    def markers(self) -> dict[Edge, MarkerState]:
        """Every board edge whose portcullis or slit differs from printed, for writing positions."""
        result: dict[Edge, MarkerState] = {}
        for e in self.geometry().passages:
            state = self.marker_state(*e)
            if state is not None and state is not MarkerState.CLOSED:
                result[e] = state
        return result

    # -- cached geometry -----------------------------------------------------------------------
    def _slots_changed(self, *slots: int) -> None:
        """Rooms turned, revealed or hidden: only their squares and edges are computed again."""
        if self._geometry is not None:
            self._geometry = updated(self._geometry, self._room_terrain, self._edge_passage, slots=slots)

    def _edges_changed(self, *edges: Edge) -> None:
        """Passages changed on these edges (a wall broken or mended, a marker on a wall's edge)."""
        if self._geometry is not None:
            self._geometry = updated(self._geometry, self._room_terrain, self._edge_passage, edges=edges)

    def geometry(self) -> Geometry:
        """The current tables of terrain and passages, rebuilt lazily after a change."""
        if self._geometry is None:
            self._geometry = self._build_geometry()
        return self._geometry

    def _room_terrain(self, slot: int) -> list[tuple[Square, Terrain]]:
        """The squares of a slot's revealed room with their terrain, in the layout's order."""
        room = self._rooms[slot]
        if room is None or room.hidden:
            return []
        f0, r0 = slot_origin(slot)
        squares = []
        for (row, column), kind in room.layout.squares.items():
            x, y = frame_to_local(row, column, room.rotation)
            squares.append((square(f0 + x, r0 + y), _TERRAIN[kind]))
        return squares

    def _build_geometry(self) -> Geometry:
        """Every table from scratch (the reference that :func:`updated` must equal)."""
        terrain: dict[Square, Terrain] = {}
        for sq in line_squares(YELLOW_RANK):
            terrain[sq] = Terrain.YELLOW_LINE
        for sq in line_squares(BLUE_RANK):
            terrain[sq] = Terrain.BLUE_LINE
        for slot in SLOTS:
            terrain.update(self._room_terrain(slot))
        passages: dict[Edge, Passage] = {}
        for sq in terrain:
            for direction in (Direction.NORTH, Direction.EAST):
                other = neighbour(sq, direction)
                if other is None or other not in terrain:
                    continue
                if rank_of(sq) == rank_of(other) and rank_of(sq) in (YELLOW_RANK, BLUE_RANK):
                    passages[edge(sq, other)] = Passage.OPEN  # AMB-B-LINE
                    continue
                passages[edge(sq, other)] = max(
                    self._side_passage(sq, direction),
                    self._side_passage(other, direction.opposite),
                )  # AMB-BOUNDARY: the most blocking of the two sides
        neighbours: dict[Square, list[tuple[Square, Passage]]] = {sq: [] for sq in terrain}
        for (a, b), passage in passages.items():
            if passage is not Passage.WALL:
                neighbours[a].append((b, passage))
                neighbours[b].append((a, passage))
        return Geometry(terrain, passages, {sq: tuple(n) for sq, n in neighbours.items()})
