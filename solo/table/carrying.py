"""What a figure does with the items on its way: pick-up policies for the path search.

The Player's figures choose (:class:`OptionalPickups`); an NPC follows its card (:class:`PriorityPickups`,
S-OBJ-1/2). A policy turns entering a square into the possible (item carried, board changes, events).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from typing import ClassVar, Protocol

from solo.records import field, record
from solo.table.movement import Change, Delta, Means, Mover
from solo.table.position import item_character
from solo.table.squares import Square

Trail = Callable[[], Iterable[Square]]
"""The squares of the way behind a figure, most recent first (the one it came from first)."""


def behind(sq: Square, prev: Square | None, trail: Trail | None) -> Iterator[Square]:
    """The squares behind ``sq`` on the way, most recent first, each once: S-OBJ-2's "last valid
    square" is the first of them that can take the object (AMB-SWAP-DROP)."""
    seen = {sq}
    for back in trail() if trail is not None else (() if prev is None else (prev,)):
        if back not in seen:
            seen.add(back)
            yield back


class PickupPolicy(Protocol):
    """Decides what a moving figure does with the items on a square it crosses or stops on."""

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None,
        trail: Trail | None = None,
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """Each possible (carried after, delta after, events) on entering ``sq`` from ``prev``;
        ``trail`` gives the squares of the way behind, most recent first (``prev`` alone without it)."""
        ...

    def settle(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]]:
        """What the figure holds once an action ends on ``sq`` (a valid stop)."""
        ...

    def start_options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """What the figure may do with its item as a move starts on ``sq`` (B-CARRY-4)."""
        ...


def friend_item(mover: Mover, sq: Square, delta: Delta) -> str | None:
    """What the friend standing on ``sq`` holds once the path's hand-overs are applied."""
    held = mover.friend_carries.get(sq)
    for change in delta:
        if len(change) == 3 and change[1] == sq:
            if change[0] == "receive" and change[2] == held:
                held = None
            elif change[0] == "give":
                held = change[2]
    return held


def _take(delta: Delta, sq: Square, item: str) -> Delta:
    drop: Change = ("drop", sq, item)
    if drop in delta:
        return delta - {drop}
    return delta | {("take", sq, item)}


def _drop(delta: Delta, sq: Square, item: str) -> Delta:
    take: Change = ("take", sq, item)
    if take in delta:
        return delta - {take}
    return delta | {("drop", sq, item)}


@record(frozen=True)
class OptionalPickups:
    """The Player's figures: each item may be taken or left, and a carried object swapped.

    Only items that can open a way (by default the Key and the Rope) are searched both ways: taking
    any other item never lets a figure reach a square it could not reach without it, so the player
    takes those as he likes. Dropping elsewhere is not searched (AMB-SEARCH-DROP).
    """

    useful: tuple[str, ...] = ("key", "rope")
    settles_unchanged: ClassVar[bool] = True
    """:meth:`settle` returns what it is given: the search may skip calling it."""
    options_kept: ClassVar[bool] = True
    """:meth:`options` (and :meth:`stop_fix`, beside ``prev`` being the square itself) read only the
    square, the item carried, the changes and (through ``trail``, never ``prev`` when a trail is given)
    the way behind: the search may keep what they return when the way was not read."""
    keep_ties: bool = False
    """The player chooses among equal ways himself: one optimal way per square is enough."""

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None,
        trail: Trail | None = None,
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """Each possible (carried after, delta after, events) on entering ``sq``."""
        result: list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]] = [(carried, delta, ())]
        for item in mover.takeable(sq, delta):
            if item not in self.useful:
                continue
            if carried is None:
                result.append((item, _take(delta, sq, item), (("pick_up", item),)))
            else:
                taken = _take(delta, sq, item)
                if mover.can_hold(sq, carried, taken):
                    result.append((item, _drop(taken, sq, carried), (("swap", f"{carried}>{item}"),)))
        return result

    def settle(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]]:
        """Unchanged: a Player figure ending on an item carries it (B-MOVE-13, AMB-B-CARRY), but it
        may leave it there as its next move starts (B-CARRY-4), so for the search it holds what it
        brought; ``solo.actions.core.apply_way`` records the item under it as carried."""
        return carried, delta, ()

    def start_options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """Keep the item, or leave it on the starting square (B-CARRY-4: it may lie there)."""
        result: list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]] = [(carried, delta, ())]
        if carried is not None and mover.can_hold(sq, carried, delta):
            result.append((None, _drop(delta, sq, carried), (("drop", carried),)))
        return result


