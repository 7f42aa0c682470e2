"""Movement rules of the path search, one small position per rule (base-rules.md 2.4, 3.5-3.8,
4, 5.1-5.2; solo-rules.md S-ACT, S-OBJ, S-PROX; movement-model.md).

Every test builds its position with ``builders.make_position`` and asserts what
``solo.table.search.cheapest_paths`` finds: the best (AP, squares), the path and actions, the item carried
at the end, and whether a square can be reached at all. Board coordinates: slot 1 = files a-e,
ranks 1-5 (row 1 of its grid is rank 5); the Player's own line is rank 0, the NP's rank 21.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from itertools import pairwise
from math import ceil
from typing import Any

import pytest
from builders import make_position

from solo.actions.core import apply_way
from solo.table.board import Passage
from solo.table.carrying import PriorityPickups
from solo.table.movement import Means
from solo.table.search import Reach, Way, cheapest_paths, npc_means
from solo.table.squares import (
    Direction,
    Square,
    direction_between,
    edge,
    parse_square,
    slot_of,
    slot_origin,
    square_name,
)

NO_JUMPS = Means(jumps=0)
ONE_JUMP = Means(jumps=1)

# Object priority lists printed on the NPC cards used below (npc_cards/*.yaml, `objects:`).
NOLOCK_OBJECTS = ("wounded", "spear", "wand", "bow", "shield")
BRIKOLTOU_OBJECTS = ("key", "bow", "rope", "spear", "wand", "wounded")
LISSANDRA_OBJECTS = ("rope", "wounded", "spear", "bow", "shield", "wand")

# B-CHAR-4: squares per move action.
MOVEMENT = {
    "mechanork": 3, "naga": 6, "cleric": 4, "backstabber": 4,
    "colossus": 2, "wizard": 4, "banshee": 4, "telepath": 3,
}
# NPC cards whose class is known (npc_cards/*.yaml).
NPC_CARDS = {
    "nolock": "backstabber", "brikoltou": "mechanork", "serpico": "naga", "arthos": "colossus",
    "wave-rick": "banshee", "pere-bonsoins": "cleric",
}


# -- helpers -----------------------------------------------------------------------------------
def left_behind(way: Way) -> list[tuple[str, str]]:
    """(square, item) for each item the way leaves on a square where a move starts (B-CARRY-4)."""
    return [(square_name(sq), item) for a in way.actions for sq, kind, item in a.events if kind == "drop"]


TEST_SECONDS = 3.0
"""Every test here takes milliseconds. A search that does not end, or a way whose parent links
loop, grows memory by hundreds of MB a second: each test is stopped after this long and fails
instead of hanging the suite."""


class EngineTimeoutError(AssertionError):
    pass


@pytest.fixture(autouse=True)
def _time_limit() -> Iterator[None]:
    def on_alarm(signum: int, frame: object) -> None:
        raise EngineTimeoutError(f"the engine did not answer within {TEST_SECONDS} s "
                            "(a search that does not end, or reach.ways() following a loop)")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TEST_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def search(*args: Any, **kwargs: Any) -> Reach:
    return cheapest_paths(*args, **kwargs)


def cell(name: str) -> Square:
    return parse_square(name)


def names(squares: object) -> list[str]:
    return [square_name(s) for s in squares]  # type: ignore[attr-defined]


_MARK_CHAR = {"wall": None, "portcullis": "#", "slit": ":", "open": " "}


def room_grid(
    slot: int,
    *,
    pits: tuple[str, ...] = (),
    gear: str | None = None,
    walls: tuple[tuple[str, str], ...] = (),
    portcullises: tuple[tuple[str, str], ...] = (),
    slits: tuple[tuple[str, str], ...] = (),
) -> str:
    """An 11-line grid (formats.md section 2) for ``slot`` at rotation 0, drawn in board squares.

    Each edge (a, b) names a square ``a`` of the slot and its neighbour ``b`` (which may lie in
    another room or on a starting line: the mark is then printed on this room's border only).
    """
    f0, r0 = slot_origin(slot)
    lines = [["+" if i % 2 == 0 and j % 2 == 0 else " " for j in range(11)] for i in range(11)]

    def frame(name: str) -> tuple[int, int]:
        sq = cell(name)
        assert slot_of(sq) == slot, f"{name} is not in slot {slot}"
        return 5 - (sq // 10 - r0), sq % 10 - f0 + 1  # (row, column)

    for r in range(1, 6):
        for c in range(1, 6):
            lines[2 * r - 1][2 * c - 1] = "."
    for name in pits:
        r, c = frame(name)
        lines[2 * r - 1][2 * c - 1] = "O"
    if gear is None:  # the centre, or the first corner that is not a pit
        for f, r in ((2, 2), (4, 4), (0, 4), (4, 0), (0, 0)):
            gear = square_name(Square((r0 + r) * 10 + f0 + f))
            if gear not in pits:
                break
    assert gear is not None
    r, c = frame(gear)
    assert lines[2 * r - 1][2 * c - 1] == ".", "the gear cannot be on a pit"
    lines[2 * r - 1][2 * c - 1] = "G"
    for mark, pairs in (("wall", walls), ("portcullis", portcullises), ("slit", slits)):
        for a, b in pairs:
            r, c = frame(a)
            d = direction_between(cell(a), cell(b))
            assert d is not None, f"{a} and {b} are not neighbours"
            if d is Direction.NORTH:
                i, j, wall = 2 * (r - 1), 2 * c - 1, "-"
            elif d is Direction.SOUTH:
                i, j, wall = 2 * r, 2 * c - 1, "-"
            elif d is Direction.WEST:
                i, j, wall = 2 * r - 1, 2 * (c - 1), "|"
            else:
                i, j, wall = 2 * r - 1, 2 * c, "|"
            lines[i][j] = _MARK_CHAR[mark] or wall
    return "\n".join("".join(line) for line in lines) + "\n"


def box(sq: str, *others: str) -> tuple[tuple[str, str], ...]:
    """The edges between ``sq`` and each of ``others``."""
    return tuple((sq, o) for o in others)


def best(reach: Reach, name: str) -> tuple[int, int] | None:
    return reach.best.get(cell(name))


def kinds(way: Way) -> list[str]:
    return [a.kind for a in way.actions]


def path(way: Way) -> list[str]:
    return names(way.squares_path)


def only_way(reach: Reach, name: str) -> Way:
    ways = reach.ways(cell(name))
    assert ways, f"{name} is not reachable"
    return ways[0]


def manhattan(a: Square, b: Square) -> int:
    return abs(a % 10 - b % 10) + abs(a // 10 - b // 10)


# -- B-EDGE: walls, portcullises, arrow slits ------------------------------------------------
def test_b_edge_2_wall_blocks_the_step_and_forces_a_detour() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3}",
                        grids={1: room_grid(1, walls=(("c3", "c4"),))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c4") == (1, 3)  # c3 b3 b4 c4 (or via d), never straight through the wall
    for way in reach.ways(cell("c4")):
        assert path(way)[:2] != ["c3", "c4"]


def test_b_edge_2_walled_square_is_unreachable() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3}",
                        grids={1: room_grid(1, walls=box("d3", "d4", "d2", "c3", "e3"))})
    reach = search(pos, "me")
    assert cell("d3") not in reach.best
    assert best(reach, "e3") == (1, 4)  # round the box: c3 c4 d4 e4 e3


def test_b_edge_3_closed_portcullis_blocks_without_key() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3}",
                        grids={1: room_grid(1, portcullises=box("d3", "d4", "d2", "c3", "e3"))})
    reach = search(pos, "me", Means(jumps=0, paid_abilities=True))
    assert pos.board.passage(cell("c3"), cell("d3")) is Passage.PORTCULLIS
    assert cell("d3") not in reach.best


def test_b_edge_3_closed_portcullis_forces_a_detour() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3}",
                        grids={1: room_grid(1, portcullises=(("c3", "c4"),))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c4") == (1, 3)


@pytest.mark.parametrize("state", ["open", "broken"])
def test_b_edge_4_5_open_or_broken_portcullis_lets_everyone_through(state: str) -> None:
    # B-EDGE-4 (open marker), B-EDGE-5 (broken marker), B-MOVE-7.
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3}",
                        grids={1: room_grid(1, portcullises=box("d3", "d4", "d2", "c3", "e3"))},
                        portcullises=f"- {{between: [c3, d3], state: {state}}}")
    assert pos.board.passage(cell("c3"), cell("d3")) is Passage.OPEN
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "d3") == (1, 1)
    assert path(only_way(reach, "d3")) == ["c3", "d3"]
    assert best(reach, "e3") == (1, 4)  # d3's other portcullises are still closed: round by d4/e4


def test_b_edge_6_arrow_slit_blocks_all_but_the_naga() -> None:
    grid = room_grid(1, slits=box("d3", "d4", "d2", "c3", "e3"))
    for cls, expected in (("cleric", None), ("backstabber", None), ("wizard", None), ("naga", (1, 1))):
        pos = make_position(characters=f"- {{id: me, side: player, class: {cls}, at: c3}}", grids={1: grid})
        reach = search(pos, "me", Means(jumps=0, paid_abilities=True))
        assert best(reach, "d3") == expected, cls


def test_b_edge_6_arrow_slit_detour_for_others() -> None:
    grid = room_grid(1, slits=(("c3", "c4"),))
    cleric = make_position(characters="- {id: me, side: player, class: cleric, at: c3}", grids={1: grid})
    naga = make_position(characters="- {id: me, side: player, class: naga, at: c3}", grids={1: grid})
    assert best(search(cleric, "me", NO_JUMPS), "c4") == (1, 3)
    assert best(search(naga, "me", NO_JUMPS), "c4") == (1, 1)  # B-NAGA-2


def test_b_edge_8_no_diagonal_steps() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3}")
    reach = search(pos, "me")
    assert best(reach, "d4") == (1, 2)
    walled = make_position(characters="- {id: me, side: player, class: cleric, at: c3}",
                           grids={1: room_grid(1, walls=(("c3", "c4"), ("c3", "d3")))})
    assert best(search(walled, "me", NO_JUMPS), "d4") == (1, 4)  # c3 c2 d2 d3 d4, not c3-d4


# -- B-EDGE-9 / AMB-BOUNDARY: edges between two rooms or a room and a line ---------------------
def test_b_edge_9_wall_printed_on_the_lower_room_only_blocks() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c5}",
                        grids={1: room_grid(1, walls=(("c5", "c6"),))})
    assert pos.board.passage(cell("c5"), cell("c6")) is Passage.WALL
    assert best(search(pos, "me", NO_JUMPS), "c6") == (1, 3)


def test_b_edge_9_wall_printed_on_the_upper_room_only_blocks() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c5}",
                        grids={3: room_grid(3, walls=(("c6", "c5"),))})
    assert pos.board.passage(cell("c5"), cell("c6")) is Passage.WALL
    assert best(search(pos, "me", NO_JUMPS), "c6") == (1, 3)


def test_amb_boundary_slit_beats_portcullis_key_cannot_open_it() -> None:
    # Slot 1 prints a portcullis on c5's north side, slot 3 an arrow slit on c6's south side: the
    # edge is an arrow slit (wall > slit > portcullis > open), so a Key does not open it and only
    # the Naga passes. The rest of the boundary is walled so the edge is the only way up.
    others = tuple((f"{f}5", f"{f}6") for f in "abde")
    grid1 = room_grid(1, walls=others, portcullises=(("c5", "c6"),))
    grid3 = room_grid(3, slits=(("c6", "c5"),))
    rooms = {s: "hidden" for s in (2, 4, 5, 6, 7, 8)}
    cleric = make_position(characters="- {id: me, side: player, class: cleric, at: c5, carries: key}",
                           grids={1: grid1, 3: grid3}, rooms=rooms)
    assert cleric.board.passage(cell("c5"), cell("c6")) is Passage.SLIT
    reach = search(cleric, "me", Means(jumps=0, paid_abilities=True))
    assert not any(sq // 10 >= 6 for sq in reach.best)
    naga = make_position(characters="- {id: me, side: player, class: naga, at: c5, carries: key}",
                         grids={1: grid1, 3: grid3}, rooms=rooms)
    assert best(search(naga, "me", NO_JUMPS), "c6") == (1, 1)


def test_amb_boundary_portcullis_on_one_side_only_is_a_portcullis() -> None:
    # Printed on slot 3's side only: still a closed portcullis that a Key opens (B-KEY-2).
    others = tuple((f"{f}5", f"{f}6") for f in "abde")
    grid1 = room_grid(1, walls=others)
    grid3 = room_grid(3, portcullises=(("c6", "c5"),))
    rooms = {s: "hidden" for s in (2, 4, 5, 6, 7, 8)}
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c5, carries: key}",
                        grids={1: grid1, 3: grid3}, rooms=rooms)
    assert pos.board.passage(cell("c5"), cell("c6")) is Passage.PORTCULLIS
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c6") == (2, 1)
    assert kinds(only_way(reach, "c6")) == ["open", "move"]


def test_b_edge_9_wall_between_room_and_starting_line() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, walls=(("c1", "c0"),))})
    assert pos.board.passage(cell("c1"), cell("c0")) is Passage.WALL
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c0") == (1, 3)  # c1 b1 b0 c0 (or via d): along the line, B-EDGE-10


# -- B-EDGE-10 / B-MOVE-15 / B-MOVE-16: starting lines and hidden rooms -------------------------
def test_b_edge_10_walk_the_whole_own_line_between_hidden_rooms() -> None:
    # B-EDGE-10, AMB-B-LINE, B-MOVE-15, B-MOVE-16: with slots 1 and 2 hidden only the line remains.
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: a0}",
                        rooms={1: "hidden", 2: "hidden"})
    reach = search(pos, "me")
    assert sorted(names(reach.best)) == sorted(f"{f}0" for f in "bcdefghij")
    assert best(reach, "e0") == (1, 4)
    assert best(reach, "f0") == (2, 5)  # across the middle where the two end rooms meet
    assert best(reach, "j0") == (3, 9)
    assert path(only_way(reach, "j0")) == [f"{f}0" for f in "abcdefghij"]


def test_amb_blueline_npc_walks_its_own_line() -> None:
    pos = make_position(characters="- {id: n, side: npc, card: nolock, at: a21}",
                        rooms={7: "hidden", 8: "hidden"})
    reach = search(pos, "n")
    assert sorted(names(reach.best)) == sorted(f"{f}21" for f in "bcdefghij")
    assert best(reach, "j21") == (3, 9)


def test_b_move_15_own_line_as_a_shortcut() -> None:
    # A wall splits slot 1 between files c and d; slots 2 and 3 hidden: c1 -> d1 goes c0 d0.
    split = tuple((f"c{r}", f"d{r}") for r in range(1, 6))
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, walls=split)},
                        rooms={s: "hidden" for s in (2, 3, 4, 5, 6, 7, 8)})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c0") == (1, 1)
    assert best(reach, "d1") == (1, 3)
    assert path(only_way(reach, "d1")) == ["c1", "c0", "d0", "d1"]


def test_b_move_16_hidden_room_is_neither_entered_nor_crossed() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c5}", rooms={3: "hidden"})
    reach = search(pos, "me")
    assert not [square_name(sq) for sq in reach.best if slot_of(sq) == 3]
    # Round through slots 2 and 4: c5 d5 e5 f5, f6 ... f11, e11 d11 c11 = 12 squares.
    assert best(reach, "c11") == (3, 12)


# -- B-MOVE-1/2, B-CHAR-4: movement value per class ------------------------------------------
@pytest.mark.parametrize("cls", sorted(MOVEMENT))
def test_b_move_1_movement_value_of_each_player_class(cls: str) -> None:
    mv = MOVEMENT[cls]
    pos = make_position(characters=f"- {{id: me, side: player, class: {cls}, at: a1}}")
    reach = search(pos, "me")
    assert best(reach, f"a{1 + mv}") == (1, mv)
    assert best(reach, f"a{2 + mv}") == (2, mv + 1)
    assert best(reach, "a2") == (1, 1)  # B-MOVE-2: need not use all its movement
    # Open rooms, no pits: every square costs ceil(d / movement) moves of d squares in all.
    start = cell("a1")
    assert len(reach.best) == 219
    for sq, cost in reach.best.items():
        d = manhattan(start, sq)
        assert cost == (ceil(d / mv), d), (square_name(sq), cost)


@pytest.mark.parametrize("card", sorted(NPC_CARDS))
def test_b_move_1_movement_value_of_each_npc_class(card: str) -> None:
    mv = MOVEMENT[NPC_CARDS[card]]
    pos = make_position(characters=f"- {{id: n, side: npc, card: {card}, at: a20}}")
    reach = search(pos, "n")
    assert best(reach, f"a{20 - mv}") == (1, mv)
    assert best(reach, f"a{19 - mv}") == (2, mv + 1)
    start = cell("a20")
    for sq, cost in reach.best.items():
        d = manhattan(start, sq)
        assert cost == (ceil(d / mv), d), (square_name(sq), cost)


# -- B-MOVE-5/8/10: figures and wounded on the way --------------------------------------------
def test_b_move_5_pass_friendly_figures_never_stop_on_them() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: f1, side: player, class: mechanork, at: c2}
        - {id: f2, side: player, class: naga, at: c3}
    """)
    reach = search(pos, "me")
    assert cell("c2") not in reach.best and cell("c3") not in reach.best
    assert best(reach, "c4") == (1, 3)  # B-GOLD-4: two friends crossed in the middle of the move
    assert path(only_way(reach, "c4")) == ["c1", "c2", "c3", "c4"]


