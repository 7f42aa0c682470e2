"""Counts read like the table, not like a machine: « 1 quart de tour », « 2 quarts de tour », "1 problem
found", "3 problems found", never « quart(s) ». A plural message (``msg_n``) carries both English forms;
the language's plural rule picks the form (gettext's ``ngettext``; French: 0 and 1 are singular)."""

from __future__ import annotations

import ast
from pathlib import Path

from catalogue_tool import catalogue_tool
from corridor_boards import build, card
from test_i18n_extraction import written_messages

from solo.automaton.activation import run_activation
from solo.automaton.table import ScriptedTable
from solo.content.box import Note
from solo.errors import problems_found
from solo.i18n import render
from solo.messages import EARLIER_TEXTS, Message, Ref, message_from, msg, msg_n
from solo.table.position import Position
from solo.table.words import renderer

ROOT = Path(__file__).resolve().parents[1]
LEY_VITE = card("wizard", "rotation 3, exit 4*, reveal 4, take_object 3, regroup 3, fight 2",
                ["wand", "rope", "bow", "wounded", "key", "spear"])


def _ley_vite() -> Position:
    # Ley-Vite (Wizard) on c5, 2 squares from the gear c3 of slot 1 (clockwise); slot 2 is its twin.
    return build("- {id: ley-vite, side: npc, card: ley-vite, at: c5}", {"ley-vite": LEY_VITE})


def _rotation_words(face: int, language: str) -> tuple[str, str]:
    """The rotation die's note and the rotation step of Ley-Vite's activation, in ``language``."""
    position = _ley_vite()
    say = renderer(language, position)
    explanation = run_activation(position, "ley-vite", ScriptedTable(dice=[face, face]))
    die = [say(note) for note in explanation.notes if "rotation" in note.english()]
    steps = [say(step.text) for step in explanation.steps if step.kind == "rotate"]
    assert len(die) == 1 and len(steps) == 1, (die, steps)
    return die[0], steps[0]


def test_the_rotation_die_and_step_with_one_and_two_quarter_turns_in_both_languages() -> None:
    # Face 4 = 1 quarter turn anticlockwise (the twin turns by 1); face 3 = 3 clockwise, of which
    # 2 AP are left after the walk to the gear: a half turn (S-ROT-6).
    die, step = _rotation_words(4, "fr")
    assert die == "dé de rotation : face 4 = 1 quart de tour, dans le sens antihoraire"
    assert step == "tourne la salle 2 de 1 quart de tour dans le sens antihoraire (S-ROT-6)"
    die, step = _rotation_words(4, "en")
    assert die == "rotation die: face 4 = 1 quarter turn, anticlockwise"
    assert step == "turns room 2 by 1 quarter turn anticlockwise (S-ROT-6)"
    die, step = _rotation_words(3, "fr")
    assert die == "dé de rotation : face 3 = 3 quarts de tour, dans le sens horaire"
    assert step == "tourne la salle 1 de 2 quarts de tour dans le sens horaire (S-ROT-6)"
    die, step = _rotation_words(3, "en")
    assert die == "rotation die: face 3 = 3 quarter turns, clockwise"
    assert step == "turns room 1 by 2 quarter turns clockwise (S-ROT-6)"
    assert "(s)" not in die + step


def test_a_problem_count_one_and_three_and_french_zero_is_singular() -> None:
    assert problems_found(1).english() == "1 problem found"
    assert problems_found(3).english() == "3 problems found"
    assert problems_found(0).english() == "0 problems found"
    assert render(problems_found(1), "fr") == "1 problème trouvé"
    assert render(problems_found(3), "fr") == "3 problèmes trouvés"
    assert render(problems_found(0), "fr") == "0 problème trouvé"  # French: n > 1 is plural


