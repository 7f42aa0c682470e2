"""An NPC's search whose starts hold no trail summary keeps its nodes with the plain bookkeeping (issue 16).

With the exact trails (AMB-DROP-BACK-TRAIL, an NPC's default) a node's summary is None when no later
drop can read past what its continuations enter, and a child of such a node gets None: when every start
has none, no node has one, and ``Kept`` drops a node with none exactly as without trails. The search
then uses the plain ``Kept`` (no per-identity bookkeeping of the trails): the same reach, by the same
ways, settling the same nodes.
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import make_position
from test_search_trails import FOUND_BY_THE_TRAIL_CHECK

from solo.table import search
from solo.table.carrying import PriorityPickups
from solo.table.marks import Kept
from solo.table.movement import Means
from solo.table.search import cheapest_paths
from solo.table.squares import parse_square
from solo.table.ways import Reach, rebuild_actions

NO_TRAIL = make_position(  # test_trail_phases: a drop reads the way, but never past its start's square
    characters="- {id: mover, side: player, class: backstabber, at: a1}\n"
               "- {id: hurt, side: player, class: cleric, at: a3, wounded: true}",
    objects="- {kind: key, at: a2}\n- {kind: wand, at: a3}",
)


def _ways(reach: Reach) -> dict[object, object]:
    return {state: rebuild_actions(reach._parents, reach._nodes[state]) for state in reach.cost}


@pytest.fixture
def trail_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The trail bookkeeping's calls (``Kept.moving``, ``Kept.at_rest``: the plain ``Kept`` has its own)."""
    calls: list[str] = []
    moving, at_rest = Kept.moving, Kept.at_rest

    def spied_moving(kept: Kept, *args: Any) -> bool:
        calls.append("moving")
        return moving(kept, *args)

    def spied_at_rest(kept: Kept, *args: Any) -> bool:
        calls.append("at_rest")
        return at_rest(kept, *args)

    monkeypatch.setattr(Kept, "moving", spied_moving)
    monkeypatch.setattr(Kept, "at_rest", spied_at_rest)
    return calls


def test_with_no_summary_at_its_starts_a_search_keeps_nodes_as_with_the_trails(
        trail_calls: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    policy = PriorityPickups(("wand", "key"), exact_trails=True)
    plain = cheapest_paths(NO_TRAIL, "mover", Means(max_ap=3), policy)
    assert all(node[5] is None for node in plain._parents)  # no summary anywhere
    assert trail_calls == []  # the plain bookkeeping
    plain_far = plain.beyond(5)
    assert trail_calls == []
    swapped = [s for s in plain.cost if ("drop", parse_square("a3"), "key") in s.delta]
    assert swapped and all(s.carried == "wand" for s in swapped)  # the Key for the Wand (S-OBJ-2)

    monkeypatch.setattr(search, "Kept", lambda keep_ties, trailing: Kept(keep_ties, True))
    trailed = cheapest_paths(NO_TRAIL, "mover", Means(max_ap=3), policy)
    assert trail_calls  # the trail bookkeeping, forced
    assert plain.settled == trailed.settled
    assert plain.cost == trailed.cost and plain.best == trailed.best and plain.finals == trailed.finals
    assert _ways(plain) == _ways(trailed)
    trailed_far = trailed.beyond(5)
    assert plain_far.cost == trailed_far.cost and plain_far.finals == trailed_far.finals


def test_a_search_with_a_summary_at_its_start_keeps_the_trail_bookkeeping(trail_calls: list[str]) -> None:
    grid, characters, objects = FOUND_BY_THE_TRAIL_CHECK
    position = make_position(characters=characters, objects=objects, grids={1: grid})
    policy = PriorityPickups(("key", "wounded", "rope"), exact_trails=True)
    reach = cheapest_paths(position, "mover", Means(max_ap=2), policy)
    assert any(node[5] is not None for node in reach._parents)
    assert "moving" in trail_calls and "at_rest" in trail_calls
    assert reach.best[parse_square("d3")] == reach.best[parse_square("c4")] == (2, 8)  # test_trail_phases
