"""The dungeon: 8 room slots between the two starting lines (formats.md section 1).

The board knows which rooms lie where, face up or down, at which rotation, and the state of every
portcullis and arrow slit. It answers geometric questions (which squares exist, what kind they are,
what separates two neighbours); one room in its slot (its frame, what its sides print) is
``solo.table.placed_room``, the tables built from them ``solo.table.geometry``; characters and
objects belong to ``solo.table.position``.
"""

from __future__ import annotations

from solo.content.rooms import Mark, RoomLayout
from solo.errors import AnswerRefusedError, EditRefusedError
from solo.messages import Ref, msg
from solo.table.geometry import Geometry as Geometry
from solo.table.geometry import Passage as Passage
from solo.table.geometry import Terrain as Terrain
from solo.table.geometry import built, updated, with_passage
from solo.table.placed_room import ROOM_SLOT, LayoutEdge, room_slot, turned_squares
from solo.table.placed_room import MarkerState as MarkerState
from solo.table.placed_room import PlacedRoom as PlacedRoom
from solo.table.squares import (
    SLOTS,
    Direction,
    Edge,
    Square,
    direction_between,
    edge,
    neighbour,
    slot_of,
    slot_squares,
    square_name,
)

_NORTH, _EAST, _SOUTH, _WEST = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST
_OPEN = Passage.OPEN
"""Module constants for :meth:`Board._edge_passage`, asked per edge of a geometry built (an Enum class's
attribute goes through ``EnumType``'s hook in Python 3.11, as ``solo.table.geometry`` notes)."""

NOTHING_STALE: tuple[frozenset[int], frozenset[Edge]] = (frozenset(), frozenset())
"""No room nor edge changed since the geometry was made."""


