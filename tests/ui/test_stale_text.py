"""No stale text (issue 13): after an undo, a new game or the start of a turn, nothing said of before
remains on the panels or the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from solo.automaton.table import Notice
from solo.game.autoplay import AutoTable
from solo.game.saves import load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.table.position import Side
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    result = MainWindow(Session(load_game(DEMO_GAME), folder=tmp_path / "autosave"), settings)
    qtbot.addWidget(result)
    result.router.asker = lambda request, parent=None: AutoTable(result.model.game).answer(request)
    result.player_panel.confirm = lambda position, sides, widget: True
    return result


def _np_turn(window: MainWindow) -> None:
    if not window.model.session.busy:
        window.np_panel.play()
    while window.model.session.busy:
        if isinstance(window.model.pending, Notice):
            window.np_panel.done()
        else:
            window.router.ask_pending()


def _move_a_figure(window: MainWindow) -> str:
    """Play the 3 and move a figure somewhere: the panel then says what to do on the table."""
    panel = window.player_panel
    panel.play_card(3)
    figure = next(c.id for c in window.model.position.characters.values()
                  if c.side is Side.PLAYER and c.is_figure and c.at is not None)
    panel.select_figure(figure)
    assert panel.options is not None and panel.options.moves
    assert panel.square_chosen(sorted(panel.options.moves)[-1])
    return figure


def test_an_undo_drops_what_was_said_of_the_step(window: MainWindow) -> None:
    _np_turn(window)
    _move_a_figure(window)
    said = window.player_panel.status_label.text()
    assert "table" in said.lower()  # "On your table: …"
    window.undo()
    assert window.player_panel.status_label.text() == ""
    window.redo()  # a redo does not bring back the words either: the History says what was done
    assert window.player_panel.status_label.text() == ""


def test_the_nps_last_words_go_once_its_turn_is_over(window: MainWindow) -> None:
    window.np_panel.play()
    assert "over" in window.np_panel.status.text()  # "<npc>'s activation is over"
    _np_turn(window)
    assert window.np_panel.status.text() == ""
    window.undo()
    assert window.np_panel.status.text() == "" and window.scene.path_squares == []


def test_a_new_turn_forgets_the_figure_of_the_last_one(window: MainWindow) -> None:
    _np_turn(window)
    figure = _move_a_figure(window)
    assert window.player_panel.figure_id == figure
    window.player_panel.end_turn()
    _np_turn(window)  # the next Player's turn
    assert window.player_panel.figure_id is None
    assert window.player_panel.status_label.text() == ""
    assert "Click one of your figures" in window.player_panel.figure_label.text()


def test_a_new_game_starts_with_nothing_of_the_old_one(window: MainWindow, tmp_path: Path) -> None:
    _np_turn(window)
    _move_a_figure(window)
    window.set_session(Session(load_game(DEMO_GAME), folder=tmp_path / "other"), None)
    assert window.player_panel.status_label.text() == "" and window.player_panel.figure_id is None
    assert window.np_panel.status.text() == "" and window.np_panel.row_states() == []
    assert window.model.undo_stack.count() == 0
