"""Movement rules for one character in one position (base-rules.md 3.5-3.8, 4, 5.1-5.2).

:class:`Mover` precomputes, for the character about to act, everything the rules look at (who
stands where, friend or foe, what lies on each square) so that the path search asks cheap
questions: may it step from a to b, may it end an action on b, what does it pick up on the way.
Board changes made along a path (items taken or dropped, portcullises opened) are a
:data:`Delta` that the search carries in its state.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from solo.board import Geometry, Passage, Terrain
from solo.gamedata import game_data
from solo.position import Character, Position, Side, item_character, wounded_item
from solo.squares import Edge, Square, edge

# A change to the board made along a path: ("take", square, item), ("drop", square, item),
# ("receive", square, item) / ("give", square, item) from / to the friend standing there (S-OBJ-4/5),
# ("open", edge) or ("break", edge). Items are object kinds or "wounded:<id>".
Change = tuple[str, Square, str] | tuple[str, Edge]
Delta = frozenset[Change]
EMPTY: Delta = frozenset()


class PickupPolicy(Protocol):
    """Decides what a moving figure does with the items on a square it crosses or stops on."""

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """Each possible (carried after, delta after, events) on entering ``sq``."""
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


@dataclass(frozen=True)
class OptionalPickups:
    """The Player's figures: each item may be taken or left, and a carried object swapped.

    Only items that can open a way (by default the Key and the Rope) are searched both ways: taking
    any other item never lets a figure reach a square it could not reach without it, so the player
    takes those as he likes. Dropping elsewhere is not searched (AMB-SEARCH-DROP).
    """

    useful: tuple[str, ...] = ("key", "rope")
    keep_ties: bool = False
    """The player chooses among equal ways himself: one optimal way per square is enough."""

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None
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
        brought; ``solo.actions.apply_way`` records the item under it as carried."""
        return carried, delta, ()

    def start_options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        """Keep the item, or leave it on the starting square (B-CARRY-4: it may lie there)."""
        result: list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]] = [(carried, delta, ())]
        if carried is not None and mover.can_hold(sq, carried, delta):
            result.append((None, _drop(delta, sq, carried), (("drop", carried),)))
        return result


@dataclass(frozen=True)
class PriorityPickups:
    """An NPC: picks up listed items automatically and swaps for better ones (S-OBJ-1, S-OBJ-2).

    ``priority`` holds object kinds and ``wounded`` (a friendly wounded), best first.
    """

    priority: tuple[str, ...]
    exact_items: bool = True
    """NPC pick-ups are forced, so every item change is kept apart in the search (AMB-SEARCH-PRUNE)."""

    def rank(self, item: str | None) -> int:
        """Position in the priority list (lower is better); unlisted items rank last."""
        if item is None:
            return len(self.priority) + 1
        key = "wounded" if item_character(item) is not None else item
        return self.priority.index(key) if key in self.priority else len(self.priority)

    def options(
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square | None = None
    ) -> list[tuple[str | None, Delta, tuple[tuple[str, str], ...]]]:
        listed = [i for i in mover.takeable(sq, delta) if self.rank(i) < len(self.priority)]
        if not listed:
            return [(carried, delta, ())]
        best = min(listed, key=self.rank)
        if carried is None:
            return [(best, _take(delta, sq, best), (("pick_up", best),))]
        if self.rank(best) >= self.rank(carried):
            return [(carried, delta, ())]
        event = (("swap", f"{carried}>{best}"),)
        taken = _take(delta, sq, best)
        if mover.can_hold(sq, carried, taken):
            # S-OBJ-2: the swap happens on the new object's square when the rules allow it...
            return [(best, _drop(taken, sq, carried), event)]
        if prev is not None and mover.can_hold(prev, carried, taken):
            # ...otherwise the old object is dropped on the last valid square (AMB-SWAP-DROP).
            return [(best, _drop(taken, prev, carried), event)]
        return [(carried, delta, ())]

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
        self, mover: Mover, sq: Square, carried: str | None, delta: Delta, prev: Square
    ) -> tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]] | None:
        """Where what the NPC carries keeps it from stopping on ``sq``, it leaves an object on the last
        valid square: the old one of a swap made here (S-OBJ-2, S-TAKE-5), or else the one it carries,
        for the objective comes first (S-OBJ-3)."""
        for change in delta:
            if len(change) == 3 and change[0] == "drop" and change[1] == sq:
                old = change[2]
                if not mover.can_hold(prev, old, delta - {change}):
                    continue
                moved = _drop(delta - {change}, prev, old)
                if mover.valid_stop(sq, carried, moved):
                    return carried, moved, ((prev, "drop_back", old),)
        if carried is None or any(len(c) == 3 and c[0] in ("take", "receive") and c[2] == carried
                                  for c in delta):
            return None  # S-OBJ-3 concerns what it brought, not what it just took on this way
        if mover.valid_stop(sq, None, delta) and mover.can_hold(prev, carried, delta):
            return None, _drop(delta, prev, carried), ((prev, "drop_back", carried),)
        return None


