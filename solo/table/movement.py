"""Movement rules for one character in one position (base-rules.md 3.5-3.8, 4, 5.1-5.2).

:class:`Mover` precomputes, for the character about to act, everything the rules look at (who
stands where, friend or foe, what lies on each square) so that the path search asks cheap
questions: may it step from a to b, may it end an action on b, what does it pick up on the way.
Board changes made along a path (items taken or dropped, portcullises opened) are a
:data:`Delta` that the search carries in its state.
"""

from __future__ import annotations

from collections.abc import Iterator, Set

from solo.content.gamedata import game_data
from solo.errors import MessageError
from solo.messages import msg
from solo.records import field, record
from solo.table import naming
from solo.table.board import Geometry, Passage, Terrain
from solo.table.geometry import AROUND, OPEN, PIT, PORTCULLIS, SLIT
from solo.table.position import WOUNDED_ITEM_PREFIX, Character, Position, Side, item_character, wounded_item
from solo.table.squares import Edge, Square, edge

# A change to the board made along a path: ("take", square, item), ("drop", square, item),
# ("receive", square, item) / ("give", square, item) from / to the friend standing there (S-OBJ-4/5),
# ("open", edge) or ("break", edge). Items are object kinds or "wounded:<id>".
Change = tuple[str, Square, str] | tuple[str, Edge]
Delta = frozenset[Change]
Jumps = tuple[tuple[Square, Passage, Square, Passage], ...]
"""(pit, passage to it, landing, passage from it) for each pit next to a square (B-JUMP-3)."""
EMPTY: Delta = frozenset()


