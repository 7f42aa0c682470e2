"""Board geometry: square names and slots (formats.md section 1), rooms placed with a rotation
(formats.md section 3), rotations (B-ROT), boundaries (AMB-BOUNDARY, B-EDGE-9/10), hidden rooms
(B-BOARD-10).
"""

from __future__ import annotations

import copy
import itertools

import pytest
from builders import OPEN_GRID, make_position, position_text
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.rooms import Mark, RoomLayout, SquareKind, parse_room_text
from solo.formats.position_io import read_position, write_position
from solo.locations import RULES_DIR
from solo.table.board import Board, MarkerState, Passage, PlacedRoom, Terrain
from solo.table.squares import (
    BLUE_RANK,
    SLOTS,
    YELLOW_RANK,
    Direction,
    Square,
    neighbour,
    parse_square,
    rank_of,
    slot_of,
    slot_squares,
    square_name,
)


def sq(name: str) -> Square:
    return parse_square(name)


def names(squares: object) -> set[str]:
    return {square_name(s) for s in squares}  # type: ignore[attr-defined]


# -- square names and slots (formats.md section 1) ------------------------------------------------

@pytest.mark.parametrize(("name", "slot"), [
    ("a1", 1), ("e5", 1), ("f1", 2), ("j5", 2), ("a6", 3), ("e10", 3), ("f6", 4), ("j10", 4),
    ("a11", 5), ("f11", 6), ("a16", 7), ("e20", 7), ("f16", 8), ("j20", 8),
])
def test_square_slots(name: str, slot: int) -> None:
    assert slot_of(sq(name)) == slot
    assert sq(name) in slot_squares(slot)


def test_slot_squares_cover_the_rooms_exactly() -> None:
    assert names(slot_squares(1)) == {f"{f}{r}" for f in "abcde" for r in range(1, 6)}
    assert names(slot_squares(2)) == {f"{f}{r}" for f in "fghij" for r in range(1, 6)}
    assert names(slot_squares(8)) == {f"{f}{r}" for f in "fghij" for r in range(16, 21)}
    every = [s for slot in SLOTS for s in slot_squares(slot)]
    assert len(every) == len(set(every)) == 200


def test_starting_lines_are_rank_0_and_21() -> None:
    assert rank_of(sq("a0")) == YELLOW_RANK == 0
    assert rank_of(sq("j21")) == BLUE_RANK == 21
    assert slot_of(sq("a0")) is None
    assert slot_of(sq("j21")) is None
    board = make_position().board
    assert {board.terrain(sq(f"{f}0")) for f in "abcdefghij"} == {Terrain.YELLOW_LINE}
    assert {board.terrain(sq(f"{f}21")) for f in "abcdefghij"} == {Terrain.BLUE_LINE}


def test_a1_is_left_corner_next_to_yellow_line_and_j20_far_right() -> None:
    assert neighbour(sq("a1"), Direction.SOUTH) == sq("a0")
    assert neighbour(sq("a1"), Direction.WEST) is None
    assert neighbour(sq("a1"), Direction.EAST) == sq("b1")
    assert neighbour(sq("j20"), Direction.NORTH) == sq("j21")
    assert neighbour(sq("j20"), Direction.EAST) is None
    assert neighbour(sq("j21"), Direction.NORTH) is None


def test_square_names_round_trip() -> None:
    for f in "abcdefghij":
        for r in range(0, 22):
            name = f"{f}{r}"
            assert square_name(sq(name)) == name


