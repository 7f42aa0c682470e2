"""What makes the exact trails cheaper reads as what it stands for (AMB-DROP-BACK-TRAIL, issue 16).

``solo.table.trails`` asks ``DropCounts.reads`` once per set of marked squares within reach (a mask):
the mask keeps only the squares the counts read, so that masks alike there share one answer."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from solo.automaton.pickups import NpcPickups
from solo.table.carrying import PriorityPickups
from solo.table.drop_counts import DropCounts
from solo.table.movement import Means
from solo.table.search import cheapest_paths
from solo.table.trails import Trails

sys.path.insert(0, str(Path(__file__).parent))
from test_search_trails import LISTED, dense_boards, friend_ranks, standing_friends


def _searched(monkeypatch: pytest.MonkeyPatch, friends: bool, seeds: range) -> list[Trails]:
    """The trails of the exact 2-AP searches on dense boards (with friends exchanging objects)."""
    made: list[Trails] = []
    init = Trails.__init__

    def kept(self: Trails, *args: Any) -> None:
        init(self, *args)
        if self.on:
            made.append(self)

    monkeypatch.setattr(Trails, "__init__", kept)
    for _, rng, position in dense_boards(seeds, carrying_friends=friends):
        priority = tuple(rng.sample(LISTED, 3))
        ranks = friend_ranks(rng, standing_friends(position)) if friends else None
        policy = (NpcPickups(priority, friend_ranks=ranks, exact_trails=True) if ranks
                  else PriorityPickups(priority, exact_trails=True))
        cheapest_paths(position, "mover", Means(max_ap=2), policy)
    return made


@pytest.mark.parametrize("friends", [False, True])
def test_the_counts_answer_a_mask_as_they_answer_it_kept_to_the_squares_they_read(
        monkeypatch: pytest.MonkeyPatch, friends: bool) -> None:
    # Trails.changes: DropCounts.reads reads a mask only where items lie, on the friends' squares and
    # where a swap's old object was dropped; so every mask, kept to those squares, gets its answer.
    rng = random.Random(5)
    asked = differ = 0
    for trails in _searched(monkeypatch, friends, range(300, 340)):
        board = [int(x) for x in trails.mover.geometry.terrain]
        for carried, delta in trails._pairs:
            live = trails.changes(delta)[1] if delta else trails.marked
            whole = DropCounts(trails.mover, trails.policy, trails.counts.carried0, trails.friends)
            kept = DropCounts(trails.mover, trails.policy, trails.counts.carried0, trails.friends)
            for _ in range(6):
                mask = sum(1 << x for x in rng.sample(board, rng.randint(0, len(board))))
                asked += 1
                differ += mask & live != mask
                assert whole.reads(carried, delta, mask) == kept.reads(carried, delta, mask & live)
    assert asked > 500 and differ > asked // 2
