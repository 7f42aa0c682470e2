"""Every word the player reads, in French and in English, with names as printed (issue 12)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import babel.messages.catalog
import pytest
from catalogue_tool import catalogue_tool

from solo.automaton.table import ScriptedTable
from solo.automaton.turn import TurnRecord, run_np_turn
from solo.content.rooms import load_library
from solo.formats.position_io import read_position
from solo.game.log_export import log_markdown
from solo.game.simulate import play_game
from solo.glossary import CLASS_NAMES, CLASSES, MODES, OBJECTS
from solo.i18n import Renderer, catalogue, language_from_environment, render, template
from solo.locations import RULES_DIR
from solo.messages import Message, Ref, decimal, literal, message_from, msg
from solo.table.position import Position
from solo.table.words import renderer

ROOT = Path(__file__).resolve().parents[1]
DEMO = RULES_DIR / "positions" / "demo.yaml"
RAW_ID = re.compile(r"\b(npc|player|object):")
ENGLISH = re.compile(
    r"\b(the|moves|achievable|nothing|with|AP used|ends on|Deactivated|picks up|reveals|room|"
    r"turns|attacks|shoots|wounded|Tie|rolled|Table edit|enters play|Turn over|Draw|which)\b|Note:|Mode:"
)
"""Words that give away an English sentence in the French text."""
FRENCH = re.compile(r"\b(le|la|les|PNJ|NJ|PA|salle|se déplace|réalisable|aucune?|Désactivé|Égalité)\b")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _demo() -> Position:
    return read_position(DEMO.read_text(encoding="utf-8"), str(DEMO))


def _messages(message: object) -> Iterator[Message]:
    """A message and every message inside its parameters."""
    if isinstance(message, Message):
        yield message
        for _, value in message.params:
            yield from _messages(value)
    elif isinstance(message, tuple):
        for item in message:
            yield from _messages(item)


def _turn_messages(record: TurnRecord) -> Iterator[Message]:
    for explanation in record.activations:
        for exam in explanation.objectives:
            for part in exam.why:
                yield from _messages(part)
        for step in explanation.steps:
            yield from _messages(step.text)
        for note in explanation.notes:
            yield from _messages(note)
        if explanation.deactivated is not None:
            yield from _messages(explanation.deactivated)
    for _, reason in record.skipped:
        yield from _messages(reason)


def _card_ids(position: Position) -> list[str]:
    return sorted({c.card for c in position.characters.values() if c.card})


def _no_raw_ids(text: str, card_ids: list[str]) -> None:
    assert not RAW_ID.search(text), RAW_ID.search(text)
    for card_id in card_ids:  # a card id where the card's name belongs (case matters: "Nolock" is a name)
        assert not re.search(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])", text), card_id


# -- the catalogues -----------------------------------------------------------------------------------
def test_every_message_has_a_french_text_with_the_same_parameters() -> None:
    tool = catalogue_tool()
    french = tool.read("fr")
    template = tool.template()
    assert len(template) > 250
    assert french.num_plurals == 2 and french.plural_expr == "(n > 1)"  # « 0 quart de tour », « 1 quart »
    plurals = 0
    for message in template:
        if not message.id:
            continue
        translated = french.get(message.id, message.context)
        assert translated is not None and not translated.fuzzy, message.id
        if message.pluralizable:  # a plural entry: every French form, each with the English fields
            plurals += 1
            assert translated.pluralizable and len(translated.string) == 2, message.id
            assert all(translated.string), (message.id, translated.string)
            english = _fields(message.id[0]) | _fields(message.id[1])
            forms = translated.string
            assert all(_fields(form) == english for form in forms), (message.id, forms)
            continue
        assert translated.string and not translated.pluralizable, message.id
        assert _fields(translated.string) == _fields(message.id), (message.id, translated.string)
    assert plurals >= 15


def test_the_compiled_catalogue_is_current() -> None:
    assert catalogue_tool().problems("fr") == []


def test_the_glossary_speaks_the_rulebooks_words() -> None:
    fr = catalogue("fr")
    assert fr.pgettext(*MODES["exit"]) == "Sortir"
    assert fr.pgettext(*MODES["take_object"]) == "Prendre objet"
    assert fr.pgettext(*CLASSES["wizard"]) == "le Magicien"
    assert fr.pgettext(*CLASS_NAMES["mechanork"]) == "Méchanork"
    assert fr.pgettext(*CLASS_NAMES["cleric"]) == "Clerc"
    assert fr.pgettext(*OBJECTS["bow:yellow"]) == "l'Arc jaune"
    assert fr.pgettext(*OBJECTS["rope:purple"]) == "la Corde violette"


# -- rendering -----------------------------------------------------------------------------------------
def test_names_as_printed_in_both_languages() -> None:
    position = _demo()
    fr, en = renderer("fr", position), renderer("en", position)
    attack = msg("{npc} attacks {target}: win", npc=Ref("npc", "pere-bonsoins"),
                 target=Ref("player", "wizard"))
    assert en(attack) == "Père Bonsoins attacks the Wizard: win"
    take = msg("picks up {item} on {square} (S-OBJ-1)", item=Ref("object", "bow:yellow"), square="d7")
    assert fr(take) == "ramasse l'Arc jaune en d7 (S-OBJ-1)"
    assert en(take) == "picks up the yellow Bow on d7 (S-OBJ-1)"
    assert fr.ref(Ref("card", "lissandra")) == "Lissandra, la Curieuse"
    assert fr(msg("hands {item} to {friend} as it crosses it", item=Ref("object", "wand"),
                  friend=Ref("player", "wizard"))) == "donne la Boule de feu au Magicien en le croisant"
    assert fr.ref(Ref("room", "3:demo-1a")) == "la salle 3 (Le Cloître du Geôlier)"  # AMB-ROOM-NAMES
    assert en.ref(Ref("room", "3:demo-1a")) == "room 3 (The Gaoler's Cloister)"


def test_a_message_round_trips_through_a_save_and_old_texts_stay_readable() -> None:
    message = msg("{figure:cap} moves to {square}", figure=Ref("player", "naga"), square="b3")
    again = message_from(message.to_data())
    assert again == message and render(again, "fr") == "L'Homme-Serpent se déplace en b3"
    assert render(message_from("an old log line"), "fr") == "an old log line"
    assert literal("a note").english() == "a note"


def test_a_broken_translation_falls_back_to_english() -> None:
    assert Renderer("fr").render(msg("not in any catalogue {n}", n=3)) == "not in any catalogue 3"


def test_the_language_follows_the_locale() -> None:
    assert language_from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert language_from_environment({"LANGUAGE": "de:fr", "LANG": "en_GB.UTF-8"}) == "en"
    assert language_from_environment({"LC_ALL": "C"}) == "en"
    assert language_from_environment({}) == "en"


def test_an_np_turn_in_french_has_no_english_and_no_ids_and_in_english_no_french() -> None:
    position = _demo()
    cards = _card_ids(position)
    fr, en = renderer("fr", position), renderer("en", position)
    record = run_np_turn(position, ScriptedTable(), None)
    assert len(record.activations) >= 4
    for message in _turn_messages(record):  # every message of the turn has a French text
        if message.text and message.context != "literal":
            translated = template(message, "fr")
            assert translated != template(message, "en") or not ENGLISH.search(message.text), message.text
    french = "\n".join(line for e in record.activations for line in e.sentences(fr))
    english = "\n".join(line for e in record.activations for line in e.sentences(en))
    assert "Mode : " in french and "PA dépensés" in french
    assert not ENGLISH.search(french), ENGLISH.search(french)
    assert not FRENCH.search(english), FRENCH.search(english)
    _no_raw_ids(french, cards)
    _no_raw_ids(english, cards)


def test_a_whole_game_log_in_french_and_in_english() -> None:
    _, game = play_game(2, 5)
    assert len(game.log) > 40
    cards = sorted({e.data["npc"] for e in game.log if isinstance(e.data.get("npc"), str)})
    french, english = log_markdown(game, language="fr"), log_markdown(game, language="en")
    assert "Journal de partie dt-solo" in french and "dt-solo game log" in english
    for line in french.splitlines()[9:]:
        assert not ENGLISH.search(line), line
        _no_raw_ids(line, cards)
    for line in english.splitlines()[9:]:
        assert not FRENCH.search(line), line
        _no_raw_ids(line, cards)
    rooms = [room for room in load_library().rooms.values() if room.names is not None]  # AMB-ROOM-NAMES
    assert any(room.name_in("fr") in french for room in rooms)  # the reveals name their layouts
    assert not [room.name for room in rooms if room.name in french]
    assert not [room.name_in("fr") for room in rooms if room.name_in("fr") in english]


def _depth(data: object) -> int:
    if isinstance(data, dict):
        return 1 + max((_depth(v) for v in data.values()), default=0)
    if isinstance(data, list | tuple):
        return 1 + max((_depth(v) for v in data), default=0)
    return 0


def test_a_long_chain_reads_in_order_and_nests_shallowly() -> None:
    # A saved log event holds its message: a chain of 200 steps must not nest 600 levels deep (the
    # game format refuses past its depth limit; a first version chained one step per level).
    from solo.messages import chain

    parts = [msg("step {n}", n=n) for n in range(200)]
    message = chain(parts)
    assert render(message) == "; ".join(f"step {n}" for n in range(200))
    assert _depth(message.to_data()) <= 3 * 9 + 3


def test_a_decimal_takes_the_language_sign_and_survives_a_save() -> None:
    """AMB-NUMBERS: « 12,5 % » in French, "12.5 %" in English, whatever the machine's locale."""
    line = msg("{games} games; {rate} %", games=3, rate=decimal(12.5))
    assert render(line, "en") == "3 games; 12.5 %" and line.english() == "3 games; 12.5 %"
    assert Renderer("fr").render(msg("{rate}", rate=decimal(0.029, ".2g"))) == "0,029"
    back = message_from(line.to_data())
    assert back == line and render(msg("{rate}", rate=decimal(1234.5)), "fr") == "1234,5"


