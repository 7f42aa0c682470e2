"""The balls the exact trails read (``solo.table.hops``, AMB-DROP-BACK-TRAIL): the board's hops, and
grown afresh once the table changes."""

from __future__ import annotations

import copy
import random

from solo.automaton.context import cards_of
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table import hops, movement
from solo.table.board import Board
from solo.table.carrying import PriorityPickups
from solo.table.movement import npc_means, static_facts
from solo.table.search import cheapest_paths
from solo.table.squares import Square

DEMO = RULES_DIR / "positions" / "demo.yaml"
REACHES = 40
"""More steps than any walk on the board takes."""


def _within(walk: dict[Square, int], reach: int) -> int:
    """The squares of a breadth-first walk at most ``reach`` steps away, as a bit mask."""
    return sum(1 << sq for sq, d in walk.items() if d <= reach)


def test_a_ball_holds_the_squares_the_walk_finds_within_its_reach() -> None:
    # Asked in any order: grown step by step as far as asked, then whole, then read back.
    import test_search_trails

    boards = [load_position(DEMO)]
    dense = (test_search_trails.dense_board(random.Random(seed)) for seed in range(6))
    boards += [p for p in dense if p is not None]
    rng = random.Random(7)
    for position in boards:
        static = static_facts(position.board.geometry())
        common = hops.Shared(static)
        for x in static.neighbours:
            walk = static.hops_from(x)
            far = max(walk.values())
            for reach in rng.sample(range(far + 4), far + 4):
                assert common.ball(x, reach) == _within(walk, reach), (x, reach)
            grown = common.found[x]
            assert x in common.whole and len(grown) == far + 4  # whole, read at once as far as asked
            assert grown[far] == grown[-1] and (far == 0 or grown[far - 1] != grown[far])


def _balls(board: Board) -> dict[Square, tuple[int, ...]]:
    """Every square's balls on the board's geometry now, as searches read them (the shared ones)."""
    static = static_facts(board.geometry())
    common = hops.shared(static)
    return {x: tuple(common.ball(x, reach) for reach in range(REACHES)) for x in static.neighbours}


def _walked(board: Board) -> dict[Square, tuple[int, ...]]:
    """:func:`_balls` as the breadth-first walks find them."""
    static = static_facts(board.geometry())
    return {x: tuple(_within(static.hops_from(x), reach) for reach in range(REACHES))
            for x in static.neighbours}


def test_balls_are_grown_afresh_once_a_room_turns_or_a_wall_breaks() -> None:
    position = load_position(DEMO)
    board = position.board
    before = _balls(board)
    board.rotate(4, 1)
    turned = _balls(board)
    assert turned == _walked(board)
    assert turned != before  # the old geometry's balls are not read again
    wall = next((a, Square(b)) for a in sorted(turned) for b in (a + 1, a + 10)
                if board.wall_broken(a, Square(b)) is False and not turned[a][1] >> b & 1)  # a printed wall
    board.set_wall(*wall, True)
    broken = _balls(board)
    assert broken == _walked(board)
    assert broken[wall[0]][1] >> wall[1] & 1  # a step through the broken wall


def test_a_search_after_a_change_reads_what_a_cold_start_reads() -> None:
    # AMB-DROP-BACK-TRAIL: Serpico's exact search on the demo board, its table changed after a search
    # filled the shared balls: the same reach as with every cache of the geometry dropped.
    position = load_position(DEMO)
    card = cards_of(position)["serpico"]
    policy = PriorityPickups(tuple(card.objects))
    means = npc_means(max_ap=5)
    first = cheapest_paths(position, "serpico", means, policy)
    position.board.rotate(4, 1)
    warm = cheapest_paths(position, "serpico", means, policy)
    hops._SHARED.clear()
    movement._STATIC.clear()
    cold = cheapest_paths(copy.deepcopy(position), "serpico", means, policy)
    assert (warm.settled, warm.best, warm.finals) == (cold.settled, cold.best, cold.finals)
    assert (warm.best, warm.finals) != (first.best, first.finals)  # the turned room changes the reach
