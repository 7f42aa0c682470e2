"""What only the table can tell: requests an activation makes, and who answers them.

An activation is a generator of :class:`Request` values (a combat's result, a die roll, a reveal, a
question from a personality); its caller answers each one (the app, the command line, a test
script). Every random number goes through a :class:`Table`: the app's seeded dice or the values the
player reads off his own dice and cards.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from functools import cache
from typing import Any, Protocol, TypeVar

from solo.actions.combat import CombatSides
from solo.collector import no_cycle_collection
from solo.errors import DataError, Problem, shown
from solo.locations import RULES_DIR
from solo.messages import Message, Param, msg
from solo.records import field, record
from solo.table.position import Character, ObjectToken
from solo.yamlio import load_yaml_file

OUTCOMES = ("win", "lose", "tie")


@record(frozen=True)
class Request:
    """Something the activation needs from the table; ``text`` says it to the player (a message,
    rendered in his language; the JSON gives its English)."""

    npc: str
    text: Message

    @property
    def kind(self) -> str:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        return {"for": self.kind, "npc": self.npc, "text": self.text.english()}


@record(frozen=True)
class CombatRequest(Request):
    """A combat's result, seen from the NPC's side: ``win``, ``lose`` or ``tie`` (S-COMBAT-1)."""

    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    ranged: bool = False
    notes: tuple[Message, ...] = ()
    """Personality rules the player must apply while choosing his card (S-COMBAT-5)."""
    sides: CombatSides | None = field(default=None, compare=False)
    """Who takes part and each side's value before cards, for a game that plays the cards."""
    card_rule: str | None = None
    """An NP Telepath's rule for the Player's card (``smallest``), when it applies (S-COMBAT-5)."""

    @property
    def kind(self) -> str:
        return "combat"

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(),
            "attackers": list(self.attackers),
            "defenders": list(self.defenders),
            "ranged": self.ranged,
            "notes": [note.english() for note in self.notes],
        }


@record(frozen=True)
class Notice(Request):
    """Something happened that the game flow may act on before the activation goes on (a combat just
    ended: its reinforcements arrive now, S-REINF-3); answered with None."""

    event: str = ""

    @property
    def kind(self) -> str:
        return "notice"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "event": self.event}


@record(frozen=True)
class DieRequest(Request):
    """A six-sided die roll, 1-6: a tie-break (S-PROX-3) or the rotation die's face (S-ROT-3)."""

    purpose: str = "tie"
    """``tie`` or ``rotation``."""
    options: tuple[str, ...] = ()
    room: tuple[int, str, int] | None = None
    """For a teleport die: the room the token goes into, (slot, layout id, rotation), so that the
    table can be shown the room before the dice (issue 13)."""

    @property
    def kind(self) -> str:
        return "die"

    def to_json(self) -> dict[str, Any]:
        data = {**super().to_json(), "purpose": self.purpose, "options": list(self.options)}
        if self.room is not None:
            data["room"] = list(self.room)
        return data


@record(frozen=True)
class ShuffleRequest(Request):
    """The order of the shuffled cards laid out left to right (S-TURN-5): a list of the ids."""

    cards: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "shuffle"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "cards": list(self.cards)}


@record(frozen=True)
class RevealRequest(Request):
    """Which room was turned over in a slot, how, and where its tokens landed (S-REVEAL)."""

    slot: int = 0

    @property
    def kind(self) -> str:
        return "reveal"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "slot": self.slot}


@record(frozen=True)
class QuestionRequest(Request):
    """A personality effect the engine cannot apply itself: the card's text and the decision."""

    question: str = ""
    choices: tuple[str, ...] = ()
    personality: str = ""
    moment: str = ""
    """When the personality asks it (docs/personalities.md): ``reveal``, ``combat``…"""

    @property
    def kind(self) -> str:
        return "question"

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(),
            "question": self.question,
            "choices": list(self.choices),
            "personality": self.personality,
            "moment": self.moment,
        }


