"""The NPC being activated and what it works with: position, card, AP left, searches, the record."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from solo.actions.combat import add_vp
from solo.automaton.explanation import Explanation, ObjectiveExam, Step
from solo.automaton.pickups import NpcPickups
from solo.content.cards import CardLibrary, load_card_library
from solo.content.npccard import NpcCard
from solo.content.personality import Deliver, Flag, ScoreEvery
from solo.errors import DataError
from solo.messages import Message, msg
from solo.records import field, record
from solo.table.board import MarkerState
from solo.table.card_lookup import card_for
from solo.table.movement import Means
from solo.table.position import Character, ObjectToken, Position, Side, item_character
from solo.table.search import Reach, State, cheapest_paths, npc_means
from solo.table.squares import Square
from solo.table.trail_phases import phased_paths

T = TypeVar("T")
PLAYER, NPC = Side.PLAYER, Side.NPC
"""Read as module constants: an Enum class attribute costs about 12 times a global in Python 3.11."""
EXACT_TRAILS: ContextVar[bool] = ContextVar("exact_trails", default=True)
"""Whether an NPC's searches keep apart every way a drop on the last valid square reads (the rulebook's
reading, AMB-DROP-BACK-TRAIL); the difficulty report's simulated games keep one way per node
(AMB-SIM-TRAILS)."""
COUNTED_STEPS = {"open": "portcullises_opened", "break": "portcullises_broken"}
"""Steps that a personality's game-long counter counts (AMB-PERS-NOLOCK, S-PERS-ARTHOS)."""


