"""The "Your table" card of a reveal (issue 13): the room as a picture at its orientation, each token
on its square (numbered on the board), its dice and why a roll was rolled again; with the table's
dice, the room is drawn on the board and in the die dialog before the dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel

from solo.automaton.table import DieRequest, Notice
from solo.game.saves import load_game
from solo.game.session import Session
from solo.game.setup import new_game
from solo.game.teleport import card_square
from solo.locations import DEMO_GAME
from solo.table.board import Terrain
from solo.table.squares import parse_square
from solo.ui.main_window import MainWindow
from solo.ui.requests import dialog_for
from solo.ui.reveal_card import landing_lines, reroll_reason
from solo.ui.settings import AppSettings


def _window(qtbot: Any, tmp_path: Path, session: Session) -> MainWindow:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    return window


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    return _window(qtbot, tmp_path, Session(load_game(DEMO_GAME), folder=tmp_path / "autosave"))


def test_an_npc_reveal_shows_the_card_and_its_squares(window: MainWindow) -> None:
    window.np_panel.play()  # Migrène reveals room 4 in her first activation
    assert isinstance(window.model.pending, Notice)
    card = window.table_card
    assert card.isVisible() and len(card.cards) == 1
    shown = card.cards[0]
    assert shown.title.text() == "Room 4: turn over The Gaoler's Cloister, a quarter turn clockwise."
    assert not shown.picture.pixmap().isNull()
    assert [b.text() for b in shown.buttons] == ["1. The yellow Bow → f8 (dice 5-3)",
                                                 "2. The yellow Key → f9 (dice 5-2)",
                                                 "3. The Cleric → j8 (dice 1-3)"]
    squares = {parse_square("f8"): "1", parse_square("f9"): "2", parse_square("j8"): "3"}
    assert window.overlays.highlighted == squares  # each token's square numbered on the board
    shown.buttons[1].click()
    assert window.overlays.highlighted == {parse_square("f9"): "2"}
    window.np_panel.give_up()  # the turn taken back: the reveal did not happen
    assert not card.isVisible() and window.overlays.highlighted == {}


def test_an_undo_takes_the_card_away(window: MainWindow) -> None:
    window.np_panel.play()
    window.np_panel.done()
    assert not window.model.session.busy and window.table_card.cards
    window.undo()
    assert not window.table_card.isVisible() and window.overlays.highlighted == {}


def test_a_roll_again_says_why(window: MainWindow) -> None:
    window.np_panel.play()
    game = window.model.game  # room 4 is face up now, at a quarter turn
    pit = next((r, w) for r in range(1, 6) for w in range(1, 6)
               if game.position.board.terrain(card_square(4, 1, r, w)) is Terrain.PIT)
    assert "is a pit, rolled again (S-REVEAL-6)" in reroll_reason(game, 4, 1, *pit)
    assert "no free square on that row" in reroll_reason(game, 4, 1, 6, 2)
    data = {"slot": 4, "rotation": 1, "landings": [
        {"token": "object:rope:yellow", "slot": 4, "at": None, "rolls": [[6, 6]], "how": "removed"},
        {"token": "npc:migrene", "slot": 4, "at": "f8", "rolls": [list(pit), [5, 3]], "how": "dice"}]}
    lines = landing_lines(game, data)
    assert lines[0][0] == "1. The yellow Rope: out of the game (6-6, S-REVEAL-5)" and lines[0][2] is None
    assert lines[1][0] == "2. Migrène → f8 (dice 5-3)"  # the card's name, not the id
    assert len(lines[1][1]) == 1 and "rolled again" in lines[1][1][0]


def test_with_the_tables_dice_the_room_is_shown_before_the_dice(qtbot: Any, tmp_path: Path) -> None:
    game = new_game(1, seed=1, modes={"dice": "table"})
    window = _window(qtbot, tmp_path, Session(game, folder=tmp_path / "autosave"))
    panel = window.player_panel
    window.router.asker = lambda request, parent=None: None  # the dialogs stay unanswered
    assert panel.play_card(2)
    panel.select_figure("cleric")
    assert panel.reveal_room(1)
    request = window.model.pending
    assert isinstance(request, DieRequest) and request.room is not None
    slot, layout, rotation = request.room
    assert slot == 1 and not window.model.position.board.is_revealed(1)
    assert window.overlays.preview == (1, layout, rotation)  # on the board before the dice
    dialog = dialog_for(request, window, window.model.game.content)
    picture = dialog.findChild(QLabel, "room-picture")
    assert picture is not None and not picture.pixmap().isNull()
    window.model.abandon()
    assert window.overlays.preview is None


def test_the_card_goes_at_the_start_of_the_next_turn(window: MainWindow) -> None:
    window.np_panel.play()
    assert window.table_card.isVisible()  # the pause after Migrène's activation: do it on the table
    window.np_panel.next()
    assert window.table_card.isVisible()  # the same turn: it stays
    window.np_panel.done()  # the Player's turn begins: nothing of the NP's turn stays on the screen
    assert window.model.position.turn is not None and window.model.position.turn.side.value == "player"
    assert not window.table_card.isVisible() and window.overlays.highlighted == {}


def test_the_card_names_the_room_in_french(window: MainWindow, qapp: Any) -> None:
    """AMB-ROOM-NAMES: the French app names the bundled room in French."""
    from solo.ui import i18n

    try:
        i18n.install(qapp, "fr")
        window.np_panel.play()
        title = window.table_card.cards[0].title.text()
        assert "Le Cloître du Geôlier" in title and "Gaoler" not in title
    finally:
        window.np_panel.give_up()
        i18n.uninstall(qapp)
