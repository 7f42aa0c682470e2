"""Line of sight (base-rules.md section 6.6, B-LOS-1 … B-LOS-7, and AMB-BOUNDARY).

Every test builds a small position with ``builders.make_position`` (open 5x5 rooms, gear in the
centre of each room) and asserts the exact squares seen, nearest first, with ``solo.table.sight``.

Slot 1 is files a-e, ranks 1-5; at rotation 0 grid row r is rank 6-r and column c is file c.
Its gear is c3; the gear of slot 3 is c8, of slot 5 c13, of slot 7 c18; slot 2's is h3.
"""

from __future__ import annotations

from builders import grid, make_position

from solo.table.position import Position
from solo.table.sight import sees, sight_line, visible_squares
from solo.table.squares import Direction, parse_square, square_name

N, E, S, W = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST


# -- helpers ------------------------------------------------------------------------------------


# Edges of a slot at rotation 0, as (grid line, grid column):
EDGE_C3_C4 = (4, 5)  # slot 1: between row 2 and row 3 of column 3, i.e. c4 above c3
EDGE_C1_C0 = (10, 5)  # slot 1: bottom border of column 3, towards the yellow line
EDGE_E3_RIGHT = (5, 10)  # slot 1: right border of row 3 (e3 | f3)
EDGE_F3_LEFT = (5, 0)  # slot 2: left border of row 3 (e3 | f3)
PIT_C5 = (1, 5)  # slot 1: square row 1, column 3 = c5


def names(squares: list) -> list[str]:
    return [square_name(sq) for sq in squares]


def line(position: Position, origin: str, direction: Direction) -> list[str]:
    """The names of the squares seen from ``origin`` in one direction, nearest first."""
    return names(sight_line(position, parse_square(origin), direction))


def column(file: str, first: int, last: int) -> list[str]:
    step = 1 if last >= first else -1
    return [f"{file}{rank}" for rank in range(first, last + step, step)]


def row(rank: int, first: str, last: str) -> list[str]:
    files = "abcdefghij"
    a, b = files.index(first), files.index(last)
    step = 1 if b >= a else -1
    return [f"{files[i]}{rank}" for i in range(a, b + step, step)]


def see(position: Position, a: str, b: str) -> bool:
    return sees(position, parse_square(a), parse_square(b))


VIEWER = "- {id: viewer, side: player, class: cleric, at: c3}"


# -- B-LOS-1 / B-GOLD-1: straight orthogonal lines only ------------------------------------------

def test_b_los_1_open_board_four_straight_lines():
    # B-LOS-1, B-LOS-7: from c3 on an open board the four lines run to the board's edges,
    # onto both starting lines (c0 and c21).
    position = make_position(characters=VIEWER)
    seen = visible_squares(position, parse_square("c3"))
    assert {d: names(sq) for d, sq in seen.items()} == {
        N: column("c", 4, 21),
        E: row(3, "d", "j"),
        S: ["c2", "c1", "c0"],
        W: ["b3", "a3"],
    }


def test_b_los_1_b_gold_1_never_diagonal():
    # B-LOS-1, B-GOLD-1: no diagonal line of sight, even to a neighbouring diagonal square.
    position = make_position(characters=VIEWER + "\n- {id: other, side: player, class: naga, at: d4}")
    for target in ("d4", "b4", "d2", "b2", "e5", "a1", "j10"):
        assert not see(position, "c3", target), target
    assert not see(position, "d4", "c3")
    # ... while the squares straight in line with the viewer are seen.
    for target in ("c21", "c0", "j3", "a3"):
        assert see(position, "c3", target), target


def test_b_los_1_origin_is_not_in_its_own_lines():
    # B-LOS-1: lines start at the next square; the viewer's own square is not listed.
    position = make_position(characters=VIEWER)
    assert all(parse_square("c3") not in sq for sq in visible_squares(position, parse_square("c3")).values())


# -- B-LOS-2: walls, closed portcullises, characters ------------------------------------------