@record(frozen=True)
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
            raise MessageError(msg("{figure:cap} is not on the board",
                                   figure=naming.figure(position, character.id)))
        self.position = position
        self.character = character
        self.start: Square = character.at
        self.side: Side = character.side
        data = game_data()
        classes = data.classes
        cls = classes[character.class_id]
        abilities = cls.abilities
        self.movement = cls.movement
        self.naga = "contortionist" in abilities
        self.levitates = "levitation" in abilities
        self.giant_passer = cls.combat <= data.giant_max_combat
        self.lock_picker = "lock_picking" in abilities
        self.breaker = "breaks_portcullis" in abilities
        self.geometry: Geometry = position.board.geometry()
        self.exit_line = self.side.exit_line
        self._changed_items: dict[Delta, dict[Square, tuple[str, ...]]] = {}
        self.static = static_facts(self.geometry)
        self._jumpable: frozenset[Square] | None = None
        # Who stands where, and what lies there: one pass over the figures, into locals (issue 16).
        friends: set[Square] = set()
        enemies: set[Square] = set()
        passable: set[Square] = set()
        ropes: set[Square] = set()
        friend_carries: dict[Square, str] = {}
        items: dict[Square, tuple[str, ...]] = {}
        wounded_sides: dict[str, Side] = {}
        side, own_id, levitates, giant_passer = self.side, character.id, self.levitates, self.giant_passer
        for c in position.characters.values():
            at = c.at
            if at is None or c.id == own_id:
                continue
            if c.wounded:
                items[at] = (*items.get(at, ()), wounded_item(c.id))
                wounded_sides[c.id] = c.side
                continue
            carries = c.carries
            if c.side is side:
                friends.add(at)
                if carries is not None and (held := c.carried_item()) is not None:  # None when not carrying
                    friend_carries[at] = held
            else:
                enemies.add(at)
                if levitates or (giant_passer and "giant" in classes[c.class_id].abilities):
                    passable.add(at)  # B-WIZ-2, B-COLO-4
            if carries == "rope":
                ropes.add(at)
        for o in position.objects:
            at = o.at
            items[at] = (*items.get(at, ()), o.kind)
        self.friends, self.enemies, self.passable_enemies = friends, enemies, passable
        self.rope_figures = ropes
        self.friend_carries, self.items, self.wounded_sides = friend_carries, items, wounded_sides
        self.blocked = frozenset(enemies - passable) if passable else frozenset(enemies)
        """Enemies it may not pass through (:meth:`may_enter`)."""
        self.pits = self.static.pits

    # -- what lies where along a path ---------------------------------------------------------
    def items_at(self, sq: Square, delta: Delta) -> tuple[str, ...]:
        """Items lying on ``sq`` once the path's changes are applied."""
        if not delta:
            return self.items.get(sq, ())
        changed = self._changed_items.get(delta)  # changed_squares(delta), one call less
        if changed is None:
            changed = self.changed_squares(delta)
        return changed.get(sq, self.items.get(sq, ()))

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
        return self.geometry.squares_but((PIT, self.exit_line)).difference(self.items, self.blocked)

    def is_friendly_wounded(self, item: str) -> bool:
        char_id = item_character(item)
        return char_id is not None and self.wounded_sides.get(char_id) is self.side

    def takeable(self, sq: Square, delta: Delta) -> list[str]:
        """Items on ``sq`` the mover may take: objects (loose or under a wounded) and friendly
        wounded (B-CARRY-3, B-CARRY-7, B-CARRY-10). A Rope under a figure is that figure's."""
        if sq in self.friends or sq in self.enemies:
            return []  # AMB-UNDER-FIGURE: what lies under a figure is that figure's, not a passer's
        items = self.items_at(sq, delta)
        result = []
        for item in items:
            if item == "rope" and sq in self.pits and any(self.is_friendly_wounded(other) for other in items):
                continue  # AMB-ROPE-FRIEND: never take the Rope a friendly wounded hangs on
            if not item.startswith(WOUNDED_ITEM_PREFIX) or self.is_friendly_wounded(item):
                result.append(item)
        return result

    def rope_lies(self, sq: Square, delta: Delta) -> bool:
        """A Rope is in this pit: loose, under a wounded, or carried by a figure standing there."""
        if sq in self.rope_figures:
            return True
        if delta:  # items_at(sq, delta), inlined: a call less per pit crossed
            changed = self._changed_items.get(delta) or self.changed_squares(delta)
            if sq in changed:
                return "rope" in changed[sq]
        return "rope" in self.items.get(sq, ())

    def can_lie(self, sq: Square, item: str, delta: Delta) -> bool:
        """May ``item`` be left on ``sq`` (B-CARRY-5: only a Rope in a pit)."""
        return sq not in self.pits or item == "rope"  # a wounded is never left in a pit either

    def can_hold(self, sq: Square, item: str, delta: Delta) -> bool:
        """May ``item`` be dropped on ``sq`` and the golden rule still hold there (B-GOLD-3)?"""
        if (sq in self.pits and item != "rope") or sq in self.enemies:  # not can_lie, inlined
            return False
        lying = self.items_at(sq, delta) if delta else self.items.get(sq, ())
        held = self.friend_carries.get(sq)
        if not lying and held is None:
            return True  # the item alone, with a friend at most: one piece and one figure
        pieces = [*lying, item]
        if held is not None:
            pieces.append(held)
        wounded = 0
        for piece in pieces:
            if piece.startswith(WOUNDED_ITEM_PREFIX):
                wounded += 1
        objects = len(pieces) - wounded
        figure = 1 if sq in self.friends else 0
        return objects <= 1 and wounded <= 1 and figure + objects + wounded <= 2

    # -- the rules of a step and of a stop ------------------------------------------------------
    def is_open(self, a: Square, passage: Passage, b: Square, delta: Delta) -> bool:
        """May a figure pass between a and b (not counting what stands on b)? B-MOVE-7/11."""
        if passage is OPEN:
            return True
        if passage is PORTCULLIS:
            e = edge(a, b)
            return ("open", e) in delta or ("break", e) in delta
        return passage is SLIT and self.naga  # B-NAGA-2

    def may_enter(
        self, prev_unroped_pit: bool, b: Square, carried: str | None, delta: Delta
    ) -> bool:
        """May the figure step onto ``b`` during a move (B-MOVE-5/8/9/10, B-ROPE-10)?"""
        if b in self.blocked:
            return False
        if b in self.pits and not self.levitates and not self.rope_lies(b, delta):
            # B-ROPE-1/10: a carried Rope crosses one pit at a time, never two in a row.
            return carried == "rope" and not prev_unroped_pit
        return True

    def unroped_pit(self, sq: Square, delta: Delta) -> bool:
        return sq in self.pits and not self.rope_lies(sq, delta)

    def may_exit(self, b: Square) -> bool:
        """Entering the opponent's line exits, unless one of his figures stands there (B-EXIT-7)."""
        return self.geometry.terrain.get(b) is self.exit_line and b not in self.enemies

    def valid_stop(self, sq: Square, carried: str | None, delta: Delta) -> bool:
        """May an action end with the figure on ``sq``? B-MOVE-12/13, B-GOLD-3, B-EXIT-2. It reads of
        ``delta`` only the items lying on ``sq`` (:meth:`stop_with`)."""
        if delta:
            changed = self._changed_items.get(delta)  # changed_squares(delta), one call less
            items = (self.changed_squares(delta) if changed is None else changed).get(sq)
            if items is not None:
                return self.stop_with(sq, carried, items)
        return self.stop_with(sq, carried, self.items.get(sq, ()))

    def stop_with(self, sq: Square, carried: str | None, items: tuple[str, ...]) -> bool:
        """:meth:`valid_stop` with ``items`` lying on ``sq``: it reads nothing else of the changes."""
        terrain = self.geometry.terrain.get(sq)
        if terrain is None or terrain is self.exit_line:
            return False
        if sq in self.friends or sq in self.enemies:
            return False
        if terrain is PIT and carried != "rope" and not (sq in self.rope_figures or "rope" in items):
            return False  # no Rope lies there (rope_lies)
        if not items:
            return True  # what it carries alone: one object or one wounded at most
        objects = wounded = 0
        for item in items:
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
        """(pit, passage to it, landing, passage from it) for each pit next to ``sq`` (B-JUMP-3)."""
        return self.static.jumps_at(sq)

    def jumpable_pits(self) -> frozenset[Square]:
        """The pits :meth:`pit_jumpable` allows on the unchanged table (found once per mover)."""
        if self._jumpable is None:  # B-JUMP-2/4: no figure on it, standing or a wounded lying
            items, wounded = self.items, WOUNDED_ITEM_PREFIX
            free = self.static.pits.difference(self.friends, self.enemies)
            held = [sq for sq in free if sq in items and any(i.startswith(wounded) for i in items[sq])]
            self._jumpable = free.difference(held) if held else free
        return self._jumpable

    def pit_jumpable(self, pit: Square, delta: Delta) -> bool:
        """B-JUMP-2/4: a pit with no character on it (AMB-B-JUMPOCC)."""
        if pit not in self.pits or pit in self.friends or pit in self.enemies:
            return False
        return not any(i.startswith(WOUNDED_ITEM_PREFIX) for i in self.items_at(pit, delta))

    def portcullis_actions(
        self, sq: Square, carried: str | None, means: Means
    ) -> Iterator[tuple[str, Square]]:
        """(action, other square) for each closed portcullis on a side of ``sq`` it can open."""
        for other, passage in self.geometry.neighbours.get(sq, ()):
            if passage is not PORTCULLIS:
                continue
            if carried == "key" and means.use_key:
                yield "open", other  # B-KEY-2, S-OBJ-7
            elif means.paid_abilities and self.lock_picker:
                yield "lock_pick", other  # B-BACK-4
            if means.paid_abilities and self.breaker:
                yield "break", other  # B-COLO-2


