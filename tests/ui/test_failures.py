"""No exception is ever only on stderr (issue 13): a failed undo, an error in a slot, each reaches the
player and the error log, and the game stays as the History shows it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer

from solo.game.saves import load_autosave, load_game, whole_state
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.table.position import Side
from solo.table.squares import parse_square
from solo.ui.failures import ERROR_LOG, install_excepthook
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path / "data"))
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    result = MainWindow(Session(load_game(DEMO_GAME), folder=tmp_path / "autosave"), settings)
    qtbot.addWidget(result)
    return result


def _figure(window: MainWindow) -> str:
    return next(c.id for c in window.model.position.characters.values()
                if c.side is Side.PLAYER and c.is_figure)


def test_an_undo_that_fails_leaves_game_and_history_as_they_were(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    figure = _figure(window)
    window.piece_dropped(figure, parse_square("a0"))
    window.piece_dropped(figure, parse_square("a1"))
    state = whole_state(window.model.game)

    def broken(state: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(window.model.session, "restore", broken)
    window.undo()
    assert window.model.undo_stack.index() == 2  # the history did not move without the game
    assert whole_state(window.model.game) == state
    assert "disk full" in window.failure_box.text() and "safe" in window.failure_box.text()
    log = (tmp_path / "data" / ERROR_LOG).read_text(encoding="utf-8")
    assert "OSError: disk full" in log and "Traceback" in log
    monkeypatch.undo()
    window.undo()  # works again once the cause is gone
    assert window.model.position.character(figure).at == parse_square("a0")
    saved, _ = load_autosave(tmp_path / "autosave")
    assert saved.position.character(figure).at == parse_square("a0")


def test_an_error_in_a_slot_is_told_logged_and_the_step_given_up(
        window: MainWindow, tmp_path: Path, qtbot: Any) -> None:
    before = whole_state(window.model.game)
    window.np_panel.play()  # the NP's turn pauses after its first activation
    assert window.model.session.busy
    previous = install_excepthook(window.report_failure)
    try:
        def boom() -> None:
            raise RuntimeError("a view broke")

        QTimer.singleShot(0, boom)  # an exception out of a Qt slot
        qtbot.waitUntil(lambda: getattr(window, "failure_box", None) is not None, timeout=5000)
    finally:
        sys.excepthook = previous
    assert not window.model.session.busy and whole_state(window.model.game) == before
    assert "a view broke" in window.failure_box.text()
    assert "RuntimeError: a view broke" in (tmp_path / "data" / ERROR_LOG).read_text(encoding="utf-8")


def test_an_undo_whose_autosave_fails_changes_nothing(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    figure = _figure(window)
    window.piece_dropped(figure, parse_square("a0"))
    state = whole_state(window.model.game)

    def full(game: Any, folder: Any) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr("solo.game.session.autosave", full)
    window.undo()
    assert window.model.undo_stack.index() == 1 and whole_state(window.model.game) == state
    assert "No space left on device" in window.failure_box.text()
