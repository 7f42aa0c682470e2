"""The new-game wizard: levels shown by colour and name, a team must be 4 different classes, and the
game set up by the engine has every choice (difficulty, Vision, team, content, modes, seed)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from box_builders import ROOM_IDS, demo_card_ids, own_card_id, write_card, write_room, write_whole_box
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWizard

from solo.automaton.table import drive
from solo.errors import DataError, Problem
from solo.game.autoplay import AutoTable, auto_player_turn
from solo.game.components import components
from solo.game.content import reload_content
from solo.game.npturn import np_turn_in_game
from solo.game.setup import new_game
from solo.game.state import COMPONENTS, Game
from solo.locations import RULES_DIR
from solo.table.position import Side
from solo.ui import new_game as wizard_module
from solo.ui.new_game import GameSettings, NewGameWizard, level_colour, level_details

TEAM = ("cleric", "naga", "wizard", "telepath")


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty user folder, so the player's real files never leak into a test."""
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(folder))
    yield folder
    reload_content()  # no card or room of this folder stays cached for the next test


@pytest.fixture
def wizard(qtbot: Any, user_dir: Path) -> NewGameWizard:
    w = NewGameWizard()
    qtbot.addWidget(w)
    return w


def _team(game: Game) -> set[str]:
    return {c.class_id for c in game.position.characters.values() if c.side is Side.PLAYER}


def _go_to(wizard: NewGameWizard, page: Any) -> None:
    wizard.show()
    while wizard.currentPage() is not page:
        assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
        wizard.next()


def test_each_level_shows_its_colour_and_name(wizard: NewGameWizard) -> None:
    buttons = wizard.level_page.buttons
    assert sorted(buttons) == [1, 2, 3, 4, 5, 6]
    assert "pink" in buttons[1].text() and "black" in buttons[6].text()
    assert "level 3" in buttons[3].text()
    for level, button in buttons.items():
        image = button.icon().pixmap(wizard_module.SWATCH).toImage()
        centre = wizard_module.SWATCH // 2
        assert image.pixelColor(centre, centre) == level_colour(level), level
    assert level_colour(1) == QColor("pink") and level_colour(6) == QColor("black")
    shades = [level_colour(level).lightness() for level in range(1, 7)]
    assert shades == sorted(shades, reverse=True) and len(set(shades)) == 6  # graded, easy to hard


def test_choosing_a_level_tells_which_cards_bring_reinforcements(wizard: NewGameWizard) -> None:
    page = wizard.level_page
    assert page.level() == 1
    assert "+0, +1, +2" in page.details.text() and "Jump" not in page.details.text()
    page.buttons[6].setChecked(True)
    assert page.level() == 6
    assert page.details.text() == level_details(6)
    assert "Jump cards" in page.details.text() and "Action cards 2, 5" in page.details.text()
    assert components().levels[6].source == "rulebook" and "demo" not in page.details.text()
    page.buttons[4].setChecked(True)
    assert "demo" in page.details.text()  # levels 2-5 are the demo's values (AMB-ICONS)


def test_a_team_needs_four_different_classes(wizard: NewGameWizard) -> None:
    _go_to(wizard, wizard.team_page)
    page, next_button = wizard.team_page, wizard.button(QWizard.WizardButton.NextButton)
    assert page.random.isChecked() and page.isComplete() and next_button.isEnabled()
    assert not any(combo.isEnabled() for combo in page.combos)

    page.set_team(TEAM[:3])
    assert not page.isComplete() and not next_button.isEnabled()
    assert "3 chosen" in page.problem.text()

    page.set_team(["cleric", "naga", "cleric", "wizard"])
    assert not page.isComplete() and not next_button.isEnabled()
    assert "Cleric is chosen twice" in page.problem.text()

    page.set_team(TEAM)
    assert page.isComplete() and next_button.isEnabled()
    assert page.problem.text() == ""
    assert page.team() == TEAM


