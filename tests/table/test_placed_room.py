"""A room lying in a slot (solo/table/placed_room.py): its frame against the board's, what one side of
one of its squares prints and shows with its markers, and the squares it covers (formats.md sections 2
and 3, B-EDGE-4/5, S-PERS-WAVERICK)."""

from __future__ import annotations

import pytest

from solo.content.rooms import Mark, parse_room_text
from solo.table.geometry import Passage, Terrain
from solo.table.placed_room import (
    MarkerState,
    PlacedRoom,
    frame_to_local,
    local_to_frame,
    room_slot,
    turned_squares,
)
from solo.table.squares import ROOM_SIZE, YELLOW_RANK, Direction, Square, line_squares, parse_square

# Row 1: pits at columns 1 and 2 with an arrow slit between them, a portcullis under column 1, a
# wall on column 1's left (the border); the gear in the centre.
GRID = """\
+ + + + + +
|O:O . . .
+#+ + + + +
 . . . . .
+ + + + + +
 . . G . .
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""
LAYOUT = parse_room_text("format: dt-solo-room/1\nid: r\npair: 1\nsense: cw\ngrid: |\n"
                         + "".join(f"  {line}\n" for line in GRID.splitlines()))


def sq(name: str) -> Square:
    return parse_square(name)


@pytest.mark.parametrize("rotation", range(4))
def test_frame_and_slot_local_are_inverse(rotation: int) -> None:
    seen = set()
    for row in range(1, ROOM_SIZE + 1):
        for column in range(1, ROOM_SIZE + 1):
            x, y = frame_to_local(row, column, rotation)
            assert 0 <= x < ROOM_SIZE and 0 <= y < ROOM_SIZE
            assert local_to_frame(x, y, rotation) == (row, column)
            seen.add((x, y))
    assert len(seen) == ROOM_SIZE * ROOM_SIZE


def test_room_slot_of_room_and_line_squares() -> None:
    assert room_slot(sq("a1")) == 1
    assert room_slot(sq("j20")) == 8
    assert room_slot(sq("f11")) == 6
    assert all(room_slot(s) is None for s in line_squares(YELLOW_RANK))


def test_turned_squares_clockwise_and_back() -> None:
    once = turned_squares(1, 1)
    assert once[sq("a5")] == sq("e5")  # the north-west corner goes to the north-east
    assert once[sq("e5")] == sq("e1")
    assert once[sq("c3")] == sq("c3")  # the gear square stays
    back = turned_squares(1, -1)
    assert all(back[new] == old for old, new in once.items())
    assert all(new == old for old, new in turned_squares(6, 4).items())


@pytest.mark.parametrize(("rotation", "corner", "slit_side", "portcullis_side", "wall_side"), [
    (0, "a5", Direction.EAST, Direction.SOUTH, Direction.WEST),
    (1, "e5", Direction.SOUTH, Direction.WEST, Direction.NORTH),
    (2, "e1", Direction.WEST, Direction.NORTH, Direction.EAST),
    (3, "a1", Direction.NORTH, Direction.EAST, Direction.SOUTH),
])
def test_sides_turn_with_the_room(rotation: int, corner: str, slit_side: Direction,
                                  portcullis_side: Direction, wall_side: Direction) -> None:
    room = PlacedRoom(LAYOUT, rotation)
    at = sq(corner)
    assert room.side(at, slit_side) == (("v", 1, 1), Mark.SLIT)
    assert room.side(at, portcullis_side) == (("h", 1, 1), Mark.PORTCULLIS)
    assert room.side(at, wall_side) == (("v", 1, 0), Mark.WALL)
    assert room.printed_mark(at, wall_side) is Mark.WALL
    assert room.side_passage(at, slit_side) is Passage.SLIT
    assert room.side_passage(at, portcullis_side) is Passage.PORTCULLIS
    assert room.side_passage(at, wall_side) is Passage.WALL
    assert room.side_passage(at, Direction.NORTH.turned(rotation)) is Passage.OPEN  # the open top border


def test_markers_change_what_a_side_shows() -> None:
    room = PlacedRoom(LAYOUT, 0)
    room.markers[("h", 1, 1)] = MarkerState.OPEN
    room.markers[("v", 1, 1)] = MarkerState.BROKEN
    room.markers[("v", 1, 0)] = MarkerState.BROKEN  # a wall broken by Wave-Rick's push
    assert room.side_passage(sq("a5"), Direction.SOUTH) is Passage.OPEN
    assert room.side_passage(sq("a5"), Direction.EAST) is Passage.OPEN
    assert room.side_passage(sq("a5"), Direction.WEST) is Passage.OPEN
    assert room.printed_mark(sq("a5"), Direction.WEST) is Mark.WALL  # still printed


def test_an_open_marker_does_not_open_a_wall() -> None:
    room = PlacedRoom(LAYOUT, 0, markers={("v", 1, 0): MarkerState.OPEN})
    assert room.side_passage(sq("a5"), Direction.WEST) is Passage.WALL


@pytest.mark.parametrize(("rotation", "first_row"), [(0, "a5 b5 c5"), (1, "e5 e4 e3"), (2, "e1 d1 c1")])
def test_terrain_covers_the_slot_in_the_layout_order(rotation: int, first_row: str) -> None:
    squares = PlacedRoom(LAYOUT, rotation).terrain(1)
    assert len({s for s, _ in squares}) == 25
    assert squares[:3] == [(sq(n), kind) for n, kind in zip(first_row.split(), (Terrain.PIT, Terrain.PIT,
                                                                                 Terrain.FLOOR), strict=True)]
    assert squares[12] == (sq("c3"), Terrain.GEAR)  # row 3, column 3: the centre in every rotation


def _side_passage_by_the_frame(room: PlacedRoom, at: Square, direction: Direction) -> Passage:
    """What a side shows, read through the frame's arithmetic (``side``: the layout's ``mark``)."""
    edge, mark = room.side(at, direction)
    if mark is Mark.OPEN:
        return Passage.OPEN
    state = room.markers.get(edge, MarkerState.CLOSED)
    if mark is Mark.WALL:
        return Passage.OPEN if state is MarkerState.BROKEN else Passage.WALL
    if state is not MarkerState.CLOSED:
        return Passage.OPEN
    return Passage.PORTCULLIS if mark is Mark.PORTCULLIS else Passage.SLIT


def test_the_tables_read_what_the_frame_arithmetic_gives() -> None:
    """A room's sides, covered squares and turns are read from tables made once (issue 16: every
    edge of a room turned asks): for every layout of the box, slot, rotation, square and side, with
    no marker and with every printed edge marked open, then broken, the same as the frame's reading."""
    from solo.content.rooms import load_library
    from solo.locations import RULES_DIR
    from solo.table.squares import SLOTS, slot_origin, slot_squares, square

    layouts = load_library(RULES_DIR / "rooms", RULES_DIR / "no-such-folder").rooms
    assert len(layouts) >= 8
    checked = 0
    for layout in [*layouts.values(), LAYOUT]:
        for rotation in range(4):
            for slot in SLOTS:
                room = PlacedRoom(layout, rotation)
                f0, r0 = slot_origin(slot)
                expected = [(square(f0 + x, r0 + y), kind) for (row, column), kind in layout.squares.items()
                            for x, y in (frame_to_local(row, column, rotation),)]
                assert [(s, t.name) for s, t in room.terrain(slot)] == [(s, k.name) for s, k in expected]
                for state in (None, MarkerState.OPEN, MarkerState.BROKEN):
                    if state is not None:
                        room.markers = {("v", r, c): state for r, c in layout.vertical}
                        room.markers.update({("h", r, c): state for r, c in layout.horizontal})
                    for at in slot_squares(slot):
                        for direction in Direction:
                            assert room.side_passage(at, direction) is _side_passage_by_the_frame(
                                room, at, direction)
                            checked += 1
        for slot in SLOTS:
            for turns in range(-4, 5):
                f0, r0 = slot_origin(slot)
                mapping = turned_squares(slot, turns)
                for y in range(ROOM_SIZE):
                    for x in range(ROOM_SIZE):
                        nx, ny = x, y
                        for _ in range(turns % 4):
                            nx, ny = ny, ROOM_SIZE - 1 - nx
                        assert mapping[square(f0 + x, r0 + y)] == square(f0 + nx, r0 + ny)
    assert checked > 80_000


def test_each_square_s_place_in_the_layout_is_the_frame_s_arithmetic() -> None:
    # _place writes local_to_frame out for each rotation (issue 16 item 6): the same (row, column).
    from solo.table.placed_room import ROOM_SLOT, _place
    from solo.table.squares import file_of, rank_of, slot_origin

    assert len(ROOM_SLOT) == 200
    for at, slot in ROOM_SLOT.items():
        f0, r0 = slot_origin(slot)
        frames = tuple(local_to_frame(file_of(at) - f0, rank_of(at) - r0, rotation) for rotation in range(4))
        assert _place(at, slot) == (slot, frames)
