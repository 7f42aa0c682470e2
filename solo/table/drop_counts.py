"""How many squares of a node's way a later drop on the last valid square can read (AMB-DROP-BACK-TRAIL).

``solo.table.trails`` keeps in a search node N, per class of item (Rope, object, wounded) a later drop
may hold, the squares of its way T (latest first, N's square first) that can take one, up to a
count of them *plain* (holding no item nor figure); this module finds the classes and the count
(:meth:`DropCounts.reads`), and proves it. In a continuation C a drop at S reads the squares C
entered (E), then T minus E. Two ways with equal lists drop alike as long as no drop reads past its
class's list: the squares of T outside E only gain items (C's drops), the same for both. A drop of
an item I reads past a list only if no square of E but S nor of the list can take I; the count is
the smaller of two bounds, each of which that condition breaks:

1. *Per kind* (object, the Rope one too; wounded: what B-GOLD-3 counts), m. Until a drop first reads
   past a list, every item is put on E, on a list or on N's square (Q), and taken on E, so over Q
   (takes - puts) of that kind = held now - held at N - received from friends (received minus
   given: at most the items friends within reach hold at N that they may hand over, ``may_hand``; 0
   while the NPC holds one of the kind and no item of the other kind is within reach, no brought
   object in play: its hands are then never free of the kind, so each one handed is one given). A
   square of Q can take an item I of the kind at least as often as: a plain square of the lists,
   1 - the items of the kind on it; a square of E, its net takes of the kind (at most 1, B-GOLD-3;
   no figure stands where one takes, so only a pit refuses: a Rope or a wounded taken from a pit, U
   such items within reach); any other, 0 - its puts. So the plain squares of the list number at
   most held at N + the old objects of swaps made on a square and lying there (which a stop there
   drops, S-OBJ-2) + received + U + c - 1, where c (0 or 1) is S's own term. m is that sum with c =
   1 only where S may count: a swap drops behind only when S cannot take I (else it is made on the
   spot), so S counts only at a stop after a swap made on S, or S-OBJ-3, with an item of the other
   kind on S (one item per kind, B-GOLD-3), taken after an item it ranks better than the one held:
   never while the held item only improves (no friend within reach, S-OBJ-4/5, and no brought
   object to drop again, S-OBJ-3). So an NPC that holds nothing, with no friend within reach and no
   Rope or wounded in a pit, never drops behind the squares it enters (a taken item goes back where
   it lay at the latest). (A square holding an item of the other kind is not counted: it is the
   square a stop with an object refuses most often, S itself, whose term m does not carry.)
2. *All items together*, p = the items the NPC holds at N (0 or 1) + L + max(1, the most items on
   one square with no figure within reach), L = the items in pits within reach + the items but one
   on each other square within reach with no figure + the items friends over a pit within reach
   hold. The NPC's hands (one item), the squares of Q and the hands of the friends on E exchange
   items and never lose one (a take, a drop, a swap, a hand-over, an exchange each move one), so
   over them (items at the drop - items at N) = held at N - 1 (the dropped item in hand), or less (a
   swap's old object in flight too). At the first drop reading past a list, each plain square of the
   list but S gained an item (outside E it only gains; in E it refuses I, so holds one); a square of
   E but S with no figure refuses I, so holds an item unless it is a pit: it lost all but one of its
   items at most, a pit all; a friend's square of E holds at most one item at N (B-GOLD-3) and
   refuses I, so holds one unless it is a pit: it lost none, over a pit the item the friend held; S
   lost at most its items, and when S is a plain square of the list it lost none but gained none
   either. So the plain squares of the list number at most held at N - 1 + L + max(1, S's items) <
   p. Friends within reach, however many, add nothing: an exchange gives one item for one received,
   a hand-over into empty hands leaves a square of E that takes one back (the first bound counts
   them per kind).

None when no drop can read past (every m is 0), () when N's square alone answers. A cheaper node
reaches as far (as long a list); one no drop can read past is dominated by any (the count reads only
its identity).
"""

from __future__ import annotations

from collections.abc import Mapping