def test_the_game_has_every_choice(wizard: NewGameWizard) -> None:
    wizard.level_page.buttons[4].setChecked(True)
    wizard.level_page.vision.setChecked(True)
    wizard.team_page.set_team(TEAM)
    wizard.content_page.seed.setText("7")
    for component in ("dice", "bag", "vision"):
        combo = wizard.table_page.combos[component]
        combo.setCurrentIndex(combo.findData("table"))
    settings = wizard.game_settings()
    modes = {c: "table" if c in ("dice", "bag", "vision") else "app" for c in COMPONENTS}
    assert settings == GameSettings(4, True, TEAM, "demo", modes, 7)

    game = wizard.create_game()
    assert (game.difficulty, game.vision, game.seed) == (4, True, 7)
    assert game.position.difficulty == 4
    assert _team(game) == set(TEAM)
    assert game.modes == modes
    assert len(game.vision_deck) == 8


def test_by_default_the_engine_draws_the_team(wizard: NewGameWizard) -> None:
    wizard.content_page.seed.setText("3")
    game = wizard.create_game()
    assert wizard.game_settings().team is None
    assert _team(game) == _team(new_game(1, seed=3))
    assert game.modes == dict.fromkeys(COMPONENTS, "app") and not game.vision


def test_finish_sets_the_game_up(wizard: NewGameWizard) -> None:
    wizard.content_page.seed.setText("11")
    _go_to(wizard, wizard.table_page)
    assert not wizard.table_page.combos["vision"].isEnabled()  # no Vision variant chosen
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.result() == QWizard.DialogCode.Accepted
    assert isinstance(wizard.game, Game) and wizard.game.seed == 11