def test_b_los_2_wall_blocks():
    # B-LOS-2 (B-EDGE-2): a wall between c3 and c4 blocks both ways.
    position = make_position(characters=VIEWER, grids={1: grid((*EDGE_C3_C4, "-"))})
    assert line(position, "c3", N) == []
    assert line(position, "c4", S) == []
    assert line(position, "c2", N) == ["c3"]
    assert line(position, "c5", S) == ["c4"]
    # Only that column is cut: the neighbouring column still sees through.
    assert line(position, "b3", N) == column("b", 4, 21)
    assert not see(position, "c3", "c4")


def test_b_los_2_closed_portcullis_blocks():
    # B-LOS-2 (B-EDGE-3): a portcullis, printed closed, blocks both ways.
    position = make_position(characters=VIEWER, grids={1: grid((*EDGE_C3_C4, "#"))})
    assert line(position, "c3", N) == []
    assert line(position, "c4", S) == []
    assert line(position, "c1", N) == ["c2", "c3"]


def test_b_los_2_explicitly_closed_portcullis_blocks():
    # B-LOS-2: a `state: closed` entry is the printed state and still blocks.
    position = make_position(
        characters=VIEWER,
        grids={1: grid((*EDGE_C3_C4, "#"))},
        portcullises="- {between: [c3, c4], state: closed}",
    )
    assert line(position, "c3", N) == []


def test_b_los_2_figure_blocks_and_its_square_is_seen():
    # B-LOS-2: a figure (either side) on c6 ends the line; c6 itself is seen, c7 is not.
    for blocker in (
        "- {id: b, side: player, class: colossus, at: c6}",
        "- {id: nolock, side: npc, card: nolock, at: c6}",
    ):
        position = make_position(characters=VIEWER + "\n" + blocker)
        assert line(position, "c3", N) == ["c4", "c5", "c6"], blocker
        assert see(position, "c3", "c6")
        assert not see(position, "c3", "c7")
        # The blocker sees back to the viewer, and the viewer's square ends its line.
        assert line(position, "c6", S) == ["c5", "c4", "c3"]


def test_b_los_2_wounded_blocks_and_its_square_is_seen():
    # B-LOS-2: a wounded character token blocks exactly like a figure.
    for blocker in (
        "- {id: w, side: player, class: naga, at: c6, wounded: true}",
        "- {id: nolock, side: npc, card: nolock, at: c6, wounded: true}",
    ):
        position = make_position(characters=VIEWER + "\n" + blocker)
        assert line(position, "c3", N) == ["c4", "c5", "c6"], blocker
        assert not see(position, "c3", "c8")


def test_b_los_2_first_character_blocks_the_ones_behind():
    # B-LOS-2: of two characters in a row only the nearest is seen.
    position = make_position(characters=VIEWER + """
        - {id: near, side: player, class: naga, at: f3}
        - {id: far, side: player, class: wizard, at: h3}
    """)
    assert line(position, "c3", E) == ["d3", "e3", "f3"]
    assert see(position, "c3", "f3")
    assert not see(position, "c3", "h3")


def test_b_los_2_character_on_the_far_starting_line_is_seen():
    # B-LOS-2, B-LOS-7: an NPC on the blue line c21 ends the line and is seen.
    position = make_position(characters=VIEWER + "\n- {id: nolock, side: npc, card: nolock, at: c21}")
    assert line(position, "c3", N) == column("c", 4, 21)
    assert see(position, "c3", "c21")


# -- B-LOS-3: objects, gears, pits, open and broken portcullises --------------------------------

def test_b_los_3_open_portcullis_passes():
    # B-LOS-3 (B-EDGE-4): an open marker on the c3|c4 portcullis lets sight through both ways.
    position = make_position(
        characters=VIEWER,
        grids={1: grid((*EDGE_C3_C4, "#"))},
        portcullises="- {between: [c3, c4], state: open}",
    )
    assert line(position, "c3", N) == column("c", 4, 21)
    assert line(position, "c4", S) == ["c3"]  # the viewer on c3 ends the line
    assert line(position, "c5", S) == ["c4", "c3"]


def test_b_los_3_broken_portcullis_passes():
    # B-LOS-3 (B-EDGE-5): a broken portcullis lets sight through.
    position = make_position(
        characters=VIEWER,
        grids={1: grid((*EDGE_C3_C4, "#"))},
        portcullises="- {between: [c4, c3], state: broken}",
    )
    assert line(position, "c3", N) == column("c", 4, 21)
    assert line(position, "c10", S) == column("c", 9, 3)


