"""The AP floor's least weights (``bound._least``, AMB-SEARCH-BOUND) are those of a plain Dijkstra over
the rules its docstring states: a step weighs 1, a closed portcullis ``1 + crossing`` (never without
one), an arrow slit only for the Naga, no square of a figure it may not pass entered, the exit line
never left but from the start, nothing beyond ``limit`` (issue 16: the list and weight table it
reads are a way of computing them, not another bound)."""

from __future__ import annotations

import heapq
import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from test_activation_properties import SETTINGS, random_table
from test_early import bench_table

from solo.automaton.bound import _least, floor_of
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.table.geometry import OPEN, PORTCULLIS, SLIT
from solo.table.movement import Mover
from solo.table.position import Side
from solo.table.squares import Square, file_of, rank_of


def _reference(
    mover: Mover, sources: dict[Square, int], limit: int, crossing: int | None
) -> dict[Square, int]:
    """The docstring's rules, read square by square with a heap."""
    geometry = mover.geometry
    blocked = mover.enemies - mover.passable_enemies
    least = dict(sources)
    heap = [(g, sq) for sq, g in sources.items()]
    heapq.heapify(heap)
    while heap:
        g, sq = heapq.heappop(heap)
        if least[sq] != g or (geometry.terrain.get(sq) is mover.exit_line and sq != mover.start):
            continue
        for nxt, passage in geometry.neighbours.get(sq, ()):
            if passage is OPEN or (passage is SLIT and mover.naga):
                h = g + 1
            elif passage is PORTCULLIS and crossing is not None:
                h = g + 1 + crossing
            else:
                continue
            if h <= limit and nxt not in blocked and h < least.get(nxt, limit + 1):
                least[nxt] = h
                heapq.heappush(heap, (h, nxt))
    return least


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(0, 24), st.sampled_from([None, 0, 2, 4]))
def test_the_least_weights_are_a_plain_dijkstras(seed: int, limit: int, crossing: int | None) -> None:
    position = random_table(seed)
    rng = random.Random(seed)
    for c in position.characters.values():
        if c.at is None or c.wounded:
            continue
        mover = Mover(position, c)
        sources = {mover.start: 0}
        found = _least(mover, sources, limit, crossing)
        assert found == _reference(mover, sources, limit, crossing), c.id
        squares = sorted(found)
        more = {sq: rng.randint(0, limit) for sq in rng.sample(squares, min(3, len(squares)))}
        assert _least(mover, more, limit, crossing) == _reference(mover, more, limit, crossing), c.id


def test_the_demo_npcs_weights_reach_through_portcullises_and_stop_at_figures(tmp_path: Path) -> None:
    position = bench_table(tmp_path)
    checked = 0
    for c in position.characters.values():
        if c.at is None or c.wounded or c.side is not Side.NPC:
            continue
        mover = Mover(position, c)
        per = max(mover.movement, 2)
        for crossing in (None, per):
            found = _least(mover, {mover.start: 0}, 5 * per, crossing)
            assert found == _reference(mover, {mover.start: 0}, 5 * per, crossing)
            assert not set(found) & mover.blocked
            enemy = next(iter(mover.blocked), None)
            if enemy is not None:  # a source on a figure it may not pass: left, never entered
                limit = 5 * per
                sources = {mover.start: 0, enemy: limit}  # a way there is shorter: still not entered
                assert _least(mover, sources, limit, crossing) == _reference(mover, sources, limit, crossing)
            checked += 1
    assert checked >= 10


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 2, 5]))
def test_the_floor_opens_from_every_key_lying_or_held_by_a_friend(seed: int, horizon: int) -> None:
    # _floor reads the Keys from the few squares holding items: the same sources as every square
    # reached read in turn (friends are given Keys here: the dealt tables seldom have them hold one).
    position = random_table(seed)
    rng = random.Random(seed)
    for c in position.characters.values():
        if c.at is not None and not c.wounded and c.carries is None and rng.random() < 0.3:
            c.carries = "key"
    cards = cards_of(position)
    for c in position.characters.values():
        if c.side is not Side.NPC or c.at is None or c.wounded or c.id not in cards or c.carries == "key":
            continue
        ctx = Context(position, c, cards[c.id], Explanation(c.id), cards=cards, budget=horizon)
        floor = floor_of(ctx, horizon)
        mover, per = floor.mover, floor.per
        least = _least(mover, {mover.start: 0}, floor.limit, None)
        keys = {sq: g for sq, g in least.items()
                if "key" in mover.items.get(sq, ()) or mover.friend_carries.get(sq) == "key"}
        for sq, g in _least(mover, keys, floor.limit, per).items():
            if g < least.get(sq, floor.limit + 1):
                least[sq] = g
        assert floor.least == least, c.id
        assert floor.crossing == (per if keys else None), c.id


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 5]))
def test_the_fewest_ap_to_a_line_is_the_least_over_its_squares(seed: int, horizon: int) -> None:
    # Floor.line_ap reads each rank's and file's least weight, found in one pass: the least of the
    # weights of the squares in the line of ``at``, holding the Bow or not (here read square by square).
    position = random_table(seed)
    cards = cards_of(position)
    for c in position.characters.values():
        if c.side is not Side.NPC or c.at is None or c.wounded or c.id not in cards:
            continue
        ctx = Context(position, c, cards[c.id], Explanation(c.id), cards=cards, budget=horizon)
        floor = floor_of(ctx, horizon)
        for bow in (False, True):
            weights = floor._weights(bow)
            for at in floor.mover.geometry.terrain:
                line = [g for sq, g in weights.items()
                        if rank_of(sq) == rank_of(at) or file_of(sq) == file_of(at)]
                g = min(line, default=None)
                assert floor.line_ap(at, bow) == (None if g is None else floor._ap(g)), (c.id, at, bow)


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 5]), st.integers(0, 3))
def test_a_square_within_a_quota_is_one_whose_weight_is_at_most_the_floors_most(
        seed: int, horizon: int, moving: int) -> None:
    # reachable_floor reads a square's weight against Floor.most(room) in place of its AP (Floor.ap).
    position = random_table(seed)
    cards = cards_of(position)
    for c in position.characters.values():
        if c.side is not Side.NPC or c.at is None or c.wounded or c.id not in cards:
            continue
        ctx = Context(position, c, cards[c.id], Explanation(c.id), cards=cards, budget=horizon,
                      steps_in_progress=moving)
        floor = floor_of(ctx, horizon)
        for room in range(-2, horizon + 2):
            most = floor.most(room)
            for sq in floor.mover.geometry.terrain:
                ap = floor.ap(sq)
                within = ap is not None and ap <= room
                assert within == (most is not None and sq in floor.least and floor.least[sq] <= most)