def test_finish_refused_when_the_content_cannot_make_a_game(
    wizard: NewGameWizard, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(settings: GameSettings) -> Game:
        raise DataError([Problem("rules/rooms", "demo rooms", "the 8 demo rooms are needed")])

    monkeypatch.setattr(wizard_module, "create_game", broken)
    _go_to(wizard, wizard.table_page)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.game is None and wizard.currentPage() is wizard.table_page
    assert "the 8 demo rooms are needed" in wizard.table_page.problem.text()


def test_own_content_comes_from_the_user_folder(qtbot: Any, user_dir: Path, english: None) -> None:
    rooms = user_dir / "rooms"
    rooms.mkdir()
    text = (RULES_DIR / "rooms" / "demo-1a.yaml").read_text(encoding="utf-8")
    (rooms / "demo-1a.yaml").write_text(text.replace("The Gaoler's Cloister", "My Own Cloister"), "utf-8")
    (rooms / "broken.yaml").write_text("format: dt-solo-room/1\nid: [\n", "utf-8")
    wizard = NewGameWizard(initial=GameSettings(seed=5))
    qtbot.addWidget(wizard)
    page = wizard.content_page
    assert str(user_dir) in page.folder.text() and "2 room files, 0 NPC card files" in page.folder.text()

    def names(game: Game) -> set[str]:
        return {room.layout.name for room in game.position.board.rooms().values() if room is not None}

    assert page.own.isChecked()  # own by default: he has entered files (issue 11)
    assert "broken.yaml" in page.summary.toPlainText()  # his broken file is named, and left out
    assert page.problem.text() == "2 problems in your box: what they concern is left out of the game."
    assert wizard.game_settings().content == "own"
    assert "My Own Cloister" in names(wizard.create_game())
    page.demo.setChecked(True)
    assert "broken.yaml" not in page.summary.toPlainText() and page.problem.text() == ""
    assert "My Own Cloister" not in names(wizard.create_game())


def test_the_wizard_sets_up_the_players_whole_box(qtbot: Any, user_dir: Path) -> None:
    write_whole_box(user_dir)
    wizard = NewGameWizard(initial=GameSettings.from_data({"difficulty": 2}))
    qtbot.addWidget(wizard)
    _go_to(wizard, wizard.content_page)
    summary = wizard.content_page.summary.toPlainText()
    assert "Rooms: 8 (8 yours)" in summary and "NPC cards: 32 (32 yours)" in summary
    assert "problem" not in summary
    _go_to(wizard, wizard.table_page)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    game = wizard.game
    assert isinstance(game, Game) and game.content == "own"
    assert set(game.rooms_unrevealed) == set(ROOM_IDS.values())
    assert set(game.npc_pile) | set(game.reinforcements) == {own_card_id(i) for i in demo_card_ids()}
    assert all(not t.startswith("npc:") or t.removeprefix("npc:").startswith("my-") for t in game.bag)
    # the built-in Player reveals rooms until NPCs are in; the NP's turn activates the player's cards
    auto = AutoTable(game)
    record = None
    for _ in range(12):
        drive(auto_player_turn(game), auto)
        record, _ = drive(np_turn_in_game(game), auto)
        game.turn_number += 1
        if record is not None and record.activations:
            break
    assert record is not None and record.activations
    assert all(a.npc.startswith("my-") for a in record.activations)


def test_the_wizard_shows_what_the_demo_filled(qtbot: Any, user_dir: Path, english: None) -> None:
    write_room(user_dir / "rooms", "demo-2a", "crypt-2a")
    write_card(user_dir / "npc_cards", "djenh", "clank")
    wizard = NewGameWizard()
    qtbot.addWidget(wizard)
    summary = wizard.content_page.summary.toPlainText()
    assert "Rooms: 8 (1 yours, 7 from the demo)" in summary
    assert "demo-2b (demo) is the twin of your crypt-2a in pair 2" in summary
    # the demo's cards as they are printed (their file ids before)
    assert "you have 1 of 4 cards of class Wizard: demo cards Amystyn, Djenh, Ley-Vite added" in summary
    assert "pair 2 has one room (crypt-2a): its twin is missing" in summary


def test_the_wizard_keeps_one_size_across_its_pages(wizard: NewGameWizard) -> None:
    wizard.show()
    sizes = {wizard.size().toTuple()}
    wizard.level_page.buttons[6].setChecked(True)  # the longest level details
    sizes.add(wizard.size().toTuple())
    while wizard.currentPage() is not wizard.table_page:
        wizard.next()
        sizes.add(wizard.size().toTuple())
    assert len(sizes) == 1, sizes


def test_settings_round_trip_and_start_the_wizard(qtbot: Any, user_dir: Path) -> None:
    chosen = GameSettings(5, True, TEAM, "own", {**dict.fromkeys(COMPONENTS, "app"), "bag": "table"}, 42)
    assert "seed" not in chosen.to_data()  # the next game is dealt afresh
    assert GameSettings.from_data(chosen.to_data()) == replace(chosen, seed=None)
    assert GameSettings.from_data({**chosen.to_data(), "seed": 42}) == chosen
    wizard = NewGameWizard(initial=chosen)
    qtbot.addWidget(wizard)
    assert wizard.game_settings() == chosen
    garbage = {"difficulty": 9, "vision": "yes", "team": ["cleric"], "content": "x", "modes": 3, "seed": -1}
    assert GameSettings.from_data(garbage) == GameSettings()
    assert GameSettings.from_data(None) == GameSettings()


def test_level_names_in_french(qapp: Any) -> None:
    """AMB-ROOM-NAMES: the levels as the French rulebook names them (« niveau rose », « niveau noir »)."""
    from solo.ui import i18n
    from solo.ui.new_game_choices import level_name

    try:
        i18n.install(qapp, "fr")
        assert [level_name(level) for level in (1, 3, 6)] == ["rose", "niveau 3", "noir"]
    finally:
        i18n.uninstall(qapp)
    assert [level_name(level) for level in (1, 3, 6)] == ["pink", "level 3", "black"]


@pytest.mark.parametrize(("language", "rooms", "expected"), [
    ("en", 1, "1 room file, 3 NPC card files"), ("en", 3, "3 room files, 1 NPC card file"),
    ("fr", 1, "1 fichier de salle, 3 fichiers de cartes PNJ"),
    ("fr", 3, "3 fichiers de salle, 1 fichier de carte PNJ"),
])
def test_the_folder_counts_its_files_in_the_right_form(qtbot: Any, qapp: Any, user_dir: Path, language: str,
                                                       rooms: int, expected: str) -> None:
    """AMB-PLURALS: "1 room file", "3 room files", never "(s)", in English as in French."""
    from solo.ui import i18n

    for folder, count in (("rooms", rooms), ("npc_cards", 4 - rooms)):
        (user_dir / folder).mkdir()
        for i in range(count):
            (user_dir / folder / f"file-{i}.yaml").write_text("format: nothing\n", "utf-8")
    try:
        i18n.install(qapp, language)
        wizard = NewGameWizard()
        qtbot.addWidget(wizard)
        text = wizard.content_page.folder.text()
    finally:
        i18n.uninstall(qapp)
    assert text.splitlines()[-1] == expected
