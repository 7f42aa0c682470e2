"""A search settled lazily (solo/table/growing.py, AMB-SEARCH-EARLY): whatever it settled up to a cost
is what the search at once holds up to that cost, in its order, and completed it is the same reach,
field for field, whatever steps it was grown by."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_search_reference import _build, positions

from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.carrying import OptionalPickups, PriorityPickups
from solo.table.growing import Growing
from solo.table.movement import Means, npc_means
from solo.table.position import Position, Side
from solo.table.search import Reach, cheapest_paths

DEMO = RULES_DIR / "positions" / "demo.yaml"
Grow = tuple[str, int, int]
"""One advance: ("step", _, _), ("upto", ap, _), ("cost", ap, squares) or ("seek", _, file - 1)."""


def fields(reach: Reach) -> tuple[Any, ...]:
    """Every field of a reach a reader can see, each dict in its own order."""
    return (reach.start, list(reach.best.items()), [(sq, list(s)) for sq, s in reach.finals.items()],
            list(reach.cost.items()), reach.settled, list(reach._nodes.items()), reach.settled_to,
            list(reach._parents.items()))


def grown_alike(position: Position, figure: str, means: Means, policy: Any, grows: list[Grow]) -> int:
    """Grow a lazy search by ``grows``, checking each settled part against the search at once, then
    complete it and compare every field, the ways and the search continued past the bound; returns how
    many nodes the lazy one had settled before completing."""
    at_once = cheapest_paths(position, figure, means, policy)
    lazy = cheapest_paths(position, figure, means, policy, lazy=True)
    assert isinstance(lazy, Growing) and lazy.partial
    states = list(at_once.cost.items())
    for kind, ap, squares in grows:
        if kind == "step":
            before = len(lazy.settled_part().cost)
            fresh = lazy.step()
            assert list(lazy.settled_part().cost.items())[before:] == fresh
        elif kind == "seek":  # on to the first cost that settles a rest node on a square of that file
            before = len(lazy.settled_part().cost)
            fresh = lazy.seek(lambda node, file=squares % 5 + 1: node[0] % 10 == file)
            assert list(lazy.settled_part().cost.items())[before:] == fresh
            if lazy.partial:
                last = [s for s, c in fresh if c == lazy.through]
                if getattr(policy, "exact_trails", False):  # the node wanted: its state may be older
                    last = [s for s, c in lazy.settled_part().cost.items()]
                assert any(s.square % 10 == squares % 5 + 1 for s in last)
                assert all(s.square % 10 != squares % 5 + 1 for s, c in fresh if c < lazy.through)
        elif kind == "upto":
            lazy.upto(ap)
        else:
            lazy.upto_cost((ap, squares))
        if not lazy.partial:
            break
        through = lazy.through
        assert lazy.settled_to == through[0] - (through[1] < 999)
        assert list(lazy.settled_part().cost.items()) == [(s, c) for s, c in states if c <= through]
    settled = lazy.settled
    assert settled <= at_once.settled
    assert fields(lazy) == fields(at_once)
    assert not lazy.partial
    for sq in at_once.best:
        assert [w.actions for w in lazy.ways(sq)] == [w.actions for w in at_once.ways(sq)]
    if means.max_ap is not None:
        assert fields(lazy.beyond(means.max_ap + 2)) == fields(at_once.beyond(means.max_ap + 2))
    return settled


grows = st.lists(st.tuples(st.sampled_from(["step", "upto", "cost", "seek"]), st.integers(0, 4),
                           st.integers(0, 12)), max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans(), st.integers(0, 3), grows)
def test_a_lazy_search_completed_is_the_search_at_once(case, npc_policy, quota, steps) -> None:  # type: ignore[no-untyped-def]
    # AMB-SEARCH-EARLY, AMB-TRUE-COST-STOP: random boards, both pick-up policies, any order of advances.
    position = _build(*case)
    if position is None:
        return
    policy = PriorityPickups(("rope", "key", "wounded", "bow")) if npc_policy else OptionalPickups()
    grown_alike(position, "mover", Means(max_ap=quota), policy, steps)


def test_every_npc_of_the_demo_table_grown_lazily_settles_the_same_search() -> None:
    position = load_position(DEMO)
    cards = cards_of(position)
    npcs = [c for c in position.characters.values()
            if c.side is Side.NPC and c.at is not None and not c.wounded and c.id in cards]
    assert len(npcs) >= 5
    plans: list[list[Grow]] = [[], [("step", 0, 0)] * 40, [("upto", 1, 0), ("cost", 2, 7), ("step", 0, 0)],
                               [("upto", 4, 0)], [("seek", 0, f) for f in range(5)] * 3]
    for npc in npcs:
        ctx = Context(position, npc, cards[npc.id], Explanation(npc.id), cards=cards)
        for plan in plans:
            grown_alike(position, npc.id, npc_means(max_ap=5), ctx.policy(), plan)


def test_a_reader_of_the_reach_always_gets_it_complete() -> None:
    # Nothing partial escapes: best costs, finals, states, a way to a state not settled yet, a cut.
    position = load_position(DEMO)
    cards = cards_of(position)
    npc = position.character("serpico")
    ctx = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards)
    at_once = cheapest_paths(position, npc, npc_means(max_ap=4), ctx.policy())
    far_state = next(s for s, c in at_once.cost.items() if c[0] == 4)
    readers = [
        lambda r: list(r.best.items()),
        lambda r: [(sq, list(s)) for sq, s in r.finals.items()],
        lambda r: list(r.states()),
        lambda r: r.way_to_state(far_state).actions,
        lambda r: list(r.within(3).cost.items()),
        lambda r: r.squares(),
    ]
    for read in readers:
        lazy = cheapest_paths(position, npc, npc_means(max_ap=4), ctx.policy(), lazy=True)
        assert isinstance(lazy, Growing)
        lazy.upto(1)
        assert lazy.partial and lazy.settled < at_once.settled
        assert read(lazy) == read(at_once)
        assert not lazy.partial and lazy.settled == at_once.settled


def test_a_lazy_search_cut_at_a_quota_is_the_cut_of_the_search_at_once() -> None:
    # Context.reach cuts a larger search at a smaller quota (Reach.within); cut while partial, the
    # cut gives the way to a state settled within it at once, and read, the same fields.
    position = load_position(DEMO)
    cards = cards_of(position)
    npc = position.character("serpico")
    ctx = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards)
    at_once = cheapest_paths(position, npc, npc_means(max_ap=5), ctx.policy()).within(3)
    lazy = cheapest_paths(position, npc, npc_means(max_ap=5), ctx.policy(), lazy=True)
    assert isinstance(lazy, Growing)
    lazy.upto(2)
    cut = lazy.within(3)
    near = next(s for s, c in at_once.cost.items() if c[0] == 2)
    assert cut.way_to_state(near) == at_once.way_to_state(near)
    assert lazy.partial and lazy.settled_to == 2
    assert fields(cut) == fields(at_once) and not lazy.partial
    assert fields(lazy.within(3)) == fields(at_once)


def test_a_batch_of_fresh_states_reads_as_the_reach_of_their_table() -> None:
    # The finders of solo.automaton.early read a step's new states as a Batch (no table made, no state
    # hashed again): every finder gives on it what it gives on Reach(start, cost=dict(fresh)), and a
    # reader of ``cost`` gets that table, in the same order, whenever it reads it.
    from solo.automaton.true_cost import FINDERS
    from solo.table.growing import Batch

    position = load_position(DEMO)
    cards = cards_of(position)
    npc = position.character("serpico")
    ctx = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards)
    lazy = cheapest_paths(position, npc, npc_means(max_ap=5), ctx.policy(), lazy=True)
    assert isinstance(lazy, Growing)
    lazy.upto(1)
    fresh = lazy.step()
    while len(fresh) < 3:
        fresh = lazy.step()
    table = Reach(lazy.start, cost=dict(fresh))
    for mode, finder in FINDERS.items():
        assert finder(ctx, Batch(lazy.start, fresh), 5) == finder(ctx, table, 5), mode
    batch = Batch(lazy.start, fresh)
    assert list(batch.states()) == fresh
    assert list(batch.cost.items()) == fresh and list(batch.states()) == fresh  # made once, then read
    assert batch.cost is batch.cost and list(Batch(lazy.start, []).states()) == []