from solo.table.board import Terrain
from solo.table.carrying import PickupPolicy, friend_item, taken_on_the_way
from solo.table.movement import Delta, Mover
from solo.table.position import WOUNDED_ITEM_PREFIX
from solo.table.squares import Square

__all__ = ["Around", "DropCounts", "Reads", "item_class", "item_kind"]

Around = tuple[tuple[str, ...], tuple[tuple[Square, str | None], ...], tuple[str, ...], tuple[int, int],
               tuple[bool, bool], int]
"""What :meth:`DropCounts.around` finds around a square (its docstring)."""
Spread = tuple[tuple[tuple[Square, str], ...], int, int, tuple[tuple[Square, int, int], ...],
               tuple[tuple[Square, int, int], ...], tuple[tuple[Square, str | None, bool], ...]]
"""What :meth:`DropCounts.spread` finds of the changes (its docstring)."""
Reads = tuple[tuple[str, int, int], ...]
"""Per class of item a drop reading past the squares entered may hold (rope, object, wounded): one
such item, the plain squares a list needs (the smaller of the two bounds above), and the class."""
Hand = tuple[tuple[tuple[Square, str], ...], bool, bool, bool]
"""What :meth:`DropCounts.hand` finds of the item held and the changes (its docstring)."""
Sign = tuple[str | None, bool, bool, bool, Around, tuple[str, ...]]
"""What :meth:`DropCounts.reads` reads of the item held, the changes and the mask (``counted``'s)."""
_HANDED = ("receive", "give")
"""The changes that change what a friend holds (``friend_item``)."""
_UNKNOWN: Reads = (("", -1, -1),)
"""No answer found yet (never one)."""


def item_kind(item: str) -> int:
    """What the golden rule counts apart (B-GOLD-3): 0 an object (the Rope too), 1 a wounded
    (``item_character`` not None, its test inlined: the counts ask it per item)."""
    return 1 if item.startswith(WOUNDED_ITEM_PREFIX) else 0


def item_class(item: str) -> int:
    """What :meth:`Mover.can_hold` tells apart in an item: 0 the Rope, 1 another object, 2 a wounded."""
    return 2 if item.startswith(WOUNDED_ITEM_PREFIX) else 0 if item == "rope" else 1


