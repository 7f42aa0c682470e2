"""The rules reference window: rules shown in the app's language, links, search; unknown IDs and broken
files are told (the data itself is tested in tests/content/test_reference.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from solo.content.reference import Reference, load_reference, rule_ids
from solo.ui import i18n
from solo.ui.rules_reference import RulesReference, linkify, rule_of_href


@pytest.fixture(scope="module")
def reference() -> Reference:
    return load_reference()


def test_linkify_makes_each_rule_id_a_link() -> None:
    html = linkify("moves a -> b (S-ACT-7, AMB-B-CARRY) & more <x>")
    assert '<a href="rule:S-ACT-7">S-ACT-7</a>' in html
    assert '<a href="rule:AMB-B-CARRY">AMB-B-CARRY</a>' in html
    assert "&amp; more &lt;x&gt;" in html
    found = rule_ids("S-OBJ-4/5 then S-TURN-5..9 and S-REVEAL-NPC-1, S-OBJ-4 again")
    assert found == ["S-OBJ-4", "S-TURN-5", "S-REVEAL-NPC-1"]
    assert rule_of_href("rule:B-MOVE-12") == "B-MOVE-12"
    assert rule_of_href("https://example.org") is None


def test_show_rule_shows_its_explanation(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.rule_shown) as shown:
        widget.show_rule("B-MOVE-12")
    assert shown.args == ["B-MOVE-12"]
    assert widget.current_rule() == "B-MOVE-12"
    entry = reference.get("B-MOVE-12")
    assert entry is not None
    assert entry.text("en") in widget.shown_text()
    assert widget.list.currentItem().text() == "B-MOVE-12"


def test_unknown_rule_id_says_so(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-NOPE-9")
    assert widget.current_rule() is None
    assert "S-NOPE-9 is not in the rules reference" in widget.shown_text()


def test_a_group_id_lists_its_rules(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-FIGHT")
    text = widget.shown_text()
    assert "NPC mode: Fight" in text
    assert all(f"S-FIGHT-{n}" in text for n in range(1, 8))


def test_search_filters_the_list_and_show_rule_clears_it(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    qtbot.keyClicks(widget.search, "rotation die")
    items = [widget.list.item(i) for i in range(widget.list.count())]
    shown = [item.text() for item in items if not item.isHidden()]
    assert "S-ROT-3" in shown and "AMB-ROTDIE" in shown
    assert "S-FIGHT-1" not in shown
    widget.show_rule("S-FIGHT-1")  # hidden by the search: the search is cleared to show it
    assert widget.search.text() == ""
    assert widget.list.currentItem().text() == "S-FIGHT-1"


def test_links_inside_an_explanation_open_that_rule(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-PROX-3")
    assert "AMB-TIE" in widget.text.toHtml()
    from PySide6.QtCore import QUrl

    widget.text.anchorClicked.emit(QUrl("rule:AMB-TIE"))
    assert widget.current_rule() == "AMB-TIE"


@pytest.mark.parametrize(
    "content",
    [
        "format: dt-solo-reference/2\nrules:\n  S-A-1: {en: one, fr: un}\n  S-A-1: {en: 2, fr: 2}\n",
        "format: dt-solo-reference/2\nrules: [not, a, mapping]\n",
        "rules: {S-A-1: {en: no format, fr: sans format}}\n",
        "format: dt-solo-reference/2\nrules:\n  S-FIGHT-2: only English\n",  # a missing language
        "format: dt-solo-reference/2\nrules:\n  : [\n",  # not YAML at all
    ],
)
def test_a_broken_reference_file_gives_a_message_not_a_crash(
    qtbot: Any, tmp_path: Path, content: str
) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(content, encoding="utf-8")
    reference = load_reference(path, tmp_path / "no-decisions.md")
    assert reference.problems
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    assert not widget.problems.isHidden()
    assert "could not be read" in widget.problems.text()
    widget.show_rule("S-FIGHT-2")
    assert "not in the rules reference" in widget.shown_text()


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    """The app in French for one test, back in English after it."""
    assert i18n.install(qapp, "fr") is not None
    try:
        yield
    finally:
        i18n.uninstall(qapp)


def test_the_reference_in_french(qtbot: Any, reference: Reference, french: None) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-FIGHT-2")
    text = widget.shown_text()
    assert "Mode PNJ : Combattre" in text
    assert "Il attaque le mieux classé de ces ennemis, blessé ou non" in text
    assert "NPC mode" not in text and "best-ranked" not in text
    assert widget.search.placeholderText() != "Search a rule ID or words"  # the widget's words, too
    widget.show_rule("S-EXIT")  # a whole group
    assert "Sortir est réalisable quand le PNJ peut atteindre la ligne jaune du Joueur" in widget.shown_text()
    widget.show_rule("AMB-TELEPORT-ONE")  # a decision of docs/decisions.md: its French line
    assert "seules les lignes offrant une case valide sont proposées" in widget.shown_text()
    widget.search.setText("hurlement")  # the search reads the language shown
    items = [widget.list.item(i) for i in range(widget.list.count())]
    shown = [item.text() for item in items if not item.isHidden()]
    assert "B-BANS-2" in shown and "S-FIGHT-1" not in shown


def test_switching_language_retranslates_the_rule_shown(qtbot: Any, qapp: QApplication,
                                                        reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-ROT-3")
    assert "rotation die" in widget.shown_text()
    try:
        i18n.install(qapp, "fr")  # a LanguageChange event reaches the widget: no restart
        qtbot.waitUntil(lambda: "dé de rotation" in widget.shown_text())
        assert "rotation die" not in widget.shown_text()
    finally:
        i18n.uninstall(qapp)
    qtbot.waitUntil(lambda: "rotation die" in widget.shown_text())


def test_a_broken_reference_is_told_in_french(qtbot: Any, tmp_path: Path, french: None) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text("format: dt-solo-reference/2\nrules:\n  S-A-1: {en: one}\nextra: 1\n", encoding="utf-8")
    widget = RulesReference(load_reference(path, tmp_path / "no-decisions.md"))
    qtbot.addWidget(widget)
    text = widget.problems.text()
    assert f"{path}: rules[S-A-1]: fr : manquant (chaque langue est requise)" in text
    assert f"{path}: extra: clé inconnue" in text
    assert "missing" not in text and "unknown key" not in text


def test_in_a_narrow_pane_the_text_sits_below_the_list(qtbot: Any, reference: Reference) -> None:
    """In the Rules pane at 1366×768 (about 290 px wide) the rule's text got 60 px beside the list, a few
    letters a line: a narrow pane puts the text below the list, at the pane's full width."""
    from PySide6.QtCore import Qt

    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.resize(290, 500)
    widget.show()
    qtbot.waitExposed(widget)
    widget.show_rule("B-MOVE-12")
    assert widget.splitter.orientation() is Qt.Orientation.Vertical
    assert widget.text.width() >= 250 and widget.text.height() >= 150
    widget.resize(900, 500)
    qtbot.waitUntil(lambda: widget.splitter.orientation() is Qt.Orientation.Horizontal)
    assert widget.text.width() >= 450
