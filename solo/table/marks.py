"""What tells two search nodes apart besides square, item and jumps (AMB-SEARCH-PRUNE).

The rule, for ``solo.table.search``: dominance (AMB-SEARCH-PRUNE). A node is (square, steps left, item
carried, board changes, jumps). Node B is dropped for node A settled before it when both have the same
square, item, jumps, items on that square and portcullises opened on its sides, and A cost less (or as
much with at least as many steps left, for a moving node); a moving node such a popped node already
dominates is not even pushed (``Kept.doomed``: what dominates only grows), nor one a node of its
identity already queued dominates (it would be popped after it and dropped). For an NPC every item
change is in that identity too (its pick-ups are forced, and its drop-back reads the squares behind it).
The Player's figures keep one way per identity and cost, except that nodes of equal cost are told apart
by their *readable* item changes: those on squares at most s + r * max(m, 2) steps away (s: steps left
in the move, r: AP left under the bound, m: its movement; all of them with free jumps), the only ones a
continuation within the bound can read (the proof below); the Key left on c1 or on b4 by a figure at d1
with the Rope is two nodes (``test_pruned_search_key_dropped_for_the_rope``: only the second may stop on
c1 and jump on). This module finds, once per board change (``Delta``), what the loop compares: the
squares whose items it changed, the portcullises opened on a square's sides, and for the Player the item
changes a continuation within the bound can still read; and which popped nodes are kept (:class:`Kept`).

Proof (NPC identity, and the Player's ties) that a cut node loses no cheapest cost: every rule the
search applies after a node reads the board only on the squares it then enters, stops on, starts
from, jumps over or lands on, the square it came from and the edges it crosses (an NPC's drop-back
also the squares behind: their changes are in its identity, not the trail: ``solo.table.trails``). A
continuation within the bound crosses at most m squares per AP (opening a portcullis first costs one
AP more), a jump two squares for one AP: every square it reads is within s + r * max(m, 2) steps
(the rule's distance). Where A's and B's changes agree on every square and edge a continuation of B
reads, A can follow it move for move, paying the same for each action and meeting the same pick-ups,
so it ends on the same square with the same item at no greater cost; Dijkstra settles A first, so
the cut never drops a node cheaper than what remains. The changes can then disagree only on a
portcullis opened elsewhere (AMB-OPEN-CROSS: B profits from it only by coming back through it). A
costlier Player node, and every node beyond a bound (search.py, "Beyond a bound"), is still compared
without its item changes elsewhere: there the argument gives only that every way kept is a real one
(never cheaper than the exhaustive search of ``tests/reference_search.py``), and the tests compare
both with it on random boards; keeping every readable change apart for those too would be exact but
settles up to 7 times as many Player states (measured, issue 16). Merging an NPC's nodes whose item
changes differ is not sound: the items it moved lie on squares it has just crossed, which its next
moves read (a Rope dropped in a pit is a bridge, an object on a square forbids stopping there with
another); the exhaustive search finds cheaper ways through them on about one random board in a
hundred, so such nodes stay apart within the quota.

A node dominated by one already queued (:meth:`Kept.doomed`, QUEUED) is not queued either. Let B be
a moving node pushed at cost c with s steps left, and A the last node of its identity queued, at
cost a with t steps left, where t >= s and either a < c, or a = c with B's changes, every tie kept.
A is popped before B would be (the heap pops by cost, then push order; a cheaper push of A pops
sooner). At A's pop, :meth:`Kept.moving` keeps A, recording t at its cost, or drops it for what it
recorded of a node popped before (at a lower cost as many steps; at A's cost as many steps with A's
changes, or the trail's check on the same identity): each of these dominates B just as A does,
since the relation is transitive and those records only grow. So B, popped, would be dropped
unexpanded: its cost goes into the search's distances as if it were queued, every later push of it
is refused or accepted as before, and the nodes expanded, their costs and ways are unchanged; only
its own pop is gone. The Player's ties are told apart by what they read, which a node with fewer
steps left may not share: for them only a lower cost dominates. Serpico's 5-AP search on the demo
board settles 2,503 nodes instead of 2,857 (the inherent (square, steps left, item) states: 1,577):
of the nodes beyond each such state's first, 1,261 differ from it by the items taken and 50 by where
an old object was left; 1,149 of those lead to a rest state of their own (a board after that the
reach holds, S-PROX-3), 162 to none, which only their expansion shows.

Step back. A step back to where the move came from is not even looked at (the search's loop, while
:data:`OWN` serves, hence without trails). Let N, with s steps left, be popped at cost c from the entry
that P's step queued by the loop's fast path (onto a floor square, or a pit it may enter, with nothing
on it that the changes leave alone; or, for an NPC with changes made, where the policy kept the item and
the changes: the step changed nothing); P, on square p, was popped at c - 1 with s + 1 steps, the same
item, changes and jumps, and kept (it pushed N). N's step back B onto p, by the fast path (p a floor
square), has s - 1 steps at c + 1, and B's identity is P's: the same square, item, jumps and changes,
what lies on p read alike. When P was kept, :meth:`Kept.moving` noted s + 1 steps at c - 1 in their
record (slot 3); a later pop at a higher cost folds them into slot 1 first. Pops come in cost order and
N is popped at c, so every pop noted so far cost at most c < c + 1: :meth:`Kept.doomed` answers POPPED
for B (slot 1, or slot 3 at a lower cost, holds s + 1 >= s - 1 steps), and a POPPED push writes nothing.
So leaving B out changes nothing at all: the same distances, records, queue and order. (The Player's
ties do not matter here: POPPED reads only costs and steps.) Serpico's 5-AP search on the demo board
leaves out 692 steps back (of 2,795 looked at on the fast path, 2,332 before it took the steps that
change nothing off the floor: 599 left out), Lissandra's unbounded one 345 (of 1,747; 327 of 1,608).
"""