def test_b_move_5_npc_passes_friendly_npc() -> None:
    pos = make_position(characters="""
        - {id: n, side: npc, card: nolock, at: c1}
        - {id: m, side: npc, card: yom, at: c2}
    """)
    reach = search(pos, "n")
    assert cell("c2") not in reach.best
    assert best(reach, "c3") == (1, 2)


def test_b_move_8_cross_any_wounded() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1, carries: key}
        - {id: w1, side: player, class: naga, at: c2, wounded: true}
        - {id: w2, side: npc, card: nolock, at: c3, wounded: true}
    """)
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c4") == (1, 3)
    assert path(only_way(reach, "c4")) == ["c1", "c2", "c3", "c4"]


def test_b_move_10_enemy_figure_blocks() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: n, side: npc, card: nolock, at: c2}
    """)
    reach = search(pos, "me", NO_JUMPS)
    assert cell("c2") not in reach.best
    assert best(reach, "c3") == (1, 4)
    for way in reach.ways(cell("c3")):
        assert "c2" not in path(way)


def test_b_move_10_player_figure_blocks_an_npc() -> None:
    pos = make_position(characters="""
        - {id: n, side: npc, card: pere-bonsoins, at: c1}
        - {id: me, side: player, class: telepath, at: c2}
    """)
    reach = search(pos, "n", NO_JUMPS)
    assert cell("c2") not in reach.best
    assert best(reach, "c3") == (1, 4)


