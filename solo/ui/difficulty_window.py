"""The Difficulty window (Game menu): simulated games of the built-in Player at every level, with and
without the Vision, and a chart of the Player's win rate per level with its 95 % interval (issue 17).

The games run in a background thread (on several processes, :func:`solo.game.simulate.run_tasks`),
with a progress bar and Cancel; the window only draws what :mod:`solo.game.sim_report` computes.
The chart is drawn with matplotlib's Qt backend (error bars come with it; QtCharts would need
PySide6-Addons, a 175 MB wheel pinned to the exact PySide6 version).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QCoreApplication, QSize, QThread, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from solo.game.sim_report import LevelReport, group_results
from solo.game.simulate import GameResult, Task, default_jobs, run_tasks, tasks_for

LEVELS = (1, 2, 3, 4, 5, 6)
CHART_HEIGHT = 260
"""The chart's least height in pixels: below it the title and the level names were cut off."""


def tr(text: str) -> str:
    return QCoreApplication.translate("DifficultyWindow", text)


def level_label(level: int) -> str:
    """The level as the box names it (S-SETUP-1: pink the easiest, black the hardest)."""
    if level == 1:
        return tr("pink")
    if level == 6:
        return tr("black")
    return tr("level %1").replace("%1", str(level))


@dataclass(frozen=True)
class Point:
    """One point of the chart: the Player's win rate at a level, in %, with its 95 % interval."""

    level: int
    rate: float
    low: float
    high: float


def chart_points(reports: list[LevelReport], vision: bool) -> list[Point]:
    """The Player's win rate per level for one Vision setting, levels in order."""
    found = []
    for report in sorted((r for r in reports if r.vision is vision and r.games), key=lambda r: r.difficulty):
        rate, low, high = report.rate("player")
        found.append(Point(report.difficulty, 100 * rate, 100 * low, 100 * high))
    return found


class SimulationThread(QThread):
    """Plays the games away from the window's thread; tells progress; stops early when cancelled."""

    progressed = Signal(int, int)

    def __init__(self, tasks: list[Task], jobs: int) -> None:
        super().__init__()
        self.tasks = tasks
        self.jobs = jobs
        self.results: list[GameResult] = []
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def run(self) -> None:
        self.results = run_tasks(self.tasks, self.jobs, lambda done, total: self.progressed.emit(done, total),
                                 self._cancel.is_set)


class DifficultyWindow(QWidget):
    """Settings, Start/Cancel, progress, the chart and the table of the last run."""

    def __init__(self, levels: tuple[int, ...] = LEVELS, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("difficulty-window")
        self.setWindowTitle(tr("Difficulty"))
        self.levels = levels
        self.runner: SimulationThread | None = None
        self.reports: list[LevelReport] = []
        self.games = QSpinBox(minimum=1, maximum=1000, value=20)
        self.seed = QSpinBox(minimum=0, maximum=1_000_000, value=0)
        self.jobs = QSpinBox(minimum=1, maximum=64, value=default_jobs())
        form = QFormLayout()
        form.addRow(tr("Games per level:"), self.games)
        form.addRow(tr("First seed:"), self.seed)
        form.addRow(tr("Processes:"), self.jobs)
        self.start_button = QPushButton(tr("Start"))
        self.cancel_button = QPushButton(tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.status = QLabel(tr("The built-in Player plays whole games against the automaton at each "
                                "level, with and without the Arch-Mage's Vision."))
        self.status.setWordWrap(True)
        # constrained: the title, the axis label and the level names are laid out again at every size
        self.figure = Figure(figsize=(6, 3.5), layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)  # type: ignore[no-untyped-call]
        self.canvas.setMinimumHeight(CHART_HEIGHT)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            [tr("Level"), tr("Vision"), tr("Games"), tr("Player wins"), tr("95 % interval")])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.canvas, 1)
        layout.addWidget(self.table)
        self.draw()
        self.resize(self.sizeHint())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Room for the chart and the table of the 12 rows of a run, within the screen."""
        wanted = QSize(max(super().sizeHint().width(), 760), 820)
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return wanted
        return wanted.boundedTo(screen.availableGeometry().size() * 0.9)

    # -- running -------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the games of every level, without and with the Vision."""
        if self.runner is not None:
            return
        tasks = tasks_for(list(self.levels), self.games.value(), self.seed.value(), (False, True))
        self.runner = SimulationThread(tasks, self.jobs.value())
        self.runner.progressed.connect(self.show_progress)
        self.runner.finished.connect(self.finish)
        self.progress.setRange(0, len(tasks))
        self.progress.setValue(0)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(tr("Playing %1 games…").replace("%1", str(len(tasks))))
        self.runner.start()

    def cancel(self) -> None:
        """Stop after the games being played; what is done is still shown."""
        if self.runner is not None:
            self.runner.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText(tr("Cancelling after the games being played…"))

    def show_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.status.setText(tr("%1 of %2 games played").replace("%1", str(done)).replace("%2", str(total)))

    def finish(self) -> None:
        runner = self.runner
        if runner is None:
            return
        self.runner = None
        self.reports = group_results(runner.results)
        failed = sum(len(r.errors) for r in self.reports)
        played = len(runner.results)
        text = tr("Cancelled: %1 of %2 games played.") if runner.cancelled else tr("%1 of %2 games played.")
        text = text.replace("%1", str(played)).replace("%2", str(len(runner.tasks)))
        if failed:
            text += " " + QCoreApplication.translate(
                "DifficultyWindow", "%n game(s) stopped on an engine error.", None, failed)
        self.status.setText(text)
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.draw()
        runner.deleteLater()

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self) -> None:
        """The chart and the table of the last run (empty axes before any run)."""
        self.figure.clear()
        axes = self.figure.add_subplot()
        series = ((False, tr("without the Vision"), -0.1), (True, tr("with the Vision"), 0.1))
        for vision, label, shift in series:
            points = chart_points(self.reports, vision)
            if not points:
                continue
            axes.errorbar(
                [p.level + shift for p in points], [p.rate for p in points],
                yerr=[[p.rate - p.low for p in points], [p.high - p.rate for p in points]],
                fmt="o-", capsize=4, label=label,
            )
        axes.set_xticks(list(self.levels), [level_label(level) for level in self.levels])
        axes.set_xlim(min(self.levels) - 0.5, max(self.levels) + 0.5)  # « black » off the frame's edge
        axes.set_ylim(0, 100)
        axes.set_ylabel(tr("Player's wins (%)"))
        axes.set_title(tr("The Player's win rate per level, 95 % interval"))
        if self.reports:
            axes.legend()
        self.canvas.draw_idle()  # type: ignore[no-untyped-call]
        self._fill_table()

    def _fill_table(self) -> None:
        rows = [r for r in self.reports if r.games]
        self.table.setRowCount(len(rows))
        for row, report in enumerate(rows):
            rate, low, high = report.rate("player")
            vision = tr("yes") if report.vision else tr("no")
            cells = (level_label(report.difficulty), vision, str(report.games),
                     f"{report.wins('player')} ({100 * rate:.0f} %)", f"{100 * low:.0f}–{100 * high:.0f} %")
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))

    def closeEvent(self, event: object) -> None:  # noqa: N802 (Qt override)
        """Closing cancels the games still running and waits for the workers."""
        if self.runner is not None:
            self.runner.cancel()
            self.runner.wait()
        super().closeEvent(event)  # type: ignore[arg-type]