@pytest.mark.parametrize("bad", ["k1", "a22", "a01", "", "a", "1", "a-1", "aa1", "a100", "j99", "a1b"])
def test_parse_square_rejects(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_square(bad)


# -- rotation (B-ROT-1, B-ROT-6, formats.md section 3 "rotation") --------------------------------

# Layout frame: pits at row 1 columns 1 and 2, an arrow slit between them (vertical edge (1, 1)),
# a portcullis under row 1 column 1 (horizontal edge (1, 1)), gear in the centre, all else open.
ROT_GRID = """\
+ + + + + +
 O:O . . .
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

# rotation -> (square of row 1 col 1, square of row 1 col 2, portcullis neighbour of row 1 col 1)
SLOT1_EXPECTED = {
    0: ("a5", "b5", "a4"),  # row 1 along the blue side, column 1 on the left
    1: ("e5", "e4", "d5"),  # clockwise quarter turn: row 1 along the east side, from the north
    2: ("e1", "d1", "e2"),
    3: ("a1", "a2", "b1"),
}
SLOT6_EXPECTED = {
    0: ("f15", "g15", "f14"),
    1: ("j15", "j14", "i15"),
    2: ("j11", "i11", "j12"),
    3: ("f11", "f12", "g11"),
}


def _check_rot_grid(board: Board, expected: tuple[str, str, str], slot: int) -> None:
    first, second, below = (sq(n) for n in expected)
    assert board.terrain(first) is Terrain.PIT
    assert board.terrain(second) is Terrain.PIT
    pits = {s for s in slot_squares(slot) if board.terrain(s) is Terrain.PIT}
    assert pits == {first, second}
    centre = slot_squares(slot)[12]
    assert board.terrain(centre) is Terrain.GEAR  # the gear in the centre stays in the centre
    assert board.passage(first, second) is Passage.SLIT
    assert board.passage(first, below) is Passage.PORTCULLIS
    assert board.marker_state(first, below) is MarkerState.CLOSED
    # every other edge of the room is open
    for a in slot_squares(slot):
        for d in (Direction.NORTH, Direction.EAST):
            b = neighbour(a, d)
            if b is None or slot_of(b) != slot:
                continue
            if {a, b} in ({first, second}, {first, below}):
                continue
            assert board.passage(a, b) is Passage.OPEN, (square_name(a), square_name(b))


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_rotation_in_position_slot1(rotation: int) -> None:
    # formats.md section 3: rotation 0 = row 1 on the blue side, column 1 on the left;
    # rotation 1 = a quarter turn clockwise seen from above (B-ROT-1)
    board = make_position(grids={1: ROT_GRID}, rooms={1: rotation}).board
    _check_rot_grid(board, SLOT1_EXPECTED[rotation], 1)


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_rotation_in_position_slot6(rotation: int) -> None:
    board = make_position(grids={6: ROT_GRID}, rooms={6: rotation}).board
    _check_rot_grid(board, SLOT6_EXPECTED[rotation], 6)


def test_board_rotate_turns_clockwise_one_quarter_at_a_time() -> None:
    # B-ROT-1/B-ROT-2: each quarter turn clockwise moves row 1 from north to east to south to west
    board = make_position(grids={1: ROT_GRID}).board
    for turns in range(1, 5):
        mapping = board.rotate(1, 1)
        assert board.room(1).rotation == turns % 4  # type: ignore[union-attr]
        _check_rot_grid(board, SLOT1_EXPECTED[turns % 4], 1)
        assert mapping[sq("a5")] == sq("e5")  # north-west corner -> north-east corner
        assert mapping[sq("c3")] == sq("c3")  # the gear square stays put (B-ROT-6)
        assert mapping[sq("a4")] == sq("d5")


def test_a_deep_copy_shares_the_geometry_and_a_turn_of_either_leaves_the_other_alone() -> None:
    # Issue 16: a geometry is never edited, so a deep copy of a position keeps it (as Board.copy
    # does) with what searches found once per geometry; a turn makes the copy a geometry of its own.
    position = make_position(grids={1: ROT_GRID})
    geometry = position.board.geometry()
    twin = copy.deepcopy(position)
    assert twin.board.geometry() is geometry
    twin.board.rotate(1, 1)
    _check_rot_grid(twin.board, SLOT1_EXPECTED[1], 1)
    _check_rot_grid(position.board, SLOT1_EXPECTED[0], 1)
    assert position.board.geometry() is geometry and twin.board.geometry() is not geometry


def test_board_rotate_negative_is_counter_clockwise() -> None:
    board = make_position(grids={1: ROT_GRID}).board
    mapping = board.rotate(1, -1)
    assert mapping[sq("a5")] == sq("a1")
    _check_rot_grid(board, SLOT1_EXPECTED[3], 1)


def test_room_edge_marks_turn_with_the_room_to_the_starting_line() -> None:
    # B-ROT-6 with B-EDGE-9: a wall on the LEFT side of row 5 column 1 of the slot-7 room faces
    # west at rotation 0 and north (the blue line) after one clockwise quarter turn.
    grid = OPEN_GRID.splitlines()
    grid[9] = "|" + grid[9][1:]
    layout_grid = "\n".join(grid) + "\n"
    board = make_position(grids={7: layout_grid}).board
    assert board.passage(sq("a20"), sq("a21")) is Passage.OPEN
    board.rotate(7, 1)
    assert board.passage(sq("a20"), sq("a21")) is Passage.WALL
    assert board.passage(sq("b20"), sq("b21")) is Passage.OPEN
    board2 = make_position(grids={7: layout_grid}, rooms={7: 1}).board
    assert board2.passage(sq("a20"), sq("a21")) is Passage.WALL


def test_rotate_room_moves_pieces_in_the_room_only() -> None:
    # B-ROT-6: everything on the room turns with it; the figure on the gear stays on the gear
    position = make_position(
        characters="""
        - {id: gearman, side: player, class: mechanork, at: c3}
        - {id: me, side: player, class: cleric, at: a4}
        - {id: hurt, side: player, class: naga, at: b1, wounded: true}
        - {id: other, side: player, class: wizard, at: a6}
        - {id: online, side: player, class: telepath, at: c0}
        - {id: nolock, side: npc, card: nolock, at: f1}
        """,
        objects="""
        - {kind: rope, at: e1}
        - {kind: key, at: b1}
        - {kind: bow, at: g2}
        """,
    )
    position.rotate_room(1, 1)
    at = {c.id: square_name(c.at) for c in position.characters.values() if c.at is not None}
    assert at == {"gearman": "c3", "me": "d5", "hurt": "a4", "other": "a6", "online": "c0",
                  "nolock": "f1"}
    objects = sorted((o.kind, square_name(o.at)) for o in position.objects)
    assert objects == [("bow", "g2"), ("key", "a4"), ("rope", "a1")]
    assert position.status() == []
    position.rotate_room(1, 3)
    at = {c.id: square_name(c.at) for c in position.characters.values() if c.at is not None}
    assert at["me"] == "a4" and at["hurt"] == "b1"


def test_rotate_room_in_a_right_hand_slot() -> None:
    position = make_position(characters="- {id: me, side: player, class: cleric, at: f15}")
    position.rotate_room(6, 1)
    assert position.character("me").at == sq("j15")
    position.rotate_room(6, 2)
    assert position.character("me").at == sq("f11")


def test_open_portcullis_marker_turns_with_the_room() -> None:
    # B-ROT-6: markers turn with the room
    position = make_position(grids={1: ROT_GRID},
                             portcullises="- {between: [a5, a4], state: open}")
    board = position.board
    assert board.passage(sq("a5"), sq("a4")) is Passage.OPEN
    assert board.marker_state(sq("a5"), sq("a4")) is MarkerState.OPEN
    position.rotate_room(1, 1)
    assert board.marker_state(sq("e5"), sq("d5")) is MarkerState.OPEN
    assert board.passage(sq("e5"), sq("d5")) is Passage.OPEN
    assert board.marker_state(sq("a5"), sq("a4")) is None
    assert board.passage(sq("a5"), sq("a4")) is Passage.OPEN  # an open edge of the layout now
    assert board.passage(sq("e5"), sq("e4")) is Passage.SLIT
    assert "- {between: [d5, e5], state: open}" in write_position(position)
    again = read_position(write_position(position))
    assert again.board.marker_state(sq("d5"), sq("e5")) is MarkerState.OPEN
    assert again.board.room(1).rotation == 1  # type: ignore[union-attr]


def test_broken_slit_marker_turns_with_the_room() -> None:
    position = make_position(grids={1: ROT_GRID},
                             portcullises="- {between: [a5, b5], state: broken}")
    assert position.board.passage(sq("a5"), sq("b5")) is Passage.OPEN
    position.rotate_room(1, 2)
    assert position.board.marker_state(sq("e1"), sq("d1")) is MarkerState.BROKEN
    assert position.board.passage(sq("e1"), sq("d1")) is Passage.OPEN
    assert position.board.passage(sq("e1"), sq("e2")) is Passage.PORTCULLIS


# -- rotation properties (hypothesis) -------------------------------------------------------------

_MARKS = st.sampled_from(list(Mark))


@st.composite
def layouts(draw: st.DrawFn, layout_id: str = "r") -> RoomLayout:
    kinds = draw(st.lists(st.sampled_from([SquareKind.FLOOR, SquareKind.PIT]), min_size=25, max_size=25))
    kinds[draw(st.integers(0, 24))] = SquareKind.GEAR
    squares = {(1 + i // 5, 1 + i % 5): kinds[i] for i in range(25)}
    vertical = {(r, c): draw(_MARKS) for r in range(1, 6) for c in range(0, 6)}
    horizontal = {(r, c): draw(_MARKS) for r in range(0, 6) for c in range(1, 6)}
    return RoomLayout(layout_id, 1, "cw", squares, vertical, horizontal)


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, int]:
    slot = draw(st.sampled_from(SLOTS))
    rooms: dict[int, PlacedRoom | None] = {}
    for s in SLOTS:
        if s == slot or draw(st.booleans()):
            rooms[s] = PlacedRoom(draw(layouts(f"r{s}")), draw(st.integers(0, 3)))
        else:
            rooms[s] = None
    return Board(rooms), slot


def _snapshot(board: Board) -> tuple[dict[Square, Terrain], dict[tuple[Square, Square], Passage]]:
    geometry = board.geometry()
    return dict(geometry.terrain), dict(geometry.passages)


@given(boards())
@settings(max_examples=100, deadline=None)
def test_four_quarter_turns_are_the_identity(data: tuple[Board, int]) -> None:
    board, slot = data
    before = _snapshot(board)
    rotation = board.room(slot).rotation  # type: ignore[union-attr]
    for _ in range(4):
        board.rotate(slot, 1)
    assert _snapshot(board) == before
    assert board.room(slot).rotation == rotation  # type: ignore[union-attr]


@given(boards(), st.integers(0, 4))
@settings(max_examples=100, deadline=None)
def test_q_then_4_minus_q_turns_are_the_identity(data: tuple[Board, int], q: int) -> None:
    board, slot = data
    before = _snapshot(board)
    board.rotate(slot, q)
    board.rotate(slot, 4 - q)
    assert _snapshot(board) == before


@given(boards(), st.integers(1, 3))
@settings(max_examples=100, deadline=None)
def test_rotate_moves_terrain_and_inner_edges_with_the_mapping(data: tuple[Board, int], q: int) -> None:
    board, slot = data
    terrain, passages = _snapshot(board)
    mapping = board.rotate(slot, q)
    assert sorted(mapping) == sorted(slot_squares(slot))
    assert sorted(mapping.values()) == sorted(slot_squares(slot))
    for a in slot_squares(slot):
        assert board.terrain(mapping[a]) is terrain[a]
        for d in (Direction.NORTH, Direction.EAST):
            b = neighbour(a, d)
            if b is not None and slot_of(b) == slot:
                key = (a, b) if a < b else (b, a)
                assert board.passage(mapping[a], mapping[b]) is passages[key]
    # squares outside the slot keep their terrain
    for s, t in terrain.items():
        if slot_of(s) != slot:
            assert board.terrain(s) is t


@given(boards(), st.integers(-7, 7))
@settings(max_examples=60, deadline=None)
def test_rotate_equals_placing_at_the_new_rotation(data: tuple[Board, int], q: int) -> None:
    board, slot = data
    room = board.room(slot)
    assert room is not None
    fresh = Board({s: (PlacedRoom(r.layout, (r.rotation + (q if s == slot else 0)) % 4)
                       if r is not None else None) for s, r in board.rooms().items()})
    board.rotate(slot, q)
    assert _snapshot(board) == _snapshot(fresh)


def test_hidden_room_cannot_rotate() -> None:
    # B-ROT-8
    board = make_position(rooms={3: "hidden"}).board
    with pytest.raises(ValueError):
        board.rotate(3, 1)


# -- boundaries (AMB-BOUNDARY, B-EDGE-9) ----------------------------------------------------------

_V = {Mark.OPEN: " ", Mark.PORTCULLIS: "#", Mark.SLIT: ":", Mark.WALL: "|"}
_H = {Mark.OPEN: " ", Mark.PORTCULLIS: "#", Mark.SLIT: ":", Mark.WALL: "-"}
_PASSAGE = {Mark.OPEN: Passage.OPEN, Mark.PORTCULLIS: Passage.PORTCULLIS, Mark.SLIT: Passage.SLIT,
            Mark.WALL: Passage.WALL}


def _grid_with(*changes: tuple[int, int, str]) -> str:
    lines = OPEN_GRID.splitlines()
    for i, j, ch in changes:
        lines[i] = lines[i][:j] + ch + lines[i][j + 1:]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("left", list(Mark))
@pytest.mark.parametrize("right", list(Mark))
def test_boundary_between_side_by_side_rooms_takes_most_blocking(left: Mark, right: Mark) -> None:
    # AMB-BOUNDARY: slot 1's right border of row 1 against slot 2's left border of row 1 (e5|f5)
    board = make_position(grids={1: _grid_with((1, 10, _V[left])),
                                 2: _grid_with((1, 0, _V[right]))}).board
    assert board.passage(sq("e5"), sq("f5")) is _PASSAGE[max(left, right)]
    assert board.passage(sq("e4"), sq("f4")) is Passage.OPEN
    assert board.edge_marks(sq("e5"), sq("f5")) == {left, right}


@pytest.mark.parametrize("lower", list(Mark))
@pytest.mark.parametrize("upper", list(Mark))
def test_boundary_between_stacked_rooms_takes_most_blocking(lower: Mark, upper: Mark) -> None:
    # AMB-BOUNDARY: slot 1's top border of column 1 against slot 3's bottom border (a5|a6)
    board = make_position(grids={1: _grid_with((0, 1, _H[lower])),
                                 3: _grid_with((10, 1, _H[upper]))}).board
    assert board.passage(sq("a5"), sq("a6")) is _PASSAGE[max(lower, upper)]
    assert board.passage(sq("b5"), sq("b6")) is Passage.OPEN


def test_open_portcullis_on_one_side_of_a_boundary() -> None:
    # a portcullis printed on one room only, open edge on the other: opening it opens the edge
    position = make_position(grids={1: _grid_with((1, 10, "#"))},
                             portcullises="- {between: [e5, f5], state: open}")
    assert position.board.passage(sq("e5"), sq("f5")) is Passage.OPEN
    assert position.board.marker_state(sq("f5"), sq("e5")) is MarkerState.OPEN


def test_open_portcullis_against_a_wall_stays_a_wall() -> None:
    board = make_position(grids={1: _grid_with((1, 10, "#")), 2: _grid_with((1, 0, "|"))}).board
    assert board.passage(sq("e5"), sq("f5")) is Passage.WALL
    board.set_marker(sq("e5"), sq("f5"), MarkerState.OPEN)
    assert board.passage(sq("e5"), sq("f5")) is Passage.WALL


def test_portcullis_against_slit_is_a_slit() -> None:
    board = make_position(grids={1: _grid_with((1, 10, "#")), 2: _grid_with((1, 0, ":"))}).board
    assert board.passage(sq("e5"), sq("f5")) is Passage.SLIT


def test_diagonal_squares_are_never_adjacent() -> None:
    board = make_position().board
    assert board.passage(sq("a1"), sq("b2")) is Passage.WALL
    assert not board.adjacent(sq("c3"), sq("d4"))
    assert board.adjacent(sq("c3"), sq("c4"))


# -- starting lines (B-EDGE-9, B-EDGE-10) ---------------------------------------------------------

@pytest.mark.parametrize("rank", [0, 21])
def test_starting_line_squares_are_adjacent_to_each_other(rank: int) -> None:
    # B-EDGE-10, including the two middle squares where the end rooms meet (e|f)
    for rooms in ({}, {s: "hidden" for s in SLOTS}):
        board = make_position(rooms=rooms).board
        files = "abcdefghij"
        for a, b in itertools.pairwise(files):
            assert board.passage(sq(f"{a}{rank}"), sq(f"{b}{rank}")) is Passage.OPEN
            assert board.adjacent(sq(f"{b}{rank}"), sq(f"{a}{rank}"))


@pytest.mark.parametrize("mark", list(Mark))
def test_yellow_line_to_rank_1_through_printed_border(mark: Mark) -> None:
    # B-EDGE-9: the line has no marks; the room's printed bottom border decides
    board = make_position(grids={1: _grid_with((10, 1, _H[mark])),
                                 2: _grid_with((10, 7, _H[mark]))}).board
    assert board.passage(sq("a0"), sq("a1")) is _PASSAGE[mark]
    assert board.passage(sq("i0"), sq("i1")) is _PASSAGE[mark]
    assert board.passage(sq("b0"), sq("b1")) is Passage.OPEN
    assert board.passage(sq("j0"), sq("j1")) is Passage.OPEN


@pytest.mark.parametrize("mark", list(Mark))
def test_blue_line_to_rank_20_through_printed_border(mark: Mark) -> None:
    board = make_position(grids={7: _grid_with((0, 5, _H[mark])),
                                 8: _grid_with((0, 1, _H[mark]))}).board
    assert board.passage(sq("c20"), sq("c21")) is _PASSAGE[mark]
    assert board.passage(sq("f20"), sq("f21")) is _PASSAGE[mark]
    assert board.passage(sq("a20"), sq("a21")) is Passage.OPEN


def test_starting_line_to_a_rotated_room() -> None:
    # slot 1 at rotation 2: the layout's row 1 (top border) faces the yellow line, reversed
    board = make_position(grids={1: _grid_with((0, 1, "-"))}, rooms={1: 2}).board
    assert board.passage(sq("e0"), sq("e1")) is Passage.WALL
    assert board.passage(sq("a0"), sq("a1")) is Passage.OPEN


def test_line_square_next_to_hidden_room_has_no_room_neighbour() -> None:
    board = make_position(rooms={1: "hidden"}).board
    assert board.exists(sq("a0"))
    assert not board.exists(sq("a1"))
    assert board.passage(sq("a0"), sq("a1")) is Passage.WALL
    assert {n for n, _ in board.neighbours(sq("a0"))} == {sq("b0")}
    assert {n for n, _ in board.neighbours(sq("f0"))} == {sq("e0"), sq("g0"), sq("f1")}


# -- hidden rooms (B-BOARD-10) --------------------------------------------------------------------

def test_hidden_room_has_no_squares() -> None:
    board = make_position(rooms={3: "hidden", 8: "hidden"}).board
    for s in slot_squares(3) + slot_squares(8):
        assert not board.exists(s)
        assert board.terrain(s) is None
    assert board.exists(sq("a5")) and board.exists(sq("a11"))
    assert board.passage(sq("a5"), sq("a6")) is Passage.WALL
    assert sq("a6") not in {n for n, _ in board.neighbours(sq("a5"))}
    assert board.revealed_slots() == [1, 2, 4, 5, 6, 7]
    assert len(board.geometry().terrain) == 20 + 6 * 25


def test_face_down_room_of_known_identity_has_no_squares() -> None:
    text = position_text().replace("  3: {layout: room3, rotation: 0}",
                                   "  3: {layout: room3, rotation: 1, hidden: true}")
    position = read_position(text)
    board = position.board
    assert board.room(3) is not None and board.room(3).hidden  # type: ignore[union-attr]
    assert not board.is_revealed(3)
    assert not any(board.exists(s) for s in slot_squares(3))
    assert "  3: {layout: room3, rotation: 1, hidden: true}" in write_position(position)
    with pytest.raises(ValueError):
        board.rotate(3, 1)


def test_reveal_makes_the_squares_exist() -> None:
    position = make_position(grids={3: ROT_GRID})
    layout = position.board.room(3).layout  # type: ignore[union-attr]
    board = make_position(rooms={3: "hidden"}).board
    board.reveal(3, layout, 1)
    assert board.exists(sq("a6"))
    assert board.terrain(sq("e10")) is Terrain.PIT  # row 1 col 1 at rotation 1 -> north-east


# -- twins -----------------------------------------------------------------------------------------

def test_twin_slot_with_builder_pairs() -> None:
    # builders: slot s holds a room of pair (s+1)//2, so slots 1|2, 3|4, 5|6, 7|8 are twins
    board = make_position().board
    assert [board.twin_slot(s) for s in SLOTS] == [2, 1, 4, 3, 6, 5, 8, 7]


def test_twin_slot_of_unknown_twin_is_none() -> None:
    board = make_position(rooms={2: "hidden"}).board
    assert board.twin_slot(1) is None
    assert board.twin_slot(2) is None
    assert board.twin_slot(3) == 4


def test_twin_slot_with_library_rooms() -> None:
    text = """\
format: dt-solo-position/1
rooms:
  1: {layout: demo-1a, rotation: 0}
  2: {layout: demo-2b, rotation: 3}
  3: {layout: demo-2a, rotation: 1}
  4: hidden
  5: hidden
  6: {layout: demo-1b, rotation: 2}
  7: {layout: demo-3a, rotation: 0, hidden: true}
  8: {layout: demo-3b, rotation: 0}
characters: []
"""
    board = read_position(text).board
    assert board.twin_slot(1) == 6
    assert board.twin_slot(6) == 1
    assert board.twin_slot(2) == 3
    assert board.twin_slot(3) == 2
    assert board.twin_slot(8) == 7  # a face-down room of known identity is still the twin
    assert board.twin_slot(4) is None


def test_library_room_placement_matches_its_file() -> None:
    # demo-1a at rotation 0 in slot 1: file row 2 "|. O . . G:" -> pit b4, gear e4, slit east of e4
    text = """\
format: dt-solo-position/1
rooms:
  1: {layout: demo-1a, rotation: 0}
  2: {layout: demo-1b, rotation: 0}
  3: hidden
  4: hidden
  5: hidden
  6: hidden
  7: hidden
  8: hidden
characters: []
"""
    board = read_position(text).board
    layout = parse_room_text((RULES_DIR / "rooms" / "demo-1a.yaml").read_text(encoding="utf-8"))
    assert layout.squares[(2, 2)] is SquareKind.PIT
    assert board.terrain(sq("b4")) is Terrain.PIT
    assert board.terrain(sq("e4")) is Terrain.GEAR
    assert board.printed_mark(sq("e4"), Direction.EAST) is Mark.SLIT
    assert board.printed_mark(sq("c5"), Direction.EAST) is Mark.PORTCULLIS


NORTH_PORTCULLIS = OPEN_GRID.replace("+ + + + + +", "+ + +#+ + +", 1)
SOUTH_PORTCULLIS = OPEN_GRID[::-1].replace("+ + + + + +"[::-1], "+ + +#+ + +"[::-1], 1)[::-1]


def test_amb_markers_a_portcullis_opened_from_outside_marks_the_room_revealed_behind_it() -> None:
    # AMB-MARKERS: a portcullis printed on both rooms is one portcullis. Opened with a Key while the
    # room behind was face down (S-OBJ-7, B-REV-3), it stays open once that room is revealed.
    position = make_position(grids={1: NORTH_PORTCULLIS}, rooms={3: "hidden"})
    board = position.board
    board.set_marker(sq("c5"), sq("c6"), MarkerState.OPEN)
    behind = parse_room_text("format: dt-solo-room/1\nid: behind\npair: 2\nsense: cw\ngrid: |\n"
                             + "".join(f"  {line}\n" for line in SOUTH_PORTCULLIS.splitlines()))
    board.reveal(3, behind, 0)
    assert board.edge_marks(sq("c5"), sq("c6")) == {Mark.PORTCULLIS}
    assert board.marker_state(sq("c5"), sq("c6")) is MarkerState.OPEN
    assert board.passage(sq("c5"), sq("c6")) is Passage.OPEN
