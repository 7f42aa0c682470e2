"""The main window wires the parts: gestures become edits or actions, files open and save, the end shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from solo.game.saves import game_state, load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.position import Score, Side
from solo.squares import parse_square, square_name
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    session = Session(load_game(DEMO_GAME), folder=tmp_path / "autosave")
    result = MainWindow(session, settings)
    qtbot.addWidget(result)
    return result


def test_opens_on_the_demo_game_at_the_nps_turn(window: MainWindow) -> None:
    figures = [c for c in window.model.position.characters.values() if c.is_figure]
    assert len(window.scene.figure_items()) == len(figures)
    assert "Turn 1" in window.score_label.text() and "NP" in window.score_label.text()
    assert window.turn_tabs.currentWidget() is window.np_panel


def test_dragging_a_figure_is_an_undoable_edit(window: MainWindow) -> None:
    characters = window.model.position.characters.values()
    figure = next(c for c in characters if c.side is Side.PLAYER and c.is_figure)
    start = figure.at
    window.piece_dropped(figure.id, parse_square("a0"))
    assert window.model.position.character(figure.id).at == parse_square("a0")
    assert window.model.undo_stack.count() == 1
    window.model.undo_stack.undo()
    assert window.model.position.character(figure.id).at == start


def test_save_then_open_gives_the_same_game(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    assert window.save_to(path)
    before = game_state(window.model.game)
    window.model.edit("Note", lambda g: g.record("note", "changed after saving"))
    assert window.open_game(path)
    assert game_state(window.model.game) == before
    assert window.model.path == path and "mine.yaml" in window.windowTitle()


def test_a_broken_game_file_is_reported_and_the_game_kept(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: dt-solo-game/1\nend: true\n")
    before = game_state(window.model.game)
    assert not window.open_game(broken)
    assert shown and str(broken) in shown[0]
    assert game_state(window.model.game) == before


def test_the_context_menu_offers_the_edits_of_the_square(window: MainWindow) -> None:
    figure = next(c for c in window.model.position.characters.values() if c.is_figure)
    assert figure.at is not None
    from solo.ui import edit_menu

    menu = edit_menu.build_menu(window.model, figure.at, window)
    names = [a.objectName() for a in menu.actions()]
    assert f"wound:{figure.id}" in names and f"remove:{figure.id}" in names, square_name(figure.at)


def test_the_end_of_the_game_is_shown_once(window: MainWindow) -> None:  # S-END-1
    window.model.edit("Score", lambda g: setattr(g.position, "score", Score(player=5, npc=2)))
    assert window.end_box.text().startswith("You win!") and "5 VP" in window.end_box.text()
    box = window.end_box
    window.refresh()
    assert window.end_box is box
