"""The exact drop-back trail on the tables where it once stalled (AMB-DROP-BACK-TRAIL, issue 14).

With exact trails on, the suite's seeded simulation (``tests/game/test_play.py``) stalled in two
games of level 1, seeds 1007 and 1024: a carrier of the Rope with friends carrying objects and a
wounded within reach, whose search kept lists of up to five squares of its way per class of item
(``solo.table.drop_counts``) and summarised over three million nodes without end. The positions of
those two searches are saved in ``positions/``; each search now ends well within a node budget that
the old count exceeded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solo import records
from solo.automaton.context import cards_of
from solo.automaton.pickups import NpcPickups
from solo.content.cards import load_card_library
from solo.formats.position_io import load_position
from solo.table.search import cheapest_paths, npc_means
from solo.table.trails import Trails

POSITIONS = Path(__file__).parent / "positions"
MARKS = 600_000
"""Nodes summarised in one search before the budget fails the test (the stalled searches passed 3 million)."""
GAME_MARKS = 1_500_000
"""The same over a whole game: a 5-AP search of a 6-square mover with friends about may summarise
some 700,000 nodes, for the outcomes one way per node hides (ten times as many states)."""


class BudgetError(Exception):
    """A search summarised more nodes than :data:`MARKS`."""


def _counted(monkeypatch: pytest.MonkeyPatch, budget: int = MARKS) -> list[int]:
    """Count the nodes each search summarises (``Trails.mark``) and stop one past ``budget``."""
    counts: list[int] = []
    mark, init = Trails.mark, Trails.__init__

    def started(self: Trails, *args: Any) -> None:
        init(self, *args)
        counts.append(0)

    def counted(self: Trails, *args: Any) -> Any:
        counts[-1] += 1
        if counts[-1] > budget:
            raise BudgetError(f"more than {budget} nodes in one search")
        return mark(self, *args)

    monkeypatch.setattr(Trails, "__init__", started)
    monkeypatch.setattr(Trails, "mark", counted)
    return counts


@pytest.mark.parametrize(("seed", "npc", "ap", "settled"), [(1007, "sifflard", 4, 70_000),
                                                            (1024, "djenh", 5, 100_000)])
def test_the_searches_that_stalled_the_simulation_end_within_a_budget(
        monkeypatch: pytest.MonkeyPatch, seed: int, npc: str, ap: int, settled: int) -> None:
    # AMB-DROP-BACK-TRAIL, S-OBJ-2, S-OBJ-4/5: the NPC carries the Rope, friends within reach carry
    # objects (each one may hand its own over) and a wounded lies within reach. Exact trails keep the
    # squares of the way a later drop may read; the friends no longer lengthen those lists (the
    # second bound of solo.table.drop_counts), so the search ends.
    position = load_position(POSITIONS / f"trail-seed-{seed}.yaml")
    cards = cards_of(position, load_card_library())
    me = position.character(npc)
    ranks = {c.at: cards[c.id].object_rank for c in position.characters.values()
             if c.id != npc and c.side is me.side and not c.wounded and c.at is not None and c.id in cards}
    assert me.carried_item() == "rope" and len(ranks) >= 5
    policy = NpcPickups(tuple(cards[npc].objects), friend_ranks=ranks, exact_trails=True)
    counts = _counted(monkeypatch)
    exact = cheapest_paths(position, npc, npc_means(max_ap=ap), policy)
    assert exact.settled <= settled and counts[-1] <= MARKS
    plain = records.replace(policy, exact_trails=False)
    one_way = cheapest_paths(position, npc, npc_means(max_ap=ap), plain)
    # Every way the one-way search keeps is a real one: exact trails find its outcome at no greater
    # cost, the same cheapest cost to every square, and the outcomes the first way found hid (the
    # Rope left on other squares of other ways, S-PROX-3's die between them).
    assert all(s in exact.cost and exact.cost[s] <= c for s, c in one_way.cost.items())
    assert exact.best == one_way.best
    assert len(exact.cost) > 3 * len(one_way.cost)


@pytest.mark.slow
def test_a_seeded_game_that_stalled_with_exact_trails_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    # AMB-DROP-BACK-TRAIL: level 1, seed 1024 of the simulation played to its end with exact trails
    # on (about 30 s; seed 1007's game, about 35 s, is left to the search above), every search within
    # the game's node budget, every invariant of the simulation kept.
    import solo.automaton.context as context
    from solo.game.simulate import play_game

    policy = context.Context.policy
    monkeypatch.setattr(context.Context, "policy",
                        lambda self, *a, **k: records.replace(policy(self, *a, **k), exact_trails=True))
    counts = _counted(monkeypatch, GAME_MARKS)
    result, _ = play_game(1, 1024)
    assert result.error is None and result.winner in ("player", "npc")
    assert max(result.score) >= 5
    assert sum(counts) > 0 and max(counts) <= GAME_MARKS
