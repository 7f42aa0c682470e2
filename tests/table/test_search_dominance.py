"""A moving node dominated by one already queued is not queued (``Kept.doomed``, issue 16).

The node it would have been is popped after the one that dominates it and dropped unexpanded (the
proof is in ``solo.table.marks``): with the rule and without it, a search settles the same rest
states, at the same costs, by the same ways, in the same order; with it, fewer nodes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from builders import make_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_search_reference import _build, positions

from solo.errors import MessageError
from solo.table import dead_starts
from solo.table.carrying import OptionalPickups, PriorityPickups
from solo.table.marks import QUEUED, Kept
from solo.table.movement import Means
from solo.table.search import Reach, cheapest_paths


@contextmanager
def queued_dominance_off() -> Iterator[None]:
    """The search as it was before the rule: a node dominated only by a queued one is pushed."""
    doomed = Kept.doomed

    def popped_only(self: Kept, key: tuple[Any, ...], cost: int, steps: int, delta: Any) -> int:
        fate = doomed(self, key, cost, steps, delta)
        return 0 if fate == QUEUED else fate

    Kept.doomed = popped_only  # type: ignore[method-assign]
    try:
        yield
    finally:
        Kept.doomed = doomed  # type: ignore[method-assign]


def outcome(reach: Reach) -> tuple[object, ...]:
    """What a reader of a reach sees: best costs, tied finals, every state's cost and way, in order."""
    return (list(reach.best.items()), reach.finals, reach.settled_to,
            [(state, cost, reach.way_to_state(state).actions) for state, cost in reach.cost.items()])


def both(position: Any, **search: Any) -> tuple[Reach, Reach]:
    """The search with the rule, and without it."""
    ruled = cheapest_paths(position, "mover", **search)
    with queued_dominance_off():
        plain = cheapest_paths(position, "mover", **search)
    return ruled, plain


def test_an_npc_on_an_open_board_settles_fewer_nodes_for_the_same_reach(monkeypatch: Any) -> None:
    # A move started on a square as cheap as a neighbour's move entering it with fewer steps left
    # (the dead starts left to their own test: solo.table.dead_starts settles fewer still).
    monkeypatch.setattr(dead_starts, "ON", False)
    position = make_position(characters="- {id: mover, side: npc, card: serpico, at: c3}",
                             objects="- {kind: rope, at: a1}\n- {kind: key, at: e5}")
    ruled, plain = both(position, means=Means(max_ap=3), policy=PriorityPickups(("rope", "key")))
    assert outcome(ruled) == outcome(plain)
    assert (ruled.settled, plain.settled) == (1291, 1524)


RULE_CASES = ("npc", "npc trails", "player", "unbounded", "moving")
"""The searches a pruning rule is compared on, with and without it (here and test_dead_starts.py)."""


def rule_case(kind: str, abilities: bool) -> dict[str, Any]:
    """The arguments of the search of ``kind`` (:data:`RULE_CASES`): an NPC's within 3 AP (with exact
    trails too), a Player's, one unbounded past 2 AP, and a move in progress."""
    npc = PriorityPickups(("rope", "key", "wounded", "bow"), exact_trails=kind == "npc trails")
    cases: dict[str, dict[str, Any]] = {
        "npc": {"means": Means(max_ap=3, paid_abilities=abilities), "policy": npc},
        "npc trails": {"means": Means(max_ap=3, paid_abilities=abilities), "policy": npc},
        "player": {"means": Means(max_ap=3, jumps=2, paid_abilities=abilities), "policy": OptionalPickups()},
        "unbounded": {"means": Means(), "policy": PriorityPickups(("key", "rope", "wounded"), exact_ap=2)},
        "moving": {"means": Means(max_ap=2), "policy": npc, "steps_in_progress": 3},
    }
    return cases[kind]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(RULE_CASES), st.booleans())
def test_the_rule_changes_no_reach(case, kind, abilities) -> None:  # type: ignore[no-untyped-def]
    position = _build(*case)
    if position is None:
        return
    search = rule_case(kind, abilities)
    try:
        ruled, plain = both(position, **search)
    except MessageError:
        return
    assert outcome(ruled) == outcome(plain)
    assert ruled.settled <= plain.settled
    if ruled._more is not None:  # beyond the bound (AMB-TRUE-COST): the same too
        assert outcome(ruled.beyond(3)) == outcome(plain.beyond(3))