class Board:
    """Eight room slots and the two starting lines; slot None = face down, identity unknown."""

    def __init__(self, rooms: dict[int, PlacedRoom | None] | None = None) -> None:
        self._rooms: dict[int, PlacedRoom | None] = {slot: None for slot in SLOTS}
        if rooms:
            for slot, room in rooms.items():
                if slot not in SLOTS:
                    raise EditRefusedError(msg("no room slot {slot} (1 … 8)", slot=repr(slot)))
                self._rooms[slot] = room
        self._geometry: Geometry | None = None
        self._stale: tuple[frozenset[int], frozenset[Edge]] = NOTHING_STALE
        """Rooms and edges changed since ``_geometry`` was made, not applied yet (:meth:`geometry`)."""

    # -- rooms -------------------------------------------------------------------------------
    def room(self, slot: int) -> PlacedRoom | None:
        return self._rooms[slot]

    def rooms(self) -> dict[int, PlacedRoom | None]:
        return dict(self._rooms)

    def copy(self) -> Board:
        """A copy that later edits of this board leave alone (its own rooms and markers); the
        geometry is shared, never edited (a change of the board makes a new one)."""
        twin = Board.__new__(Board)
        twin._rooms = {slot: None if room is None else room.copy() for slot, room in self._rooms.items()}
        twin._geometry, twin._stale = self._geometry, self._stale
        return twin

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
                raise AnswerRefusedError(msg("{room:cap} lies face down and unknown: which Room card was "
                                             "turned over is needed", room=Ref("room", str(slot))))
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
            raise AnswerRefusedError(msg("{room:cap} is face down: only revealed rooms turn (B-ROT-8)",
                                         room=Ref("room", str(slot))))
        mapping = turned_squares(slot, quarter_turns)
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
    def _room_at(self, sq: Square) -> PlacedRoom | None:
        """The revealed room covering a square (None on the starting lines and over face-down rooms)."""
        slot = room_slot(sq)
        if slot is None:
            return None
        room = self._rooms[slot]
        return None if room is None or room.hidden else room

    def printed_mark(self, sq: Square, direction: Direction) -> Mark:
        """The mark printed on one side of a revealed room square (OPEN for line squares)."""
        room = self._room_at(sq)
        return Mark.OPEN if room is None else room.printed_mark(sq, direction)

    def side_passage(self, sq: Square, direction: Direction) -> Passage:
        """What one revealed room's side shows now (its mark and marker), even facing a hidden room."""
        slot = room_slot(sq)
        room = None if slot is None else self._rooms[slot]
        return _OPEN if room is None or room.hidden else room.side_passage(sq, direction)

    def _side_marker(self, sq: Square, direction: Direction) -> tuple[PlacedRoom, LayoutEdge, Mark] | None:
        """The revealed room on one side of an edge, the edge in its frame and the mark it prints."""
        room = self._room_at(sq)
        return None if room is None else (room, *room.side(sq, direction))

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
            raise EditRefusedError(msg("{first} and {second} are not neighbours", first=square_name(a),
                                       second=square_name(b)))
        changed = False
        for room, key, mark in sides:
            if mark in (Mark.PORTCULLIS, Mark.SLIT):
                if state is MarkerState.CLOSED:
                    room.markers.pop(key, None)
                else:
                    room.markers[key] = state
                changed = True
        if not changed:
            raise EditRefusedError(msg("no portcullis or arrow slit between {where}", where=msg(
                "{first} and {last}", first=square_name(a), last=square_name(b))))
        self._marker_changed(a, b)

    def _edge_passage(self, a: Square, b: Square) -> Passage:
        """What separates two neighbouring existing squares now (as ``_build_geometry`` computes it):
        the more blocking of the two sides' :meth:`side_passage`. Inside one room both sides are one
        edge of its layout (one mark, one marker), read once: a room's own edges are most of those an
        update or a build asks for."""
        if a > b:
            a, b = b, a
        slot = ROOM_SLOT.get(a)  # None on a starting line
        if b - a == 1:  # b east of a
            if slot is None:
                return _OPEN  # AMB-B-LINE: a and b on one starting line
            towards_b, towards_a = _EAST, _WEST
        else:
            towards_b, towards_a = _NORTH, _SOUTH
        other = ROOM_SLOT.get(b)
        rooms = self._rooms
        room = None if slot is None else rooms[slot]
        if slot is not None and slot == other:  # one room's own edge
            return _OPEN if room is None or room.hidden else room.side_passage(a, towards_b)
        # Each side's side_passage, inlined (an update asks for every edge around a room turned).
        first = _OPEN if room is None or room.hidden else room.side_passage(a, towards_b)
        room = None if other is None else rooms[other]
        second = _OPEN if room is None or room.hidden else room.side_passage(b, towards_a)
        return first if first >= second else second  # the more blocking

    def _marker_changed(self, a: Square, b: Square) -> None:
        """A marker changes one edge only: the geometry is updated there instead of rebuilt (a new
        object, so that a search holding the old one never sees the table change under it)."""
        old = None if self._geometry is None else self.geometry()
        e = edge(a, b)
        if old is None or e not in old.passages:
            return  # built when next asked for, or an edge facing a face-down room
        before, after = old.passages[e], self._edge_passage(*e)
        if before is after:
            return
        if before is Passage.WALL or after is Passage.WALL:
            self._edges_changed(e)  # the edge appears in or leaves the neighbour lists
            return
        self._geometry = with_passage(old, e, after)

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
            raise EditRefusedError(msg("{first} and {second} are not neighbours", first=square_name(a),
                                       second=square_name(b)))
        changed = False
        for room, key, mark in sides:
            if mark is Mark.WALL:
                if broken:
                    room.markers[key] = MarkerState.BROKEN
                else:
                    room.markers.pop(key, None)
                changed = True
        if not changed:
            raise EditRefusedError(msg("no wall between {where} on a face-up room", where=msg(
                "{first} and {last}", first=square_name(a), last=square_name(b))))
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
        """Rooms turned, revealed or hidden: only their squares and edges are computed again, when
        the geometry is next read (two rooms turned in a row are one update)."""
        if self._geometry is not None:
            stale_slots, stale_edges = self._stale
            self._stale = (stale_slots.union(slots), stale_edges)

    def _edges_changed(self, *edges: Edge) -> None:
        """Passages changed on these edges (a wall broken or mended, a marker on a wall's edge)."""
        if self._geometry is not None:
            stale_slots, stale_edges = self._stale
            self._stale = (stale_slots, stale_edges.union(edges))

    def geometry(self) -> Geometry:
        """The current tables of terrain and passages, rebuilt lazily after a change (updated where
        rooms or edges changed since they were made: the same tables, see ``updated``)."""
        geometry = self._geometry
        if geometry is None:
            geometry = self._geometry = self._build_geometry()
        elif self._stale[0] or self._stale[1]:
            slots, edges = self._stale
            self._stale = NOTHING_STALE
            geometry = self._geometry = updated(geometry, self._room_terrain, self._edge_passage,
                                                slots=slots, edges=edges)
        return geometry

    def _room_terrain(self, slot: int) -> list[tuple[Square, Terrain]]:
        """The squares of a slot's revealed room with their terrain, in the layout's order."""
        room = self._rooms[slot]
        return [] if room is None or room.hidden else room.terrain(slot)

    def _build_geometry(self) -> Geometry:
        """Every table from scratch (the reference that the updates must equal)."""
        return built(self._room_terrain, self._edge_passage)