# -- B-MOVE-9: pits ------------------------------------------------------------------------
def test_b_move_9_pit_neither_crossed_nor_stopped_on_without_rope() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, pits=("c2",))})
    reach = search(pos, "me", NO_JUMPS)
    assert cell("c2") not in reach.best
    assert best(reach, "c3") == (1, 4)
    for way in reach.ways(cell("c3")):
        assert "c2" not in path(way)


# -- B-WIZ-2/3, B-COLO-4: levitation and the Giant ----------------------------------------------
def test_b_wiz_2_wizard_levitates_over_enemies_and_pits() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: wizard, at: c1}
        - {id: n, side: npc, card: nolock, at: c2}
    """, grids={1: room_grid(1, pits=("c3", "c4"))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c5") == (1, 4)  # over an enemy and two pits in a row
    assert path(only_way(reach, "c5")) == ["c1", "c2", "c3", "c4", "c5"]


def test_b_wiz_3_wizard_cannot_stop_on_an_enemy_or_a_pit() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: wizard, at: c1}
        - {id: n, side: npc, card: nolock, at: c2}
    """, grids={1: room_grid(1, pits=("c3",))})
    reach = search(pos, "me")
    assert cell("c2") not in reach.best
    assert cell("c3") not in reach.best
    assert best(reach, "c4") == (1, 3)


