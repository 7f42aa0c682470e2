"""Writing NPC cards in the ``dt-solo-card/1`` format (formats.md §5), canonically, and saving the
player's own cards.

A card is written with a fixed key order, one objective and one effect per line, so that
``write_card(load_card(path))`` reads back equal and two equal cards are written the same way.
The player's cards live in the user folder (``npc_cards/``): saving never touches a bundled file, and
a saved card wins over the bundled one with the same id (:func:`solo.content.cards.card_folders`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from solo.content.ids import new_id_problem
from solo.content.npccard import CARD_FORMAT, FIELD_NAMES, NpcCard, parse_card
from solo.content.personality import Ask, CombatCard, Deliver, Effect, Flag, ObjectiveOverride, ScoreEvery
from solo.errors import DataError, Problem
from solo.locations import user_data_dir
from solo.yamlio import dump_readable

__all__ = [
    "card_data_problems", "card_to_data", "effect_to_data", "flagged_fields", "save_card_data",
    "user_card_path", "user_cards_dir", "write_card", "write_card_data",
]

_KEY_ORDER = ("format", "id", "name", "epithet", "class", "objectives", "objects", "characters",
              "personality", "source", "unknown", "completed")


def effect_to_data(effect: Effect) -> dict[str, Any]:
    """The YAML mapping of one personality effect (the inverse of ``parse_effects``)."""
    if isinstance(effect, ObjectiveOverride):
        data: dict[str, Any] = {"kind": "objective_override"}
        if effect.when.carries is not None:
            data["when"] = {"carries": effect.when.carries}
        data.update({"rank": effect.rank, "mode": effect.mode, "ap": effect.ap})
        return data
    if isinstance(effect, Deliver):
        return {"kind": "deliver", "when": {"carries": effect.when.carries}, "to": effect.to,
                "rank": effect.rank}
    if isinstance(effect, ScoreEvery):
        return {"kind": "score_every", "counter": effect.counter, "every": effect.every, "vp": effect.vp}
    if isinstance(effect, CombatCard):
        data = {"kind": "combat_card", "rule": effect.rule}
        if effect.text:
            data["text"] = effect.text
        return data
    if isinstance(effect, Ask):
        question: str | dict[str, str] = effect.question
        if effect.translations:
            question = {"en": effect.question, **dict(effect.translations)}
        data = {"kind": "ask", "at": effect.at, "question": question}
        if effect.choices:
            data["choices"] = list(effect.choices)
        return data
    assert isinstance(effect, Flag)
    return {"kind": effect.kind}


def card_to_data(card: NpcCard) -> dict[str, Any]:
    """The fields of a card as in its file (the inverse of ``parse_card``)."""
    data: dict[str, Any] = {"format": CARD_FORMAT, "id": card.id, "name": card.name}
    if card.epithet is not None:
        data["epithet"] = card.epithet
    objectives: list[dict[str, Any] | None] = []
    for objective in card.objectives:
        if objective is None:
            objectives.append(None)
            continue
        entry: dict[str, Any] = {"mode": objective.mode, "ap": objective.ap}
        if objective.default:
            entry["default"] = True
        objectives.append(entry)
    data.update({
        "class": card.class_id, "objectives": objectives, "objects": list(card.objects),
        "characters": list(card.characters),
        "personality": _personality_data(card),
        "source": card.source,
    })
    if card.unknown:
        data["unknown"] = list(card.unknown)
    if card.completed:
        data["completed"] = list(card.completed)
    return data


PERSONALITY_KEYS = {"summary", "text", "effects"}


def _personality_data(card: NpcCard) -> dict[str, Any]:
    """The personality as in the file: our summary, the printed text when entered, the effects."""
    data: dict[str, Any] = {}
    if card.summary:
        data["summary"] = dict(card.summary)
    if card.personality_text or not card.summary:
        data["text"] = card.personality_text
    data["effects"] = [effect_to_data(effect) for effect in card.effects]
    return data


def _flow(value: Any) -> str:
    """One value as a one-line YAML flow fragment, keeping accented letters readable."""
    text = dump_readable(value, default_flow_style=True, sort_keys=False, width=100_000)
    # Only YAML's own line ends and the document end: str.strip() would also eat a value's trailing
    # no-break space.
    return text.strip(" \n").removesuffix("...").strip(" \n")


def write_card_data(data: dict[str, Any]) -> str:
    """The canonical text of a card's fields: known keys in the format's order, then any others
    (so that a broken card is written as it is, for its problems to be shown again)."""
    keys = [k for k in _KEY_ORDER if k in data] + [k for k in data if k not in _KEY_ORDER]
    out: list[str] = []
    for key in keys:
        value = data[key]
        name = _flow(key)
        if key == "objectives" and isinstance(value, list) and value:
            out.append("objectives:")
            out.extend(f"  - {_flow(item)}" for item in value)
        elif key == "personality" and isinstance(value, dict) and set(value) <= PERSONALITY_KEYS:
            out.append("personality:")
            if "summary" in value:
                out.append(f"  summary: {_flow(value['summary'])}")
            if "text" in value:
                out.append(f"  text: {_flow(value['text'])}")
            effects = value.get("effects")
            if isinstance(effects, list) and effects:
                out.append("  effects:")
                out.extend(f"    - {_flow(effect)}" for effect in effects)
            elif "effects" in value:
                out.append(f"  effects: {_flow(effects)}")
        else:
            out.append(f"{name}: {_flow(value)}")
    return "\n".join(out) + "\n"


def write_card(card: NpcCard) -> str:
    """The canonical text of a card."""
    return write_card_data(card_to_data(card))


def card_data_problems(data: dict[str, Any], source: str) -> tuple[NpcCard | None, list[Problem]]:
    """Validate a card's fields with the engine's validator: the card, or None and every problem."""
    card_id = data.get("id")
    try:
        card = parse_card(data, source, expected_id=card_id if isinstance(card_id, str) else None)
    except DataError as exc:
        return None, exc.problems
    return card, []


def flagged_fields(unknown: Iterable[Any], completed: Iterable[Any] = ()) -> tuple[str, ...]:
    """The fields to look at first, in card order: the unknown ones, else the invented (completed)
    ones of a demo card (names that are not card fields are left out)."""
    def known(names: Iterable[Any]) -> set[str]:
        return {name for name in names if isinstance(name, str) and name in FIELD_NAMES}

    fields = known(unknown) or known(completed)
    return tuple(name for name in FIELD_NAMES if name in fields)


def user_cards_dir() -> Path:
    """The player's own card folder (it wins over the bundled ones)."""
    return user_data_dir() / "npc_cards"


def user_card_path(card_id: str) -> Path:
    """Where the player's card ``card_id`` is saved."""
    return user_cards_dir() / f"{card_id}.yaml"


def save_card_data(data: dict[str, Any]) -> Path:
    """Validate a card and write it to the player's folder as ``<id>.yaml``; return the path.

    Raises DataError (nothing written) when the card is invalid: a broken file in the player's
    folder would hide the bundled card with the same id."""
    card_id = data.get("id")
    path = user_card_path(card_id if isinstance(card_id, str) and card_id else "?")
    _, problems = card_data_problems(data, str(path))
    bad_id = new_id_problem(card_id) if isinstance(card_id, str) else None
    if bad_id is not None:  # it names the file and the NPC's token in the bag (issue 11)
        problems = [Problem(str(path), "id", bad_id), *problems]
    if problems:
        raise DataError(problems)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_card_data(data), encoding="utf-8")
    return path