@record(eq=False)  # compared by identity (issue 16: no __eq__ to generate)
class StaticFacts:
    """What one board state offers every search, whoever moves: found once per :class:`Geometry`,
    square by square as searches ask (a search visits a few squares of a large board)."""

    terrain: dict[Square, Terrain]
    neighbours: dict[Square, tuple[tuple[Square, Passage], ...]]
    pits: frozenset[Square]
    jumps: dict[Square, tuple[tuple[Square, Passage, Square, Passage], ...]] = field(default_factory=dict)
    """(pit, passage to it, landing, passage from it) for each pit next to a square (B-JUMP-3). Arrow
    slits never count: a jump is not a movement, so not even the Naga jumps through one."""
    actions: dict[Square, tuple[bool, bool]] = field(default_factory=dict)
    """Whether a figure at rest on a square may jump, and whether a closed portcullis is on a side."""
    hops: dict[Square, dict[Square, int]] = field(default_factory=dict)
    """Fewest steps between two squares through any passage but a wall, by square (filled on demand):
    no move, jump or ability gets from one to the other in fewer."""
    earlier: StaticFacts | None = None
    """The facts of the geometry this one was updated from, whose jumps and actions hold here away
    from :attr:`stale` (:func:`_carried`; one step back only: no chain of them is kept alive)."""
    stale: Set[Square] = frozenset()
    """The squares whose jumps and actions :attr:`earlier` may not know."""

    def jumps_at(self, sq: Square) -> tuple[tuple[Square, Passage, Square, Passage], ...]:
        """:attr:`jumps` of ``sq``."""
        found = self.jumps.get(sq)
        if found is None:
            found = self._find(sq)[0]
        return found

    def actions_at(self, sq: Square) -> tuple[bool, bool]:
        """:attr:`actions` of ``sq``."""
        found = self.actions.get(sq)
        if found is None:
            found = self._find(sq)[1]
        return found

    def _find(self, sq: Square) -> tuple[Jumps, tuple[bool, bool]]:
        """:attr:`jumps` and :attr:`actions` of ``sq``, found together from its neighbour list (plain
        loops: a generator per square and question cost twice as much), or taken from :attr:`earlier`."""
        earlier = self.earlier
        if earlier is not None and sq not in self.stale:
            found = earlier.jumps.get(sq)
            if found is not None:  # the same facts (_carried); both are found together, always
                self.jumps[sq] = found
                actions = self.actions[sq] = earlier.actions[sq]
                return found, actions
        neighbours, pits = self.neighbours, self.pits
        jumps = []
        gate = False
        for pit, passage in neighbours.get(sq, ()):
            if passage is PORTCULLIS:
                gate = True  # and a jump may still cross it, once opened
            if pit in pits and passage is not SLIT:
                for landing, passage2 in neighbours.get(pit, ()):
                    if landing != sq and passage2 is not SLIT:
                        jumps.append((pit, passage, landing, passage2))
        found = self.jumps[sq] = tuple(jumps)
        actions = self.actions[sq] = _ACTIONS[bool(found)][gate]
        return found, actions

    def hops_from(self, sq: Square) -> dict[Square, int]:
        """:attr:`hops` from ``sq`` (a breadth-first walk, once per square and geometry)."""
        found = self.hops.get(sq)
        if found is None:
            found = self.hops[sq] = {sq: 0}
            frontier = [sq]
            while frontier:
                ahead = []
                for a in frontier:
                    for b, _ in self.neighbours.get(a, ()):
                        if b not in found:
                            found[b] = found[a] + 1
                            ahead.append(b)
                frontier = ahead
        return found