from __future__ import annotations

from typing import Any

from solo.table.carrying import taken_on_the_way
from solo.table.movement import EMPTY, Delta, Means, Mover
from solo.table.single_actions import openings
from solo.table.squares import Square

Marked = tuple[str, ...] | Delta
"""What a node's identity holds of items: those on its square, or (an NPC's) every item change."""
Facts = tuple[dict[Square, tuple[str, ...]], Delta, Delta]
"""(items of the squares a delta changed, its portcullis changes, its item changes)."""


TAKEN = "taken on the way"
"""Beyond a bound, the mark an NPC's identity holds when the item it carries was taken on this way."""


class Taken(dict[tuple[str, Delta], bool]):
    """:func:`~solo.table.carrying.taken_on_the_way` by (item carried, delta), found once each: read as
    ``taken[(item, delta)]``, a look-up with no Python call but the first."""

    def __missing__(self, key: tuple[str, Delta]) -> bool:
        found = self[key] = taken_on_the_way(*key)
        return found


class Marks:
    """Per-search caches of what the loop reads of each delta (plain tuples for speed)."""

    def __init__(self, mover: Mover, means: Means, bound: int | None, exact_items: bool = False) -> None:
        self.mover = mover
        self.items_get = mover.items.get
        self.exact_items = exact_items
        """An NPC's identity holds every item change (AMB-SEARCH-PRUNE); not beyond the bound."""
        self.taken_apart = False
        """Beyond the bound, an NPC's identity tells the item it took on this way (S-OBJ-3)."""
        self.facts: dict[Delta, Facts] = {}
        self._openings: dict[tuple[Delta, Square], Delta] = {}
        self._nearby: dict[tuple[Delta, Square, int], Delta] = {}
        self.taken = Taken()
        self.bound_ap = bound if bound is not None else 0
        self.per_ap = max(mover.movement, 2) if means.jump_cost > 0 else None
        """How far a continuation may get with one more AP: a move, or a jump (two squares); None
        when jumps are free (then every item change is readable)."""

    def identity(self, node: tuple[Any, ...]) -> tuple[object, ...]:
        """A node's identity but its steps left (AMB-SEARCH-PRUNE): its item changes (an NPC's) or what
        lies on its square, and the portcullises opened on its sides, its trail summary last."""
        sq, _, carried, delta, jumps, tr = node
        if not delta:
            return (sq, carried, jumps, self.items_get(sq, ()), delta, tr)
        changed, edges, items = self.facts.get(delta) or self.facts_of(delta)
        marked = items if self.exact_items else changed.get(sq)
        if marked is None:
            marked = self.items_get(sq, ())
        if self.taken_apart and carried is not None and self.taken[(carried, delta)]:
            marked = (*marked, TAKEN)
        return (sq, carried, jumps, marked, self.opened_on(edges, sq) if edges else EMPTY, tr)

    def facts_of(self, delta: Delta) -> Facts:
        """The :data:`Facts` of ``delta``, found once."""
        found = self.facts[delta] = (self.mover.changed_squares(delta),
                                     frozenset(c for c in delta if len(c) == 2),
                                     frozenset(c for c in delta if len(c) == 3))
        return found

    def opened_on(self, edges: Delta, sq: Square) -> Delta:
        """The portcullises on the sides of ``sq`` that ``edges`` opened or broke."""
        known = self._openings.get((edges, sq))
        if known is None:
            known = self._openings[(edges, sq)] = openings(edges, sq)
        return known

    def readable(self, items: Delta, sq: Square, steps: int, ap_spent: int) -> Delta:
        """The Player's item changes a continuation from ``sq`` within the bound may read: those at
        most ``steps`` + AP left * :attr:`per_ap` steps away (``hops``) (all with free jumps)."""
        if self.per_ap is None:
            return items
        distance = max(steps, 0) + (self.bound_ap - ap_spent) * self.per_ap
        key = (items, sq, distance)
        found = self._nearby.get(key)
        if found is None:
            hops = self.mover.static.hops_from
            found = self._nearby[key] = frozenset(
                c for c in items if hops(c[1]).get(sq, distance + 1) <= distance)  # type: ignore[arg-type]
        return found


