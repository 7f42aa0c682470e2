"""A window that fits (issue 13): first-start size, the board fitted on resize, readable docks and
tables, one action per shortcut, Quit closing the editors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from solo.automaton.table import Notice
from solo.game.saves import load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.ui.board_items import board_rect
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings
from solo.ui.window_layout import dock_widths


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    result = MainWindow(Session(load_game(DEMO_GAME), folder=tmp_path / "autosave"), settings)
    qtbot.addWidget(result)
    return result


def _board_share(window: MainWindow) -> float:
    """How much of the view's smaller side the board fills (1: it touches two sides)."""
    view = window.view
    shown = view.mapFromScene(board_rect()).boundingRect()
    port = view.viewport().rect()
    return max(shown.width() / port.width(), shown.height() / port.height())


def test_first_start_takes_a_share_of_the_screen_with_readable_docks(window: MainWindow, qtbot: Any) -> None:
    window.show()
    screen = QRect(0, 0, 1366, 768)
    window.first_start_layout(screen)
    qtbot.waitExposed(window)
    assert window.width() == int(1366 * 0.9) and window.height() == 700
    assert window.turns_dock.width() >= 380 and window.log_dock.width() >= 220
    assert window.view.width() > 200
    assert _board_share(window) > 0.9


def test_dock_widths_leave_the_board_what_it_needs() -> None:
    left, right = dock_widths(1229, 691)
    assert 220 <= left <= 420 and 380 <= right <= 660
    assert 1229 - left - right >= (691 - 80) * board_rect().width() / board_rect().height()
    assert dock_widths(1728, 972) == (420, 660)  # a large screen: the board gets the rest
    left, right = dock_widths(800, 600)  # a small one: the board first
    assert 800 - left - right >= (600 - 80) * board_rect().width() / board_rect().height()


@pytest.mark.parametrize("size", [(1366, 768), (1000, 650), (1900, 1050)])
def test_the_board_fits_the_view_on_every_resize(window: MainWindow, qtbot: Any,
                                                 size: tuple[int, int]) -> None:
    window.resize(800, 500)
    window.show()
    qtbot.waitExposed(window)
    window.resize(*size)
    qtbot.waitUntil(lambda: _board_share(window) > 0.9)
    assert _board_share(window) <= 1.0001
    window.view.zoom_in()  # once the player zooms, a resize keeps his zoom
    zoom = window.view.zoom()
    window.resize(size[0] - 100, size[1] - 50)
    QApplication.processEvents()
    assert window.view.zoom() == pytest.approx(zoom)
    window.view.fit()  # View → Fit: fitted again, and kept so
    window.resize(*size)
    qtbot.waitUntil(lambda: _board_share(window) > 0.9)


def test_every_shortcut_starts_one_action_only(window: MainWindow) -> None:
    seen: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            text = key.toString()
            assert text not in seen, f"{text} is bound to both {seen[text]!r} and {action.text()!r}"
            seen[text] = action.text()
    assert "Ctrl+N" in seen and "New" in seen["Ctrl+N"]


def test_the_objectives_table_wraps_instead_of_scrolling_sideways(window: MainWindow, qtbot: Any) -> None:
    window.show()
    window.first_start_layout(QRect(0, 0, 1366, 768))
    window.np_panel.play()
    assert isinstance(window.model.pending, Notice)
    window.np_panel.select_npc(window.model.pending.npc)
    table = window.np_panel.view.objectives
    qtbot.waitUntil(lambda: table.rowCount() > 0)
    QApplication.processEvents()
    assert not table.horizontalScrollBar().isVisible()
    header = table.horizontalHeader()
    assert sum(header.sectionSize(c) for c in range(table.columnCount())) <= table.viewport().width() + 1
    why = table.item(0, 5)
    assert why is not None and table.columnWidth(5) >= 60
    width = table.fontMetrics().horizontalAdvance(why.text())
    if width > table.columnWidth(5):  # a long reason: wrapped on several lines, whole
        assert table.rowHeight(0) > 1.5 * table.fontMetrics().height()


def test_quit_closes_the_editors_after_asking(window: MainWindow, qtbot: Any) -> None:
    window.show()
    window.open_card_editor()
    editor = window.card_editor
    assert editor is not None and editor.isVisible()
    editor.modified = True
    asked: list[bool] = []

    def refuse() -> bool:
        asked.append(True)
        return False

    editor.confirm_discard = refuse  # type: ignore[method-assign]
    assert not window.close()  # Cancel: nothing closes
    assert asked and window.isVisible() and editor.isVisible()
    editor.confirm_discard = lambda: True  # type: ignore[method-assign]
    assert window.close()
    assert not editor.isVisible() and not window.isVisible()
    assert not window.table_card.isVisible()


def test_a_path_shown_names_its_squares_on_the_board(window: MainWindow) -> None:
    from solo.table.squares import parse_square
    from solo.ui.board_items import SquareNamesItem

    squares = [parse_square(name) for name in ("j5", "i5", "h5")]
    window.scene.show_path(squares)
    path, names = window.scene._path_item, window.scene._path_names
    assert path is not None and isinstance(names, SquareNamesItem) and names.scene() is window.scene
    assert sorted(name for _, name in names._names) == ["h5", "i5", "j5"]
    window.scene.show_path([])
    assert window.scene._path_item is None and window.scene._path_names is None
    assert not any(isinstance(item, SquareNamesItem) and item._names == names._names
                   for item in window.scene.items())


def test_hovering_a_square_names_it(window: MainWindow, qtbot: Any) -> None:
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    from solo.table.squares import parse_square
    from solo.ui.board_items import square_rect

    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    where = view.mapFromScene(square_rect(parse_square("b3")).topLeft() + QPoint(3, 3))
    event = QHelpEvent(QEvent.Type.ToolTip, where, view.viewport().mapToGlobal(where))
    assert view.viewportEvent(event)
    assert QToolTip.text().startswith("b3")