def test_a_list_counts_by_its_length() -> None:
    one = Note("cards_filled", ("wizard", "3", "djenh")).message()
    three = Note("cards_filled", ("cleric", "1", "frere-tisane, mungdu, pere-bonsoins")).message()
    assert one.english() == "you have 3 of 4 Wizard cards: demo card Djenh added"
    assert three.english() == ("you have 1 of 4 Cleric cards: demo cards Frere Tisane, Mungdu and "
                               "Pere Bonsoins added")  # ids made readable: no names given
    assert render(one, "fr", {"djenh": "Djenh"}) == ("cartes de classe Magicien : vous en avez 3 sur 4 ; "
                                                     "carte de la démo Djenh ajoutée")
    pairs = Note("pairs_filled", ("2", "3, 4")).message()
    assert pairs.english() == "you have 2 of 4 complete pairs: demo pairs 3 and 4 added"
    assert render(pairs, "fr") == ("paires complètes : vous en avez 2 sur 4 ; paires de la démo 3 et 4 "
                                   "ajoutées")


def test_a_plural_message_round_trips_through_a_save() -> None:
    message = msg("{first}; {next}", first=msg("a step"), next=problems_found(2))
    data = message.to_data()
    assert data["params"]["next"]["message"] == {"text": "{count} problem found",
                                                 "plural": "{count} problems found", "count": "count",
                                                 "params": {"count": 2}}
    again = message_from(data)
    assert again == message
    assert render(again, "fr").endswith("2 problèmes trouvés")


def test_a_message_saved_before_plurals_still_reads_with_its_plural() -> None:
    # A log line saved with « quart(s) » (no plural fields) reads back as the message that replaced it.
    old = {"text": "{room:cap} turned {turns} quarter(s) clockwise",
           "params": {"room": {"ref": "room", "key": "4"}, "turns": 1}}
    message = message_from(old)
    assert message == Message("{room:cap} turned {turns} quarter turn clockwise",
                              (("room", Ref("room", "4")), ("turns", 1)), "",
                              "{room:cap} turned {turns} quarter turns clockwise", "turns")
    assert message.english() == "Room 4 turned 1 quarter turn clockwise"
    assert render(message, "fr") == "La salle 4 tournée de 1 quart de tour dans le sens horaire"
    wounded = message_from({"text": "{text}; wounded: {figures}",
                            "params": {"text": {"message": {"text": "a step"}},
                                       "figures": {"list": [{"ref": "player", "key": "wizard"}]}}})
    assert render(wounded, "fr") == "a step ; blessé : le Magicien"
    singular = message_from({"text": "a step"})
    assert singular == msg("a step") and render(singular, "fr") == "a step"


def test_every_earlier_text_is_read_as_a_plural_entry_of_the_catalogue() -> None:
    plurals = {m.id for m in catalogue_tool().template() if m.pluralizable}
    assert len(EARLIER_TEXTS) == 8
    for old, (one, many, counted) in EARLIER_TEXTS.items():
        assert (one, many) in plurals, old  # the call site still writes these very texts
        assert f"{{{counted}" in one and f"{{{counted}" in many, old


def test_a_translation_missing_falls_back_to_the_english_forms() -> None:
    message = msg_n("{n} thing in no catalogue", "{n} things in no catalogue", "n", n=2)
    assert render(message, "fr") == "2 things in no catalogue"
    assert render(msg_n("{n} thing in no catalogue", "{n} things in no catalogue", "n", n=1), "fr") == (
        "1 thing in no catalogue")


def test_every_count_the_code_names_is_a_parameter_of_its_message() -> None:
    """A ``msg_n`` whose counted parameter is not passed would always take the plural."""
    found = 0
    for path in sorted((ROOT / "solo").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "msg_n"):
                continue
            third = node.args[2] if len(node.args) > 2 else None
            counted = third.value if isinstance(third, ast.Constant) else "count"
            names = {keyword.arg for keyword in node.keywords}
            texts = [arg.value for arg in node.args[:2] if isinstance(arg, ast.Constant)]
            in_texts = all(f"{{{counted}" in text for text in texts)
            assert counted in names or (not names and in_texts), (path, node.lineno, counted)
            found += 1
    assert found >= 15


def test_the_scan_reads_plural_markers() -> None:
    assert written_messages('x = msg_n("{n} turn", "{n} turns", "n", n=k)\n') == {("", "{n} turn")}