@record
class RevealAnswer:
    """The room turned face up and the tokens teleported onto it (NPCs enter unwounded)."""

    layout: str | None = None
    """Layout id; None when the position already knows the hidden room's identity."""
    rotation: int | None = None
    characters: list[Character] = field(default_factory=list)
    objects: list[ObjectToken] = field(default_factory=list)


class UnansweredError(Exception):
    """The table cannot answer a request now: the activation waits for it (formats.md §4)."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.text.english())
        self.request = request


class Table(Protocol):
    """Answers requests: ``str`` for combat and questions, ``int`` for dice, RevealAnswer for reveals."""

    def answer(self, request: Request) -> Any:
        """The answer, or raise :class:`UnansweredError`."""
        ...


@record(eq=False)  # compared by identity (issue 16: no __eq__ to generate)
class ScriptedTable:
    """Answers from given lists, in order; without them a seeded RNG rolls dice and combats.

    Reveals and questions are answered only from the given lists (only the table knows them).
    """

    combats: list[str] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    reveals: list[RevealAnswer] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    orders: list[list[str]] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    log: list[tuple[Request, Any]] = field(default_factory=list)

    def answer(self, request: Request) -> Any:
        result: Any
        if isinstance(request, Notice):
            return None  # nothing to answer: not a question to the table, not logged
        if isinstance(request, CombatRequest):
            # AMB-CLI-COMBAT: without a given result the seeded generator draws one.
            result = self.combats.pop(0) if self.combats else self.rng.choice(OUTCOMES)
        elif isinstance(request, DieRequest):
            result = self.dice.pop(0) if self.dice else self.rng.randint(1, 6)
        elif isinstance(request, ShuffleRequest):
            if self.orders:
                result = self.orders.pop(0)
            else:
                result = list(request.cards)
                self.rng.shuffle(result)
        elif isinstance(request, RevealRequest):
            if not self.reveals:
                raise UnansweredError(request)
            result = self.reveals.pop(0)
        elif isinstance(request, QuestionRequest):
            if not self.answers:
                raise UnansweredError(request)
            result = self.answers.pop(0)
        else:
            raise UnansweredError(request)
        self.log.append((request, result))
        return result


def drive(steps: Generator[Request, Any, T], table: Table) -> tuple[T | None, Request | None]:
    """Answer each request of ``steps`` from ``table`` until it ends: (its result, None); or, when the
    table cannot answer, stop there: (None, the request it waits for).

    Every table answers at once (none waits for a person), so the cycle collector is kept off until
    the steps end (:func:`no_cycle_collection`): a turn's searches leave many young tuples that each
    collection would walk again, and no cycles. What the steps made and still hold (the explanations,
    the geometries and the tables found for them) leaves in the oldest generation unwalked
    (``promote``: the young garbage made before is collected on entering), instead of one young
    collection walking it right after the turn (about 1 % of a turn's instructions)."""
    with no_cycle_collection(promote=True):
        return _drive(steps, table)


def _drive(steps: Generator[Request, Any, T], table: Table) -> tuple[T | None, Request | None]:
    try:
        request = next(steps)
        while True:
            try:
                answer = table.answer(request)
            except UnansweredError as missing:
                steps.close()
                return None, missing.request
            request = steps.send(answer)
    except StopIteration as done:
        result: T = done.value
        return result, None


# -- rolls ------------------------------------------------------------------------------------------

Ask = Generator[Request, Any, Any]
T = TypeVar("T")


def roll(
    npc: str, text: Message, purpose: str = "tie", options: Sequence[str] = (),
    room: tuple[int, str, int] | None = None,
) -> Generator[Request, Any, int]:
    """Ask for one six-sided die; a value outside 1-6 is asked again (``room``: see DieRequest)."""
    while True:
        value = yield DieRequest(npc, text, purpose, tuple(options), room)
        if isinstance(value, int) and 1 <= value <= 6:
            return value


@record(frozen=True)
class TieBreak:
    """How a tie was broken: the options in the order shown, the rolls, the one chosen."""

    options: tuple[str, ...]
    rolls: tuple[int, ...]
    chosen: int


MAX_REROLLS = 1_000
"""How many times a die is rolled again for one result before the loop gives up (AMB-REROLL-BOUND):
a fair die ends far sooner; only a broken or hostile source of dice gets here."""


def break_tie(
    npc: str, options: Sequence[str], shown: Sequence[Param] = ()
) -> Generator[Request, Any, TieBreak]:
    """S-PROX-3 with AMB-TIE: two options, even = first, odd = second; n > 2: number them 1..n and
    reroll results above n; n > 6: halve the list by even/odd rolls first. ``shown``: the options as
    the player reads them (``options`` keep the English of the JSON)."""
    labels = tuple(options)
    names: tuple[Param, ...] = tuple(shown) if len(shown) == len(labels) else labels
    candidates = list(range(len(labels)))
    rolls: list[int] = []
    while len(candidates) > 6:
        half = (len(candidates) + 1) // 2
        value = yield from roll(
            npc,
            msg(
                "Tie between {count} possibilities: even keeps the first {half}, odd the others",
                count=len(candidates), half=half,
            ),
            "tie",
            [labels[i] for i in candidates],
        )
        rolls.append(value)
        candidates = candidates[:half] if value % 2 == 0 else candidates[half:]
    if len(candidates) == 2:
        first, second = labels[candidates[0]], labels[candidates[1]]
        asked = msg("Tie: even = {first}, odd = {second}",
                    first=names[candidates[0]], second=names[candidates[1]])
        value = yield from roll(npc, asked, "tie", [first, second])
        rolls.append(value)
        chosen = candidates[0] if value % 2 == 0 else candidates[1]
        return TieBreak(labels, tuple(rolls), chosen)
    while len(candidates) > 1 and len(rolls) < MAX_REROLLS:
        still = [labels[i] for i in candidates]
        numbered = tuple(msg("{number} = {option}",
                             number=n + 1, option=names[i]) for n, i in enumerate(candidates))
        asked = msg("Tie: {options} (reroll above {count})", options=numbered, count=len(candidates))
        value = yield from roll(npc, asked, "tie", still)
        rolls.append(value)
        if value <= len(candidates):
            return TieBreak(labels, tuple(rolls), candidates[value - 1])
    return TieBreak(labels, tuple(rolls), candidates[0])


@record(frozen=True)
class RotationFace:
    sense: str
    """``cw`` or ``ccw``."""
    ap: int


@cache
def rotation_die() -> tuple[RotationFace, ...]:
    """The rotation die's six faces from ``rules/rotation_die.yaml`` (S-COMP-6, AMB-ROTDIE)."""
    path = RULES_DIR / "rotation_die.yaml"
    data = load_yaml_file(path)
    problems: list[Problem] = []
    faces: list[RotationFace] = []
    raw = data.get("faces") if isinstance(data, dict) else None
    if not isinstance(raw, list) or len(raw) != 6:
        raise DataError([Problem(str(path), "faces", msg("expected a list of 6 faces, got {value}",
                                                             value=shown(raw)))])
    for index, face in enumerate(raw):
        if (
            not isinstance(face, dict)
            or face.get("sense") not in ("cw", "ccw")
            or face.get("ap") not in (1, 2, 3)
        ):
            problems.append(
                Problem(str(path), f"faces[{index}]", msg(
                    "expected {wanted}, got {value}", wanted="{sense: cw|ccw, ap: 1-3}", value=shown(face)))
            )
            continue
        faces.append(RotationFace(str(face["sense"]), int(face["ap"])))
    if problems:
        raise DataError(problems)
    return tuple(faces)
