"""Start the desktop companion: ``dt-solo app [GAME] [--demo]``.

On start the app opens, in this order: the game file named, the bundled demo game with ``--demo``,
the game autosaved last time ("resume last game"), or the demo game. A game file that cannot be read
is reported and the next one in that order is opened: the app always starts.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from solo.errors import DataError
from solo.game.saves import load_autosave, load_game
from solo.game.saves_format import AUTOSAVE
from solo.game.session import Session
from solo.locations import DEMO_GAME, autosave_dir, demo_autosave_dir
from solo.ui import i18n, xcb_check
from solo.ui.failures import install_excepthook
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings
from solo.ui.words import problem_line

EXIT_AFTER_SHOW = "DT_SOLO_EXIT_AFTER_SHOW"
"""Set (to anything) to quit as soon as the window is shown: benchmarks/bench_app.py times start-up."""


def start_session(game_path: Path | None, demo: bool) -> tuple[Session, Path | None, list[str]]:
    """The session to open, the game file it came from (None for an autosave or the demo), and the
    problems met on the way (files that could not be read). AMB-RESUME, AMB-DEMO-AUTOSAVE."""
    problems: list[str] = []
    folder, demo_folder = autosave_dir(), demo_autosave_dir()
    if game_path is not None:
        try:
            return Session(load_game(game_path), folder=folder), game_path, problems
        except DataError as error:
            problems += [problem_line(p) for p in error.problems]
    if not demo and (folder / AUTOSAVE).exists():
        try:
            game, _ = load_autosave(folder)
            return Session(game, folder=folder), None, problems
        except DataError as error:
            problems += [problem_line(p) for p in error.problems]
    if not demo and (demo_folder / AUTOSAVE).exists():
        try:
            game, _ = load_autosave(demo_folder)
            return Session(game, folder=demo_folder), None, problems
        except DataError as error:
            problems += [problem_line(p) for p in error.problems]
    return Session(load_game(DEMO_GAME), folder=demo_folder), None, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dt-solo app", description="the dt-solo desktop companion")
    parser.add_argument("game", nargs="?", default=None, help="a game file to open")
    parser.add_argument("--demo", action="store_true", help="open the bundled demo game")
    args = parser.parse_args(list(argv) if argv is not None else sys.argv[1:])
    if QApplication.instance() is None and xcb_check.uses_xcb():
        missing = xcb_check.missing_packages()
        if missing:  # Qt would abort the process (exit 134) with a message few players understand
            french = i18n.resolve(AppSettings().language) == "fr"
            print(xcb_check.missing_message(missing, french), file=sys.stderr)
            return 1
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName("dt-solo")
    app.setOrganizationName("dt-solo")
    settings = AppSettings()
    i18n.install(app, settings.language)
    session, path, problems = start_session(Path(args.game) if args.game else None, args.demo)
    window = MainWindow(session, settings)
    install_excepthook(window.report_failure)
    window.set_path(path)
    if settings.window_geometry is not None:
        window.restoreGeometry(settings.window_geometry)
    if settings.window_state is not None:
        window.restoreState(settings.window_state)
    if settings.window_geometry is None:
        window.first_start_layout()
    window.show()
    if os.environ.get(EXIT_AFTER_SHOW):  # for the start-up benchmark: quit once interactive
        QTimer.singleShot(0, app.quit)
    if problems:
        QMessageBox.warning(window, "dt-solo", "\n".join(problems[:20]))
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