def test_b_los_3_objects_gears_and_pits_do_not_block():
    # B-LOS-3 (B-SQ-2, B-SQ-3, B-SQ-5): from c2 the line north crosses the gear c3, the pit c5,
    # a Rope on c4, a Bow on c7, the gears c8, c13, c18, and reaches the blue line.
    position = make_position(
        characters="- {id: viewer, side: player, class: cleric, at: c2}",
        objects="- {kind: rope, at: c4}\n- {kind: bow, at: c7}\n- {kind: key, at: c16}",
        grids={1: grid((*PIT_C5, "O"))},
    )
    assert line(position, "c2", N) == column("c", 3, 21)
    assert see(position, "c2", "c21")
    # And back: from c21 (blue line) down to the viewer.
    assert line(position, "c21", S) == column("c", 20, 2)


def test_b_los_3_object_under_a_wounded_the_wounded_still_blocks():
    # B-LOS-3 / B-LOS-2: an object does not block, but the wounded lying on it does.
    position = make_position(
        characters=VIEWER + "\n- {id: w, side: player, class: naga, at: c5, wounded: true}",
        objects="- {kind: shield, at: c5}\n- {kind: spear, at: c4}",
    )
    assert line(position, "c3", N) == ["c4", "c5"]


# -- B-LOS-4 / B-LOS-5: arrow slits ---------------------------------------------------------------

SLIT_GRID = grid((*EDGE_C3_C4, ":"))


def test_b_los_4_character_touching_the_slit_sees_beyond():
    # B-LOS-4: the viewer on c3 touches the slit c3|c4 and sees through it to the blue line.
    position = make_position(characters=VIEWER, grids={1: SLIT_GRID})
    assert line(position, "c3", N) == column("c", 4, 21)


def test_b_los_4_character_further_away_does_not_see_beyond():
    # B-LOS-4: from c2 the line reaches c3 (next to the slit) and stops; c4 is not seen.
    viewer = "- {id: v, side: player, class: cleric, at: c2}"
    position = make_position(characters=viewer, grids={1: SLIT_GRID})
    assert line(position, "c2", N) == ["c3"]
    assert not see(position, "c2", "c4")
    # Same from the other side: c6 looking south sees c5 and c4, not c3.
    viewer = "- {id: v, side: player, class: cleric, at: c6}"
    position = make_position(characters=viewer, grids={1: SLIT_GRID})
    assert line(position, "c6", S) == ["c5", "c4"]


def test_b_los_4_sight_is_not_symmetric_across_a_slit():
    # B-LOS-4: the viewer on c3 (touching) sees the character on c6 (not touching); c6 does not
    # see back.
    position = make_position(
        characters=VIEWER + "\n- {id: nolock, side: npc, card: nolock, at: c6}",
        grids={1: SLIT_GRID},
    )
    assert line(position, "c3", N) == ["c4", "c5", "c6"]
    assert line(position, "c6", S) == ["c5", "c4"]
    assert see(position, "c3", "c6")
    assert not see(position, "c6", "c3")


def test_b_los_5_both_touching_the_slit_see_each_other():
    # B-LOS-5: characters on c3 and c4, on either side of the slit and both touching it.
    position = make_position(
        characters=VIEWER + "\n- {id: nolock, side: npc, card: nolock, at: c4}",
        grids={1: SLIT_GRID},
    )
    assert line(position, "c3", N) == ["c4"]
    assert line(position, "c4", S) == ["c3"]
    assert see(position, "c3", "c4") and see(position, "c4", "c3")


def test_b_los_5_adjacent_characters_see_each_other():
    # B-LOS-5: two characters on neighbouring squares with an open side between them.
    position = make_position(characters=VIEWER + "\n- {id: nolock, side: npc, card: nolock, at: d3}")
    assert line(position, "c3", E) == ["d3"]
    assert line(position, "d3", W) == ["c3"]
    assert see(position, "c3", "d3") and see(position, "d3", "c3")