class Ranks(dict[str | None, int]):
    """Positions in a priority list by item (:meth:`PriorityPickups.rank`), each found once: read as
    ``ranks[item]``, a look-up with no Python call but the first. Nothing to take ranks after it all."""

    def __init__(self, kinds: dict[str, int], unlisted: int) -> None:
        super().__init__({None: unlisted + 1})
        self.kinds, self.unlisted = kinds, unlisted

    def __missing__(self, item: str) -> int:
        found = self[item] = self.kinds.get("wounded" if item_character(item) is not None else item,
                                            self.unlisted)
        return found


@record(frozen=True)
class PriorityPickups:
    """An NPC: picks up listed items automatically and swaps for better ones (S-OBJ-1, S-OBJ-2).

    ``priority`` holds object kinds and ``wounded`` (a friendly wounded), best first.
    """

    priority: tuple[str, ...]
    settles_unchanged: ClassVar[bool] = True
    """:meth:`settle` returns what it is given: the search may skip calling it."""
    options_kept: ClassVar[bool] = True
    """:meth:`options` (and :meth:`stop_fix`, beside ``prev`` being the square itself) read only the
    square, the item carried, the changes and (through ``trail``, never ``prev`` when a trail is given)
    the way behind: the search may keep what they return when the way was not read."""
    starts_unchanged: ClassVar[bool] = True
    """:meth:`start_options` only keeps what it is given: the search may skip calling it."""
    exact_items: bool = True
    """NPC pick-ups are forced, so every item change is kept apart in the search (AMB-SEARCH-PRUNE)."""
    exact_ap: int | None = 5
    """An unbounded search keeps item changes apart up to this many AP, the largest quota the cards
    print, and tells ways apart as the Player's beyond it (AMB-EXACT-HORIZON); None: all the way."""
    exact_trails: bool = True
    """Keep apart ways whose squares behind a later drop on the last valid square could read
    (AMB-DROP-BACK-TRAIL, ``solo.table.trails``), as the rulebook reads the way taken; False keeps one
    way per node (the first found), which can miss a tied outcome or a square: for comparisons only."""
    read: list[bool] | None = field(default=None, compare=False, repr=False)
    """Given, holds True once a drop has read the way behind (:meth:`_back`): the first phase of
    ``solo.table.trail_phases`` learns so whether its merged search could differ from the exact one."""

    @cached_property
    def ranks(self) -> Ranks:
        """:meth:`rank` by item, found once each (the policy never changes): the search and the drop
        counts (``solo.table.drop_counts``) read it."""
        return Ranks({kind: self.priority.index(kind) for kind in self.priority}, len(self.priority))

    def rank(self, item: str | None) -> int:
        """Position in the priority list (lower is better); unlisted items rank last."""
        return self.ranks[item]

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None,
        trail: Trail | None = None,
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        ranks, unlisted = self.ranks, len(self.priority)
        listed = [i for i in mover.takeable(sq, delta) if ranks[i] < unlisted]
        if not listed:
            return [(carried, delta, ())]
        best = min(listed, key=ranks.__getitem__)
        if carried is None:
            return [(best, _take(delta, sq, best), (("pick_up", best),))]
        if ranks[best] >= ranks[carried]:
            return [(carried, delta, ())]
        event = (("swap", f"{carried}>{best}"),)
        taken = _take(delta, sq, best)
        if mover.can_hold(sq, carried, taken):
            # S-OBJ-2: the swap happens on the new object's square when the rules allow it...
            return [(best, _drop(taken, sq, carried), event)]
        back = self._back(mover, sq, prev, trail, carried, taken)
        if back is not None:
            # ...otherwise the old object is dropped on the last valid square (AMB-SWAP-DROP).
            return [(best, _drop(taken, back, carried), (("swap", f"{carried}>{best}@{back}"),))]
        return [(carried, delta, ())]  # AMB-SWAP-NOWHERE: no valid square behind: it keeps what it carries

    def _back(self, mover: Mover, sq: Square, prev: Square | None, trail: Trail | None, item: str,
              delta: Delta) -> Square | None:
        """:func:`_last_valid`, the way read noted in :attr:`read` (the only place a policy reads it)."""
        if self.read is not None and not self.read:
            self.read.append(True)
        return _last_valid(mover, sq, prev, trail, item, delta)

    def settle(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]]:
        """Listed items were taken on entering; an unlisted one stays under it (AMB-UNLISTED-STOP)."""
        return carried, delta, ()

    def start_options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """An NPC keeps what it carries: it drops only to swap (S-OBJ-2)."""
        return [(carried, delta, ())]

    def stop_fix(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square,
        trail: Trail | None = None,
    ) -> tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]] | None:
        """Where what the NPC carries keeps it from stopping on ``sq``, it leaves an object on the last
        valid square behind it (``trail``, else ``prev`` alone): the old one of a swap made here
        (S-OBJ-2, S-TAKE-5, rulebook l.464 and l.674), or else the one it brought, for the objective
        comes first (S-OBJ-3). AMB-DROP-BACK; None when no square of the way can take it."""
        if prev == sq:
            return None  # no square left behind: it has not moved yet
        swapped_here = ("take", sq, carried) in delta  # not an object dropped here by a swap elsewhere
        for change in sorted(delta) if swapped_here else ():  # a fixed order, whatever the hash seed
            if len(change) == 3 and change[0] == "drop" and change[1] == sq:
                old = change[2]
                rest = delta - {change}
                back = self._back(mover, sq, prev, trail, old, rest)
                if back is not None:
                    moved = _drop(rest, back, old)
                    if mover.valid_stop(sq, carried, moved):
                        return carried, moved, ((back, "drop_back", old),)
        if carried is None or taken_on_the_way(carried, delta):
            return None  # S-OBJ-3 concerns what it brought, not what it just took on this way
        if not mover.valid_stop(sq, None, delta):
            return None
        back = self._back(mover, sq, prev, trail, carried, delta)
        if back is None:
            return None
        return None, _drop(delta, back, carried), ((back, "drop_back", carried),)


