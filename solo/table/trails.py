"""What an NPC's later drop on the last valid square can still read of the way behind a search node.

S-OBJ-2 / S-TAKE-5 (AMB-DROP-BACK): an NPC that cannot swap on the new object's square, or cannot
stop with what it holds, leaves an object on the first square behind it that can take it. The search
keeps one way per node, so a node's identity holds the part of its trail such a drop can still read
(:data:`Summary`, AMB-DROP-BACK-TRAIL), proved below.

The trail (AMB-DROP-BACK-TRAIL): a drop on the last valid square reads the squares behind on the way
the NPC took; the search keeps one way per node, so with ``PriorityPickups.exact_trails`` a node N
also holds, per class of item (Rope, object, wounded) a drop may hold, the squares of its way T
(latest first, N's square first) that can take one, up to m of them *plain* (holding no item nor
figure); None when every m is 0, () when N's square alone answers. In a continuation C a drop at S
reads the squares C entered (E), then T minus E. Two ways with equal lists drop alike as long as no
drop reads past its class's list: the squares of T outside E only gain items (C's drops), the
same for both. The count m of a kind (object, the Rope one too; wounded: what B-GOLD-3 counts) makes
that so. Until a drop first reads past a list, every item is put on E, on a list or on N's square
(Q), and taken on E, so over Q (takes - puts) of that kind = held now - held at N - received from
friends (received minus given: at most the items friends within reach hold at N that they may hand
over, ``may_hand``; 0 while the NPC holds one of the kind and no item of the other kind is within
reach, no brought object in play: its hands are then never free of the kind, so each one handed is
one given). A square of Q can take an item I of the kind
at least as often as: a plain square of the lists, 1 - the items of the kind on it; a square of E,
its net takes of the kind (at most 1, B-GOLD-3; no figure stands where one takes, so only a pit
refuses: a Rope or a wounded taken from a pit, U such items within reach); any other, 0 - its puts.
A drop of I at S reads past the list only if no square of Q but S can take I, so the plain squares
of the list number at most held at N + the old objects of swaps made on a square and lying there
(which a stop there drops, S-OBJ-2) + received + U + c - 1, where c (0 or 1) is S's own term. m is
that sum with c = 1 only where S may count: a swap drops behind only when S cannot take I (else it
is made on the spot), so S counts only at a stop after a swap made on S, or S-OBJ-3, with an item of
the other kind on S (one item per kind, B-GOLD-3), taken after an item it ranks better than the one
held: never while the held item only improves (no friend within reach, S-OBJ-4/5, and no brought
object to drop again, S-OBJ-3). So an NPC that holds nothing, with no friend within reach and no
Rope or wounded in a pit, never drops behind the squares it enters (a taken item goes back where it
lay at the latest). A cheaper node reaches as far (as long a list); one no drop can read past is
dominated by any (the count reads only its identity). A child's summary is derived from its
parent's without walking the way (``Trails.derive``; from a virtual node, which keeps its real node's
summary, the way is walked): from parent to child only the child's square can lose items (a take),
any other square only gains (a drop behind), a square that gains items can take no more classes than
before, and what it can take depends on the item's class only; so up to the last square of the
parent's list for a class (its way starts with the parent's square), the squares of the child's way
that can take that class are the child's square, then those of the parent's list that still can.
When they count enough plain squares, that is the walk's answer; else the way is walked. A parent no
drop can read past gives None (its continuations hold the child's, whose square is in its identity).
``reads`` measures only the squares holding items, friends or changes: it is asked once per set of
those within reach (a bit mask, ``Trails.within``), the distances coming from one walk per such
square and geometry (hops are symmetric), shared by the searches on that geometry.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import chain
from typing import cast

from solo.table.board import Terrain
from solo.table.carrying import PickupPolicy, friend_item
from solo.table.hops import FAR, Table, shared
from solo.table.movement import Delta, Means, Mover
from solo.table.position import item_character
from solo.table.single_actions import trail
from solo.table.squares import Square
from solo.table.ways import EXITED, NO_CHANGES, Link, Node, Summary, W

__all__ = ["Summary", "Trails"]

Around = tuple[tuple[tuple[Square, tuple[str, ...]], ...], tuple[Square, ...], tuple[str, ...],
               tuple[int, ...], tuple[bool, bool], int]
"""What :meth:`Trails.around` finds around a square (its docstring)."""
Reads = tuple[tuple[str, int, int, int], ...]
"""Per class of item a drop reading past the squares entered may hold (rope, object, wounded): one
such item; the squares with no figure that can take one a list needs (as many as such drops of its
kind a continuation may make), or else the plain ones it needs (the items the NPC holds and the
squares within reach may lose: :meth:`Trails.reads`); and the class."""


def item_kind(item: str) -> int:
    """What the golden rule counts apart (B-GOLD-3): 0 an object (the Rope too), 1 a wounded."""
    return 0 if item_character(item) is None else 1


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
        if not self.on:
            return  # every summary None: nothing more is read
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
        self.may_hand = getattr(policy, "may_hand", None)
        """Whether a friend may hand its item to the NPC (S-OBJ-4/5); None: any may."""
        self._lying: dict[Delta, tuple[tuple[Square, tuple[str, ...]], ...]] = {}
        self._reads: dict[tuple[str | None, Delta, int], Reads | None] = {}
        self._around: dict[tuple[Delta, int], Around] = {}
        self._hands: dict[tuple[Square, str, frozenset[str | None]], bool] = {}
        self._here: dict[tuple[Square, Reads], bool] = {}
        self._spots: dict[tuple[Square, int], int] = {}
        """:meth:`spot` of each square the changes leave alone, by class."""
        self.marked = frozenset(mover.items) | self.friends
        """The squares :meth:`reads` may measure whatever the changes: items lying, friends."""
        common = shared(mover.static)
        self.hops, self.distances = common.hops_from, common.distances
        self.tables = common.tables.setdefault(self.marked, {})
        self.walked = 0
        self.walks: list[tuple[Square, list[int]]] | None = None
        """The distances from each marked square, once a table needs them."""
        """How many tables this search found by a walk from their own square (:meth:`table`)."""
        self._changes: dict[Delta, tuple[tuple[Square, ...], int]] = {}

    def reach(self, steps: int, ap: int) -> int:
        """How far (steps through any passage but a wall) a continuation within the horizon may get
        from a node with ``steps`` left in its move and ``ap`` spent: a move or a two-square jump per AP."""
        if self.horizon is None or self.per_ap is None:
            return FAR
        return max(steps, 0) + (self.horizon - ap) * self.per_ap

    def within(self, delta: Delta, sq: Square, reach: int) -> int:
        """The squares :meth:`reads` measures (items lying, friends, squares of changes) at most
        ``reach`` steps from ``sq``, as a bit mask of their numbers (-1: all): :meth:`reads` reads
        only those, so nodes with the same mask share its answer."""
        if reach >= FAR:
            return -1
        table = self.tables.get(sq)
        if table is None:
            table = self.table(sq)
        at = bisect_right(table[0], reach)
        mask = table[1][at - 1] if at else 0
        if delta:
            changes = self._changes.get(delta)
            if changes is None:
                changes = self.changes(delta)
            extra, live = changes
            for x in extra:  # squares of drops elsewhere than the marked squares
                if self.hops(x)[sq] <= reach:
                    mask |= 1 << x
            return mask & live
        return mask

    def table(self, sq: Square) -> Table:
        """The distances from ``sq`` of the :attr:`marked` squares, sorted, and per distance the mask of
        those within it (found once per geometry and marked squares). Hops are symmetric: from the walks
        of the marked squares, or while a search has asked fewer squares than walks lack, one from ``sq``."""
        distances = self.distances
        lacking = [x for x in self.marked if x not in distances]
        if lacking and self.walked < 4:
            self.walked += 1
            here = self.hops(sq)
            pairs = [(here[x], x) for x in self.marked]
        else:
            if self.walks is None:
                self.walks = [(x, self.hops(x)) for x in self.marked]
            pairs = [(walk[sq], x) for x, walk in self.walks]
        by_distance: dict[int, int] = {}
        for d, x in pairs:
            if d < FAR:
                by_distance[d] = by_distance.get(d, 0) | 1 << x
        marks, masks, mask = sorted(by_distance), [], 0
        for d in marks:
            mask |= by_distance[d]
            masks.append(mask)
        found = self.tables[sq] = (tuple(marks), tuple(masks))
        return found

    def changes(self, delta: Delta) -> tuple[tuple[Square, ...], int]:
        """The squares of ``delta``'s changes outside :attr:`marked`, and the mask of every square
        :meth:`reads` may measure once it is applied (items lying, friends, squares of changes)."""
        squares = {c[1] for c in delta if len(c) == 3}
        live = 0
        for x in chain((x for x, _ in self.lying(delta)), self.friends, squares):
            live |= 1 << x
        found = self._changes[delta] = (tuple(sorted(squares - self.marked)), live)
        return found

    def lying(self, delta: Delta) -> tuple[tuple[Square, tuple[str, ...]], ...]:
        """Every square with items on it once ``delta`` is applied, with its items."""
        found = self._lying.get(delta)
        if found is None:
            items = dict(self.mover.items)
            items.update(self.mover.changed_squares(delta))
            found = self._lying[delta] = tuple((sq, it) for sq, it in sorted(items.items()) if it)
        return found

    def reads(self, carried: str | None, delta: Delta, mask: int) -> Reads | None:
        """What a drop reading past the squares a continuation enters (those of ``mask`` within its
        reach, :meth:`within`) may hold: one item per class of those it may drop, with how many such drops of
        its kind may happen (the proof above); None when none can. The classes: every item the NPC
        may drop later (the one it carries if a better one lies within reach or it brought it, S-OBJ-3,
        and items lie within reach; every listed one within reach that a better one could replace;
        with a friend within reach, S-OBJ-4/5, every listed one and each friend's)."""
        key = (carried, delta, mask)
        if key in self._reads:
            return self._reads[key]
        rank = self.policy.rank  # type: ignore[attr-defined]
        around, friends, held, counted, present, spare = self.around(delta, mask)
        count, handed = list(counted), [0, 0]
        if held:  # what a friend may hand over (S-OBJ-4/5)
            holding = frozenset((None, carried, *held, *(i for _, its in around for i in its)))
            for f in friends:
                if (h := friend_item(self.mover, f, delta)) and self.hands(f, h, holding):
                    handed[item_kind(h)] += 1
        brought = self.carried0
        pending: list[str] = []
        if carried is not None:  # S-OBJ-2 on a stop: the old object of a swap made where it stops
            pending = [c[2] for c in delta if len(c) == 3 and c[0] == "drop"
                       and ("take", c[1], carried) in delta
                       and mask >> c[1] & 1]
            for item in chain((carried,), pending):
                count[item_kind(item)] += 1
                present = (True, present[1]) if item_kind(item) == 0 else (present[0], True)
        again = brought is not None and rank(brought) < self.listed and any(
            len(c) == 3 and c[0] == "drop" and c[2] == brought for c in delta)
        fresh = carried is not None and carried == brought and not any(
            len(c) == 3 and c[0] in ("take", "receive") and c[2] == brought for c in delta)
        in_play = brought is not None and rank(brought) < self.listed and (fresh or again)
        if carried is not None and not in_play and not present[1 - item_kind(carried)]:
            handed[item_kind(carried)] = 0  # its hands never free of that kind: one given for each one handed
        count = [n + m for n, m in zip(count, handed, strict=True)]
        if friends or in_play:
            # The drop's own square may be the free one, on a square holding the other kind too.
            count = [n + present[1 - kind] for kind, n in enumerate(count)]
        if not any(count):
            self._reads[key] = None
            return None
        listed = [i for _, its in around for i in its if rank(i) < self.listed]
        droppable: list[str] = []
        if friends:
            droppable = [*listed, *held]
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
        droppable += pending
        probes = {item_class(i): i for i in droppable}
        plain = (carried is not None) + spare  # the plain squares a list needs (the second bound)
        found = tuple((probes[k], need, plain, k) for k in sorted(probes)
                      if (need := count[item_kind(probes[k])]) > 0) or None
        self._reads[key] = found
        return found

    def hands(self, friend: Square, item: str, holding: frozenset[str | None]) -> bool:
        """Whether the friend on ``friend`` may hand ``item`` to the NPC holding one of ``holding``
        (the policy's ``may_hand``, found once; without it, any friend may)."""
        if self.may_hand is None:
            return True
        key = (friend, item, holding)
        known = self._hands.get(key)
        if known is None:
            known = self._hands[key] = self.may_hand(friend, item, holding)
        return known

    def around(self, delta: Delta, mask: int) -> Around:
        """What :meth:`reads` counts on the squares of ``mask`` whatever the item held: the items lying
        there, the friends and what they hold, per kind the drops that may read past the squares
        entered (a friend's item; a Rope or a wounded taken from a pit, where only a Rope lies again),
        and per kind whether an item of it is there."""
        key = (delta, mask)
        found = self._around.get(key)
        if found is None:
            around = tuple((x, its) for x, its in self.lying(delta) if mask >> x & 1)
            friends = tuple(f for f in self.friends if mask >> f & 1)
            held = tuple(h for f in friends if (h := friend_item(self.mover, f, delta)))
            count, present = [0, 0], [False, False]
            terrain, pit = self.mover.geometry.terrain, Terrain.PIT
            for x, its in around:
                for item in its:
                    present[item_kind(item)] = True
                    if terrain.get(x) is pit and (item == "rope" or item_character(item) is not None):
                        count[item_kind(item)] += 1
            for item in held:
                present[item_kind(item)] = True
            found = self._around[key] = (around, friends, held, tuple(count), (present[0], present[1]),
                                         self.spare(around, friends, held))
        return found

    def spare(self, around: tuple[tuple[Square, tuple[str, ...]], ...], friends: tuple[Square, ...],
              held: tuple[str, ...]) -> int:
        """The proof's second bound less the item held: what the squares within reach may lose while
        refusing a drop (every item in a pit, all but one on another square with no figure), and the
        most the drop's own square may lose (at least 1: a plain square of the list)."""
        pit, terrain = Terrain.PIT, self.mover.geometry.terrain
        standing, enemies = self.mover.friends, self.mover.enemies
        lose, most = 0, 1 if held else 0
        for x, its in around:
            if x in standing or x in enemies:
                continue  # nothing is taken from under a figure (Mover.takeable)
            lose += len(its) if terrain.get(x) is pit else len(its) - 1
            most = max(most, len(its))
        return lose + max(most, 1)

    def spot_at(self, sq: Square, item: str, k: int, delta: Delta,
                changed: dict[Square, tuple[str, ...]]) -> int:
        """:meth:`spot`, cached by class ``k`` for a square the way left unchanged."""
        if sq in changed:
            return self.spot(sq, item, delta, changed)
        at = self._spots.get((sq, k), -1)
        if at < 0:
            at = self._spots[(sq, k)] = self.spot(sq, item, delta, changed)
        return at

    def mark(self, sq: Square, steps: int, carried: str | None, delta: Delta, cost: int,
             parent: Node) -> Summary:
        """The summary of a node reached at ``cost`` from ``parent``: None beyond the bound (the search
        no longer keeps item changes apart there) and for an exited figure."""
        above = parent[5]
        if above is None or not self.on or steps == EXITED:
            return None  # no drop from the parent within the horizon: none from its continuations
        limit = self.limit
        if limit is not None and cost >= limit:
            return None
        per_ap = self.per_ap  # self.within(delta, sq, self.reach(steps, cost // W)), inlined
        if per_ap is None or self.horizon is None:
            mask = -1
        else:
            reach = (steps if steps > 0 else 0) + (self.horizon - cost // W) * per_ap
            table = self.tables.get(sq) or self.table(sq)
            at = bisect_right(table[0], reach)
            mask = table[1][at - 1] if at else 0
            if delta:
                extra, live = self._changes.get(delta) or self.changes(delta)
                for x in extra:  # squares of drops elsewhere than the marked squares
                    if self.hops(x)[sq] <= reach:
                        mask |= 1 << x
                mask &= live
        key = (carried, delta, mask)
        reads = self._reads[key] if key in self._reads else self.reads(carried, delta, mask)
        if reads is None:
            return None
        if parent[1] < EXITED:  # a virtual node (a way out of a pit and back) keeps its real node's summary
            return self.walk(sq, delta, reads, trail(self.parents, parent))
        if not delta or sq not in self.mover.changed_squares(delta):
            here = self._here.get((sq, reads))
            if here is None:
                here = self._here[(sq, reads)] = self.alone(sq, reads, delta)
            if here:
                return ()  # ``sq`` alone answers every drop, whatever the way behind (derive's answer too)
        derived = self.derive(sq, delta, reads, above, parent[0])
        if derived == 0:
            return self.walk(sq, delta, reads, trail(self.parents, parent))
        return derived  # type: ignore[return-value]

    def alone(self, sq: Square, reads: Reads, delta: Delta) -> bool:
        """Whether ``sq`` alone answers every drop of ``reads``: one of each, and ``sq`` holds no item
        nor figure and can take each."""
        changed = self.mover.changed_squares(delta)
        return all(_done(self.spot_at(sq, item, k, delta, changed), need, plain)
                   for item, need, plain, k in reads)

    def derive(self, sq: Square, delta: Delta, reads: Reads, above: tuple[tuple[object, ...], ...],
               back: Square) -> Summary | int:
        """The summary of a node on ``sq`` from its parent's (``above``, on ``back``), without walking
        the way, when the parent's lists reach far enough; 0 when they do not."""
        changed = self.mover.changed_squares(delta) if delta else NO_CHANGES
        spots, spot = self._spots, self.spot
        found: list[tuple[object, ...]] = []
        alone = True
        for item, need, plain, k in reads:
            if sq in changed:
                at = spot(sq, item, delta, changed)
            else:
                at = spots.get((sq, k), -1)
                if at < 0:
                    at = spots[(sq, k)] = spot(sq, item, delta, changed)
            kept: list[object] = [k, sq] if at else [k]
            free, bare = int(at >= 2), int(at == 3)  # the squares each bound counts
            if free < need and bare < plain:
                behind: tuple[object, ...] = (back,)
                for entry in above:
                    if entry[0] == k:
                        behind = entry[1:]
                        break
                for cand in cast("tuple[Square, ...]", behind):
                    if cand == sq:
                        continue  # each square once
                    if cand in changed:
                        at = spot(cand, item, delta, changed)
                    else:
                        at = spots.get((cand, k), -1)
                        if at < 0:
                            at = spots[(cand, k)] = spot(cand, item, delta, changed)
                    if at:
                        kept.append(cand)
                        free += at >= 2
                        bare += at == 3
                        if free >= need or bare >= plain:
                            break
                else:
                    return 0
                alone = False  # a list past ``sq`` (else ``sq`` alone answers)
            found.append(tuple(kept))
        return () if alone else tuple(found)

    def spot(self, sq: Square, item: str, delta: Delta, changed: dict[Square, tuple[str, ...]]) -> int:
        """What ``sq`` is to a drop of ``item``'s class: 0 it cannot take it, 1 it can but a figure
        stands there (neither bound counts it), 2 it can and holds an item (the first bound counts
        it), 3 it can and holds neither (a plain square, both bounds count it)."""
        if not self.mover.can_hold(sq, item, delta):
            return 0
        if sq in self.mover.friends:
            return 1
        return 2 if (changed[sq] if sq in changed else self.mover.items.get(sq)) else 3

    def summary(self, sq: Square, steps: int, carried: str | None, delta: Delta, ap: int,
                behind: Iterable[Square]) -> Summary:
        """The :data:`Summary` of a node on ``sq`` whose way behind is ``behind`` (most recent first):
        None when no drop reading past the squares a continuation enters can happen from it within the
        horizon; else, per class of item such a drop may hold, the squares of the way (``sq`` first)
        that can take it, up to as many holding no item nor figure as such drops of its kind may
        happen (() when ``sq`` alone answers every drop)."""
        if not self.on:
            return None
        mask = self.within(delta, sq, self.reach(steps, ap))
        key = (carried, delta, mask)
        reads = self._reads[key] if key in self._reads else self.reads(carried, delta, mask)
        if reads is None:
            return None
        return self.walk(sq, delta, reads, behind)

    def walk(self, sq: Square, delta: Delta, reads: Reads, behind: Iterable[Square]) -> Summary:
        """:meth:`summary` once ``reads`` is known, walking the way behind."""
        if self.alone(sq, reads, delta):
            return ()  # ``sq`` alone answers every drop, whatever the way behind
        changed = self.mover.changed_squares(delta)
        lists: list[list[Square]] = [[] for _ in reads]
        free, bare, over = [0] * len(reads), [0] * len(reads), [False] * len(reads)
        done, seen = 0, set()
        for back in chain((sq,), behind):
            if back in seen:
                continue
            seen.add(back)
            for k, (item, need, plain, kind) in enumerate(reads):
                if over[k] or not (at := self.spot_at(back, item, kind, delta, changed)):
                    continue
                lists[k].append(back)
                free[k] += at >= 2
                bare[k] += at == 3
                if free[k] >= need or bare[k] >= plain:
                    over[k] = True
                    done += 1
            if done == len(reads):
                break
        return tuple((kind, *found) for (_, _, _, kind), found in zip(reads, lists, strict=True))


def _done(at: int, need: int, plain: int) -> bool:
    """Whether one square that is ``at`` to a drop (:meth:`Trails.spot`) answers a class alone."""
    return (at >= 2 and need <= 1) or (at == 3 and plain <= 1)
