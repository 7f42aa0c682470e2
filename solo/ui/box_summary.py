"""The box a new game is set up with, in the app's words (issue 11): what comes from where, what the
demo filled and why, and what is wrong; the same notes as ``dt-solo box`` (``solo.content.box``)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QCoreApplication

from solo.content.box import CARD_LISTS, COMPLETED, FROM_DEMO, NOTE_ARGS, YOURS, Box, Note
from solo.content.card_types import gap_reason
from solo.messages import Ref, msg
from solo.table.words import renderer as card_names
from solo.ui.i18n import current_language
from solo.ui.new_game_choices import class_name
from solo.ui.words import problem_line, say


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoxSummary", text)


def note_templates() -> dict[str, str]:
    """Each note of the box in the interface's language (%1, %2… are the note's arguments)."""
    return {
        "bad_id": _tr("%1 is not a valid id: use lowercase letters a-z, digits and hyphens (like crypt-1a)"),
        "same_id": _tr("two room files have the id %1: %2 is used"),
        "pair_one_room": _tr("pair %1 has one room (%2): its twin is missing"),
        "pair_too_many": _tr("pair %1 has %2 rooms (%3): a pair is two twin rooms; left out"),
        "twins_same_sense": _tr("twin rooms %2 and %3 (pair %1) turn the same way: twins turn in opposite "
                                "senses; left out"),
        "too_many_pairs": _tr("%1 complete pairs: a box has 4; pairs %2 are used, %3 left out"),
        "card_unplayable": _tr("card %1 cannot be activated (%2): left out"),
        "class_too_many": _tr("%2 cards of class %1: a box has 4 per class; %3 left out"),
        "demo_short": _tr("the demo has no more cards of class %1 to fill the gap: %2 missing"),
        "no_rooms": _tr("you have entered no rooms: the demo's 8 rooms are used"),
        "no_cards": _tr("you have entered no NPC cards: the demo's 32 cards are used"),
        "twin_filled": _tr("%2 (demo) is the twin of your %3 in pair %1"),
    }


def counted_templates(n: int) -> dict[str, str]:
    """The notes whose words depend on a count ``n`` (%n), in the interface's language."""
    return {
        "class_too_few": QCoreApplication.translate(
            "BoxSummary", "you have %n card(s) of class %1: a box has 4 per class", None, n),
        "demo_rooms_short": QCoreApplication.translate(
            "BoxSummary", "the demo has no pair left to fill the gap: %n pair(s) missing", None, n),
        "pairs_filled": QCoreApplication.translate(
            "BoxSummary", "you have %1 of 4 complete pairs: demo pair(s) %2 added", None, n),
        "cards_filled": QCoreApplication.translate(
            "BoxSummary", "you have %2 of 4 cards of class %1: demo card(s) %3 added", None, n),
    }


COUNTS = {"class_too_few": "count", "demo_rooms_short": "count", "pairs_filled": "added",
          "cards_filled": "added"}
"""The argument whose count chooses a note's plural: a number, or a list counted by its length."""


def _template(note: Note) -> str:
    """The words of ``note`` with its %1, %2… slots, in the plural its count asks for."""
    counted = COUNTS.get(note.code)
    if counted is None:
        return note_templates().get(note.code, note.text())
    value = note.args[NOTE_ARGS[note.code].index(counted)]
    n = len(value.split(", ")) if counted != "count" else int(value) if value.isdigit() else 0
    return counted_templates(n)[note.code]


CLASS_ARGUMENT = frozenset({"class_too_many", "class_too_few", "demo_short", "cards_filled"})
"""Notes whose first argument is a class id (shown by its name)."""


def _argument_name(code: str, index: int) -> str:
    """The name of a note's ``index``-th argument (1 for the first), "" past its last."""
    names = NOTE_ARGS.get(code, ())
    return names[index - 1] if index <= len(names) else ""


def note_text(note: Note) -> str:
    """One note in the interface's language, with the file it is about."""
    text = _template(note)
    for index, value in enumerate(note.args, start=1):
        if index == 1 and note.code in CLASS_ARGUMENT:
            value = class_name(value)
        elif (note.code, index) == ("card_unplayable", 2):  # the card's gaps, each in words
            value = "; ".join(say(gap_reason(field)) for field in value.split(", "))
        elif (note.code, _argument_name(note.code, index)) in CARD_LISTS:  # cards by their printed names
            cards = card_names(current_language())  # the player's own cards: no game yet
            value = ", ".join(cards.render(msg("{first}", first=Ref("npc", card)))
                              for card in value.split(", "))
        text = text.replace(f"%{index}", value)
    return f"{note.file}: {text}" if note.file else text


def _source_words(source: str, n: int) -> str:
    """``n`` rooms or cards from ``source``, in words."""
    if source == COMPLETED:
        return QCoreApplication.translate("BoxSummary", "%n rulebook card(s) completed by you", None, n)
    return (_tr("%1 yours") if source == YOURS else _tr("%1 from the demo")).replace("%1", str(n))


def _counts(sources: list[str]) -> str:
    counted = Counter(sources)
    return ", ".join(_source_words(s, counted[s]) for s in (YOURS, COMPLETED, FROM_DEMO) if counted[s])


def box_summary(box: Box) -> str:
    """The box as the wizard shows it before starting: sources, gaps filled, problems."""
    lines = [
        _tr("Rooms: %1 (%2)").replace("%1", str(len(box.rooms))).replace(
            "%2", _counts([r.source for r in box.rooms]) or "-"),
        _tr("NPC cards: %1 (%2)").replace("%1", str(len(box.cards))).replace(
            "%2", _counts([c.source for c in box.cards]) or "-"),
    ]
    filled = box.filled()
    if filled:
        lines.append(_tr("Filled by the demo:"))
        lines += [f"• {note_text(n)}" for n in filled]
    problems = [problem_line(p) for p in box.file_problems]
    problems += [note_text(n) for n in box.notes if not n.filled]
    problems += [problem_line(p) for p in box.shortfall()]
    if problems:
        count = len(problems)
        lines.append(QCoreApplication.translate("BoxSummary", "%n problem(s) in your box:", None, count))
        lines += [f"• {text}" for text in problems]
    return "\n".join(lines)