def test_b_los_4_slit_only_helps_in_its_own_direction():
    # B-LOS-4: touching a slit on the north side changes nothing to the other lines of c3.
    position = make_position(characters=VIEWER, grids={1: SLIT_GRID})
    seen = visible_squares(position, parse_square("c3"))
    assert names(seen[E]) == row(3, "d", "j")
    assert names(seen[S]) == ["c2", "c1", "c0"]
    assert names(seen[W]) == ["b3", "a3"]


def test_b_los_4_broken_slit_lets_everyone_see():
    # B-LOS-3/B-EDGE-6: a broken arrow slit (written like a broken portcullis) no longer blocks.
    position = make_position(
        characters="- {id: v, side: player, class: cleric, at: c2}",
        grids={1: SLIT_GRID},
        portcullises="- {between: [c3, c4], state: broken}",
    )
    assert line(position, "c2", N) == column("c", 3, 21)


# -- B-LOS-6: hidden rooms --------------------------------------------------------------------

def test_b_los_6_hidden_room_blocks():
    # B-LOS-6: slot 3 (ranks 6-10, files a-e) and slot 2 (files f-j, ranks 1-5) are hidden:
    # the lines stop at their edge, and nothing beyond them (slot 5, the blue line) is seen.
    position = make_position(characters=VIEWER, rooms={3: "hidden", 2: "hidden"})
    seen = visible_squares(position, parse_square("c3"))
    assert {d: names(sq) for d, sq in seen.items()} == {
        N: ["c4", "c5"],
        E: ["d3", "e3"],
        S: ["c2", "c1", "c0"],
        W: ["b3", "a3"],
    }
    assert not see(position, "c3", "c11")
    assert not see(position, "c3", "c21")


def test_b_los_6_hidden_room_blocks_sight_along_the_far_side():
    # B-LOS-6: from the revealed slot 5 looking south, the hidden slot 3 ends the line at once.
    position = make_position(
        characters="- {id: v, side: player, class: cleric, at: c13}",
        rooms={3: "hidden"},
    )
    assert line(position, "c13", S) == ["c12", "c11"]
    assert line(position, "c13", N) == column("c", 14, 21)


# -- B-LOS-7: starting lines ----------------------------------------------------------------

def test_b_los_7_lines_run_onto_both_starting_lines():
    # B-LOS-7: from c3 the line south ends on the yellow line c0, north on the blue line c21.
    position = make_position(characters=VIEWER)
    assert line(position, "c3", S)[-1] == "c0"
    assert line(position, "c3", N)[-1] == "c21"


def test_b_los_7_from_a_starting_line_square():
    # B-LOS-7: a character on the yellow line c0 sees up the whole column and along the line
    # (starting-line squares are adjacent to each other, B-EDGE-10).
    position = make_position(characters="- {id: v, side: player, class: cleric, at: c0}")
    seen = visible_squares(position, parse_square("c0"))
    assert {d: names(sq) for d, sq in seen.items()} == {
        N: column("c", 1, 21),
        E: row(0, "d", "j"),
        S: [],
        W: ["b0", "a0"],
    }


def test_b_los_7_wall_on_the_room_border_blocks_the_line_square():
    # B-LOS-7 with AMB-BOUNDARY / B-EDGE-9: a wall on slot 1's border below c1 cuts c1 from c0.
    position = make_position(
        characters="- {id: v, side: player, class: cleric, at: c0}",
        grids={1: grid((*EDGE_C1_C0, "-"))},
    )
    assert line(position, "c0", N) == []
    assert line(position, "c3", S) == ["c2", "c1"]
    assert line(position, "b0", N) == column("b", 1, 21)


# -- AMB-BOUNDARY: the edge between two rooms is the most blocking of both marks ---------------

def boundary_position(mark1: str, mark2: str, characters: str = "", portcullises: str = "") -> Position:
    """Slot 1 printed ``mark1`` on its right border at row 3, slot 2 ``mark2`` on its left one."""
    return make_position(
        characters=characters,
        grids={1: grid((*EDGE_E3_RIGHT, mark1)), 2: grid((*EDGE_F3_LEFT, mark2))},
        portcullises=portcullises,
    )


