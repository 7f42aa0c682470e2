"""What an NPC's later drop on the last valid square can still read of the way behind a search node.

S-OBJ-2 / S-TAKE-5 (AMB-DROP-BACK): an NPC that cannot swap on the new object's square, or cannot
stop with what it holds, leaves an object on the first square behind it that can take it. The search
keeps one way per node, so a node's identity holds the part of its trail such a drop can still read
(:data:`Summary`, AMB-DROP-BACK-TRAIL), proved below and in ``solo.table.drop_counts``.

The trail (AMB-DROP-BACK-TRAIL): a drop on the last valid square reads the squares behind on the way
the NPC took; the search keeps one way per node, so with ``PriorityPickups.exact_trails`` a node N
also holds, per class of item (Rope, object, wounded) a drop may hold, the squares of its way
(latest first, N's square first) that can take one, up to as many *plain* ones (holding no item
nor figure) as ``solo.table.drop_counts`` proves later drops may read past the squares its
continuation enters; None when no drop can read past, () when N's square alone answers. A child's
summary is derived from its parent's without walking the way (``Trails.derive``; from a virtual
node, which keeps its real node's summary, the way is walked): from parent to child only the
child's square can lose items (a take), any other square only gains (a drop behind), a square that
gains items can take no more classes than before, and what it can take depends on the item's class
only; so up to the last square of the parent's list for a class (its way starts with the parent's
square), the squares of the child's way that can take that class are the child's square, then those
of the parent's list that still can.
When they count enough plain squares, that is the walk's answer; else the way is walked. A parent no
drop can read past gives None (its continuations hold the child's, whose square is in its identity).
The counts measure only the squares holding items, friends or changes: they are asked once per set
of those within reach (a bit mask, ``Trails.within``): the ball of that reach around the node's square
(``solo.table.hops``, found once per square and geometry, shared by the searches on it) and the mask
of the squares the counts may measure once the changes are applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

from solo.table.carrying import PickupPolicy
from solo.table.drop_counts import DropCounts, Reads, item_class
from solo.table.hops import FAR, shared
from solo.table.movement import Delta, Means, Mover
from solo.table.position import WOUNDED_ITEM_PREFIX
from solo.table.single_actions import trail
from solo.table.squares import SQUARE_COUNT, Square
from solo.table.ways import EXITED, NO_CHANGES, Link, Node, Summary, W

__all__ = ["Summary", "Trails"]

Changes = tuple[dict[Square, tuple[str, ...]], int]
"""What :meth:`Trails.changes` finds of a delta (its docstring)."""
Pair = tuple[dict[Square, tuple[str, ...]], int, dict[int, tuple[Reads | None, list[int]]]]
"""What :meth:`Trails.pair` finds of an item held and changes (its docstring)."""

class Trails:
    """Per search: the :data:`Summary` of each NPC node within the bound (None for the Player)."""

    def __init__(self, mover: Mover, policy: PickupPolicy, means: Means, bound: int | None,
                 carried0: str | None, parents: dict[Node, Link | None]) -> None:
        self.on = getattr(policy, "exact_trails", False) and getattr(policy, "stop_fix", None) is not None
        """Only an NPC's policy drops back (AMB-DROP-BACK), and only one asking for every trail reads it
        here (``PriorityPickups.exact_trails``); the Player's figures never read a trail."""
        if not self.on:
            return  # every summary None: nothing more is read
        self.mover, self.policy = mover, policy
        exact = getattr(policy, "exact_ap", None)
        self.horizon = None if bound is None else max(bound, exact if exact is not None else bound)
        """The AP a continuation is read up to: the bound, or the policy's exact horizon if larger, so
        that a search cut at a smaller quota (:meth:`Reach.within`) holds the same nodes."""
        self.per_ap = max(mover.movement, 2) if means.jump_cost > 0 else None
        self.last = (1 << 62) if bound is None else bound
        """The last AP a summary is kept for: the search no longer keeps item changes apart beyond."""
        self.parents = parents
        """The search's links, for the way behind a node."""
        self.friends = frozenset(getattr(policy, "special_squares", frozenset()))
        self.carried0 = carried0
        common = shared(mover.static)
        self.ball, self.balls = common.ball, common.found
        self.ready = False
        """Whether :meth:`_ready` has run: the rest (the counts and the caches, none of them there before)
        is found on a start's first summary that is not None (:meth:`summary`); without one no node has a
        summary and :meth:`mark` reads none of it."""

    def _ready(self) -> None:
        """What :meth:`mark` and the counts read beyond :meth:`summary`'s test (found once per search)."""
        self.ready = True
        mover, last = self.mover, self.last
        self.spans = None if self.horizon is None or self.per_ap is None else [
            (self.horizon - ap) * self.per_ap for ap in range(last + 1)]
        """Per AP spent within the bound, how far a continuation may still get at the horizon
        (:meth:`reach` with no step left in a move; None: every square is within reach)."""
        self.counts = DropCounts(mover, self.policy, self.carried0, self.friends)
        """What a later drop may hold and how many squares a list needs (``solo.table.drop_counts``)."""
        self.found = self.counts.found
        self._pairs: dict[tuple[str | None, Delta], Pair] = {}
        """:meth:`pair` of each item held and changes met."""
        self._here: dict[Reads | None, list[int]] = {}
        """:meth:`alone` by answer of ``DropCounts.reads``, then square (-1: not found yet)."""
        self._spots = [[-1] * SQUARE_COUNT for _ in range(3)]
        """:meth:`spot` of each square the changes leave alone, by class then square (-1: not found yet)."""
        self._spots_in: dict[tuple[Square, int, Delta], int] = {}
        """:meth:`spot` of each square the changes touch, by class and changes."""
        self.marked = 0
        """The squares the counts may measure when nothing changed (items lying, friends), as a mask."""
        for x in chain(mover.items, self.friends):
            self.marked |= 1 << x
        self._changes: dict[Delta, Changes] = {}
        """:meth:`changes` of each delta met."""

    def reach(self, steps: int, ap: int) -> int:
        """How far (steps through any passage but a wall) a continuation within the horizon may get
        from a node with ``steps`` left in its move and ``ap`` spent: a move or a two-square jump per AP."""
        if self.horizon is None or self.per_ap is None:
            return FAR
        return max(steps, 0) + (self.horizon - ap) * self.per_ap

    def within(self, delta: Delta, sq: Square, reach: int) -> int:
        """The squares the counts measure (items lying, friends, squares of drops) at most ``reach``
        steps from ``sq``, as a bit mask of their numbers (-1: all): ``DropCounts.reads`` reads only
        those, so nodes with the same mask share its answer."""
        if reach >= FAR:
            return -1
        return self.ball(sq, reach) & (self.changes(delta)[1] if delta else self.marked)

    def changes(self, delta: Delta) -> Changes:
        """The squares whose items ``delta`` changed, and the mask of every square the counts may
        measure once it is applied (found once per delta): ``DropCounts.reads`` reads its mask only
        where items lie, on the friends' squares and where a swap's old object was dropped (S-OBJ-2), so
        two masks alike there get one answer (a square an item was only taken from is left out)."""
        found = self._changes.get(delta)
        if found is None:
            live = 0
            for x in chain((x for x, _ in self.counts.lying(delta)), self.friends,
                           (c[1] for c in delta if len(c) == 3 and c[0] == "drop")):
                live |= 1 << x
            found = self._changes[delta] = (self.mover.changed_squares(delta), live)
        return found

    def holds(self, sq: Square, item: str, delta: Delta, changed: dict[Square, tuple[str, ...]]) -> bool:
        """:meth:`Mover.can_hold` (:meth:`spot`, cached by class for a square the way left unchanged)."""
        return self.spot_at(sq, item, item_class(item), delta, changed) > 0

    def spot_at(self, sq: Square, item: str, k: int, delta: Delta,
                changed: dict[Square, tuple[str, ...]]) -> int:
        """:meth:`spot`, cached by class ``k`` for a square the way left unchanged."""
        if sq in changed:
            return self.spot_in(sq, item, k, delta, changed)
        row = self._spots[k]
        at = row[sq]
        if at < 0:
            at = row[sq] = self.spot(sq, item, delta, changed)
        return at

    def mark(self, sq: Square, steps: int, carried: str | None, delta: Delta, cost: int,
             parent: Node) -> Summary:
        """The summary of a node reached at ``cost`` from ``parent``: None beyond the bound (the search
        no longer keeps item changes apart there) and for an exited figure."""
        above = parent[5]
        if above is None or steps == EXITED or not self.on:
            return None  # no drop from the parent within the horizon: none from its continuations
        ap = cost // W
        if ap > self.last:
            return None
        changed, live, known = self._pairs.get((carried, delta)) or self.pair(carried, delta)
        spans = self.spans  # self.within(delta, sq, self.reach(steps, ap)), inlined
        if spans is None:
            mask = -1
        else:
            reach = spans[ap] + steps if steps > 0 else spans[ap]
            try:
                mask = self.balls[sq][reach] & live
            except (KeyError, IndexError):  # not grown that far yet
                mask = self.ball(sq, reach) & live
        reads, here = known.get(mask) or self.known(carried, delta, mask, known)
        if reads is None:
            return None
        if sq not in changed:
            alone = here[sq]
            if alone < 0:
                alone = here[sq] = self.alone(sq, reads, delta)
            if alone:
                return ()  # ``sq`` alone answers every drop, whatever the way behind (derive's, walk's too)
        if parent[1] < EXITED:  # a virtual node (a way out of a pit and back) keeps its real node's summary
            return self.walk(sq, delta, reads, trail(self.parents, parent))
        derived = self.derive(sq, delta, reads, above, parent[0], changed)
        if derived == 0:
            return self.walk(sq, delta, reads, trail(self.parents, parent))
        return derived  # type: ignore[return-value]

    def pair(self, carried: str | None, delta: Delta) -> Pair:
        """What :meth:`mark` reads of the item held and the changes (found once per pair): the squares
        ``delta`` changed, the mask of the squares the counts may measure (:meth:`changes`), and
        :meth:`known`'s answers by mask."""
        changed, live = self.changes(delta) if delta else (NO_CHANGES, self.marked)
        found = self._pairs[carried, delta] = (changed, live, {})
        return found

    def known(self, carried: str | None, delta: Delta, mask: int,
              known: dict[int, tuple[Reads | None, list[int]]]) -> tuple[Reads | None, list[int]]:
        """``DropCounts.reads`` of ``carried``, ``delta`` and ``mask``, with whether each square the
        changes leave alone answers them alone (:meth:`alone`; -1: not found yet), one list per answer
        (found once per key, kept in ``known``: the pair's)."""
        reads = self.counts.reads(carried, delta, mask)
        here = self._here.get(reads)
        if here is None:
            here = self._here[reads] = [-1] * len(self._spots[0])
        found = known[mask] = (reads, here)
        return found

    def alone(self, sq: Square, reads: Reads, delta: Delta) -> bool:
        """Whether ``sq`` alone answers every drop of ``reads``: one of each, and ``sq`` holds no item
        nor figure and can take each."""
        changed = self.mover.changed_squares(delta)
        for item, need, k in reads:
            if need != 1 or self.spot_at(sq, item, k, delta, changed) != 2:
                return False
        return True

    def derive(self, sq: Square, delta: Delta, reads: Reads, above: tuple[tuple[object, ...], ...],
               back: Square, changed: dict[Square, tuple[str, ...]]) -> Summary | int:
        """The summary of a node on ``sq`` from its parent's (``above``, on ``back``; ``changed``: the
        squares ``delta`` changed), without walking the way, when the parent's lists reach far enough;
        0 when they do not."""
        rows = self._spots
        found: list[tuple[object, ...]] = []
        alone, moved = True, sq in changed
        for item, need, k in reads:
            row = rows[k]
            if moved:
                at = self.spot_in(sq, item, k, delta, changed)
            else:
                at = row[sq]
                if at < 0:
                    at = row[sq] = self.spot(sq, item, delta, changed)
            if at == 2 and need == 1:
                found.append((k, sq))  # a plain square: ``sq`` alone answers this class
                continue
            behind: tuple[Square, ...] = (back,)
            for entry in above:
                if entry[0] == k:
                    behind = entry[1:]  # type: ignore[assignment]
                    break
            kept: list[object] = [k, sq] if at else [k]
            count = at >> 1  # 1 for a plain square
            for cand in behind:
                if cand == sq:
                    continue  # each square once
                if cand in changed:
                    at = self.spot_in(cand, item, k, delta, changed)
                else:
                    at = row[cand]
                    if at < 0:
                        at = row[cand] = self.spot(cand, item, delta, changed)
                if at:
                    kept.append(cand)
                    if at == 2:
                        count += 1
                        if count == need:
                            break
            else:
                return 0
            alone = False  # a list past ``sq`` (else ``sq`` alone answers: need 1, a plain square)
            found.append(tuple(kept))
        return () if alone else tuple(found)

    def spot_in(self, sq: Square, item: str, k: int, delta: Delta,
                changed: dict[Square, tuple[str, ...]]) -> int:
        """:meth:`spot` of a square ``delta`` changes, cached by class ``k`` and changes."""
        key = (sq, k, delta)
        at = self._spots_in.get(key, -1)
        if at < 0:
            at = self._spots_in[key] = self.spot(sq, item, delta, changed)
        return at

    def spot(self, sq: Square, item: str, delta: Delta, changed: dict[Square, tuple[str, ...]]) -> int:
        """What ``sq`` is to a drop of ``item``'s class: 0 it cannot take it, 1 it can but holds an
        item or a figure, 2 it can and holds neither (a plain square, which the count counts)."""
        if not self.mover.can_hold(sq, item, delta):
            return 0
        if sq in self.mover.friends:
            return 1
        return 1 if (changed[sq] if sq in changed else self.mover.items.get(sq)) else 2

    def summary(self, sq: Square, steps: int, carried: str | None, delta: Delta, ap: int,
                behind: Iterable[Square]) -> Summary:
        """The :data:`Summary` of a node on ``sq`` whose way behind is ``behind`` (most recent first):
        None when no drop reading past the squares a continuation enters can happen from it within the
        horizon; else, per class of item such a drop may hold, the squares of the way (``sq`` first)
        that can take it, up to as many holding no item nor figure as such drops of its kind may
        happen (() when ``sq`` alone answers every drop)."""
        if not self.on:
            return None
        reach = self.reach(steps, ap)
        if carried is None and not delta and reach < FAR and not self.ball(sq, reach) & self.sources():
            return None  # DropCounts.reads's None, decided without the counts (:meth:`sources`)
        return self.read(sq, steps, carried, delta, ap, behind)

    def sources(self) -> int:
        """The squares that alone make a drop possible from a start holding nothing, with no changes: a
        friend's, a pit's holding a Rope or a wounded (a bit mask). Else ``DropCounts.reads`` is None:
        with no item held and no changes no drop is again, fresh nor in play nor pending (``hand``), so
        its count is the pits' Ropes and wounded within reach plus, with friends within reach, what
        they hand over and the kinds present (``counted``): 0 without either. Those squares are
        :attr:`marked` ones, so a ball holds one iff its mask (:meth:`within`) does."""
        pits, wounded = self.mover.pits, WOUNDED_ITEM_PREFIX  # the squares whose terrain is a pit
        found = 0
        for x in self.friends:
            found |= 1 << x
        for x, its in self.mover.items.items():
            if x in pits and any(i == "rope" or i.startswith(wounded) for i in its):
                found |= 1 << x
        return found

    def read(self, sq: Square, steps: int, carried: str | None, delta: Delta, ap: int,
             behind: Iterable[Square]) -> Summary:
        """:meth:`summary` read from the counts (``DropCounts.reads``) and the way behind."""
        if not self.ready:
            self._ready()
        mask = self.within(delta, sq, self.reach(steps, ap))
        key = (carried, delta, mask)
        reads = self.found[key] if key in self.found else self.counts.reads(carried, delta, mask)
        if reads is None:
            return None
        return self.walk(sq, delta, reads, behind)

    def walk(self, sq: Square, delta: Delta, reads: Reads, behind: Iterable[Square]) -> Summary:
        """:meth:`summary` once ``reads`` is known, walking the way behind."""
        if self.alone(sq, reads, delta):
            return ()  # ``sq`` alone answers every drop, whatever the way behind
        changed, friends = self.mover.changed_squares(delta), self.mover.friends
        items_at = self.mover.items_at
        lists: list[list[Square]] = [[] for _ in reads]
        counts = [0] * len(reads)
        done, seen = 0, set()
        for back in chain((sq,), behind):
            if back in seen:
                continue
            seen.add(back)
            plain = not items_at(back, delta) and back not in friends
            for k, (item, need, _) in enumerate(reads):
                if counts[k] < need and self.holds(back, item, delta, changed):
                    lists[k].append(back)
                    if plain:
                        counts[k] += 1
                        done += counts[k] == need
            if done == len(reads):
                break
        if all(need == 1 for _, need, _ in reads) and all(len(kept) == 1 and kept[0] == sq for kept in lists):
            return ()
        return tuple((k, *found) for (_, _, k), found in zip(reads, lists, strict=True))
