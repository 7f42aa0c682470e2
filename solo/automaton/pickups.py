"""An NPC's automatic item handling along a path: S-OBJ-1/2 plus crossings and deliveries.

Extends :class:`solo.table.movement.PriorityPickups` (forced pick-ups and swaps) with what happens when the
NPC crosses a friendly NPC: the exchange of S-OBJ-4/5, or the hand-over a personality asks for
(Serpico's ``deliver``). Items handed over are ``receive``/``give`` changes on the friend's square.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from solo.actions.exchange import crossing_exchange
from solo.records import field, record
from solo.table.board import Terrain
from solo.table.carrying import PriorityPickups, Trail, friend_item
from solo.table.movement import Delta, Mover
from solo.table.position import item_character
from solo.table.squares import Square

RankFn = Callable[[str], int | None]


def _friend_may_hold(mover: Mover, sq: Square, item: str, delta: Delta) -> bool:
    """May the friend standing on ``sq`` carry ``item`` there, with what lies under it (B-GOLD-3)?"""
    pieces = [*mover.items_at(sq, delta), item]
    objects = sum(1 for p in pieces if item_character(p) is None)
    wounded = len(pieces) - objects
    return objects <= 1 and wounded <= 1 and not (objects and wounded)


@record(frozen=True)
class NpcPickups(PriorityPickups):
    """PriorityPickups plus crossings of friendly NPCs (S-OBJ-4/5) and personality deliveries."""

    friend_ranks: Mapping[Square, RankFn] = field(default_factory=dict, compare=False)
    """The object priority of each friendly NPC standing on the board, by square."""
    deliver_to: frozenset[Square] = frozenset()
    """Squares of friends the carried item is to be handed to (S-PERS-SERPICO's ``deliver``)."""
    deliver_item: Callable[[str], bool] | None = field(default=None, compare=False)
    delivered: frozenset[tuple[Square, str]] = frozenset()
    """Items handed over in this activation, by the friend's square: never taken back (AMB-DELIVER)."""

    @property
    def special_squares(self) -> frozenset[Square]:
        """Squares the search must not take as plain floor: friends it may exchange with."""
        return frozenset(self.friend_ranks) | self.deliver_to

    def may_hand(self, sq: Square, item: str, holding: Iterable[str | None]) -> bool:
        """Whether crossing the friend on ``sq``, holding ``item``, may hand it to this NPC while it holds
        one of ``holding`` (S-OBJ-4/5): what the exact drop-back trail counts (``solo.table.trails``)."""
        ranks = self.friend_ranks.get(sq)
        if ranks is None:
            return False  # a delivery only gives (S-PERS-SERPICO)
        mine = self._rank_fn()
        return any(crossing_exchange(held, mine, item, ranks)[0] == item for held in holding)

    def _rank_fn(self) -> RankFn:
        return lambda item: self.rank(item) if self.rank(item) < len(self.priority) else None

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None,
        trail: Trail | None = None,
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        ranks = self.friend_ranks.get(sq)
        if ranks is None or sq not in mover.friends:
            return super().options(mover, sq, carried, delta, prev, trail)
        held = friend_item(mover, sq, delta)
        if held == "rope" and mover.geometry.terrain.get(sq) is Terrain.PIT:
            return [(carried, delta, ())]  # S-TAKE-3: never the Rope of an NPC standing on a pit
        if (
            sq in self.deliver_to
            and carried is not None
            and held is None
            and self.deliver_item is not None
            and self.deliver_item(carried)
            and _friend_may_hold(mover, sq, carried, delta)
        ):
            return [(None, delta | {("give", sq, carried)}, (("give", carried),))]
        if held is not None and (sq, held) in self.delivered:
            return [(carried, delta, ())]
        mine, theirs = crossing_exchange(carried, self._rank_fn(), held, ranks)
        if mine == carried:
            return [(carried, delta, ())]
        if theirs is not None and theirs != held and not _friend_may_hold(mover, sq, theirs, delta):
            return [(carried, delta, ())]  # B-CARRY-6: the friend stays put: the golden rule must hold there
        changes: set[tuple[str, Square, str]] = set()
        events: list[tuple[str, str]] = []
        if held is not None and mine == held:
            changes.add(("receive", sq, held))
            events.append(("receive", held))
        if carried is not None and theirs == carried:
            changes.add(("give", sq, carried))
            events.append(("give", carried))
        return [(mine, delta | changes, tuple(events))]
