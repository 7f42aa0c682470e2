"""The machine-readable vocabulary of NPC personalities (S-CARD-6, S-PERS-*).

A personality is printed text that overrides every other rule. The engine cannot read French, so a
card also lists ``effects``: typed records that say what the text does in terms the automaton can
apply (``docs/personalities.md`` documents each kind). What no kind can express becomes an ``ask``:
an explicit question to the player at a named moment, never a silent skip.
"""

from __future__ import annotations

from typing import Any

from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.errors import Problem, shown
from solo.messages import Message, msg
from solo.records import record

# The objective modes (S-CARD-2); npccard re-exports them.
QUESTION_LANGUAGES = ("en", "fr")
"""The languages an ask's question may be written in."""
MODES = ("fight", "take_object", "exit", "reveal", "regroup", "rotation", "open_portcullis",
         "break_portcullis", "heal", "repulse")
CARRY_CONDITIONS = (*OBJECT_KINDS, "wounded", "object", "anything")
"""What a ``when: {carries: …}`` may name: an object kind, a wounded friend, any object, anything."""
SCORE_COUNTERS = ("portcullises_opened", "portcullises_broken")
FLAG_KINDS = ("gear_lock", "rotate_twin", "heal_acts_now", "repulse_breaks")
COMBAT_CARD_RULES = ("smallest", "random")
"""``smallest``: the Player plays his smallest combat card in hand, +0 excluded (S-COMBAT-5);
``random``: the Player plays a card drawn at random from his hand, +0 included."""
ASK_MOMENTS = ("activation_start", "fight", "combat", "reveal", "rotation", "repulse", "enter_play", "exit")
EFFECT_KINDS: tuple[str, ...] = ("objective_override", "deliver", "score_every", *FLAG_KINDS,
                                 "combat_card", "ask")


@record(frozen=True)
class Condition:
    """When an effect applies: always, or while the NPC carries a given kind of item."""

    carries: str | None = None
    """None = always; an object kind, ``wounded`` (a wounded friend), ``object`` (any object, not a
    wounded) or ``anything`` (an object or a wounded)."""

    def holds(self, carried_item: str | None) -> bool:
        """Whether the condition holds for what the NPC carries (an object kind, ``wounded:<id>``, None)."""
        if self.carries is None:
            return True
        if carried_item is None:
            return False
        is_wounded = carried_item == "wounded" or carried_item.startswith("wounded:")
        if self.carries == "anything":
            return True
        if self.carries == "wounded":
            return is_wounded
        if self.carries == "object":
            return not is_wounded  # AMB-PERS-SERPICO: "un autre objet" = any object but a wounded
        return carried_item == self.carries


@record(frozen=True)
class ObjectiveOverride:
    """While ``when`` holds, objective ``rank`` reads {mode, ap} (S-PERS-LISSANDRA)."""

    when: Condition
    rank: int
    mode: str
    ap: int


@record(frozen=True)
class Deliver:
    """While ``when`` holds, objective ``rank`` becomes: bring the carried item to a friendly figure of
    class ``to`` and hand it over by crossing it (S-PERS-SERPICO)."""

    when: Condition
    to: str
    rank: int


@record(frozen=True)
class ScoreEvery:
    """Each ``every`` events of ``counter`` over the game score ``vp`` VP for the NP (S-PERS-NOLOCK,
    S-PERS-ARTHOS, S-END-2)."""

    counter: str
    every: int
    vp: int = 1


@record(frozen=True)
class Flag:
    """A named rule change the engine implements itself (gear_lock, rotate_twin, heal_acts_now,
    repulse_breaks)."""

    kind: str


@record(frozen=True)
class CombatCard:
    """A Telepath NPC's rule for the Player's combat card (S-COMBAT-5), shown with each combat request."""

    rule: str
    text: str = ""


@record(frozen=True)
class Ask:
    """What the engine cannot apply itself: at moment ``at`` it asks the player ``question``."""

    at: str
    question: str
    """In English."""
    choices: tuple[str, ...] = ()
    translations: tuple[tuple[str, str], ...] = ()
    """The question in other languages (``question: {en: …, fr: …}`` in the card file)."""


Effect = ObjectiveOverride | Deliver | ScoreEvery | Flag | CombatCard | Ask