def test_a_catalogue_compiled_by_another_babel_release_is_current(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fresh clone installs whichever Babel release is newest: the .mo committed by another one
    # differs only in its Generated-By header, and says the same; a changed translation does not.
    tool = catalogue_tool()
    catalog = tool.read("fr")
    mo = tool.compiled(catalog)
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "1.0")
    other = tool.compiled(catalog)
    assert b"Generated-By: Babel 1.0" in other and other != mo
    assert tool.same_messages(other, catalog) and tool.same_messages(mo, catalog)
    message = next(m for m in catalog if m.id and isinstance(m.string, str) and m.string)
    message.string = message.string + " (changed)"
    assert not tool.same_messages(mo, catalog)


def test_fields_and_conversions_as_string_formatter_gives_them() -> None:
    # The renderer reads a template with str.format's own parser and converts !s, !r and !a itself
    # (string is not loaded at start, issue 16 item 6): the same as string.Formatter, a wrong
    # conversion refused alike (the message then falls back to its English text).
    from solo.i18n import _converted, _fields

    formatter = string.Formatter()
    for text in ("plain", "{a} and {b:cap}!", "{{x}} {a!r:>6} {b!s} {c!a}", "{0}{1}", "end {a:de}"):
        assert list(_fields(text)) == list(formatter.parse(text))
    for value in ("épée", 12, ("a", 1), None):
        for conversion in (None, "s", "r", "a"):
            assert _converted(value, conversion) == formatter.convert_field(value, conversion)
    with pytest.raises(ValueError, match="Unknown conversion specifier x"):
        _converted("v", "x")
    with pytest.raises(ValueError, match="Unknown conversion specifier x"):
        formatter.convert_field("v", "x")
    assert render(msg("a {value!r} b", value="x")) == "a 'x' b"
