"""An objective out of reach still shows its cheapest cost however far (formats.md §4 `cost`,
issue 14 item 7, AMB-TRUE-COST): the search within the quota goes on past it for that cost only."""

from __future__ import annotations

from corridor_boards import build, card, corridors, exam

from solo.automaton.activation import run_activation
from solo.automaton.table import ScriptedTable

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
