"""An objective out of reach still shows its cheapest cost however far (formats.md §4 `cost`,
issue 14 item 7, AMB-TRUE-COST): the search within the quota goes on past it for that cost only."""

from __future__ import annotations

import os

import pytest
from corridor_boards import build, card, corridors, exam
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_activation_properties import random_table

import solo.automaton.true_cost as true_cost
from solo.automaton.activation import run_activation
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.automaton.options import Option
from solo.automaton.personal import current_objectives
from solo.automaton.table import ScriptedTable
from solo.automaton.true_cost import FAR, FINDERS, _base, best_or_none, options_beyond
from solo.table.position import Position
from solo.table.search import Reach

WALKER = card("telepath", "exit 2, rotation 3*, fight 2, take_object 2, reveal 2, regroup 2", [], ["cleric"])


def test_an_exit_beyond_the_quota_shows_its_whole_cost() -> None:
    # S-EXIT-1: a10 ... a1 then the yellow line a0: 10 squares, 3 a move (Telepath): 4 AP, more than
    # the printed 2 and than the card's largest quota (3): the search goes on past it for the cost.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1))))
    explanation = run_activation(position, "npc", ScriptedTable())
    out = exam(explanation, "exit")
    assert (out.achievable, out.cost, out.target) == (False, (4, 10), "a0")
    assert out.reason == "Exit costs 4 AP (a0), more than its 2"
    data = explanation.to_json()["objectives"][0]
    assert data["cost"] == {"ap": 4, "squares": 10} and data["achievable"] is False


def test_an_exit_within_the_horizon_but_over_its_quota_reads_the_same() -> None:
    # 7 squares: 3 AP, within the largest quota (3) but over the exit's 2: the same sentence.
    position = build("- {id: npc, side: npc, card: x, at: a7}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(7, -1, -1))))
    out = exam(run_activation(position, "npc", ScriptedTable()), "exit")
    assert (out.achievable, out.cost) == (False, (3, 7))
    assert out.reason == "Exit costs 3 AP (a0), more than its 2"


def test_no_way_at_all_leaves_the_cost_null() -> None:
    # A corridor walled off from the yellow line: nothing to aim at on the known table, cost null.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, 2, -1))))
    explanation = run_activation(position, "npc", ScriptedTable())
    out = exam(explanation, "exit")
    assert (out.achievable, out.cost, out.target) == (False, None, None)
    assert out.reason == "nothing to aim at on the known table"
    assert explanation.to_json()["objectives"][0]["cost"] is None


def test_the_cost_beyond_is_the_cheapest_way_the_search_within_would_find_with_a_larger_quota() -> None:
    # The continued search agrees with a search bounded far enough to hold the way (AMB-TRUE-COST).
    far = card("telepath", "exit 5, rotation 3*, fight 2, take_object 2, reveal 2, regroup 2", [], ["cleric"])
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": far},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1))))
    out = exam(run_activation(position, "npc", ScriptedTable()), "exit")
    assert (out.achievable, out.cost) == (True, (4, 10))


# -- Issue 16: the true costs settled only as far as each objective needs ---------------------------
def _context(position: Position, npc_id: str) -> Context:
    npc = position.character(npc_id)
    cards = cards_of(position)
    return Context(position, npc, cards[npc_id], Explanation(npc_id), cards=cards, budget=5)


def _seen(options: list[Option]) -> list[tuple[int, tuple[int, int], object]]:
    return sorted((o.rank, o.total, o.aim) for o in options)


@settings(max_examples=int(os.environ.get("DT_SOLO_PROPERTY_EXAMPLES", "40")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(0, 5))
def test_the_cost_beyond_stops_early_with_what_the_search_to_its_end_gives(seed: int, horizon: int) -> None:
    # AMB-TRUE-COST: options_beyond settles the continued search only as far as the answer needs, or
    # not at all when no edge leads where the mode could end; the best options are exactly those of
    # the search continued to its end (a fresh table state, so nothing is shared between the two).
    # The exact search made at once, as on the copy read later (Context.two_phases off), gives the same.
    position = random_table(seed)
    for npc in sorted(c.id for c in position.characters.values() if c.card is not None and not c.wounded):
        ctx, whole, exact = _context(position, npc), _context(position, npc), _context(position, npc)
        exact.two_phases = False
        for goal in current_objectives(ctx):
            ctx.deliver = whole.deliver = exact.deliver = goal.deliver
            full = FINDERS[goal.mode](whole, _base(whole, goal.mode, horizon).beyond(), FAR)
            found = options_beyond(ctx, goal.mode, horizon)
            assert _seen(found) == _seen(best_or_none(full)), (npc, goal.mode)
            at_once = options_beyond(exact, goal.mode, horizon)
            assert _seen(at_once) == _seen(found), (npc, goal.mode)


def test_no_edge_towards_the_exit_means_no_search_beyond() -> None:
    # The corridor walled off from the yellow line: the answer (none) comes without settling on.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, 2, -1))))
    ctx = _context(position, "npc")
    base = ctx.reach(2)

    def never(up_to: int | None) -> Reach:
        raise AssertionError(f"the search went on past its bound (up to {up_to} AP)")

    base._more = never
    assert options_beyond(ctx, "exit", 2) == []


def test_no_edge_towards_the_exit_means_no_search_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    # Not even the search within the quota: no square the exit could end on is joined to the NPC's.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, 2, -1))))
    ctx = _context(position, "npc")

    def never(ctx: Context, mode: str, horizon: int) -> Reach:
        raise AssertionError(f"a search was made for {mode}")

    with monkeypatch.context() as patched:  # no search within the quota either
        patched.setattr(true_cost, "_base", never)
        assert options_beyond(ctx, "exit", 2) == []


def test_the_continued_search_grows_in_place_band_by_band() -> None:
    # Reach.beyond(k): every way of at most k AP is in; a later call goes on from there; the costs
    # found up to k are those of the search continued to its end.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1))))
    first, second = _context(position, "npc").reach(1), _context(position, "npc").reach(1)
    partial = first.beyond(2)
    assert partial.settled_to == 2 and max(c[0] for c in partial.best.values()) <= 2
    upto2 = {s: c for s, c in partial.cost.items()}
    whole = second.beyond()
    assert whole.settled_to is None
    assert upto2 == {s: c for s, c in whole.cost.items() if c[0] <= 2}
    assert first.beyond(3) is partial and partial.settled_to == 3
    assert first.beyond() is partial and partial.best == whole.best


KEYED = card("telepath", "exit 2, rotation 3*, fight 2, take_object 2, reveal 2, regroup 2", ["key"],
             ["cleric"])


def _behind_a_portcullis(objects: str = "") -> Position:
    """The corridor a10 ... a0 (the yellow line), a closed portcullis between a3 and a2."""
    return build("- {id: npc, side: npc, card: x, at: a10}", {"x": KEYED}, objects=objects,
                 grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1)), portcullises=("a3-a2",)))