@record(eq=False)  # compared by identity (issue 16: no __eq__ to generate)
class Context:
    """One activation's working state (S-ACT-4: one mode, one AP budget for the whole activation)."""

    position: Position
    npc: Character
    card: NpcCard
    explanation: Explanation
    tallies: dict[str, int] = field(default_factory=dict)
    """Game-long counters for personalities (``<npc>:portcullises_opened`` …), kept by the game
    (AMB-TALLIES: the position format has no field for them)."""
    budget: int = 0
    """AP left in the activation's quota."""
    steps_in_progress: int = 0
    """Steps left in a move action already paid for (movement-model.md)."""
    deliver: Deliver | None = None
    cards: dict[str, NpcCard] = field(default_factory=dict)
    pending: ObjectiveExam | None = None
    """The objective just found achievable, whose target the first choice settles (after a tie)."""
    delivered: set[tuple[Square, str]] = field(default_factory=set)
    """Items handed to a friend by a personality's delivery this activation (AMB-DELIVER)."""
    """The cards of the other NPCs (for exchanges and Brikoltou's lock), read once."""
    two_phases: bool = True
    """Exact trails searched in two phases (``solo.table.trail_phases``); False on a copy made only to
    work out true costs (:meth:`as_it_is`): continued past the quota, most searches reach a drop that
    reads the way, and the merged phase settled before it would be thrown away; the answer is the same."""
    _reach: dict[tuple[int, int, int], Reach] = field(default_factory=dict)
    _policies: dict[int, NpcPickups] = field(default_factory=dict)
    _memo: dict[Hashable, Any] = field(default_factory=dict)

    # -- the card and its personality ------------------------------------------------------------
    def has_flag(self, kind: str) -> bool:
        return any(isinstance(e, Flag) and e.kind == kind for e in self.card.effects)

    def rank_of_class(self, class_id: str) -> int | None:
        return self.card.character_rank(class_id)

    def figure_on(self, sq: Square) -> Character | None:
        """The figure on ``sq`` other than the NPC (which may stand on a friend mid-move)."""
        for c in self.position.characters.values():
            if c.at == sq and not c.wounded and c.id != self.npc.id:
                return c
        return None

    # -- who is where ------------------------------------------------------------------------------
    def enemies(self) -> list[Character]:
        return [c for c in self.position.characters.values() if c.side is PLAYER and c.at is not None]

    def friends(self) -> list[Character]:
        return [
            c
            for c in self.position.characters.values()
            if c.side is NPC and c.at is not None and c.id != self.npc.id
        ]

    def wounded_this_turn(self) -> set[str]:
        turn = self.position.turn
        return set(turn.wounded) if turn is not None else set()

    # -- searches ------------------------------------------------------------------------------------
    def changed(self) -> None:
        """The position changed: searches made before are stale."""
        self._reach.clear()
        self._policies.clear()
        self._memo.clear()

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, once per state of the table (forgotten by :meth:`changed`)."""
        if key not in self._memo:
            self._memo[key] = compute()
        value: T = self._memo[key]
        return value

    def policy(self, deliver_to: frozenset[Square] = frozenset()) -> NpcPickups:
        """S-OBJ-1/2 pick-ups with this card's priorities, S-OBJ-4/5 with each friend's."""
        ranks = {}
        for friend in self.friends():
            friend_card = self.cards.get(friend.id)
            if friend.wounded or friend.at is None or friend_card is None:
                continue  # a friend whose card is broken or missing exchanges nothing
            ranks[friend.at] = friend_card.object_rank
        deliver_item = None
        if self.deliver is not None and deliver_to:
            condition = self.deliver.when
            deliver_item = condition.holds
        return NpcPickups(
            tuple(self.card.objects),
            delivered=frozenset(self.delivered),
            friend_ranks=ranks,
            deliver_to=deliver_to,
            deliver_item=deliver_item,
            exact_trails=EXACT_TRAILS.get(),
        )

    def means(self, budget: int) -> Means:
        return npc_means(max_ap=budget)

    def reach(self, budget: int | None = None, deliver_to: frozenset[Square] = frozenset()) -> Reach:
        """Every way within ``budget`` AP (default: the AP left), continuing a move in progress.

        A larger search made on the same table is cut at ``budget`` (:meth:`Reach.within`: the same
        result as a new search); every search is forgotten when the table changes (:meth:`changed`).
        A new search is settled as far as it is read (:class:`~solo.table.growing.Growing`: complete for
        any reader but :mod:`solo.automaton.early`'s, AMB-SEARCH-EARLY).
        """
        budget = self.budget if budget is None else budget
        key = (budget, self.steps_in_progress, hash(deliver_to))
        cached = self._reach.get(key)
        if cached is None:
            larger = min(
                (k for k in self._reach if k[0] > budget and k[1:] == key[1:]), default=None
            )
            if larger is not None:
                cached = self._reach[larger].within(budget)
                policy = self._policies[id(self._reach[larger])]
            else:
                policy = self.policy(deliver_to)
                if policy.exact_trails and self.two_phases:  # AMB-DROP-BACK-TRAIL, AMB-TRUE-COST-SHOWN
                    cached = phased_paths(self.position, self.npc, self.means(budget), policy,
                                          self.steps_in_progress)
                else:
                    cached = cheapest_paths(
                        self.position, self.npc, self.means(budget), policy,
                        steps_in_progress=self.steps_in_progress, lazy=True,
                    )
            self._reach[key] = cached
            self._policies[id(cached)] = policy
        return cached

    def as_it_is(self) -> Context:
        """This activation frozen as it stands: a copy of the table and of what the searches read
        (AP left, steps in progress, items delivered), with searches of its own (AMB-TRUE-COST-SHOWN)."""
        position = table_copy(self.position)
        frozen = Context(
            position, position.characters[self.npc.id], self.card, Explanation(self.npc.id),
            dict(self.tallies), self.budget, self.steps_in_progress, self.deliver, self.cards,
            delivered=set(self.delivered), two_phases=False,
        )
        # What was worked out once for this table serves the copy (sets of squares, distances); its
        # searches are its own, made again when read: kept here, they would hold the memory of every
        # search of a turn for as long as its explanations are kept (about 30 MB in a `simulate`).
        frozen._memo = dict(self._memo)
        return frozen

    def policy_for(self, reach: Reach) -> NpcPickups:
        """The pick-up policy the search behind ``reach`` used (to replay its ways)."""
        return self._policies[id(reach)]

    # -- bookkeeping ---------------------------------------------------------------------------------
    def spend(self, steps: list[Step], ap: int, steps_left: int = 0) -> None:
        """Record steps and what they cost from the budget; a cut move keeps its steps left. Every
        portcullis opened or broken is counted, whatever the mode (AMB-PERS-NOLOCK)."""
        for step in steps:
            self.explanation.steps.append(step)
            if step.kind in COUNTED_STEPS:
                self.count(COUNTED_STEPS[step.kind])
        self.budget -= ap
        self.steps_in_progress = steps_left
        self.changed()

    def count(self, counter: str) -> None:
        """Count a game-long event for the NPC; each ``every`` of them scores (S-PERS-NOLOCK, -ARTHOS)."""
        key = f"{self.npc.id}:{counter}"
        self.tallies[key] = self.tallies.get(key, 0) + 1
        for effect in self.card.effects:
            count = self.tallies[key]
            if isinstance(effect, ScoreEvery) and effect.counter == counter and count % effect.every == 0:
                add_vp(self.position, Side.NPC, effect.vp)
                self.explanation.scored.append(
                    {"vp": effect.vp, "counter": counter, "count": count,
                     "after_step": len(self.explanation.steps)}
                )
                self.explanation.note(scored(effect.vp, count, counter))

    @contextmanager
    def after(self, state: State) -> Iterator[None]:
        """Look at the table as it would be once the NPC reached ``state``: where it stands, what it
        holds, the items and wounded it moved, the portcullises it opened (sight, shots and pushes
        from a square it could reach). Everything is put back on leaving."""
        position, npc, board = self.position, self.npc, self.position.board
        saved_npc = (npc.at, npc.carries)
        saved_objects = position.objects
        saved_at: dict[str, Square | None] = {}
        saved_carries: dict[str, str | None] = {}
        saved_markers: list[tuple[Square, Square, MarkerState]] = []
        objects = list(position.objects)
        try:
            # Takes first, in a fixed order: a wounded taken on one square and dropped on another ends
            # where it was dropped, whatever the set's order (it varies with Python's hash seed).
            for change in sorted(state.delta, key=lambda c: (c[0] != "take", c)):
                if len(change) == 2:
                    a, b = change[1]
                    saved_markers.append((a, b, board.marker_state(a, b) or MarkerState.CLOSED))
                    board.set_marker(a, b, MarkerState.BROKEN if change[0] == "break" else MarkerState.OPEN)
                    continue
                kind, sq, item = change
                char_id = item_character(item)
                if kind in ("receive", "give"):
                    friend = self.figure_on(sq)
                    if friend is not None:
                        saved_carries.setdefault(friend.id, friend.carries)
                        friend.carries = None if kind == "receive" else (char_id or item)
                    if char_id is not None:
                        saved_at.setdefault(char_id, position.characters[char_id].at)
                        position.characters[char_id].at = None
                elif char_id is not None:
                    saved_at.setdefault(char_id, position.characters[char_id].at)
                    position.characters[char_id].at = None if kind == "take" else sq
                elif kind == "take":
                    objects = [o for o in objects if not (o.at == sq and o.kind == item)] + [
                        o for o in objects if o.at == sq and o.kind == item
                    ][1:]
                else:
                    objects.append(ObjectToken(item, sq))
            position.objects = objects
            carried = item_character(state.carried) if state.carried else None
            npc.at, npc.carries = state.square, carried or state.carried
            yield
        finally:
            npc.at, npc.carries = saved_npc
            position.objects = saved_objects
            for char_id, at in saved_at.items():
                position.characters[char_id].at = at
            for friend_id, carries in saved_carries.items():
                position.characters[friend_id].carries = carries
            for a, b, marker in reversed(saved_markers):
                board.set_marker(a, b, marker)


def cards_of(position: Position, library: CardLibrary | None = None) -> dict[str, NpcCard]:
    """The card of every NPC of the position that has a readable one (folders read once)."""
    if library is None:  # only the cards this table uses are read
        library = load_card_library(ids=[c.card for c in position.characters.values() if c.card is not None])
    cards = {}
    for c in position.characters.values():
        if c.side is Side.NPC and c.card is not None:
            try:
                cards[c.id] = card_for(position, c.id, library)
            except DataError:
                continue
    return cards


def scored(vp: int, count: int, counter: str) -> Message:
    """A personality's points for a game-long count (S-PERS-NOLOCK, S-PERS-ARTHOS), in words."""
    if counter == "portcullises_opened":
        return msg("the NP scores {vp} VP: {count} portcullises opened (personality)", vp=vp, count=count)
    if counter == "portcullises_broken":
        return msg("the NP scores {vp} VP: {count} portcullises broken (personality)", vp=vp, count=count)
    return msg("the NP scores {vp} VP: {count} {counter} (personality)", vp=vp, count=count, counter=counter)


def table_copy(position: Position) -> Position:
    """A copy of the table that later changes of ``position`` leave alone: figures, objects, rooms
    with their markers and the turn are copied; the room layouts and the board geometry are shared
    (a geometry is never edited: a change of the board makes a new one)."""
    turn = position.turn
    return _twin(
        position,
        board=position.board.copy(),
        characters={k: _twin(c) for k, c in position.characters.items()},
        objects=[_twin(o) for o in position.objects],
        turn=None if turn is None else _twin(turn, acted=list(turn.acted), healed=list(turn.healed),
                                             wounded=list(turn.wounded)),
        score=None if position.score is None else _twin(position.score),
    )


def _twin(thing: T, **changes: Any) -> T:
    """A copy of ``thing`` with its attributes as they are (or as ``changes`` says), made without
    running its constructor (``dataclasses.replace`` costs three times as much, for every figure)."""
    twin: T = object.__new__(type(thing))
    vars(twin).update(vars(thing), **changes)
    return twin