def test_b_wiz_5_wizard_does_not_cross_walls() -> None:
    pos = make_position(characters="- {id: me, side: player, class: wizard, at: c1}",
                        grids={1: room_grid(1, walls=(("c1", "c2"),), slits=(("c1", "b1"),),
                                            portcullises=(("c1", "d1"),))})
    reach = search(pos, "me")
    assert best(reach, "c2") == (2, 5)  # c1 c0 b0 b1 b2 c2: only round by the line


@pytest.mark.parametrize("cls,passes", [
    ("wizard", True), ("banshee", True), ("telepath", True),
    ("cleric", False), ("mechanork", False), ("naga", False), ("backstabber", False), ("colossus", False),
])
def test_b_colo_4_giant_lets_combat_1_or_less_pass_an_enemy_colossus(cls: str, passes: bool) -> None:
    pos = make_position(characters=f"""
        - {{id: me, side: player, class: {cls}, at: c1}}
        - {{id: big, side: npc, card: arthos, at: c2}}
    """)
    reach = search(pos, "me", NO_JUMPS)
    assert cell("c2") not in reach.best  # never stops on it
    d = 2 if passes else 4
    assert best(reach, "c3") == (ceil(d / MOVEMENT[cls]), d)


def test_b_colo_4_giant_is_only_about_a_colossus() -> None:
    for cls, expected in (("banshee", (1, 4)), ("telepath", (2, 4)), ("wizard", (1, 2))):
        pos = make_position(characters=f"""
            - {{id: me, side: player, class: {cls}, at: c1}}
            - {{id: n, side: npc, card: nolock, at: c2}}
        """)
        assert best(search(pos, "me", NO_JUMPS), "c3") == expected, cls


def test_b_colo_4_npc_banshee_passes_the_players_colossus() -> None:
    pos = make_position(characters="""
        - {id: n, side: npc, card: wave-rick, at: c1}
        - {id: big, side: player, class: colossus, at: c2}
    """)
    reach = search(pos, "n", NO_JUMPS)
    assert best(reach, "c3") == (1, 2)
    assert cell("c2") not in reach.best


# -- B-NAGA-2 --------------------------------------------------------------------------------
@pytest.mark.parametrize("carries", ["rope", "key", "w1"])
def test_b_naga_2_naga_through_slits_even_carrying(carries: str) -> None:
    extra = "- {id: w1, side: player, class: cleric, wounded: true}" if carries == "w1" else ""
    pos = make_position(characters=f"""
        - {{id: me, side: player, class: naga, at: c3, carries: {carries}}}
        {extra}
    """, grids={1: room_grid(1, slits=box("d3", "d4", "d2", "c3", "e3"))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "d3") == (1, 1)
    assert best(reach, "e3") == (1, 2)  # in through one slit and out through another
    item = "wounded:w1" if carries == "w1" else carries
    # The way that keeps the item exists at that cost (a tied way leaves it on c3, B-CARRY-4).
    assert any(w.final.carried == item for w in reach.ways(cell("e3")))


# -- B-MOVE-12/13, B-GOLD-3: where a move may end --------------------------------------------
def test_b_move_13_end_on_a_friendly_wounded_and_carry_it() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: w, side: player, class: naga, at: c2, wounded: true}
    """)
    reach = search(pos, "me")
    assert best(reach, "c2") == (1, 1)
    way = only_way(reach, "c2")
    # B-MOVE-13 / B-CARRY-2 (AMB-B-CARRY): a figure ending on a friendly wounded carries it.
    apply_way(pos, "me", way)
    assert pos.character("me").carries == "w" and pos.character("w").at is None
    assert pos.status() == []


def test_b_move_13_not_on_a_friendly_wounded_when_carrying_an_object() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1, carries: key}
        - {id: w, side: player, class: naga, at: c2, wounded: true}
    """)
    reach = search(pos, "me", NO_JUMPS)
    # It may end there only after leaving its Key on c1 as the move starts (B-CARRY-4).
    assert best(reach, "c2") == (1, 1)
    assert all(left_behind(w) == [("c1", "key")] for w in reach.ways(cell("c2")))
    assert best(reach, "c3") == (1, 2)


def test_b_move_13_not_on_a_friendly_wounded_lying_on_an_object() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: w, side: player, class: naga, at: c2, wounded: true}
    """, objects="- {kind: bow, at: c2}")
    reach = search(pos, "me", NO_JUMPS)
    assert cell("c2") not in reach.best  # figure + wounded + object never together (B-GOLD-3)
    assert best(reach, "c3") == (1, 2)


def test_b_move_12_never_end_on_an_enemy_wounded() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: w, side: npc, card: nolock, at: c2, wounded: true}
    """)
    reach = search(pos, "me", NO_JUMPS)
    assert cell("c2") not in reach.best
    assert best(reach, "c3") == (1, 2)


def test_b_move_12_npc_never_ends_on_a_player_wounded() -> None:
    pos = make_position(characters="""
        - {id: n, side: npc, card: nolock, at: c1}
        - {id: w, side: player, class: cleric, at: c2, wounded: true}
    """)
    reach = search(pos, "n", NO_JUMPS, PriorityPickups(NOLOCK_OBJECTS))
    assert cell("c2") not in reach.best
    assert best(reach, "c3") == (1, 2)


def test_b_gold_3_checked_at_the_end_of_the_action_only() -> None:
    # Carrying a Key, the Cleric crosses a square holding a spear (two objects there mid-move) but
    # cannot end on it: keeping the Key or swapping both leave two objects on one square.
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1, carries: key}",
                        objects="- {kind: spear, at: c2}")
    reach = search(pos, "me", NO_JUMPS)
    # Ending on c2 needs the Key left on c1 first (B-CARRY-4): never two objects at the end.
    assert all(left_behind(w) == [("c1", "key")] for w in reach.ways(cell("c2")))
    assert best(reach, "c3") == (1, 2)
    assert path(only_way(reach, "c3")) == ["c1", "c2", "c3"]


def test_b_carry_2_ending_on_an_object_carries_it() -> None:
    # AMB-B-CARRY: a figure sharing its square with an object at the end of an action carries it.
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        objects="- {kind: spear, at: c2}")
    reach = search(pos, "me")
    assert best(reach, "c2") == (1, 1)
    apply_way(pos, "me", only_way(reach, "c2"))
    assert pos.character("me").carries == "spear" and pos.objects == []