@dataclass(frozen=True)
class Means:
    """What a search may use (S-ACT-2/3): jumps, the Key, paid abilities, the pick-up policy."""

    jumps: int | None = None
    """Jumps available: None = as many as AP allow (NPC, S-ACT-7), 0 = none."""
    jump_cost: int = 1
    use_key: bool = True
    paid_abilities: bool = False
    """Lock-picking (Backstabber) and breaking portcullises (Colossus), S-ACT-3."""
    max_ap: int | None = None


class Mover:
    """The moving character's view of the position: static facts the path search consults."""

    def __init__(self, position: Position, character: Character) -> None:
        if character.at is None:
            raise ValueError(f"{character.id} is not on the board")
        self.position = position
        self.character = character
        self.side: Side = character.side
        cls = character.character_class
        self.movement = cls.movement
        self.naga = cls.has("contortionist")
        self.levitates = cls.has("levitation")
        self.giant_passer = cls.combat <= game_data().giant_max_combat
        self.lock_picker = cls.has("lock_picking")
        self.breaker = cls.has("breaks_portcullis")
        self.geometry: Geometry = position.board.geometry()
        self.exit_line = self.side.exit_line
        self.friends: set[Square] = set()
        self.enemies: set[Square] = set()
        self.passable_enemies: set[Square] = set()
        self.rope_figures: set[Square] = set()
        self.friend_carries: dict[Square, str] = {}
        self.items: dict[Square, tuple[str, ...]] = {}
        self.wounded_sides: dict[str, Side] = {}
        self._changed_items: dict[Delta, dict[Square, tuple[str, ...]]] = {}
        self._jump_candidates: dict[Square, tuple[tuple[Square, Passage, Square, Passage], ...]] = {}
        self._stops: dict[tuple[Square, str | None, Delta], bool] = {}
        for c in position.characters.values():
            if c.id == character.id or c.at is None:
                continue
            if c.wounded:
                self.items[c.at] = (*self.items.get(c.at, ()), wounded_item(c.id))
                self.wounded_sides[c.id] = c.side
                continue
            if c.side is self.side:
                self.friends.add(c.at)
                held = c.carried_item()
                if held is not None:
                    self.friend_carries[c.at] = held
            else:
                self.enemies.add(c.at)
                if self.levitates or (self.giant_passer and c.character_class.has("giant")):
                    self.passable_enemies.add(c.at)  # B-WIZ-2, B-COLO-4
            if c.carries == "rope":
                self.rope_figures.add(c.at)
        for o in position.objects:
            self.items[o.at] = (*self.items.get(o.at, ()), o.kind)

    # -- what lies where along a path ---------------------------------------------------------
    def items_at(self, sq: Square, delta: Delta) -> tuple[str, ...]:
        """Items lying on ``sq`` once the path's changes are applied."""
        if not delta:
            return self.items.get(sq, ())
        return self.changed_squares(delta).get(sq, self.items.get(sq, ()))

    def _apply(self, delta: Delta) -> dict[Square, tuple[str, ...]]:
        """The item lists of the squares a delta changes (computed once per delta)."""
        changed: dict[Square, list[str]] = {}
        for change in delta:
            if len(change) != 3:
                continue
            kind, sq, item = change
            if kind not in ("take", "drop"):
                continue  # give/receive: items handed to or taken from a friend's hands
            items = changed.setdefault(sq, list(self.items.get(sq, ())))
            if kind == "take":
                if item in items:
                    items.remove(item)
            else:
                items.append(item)
        return {sq: tuple(items) for sq, items in changed.items()}

    def changed_squares(self, delta: Delta) -> dict[Square, tuple[str, ...]]:
        """The squares whose items a delta changed (empty for no delta)."""
        if not delta:
            return {}
        changed = self._changed_items.get(delta)
        if changed is None:
            changed = self._changed_items[delta] = self._apply(delta)
        return changed

    def plain_squares(self) -> frozenset[Square]:
        """Squares any step may enter with no further question: floor, gear or own line, with no
        item, no figure blocking and not the exit line (the path search's fast path)."""
        blocked = self.enemies - self.passable_enemies
        return frozenset(
            sq for sq, terrain in self.geometry.terrain.items()
            if terrain is not Terrain.PIT and terrain is not self.exit_line
            and sq not in self.items and sq not in blocked
        )

    def is_friendly_wounded(self, item: str) -> bool:
        char_id = item_character(item)
        return char_id is not None and self.wounded_sides.get(char_id) is self.side

    def takeable(self, sq: Square, delta: Delta) -> list[str]:
        """Items on ``sq`` the mover may take: objects (loose or under a wounded) and friendly
        wounded (B-CARRY-3, B-CARRY-7, B-CARRY-10). A Rope under a figure is that figure's."""
        items = self.items_at(sq, delta)
        result = []
        for item in items:
            if item == "rope" and self.geometry.terrain.get(sq) is Terrain.PIT and any(
                self.is_friendly_wounded(other) for other in items
            ):
                continue  # AMB-ROPE-FRIEND: never take the Rope a friendly wounded hangs on
            if item_character(item) is None or self.is_friendly_wounded(item):
                result.append(item)
        return result

    def rope_lies(self, sq: Square, delta: Delta) -> bool:
        """A Rope is in this pit: loose, under a wounded, or carried by a figure standing there."""
        return sq in self.rope_figures or "rope" in self.items_at(sq, delta)

    def can_lie(self, sq: Square, item: str, delta: Delta) -> bool:
        """May ``item`` be left on ``sq`` (B-CARRY-5: only a Rope in a pit)."""
        if self.geometry.terrain.get(sq) is Terrain.PIT and item != "rope":
            return False
        return not (item_character(item) is not None and self.geometry.terrain.get(sq) is Terrain.PIT)

    def can_hold(self, sq: Square, item: str, delta: Delta) -> bool:
        """May ``item`` be dropped on ``sq`` and the golden rule still hold there (B-GOLD-3)?"""
        if not self.can_lie(sq, item, delta) or sq in self.enemies:
            return False
        pieces = [*self.items_at(sq, delta), item]
        held = self.friend_carries.get(sq)
        if held is not None:
            pieces.append(held)
        objects = sum(1 for p in pieces if item_character(p) is None)
        wounded = len(pieces) - objects
        figure = 1 if sq in self.friends else 0
        return objects <= 1 and wounded <= 1 and figure + objects + wounded <= 2

    # -- the rules of a step and of a stop ------------------------------------------------------
    def is_open(self, a: Square, passage: Passage, b: Square, delta: Delta) -> bool:
        """May a figure pass between a and b (not counting what stands on b)? B-MOVE-7/11."""
        if passage is Passage.OPEN:
            return True
        if passage is Passage.PORTCULLIS:
            e = edge(a, b)
            return ("open", e) in delta or ("break", e) in delta
        return passage is Passage.SLIT and self.naga  # B-NAGA-2

    def may_enter(
        self, prev_unroped_pit: bool, b: Square, carried: str | None, delta: Delta
    ) -> bool:
        """May the figure step onto ``b`` during a move (B-MOVE-5/8/9/10, B-ROPE-10)?"""
        if b in self.enemies and b not in self.passable_enemies:
            return False
        terrain = self.geometry.terrain[b]
        if terrain is Terrain.PIT and not self.levitates and not self.rope_lies(b, delta):
            # B-ROPE-1/10: a carried Rope crosses one pit at a time, never two in a row.
            return carried == "rope" and not prev_unroped_pit
        return True

    def unroped_pit(self, sq: Square, delta: Delta) -> bool:
        return self.geometry.terrain.get(sq) is Terrain.PIT and not self.rope_lies(sq, delta)

    def may_exit(self, b: Square) -> bool:
        """Entering the opponent's line exits, unless one of his figures stands there (B-EXIT-7)."""
        return self.geometry.terrain.get(b) is self.exit_line and b not in self.enemies

    def valid_stop(self, sq: Square, carried: str | None, delta: Delta) -> bool:
        """May an action end with the figure on ``sq``? B-MOVE-12/13, B-GOLD-3, B-EXIT-2."""
        key = (sq, carried, delta)
        known = self._stops.get(key)
        if known is None:
            known = self._stops[key] = self._valid_stop(sq, carried, delta)
        return known

    def _valid_stop(self, sq: Square, carried: str | None, delta: Delta) -> bool:
        terrain = self.geometry.terrain.get(sq)
        if terrain is None or terrain is self.exit_line:
            return False
        if sq in self.friends or sq in self.enemies:
            return False
        if terrain is Terrain.PIT and carried != "rope" and not self.rope_lies(sq, delta):
            return False
        objects = wounded = 0
        for item in self.items_at(sq, delta):
            char_id = item_character(item)
            if char_id is None:
                objects += 1
            elif self.wounded_sides.get(char_id) is not self.side:
                return False  # never on an enemy wounded
            else:
                wounded += 1
        if carried is not None:
            if item_character(carried) is None:
                objects += 1
            else:
                wounded += 1
        return objects <= 1 and wounded <= 1 and not (objects and wounded)

    def jump_candidates(self, sq: Square) -> tuple[tuple[Square, Passage, Square, Passage], ...]:
        """(pit, passage to it, landing, passage from it) for each pit next to ``sq`` (B-JUMP-3).

        Arrow slits never count: a jump is not a movement, so not even the Naga jumps through one.
        """
        cached = self._jump_candidates.get(sq)
        if cached is None:
            terrain, neighbours = self.geometry.terrain, self.geometry.neighbours
            cached = tuple(
                (pit, passage, landing, passage2)
                for pit, passage in neighbours.get(sq, ())
                if terrain[pit] is Terrain.PIT and passage is not Passage.SLIT
                for landing, passage2 in neighbours.get(pit, ())
                if landing != sq and passage2 is not Passage.SLIT
            )
            self._jump_candidates[sq] = cached
        return cached

    def pit_jumpable(self, pit: Square, delta: Delta) -> bool:
        """B-JUMP-2/4: a pit with no character on it (AMB-B-JUMPOCC)."""
        if self.geometry.terrain.get(pit) is not Terrain.PIT:
            return False
        if pit in self.friends or pit in self.enemies:
            return False
        return not any(item_character(i) is not None for i in self.items_at(pit, delta))

    def portcullis_actions(
        self, sq: Square, carried: str | None, means: Means
    ) -> Iterator[tuple[str, Square]]:
        """(action, other square) for each closed portcullis on a side of ``sq`` it can open."""
        for other, passage in self.geometry.neighbours.get(sq, ()):
            if passage is not Passage.PORTCULLIS:
                continue
            if carried == "key" and means.use_key:
                yield "open", other  # B-KEY-2, S-OBJ-7
            elif means.paid_abilities and self.lock_picker:
                yield "lock_pick", other  # B-BACK-4
            if means.paid_abilities and self.breaker:
                yield "break", other  # B-COLO-2
