"""The new-game wizard's box summary names cards as printed and says a card's gaps in the interface's
language (issue 12): it showed the card's file id and the gaps in English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from box_builders import write_card

from solo.content.box import DEMO, Note, load_box
from solo.game.content import reload_content
from solo.records import replace
from solo.ui import i18n
from solo.ui.box_summary import box_summary, note_text


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "card Yom cannot be activated (the personality is unknown): left out"),
    ("fr", "la carte Yom ne peut pas être activée (la personnalité est inconnue) : laissée de côté"),
])
def test_a_card_left_out(qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
                         expected: str) -> None:
    card = write_card(tmp_path / "npc_cards", "yom", "gappy", unknown=["personality"])
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))  # the player's folder, the wizard's too
    reload_content()
    try:
        [note] = [n for n in load_box().notes if n.code == "card_unplayable"]
        i18n.install(qapp, language)
        assert note_text(note) == f"{card}: {expected}"
    finally:
        i18n.uninstall(qapp)
        monkeypatch.delenv("DT_SOLO_USER_DIR")
        reload_content()


# A count is written in the form its number asks for, never "(s)" (AMB-PLURALS): Qt's plural forms,
# French 0-1 singular, English only 1.
PLURALS = [
    ("en", Note("class_too_few", ("cleric", "1")), "you have 1 card of class Cleric: a box has 4 per class"),
    ("en", Note("class_too_few", ("cleric", "3")), "you have 3 cards of class Cleric: a box has 4 per class"),
    ("fr", Note("class_too_few", ("cleric", "1")),
     "vous avez 1 carte de la classe Clerc : une boîte en a 4 par classe"),
    ("fr", Note("class_too_few", ("cleric", "3")),
     "vous avez 3 cartes de la classe Clerc : une boîte en a 4 par classe"),
    ("en", Note("demo_rooms_short", ("1",)), "the demo has no pair left to fill the gap: 1 pair missing"),
    ("fr", Note("demo_rooms_short", ("3",)),
     "la démo n'a plus de paire pour combler le manque : il manque 3 paires"),
    ("en", Note("pairs_filled", ("3", "4")), "you have 3 of 4 complete pairs: demo pair 4 added"),
    ("en", Note("pairs_filled", ("1", "2, 3, 4")),
     "you have 1 of 4 complete pairs: demo pairs 2, 3, 4 added"),
    ("fr", Note("pairs_filled", ("3", "4")),
     "paires complètes : vous en avez 3 sur 4 ; paire de la démo 4 ajoutée"),
    ("fr", Note("pairs_filled", ("1", "2, 3, 4")),
     "paires complètes : vous en avez 1 sur 4 ; paires de la démo 2, 3, 4 ajoutées"),
]


@pytest.mark.parametrize(("language", "note", "expected"), PLURALS)
def test_a_note_counts_in_the_right_form(qapp: Any, language: str, note: Note, expected: str) -> None:
    try:
        i18n.install(qapp, language)
        assert note_text(note) == expected
    finally:
        i18n.uninstall(qapp)


@pytest.mark.parametrize(("language", "count", "expected"), [
    ("en", 1, "1 problem in your box:"), ("en", 3, "3 problems in your box:"),
    ("fr", 1, "1 problème dans votre boîte :"), ("fr", 3, "3 problèmes dans votre boîte :"),
])
def test_the_problems_are_counted_in_the_right_form(qapp: Any, language: str, count: int,
                                                     expected: str) -> None:
    box = replace(load_box(DEMO), notes=[Note("bad_id", (f"Bad{i}",), f"bad{i}.yaml") for i in range(count)])
    try:
        i18n.install(qapp, language)
        lines = box_summary(box).splitlines()
    finally:
        i18n.uninstall(qapp)
    assert expected in lines
    assert len(lines) == lines.index(expected) + 1 + count