def taken_on_the_way(item: str, delta: Delta) -> bool:
    """Whether ``item`` was taken or handed over on the way behind ``delta``: S-OBJ-3 leaves behind
    only the object an NPC brought, never one it has just taken."""
    return any(len(c) == 3 and c[0] in ("take", "receive") and c[2] == item for c in delta)


def _last_valid(
    mover: Mover, sq: Square, prev: Square | None, trail: Trail | None, item: str, delta: Delta
) -> Square | None:
    """S-OBJ-2's "dernière case valide": the first square behind ``sq`` on the way that can take
    ``item`` (the golden rules, B-CARRY), or None when none can."""
    for back in behind(sq, prev, trail):
        if mover.can_hold(back, item, delta):
            return back
    return None


def stop_options(
    policy: PickupPolicy, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square,
    trail: Trail | None = None,
) -> list[tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]]]:
    """What a figure may hold as it ends an action on ``sq``, entered from ``prev`` (a jump's landing,
    AMB-JUMP-LAND): the policy's options that are valid stops, and where an NPC's hands keep it from
    stopping, the same with an object left on the last valid square behind it (AMB-DROP-BACK). Events
    are (square, kind, item)."""
    fix = getattr(policy, "stop_fix", None)
    result: list[tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]]] = []
    for new_carried, new_delta, events in policy.options(mover, sq, carried, delta, prev, trail):
        evs = tuple((sq, kind, item) for kind, item in events)
        if mover.valid_stop(sq, new_carried, new_delta):
            result.append((new_carried, new_delta, evs))
        elif fix is not None:
            fixed = fix(mover, sq, new_carried, new_delta, prev, trail)
            if fixed is not None:
                result.append((fixed[0], fixed[1], evs + fixed[2]))
    return result


def exact_horizon(policy: PickupPolicy, means: Means) -> int | None:
    """The AP up to which an unbounded search keeps every item change apart (AMB-EXACT-HORIZON):
    the policy's ``exact_ap`` for an NPC (None: a bounded search, or the Player's pick-ups)."""
    if means.max_ap is not None or not getattr(policy, "exact_items", False):
        return None
    exact: int | None = getattr(policy, "exact_ap", None)
    return exact