def test_a_closed_portcullis_no_key_can_open_means_no_search_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    # No Key on the table: no way crosses the portcullis (a Telepath has no paid ability within a
    # quota either), so the yellow line behind it is out of every way: nothing is searched.
    ctx = _context(_behind_a_portcullis(), "npc")

    def never(ctx: Context, mode: str, horizon: int) -> Reach:
        raise AssertionError(f"a search was made for {mode}")

    with monkeypatch.context() as patched:  # no search within the quota either
        patched.setattr(true_cost, "_base", never)
        assert options_beyond(ctx, "exit", 2) == []
    out = exam(run_activation(_behind_a_portcullis(), "npc", ScriptedTable()), "exit")
    assert (out.cost, out.reason) == (None, "nothing to aim at on the known table")


def test_a_key_on_the_way_opens_the_portcullis_for_the_true_cost() -> None:
    # A Key lying on a7, this side of the portcullis: picked up on the way (S-OBJ-1), it opens it
    # (B-KEY-2, 1 AP): a10 .. a3 (7 squares, 3 AP), open (1 AP), a2 .. a0 (3 squares, 1 AP).
    out = exam(run_activation(_behind_a_portcullis("- {kind: key, at: a7}"), "npc", ScriptedTable()), "exit")
    assert (out.achievable, out.cost, out.target) == (False, (5, 10), "a0")
    assert out.reason == "Exit costs 5 AP (a0), more than its 2"


def _gear_held(mate_at: str) -> Position:
    """The corridor a10 ... a4, its only gear a5 (the others walled in), a friend on ``mate_at``."""
    figures = f"- {{id: npc, side: npc, card: x, at: a10}}\n- {{id: mate, side: npc, card: x, at: {mate_at}}}"
    return build(figures, {"x": WALKER}, grids=corridors("a10 a9 a8 a7 a6 a5 a4", gears=("a5",)))


def test_a_gear_a_friend_stands_on_is_aimed_at_without_any_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # No action ends on a square another figure stands on (B-MOVE-12/13): with the friend on the only
    # gear within reach, Rotation has nothing to aim at, known without a search.
    ctx = _context(_gear_held("a5"), "npc")

    def never(ctx: Context, mode: str, horizon: int) -> Reach:
        raise AssertionError(f"a search was made for {mode}")

    with monkeypatch.context() as patched:  # no search within the quota either
        patched.setattr(true_cost, "_base", never)
        assert options_beyond(ctx, "rotation", 2) == []
    out = exam(run_activation(_gear_held("a5"), "npc", ScriptedTable()), "rotation")
    assert (out.cost, out.reason) == (None, "nothing to aim at on the known table")
    # The friend elsewhere, the gear is reached: a10 .. a5, 5 squares, 2 AP.
    out = exam(run_activation(_gear_held("a7"), "npc", ScriptedTable()), "rotation")
    assert (out.achievable, out.cost, out.target) == (True, (2, 5), "a5")
