"""A capital only where a sentence starts (AMB-CAPITALS): ``{name:cap}`` stands at the start of its
text or after a full stop in every catalogue text, and a message that starts with one keeps it small
where another message places it mid-sentence (« …; the Banshee -> j4 », « Note: room 4 is… »)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from builders import position_text
from catalogue_tool import catalogue_tool

from solo.errors import DataError
from solo.formats.position_io import read_position
from solo.game.log_export import log_markdown
from solo.game.simulate import play_game
from solo.game.teleport import Landing
from solo.glossary import CLASSES, OBJECTS
from solo.i18n import Renderer, catalogue, render
from solo.messages import Ref, chain, msg
from solo.table.squares import parse_square

ROOT = Path(__file__).resolve().parents[1]
CAP = re.compile(r"\{\w+:cap\}")


def misplaced_capitals(text: str) -> list[str]:
    """Each ``{name:cap}`` of a template that does not start a sentence, with what stands before it."""
    found = []
    for match in CAP.finditer(text):
        before = text[:match.start()].rstrip(" \t-")
        if before and not before.endswith(("\n", ".", "!", "?")):
            found.append(f"{before[-25:]}{match.group()}")
    return found


def test_the_scan_sees_a_capital_mid_sentence() -> None:
    assert misplaced_capitals("{first}; {token:cap} -> {square}") == ["{first};{token:cap}"]
    assert misplaced_capitals("Note : {room:cap} n'est pas révélée") == ["Note :{room:cap}"]
    assert misplaced_capitals("{figure:cap} moves. {other:cap} too\n  - {x:cap}") == []


def test_every_capital_in_the_catalogues_starts_a_sentence() -> None:
    tool = catalogue_tool()
    texts = [m.id for m in tool.template() if isinstance(m.id, str) and m.id]
    texts += [m.string for m in tool.read("fr") if isinstance(m.string, str) and m.string]
    assert sum(1 for t in texts if CAP.search(t)) > 50
    assert [(t, misplaced_capitals(t)) for t in texts if misplaced_capitals(t)] == []


# -- a message placed mid-sentence by another -----------------------------------------------------------
BANSHEE = Landing("player:banshee", 4, parse_square("j4"))
BOW = Landing("object:bow:yellow", 4, parse_square("e4"), rolls=[(2, 4)])


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "the Backstabber reveals room 4, rotation 1; tokens drawn: the Banshee and the yellow Bow; "
           "the Banshee -> j4; the yellow Bow -> e4 (dice 2-4)"),
    ("fr", "le Traître révèle la salle 4, rotation 1 ; pions piochés : le Hurleur et l'Arc jaune ; "
           "le Hurleur -> j4 ; l'Arc jaune -> e4 (dés 2-4)"),
])
def test_a_reveal_line_names_its_landings_in_small_letters(language: str, expected: str) -> None:
    said = msg("{figure:cap} reveals {room}, rotation {rotation}; tokens drawn: {tokens}",
               figure=Ref("player", "backstabber"), room=Ref("room", "4"), rotation=1,
               tokens=(Ref("player", "banshee"), Ref("object", "bow:yellow")))
    line = render(chain([said, BANSHEE.describe(), BOW.describe()]), language)
    assert line == expected[:1].upper() + expected[1:]


def test_a_landing_alone_still_starts_with_a_capital() -> None:
    assert render(BANSHEE.describe(), "en") == "The Banshee -> j4"
    assert render(msg("Reinforcement: {npc} arrives in {room}; {landing}", npc=Ref("npc", "yom"),
                      room=Ref("room", "4"), landing=BANSHEE.describe())) == (
        "Reinforcement: Yom arrives in room 4; the Banshee -> j4")


def test_a_note_after_its_colon_and_a_list_item_after_its_comma() -> None:
    note = msg("Note: {note}", note=msg("{room:cap} is not revealed: nothing happens (S-ROT-5)",
                                        room=Ref("room", "4")))
    assert render(note, "en") == "Note: room 4 is not revealed: nothing happens (S-ROT-5)"
    assert render(note, "fr") == "Note : la salle 4 n'est pas révélée : il ne se passe rien (S-ROT-5)"
    fell = msg("{figures:cap} fell into the pit whose Rope it took (B-ROPE-9)",
               figures=(Ref("player", "wizard"), Ref("player", "cleric")))
    assert render(fell, "en") == "The Wizard and the Cleric fell into the pit whose Rope it took (B-ROPE-9)"
    assert render(msg("Note: {note}", note=fell), "en").startswith("Note: the Wizard and the Cleric fell")
    two = msg("{first}. {next}", first=msg("it ends"), next=BANSHEE.describe())
    assert render(two, "en") == "it ends. The Banshee -> j4"  # after a full stop: a new sentence


def test_a_whole_game_log_never_capitalises_a_name_mid_sentence() -> None:
    _, game = play_game(2, 5)
    for language in ("en", "fr"):
        lowered = {catalogue(language).pgettext(*entry) for entry in (*CLASSES.values(), *OBJECTS.values())}
        names = sorted(n[:1].upper() + n[1:] for n in lowered if n[:1].islower())
        text = log_markdown(game, language=language)
        assert " -> " in text and len(names) > 20
        wrong = [line for line in text.splitlines() for name in names
                 if re.search(rf"[;:,] {re.escape(name)}\b", line)]
        assert wrong == []


def test_a_long_chain_capitalises_only_its_first_link() -> None:
    message = chain([BANSHEE.describe() for _ in range(300)])
    text = Renderer("en").render(message)
    assert text.startswith("The Banshee -> j4; the Banshee") and text.count("the Banshee -> j4") == 299


def test_a_file_problem_after_its_place_starts_small() -> None:
    # A problem reads "file: entry: what is wrong", every other one in small letters.
    text = position_text(characters="- {id: w, side: player, class: wizard, at: a1, carries: c}\n"
                                    "- {id: c, side: player, class: cleric, at: b1}")
    with pytest.raises(DataError) as raised:
        read_position(text, "t.yaml")
    problems = raised.value.problems
    words = {language: [p.words(Renderer(language)) for p in problems] for language in ("en", "fr")}
    place = "t.yaml: characters[w].carries: "
    assert words == {
        "en": [place + "the Cleric is not wounded: only wounded characters are carried"],
        "fr": [place + "le Clerc n'est pas blessé : seuls les blessés sont portés"],
    }
