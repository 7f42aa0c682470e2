"""NPC cards (``dt-solo-card/1``, formats.md §5): reading and checking a card file into the typed card
of :mod:`solo.content.card_types` (re-exported here; the library that finds them is
:mod:`solo.content.cards`).

A card says what its NPC wants (S-CARD-1..6): six objectives with AP quotas, one of them the default,
object and character priority lists, and a personality. Cards transcribed from the rulebook may have
gaps (listed in ``unknown``): such a card loads and can be shown, but :func:`require_playable` refuses
to activate it until the gaps are filled in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.content.card_types import IncompleteCardError as IncompleteCardError
from solo.content.card_types import NpcCard as NpcCard
from solo.content.card_types import Objective as Objective
from solo.content.card_types import require_playable as require_playable
from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.content.ids import id_problem
from solo.content.personality import MODES, Effect, parse_effects
from solo.errors import DataError, Problem, shown
from solo.messages import Message, Ref, msg, msg_n
from solo.yamlio import CARD_LIMITS, load_yaml_file

__all__ = [
    "CARD_FORMAT", "CLASS_MODES", "FIELD_NAMES", "MODES", "OBJECT_ENTRIES", "SOURCES",
    "IncompleteCardError", "NpcCard", "Objective", "load_card", "parse_card", "require_playable",
]

CARD_FORMAT = "dt-solo-card/1"
CLASS_MODES = {"open_portcullis": "backstabber", "break_portcullis": "colossus", "heal": "cleric",
               "repulse": "banshee"}
"""Modes only one class may enter (S-CARD-2)."""
OBJECT_ENTRIES = (*OBJECT_KINDS, "wounded")
SOURCES = ("rulebook", "entered", "demo", "custom")
SUMMARY_LANGUAGES = ("en", "fr")
FIELD_NAMES = ("epithet", "class", *(f"objective-{rank}" for rank in range(1, 7)), "default", "objects",
               "characters", "personality")
"""The field names ``unknown`` and ``completed`` may list."""
CARD_KEYS = ("format", "id", "name", "epithet", "class", "objectives", "objects", "characters",
             "personality", "source", "unknown", "completed")
REQUIRED_KEYS = ("format", "id", "name", "class", "objectives", "objects", "characters", "personality",
                 "source")
FLAG_CLASSES = {"gear_lock": "mechanork", "rotate_twin": "mechanork", "heal_acts_now": "cleric",
                "repulse_breaks": "banshee", "combat_card": "telepath"}
"""Effects that only mean something for one class (a Telepath's mind control, a Mechanork's gear…)."""


# -- validation -----------------------------------------------------------------------------------
def _plural_class(class_id: str) -> Ref:
    return Ref("class", class_id)


class _CardReader:
    """Validates one card's fields, collecting every problem."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def problem(self, entry: str, message: Message) -> None:
        self.problems.append(Problem(self.source, entry, message))

    def field_list(self, data: dict[Any, Any], key: str) -> tuple[str, ...]:
        value = data.get(key)
        if value is not None and not isinstance(value, list):
            self.problem(key, msg("expected a list of field names, got {value}", value=shown(value)))
            return ()
        return self.entries(value, key, FIELD_NAMES, msg("field name"))

    def text(self, data: dict[Any, Any], key: str, *, nullable: bool) -> str | None:
        value = data.get(key)
        if value is None and nullable:
            return None
        if not isinstance(value, str) or not value.strip():
            wanted = msg("expected text or null, got {value}") if nullable else msg(
                "expected text, got {value}")
            self.problem(key, msg(wanted.text, value=shown(value)))
            return None
        return value

    def class_id(self, data: dict[Any, Any], unknown: tuple[str, ...]) -> str | None:
        value = data.get("class")
        if value is None:
            if "class" in data and "class" not in unknown:
                self.problem("class", msg("class is null but `class` is not listed in `unknown`"))
            return None
        if not isinstance(value, str) or value not in CLASS_IDS:
            self.problem("class", msg("unknown class {value} (expected one of {allowed})", value=shown(value),
                                      allowed=", ".join(CLASS_IDS)))
            return None
        if "class" in unknown:
            self.problem("class", msg("class is {value} but `class` is listed in `unknown`",
                                      value=shown(value)))
        return value

    def objectives(self, value: Any, class_id: str | None,
                   unknown: tuple[str, ...]) -> tuple[Objective | None, ...]:
        if not isinstance(value, list):
            if value is not None:
                self.problem("objectives", msg("expected a list of 6 objectives, got {value}",
                                               value=shown(value)))
            return (None,) * 6
        if len(value) != 6:
            self.problem("objectives", msg("expected exactly 6 objectives, got {count} (S-CARD-2)",
                                           count=len(value)))
        result: list[Objective | None] = []
        for rank, item in enumerate(value[:6], start=1):
            result.append(self.objective(rank, item, class_id, unknown))
        result.extend([None] * (6 - len(result)))
        defaults = [o.rank for o in result if o is not None and o.default]
        if len(defaults) > 1:
            self.problem("default", msg("objectives {ranks} are all marked `default: true`; exactly one "
                                        "objective is the default (S-CARD-3)", ranks=tuple(defaults)))
        elif len(defaults) == 1 and "default" in unknown:
            self.problem("default", msg("objective {rank} is marked `default: true` but `default` is listed "
                                        "in `unknown`", rank=defaults[0]))
        elif not defaults and "default" not in unknown and len(value) == 6:
            self.problem("default", msg("no objective is marked `default: true`; exactly one objective is "
                                        "the default (S-CARD-3) - list `default` in `unknown` if it is not "
                                        "known"))
        return tuple(result)

    def objective(self, rank: int, item: Any, class_id: str | None,
                  unknown: tuple[str, ...]) -> Objective | None:
        entry = f"objectives[{rank}]"  # AMB-CARD-ENTRIES: numbered by rank, as printed
        name = f"objective-{rank}"
        if item is None:
            if name not in unknown:
                self.problem(entry, msg("objective {rank} is null but `{name}` is not listed in `unknown`",
                                       rank=rank, name=name))
            return None
        if name in unknown:
            self.problem(entry, msg("objective {rank} is given but `{name}` is listed in `unknown`",
                                    rank=rank, name=name))
        if not isinstance(item, dict):
            self.problem(entry, msg("expected a mapping like {example}, got {value}",
                                    example="{mode: exit, ap: 4}", value=shown(item)))
            return None
        ok = True
        for key in item:
            if key not in ("mode", "ap", "default"):
                self.problem(f"{entry}.{key}", msg("unknown key {key} (an objective has mode, ap, default)",
                                                   key=shown(key)))
                ok = False
        mode = item.get("mode")
        if not isinstance(mode, str) or mode not in MODES:
            self.problem(f"{entry}.mode", msg("unknown mode {value} (expected one of {allowed})",
                                              value=shown(mode), allowed=", ".join(MODES)))
            ok = False
        elif not self.mode_fits(f"{entry}.mode", mode, class_id):
            ok = False
        raw_ap = item.get("ap")
        ap = raw_ap if isinstance(raw_ap, int) and not isinstance(raw_ap, bool) and raw_ap >= 1 else 0
        if not ap:
            self.problem(f"{entry}.ap", msg("expected a quota of at least 1 AP, got {value}",
                                            value=shown(raw_ap)))
            ok = False
        default = item.get("default", False)
        if not isinstance(default, bool):
            self.problem(f"{entry}.default", msg("expected true or false, got {value}", value=shown(default)))
            ok = False
        if not ok:
            return None
        return Objective(rank, str(mode), ap, default)

    def mode_fits(self, entry: str, mode: str, class_id: str | None) -> bool:
        """A class-restricted mode on a card of another class is an error (S-CARD-2)."""
        required = CLASS_MODES.get(mode)
        if required is None or class_id is None or class_id == required:
            return True
        self.problem(entry, msg("mode {mode} is for the {required} only (S-CARD-2), but this card's class "
                                "is {class_id}", mode=mode, required=_plural_class(required),
                                class_id=Ref("class", class_id)))
        return False

    def entries(self, value: Any, key: str, allowed: tuple[str, ...], what: Message) -> tuple[str, ...]:
        if not isinstance(value, list):
            if value is not None:
                self.problem(key, msg("expected a list, got {value}", value=shown(value)))
            return ()
        result: list[str] = []
        for index, item in enumerate(value):
            if not isinstance(item, str) or item not in allowed:
                self.problem(f"{key}[{index}]", msg("unknown {what} {value} (expected one of {allowed})",
                                                    what=what, value=shown(item), allowed=", ".join(allowed)))
            elif item in result:
                self.problem(f"{key}[{index}]", msg("{value} is listed twice", value=shown(item)))
            else:
                result.append(item)
        return tuple(result)

    def personality(self, value: Any, class_id: str | None) -> tuple[str, tuple[Effect, ...]]:
        if not isinstance(value, dict):
            if value is not None:
                self.problem("personality", msg("expected a mapping {example}, got {value}",
                                                example="{summary: ..., text: ..., effects: [...]}",
                                                value=shown(value)))
            return "", ()
        for key in value:
            if key not in ("summary", "text", "effects"):
                self.problem(f"personality.{key}",
                             msg("unknown key {key} (a personality has summary, text, effects)",
                                 key=shown(key)))
        text = value.get("text", "" if "summary" in value else None)
        if not isinstance(text, str):
            self.problem("personality.text", msg("expected text (\"\" when not known), got {value}",
                                                 value=shown(text)))
            text = ""
        effects, problems = parse_effects(value.get("effects", []), self.source, "personality.effects")
        self.problems.extend(problems)
        raw_effects = value.get("effects")
        for index, effect in enumerate(raw_effects if isinstance(raw_effects, list) else []):
            if isinstance(effect, dict):
                self.effect_fits(f"personality.effects[{index}]", effect, class_id)
        return text, tuple(effects)

    def summary(self, value: Any) -> tuple[tuple[str, str], ...]:
        """``personality.summary``: ``{en: ..., fr: ...}``, the personality in our words (formats.md §5)."""
        if not isinstance(value, dict) or "summary" not in value:
            return ()
        raw = value["summary"]
        if not isinstance(raw, dict) or not raw:
            self.problem("personality.summary", msg("expected a mapping {example}, got {value}",
                                                   example="{en: ..., fr: ...}", value=shown(raw)))
            return ()
        found: list[tuple[str, str]] = []
        for language, words in raw.items():
            if language not in SUMMARY_LANGUAGES:
                self.problem(f"personality.summary.{language}", msg(
                    "unknown language {value} (expected {allowed})", value=shown(language),
                    allowed=", ".join(SUMMARY_LANGUAGES)))
            elif not isinstance(words, str) or not words.strip():
                self.problem(f"personality.summary.{language}", msg("expected text, got {value}",
                                                                    value=shown(words)))
            else:
                found.append((str(language), words.strip()))
        return tuple(found)

    def effect_fits(self, entry: str, raw: dict[Any, Any], class_id: str | None) -> None:
        """An effect must make sense for the card's class (the checks parse_effects cannot do)."""
        kind = raw.get("kind")
        if kind == "objective_override" and isinstance(raw.get("mode"), str) and raw["mode"] in MODES:
            self.mode_fits(f"{entry}.mode", raw["mode"], class_id)
        required = FLAG_CLASSES.get(kind) if isinstance(kind, str) else None
        if required is not None and class_id is not None and class_id != required:
            self.problem(f"{entry}.kind", msg("effect {kind} is for the {required} only, but this card's "
                                              "class is {class_id}", kind=str(kind),
                                              required=_plural_class(required),
                                              class_id=Ref("class", class_id)))