def test_amb_boundary_open_and_open_passes():
    # AMB-BOUNDARY: open on both sides: sight crosses from slot 1 into slot 2.
    position = boundary_position(" ", " ")
    assert line(position, "a3", E) == row(3, "b", "j")
    assert line(position, "j3", W) == row(3, "i", "a")


def test_amb_boundary_wall_on_one_side_blocks():
    # AMB-BOUNDARY: a wall printed on either room's side blocks, whichever room prints it.
    for mark1, mark2 in (("|", " "), (" ", "|"), ("|", "#"), (":", "|")):
        position = boundary_position(mark1, mark2)
        assert line(position, "e3", E) == [], (mark1, mark2)
        assert line(position, "f3", W) == [], (mark1, mark2)
        assert line(position, "a3", E) == ["b3", "c3", "d3", "e3"], (mark1, mark2)


def test_amb_boundary_portcullis_on_one_side_blocks():
    # AMB-BOUNDARY: open against a closed portcullis = closed portcullis: blocked both ways.
    for mark1, mark2 in (("#", " "), (" ", "#"), ("#", "#")):
        position = boundary_position(mark1, mark2)
        assert line(position, "e3", E) == [], (mark1, mark2)
        assert line(position, "f3", W) == [], (mark1, mark2)


def test_amb_boundary_opened_portcullis_passes():
    # AMB-BOUNDARY with B-LOS-3: a boundary portcullis opened by a marker lets sight through.
    position = boundary_position("#", " ", portcullises="- {between: [e3, f3], state: open}")
    assert line(position, "a3", E) == row(3, "b", "j")
    assert line(position, "j3", W) == row(3, "i", "a")


def test_amb_boundary_slit_on_one_side_is_a_slit():
    # AMB-BOUNDARY with B-LOS-4: an arrow slit printed by slot 2 only makes the e3|f3 edge a slit:
    # e3 and f3 (touching) see across, d3 and g3 (not touching) do not.
    for mark1, mark2 in ((" ", ":"), (":", " "), ("#", ":"), (":", "#")):
        position = boundary_position(mark1, mark2)
        assert line(position, "e3", E) == row(3, "f", "j"), (mark1, mark2)
        assert line(position, "f3", W) == row(3, "e", "a"), (mark1, mark2)
        assert line(position, "c3", E) == ["d3", "e3"], (mark1, mark2)
        assert line(position, "h3", W) == ["g3", "f3"], (mark1, mark2)


def test_amb_boundary_follows_the_rotated_room():
    # AMB-BOUNDARY: slot 2's wall is printed on its top border, column 3; at rotation 3 (three
    # clockwise quarter turns) that side faces west and column 3 lies on rank 3: the wall is e3|f3.
    top_wall = grid((0, 5, "-"))
    position = make_position(characters=VIEWER, grids={2: top_wall}, rooms={2: 3})
    assert line(position, "c3", E) == ["d3", "e3"]
    assert line(position, "j3", W) == ["i3", "h3", "g3", "f3"]
    # The other rows of the boundary stay open.
    assert line(position, "a2", E) == row(2, "b", "j")
    assert line(position, "a4", E) == row(4, "b", "j")
    # At rotation 0 the same wall is on slot 2's blue-side border at h5|h6 instead.
    position = make_position(characters=VIEWER, grids={2: top_wall})
    assert line(position, "c3", E) == row(3, "d", "j")
    assert line(position, "h1", N) == ["h2", "h3", "h4", "h5"]


def test_amb_boundary_between_rooms_along_a_column():
    # AMB-BOUNDARY: slot 3 prints a portcullis on its bottom border at column 3 (c6|c5);
    # slot 1 prints nothing there: sight from c3 north stops at c5.
    position = make_position(characters=VIEWER, grids={3: grid((10, 5, "#"))})
    assert line(position, "c3", N) == ["c4", "c5"]
    assert line(position, "c8", S) == ["c7", "c6"]
    position = make_position(
        characters=VIEWER,
        grids={3: grid((10, 5, "#"))},
        portcullises="- {between: [c5, c6], state: open}",
    )
    assert line(position, "c3", N) == column("c", 4, 21)