# -- B-MOVE-17, B-EXIT: exiting through the opponent's line -----------------------------------
def test_b_move_17_entering_the_opponents_line_exits_and_ends_the_action() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c19}")
    reach = search(pos, "me")
    assert best(reach, "c21") == (1, 2)
    way = only_way(reach, "c21")
    assert way.final.exited
    assert path(way) == ["c19", "c20", "c21"]
    assert best(reach, "d21") == (1, 3)  # via d20, never along the blue line (B-EXIT-2)
    for sq in reach.best:
        for w in reach.ways(sq):
            on_line = [s for s in w.squares_path if s // 10 == 21]
            assert on_line == ([sq] if sq // 10 == 21 else []), (square_name(sq), path(w))
            assert w.final.exited == (sq // 10 == 21)


def test_b_exit_7_opponent_figure_on_its_own_line_blocks_that_exit() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c19}
        - {id: n, side: npc, card: nolock, at: c21}
    """)
    reach = search(pos, "me")
    assert cell("c21") not in reach.best
    assert best(reach, "b21") == (1, 3)


def test_b_exit_6_exit_onto_an_enemy_wounded_on_its_own_line() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c19}
        - {id: n, side: npc, card: nolock, at: c21, wounded: true}
    """)
    reach = search(pos, "me")
    assert best(reach, "c21") == (1, 2)
    assert only_way(reach, "c21").final.exited


def test_b_exit_1_npc_exits_on_the_yellow_line() -> None:
    pos = make_position(characters="- {id: n, side: npc, card: nolock, at: c2}")
    reach = search(pos, "n")
    assert best(reach, "c0") == (1, 2)
    assert only_way(reach, "c0").final.exited
    assert best(reach, "d0") == (1, 3)


# -- B-ROPE ----------------------------------------------------------------------------------
def test_b_rope_1_carried_rope_crosses_a_pit_and_stops_on_it() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1, carries: rope}",
                        grids={1: room_grid(1, pits=("c2",))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c2") == (1, 1)
    assert all(w.final.carried == "rope" for w in reach.ways(cell("c2")))
    assert best(reach, "c3") == (1, 2)


def test_b_rope_10_rope_crosses_one_pit_turning_an_l() -> None:
    # c1 is closed on three sides; the only way out is the pit c2, then d2 (an L).
    grid = room_grid(1, pits=("c2", "c3", "b2"), walls=box("c1", "b1", "d1", "c0"))
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1, carries: rope}",
                        grids={1: grid})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "d2") == (1, 2)
    assert path(only_way(reach, "d2")) == ["c1", "c2", "d2"]


def test_b_rope_3_rope_lying_in_a_pit_lets_anyone_cross() -> None:
    grid = room_grid(1, pits=("c2",))
    player = make_position(characters="- {id: me, side: player, class: cleric, at: c1, carries: key}",
                           objects="- {kind: rope, at: c2}", grids={1: grid})
    reach = search(player, "me", NO_JUMPS)
    assert best(reach, "c3") == (1, 2)
    # Key + Rope would be two objects on the square: only after leaving the Key on c1 (B-CARRY-4).
    assert all(left_behind(w) == [("c1", "key")] for w in reach.ways(cell("c2")))
    npc = make_position(characters="- {id: n, side: npc, card: nolock, at: c1}",
                        objects="- {kind: rope, at: c2}", grids={1: grid})
    reach = search(npc, "n", NO_JUMPS, PriorityPickups(NOLOCK_OBJECTS))
    assert best(reach, "c3") == (1, 2)
    assert best(reach, "c2") == (1, 1)  # and stop on it (nolock does not list the Rope)


def test_b_rope_4_pick_up_the_rope_in_a_pit_and_use_it_further() -> None:
    grid = room_grid(1, pits=("c2", "c4"))
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        objects="- {kind: rope, at: c2}", grids={1: grid})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c5") == (1, 4)
    way = only_way(reach, "c5")
    assert path(way) == ["c1", "c2", "c3", "c4", "c5"]
    assert way.final.carried == "rope"
    assert (cell("c2"), "pick_up", "rope") in way.actions[0].events


def test_b_rope_4_npc_listing_the_rope_picks_it_up() -> None:
    grid = room_grid(1, pits=("c2", "c4"))
    pos = make_position(characters="- {id: n, side: npc, card: lissandra, at: c1}",
                        objects="- {kind: rope, at: c2}", grids={1: grid})
    reach = search(pos, "n", NO_JUMPS, PriorityPickups(LISSANDRA_OBJECTS))
    assert best(reach, "c5") == (1, 4)
    assert only_way(reach, "c5").final.carried == "rope"


def test_b_rope_6_friend_standing_on_a_pit_with_the_rope() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: f, side: player, class: mechanork, at: c2, carries: rope}
    """, grids={1: room_grid(1, pits=("c2",))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c3") == (1, 2)
    assert cell("c2") not in reach.best
    assert all(w.final.carried is None for w in reach.ways(cell("c3")))  # B-ROPE-7: not his Rope


def test_b_rope_10_two_consecutive_pits_not_with_one_rope() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1, carries: rope}",
                        grids={1: room_grid(1, pits=("c2", "c3"))})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "c2") == (1, 1)
    assert best(reach, "c4") == (2, 5)  # round by b or d, not c1 c2 c3 c4
    for way in reach.ways(cell("c4")):
        for action in way.actions:
            sqs = names(action.path)
            assert not any(a in ("c2", "c3") and b in ("c2", "c3") for a, b in pairwise(sqs))


# -- B-JUMP, S-ACT-7 ---------------------------------------------------------------------------
CELL = box("c1", "b1", "d1", "c0")  # c1 opens only onto c2


def test_b_jump_3_jump_straight_or_l_onto_squares_next_to_the_pit() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, pits=("c2",), walls=CELL)})
    reach = search(pos, "me", ONE_JUMP)
    for landing in ("c3", "b2", "d2"):
        assert best(reach, landing) == (1, 2), landing
        way = only_way(reach, landing)
        assert kinds(way) == ["jump"]
        assert names(way.actions[0].path) == ["c1", "c2", landing]
    assert cell("c2") not in reach.best
    assert best(reach, "c4") == (2, 3)
    assert kinds(only_way(reach, "c4")) == ["jump", "move"]


def test_b_jump_2_no_jump_card_no_jump() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, pits=("c2",), walls=CELL)})
    assert search(pos, "me", NO_JUMPS).best == {}


def test_b_jump_2_pit_must_be_adjacent() -> None:
    # A closed portcullis between the figure and the pit: not adjacent (B-EDGE-8), no jump.
    grid = room_grid(1, pits=("c2",), walls=CELL[:3], portcullises=(("c1", "c2"),))
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}", grids={1: grid})
    assert search(pos, "me", ONE_JUMP).best == {}


def test_b_jump_4_no_jump_over_a_pit_holding_a_character() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: n, side: npc, card: nolock, at: c2, carries: rope}
    """, grids={1: room_grid(1, pits=("c2",), walls=CELL)})
    assert search(pos, "me", ONE_JUMP).best == {}