class DropCounts:
    """Per search: what a later drop may hold and how many squares of the way a list needs, per set
    of marked squares within reach (:meth:`reads`, cached in :attr:`found`)."""

    def __init__(self, mover: Mover, policy: PickupPolicy, carried0: str | None,
                 friends: frozenset[Square]) -> None:
        self.mover, self.policy, self.carried0, self.friends = mover, policy, carried0, friends
        self.friend_bits = sum(1 << f for f in friends)
        """The friends' squares, as a bit mask."""
        self.listed = len(getattr(policy, "priority", ()))
        self.may_hand = getattr(policy, "may_hand", None)
        """Whether a friend may hand its item to the NPC (S-OBJ-4/5); None: any may."""
        self.found: dict[tuple[str | None, Delta, int], Reads | None] = {}
        """:meth:`reads` by (item held, changes, mask of the marked squares within reach)."""
        self.ranks: Mapping[str | None, int] | None = getattr(policy, "ranks", None)
        """The policy's rank of each item (``PriorityPickups.ranks``: only an NPC's policy, which has one,
        reads the counts)."""
        self._lying: dict[Delta, tuple[tuple[Square, tuple[str, ...]], ...]] = {}
        self._spread: dict[Delta, Spread] = {}
        self._around: dict[tuple[Delta, int], Around] = {}
        self._friends_at: tuple[tuple[Square, str | None, bool], ...] | None = None
        """:meth:`spread`'s friends with no change: what a friend holds (``friend_item``) reads the
        changes only where it was handed or given an item, so it serves every changes with neither."""
        self._signed: dict[Sign, Reads | None] = {}
        """:meth:`counted` by sign: masks and changes that read alike share the count."""
        self._hands: dict[tuple[Square, str, frozenset[str | None]], bool] = {}
        self._hand: dict[tuple[str | None, Delta], Hand] = {}

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
        reach, ``Trails.within``) may hold: one item per class of those it may drop, with the squares
        a list needs (the two bounds above); None when none can. The classes: every item the NPC
        may drop later (the one it carries if a better one lies within reach or it brought it, S-OBJ-3,
        and items lie within reach; every listed one within reach that a better one could replace;
        with a friend within reach, S-OBJ-4/5, every listed one and each friend's)."""
        key = (carried, delta, mask)
        if key in self.found:
            return self.found[key]
        near = self.around(delta, mask)
        swapped, again, fresh, in_play = self.hand(carried, delta)
        pending = tuple([item for x, item in swapped if mask >> x & 1]) if swapped else ()
        sign = (carried, again, fresh, in_play, near, pending)
        found = self._signed.get(sign, _UNKNOWN)
        if found is _UNKNOWN:
            found = self._signed[sign] = self.counted(sign)
        self.found[key] = found
        return found

    def counted(self, sign: Sign) -> Reads | None:
        """:meth:`reads` of what it reads of the item held, the changes and the mask (``sign``, found
        once per sign): the item held, whether it dropped the object it brought, holds it untaken and
        either in play (:meth:`hand`), what lies around (:meth:`around`) and the old objects of swaps
        made there (S-OBJ-2)."""
        carried, again, fresh, in_play, (items, friends, held, counted, shown, spare), pending = sign
        ranks = self.ranks
        assert ranks is not None
        count, handed, present = list(counted), [0, 0], list(shown)
        if held:  # what a friend may hand over (S-OBJ-4/5)
            holding = frozenset((None, carried, *held, *items))
            for f, h in friends:
                if h and self.hands(f, h, holding):
                    handed[item_kind(h)] += 1
        brought = self.carried0
        if carried is not None:  # S-OBJ-2 on a stop: the old object of a swap made where it stops
            for item in (carried, *pending):
                kind = item_kind(item)
                count[kind] += 1
                present[kind] = True
            if not in_play and not present[1 - item_kind(carried)]:
                handed[item_kind(carried)] = 0  # its hands never free of that kind: one given per one handed
        count = [count[0] + handed[0], count[1] + handed[1]]
        if friends or in_play:
            # The drop's own square may be the free one, on a square holding the other kind too.
            count = [count[0] + present[1], count[1] + present[0]]
        if not (count[0] or count[1]):
            return None
        last = self.listed
        listed = [i for i in items if ranks[i] < last]
        droppable: list[str] = []
        if friends:
            droppable = [*listed, *held]
            if carried is not None:
                droppable.append(carried)
        else:
            if carried is not None and not (fresh or again):
                listed = [i for i in listed if ranks[i] < ranks[carried]]
            best = min([ranks[i] for i in listed], default=last)
            droppable = [i for i in listed if ranks[i] > best]
            worse = carried is not None and any([ranks[i] < ranks[carried] for i in listed])
            if carried is not None and ((fresh and items) or worse):
                droppable.append(carried)
            if again and brought is not None and brought not in droppable and items:
                droppable.append(brought)  # S-OBJ-3 again, once it takes back what it brought
        droppable += pending
        probes = {item_class(i): i for i in droppable}
        plain = (carried is not None) + spare  # the second bound
        return tuple([(probes[k], min(need, plain), k) for k in sorted(probes)
                      if (need := count[item_kind(probes[k])]) > 0]) or None

    def hand(self, carried: str | None, delta: Delta) -> Hand:
        """What :meth:`reads` reads of the item held and the changes alone (found once per pair): the
        squares and old objects of the swaps made where the NPC holds what it took (S-OBJ-2); whether
        it dropped the object it brought (again), holds it still untaken (fresh), and either with that
        object listed (in play, S-OBJ-3)."""
        key = (carried, delta)
        found = self._hand.get(key)
        if found is None:
            rank, brought = self.policy.rank, self.carried0  # type: ignore[attr-defined]
            swapped = () if carried is None else tuple(
                (c[1], c[2]) for c in delta
                if len(c) == 3 and c[0] == "drop" and ("take", c[1], carried) in delta)
            again = brought is not None and rank(brought) < self.listed and any(
                len(c) == 3 and c[0] == "drop" and c[2] == brought for c in delta)
            fresh = carried is not None and carried == brought and not taken_on_the_way(brought, delta)
            in_play = brought is not None and rank(brought) < self.listed and (fresh or again)
            found = self._hand[key] = (swapped, again, fresh, in_play)
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
        there (square by square), the friends there and what they hold, the items they hold, per kind
        the drops that may read past the squares entered (a friend's item; a Rope or a wounded taken
        from a pit, where only a Rope lies again), per kind whether an item of it is there, and the
        second bound less the item held (module docstring): what the squares within reach may lose
        while refusing a drop (every item in a pit, all but one on another square with no figure, a
        friend's over a pit), and the most the drop's own square may lose (at least 1: a plain square
        of a list). Summed from :meth:`spread`'s squares of ``mask``."""
        key = (delta, mask)
        found = self._around.get(key)
        if found is None:
            flat, objects, wounded, pits, losing, friends_at = self._spread.get(delta) or self.spread(delta)
            items = tuple([item for x, item in flat if mask >> x & 1])
            count, present = [0, 0], [mask & objects != 0, mask & wounded != 0]
            for x, ropes, hurt in pits:
                if mask >> x & 1:
                    count[0] += ropes
                    count[1] += hurt
            lose, most = 0, 1
            for x, lost, held_there in losing:
                if mask >> x & 1:
                    lose += lost
                    if held_there > most:
                        most = held_there
            friends: list[tuple[Square, str | None]] = []
            held: list[str] = []
            if mask & self.friend_bits:
                for f, h, over_pit in friends_at:
                    if mask >> f & 1:
                        friends.append((f, h))
                        if over_pit:
                            lose += 1  # a friend over a pit that hands its item over: a square refusing one
                        if h:
                            held.append(h)
                            present[item_kind(h)] = True
            found = self._around[key] = (items, tuple(friends), tuple(held), (count[0], count[1]),
                                         (present[0], present[1]), lose + most)
        return found

    def spread(self, delta: Delta) -> Spread:
        """What :meth:`around` sums over the squares of a mask, square by square (found once per
        ``delta``): each item lying and its square, in order; the squares with an object, with a
        wounded (bit masks); per pit with a Rope or a wounded, how many of each; per square with no
        figure that may lose items (a pit, or more than one item), all but one of them (all in a pit)
        and how many; per friend, what it holds and whether it is over a pit with an item in hand."""
        mover = self.mover
        terrain, pit = mover.geometry.terrain, Terrain.PIT
        standing, enemies = mover.friends, mover.enemies
        flat: list[tuple[Square, str]] = []
        objects = wounded = 0
        pits: list[tuple[Square, int, int]] = []
        losing: list[tuple[Square, int, int]] = []
        for x, its in self.lying(delta):
            in_pit = terrain.get(x) is pit
            count = [0, 0]
            for item in its:
                flat.append((x, item))
                kind = 1 if item.startswith(WOUNDED_ITEM_PREFIX) else 0  # item_kind(item)
                if kind:
                    wounded |= 1 << x
                else:
                    objects |= 1 << x
                if in_pit and (kind or item == "rope"):
                    count[kind] += 1
            if count[0] or count[1]:
                pits.append((x, count[0], count[1]))
            if x in standing or x in enemies:
                continue  # nothing is taken from under a figure (Mover.takeable)
            lost = len(its) if in_pit else len(its) - 1
            if lost or len(its) > 1:
                losing.append((x, lost, len(its)))
        handed = any(len(c) == 3 and c[0] in _HANDED for c in delta)
        friends_at = None if handed else self._friends_at
        if friends_at is None:
            friends_at = tuple((f, h, h is not None and terrain.get(f) is pit)
                               for f in self.friends for h in (friend_item(mover, f, delta),))
            if not handed:
                self._friends_at = friends_at
        found = self._spread[delta] = (tuple(flat), objects, wounded, tuple(pits), tuple(losing), friends_at)
        return found
