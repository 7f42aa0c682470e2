"""The NPC card editor: what it shows of a card, its flags, the validator's problems as the player
edits, and saving into the player's folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtCore import Qt

from solo.content.cards import load_card_library
from solo.content.npccard import load_card, parse_card
from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR
from solo.records import replace
from solo.ui import i18n
from solo.ui.card_editor import CardEditor
from solo.ui.card_editor_lists import CardEntry
from solo.ui.card_editor_words import problem_words

pytestmark = pytest.mark.gui

RULEBOOK_ARTHOS = NPC_CARDS_DIR / "arthos.yaml"
DEMO_ARTHOS = NPC_CARDS_DIR / "demo" / "arthos.yaml"
DEMO_LISSANDRA = NPC_CARDS_DIR / "demo" / "lissandra.yaml"


@pytest.fixture
def user_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def editor(qtbot: Any, user_dir: Path) -> CardEditor:
    widget = CardEditor()
    widget.discards: list[bool] = []  # type: ignore[attr-defined]
    # Unsaved changes are dropped in these tests; the question itself is tested below.
    widget.confirm_discard = lambda: not widget.discards.append(widget.modified)  # type: ignore[method-assign]
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    return widget


def _rows(editor: CardEditor) -> list[tuple[str, str, str]]:
    return editor.problem_table.row_texts()


def test_rulebook_card_shows_its_fields_and_unknown_flags(editor: CardEditor) -> None:
    editor.open_card_file(RULEBOOK_ARTHOS)
    form = editor.form
    assert form.id_edit.text() == "arthos" and form.name_edit.text() == "Arthos"
    assert form.class_combo.currentData() == "colossus"
    first = form.objectives[0]
    assert (first.mode.currentData(), first.ap.value()) == ("break_portcullis", 5)
    assert form.status["objective-1"].status() == "known"
    assert form.status["objective-2"].status() == "unknown"
    assert not form.objectives[1].mode.isEnabled()  # an unknown objective is written null
    assert form.personality_text.toPlainText() == ""  # no sentence of the rulebook in a bundled card
    assert form.summary["en"].toPlainText().startswith("Every third portcullis he breaks")
    assert form.summary["fr"].toPlainText().startswith("Chaque troisième herse")
    assert "kind: score_every" in form.effects_text.toPlainText()
    assert not editor.banner.isHidden()
    assert editor.banner.property("kind") == "warning"
    for shown in ("epithet", "objective 2", "objective 6", "default objective", "object priorities"):
        assert shown in editor.banner.text()
    assert editor.current_field == "epithet"  # the first unknown field, in card order
    assert _rows(editor) == []  # a valid card with gaps: nothing to fix, it can be saved
    assert editor.save_button.isEnabled()
    assert "saving writes your own copy" in editor.where.text()


def test_editor_opens_on_the_first_unknown_field(editor: CardEditor) -> None:
    editor.open_card_file(NPC_CARDS_DIR / "nolock.yaml")  # unknown: [default, objects]
    assert editor.current_field == "default"
    assert "default objective, object priorities" in editor.banner.text()
    assert not editor.form.objectives[0].default.isEnabled()


def test_demo_card_shows_its_completed_fields(editor: CardEditor) -> None:
    editor.open_card_file(DEMO_ARTHOS)
    form = editor.form
    assert form.epithet_edit.text() == "le Brise-Herses"
    assert form.objectives[1].default.isChecked()
    assert form.objects.values() == ["rope", "wand", "spear", "wounded", "bow", "shield"]
    assert form.characters.values()[0] == "backstabber"
    assert form.status["objective-2"].status() == "completed"
    assert form.status["objective-1"].status() == "known"
    assert editor.banner.property("kind") == "info"
    assert "Invented for the demo deck" in editor.banner.text()
    assert "epithet, objective 2" in editor.banner.text()
    assert editor.current_field == "epithet"


def test_library_lists_every_card_file_with_flags(editor: CardEditor) -> None:
    entries = {(e.folder, e.path.stem): e for e in editor.library.entries}
    assert len(entries) == len(list(NPC_CARDS_DIR.rglob("*.yaml")))
    rulebook = editor.library.row_of(RULEBOOK_ARTHOS)
    demo = editor.library.row_of(DEMO_ARTHOS)
    assert rulebook is not None and demo is not None
    assert rulebook.text(2) == "9 unknown, replaced"  # the demo deck's Arthos wins
    assert demo.text(2) == "9 invented"
    assert "objective 2" in rulebook.toolTip(2)
    # the first column is the file (« arthos »), the printed name is the Name column's
    header = editor.library.headerItem()
    assert [header.text(c) for c in range(5)] == ["File", "Folder", "Flags", "Name", "Class"]
    assert (demo.text(0), demo.text(3)) == ("arthos", "Arthos")


def test_double_clicking_a_library_row_opens_the_card(editor: CardEditor, qtbot: Any) -> None:
    item = editor.library.row_of(DEMO_LISSANDRA)
    assert item is not None
    editor.library.itemActivated.emit(item, 0)
    assert editor.path == DEMO_LISSANDRA
    assert editor.form.name_edit.text() == "Lissandra"


def test_invalid_quota_shows_the_validators_message(editor: CardEditor, qtbot: Any) -> None:
    editor.open_card_file(DEMO_LISSANDRA)
    with qtbot.waitSignal(editor.problems_changed) as signal:
        editor.form.objectives[2].ap.setValue(0)
    message = "expected a quota of at least 1 AP, got 0"
    assert _rows(editor) == [("lissandra.yaml", "Objective 3, quota", message)]  # the form's words
    assert [p.entry for p in signal.args[0]] == ["Objective 3, quota"]
    assert not editor.save_button.isEnabled()
    assert editor.save() is None
    editor.form.objectives[2].ap.setValue(4)
    assert _rows(editor) == []
    assert editor.save_button.isEnabled()


def test_class_restricted_mode_and_status_conflicts_are_reported(editor: CardEditor) -> None:
    editor.open_card_file(DEMO_LISSANDRA)
    form = editor.form
    form.class_combo.setCurrentIndex(form.class_combo.findData("cleric"))
    assert ("lissandra.yaml", "Objective 4, mode") in [row[:2] for row in _rows(editor)]
    assert any("for the Backstabber only" in row[2] for row in _rows(editor))
    # a class-only mode is offered only to its class (the chosen one stays, for the validator to name)
    assert form.objectives[0].mode.findData("open_portcullis") < 0
    assert form.objectives[0].mode.findData("heal") >= 0
    form.class_combo.setCurrentIndex(form.class_combo.findData("backstabber"))
    assert form.objectives[0].mode.findData("heal") < 0
    assert form.objectives[0].mode.findData("open_portcullis") >= 0
    assert _rows(editor) == []
    default = next(row.rank for row in form.objectives if row.default.isChecked())
    form.objectives[1].default.setChecked(True)  # one choice: the default moves
    assert [row.rank for row in form.objectives if row.default.isChecked()] == [2] != [default]
    assert _rows(editor) == []
    form.characters.set_checked("naga", False)
    assert [row[1] for row in _rows(editor)] == ["Characters"]
    assert _rows(editor)[0][2] == "rank every class: Naga not ranked yet"


def test_unreadable_effects_yaml_is_a_problem(editor: CardEditor) -> None:
    editor.open_card_file(DEMO_LISSANDRA)
    editor.form.effects_text.setPlainText("- {kind: gear_lock\n")
    rows = _rows(editor)
    assert len(rows) == 1 and rows[0][1].startswith("personality.effects (line")
    editor.form.effects_text.setPlainText("- {kind: fly}\n")
    assert [row[1] for row in _rows(editor)] == ["Personality effect 1"]


def test_filling_an_unknown_field(editor: CardEditor) -> None:
    editor.open_card_file(RULEBOOK_ARTHOS)
    row = editor.form.objectives[1]
    editor.form.status["objective-2"].set_status("known")
    assert row.mode.isEnabled()
    assert _rows(editor) == [(  # known but still empty: what to do, in the player's words
        "arthos.yaml", "Objective 2", "choose a mode, or mark the objective unknown")]
    row.mode.setCurrentIndex(row.mode.findData("fight"))
    row.ap.setValue(3)
    assert _rows(editor) == []
    data, _ = editor.form.card_data("x")
    assert data["objectives"][1] == {"mode": "fight", "ap": 3}
    assert "objective-2" not in data["unknown"]
    assert "objective 2," not in editor.banner.text()


def test_priority_list_order_is_written(editor: CardEditor) -> None:
    editor.open_card_file(DEMO_ARTHOS)
    objects = editor.form.objects
    objects.list.setCurrentRow(1)  # wand
    objects.move_current(-1)
    objects.set_checked("key", True)
    data, _ = editor.form.card_data("x")
    assert data["objects"] == ["wand", "rope", "spear", "wounded", "bow", "shield", "key"]
    assert _rows(editor) == []


def test_save_writes_the_players_copy_read_back_equal(editor: CardEditor, user_dir: Path,
                                                      qtbot: Any) -> None:
    before = RULEBOOK_ARTHOS.read_bytes()
    editor.open_card_file(RULEBOOK_ARTHOS)
    editor.form.status["epithet"].set_status("known")
    editor.form.epithet_edit.setText("le Brise-Herses")
    assert editor.modified
    with qtbot.waitSignal(editor.saved) as saved:
        qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    path = user_dir / "npc_cards" / "arthos.yaml"
    assert saved.args == [path]
    assert RULEBOOK_ARTHOS.read_bytes() == before  # the bundled file is never written
    data, _ = editor.form.card_data(str(path))
    written = load_card(path)
    assert written == parse_card(data, str(path), expected_id="arthos")
    assert written.epithet == "le Brise-Herses" and "epithet" not in written.unknown
    assert replace(written, origin="", epithet=None, unknown=("epithet", *written.unknown)) == \
        replace(load_card(RULEBOOK_ARTHOS), origin="")
    assert load_card_library().get("arthos") == written  # the player's card wins
    assert not editor.modified and editor.path == path
    assert editor.library.row_of(path) is not None
    demo_row = editor.library.row_of(DEMO_ARTHOS)
    assert demo_row is not None and demo_row.text(2) == "9 invented, replaced"


def test_save_asks_before_replacing_another_card_of_the_players(editor: CardEditor, user_dir: Path) -> None:
    mine = user_dir / "npc_cards" / "lissandra.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text(DEMO_LISSANDRA.read_text(encoding="utf-8"), encoding="utf-8")
    editor.open_card_file(NPC_CARDS_DIR / "lissandra.yaml")
    editor.form.name_edit.setText("Lissandra II")
    asked: list[Path] = []
    editor.confirm_overwrite = lambda path: bool(asked.append(path))  # type: ignore[method-assign]
    assert editor.save() is None
    assert asked == [mine]
    assert load_card(mine).name == "Lissandra"


def test_a_new_card_opens_without_errors_and_says_what_to_fill_in(editor: CardEditor) -> None:
    editor.new_card()
    assert _rows(editor) == [] and "A new card" in editor.banner.text()
    assert editor.path is None and not editor.save_button.isEnabled()
    assert editor.form.characters.values() == [] and editor.form.objects.values() == []  # to click in order
    editor.form.name_edit.setText("Clank")  # once the player types, what is missing is listed
    rows = _rows(editor)
    assert ("Class", "choose the class, or mark it unknown") in [row[1:] for row in rows]
    assert ("Objective 1", "choose a mode, or mark the objective unknown") in [row[1:] for row in rows]
    assert not any("`" in row[2] or "null" in row[2] for row in rows)  # no file-format words


def test_broken_file_opens_with_its_problems(editor: CardEditor, user_dir: Path) -> None:
    broken = user_dir / "npc_cards" / "odd.yaml"
    broken.parent.mkdir(parents=True)
    broken.write_text("format: dt-solo-card/1\nid: odd\nname: [unclosed\n", encoding="utf-8")
    editor.library.refresh()
    row = editor.library.row_of(broken)
    assert row is not None and row.text(2) == "broken"
    editor.open_card_file(broken)
    assert "cannot be read" in editor.banner.text()
    assert _rows(editor)[0][0] == "odd.yaml" and "invalid YAML" in _rows(editor)[0][2]
    assert not editor.save_button.isEnabled()


@pytest.mark.parametrize("path", sorted(NPC_CARDS_DIR.rglob("*.yaml")), ids=lambda p: p.stem)
def test_the_form_loses_nothing_of_a_bundled_card(editor: CardEditor, path: Path) -> None:
    editor.open_card_file(path)
    data, problems = editor.form.card_data(str(path))
    assert problems == [] and _rows(editor) == []
    assert parse_card(data, str(path), expected_id=path.stem) == load_card(path)


def test_open_card_shows_a_card_read_by_the_engine(editor: CardEditor) -> None:
    card = load_card(NPC_CARDS_DIR / "serpico.yaml")
    editor.open_card(card)
    assert editor.path == NPC_CARDS_DIR / "serpico.yaml"
    assert editor.current_field == "epithet"
    data, _ = editor.form.card_data(card.origin)
    assert parse_card(data, card.origin) == card
    assert editor.form.source_combo.currentText() == "rulebook (transcribed)"


def test_invented_demo_card_is_flagged(editor: CardEditor) -> None:
    path = NPC_CARDS_DIR / "demo" / "beuglor.yaml"  # source: demo, completed: []
    row = editor.library.row_of(path)
    assert row is not None and row.text(2) == "invented card"
    editor.open_card_file(path)
    assert "every value is invented" in editor.banner.text() and not editor.banner.isHidden()
    assert editor.current_field is None


def test_unsaved_changes_are_kept_unless_the_player_drops_them(editor: CardEditor) -> None:
    editor.modified = False
    assert CardEditor.confirm_discard(editor)  # nothing unsaved: no question
    editor.modified = True
    asked: list[bool] = []
    editor.confirm_discard = lambda: bool(asked.append(True))  # type: ignore[method-assign]  # says no
    before = editor.path
    editor.new_card()
    assert asked and editor.path == before and editor.modified  # kept


def _characters_problem(listed: int) -> Problem:
    """The validator's problem for a card whose character list names only ``listed`` of the 8 classes."""
    data = yaml.safe_load((NPC_CARDS_DIR / "demo" / "amystyn.yaml").read_text(encoding="utf-8"))
    data["characters"] = data["characters"][:listed]
    with pytest.raises(DataError) as caught:
        parse_card(data, "amystyn.yaml")
    [problem] = [p for p in caught.value.problems if p.entry == "characters"]
    return problem


@pytest.mark.parametrize(("language", "listed", "expected"), [
    ("en", 7, "rank every class: Wizard not ranked yet"),
    ("fr", 7, "classez toutes les classes : Magicien pas encore classé"),
    ("fr", 5, "classez toutes les classes : Magicien, Hurleur et Télépathe pas encore classés"),
    ("en", 1, "broken: 1 problem"), ("en", 3, "broken: 3 problems"),
    ("fr", 1, "défectueuse\u00a0: 1 problème"), ("fr", 3, "défectueuse\u00a0: 3 problèmes"),
])
def test_counts_in_the_right_form(qapp: Any, language: str, listed: int, expected: str) -> None:
    """AMB-PLURALS: the card editor says « 1 problème », « 3 problèmes », never « problème(s) »."""
    problem = _characters_problem(listed)
    broken = CardEntry(Path("amystyn.yaml"), "user", None, (problem,) * listed, None)
    try:
        i18n.install(qapp, language)
        said = problem_words(problem) if expected.startswith(("rank", "classez")) else broken.flags()
    finally:
        i18n.uninstall(qapp)
    assert said == expected