def parse_card(data: Any, source: str, expected_id: str | None = None) -> NpcCard:
    """Validate a card's fields; raise DataError listing every problem (formats.md §5)."""
    if not isinstance(data, dict):
        raise DataError([Problem(source, "",
                                 msg("a card must be a mapping of fields, got {value}",
                                     value=type(data).__name__))])
    reader = _CardReader(source)
    for key in data:
        if key not in CARD_KEYS:
            reader.problem(str(key), msg("unknown key {key} (allowed: {allowed})", key=shown(key),
                                         allowed=", ".join(CARD_KEYS)))
    for key in REQUIRED_KEYS:
        if key not in data:
            reader.problem(key, msg("missing"))
    if "format" in data and data["format"] != CARD_FORMAT:
        reader.problem("format", msg("expected {wanted}, got {value}", wanted=repr(CARD_FORMAT),
                                     value=shown(data["format"])))
    card_id = reader.text(data, "id", nullable=False) if "id" in data else None
    if card_id is not None and (wrong := id_problem(card_id, "a card")) is not None:
        reader.problem("id", wrong)
        card_id = None
    if card_id is not None and expected_id is not None and card_id != expected_id:
        reader.problem("id", msg("id {value} does not match the file's name ({name}): a card file is named "
                                 "<id>.yaml", value=shown(card_id), name=repr(expected_id)))
    name = reader.text(data, "name", nullable=False) if "name" in data else None
    epithet = reader.text(data, "epithet", nullable=True)
    unknown = reader.field_list(data, "unknown")
    completed = reader.field_list(data, "completed")
    for both in sorted(set(unknown) & set(completed), key=FIELD_NAMES.index):
        reader.problem("completed", msg("{value} is listed both in `unknown` and in `completed`",
                                        value=shown(both)))
    class_id = reader.class_id(data, unknown)
    objectives = reader.objectives(data.get("objectives"), class_id, unknown)
    objects = reader.entries(data.get("objects"), "objects", OBJECT_ENTRIES, msg("object kind"))
    characters = reader.entries(data.get("characters"), "characters", CLASS_IDS, msg("class"))
    # AMB-CARD-OBJECTS: a short object list is fine (S-CARD-4); the character list names all 8 classes.
    if "characters" in data and "characters" not in unknown and isinstance(data["characters"], list):
        absent = [c for c in CLASS_IDS if c not in characters]
        if absent:
            reader.problem("characters", msg_n("{classes} not listed: the character priority list names "
                                               "each of the 8 classes once (S-CARD-5), unless `characters` "
                                               "is listed in `unknown`",
                                               "{classes} not listed: the character priority list names "
                                               "each of the 8 classes once (S-CARD-5), unless `characters` "
                                               "is listed in `unknown`", "classes",
                                               classes=tuple(Ref("class", c) for c in absent)))
    text, effects = reader.personality(data.get("personality"), class_id)
    summary = reader.summary(data.get("personality"))
    source_kind = data.get("source")
    if "source" in data and source_kind not in SOURCES:
        reader.problem("source", msg("unknown source {value} (expected one of {allowed})",
                                     value=shown(source_kind), allowed=", ".join(SOURCES)))
    if reader.problems:
        raise DataError(reader.problems)
    return NpcCard(
        id=str(card_id), name=str(name), epithet=epithet, class_id=class_id, objectives=objectives,
        objects=objects, characters=characters, personality_text=text, effects=effects,
        source=str(source_kind), unknown=unknown, completed=completed, origin=source, summary=summary,
    )


def load_card(path: Path) -> NpcCard:
    """Read and validate one card file, named ``<id>.yaml``."""
    return parse_card(load_yaml_file(path, CARD_LIMITS), str(path), expected_id=path.stem)