Held = tuple[Any, ...] | list[Any]
"""A moving node's identity, or its record (:attr:`Kept.moving_best`)."""
POPPED = 1
"""A node :meth:`Kept.doomed` finds dominated by one already popped."""
QUEUED = 2
"""A node :meth:`Kept.doomed` finds dominated by one queued: the search notes its cost as if it were
queued too (it would have been popped and dropped), so that what follows is the same."""


class Kept:
    """Which popped nodes the search expands (AMB-SEARCH-PRUNE, AMB-DROP-BACK-TRAIL): pops come in cost
    order, and a node is dominated by one of its identity popped at a lower cost (or, moving, at the
    same cost with the same changes) with at least as many steps left; the identity ends with the
    node's trail summary, and a node no later drop can read (None) is dominated whatever the trail."""

    def __new__(cls, keep_ties: bool, trailing: bool) -> Kept:
        """Without trails, a :class:`_PlainKept`: the search's own calls skip the trail's checks (as
        class attributes: bound methods kept on the instance would make each search a cycle)."""
        return super().__new__(cls if trailing else _PlainKept)

    def __init__(self, keep_ties: bool, trailing: bool) -> None:
        self.keep_ties = keep_ties
        """Every tie kept (an NPC's, S-PROX-3); else the Player's: ties told apart by readable changes."""
        self.first_rest: dict[tuple[Any, ...], int] = {}
        self.rest_ties: dict[tuple[Any, ...], set[Delta]] = {}
        """The Player's rest identities: the readable item changes of the nodes kept at the first cost."""
        self.moving_best: dict[tuple[Any, ...], list[Any]] = {}
        """Per identity: [cost of the last pops (-1: none yet), most steps left at a lower cost, the
        changes of the first pop at that cost (None: none yet), the most steps left at that cost, the
        most by readable item changes (the Player's; None while every tie is kept), then the cost,
        steps left and changes of the last node of this identity queued (:meth:`doomed`), then the
        most steps left at that cost with the first pop's changes, and by other changes (None while
        there are none: one delta per cost is the common case, and a dict per pop would cost), then
        the identity itself]. :meth:`doomed` hands the record over, and the search keeps it with the
        node it queues: :meth:`moving` then reads it without hashing the identity again."""
        self.any_rest: dict[tuple[Any, ...], int] = {}
        self.any_moving: dict[tuple[Any, ...], list[int]] = {}
        """As :attr:`first_rest` and :attr:`moving_best` whatever the trail summary (with trails only)."""

    def at_rest(self, key: tuple[Any, ...], cost: int, fine: Delta) -> bool:
        """Whether a node at rest or exited, of identity ``key`` (its trail summary last), is kept."""
        cheapest = self.any_rest.setdefault(key[:-1], cost)
        if key[-1] is None and cheapest < cost:
            return False
        return self._at_rest(key, cost, fine)

    def _at_rest(self, key: tuple[Any, ...], cost: int, fine: Delta) -> bool:
        if self.keep_ties:  # kept unless one of its identity was popped at a lower cost (search inlines it)
            return self.first_rest.setdefault(key, cost) >= cost
        first = self.first_rest.get(key)
        if first is None:
            self.first_rest[key] = cost
            self.rest_ties[key] = {fine}
        elif first < cost:
            return False
        else:
            tied = self.rest_ties.get(key)
            if tied is None or fine in tied:
                return False
            tied.add(fine)
        return True

    def moving(self, held: Held, cost: int, steps: int, delta: Delta, fine: Delta) -> bool:
        """Whether a moving node of identity ``held`` (its trail summary last; or that identity's record,
        from :meth:`doomed`) with ``steps`` left is kept."""
        key: tuple[Any, ...] = held[10] if isinstance(held, list) else held
        seen = self.any_moving.get(key[:-1])
        if seen is None:
            self.any_moving[key[:-1]] = [cost, -1, steps]
        else:
            if cost > seen[0]:
                seen[:] = [cost, max(seen[1], seen[2]), -1]
            if key[-1] is None and seen[1] >= steps:
                return False
            seen[2] = max(seen[2], steps)
        return self._moving(held, cost, steps, delta, fine)

    def doomed(self, key: tuple[Any, ...], cost: int, steps: int, delta: Delta) -> list[Any] | int:
        """Whether a moving node of identity ``key`` pushed at ``cost`` is one :meth:`moving` will drop
        when it is popped (:data:`POPPED` or :data:`QUEUED`, by what dominates it; else the identity's
        record, the node noted in it as queued). A node of its identity dominates it when popped at a
        lower cost with as many steps left, or at this cost with the same changes (POPPED); what
        dominates a node only grows as the search goes on (pops come in cost order, every push costs
        at least the pop it comes from). So does the last node of its identity queued (QUEUED): it
        is popped first (at a lower cost, or at this cost pushed earlier), and :meth:`moving` then
        keeps it, or drops it for a node that dominates this one too; at one cost, only while every
        tie is kept (the Player's ties are told apart by what they read, not by their changes). The
        Player's ties and the trail's own checks are left to :meth:`moving`."""
        record = self.moving_best.get(key)
        if record is None:
            record = self.moving_best[key] = [-1, -1, None, -1, None, cost, steps, delta, -1, None, key]
            return record
        if record[1] >= steps:
            return POPPED
        if cost > record[0]:
            if record[3] >= steps:
                return POPPED
        elif record[2] == delta:
            if record[8] >= steps:
                return POPPED
        elif record[9] is not None and record[9].get(delta, -1) >= steps:
            return POPPED
        if record[6] >= steps and (record[5] < cost or (
                record[5] == cost and record[7] == delta and self.keep_ties)):
            return QUEUED
        record[5], record[6], record[7] = cost, steps, delta
        return record

    def _moving(self, held: Held, cost: int, steps: int, delta: Delta, fine: Delta) -> bool:
        if isinstance(held, list):
            record = held
        else:
            found = self.moving_best.get(held)
            if found is None:  # no ``by_fine`` while every tie is kept (an NPC's): one dict less each
                by_fine = None if self.keep_ties else {fine: steps}
                self.moving_best[held] = [cost, -1, delta, steps, by_fine, -1, -1, None, steps, None, held]
                return True
            record = found
        if cost > record[0]:  # the first pop at this cost (or at all: -1 while only queued): kept or not
            lower = record[1] if record[1] >= record[3] else record[3]
            record[0] = cost  # one store a slot: a tuple unpacked into seven slots costs twice as much
            record[1] = lower
            record[9] = None
            if lower >= steps:
                record[2] = record[4] = None
                record[3] = -1
                return False
            record[2] = delta
            record[3] = record[8] = steps
            record[4] = None if self.keep_ties else {fine: steps}
            return True
        first = record[2]
        same = record[8] if first == delta else -1 if record[9] is None else record[9].get(delta, -1)
        if record[1] >= steps or same >= steps:
            return False
        if not self.keep_ties:
            by_fine = record[4]
            if by_fine is None:
                by_fine = record[4] = {}
            if by_fine.get(fine, -1) >= steps:
                return False  # the Player's shading needs one way per square, not every tie
            by_fine[fine] = steps
        if first is None or first == delta:
            record[2], record[8] = delta, steps
        elif record[9] is None:
            record[9] = {delta: steps}
        else:
            record[9][delta] = steps
        if steps > record[3]:
            record[3] = steps
        return True


class _PlainKept(Kept):
    """A :class:`Kept` without trails (the search's own calls): the trail's checks are skipped."""

    at_rest = Kept._at_rest
    moving = Kept._moving


OWN = (Kept.doomed, Kept._moving)
"""The bookkeeping's own methods (a plain :class:`Kept`'s): the search inlines their common cases only while
they serve (tests and the benchmark's inherent states replace them)."""