def test_b_jump_4_pit_holding_a_wounded_is_walked_not_jumped() -> None:
    # AMB-B-JUMPOCC: an enemy wounded hangs on a Rope in the pit. The Rope lets anyone walk across
    # (B-ROPE-3, B-MOVE-8), but no way may jump over it.
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1, carries: key}
        - {id: w, side: npc, card: nolock, at: c2, wounded: true}
    """, objects="- {kind: rope, at: c2}", grids={1: room_grid(1, pits=("c2",), walls=CELL)})
    reach = search(pos, "me")
    assert best(reach, "c3") == (1, 2)
    for sq in reach.best:
        for way in reach.ways(sq):
            assert "jump" not in kinds(way), (square_name(sq), kinds(way))


def test_b_jump_7_landing_must_be_a_valid_square() -> None:
    pos = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c1}
        - {id: f, side: player, class: naga, at: c3}
        - {id: w, side: npc, card: nolock, at: d2, wounded: true}
    """, grids={1: room_grid(1, pits=("c2",), walls=CELL)})
    reach = search(pos, "me", ONE_JUMP)
    assert best(reach, "b2") == (1, 2)
    assert cell("c3") not in reach.best and cell("d2") not in reach.best
    for sq in reach.best:
        assert kinds(reach.ways(sq)[0])[0] == "jump"
        assert names(reach.ways(sq)[0].actions[0].path)[2] == "b2"


def test_b_jump_8_jump_onto_the_opponents_line_exits() -> None:
    # AMB-B-JUMPEXIT: allowed, the figure exits at once.
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c19}",
                        grids={7: room_grid(7, pits=("c20",))})
    reach = search(pos, "me", ONE_JUMP)
    assert best(reach, "c21") == (1, 2)
    way = only_way(reach, "c21")
    assert kinds(way) == ["jump"] and way.final.exited


CORRIDOR = box("c1", "b1", "d1", "c0") + box("c2", "b2", "d2") + box("c3", "b3", "d3") + box("c4", "b4", "d4")


def test_b_jump_means_jumps_one_allows_one_jump_only() -> None:
    grid = room_grid(1, pits=("c2", "c4"), walls=CORRIDOR)
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}", grids={1: grid})
    one = search(pos, "me", ONE_JUMP)
    assert sorted(names(one.best)) == ["c3"]
    assert best(one, "c3") == (1, 2)
    two = search(pos, "me", Means(jumps=2))
    assert best(two, "c5") == (2, 4)
    assert kinds(only_way(two, "c5")) == ["jump", "jump"]


def test_s_act_7_unlimited_jumps_search_ends() -> None:
    # Means() / npc_means(): jumps limited only by AP, and no AP limit given: the search must still
    # end (jumping back and forth over a pit never reaches a new place).
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, pits=("c2",))})
    reach = search(pos, "me", Means())
    assert best(reach, "c3") == (1, 2)
    assert len(reach.best) == 218


def test_s_act_7_npc_jumps_freely_as_ap_allow() -> None:
    grid = room_grid(1, pits=("c2", "c4"), walls=CORRIDOR)
    pos = make_position(characters="- {id: n, side: npc, card: nolock, at: c1}", grids={1: grid})
    reach = search(pos, "n", npc_means())
    assert best(reach, "c5") == (2, 4)
    assert kinds(only_way(reach, "c5")) == ["jump", "jump"]
    assert best(reach, "c6") == (3, 5)
    limited = search(pos, "n", npc_means(max_ap=1))
    assert sorted(names(limited.best)) == ["c3"]


# -- B-KEY-2 / S-OBJ-6 / S-OBJ-7; B-BACK-4, B-COLO-2 / S-ACT-3 ----------------------------------
CELL_C4 = room_grid(1, walls=box("c4", "b4", "d4", "c5"), portcullises=(("c3", "c4"),))


def test_b_key_2_key_opens_a_closed_portcullis_for_one_ap() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3, carries: key}",
                        grids={1: CELL_C4})
    reach = search(pos, "me")
    assert best(reach, "c4") == (2, 1)
    way = only_way(reach, "c4")
    assert kinds(way) == ["open", "move"]
    assert names(way.actions[0].path) == ["c3", "c4"]
    assert ("open", edge(cell("c3"), cell("c4"))) in way.final.delta


def test_s_obj_6_key_picked_up_on_the_way_opens_the_portcullis() -> None:
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        objects="- {kind: key, at: c2}", grids={1: CELL_C4})
    reach = search(pos, "me")
    assert best(reach, "c4") == (3, 3)
    way = only_way(reach, "c4")
    assert kinds(way) == ["move", "open", "move"]
    assert path(way) == ["c1", "c2", "c3", "c4"]
    assert (cell("c2"), "pick_up", "key") in way.actions[0].events
    assert way.final.carried == "key"


def test_s_obj_6_npc_key_picked_up_on_the_way() -> None:
    pos = make_position(characters="- {id: n, side: npc, card: brikoltou, at: c1}",
                        objects="- {kind: key, at: c2}", grids={1: CELL_C4})
    reach = search(pos, "n", npc_means(), PriorityPickups(BRIKOLTOU_OBJECTS))
    assert best(reach, "c4") == (3, 3)
    assert kinds(only_way(reach, "c4")) == ["move", "open", "move"]


def test_b_carry_4_player_swaps_the_rope_for_a_key_on_the_way() -> None:
    # B-CARRY-3/4, B-GOLD-4: carrying the Rope, the Cleric leaves it on c2 and takes the Key lying
    # there (a swap, free), then opens the portcullis: at the end of the move c2 holds the Rope only.
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1, carries: rope}",
                        objects="- {kind: key, at: c2}", grids={1: CELL_C4})
    reach = search(pos, "me")
    assert best(reach, "c4") == (3, 3)
    way = only_way(reach, "c4")
    assert kinds(way) == ["move", "open", "move"]
    assert way.actions[0].events == ((cell("c2"), "swap", "rope>key"),)
    assert {("take", cell("c2"), "key"), ("drop", cell("c2"), "rope")} <= way.final.delta


def test_s_obj_1_npc_not_listing_the_key_cannot_use_it() -> None:
    pos = make_position(characters="- {id: n, side: npc, card: nolock, at: c1}",
                        objects="- {kind: key, at: c2}", grids={1: CELL_C4})
    reach = search(pos, "n", npc_means(), PriorityPickups(NOLOCK_OBJECTS))
    assert cell("c4") not in reach.best
    assert all(w.final.carried is None for w in reach.ways(cell("c3")))


def test_b_back_4_lock_picking_only_with_paid_abilities() -> None:
    # S-ACT-3: paid abilities only where the caller allows them.
    pos = make_position(characters="- {id: me, side: player, class: backstabber, at: c3}", grids={1: CELL_C4})
    assert cell("c4") not in search(pos, "me", Means()).best
    reach = search(pos, "me", Means(paid_abilities=True))
    assert best(reach, "c4") == (2, 1)
    assert kinds(only_way(reach, "c4")) == ["lock_pick", "move"]


