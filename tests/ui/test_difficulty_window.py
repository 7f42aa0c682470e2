"""The Difficulty window (issue 17): runs seeded games in the background, shows progress, can be
cancelled, and draws the Player's win rate per level with its interval."""

from __future__ import annotations

from typing import Any

from solo.game.sim_report import group_results
from solo.game.simulate import run_tasks, tasks_for
from solo.ui.difficulty_window import DifficultyWindow, chart_points


def test_the_window_plays_the_games_and_draws_each_level_with_and_without_the_vision(qtbot: Any) -> None:
    window = DifficultyWindow(levels=(1, 6))
    qtbot.addWidget(window)
    window.games.setValue(1)
    window.seed.setValue(3)
    window.jobs.setValue(1)
    seen: list[tuple[int, int]] = []
    window.start()
    assert not window.start_button.isEnabled() and window.cancel_button.isEnabled()
    assert window.runner is not None
    window.runner.progressed.connect(lambda done, total: seen.append((done, total)))
    qtbot.waitUntil(lambda: window.runner is None, timeout=120_000)
    assert window.progress.value() == 4 and window.progress.maximum() == 4
    assert window.status.text() == "4 of 4 games played."
    assert window.start_button.isEnabled() and not window.cancel_button.isEnabled()
    # The same games played without the window give the same report.
    expected = group_results(run_tasks(tasks_for([1, 6], 1, 3, (False, True)), 1))
    for vision in (False, True):
        assert chart_points(window.reports, vision) == chart_points(expected, vision)
        assert [p.level for p in chart_points(window.reports, vision)] == [1, 6]
    # Two series of error bars on the chart (without, with the Vision), levels named as the box.
    axes = window.figure.axes[0]
    assert [t.get_text() for t in axes.get_xticklabels()] == ["pink", "black"]
    assert [t.get_text() for t in axes.get_legend().get_texts()] == ["without the Vision", "with the Vision"]
    assert window.table.rowCount() == 4
    assert window.table.item(0, 0).text() == "pink" and window.table.item(0, 1).text() == "no"


def test_cancel_stops_the_run_and_keeps_the_games_played(qtbot: Any) -> None:
    window = DifficultyWindow(levels=(1,))
    qtbot.addWidget(window)
    window.games.setValue(50)
    window.jobs.setValue(1)
    window.start()
    assert window.runner is not None
    qtbot.waitUntil(lambda: window.progress.value() >= 1, timeout=60_000)
    window.cancel()
    qtbot.waitUntil(lambda: window.runner is None, timeout=60_000)
    played = sum(r.games + len(r.errors) for r in window.reports)
    assert 1 <= played < 100
    assert window.status.text().startswith(f"Cancelled: {played} of 100 games played.")
    assert window.start_button.isEnabled()


def test_the_game_menu_opens_the_difficulty_window(qtbot: Any, demo_session: Any) -> None:
    from solo.ui.main_window import MainWindow

    main = MainWindow(demo_session)
    qtbot.addWidget(main)
    game_menu = main.menuBar().actions()[0].menu()
    action = next(a for a in game_menu.actions() if a.text() == "&Difficulty…")
    action.trigger()
    window = main.difficulty_window
    qtbot.addWidget(window)
    assert window.isVisible() and window.windowTitle() == "Difficulty"


def test_in_french_nothing_of_the_chart_or_the_table_is_cut_off(qtbot: Any, qapp: Any) -> None:
    """At its first size the chart lost its title, its axis label and the level names, and the table
    « ictoires du Joueu », « ntervalle à 95 % »: each now fits."""
    from PySide6.QtWidgets import QApplication

    from solo.ui import i18n
    from solo.ui.difficulty_window import CHART_HEIGHT

    try:
        i18n.install(qapp, "fr")
        window = DifficultyWindow()
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        screen = QApplication.primaryScreen().availableGeometry()
        assert window.width() <= screen.width() and window.height() <= screen.height()
        assert window.canvas.height() >= CHART_HEIGHT
        header = window.table.horizontalHeader()
        metrics = header.fontMetrics()
        for column in range(window.table.columnCount()):
            text = window.table.horizontalHeaderItem(column).text()
            assert header.sectionSize(column) >= metrics.horizontalAdvance(text), text
        assert window.table.horizontalHeaderItem(3).text() == "Victoires du Joueur"
        window.canvas.draw()
        figure = window.figure.bbox
        axes = window.figure.axes[0]
        texts = [axes.title, axes.yaxis.label, *axes.get_xticklabels()]
        assert axes.title.get_text().startswith("Taux de victoire du Joueur")
        for text in texts:
            box = text.get_window_extent()
            assert box.x0 >= figure.x0 - 1 and box.x1 <= figure.x1 + 1, text.get_text()
            assert box.y0 >= figure.y0 - 1 and box.y1 <= figure.y1 + 1, text.get_text()
    finally:
        i18n.uninstall(qapp)