_ACTIONS = ((False, False), (False, True)), ((True, False), (True, True))
""":attr:`StaticFacts.actions`'s four values, by whether to jump and whether a portcullis is on a side."""

_STATIC: list[tuple[Geometry, StaticFacts]] = []
"""The facts of the last few geometries, by identity: a geometry is never edited (a change of the
board makes a new one), so an entry never outlives the table state it describes."""


def static_facts(geometry: Geometry) -> StaticFacts:
    """The :class:`StaticFacts` of ``geometry``, kept for the next searches; made from those of the
    geometry it was updated from where that one's are known (:func:`_carried`)."""
    for known, facts in _STATIC:
        if known is geometry:
            return facts
    since, before = geometry.since, None
    if since is not None:
        for _, facts in _STATIC:
            if facts.neighbours is since[0]:
                before = facts
                break
    if before is None:
        pits = frozenset(geometry.squares_of(PIT))  # found once per terrain (shared by a marker's change)
        facts = StaticFacts(geometry.terrain, geometry.neighbours, pits)
    else:
        facts = _carried(before, geometry, since[1] if since else frozenset())
    _STATIC.insert(0, (geometry, facts))
    del _STATIC[4:]
    return facts


def _carried(before: StaticFacts, geometry: Geometry, changed: frozenset[Square]) -> StaticFacts:
    """The facts of ``geometry``, taking (as each square is first asked for) the jumps and actions
    ``before`` found on the geometry it was updated from for every square that ``changed`` (the
    squares whose terrain or neighbour list differ there) leaves alone.

    Proof: a square's :attr:`~StaticFacts.jumps` and :attr:`~StaticFacts.actions` read its neighbour
    list, whether each square on it is a pit, and the neighbour list of each such pit: nothing else.
    A neighbour is a square next to it on the grid (a geometry lists the edges between squares next
    to each other, ``AROUND``), and being next to each other is symmetric. So for a square neither in
    ``changed`` nor next to one on the grid, its own list and terrain are as before, and so are those
    of every square on its list (none is in ``changed``): what it reads is what ``before`` read, and
    the facts are the same. Hops (a walk over the whole board) are not carried. No entry outlives a
    change that could alter it, and both geometries are never edited. ``before`` takes nothing from
    its own earlier facts any more (it finds them instead): only one step back is kept alive."""
    stale = set(changed)
    for sq in changed:
        stale.update(AROUND[sq])
    pits = before.pits if geometry.terrain is before.terrain else frozenset(geometry.squares_of(PIT))
    before.earlier = None
    return StaticFacts(geometry.terrain, geometry.neighbours, pits, earlier=before, stale=stale)


def player_means(jump_cards: int = 3, paid_abilities: bool = True) -> Means:
    """The Player's figures: a Jump card per jump, abilities at will (the app's shading)."""
    return Means(jumps=jump_cards, paid_abilities=paid_abilities)


def npc_means(paid_abilities: bool = False, max_ap: int | None = None) -> Means:
    """An NPC outside its ability's own objective: free jumps, Key, no paid abilities (S-ACT-2/3)."""
    return Means(jumps=None, paid_abilities=paid_abilities, max_ap=max_ap)
