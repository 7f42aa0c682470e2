"""Dead starts (``solo.table.marks``, issue 16 item 1): a move started where the last one stopped with a
step left, every side a plain stop square, the exit line, a blocking enemy or a closed portcullis, is
never expanded; with the rule and without it a search finds the same reach, by the same ways, and
expands the same nodes, settling fewer.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from builders import make_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_search_dominance import RULE_CASES, outcome, rule_case
from test_search_reference import _build, positions

from solo.errors import MessageError
from solo.table import dead_starts
from solo.table.carrying import PriorityPickups
from solo.table.marks import Kept, _PlainKept
from solo.table.movement import Means
from solo.table.search import Reach, cheapest_paths
from solo.table.squares import parse_square, square_name
from solo.table.ways import Link, Node


@contextmanager
def rule(on: bool) -> Iterator[None]:
    """Searches with the rule switched ``on`` or off meanwhile."""
    before = dead_starts.ON
    dead_starts.ON = on
    try:
        yield
    finally:
        dead_starts.ON = before


@contextmanager
def moving_wrapped(wrap: Any) -> Iterator[None]:
    """Meanwhile ``Kept.moving`` of both bookkeeping classes is ``wrap(original)`` (a spy around it)."""
    originals = {Kept: Kept.moving, _PlainKept: _PlainKept.moving}
    for cls, original in originals.items():
        cls.moving = wrap(original)  # type: ignore[method-assign]
    try:
        yield
    finally:
        for cls, original in originals.items():
            cls.moving = original  # type: ignore[method-assign]


@contextmanager
def expanded() -> Iterator[list[tuple[object, ...]]]:
    """The moving nodes each search keeps when popped (or, a dead start, would have kept), in order:
    (identity, cost, steps left, changes)."""
    found: list[tuple[object, ...]] = []

    def spying(original: Any) -> Any:
        def spy(kept: Kept, held: Any, cost: int, steps: int, delta: Any, fine: Any) -> bool:
            keeps: bool = original(kept, held, cost, steps, delta, fine)
            if keeps:
                found.append((held[10] if isinstance(held, list) else held, cost, steps, delta))
            return keeps
        return spy

    with moving_wrapped(spying):
        yield found


def ways(reach: Reach) -> dict[Node, Link | None]:
    """The links of every rest node the search queued and of every node on the way to one: what the
    rule leaves alone (the links of nodes dropped unexpanded may differ)."""
    parents, kept = reach._parents, {}
    for node in parents:
        if node[1] >= 0:
            continue
        step: Node | None = node
        while step is not None and step not in kept:
            link = parents.get(step)
            kept[step] = link
            step = None if link is None else link[0]
    return kept


def both(position: Any, **search_args: Any) -> tuple[Reach, Reach]:
    """The search with the rule, and without it."""
    with rule(True):
        ruled = cheapest_paths(position, "mover", **search_args)
    with rule(False):
        plain = cheapest_paths(position, "mover", **search_args)
    return ruled, plain


def alike(ruled: Reach, plain: Reach) -> None:
    """The same reach, by the same ways."""
    assert outcome(ruled) == outcome(plain)
    assert ways(ruled) == ways(plain)


@contextmanager
def dead_squares() -> Iterator[list[str]]:
    """The squares of the starts found dead meanwhile, in order."""
    found: list[str] = []
    replay = dead_starts.DeadStarts.replay

    def spy(self: dead_starts.DeadStarts, entry: Any, cost: int) -> bool:
        dead = replay(self, entry, cost)
        if dead:
            found.append(square_name(entry[1][0]))
        return dead

    dead_starts.DeadStarts.replay = spy  # type: ignore[method-assign]
    try:
        yield found
    finally:
        dead_starts.DeadStarts.replay = replay  # type: ignore[method-assign]


SERPICO = "- {id: mover, side: npc, card: serpico, at: c3}"
ROPE_AND_KEY = "- {kind: rope, at: a1}\n- {kind: key, at: e5}"


def test_an_npc_on_an_open_board_settles_fewer_nodes_for_the_same_reach() -> None:
    # Issue 16 item 1: the moves started on squares a move entered with steps left are never expanded.
    position = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    ruled, plain = both(position, means=Means(max_ap=3), policy=PriorityPickups(("rope", "key")))
    alike(ruled, plain)
    assert (ruled.settled, plain.settled) == (1096, 1291)
    alike(ruled.beyond(), plain.beyond())  # AMB-TRUE-COST: the same past the bound too


def test_the_nodes_expanded_are_the_same_with_the_rule() -> None:
    # What the rule saves is the dead starts' expansions (each of their steps dominated) and the pops of
    # the nodes they would have queued only to drop them: every node kept is kept alike, in order.
    position = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    means, policy = Means(max_ap=3), PriorityPickups(("rope", "key"))
    with rule(True), expanded() as ruled:
        cheapest_paths(position, "mover", means, policy)
    with rule(False), expanded() as plain:
        cheapest_paths(position, "mover", means, policy)
    assert ruled == plain and len(ruled) > 500


def test_a_lazy_search_settled_bit_by_bit_is_the_same_with_the_rule() -> None:
    # AMB-SEARCH-EARLY: a growing reach settles in the search's own order; dead starts noted on the way.
    position = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    ruled, plain = both(position, means=Means(max_ap=3), policy=PriorityPickups(("rope", "key")), lazy=True)
    assert [ruled.step() for _ in range(4)] == [plain.step() for _ in range(4)]
    alike(ruled.complete(), plain.complete())
    assert ruled.settled < plain.settled


def test_without_identity_records_no_start_is_dead(monkeypatch: Any) -> None:
    # Kept.doomed replaced as the benchmark's inherent states replace it (nothing left unpushed, no
    # record kept with a queued node): every start is popped and expanded.
    monkeypatch.setattr(Kept, "doomed", lambda *args: False)
    position = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    ruled, plain = both(position, means=Means(max_ap=3), policy=PriorityPickups(("rope", "key")))
    alike(ruled, plain)
    assert ruled.settled == plain.settled and list(ruled._parents.items()) == list(plain._parents.items())


def test_which_starts_are_dead() -> None:
    # From c3 in a room with the Rope on a1: a move stopping on b3 with steps left makes the next
    # move from b3 dead (every side a plain square where Serpico may stop); the first move (from c3,
    # no move before) is not, nor one from a square beside the Rope (a2, b1: entering a1 takes it).
    position = make_position(characters=SERPICO, objects="- {kind: rope, at: a1}")
    with dead_squares() as dead:
        reach = cheapest_paths(position, "mover", Means(max_ap=2), PriorityPickups(("rope",)))
    assert "c3" not in dead and "a2" not in dead and "b1" not in dead
    assert {"b3", "c4", "e5"} <= set(dead)
    assert reach.best[parse_square("e5")] == (1, 4)


def test_a_start_beside_an_enemy_it_may_not_pass_is_dead_and_finds_the_same() -> None:
    # A blocking enemy (B-MOVE-8) refuses the step whatever the node: the start beside it is dead.
    position = make_position(characters=SERPICO + "\n- {id: p, side: player, class: colossus, at: c5}")
    with dead_squares() as dead:
        ruled, plain = both(position, means=Means(max_ap=2), policy=PriorityPickups(("rope",)))
    assert {"b5", "d5", "c4"} <= set(dead)
    alike(ruled, plain)
    assert ruled.settled < plain.settled
    assert parse_square("c5") not in ruled.best


def test_a_start_beside_a_friend_or_an_enemy_it_may_pass_is_not_dead() -> None:
    # No stop on a figure's square (B-MOVE-12): a step there is no step a rest node there dominates.
    friend = make_position(characters=SERPICO + "\n- {id: f, side: npc, card: arthos, at: c5}")
    with dead_squares() as dead:
        ruled, plain = both(friend, means=Means(max_ap=2), policy=PriorityPickups(("rope",)))
    assert dead and not {"b5", "d5", "c4"} & set(dead)
    alike(ruled, plain)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(RULE_CASES), st.booleans())
def test_the_rule_changes_no_reach(case, kind, abilities) -> None:  # type: ignore[no-untyped-def]
    position = _build(*case)
    if position is None:
        return
    search_args = rule_case(kind, abilities)
    try:
        ruled, plain = both(position, **search_args)
    except MessageError:
        return
    alike(ruled, plain)
    assert ruled.settled <= plain.settled
    if ruled._more is not None:  # beyond the bound (AMB-TRUE-COST), in two calls: the same too
        for up_to in (4, None):
            alike(ruled.beyond(up_to), plain.beyond(up_to))
