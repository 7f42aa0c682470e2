"""The card validator's problems in the player's words (issue 11): the form's fields by their labels,
and what to do instead of what the file format lacks ("class is null but `class` is not listed in
`unknown`" becomes "choose the class, or mark it unknown")."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from solo.errors import Problem
from solo.messages import Message, msg
from solo.ui.words import problem_words as message_words
from solo.ui.words import say


def _tr(text: str) -> str:
    return QCoreApplication.translate("CardEditor", text)


_OBJECTIVE = re.compile(r"objectives\[(\d)\](?:\.(mode|ap|default))?\Z")
_EFFECT = re.compile(r"personality\.effects\[(\d+)\]")


def field_words(entry: str) -> str:
    """A validator's entry (``objectives[2].ap``) as the form names the field (``Objective 2, quota``)."""
    match = _OBJECTIVE.match(entry)
    if match:
        text = _tr("Objective {0}").format(match.group(1))
        part = {"mode": _tr("mode"), "ap": _tr("quota"), "default": _tr("default")}.get(match.group(2) or "")
        return f"{text}, {part}" if part else text
    effect = _EFFECT.match(entry)
    if effect:
        return _tr("Personality effect {0}").format(int(effect.group(1)) + 1)
    labels = {"id": _tr("Id"), "name": _tr("Name"), "epithet": _tr("Epithet"), "class": _tr("Class"),
              "source": _tr("Source"), "default": _tr("Default objective"), "objects": _tr("Objects"),
              "characters": _tr("Characters"), "objectives": _tr("Objectives"),
              "personality": _tr("Personality"), "personality.text": _tr("Personality"),
              "personality.effects": _tr("Personality effects"), "unknown": _tr("Field status"),
              "completed": _tr("Field status")}
    return labels.get(entry, entry)


def _missing_classes(problem: Problem, missing: str) -> tuple[str, int]:
    """The classes a "not listed" problem names, in the interface's language, and how many they are
    (from its ``classes``; else its English, counted by its commas and "and")."""
    if isinstance(problem.message, Message):
        classes = dict(problem.message.params).get("classes")
        if isinstance(classes, tuple):
            return say(msg("{classes}", classes=classes)), len(classes)
    return missing, len(re.split(r", | and ", missing))


def problem_words(problem: Problem) -> str:
    """What to do about a problem, where the validator speaks of the file format; else its message."""
    message = problem.text  # the English of the card's problem, to recognise it
    objective = _OBJECTIVE.match(problem.entry)
    if problem.entry == "class" and "is null" in message:
        return _tr("choose the class, or mark it unknown")
    if objective and not objective.group(2) and "is null" in message:
        return _tr("choose a mode, or mark the objective unknown")
    if problem.entry == "default" and "no objective is marked" in message:
        return _tr("choose the default (purple) objective, or mark it unknown")
    if problem.entry == "default" and "are all marked" in message:
        return _tr("only one objective is the default (purple) one")
    if problem.entry == "default" and "but `default` is listed in `unknown`" in message:
        return _tr("an objective is chosen as the default, but the default is marked unknown")
    if problem.entry == "id" and message.startswith("expected text"):
        return _tr("type the card's id: its file name, in lowercase letters, digits and hyphens")
    if problem.entry == "name" and message.startswith("expected text"):
        return _tr("type the NPC's name, as printed on the card")
    if problem.entry == "characters" and "not listed" in message:
        missing = message.split(" not listed")[0]
        classes, count = _missing_classes(problem, missing)
        return QCoreApplication.translate(
            "CardEditor", "rank every class: {0} not ranked yet", None, count).format(classes)
    return message_words(problem)


def in_player_words(problem: Problem) -> Problem:
    """The problem with its field and message in the player's words (the file stays as it is)."""
    return Problem(problem.source, field_words(problem.entry), problem_words(problem))
