"""What makes the exact trails cheaper reads as what it stands for (AMB-DROP-BACK-TRAIL, issue 16).

``solo.table.trails`` asks ``DropCounts.reads`` once per set of marked squares within reach (a mask):
the mask keeps only the squares the counts read, so that masks alike there share one answer; the
counts sum what each square of a mask holds, found once per changes."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from solo.automaton.pickups import NpcPickups
from solo.table.board import Terrain
from solo.table.carrying import PriorityPickups, friend_item
from solo.table.drop_counts import DropCounts, item_kind
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


def _walked(counts: DropCounts, delta: Any, mask: int) -> tuple[object, ...]:
    """``DropCounts.around`` found square by square of ``mask``, as the module docstring counts."""
    mover, pit = counts.mover, Terrain.PIT
    items: list[str] = []
    count, present, lose, most = [0, 0], [False, False], 0, 1
    for x, its in counts.lying(delta):
        if not mask >> x & 1:
            continue
        in_pit = mover.geometry.terrain.get(x) is pit
        for item in its:
            items.append(item)
            present[item_kind(item)] = True
            count[item_kind(item)] += in_pit and (item_kind(item) == 1 or item == "rope")
        if x not in mover.friends and x not in mover.enemies:
            lose += len(its) if in_pit else len(its) - 1
            most = max(most, len(its))
    friends, held = [], []
    for f in counts.friends:
        if mask >> f & 1:
            h = friend_item(mover, f, delta)
            friends.append((f, h))
            lose += h is not None and mover.geometry.terrain.get(f) is pit
            if h:
                held.append(h)
                present[item_kind(h)] = True
    return tuple(items), tuple(friends), tuple(held), tuple(count), tuple(present), lose + most


@pytest.mark.parametrize("friends", [False, True])
def test_what_the_counts_sum_around_a_square_is_what_its_squares_hold(
        monkeypatch: pytest.MonkeyPatch, friends: bool) -> None:
    # DropCounts.around sums DropCounts.spread's squares (found once per changes) over a mask: the
    # same as walking the squares of the mask.
    rng = random.Random(6)
    asked = 0
    for trails in _searched(monkeypatch, friends, range(340, 400)):
        board = [int(x) for x in trails.mover.geometry.terrain]
        counts = trails.counts
        for delta in {delta for _, delta in trails._pairs}:
            for _ in range(6):
                mask = sum(1 << x for x in rng.sample(board, rng.randint(0, len(board))))
                asked += 1
                assert counts.around(delta, mask) == _walked(counts, delta, mask)
    assert asked > 300


@pytest.mark.parametrize("friends", [False, True])
def test_masks_and_changes_that_read_alike_share_the_counts_they_read(
        monkeypatch: pytest.MonkeyPatch, friends: bool) -> None:
    # DropCounts.reads counts once per sign (the item held, what the changes made of the object it
    # brought, what lies around, the old objects of swaps there): each answer a search shared is the
    # one the counts give that key alone.
    shared = keys = 0
    for trails in _searched(monkeypatch, friends, range(40)):
        counts = trails.counts
        keys += len(counts.found)
        shared += len(counts.found) - len(counts._signed)
        for key, found in counts.found.items():
            alone = DropCounts(trails.mover, trails.policy, counts.carried0, trails.friends)
            assert alone.reads(*key) == found, key
    assert shared > keys // 10
