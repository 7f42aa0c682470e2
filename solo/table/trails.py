"""What an NPC's later drop on the last valid square can still read of the way behind a search node.

S-OBJ-2 / S-TAKE-5 (AMB-DROP-BACK): an NPC that cannot swap on the new object's square, or cannot
stop with what it holds, leaves an object on the first square behind it that can take it. The search
keeps one way per node, so a node's identity holds the part of its trail such a drop can still read
(:data:`Summary`, AMB-DROP-BACK-TRAIL), proved below.

The trail (AMB-DROP-BACK-TRAIL): a drop on the last valid square (AMB-DROP-BACK) reads the squares
behind on the one way kept per node: a tie can lose an outcome, a rare board a square. With
``PriorityPickups.exact_trails`` a node also holds what a later drop can read of its way
(below): per class of item a drop within the horizon may hold, the squares of the
way, latest first, that can take one, up to as many holding no item as items it may drop (None when
no drop can happen). Proof that two ways with the same summary drop alike in any continuation C: a
drop at S reads the squares C entered (the same for both), then the way; a square C did not enter
only gains items (drops), so one that could not take the item at the node never can, and those that
could are the summary's, in order, then others read only past every one of them. One is passed over
only as S, which then holds an item (not counted), or when a drop of C left an item there: every
item dropped in C is one counted, and the one being dropped does not lie, so a counted square is
read first, the same for both; by induction both make the same drops. A cheaper node reaches as far
(as long a list); one no drop can read is dominated by any. A child's summary is derived from its
parent's without walking the way (``Trails.derive``; from a virtual node, which keeps its real node's
summary, the way is walked): from parent to child only the child's square can
lose items (a take), any other square only gains (a drop behind), a square that gains items can take
no more classes than before, and what it can take depends on the item's class only; so up to the
last square of the parent's list for a class (its way starts with the parent's square), the squares
of the child's way that can take that class are the child's square, then those of the parent's list
that still can. When they count enough squares holding no item, that is the walk's answer; else the
way is walked. A parent no drop can read gives None (its continuations hold the child's), and the
reach is cut to the farthest square ``reads`` measures within it (the same answer). The automaton
keeps the first way found: exact trails settle Serpico's 5-AP search 3,571 -> 8,821 states (issue 16).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import chain
from typing import cast

from solo.table.carrying import PickupPolicy
from solo.table.movement import Delta, Means, Mover
from solo.table.position import item_character
from solo.table.single_actions import trail
from solo.table.squares import Square
from solo.table.ways import EXITED, Link, Node, Summary, W

__all__ = ["Summary", "Trails"]

FAR = 1 << 30
"""A distance no continuation reaches (no horizon: every square is within reach)."""
Reads = tuple[int, tuple[str, ...]]
"""(how many items a later drop may hold, one item of each class of those: rope, object, wounded)."""


def item_class(item: str) -> int:
    """What :meth:`Mover.can_hold` tells apart in an item: 0 the Rope, 1 another object, 2 a wounded."""
    return 2 if item_character(item) is not None else 0 if item == "rope" else 1


class Trails:
    """Per search: the :data:`Summary` of each NPC node within the bound (None for the Player)."""

    def __init__(self, mover: Mover, policy: PickupPolicy, means: Means, bound: int | None,
                 carried0: str | None, parents: dict[Node, Link | None]) -> None:
        self.on = getattr(policy, "exact_trails", False) and getattr(policy, "stop_fix", None) is not None
        """Only an NPC's policy drops back (AMB-DROP-BACK), and only one asking for every trail reads it
        here (``PriorityPickups.exact_trails``); the Player's figures never read a trail."""
        self.mover, self.policy = mover, policy
        exact = getattr(policy, "exact_ap", None)
        self.horizon = None if bound is None else max(bound, exact if exact is not None else bound)
        """The AP a continuation is read up to: the bound, or the policy's exact horizon if larger, so
        that a search cut at a smaller quota (:meth:`Reach.within`) holds the same nodes."""
        self.per_ap = max(mover.movement, 2) if means.jump_cost > 0 else None
        self.limit = None if bound is None else (bound + 1) * W
        self.parents = parents
        """The search's links, for the way behind a node."""
        self.carried0 = carried0
        self.listed = len(getattr(policy, "priority", ()))
        self.friends = frozenset(getattr(policy, "special_squares", frozenset()))
        self._lying: dict[Delta, tuple[tuple[Square, tuple[str, ...]], ...]] = {}
        self._reads: dict[tuple[str | None, Delta, Square, int], Reads | None] = {}
        self._holds: dict[tuple[Square, int], bool] = {}
        self._alone: dict[tuple[str | None, Delta, Square, int], Summary | int] = {}
        self._marks: dict[tuple[Delta, Square], tuple[int, ...]] = {}
        self._derived: dict[tuple[object, ...], Summary | int] = {}
        """Summaries derived from a parent's (:meth:`derive`), by square, delta, reads and parent."""

    def reach(self, steps: int, ap: int) -> int:
        """How far (steps through any passage but a wall) a continuation within the horizon may get
        from a node with ``steps`` left in its move and ``ap`` spent: a move or a two-square jump per AP."""
        if self.horizon is None or self.per_ap is None:
            return FAR
        return max(steps, 0) + (self.horizon - ap) * self.per_ap

    def within(self, delta: Delta, sq: Square, reach: int) -> int:
        """``reach`` cut to the largest distance from ``sq`` of a square :meth:`reads` measures (items
        lying, friends, squares of drops): :meth:`reads` gives the same for both, and is found once."""
        if reach >= FAR:
            return reach
        marks = self._marks.get((delta, sq))
        if marks is None:
            hops = self.mover.static.hops_from
            found = {x for x, _ in self.lying(delta)} | self.friends
            found.update(c[1] for c in delta if len(c) == 3)
            marks = self._marks[(delta, sq)] = tuple(sorted(
                {d for x in found if (d := hops(x).get(sq, FAR)) < FAR}))
        at = bisect_right(marks, reach)
        return marks[at - 1] if at else -1

    def lying(self, delta: Delta) -> tuple[tuple[Square, tuple[str, ...]], ...]:
        """Every square with items on it once ``delta`` is applied, with its items."""
        found = self._lying.get(delta)
        if found is None:
            items = dict(self.mover.items)
            items.update(self.mover.changed_squares(delta))
            found = self._lying[delta] = tuple((sq, it) for sq, it in sorted(items.items()) if it)
        return found

    def reads(self, carried: str | None, delta: Delta, sq: Square, reach: int) -> Reads | None:
        """The items a drop on the last valid square may hold in a continuation from ``sq`` that gets
        at most ``reach`` steps away, as (their number, one item per class); None when no drop can
        happen. Every item the NPC may drop later is counted: the one it carries if a better one lies
        within reach or it brought it (S-OBJ-3) and items lie within reach, every listed one within
        reach that a better one could replace, and with a friend within reach (S-OBJ-4/5, whose
        exchanges may make it hold a worse object) every listed one and each friend's."""
        key = (carried, delta, sq, reach)
        if key in self._reads:
            return self._reads[key]
        mover, rank = self.mover, self.policy.rank  # type: ignore[attr-defined]
        hops = mover.static.hops_from

        def near(x: Square) -> bool:
            return reach >= FAR or hops(x).get(sq, FAR) <= reach

        around = [(x, its) for x, its in self.lying(delta) if near(x)]
        listed = [i for _, its in around for i in its if rank(i) < self.listed]
        friends = [f for f in self.friends if near(f)]
        brought = self.carried0
        again = brought is not None and rank(brought) < self.listed and any(
            len(c) == 3 and c[0] == "drop" and c[2] == brought for c in delta)
        fresh = carried is not None and carried == brought and not any(
            len(c) == 3 and c[0] in ("take", "receive") and c[2] == brought for c in delta)
        droppable: list[str] = []
        if friends:
            droppable = [*listed, *(h for f in friends if (h := mover.friend_carries.get(f)))]
            if carried is not None:
                droppable.append(carried)
        else:
            if carried is not None and not (fresh or again):
                listed = [i for i in listed if rank(i) < rank(carried)]
            best = min((rank(i) for i in listed), default=self.listed)
            droppable = [i for i in listed if rank(i) > best]
            if carried is not None and (any(rank(i) < rank(carried) for i in listed) or (fresh and around)):
                droppable.append(carried)
            if again and brought is not None and brought not in droppable and around:
                droppable.append(brought)  # S-OBJ-3 again, once it takes back what it brought
        if carried is not None:  # S-OBJ-2 on a stop: the old object of a swap made where it stops
            droppable += [c[2] for c in delta if len(c) == 3 and c[0] == "drop"
                          and ("take", c[1], carried) in delta and near(c[1])]
        found: Reads | None = None
        if droppable:
            probes = {item_class(i): i for i in droppable}
            found = (len(droppable), tuple(probes[k] for k in sorted(probes)))
        self._reads[key] = found
        return found

    def holds(self, sq: Square, item: str, delta: Delta, changed: Iterable[Square]) -> bool:
        """:meth:`Mover.can_hold`, cached by class for a square the way left unchanged."""
        if sq in changed:
            return self.mover.can_hold(sq, item, delta)
        key = (sq, item_class(item))
        known = self._holds.get(key)
        if known is None:
            known = self._holds[key] = self.mover.can_hold(sq, item, delta)
        return known

    def mark(self, sq: Square, steps: int, carried: str | None, delta: Delta, cost: int,
             parent: Node) -> Summary:
        """The summary of a node reached at ``cost`` from ``parent``: None beyond the bound (the search
        no longer keeps item changes apart there) and for an exited figure."""
        if not self.on or steps == EXITED or (self.limit is not None and cost >= self.limit):
            return None
        above = parent[5]
        if above is None:
            return None  # no drop from the parent within the horizon: none from its continuations
        ap = cost // W
        key = (carried, delta, sq, self.within(delta, sq, self.reach(steps, ap)))
        reads = self._reads.get(key, 0)
        if reads == 0:
            reads = self.reads(*key)
        if reads is None:
            return None
        if parent[1] < EXITED:  # a virtual node (a way out of a pit and back) keeps its real node's summary
            return self.summary(sq, steps, carried, delta, ap, trail(self.parents, parent))
        step = (sq, delta, reads, above, parent[0])
        derived = self._derived.get(step, 0)
        if derived == 0:
            derived = self.derive(sq, delta, reads, above, parent[0])  # type: ignore[arg-type]
            if derived == 0:
                return self.summary(sq, steps, carried, delta, ap, trail(self.parents, parent))
            self._derived[step] = derived
        return derived  # type: ignore[return-value]

    def derive(self, sq: Square, delta: Delta, reads: Reads, above: tuple[tuple[object, ...], ...],
               back: Square) -> Summary | int:
        """The summary of a node on ``sq`` from its parent's (``above``, on ``back``), without walking
        the way, when the parent's lists reach far enough; 0 when they do not."""
        need, probes = reads
        lists = {entry[0]: entry[1:] for entry in above} if above else None
        changed = self.mover.changed_squares(delta)
        lying, can_hold, held = self.mover.items, self.mover.can_hold, self._holds
        found: list[tuple[object, ...]] = []
        for item in probes:
            k = item_class(item)
            behind = cast(tuple[Square, ...], (back,) if lists is None else lists.get(k, (back,)))
            kept: list[object] = [k]
            count = 0
            for cand in chain((sq,), (b for b in behind if b != sq)):  # each square once
                if cand in changed:
                    if not can_hold(cand, item, delta):
                        continue
                    plain = not changed[cand]
                else:
                    ok = held.get((cand, k))
                    if ok is None:
                        ok = held[(cand, k)] = can_hold(cand, item, delta)
                    if not ok:
                        continue
                    plain = not lying.get(cand)
                kept.append(cand)
                if plain:
                    count += 1
                    if count == need:
                        break
            else:
                return 0
            found.append(tuple(kept))
        if need == 1 and all(len(f) == 2 and f[1] == sq for f in found):
            return ()
        return tuple(found)

    def summary(self, sq: Square, steps: int, carried: str | None, delta: Delta, ap: int,
                behind: Iterable[Square]) -> Summary:
        """The :data:`Summary` of a node on ``sq`` whose way behind is ``behind`` (most recent first):
        None when no drop on the last valid square can happen from it within the horizon; else, per
        class of item a drop may hold, the squares of the way (``sq`` first) that can take it, up to
        as many holding no item as items may be dropped (() when ``sq`` alone answers every drop)."""
        if not self.on:
            return None
        key = (carried, delta, sq, self.within(delta, sq, self.reach(steps, ap)))
        known = self._alone.get(key, 0)
        if known != 0:
            return known  # type: ignore[return-value]  # None, or () when ``sq`` alone answers every drop, whatever the way behind
        reads = self._reads[key] if key in self._reads else self.reads(*key)
        if reads is None:
            self._alone[key] = None
            return None
        need, probes = reads
        changed = self.mover.changed_squares(delta)
        if need == 1 and not self.mover.items_at(sq, delta) and all(
                self.holds(sq, item, delta, changed) for item in probes):
            self._alone[key] = ()
            return ()
        items_at = self.mover.items_at
        lists: list[list[Square]] = [[] for _ in probes]
        counts = [0] * len(probes)
        done, seen = 0, set()
        for back in chain((sq,), behind):
            if back in seen:
                continue
            seen.add(back)
            plain = not items_at(back, delta)
            for k, item in enumerate(probes):
                if counts[k] < need and self.holds(back, item, delta, changed):
                    lists[k].append(back)
                    if plain:
                        counts[k] += 1
                        done += counts[k] == need
            if done == len(probes):
                break
        if need == 1 and all(len(found) == 1 and found[0] == sq for found in lists):
            return ()
        return tuple((item_class(item), *found) for item, found in zip(probes, lists, strict=True))