def test_b_back_4_npc_backstabber_lock_picks_in_its_own_objective() -> None:
    pos = make_position(characters="- {id: n, side: npc, card: lissandra, at: c3}", grids={1: CELL_C4})
    assert cell("c4") not in search(pos, "n", npc_means()).best
    reach = search(pos, "n", npc_means(paid_abilities=True))
    assert best(reach, "c4") == (2, 1)
    assert kinds(only_way(reach, "c4")) == ["lock_pick", "move"]


def test_b_colo_2_breaking_only_with_paid_abilities() -> None:
    pos = make_position(characters="- {id: me, side: player, class: colossus, at: c3}", grids={1: CELL_C4})
    assert cell("c4") not in search(pos, "me", Means()).best
    reach = search(pos, "me", Means(paid_abilities=True))
    assert best(reach, "c4") == (2, 1)
    way = only_way(reach, "c4")
    assert kinds(way) == ["break", "move"]
    assert ("break", edge(cell("c3"), cell("c4"))) in way.final.delta


# c2 and c3 are pits with a closed portcullis between them; c3 is walled on its other sides, c2 on
# its sides but c1 (open, or behind a second portcullis). One Rope crosses one pit at a time
# (B-ROPE-10): no step from c2 into c3.
def pit_behind_a_portcullis(second: bool) -> str:
    return room_grid(1, pits=("c2", "c3"), portcullises=(("c2", "c3"),) + ((("c2", "c1"),) if second else ()),
                     walls=box("c3", "b3", "d3", "c4") + box("c2", "b2", "d2"))


@pytest.mark.parametrize("second", [False, True])
@pytest.mark.parametrize("mover", [
    "- {id: me, side: npc, card: arthos, at: c2, carries: rope}",  # Colossus: breaks (B-COLO-2)
    "- {id: me, side: player, class: backstabber, at: c2, carries: rope}",  # lock-picks (B-BACK-4)
])
def test_b_jump_3_out_of_the_pit_and_back_over_it_through_the_opened_portcullis(
        mover: str, second: bool) -> None:
    # Issue 14 round 7 (found by hypothesis, AMB-OPEN-CROSS): from the pit c2 with the Rope, open the
    # portcullis to c3 (and the one to c1), step out to c1, jump back over c2 onto c3 (B-JUMP-3: the
    # pit the figure left is empty, B-JUMP-4; landing in a pit with the Rope is valid, B-JUMP-7).
    pos = make_position(characters=mover, grids={1: pit_behind_a_portcullis(second)})
    policy = PriorityPickups(()) if "npc" in mover else None
    reach = search(pos, "me", Means(paid_abilities=True, max_ap=4), policy)
    assert best(reach, "c3") == ((4, 3) if second else (3, 3))
    (way,) = reach.ways(cell("c3"))
    opening = "lock_pick" if "backstabber" in mover else "break"
    assert kinds(way) == [opening] * (1 + second) + ["move", "jump"]
    assert [names(a.path) for a in way.actions] == (
        [["c2", "c3"]] + [["c2", "c1"]] * second + [["c2", "c1"], ["c1", "c2", "c3"]])
    assert [(a.ap, a.squares) for a in way.actions] == [(1, 0)] * (1 + second) + [(1, 1), (1, 2)]
    assert way.final.carried == "rope"
    assert path(way) == ["c2", "c1", "c3"]
    assert {edge(cell("c2"), cell("c3"))} | ({edge(cell("c2"), cell("c1"))} if second else set()) == {
        change[1] for change in way.final.delta}
    # Without the ability the portcullis stays shut and c3 cannot be reached at all.
    assert cell("c3") not in search(pos, "me", Means(max_ap=4), policy).best


@pytest.mark.parametrize("cls", ["cleric", "mechanork", "naga", "wizard", "banshee", "telepath"])
def test_b_back_4_b_colo_2_other_classes_have_no_such_ability(cls: str) -> None:
    pos = make_position(characters=f"- {{id: me, side: player, class: {cls}, at: c3}}", grids={1: CELL_C4})
    assert cell("c4") not in search(pos, "me", Means(paid_abilities=True)).best


def test_b_key_2_portcullis_between_a_room_and_the_line() -> None:
    # The portcullis on a1's border with the yellow line (square a0): the open action names it.
    grid = room_grid(1, walls=(("a1", "b1"),), portcullises=(("a1", "a0"),))
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: a1, carries: key}",
                        grids={1: grid})
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "a0") == (2, 1)  # rather than a2 b2 b1 b0 a0, (2, 5)
    way = only_way(reach, "a0")
    assert kinds(way) == ["open", "move"]
    assert names(way.actions[0].path) == ["a1", "a0"]
    assert ("open", edge(cell("a0"), cell("a1"))) in way.final.delta


@pytest.mark.parametrize("cls,means", [
    ("colossus", Means(paid_abilities=True, max_ap=3)),
    ("backstabber", Means(paid_abilities=True, max_ap=3)),
    ("cleric", Means(max_ap=3)),
])
def test_every_way_through_a_portcullis_can_be_rebuilt(cls: str, means: Means) -> None:
    # B-KEY-2, B-BACK-4, B-COLO-2: reach.ways() must rebuild every way, including those that go
    # through a portcullis and come back (the engine's parent links must not loop).
    carries = ", carries: key" if cls == "cleric" else ""
    pos = make_position(characters=f"- {{id: me, side: player, class: {cls}, at: a4{carries}}}",
                        grids={1: room_grid(1, portcullises=(("c4", "d4"),), walls=(("c4", "c5"),))})
    reach = search(pos, "me", means)
    # Walking round (c3 d3 or b5 c5 d5) is 5 squares; breaking costs a move a4-c4, the break and
    # a move c4-d4: (3, 3), better than the Colossus's (3, 5) on foot; the others walk (2, 5).
    assert best(reach, "d4") == ((3, 3) if cls == "colossus" else (2, 5))
    for sq in reach.best:
        for way in reach.ways(sq):
            assert way.squares_path[0] == cell("a4")
            assert len(way.actions) <= 3


# -- S-OBJ-1/2: NPC pick-ups -------------------------------------------------------------------
def _npc_over(objects: str, carries: str | None = None) -> Reach:
    carry = f", carries: {carries}" if carries else ""
    pos = make_position(characters=f"- {{id: n, side: npc, card: nolock, at: c1{carry}}}", objects=objects)
    return search(pos, "n", npc_means(), PriorityPickups(NOLOCK_OBJECTS))


def test_s_obj_1_npc_picks_up_a_listed_object_it_crosses() -> None:
    reach = _npc_over("- {kind: spear, at: c2}")
    assert best(reach, "c3") == (1, 2)
    ways = reach.ways(cell("c3"))
    assert [w.final.carried for w in ways] == ["spear"]
    assert ways[0].actions[0].events == ((cell("c2"), "pick_up", "spear"),)


def test_s_obj_1_npc_ignores_an_unlisted_object() -> None:
    reach = _npc_over("- {kind: key, at: c2}")
    assert best(reach, "c3") == (1, 2)
    assert [w.final.carried for w in reach.ways(cell("c3"))] == [None]


