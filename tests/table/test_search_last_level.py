"""A bounded search leaves its last AP's rest states unexpanded until it is continued (issue 16).

Every move or jump from a rest state settled within the bound's last AP costs an AP more: each lands
beyond the bound. The search keeps such a state aside and makes its moves and jumps only when
:meth:`Reach.beyond` continues it, in its place among the pushes beyond the bound: the reach within
the bound, and every reach beyond it, are those of a search that made them at once (the digests of
``benchmarks/search_identity.py`` check it on every benchmark search and 60 random boards).
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import class_position, grid, make_position

from solo.table.carrying import OptionalPickups, PriorityPickups
from solo.table.movement import Delta, Means, Mover, npc_means
from solo.table.passages import Passages
from solo.table.search import cheapest_paths
from solo.table.squares import Square, parse_square, square_name
from solo.table.ways import Node


@pytest.fixture
def starts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The squares the Player's policy is asked about as a move starts there (one per rest state
    the search expands), in order."""
    asked: list[str] = []
    options = OptionalPickups.start_options

    def spied(self: OptionalPickups, mover: Mover, sq: Square, carried: str | None, delta: Delta) -> Any:
        asked.append(square_name(sq))
        return options(self, mover, sq, carried, delta)

    monkeypatch.setattr(OptionalPickups, "start_options", spied)
    return asked


def test_the_last_ap_s_rest_states_start_moves_only_when_the_search_goes_on(starts: list[str]) -> None:
    # A Colossus (movement 2) on c1 of an open room: within 1 AP it rests on c1 and on the 8 squares
    # at most 2 steps away; moves from those would cost 2 AP.
    position = make_position(characters="- {id: mover, side: player, class: colossus, at: c1}")
    reach = cheapest_paths(position, "mover", Means(max_ap=1), OptionalPickups())
    assert starts == ["c1"]  # only the start was expanded
    assert reach.best[parse_square("c3")] == (1, 2) and parse_square("c5") not in reach.best
    far = reach.beyond(2)
    assert starts[0] == "c1" and len(starts) > 1 and "c3" in starts
    assert far.best[parse_square("c5")] == (2, 4)  # c1 -> c3 -> c5: found from a state kept aside
    assert far.best[parse_square("c3")] == (1, 2)  # the part within the bound is untouched


def test_free_jumps_keep_the_last_ap_s_rest_states_expanded(starts: list[str]) -> None:
    # With jumps at no AP (the Player's Jump cards, ``jump_cost=0``) a jump from a state of the last
    # AP stays within the bound: such states are expanded at once.
    position = make_position(characters="- {id: mover, side: player, class: colossus, at: c1}")
    cheapest_paths(position, "mover", Means(max_ap=1, jump_cost=0), OptionalPickups())
    assert starts[0] == "c1" and "c3" in starts


def test_an_npc_s_last_ap_rest_states_leap_only_when_the_search_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # An NPC Colossus (movement 2) on c1 of an open room, a pit on c4: within 1 AP it rests on c3,
    # next to the pit; a jump from there costs a second AP. With the exact trails (an NPC's default)
    # a rest state whose trail summary is None reads none of it: it is kept aside all the same.
    jumped_from: list[str] = []
    leap = Passages.leap

    def spied(self: Passages, node: Node, *args: Any) -> None:
        jumped_from.append(square_name(node[0]))
        leap(self, node, *args)

    monkeypatch.setattr(Passages, "leap", spied)
    colossus = "- {id: mover, side: npc, card: n-colossus, at: c1}"
    position = class_position(colossus, grids={1: grid((3, 5, "O"))})
    policy = PriorityPickups(())
    assert policy.exact_trails
    reach = cheapest_paths(position, "mover", npc_means(max_ap=1), policy)
    assert reach.best[parse_square("c3")] == (1, 2) and parse_square("c5") not in reach.best
    assert jumped_from == []  # c3's jump over c4 is not made within the bound
    far = reach.beyond(2)
    assert "c3" in jumped_from
    assert far.best[parse_square("c5")] == (2, 4)  # c1 -> c3, then over the pit c4 onto c5
    assert far.best[parse_square("c3")] == (1, 2)