_KEYS: dict[str, frozenset[str]] = {
    "objective_override": frozenset({"kind", "when", "rank", "mode", "ap"}),
    "deliver": frozenset({"kind", "when", "to", "rank"}),
    "score_every": frozenset({"kind", "counter", "every", "vp"}),
    "combat_card": frozenset({"kind", "rule", "text"}),
    "ask": frozenset({"kind", "at", "question", "choices"}),
    **{flag: frozenset({"kind"}) for flag in FLAG_KINDS},
}


class _EffectReader:
    """Reads one effect mapping, recording a Problem for every bad field."""

    def __init__(self, source: str, entry: str, fields: dict[Any, Any]) -> None:
        self.source = source
        self.entry = entry
        self.fields = fields
        self.problems: list[Problem] = []

    def problem(self, key: str, message: Message) -> None:
        self.problems.append(Problem(self.source, f"{self.entry}.{key}" if key else self.entry, message))

    def choice(self, key: str, allowed: tuple[str, ...], what: Message) -> str:
        value = self.fields.get(key)
        if key not in self.fields:
            self.problem(key, msg("missing (the {what}: one of {allowed})", what=what,
                                  allowed=", ".join(allowed)))
        elif not isinstance(value, str) or value not in allowed:
            self.problem(key, msg("unknown {what} {value} (expected one of {allowed})", what=what,
                                  value=shown(value), allowed=", ".join(allowed)))
        else:
            return value
        return ""

    def positive(self, key: str, default: int | None = None, high: int | None = None) -> int:
        if key not in self.fields and default is not None:
            return default
        value = self.fields.get(key)
        if key not in self.fields:
            self.problem(key, msg("missing (a whole number of at least 1)"))
        elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= (high or value):
            return value
        else:
            wanted = (msg("expected a whole number from 1 to {high}, got {value}", high=high,
                          value=shown(value))
                      if high is not None else
                      msg("expected a whole number of at least 1, got {value}", value=shown(value)))
            self.problem(key, wanted)
        return 0

    def text(self, key: str, required: bool) -> str:
        value = self.fields.get(key, None if required else "")
        if not isinstance(value, str) or (required and not value.strip()):
            self.problem(key, msg("expected text, got {value}", value=shown(value)))
            return ""
        return value

    def question(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """An ask's question: English text, or ``{en: …, fr: …}`` (English required)."""
        value = self.fields.get("question")
        if not isinstance(value, dict):
            return self.text("question", required=True), ()
        texts = {str(k): v for k, v in value.items()}
        for language, words in texts.items():
            if language not in QUESTION_LANGUAGES or not isinstance(words, str) or not words.strip():
                self.problem(f"question.{language}", msg(
                    "expected text in {languages}, got {language}: {value}",
                    languages=", ".join(QUESTION_LANGUAGES), language=language, value=shown(words)))
        english = texts.get("en")
        if not isinstance(english, str) or not english.strip():
            self.problem("question.en", msg("missing: the question in English"))
            return "", ()
        others = tuple((k, str(v)) for k, v in texts.items() if k != "en" and isinstance(v, str))
        return english, others

    def condition(self, required: bool) -> Condition:
        if "when" not in self.fields:
            if required:
                self.problem("when", msg("missing: say what the NPC must carry, e.g. {example}",
                                         example="{carries: wounded}"))
            return Condition()
        value = self.fields["when"]
        if not isinstance(value, dict):
            self.problem("when", msg("expected a mapping like {example}, got {value}",
                                     example="{carries: rope}", value=shown(value)))
            return Condition()
        for key in value:
            if key != "carries":
                self.problem(f"when.{key}", msg("unknown key {key} (a condition has only `carries`)",
                                                key=shown(key)))
        carries = value.get("carries")
        if carries is None:
            if required:
                self.problem("when.carries", msg("missing: what the NPC must carry"))
            return Condition()
        if not isinstance(carries, str) or carries not in CARRY_CONDITIONS:
            self.problem("when.carries", msg("unknown item {value} (expected one of {allowed})",
                                             value=shown(carries), allowed=", ".join(CARRY_CONDITIONS)))
            return Condition()
        return Condition(carries)

    def choices(self) -> tuple[str, ...]:
        value = self.fields.get("choices", [])
        if not isinstance(value, list) or not all(isinstance(c, str) and c.strip() for c in value):
            self.problem("choices", msg("expected a list of texts, got {value}", value=shown(value)))
            return ()
        if len(set(value)) != len(value):
            self.problem("choices", msg("a choice is listed twice"))
        return tuple(value)

    def read(self, kind: str) -> Effect:
        if kind == "objective_override":
            return ObjectiveOverride(self.condition(False), self.positive("rank", high=6),
                                     self.choice("mode", MODES, msg("mode")), self.positive("ap"))
        if kind == "deliver":
            return Deliver(self.condition(True), self.choice("to", CLASS_IDS, msg("class")),
                           self.positive("rank", high=6))
        if kind == "score_every":
            return ScoreEvery(self.choice("counter", SCORE_COUNTERS, msg("counter")), self.positive("every"),
                              self.positive("vp", default=1))
        if kind == "combat_card":
            return CombatCard(self.choice("rule", COMBAT_CARD_RULES, msg("combat card rule")),
                              self.text("text", required=False))
        if kind == "ask":
            question, translations = self.question()
            return Ask(self.choice("at", ASK_MOMENTS, msg("moment")), question, self.choices(), translations)
        return Flag(kind)


def _carried_set(when: Condition) -> frozenset[str | None]:
    """Every carried item (an object kind, ``wounded``, None) for which ``when`` holds."""
    items: tuple[str | None, ...] = (*OBJECT_KINDS, "wounded", None)
    return frozenset(item for item in items if when.holds(item))


def _clashes(effects: list[tuple[int, Effect]], source: str, entry: str) -> list[Problem]:
    """Two effects that can change the same objective at the same time make the card ambiguous."""
    changers: list[tuple[int, ObjectiveOverride | Deliver]] = []
    for index, effect in effects:
        if isinstance(effect, ObjectiveOverride | Deliver):
            changers.append((index, effect))
    problems: list[Problem] = []
    for n, (i, first) in enumerate(changers):
        for j, second in changers[n + 1:]:
            both = _carried_set(first.when) & _carried_set(second.when)
            if first.rank == second.rank and both:
                parts = sorted(str(item) for item in both if item is not None)
                parts += ["nothing"] if None in both else []
                problems.append(Problem(source, f"{entry}[{j}].rank", msg(
                    "effects {first} and {second} both change objective {rank} while the NPC carries "
                    "{items}: at most one may apply", first=i, second=j, rank=first.rank,
                    items=" / ".join(parts))))
    return problems


def parse_effects(data: Any, source: str, entry: str) -> tuple[list[Effect], list[Problem]]:
    """Parse a personality's ``effects`` list; collect every problem (entries like ``entry[2].ap``)."""
    if data is None:
        return [], []
    if not isinstance(data, list):
        return [], [Problem(source, entry, msg("expected a list of effects, got {value}", value=shown(data)))]
    effects: list[tuple[int, Effect]] = []
    problems: list[Problem] = []
    for index, item in enumerate(data):
        where = f"{entry}[{index}]"
        if not isinstance(item, dict):
            problems.append(Problem(source, where, msg("expected a mapping like {example}, got {value}",
                                                       example="{kind: gear_lock}", value=shown(item))))
            continue
        kind = item.get("kind")
        if not isinstance(kind, str) or kind not in EFFECT_KINDS:
            problems.append(Problem(source, f"{where}.kind", msg(
                "unknown effect kind {value} (expected one of {allowed})", value=shown(kind),
                allowed=", ".join(EFFECT_KINDS))))
            continue
        reader = _EffectReader(source, where, item)
        for key in item:
            if key not in _KEYS[kind]:
                reader.problem(str(key), msg("unknown key {key} for a {kind} effect (allowed: {allowed})",
                                             key=shown(key), kind=kind,
                                             allowed=", ".join(sorted(_KEYS[kind]))))
        effect = reader.read(kind)
        if reader.problems:
            problems.extend(reader.problems)
        else:
            effects.append((index, effect))
    problems.extend(_clashes(effects, source, entry))
    return [effect for _, effect in effects], problems