def test_s_obj_2_npc_swaps_for_a_better_object() -> None:
    reach = _npc_over("- {kind: spear, at: c2}", carries="bow")
    ways = reach.ways(cell("c3"))
    assert [w.final.carried for w in ways] == ["spear"]
    assert ("drop", cell("c2"), "bow") in ways[0].final.delta
    assert ways[0].actions[0].events[0][:2] == (cell("c2"), "swap")


def test_s_obj_2_swap_drops_on_the_last_valid_square_when_the_new_square_is_full() -> None:
    # S-OBJ-2 / AMB-SWAP-DROP: nolock (wounded before spear) carries the spear over a friendly
    # wounded lying on a wand. Leaving the spear there would put two objects on c2 (B-GOLD-3), so
    # it is dropped on the last valid square, c1, where nolock came from.
    pos = make_position(characters="""
        - {id: n, side: npc, card: nolock, at: c1, carries: spear}
        - {id: w, side: npc, card: yom, at: c2, wounded: true}
    """, objects="- {kind: wand, at: c2}")
    reach = search(pos, "n", npc_means(), PriorityPickups(NOLOCK_OBJECTS))
    ways = reach.ways(cell("c3"))
    assert [w.final.carried for w in ways] == ["wounded:w"]
    assert ("drop", cell("c2"), "spear") not in ways[0].final.delta
    assert ("drop", cell("c1"), "spear") in ways[0].final.delta


def test_b_gold_3_player_swap_never_leaves_two_wounded_on_a_square() -> None:
    # The Backstabber carries the wounded w4 and crosses f0, where the wounded o2 lies on a Key.
    # Swapping w4 for the Key there would leave two wounded on f0 at the end of the action.
    pos = make_position(characters="""
        - {id: me, side: player, class: backstabber, at: b0, carries: w4}
        - {id: w4, side: player, class: cleric, wounded: true}
        - {id: o2, side: player, class: naga, at: f0, wounded: true}
    """, objects="- {kind: key, at: f0}")
    reach = search(pos, "me", NO_JUMPS)
    assert best(reach, "g0") == (2, 5)
    for sq in reach.best:
        for way in reach.ways(sq):
            assert ("drop", cell("f0"), "wounded:w4") not in way.final.delta, (square_name(sq), kinds(way))


def test_s_obj_2_npc_keeps_a_better_object() -> None:
    reach = _npc_over("- {kind: bow, at: c2}", carries="spear")
    assert [w.final.carried for w in reach.ways(cell("c3"))] == ["spear"]


def test_s_obj_1_npc_picks_up_the_best_listed_wounded_friend() -> None:
    pos = make_position(characters="""
        - {id: n, side: npc, card: nolock, at: c1}
        - {id: w, side: npc, card: yom, at: c2, wounded: true}
    """)
    reach = search(pos, "n", npc_means(), PriorityPickups(NOLOCK_OBJECTS))
    assert [w.final.carried for w in reach.ways(cell("c3"))] == ["wounded:w"]


# -- S-PROX-1/2/3 -------------------------------------------------------------------------------
def test_s_prox_1_fewer_ap_wins_despite_more_squares() -> None:
    # Opening the portcullis would give (2 AP, 1 square); walking round gives (1 AP, 3 squares).
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c3, carries: key}",
                        grids={1: room_grid(1, portcullises=(("c3", "c4"),))})
    reach = search(pos, "me")
    assert best(reach, "c4") == (1, 3)
    assert all(kinds(w) == ["move"] for w in reach.ways(cell("c4")))


def test_s_prox_2_equal_ap_fewer_squares_wins() -> None:
    # A jump over the pit (1 AP, 2 squares) beats walking round it (1 AP, 4 squares).
    pos = make_position(characters="- {id: me, side: player, class: cleric, at: c1}",
                        grids={1: room_grid(1, pits=("c2",))})
    reach = search(pos, "me", ONE_JUMP)
    assert best(reach, "c3") == (1, 2)
    assert [kinds(w) for w in reach.ways(cell("c3"))] == [["jump"]]


def test_s_prox_3_two_distinct_tied_outcomes_are_both_kept() -> None:
    # The Player's Telepath blocks c3: nolock goes round by b (picks up the spear at b3) or by d
    # (the bow at d3): same cost, different outcomes.
    pos = make_position(characters="""
        - {id: n, side: npc, card: nolock, at: c2}
        - {id: me, side: player, class: telepath, at: c3}
    """, objects="""
        - {kind: spear, at: b3}
        - {kind: bow, at: d3}
    """)
    reach = search(pos, "n", npc_means(), PriorityPickups(NOLOCK_OBJECTS))
    assert best(reach, "c4") == (1, 4)
    ways = reach.ways(cell("c4"))
    assert sorted(str(w.final.carried) for w in ways) == ["bow", "spear"]
    assert sorted(tuple(path(w)) for w in ways) == [("c2", "b2", "b3", "b4", "c4"),
                                                    ("c2", "d2", "d3", "d4", "c4")]


def test_s_prox_3_tied_ways_with_the_same_outcome_are_one() -> None:
    pos = make_position(characters="""
        - {id: n, side: npc, card: nolock, at: c2}
        - {id: me, side: player, class: telepath, at: c3}
    """)
    reach = search(pos, "n", npc_means(), PriorityPickups(NOLOCK_OBJECTS))
    assert best(reach, "c4") == (1, 4)
    assert len(reach.ways(cell("c4"))) == 1


# -- Mid-action change of objective (movement-model.md) ----------------------------------------
def test_steps_in_progress_continue_a_paid_move_at_zero_ap() -> None:
    pos = make_position(characters="- {id: n, side: npc, card: serpico, at: c3}")
    reach = search(pos, "n", npc_means(), steps_in_progress=3)
    assert best(reach, "c4") == (0, 1)
    assert best(reach, "c6") == (0, 3)
    assert best(reach, "d5") == (0, 3)
    assert best(reach, "c7") == (1, 4)
    way = only_way(reach, "c6")
    assert [a.ap for a in way.actions] == [0]
    assert path(way) == ["c3", "c4", "c5", "c6"]
    # Without steps in progress every move costs its AP.
    assert best(search(pos, "n", npc_means()), "c6") == (1, 3)


def test_steps_in_progress_can_end_where_a_new_move_could_not_start() -> None:
    # Three steps left: the NPC may cross the friend at c4 and stop at c5 for 0 AP.
    pos = make_position(characters="""
        - {id: n, side: npc, card: serpico, at: c3}
        - {id: f, side: npc, card: yom, at: c4}
    """)
    reach = search(pos, "n", npc_means(), steps_in_progress=2)
    assert best(reach, "c5") == (0, 2)
    assert path(only_way(reach, "c5")) == ["c3", "c4", "c5"]
    assert cell("c4") not in reach.best
