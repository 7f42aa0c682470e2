"""The main window's game files: new game, open, save and save as, and the question asked before another
game replaces the one on screen (its autosave with it). Apart from the window's wiring (main_window)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMainWindow, QMessageBox

from solo.errors import DataError
from solo.game.saves import game_from_state, game_state, load_game, save_game
from solo.game.session import Session
from solo.locations import DEMO_GAME, autosave_dir
from solo.ui.board_scene import BoardScene
from solo.ui.file_dialogs import ask_file_name
from solo.ui.model import GameModel
from solo.ui.player_panel import PlayerTurnPanel
from solo.ui.settings import AppSettings
from solo.ui.words import problem_line


def tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class GameFilesWindow(QMainWindow):
    """A window over one game that opens and saves game files (the main window builds the rest)."""

    model: GameModel
    settings: AppSettings
    scene: BoardScene
    player_panel: PlayerTurnPanel

    def refresh(self) -> None:
        """Show the game as it is now (the main window's title, score and panels)."""

    # -- files -------------------------------------------------------------------------------------
    def set_path(self, path: Path | None) -> None:
        """The game file the game on screen was opened from or saved to (None: only autosaved)."""
        self.model.path = path
        self.model.undo_stack.setClean()
        self.refresh()

    def confirm_replace(self) -> bool:
        """Before another game replaces this one (its autosave with it): a game changed since it was
        last saved may be saved first. False: keep this game."""
        saved = self.model.path is not None or self._pristine_demo()
        if saved and self.model.undo_stack.isClean() and not self.model.session.busy:
            return True
        answer = self.ask_replace()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _pristine_demo(self) -> bool:
        """The game on screen is the bundled demo game, untouched."""
        try:
            return game_state(self.model.game) == game_state(load_game(DEMO_GAME))
        except DataError:
            return False

    def ask_replace(self) -> QMessageBox.StandardButton:
        """Save, Discard or Cancel (tests replace this method)."""
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        return QMessageBox.question(
            self, tr("Replace the current game"),
            tr("The game on screen is not saved in a game file as it is now, and the new game will "
               "replace its autosave. Save it first?"), buttons, QMessageBox.StandardButton.Save)

    def new_game(self) -> None:
        from solo.ui.new_game import GameSettings, NewGameWizard

        if not self.confirm_replace():
            return
        wizard = NewGameWizard(self, GameSettings.from_data(self.settings.last_new_game))
        if wizard.exec() and wizard.game is not None:
            self.settings.last_new_game = wizard.game_settings().to_data()
            self.set_session(Session(wizard.game, folder=autosave_dir()), None)

    def set_session(self, session: Session, path: Path | None) -> None:
        self.player_panel.figure_id = None  # a figure of the game before
        self.model.set_session(session)
        self.scene.clear_overlays()
        self.set_path(path)

    def open_game(self, path: Path) -> bool:
        """Open a game file; a broken one is reported (file, entry, problem) and the game on screen stays."""
        if not self.confirm_replace():
            return False
        try:
            game = load_game(path)
        except DataError as error:
            lines = "\n".join(problem_line(p) for p in error.problems[:20])
            QMessageBox.warning(self, tr("This game file cannot be opened"), lines)
            return False
        self.set_session(Session(game, folder=autosave_dir()), path)
        self.settings.last_game_path = path
        return True

    def open_with_dialog(self) -> None:
        name = ask_file_name(self, tr("Open a game"), "", tr("dt-solo games (*.yaml)"), save=False)
        if name:
            self.open_game(Path(name))

    def save(self) -> bool:
        if self.model.path is None:
            return self.save_as_with_dialog()
        return self.save_to(self.model.path)

    def save_to(self, path: Path) -> bool:
        """Save the game; while a step waits for an answer, the game as it was before that step (a
        file never holds half a step, AMB-STEP-ATOMIC)."""
        before = self.model.session.state_before() if self.model.session.busy else None
        game = game_from_state(before) if before is not None else self.model.game
        try:
            save_game(game, path)
        except OSError as error:
            QMessageBox.warning(self, tr("The game could not be saved"), str(error))
            return False
        self.settings.last_game_path = path
        if before is None:
            self.set_path(path)
            self.statusBar().showMessage(tr("Saved to {path}").format(path=path), 5000)
        else:
            step = self.model.step_title(self.model.session.title)
            self.statusBar().showMessage(tr("Saved to {path} as it was before “{step}”, still in progress")
                                         .format(path=path, step=step), 8000)
        return True

    def save_as_with_dialog(self) -> bool:
        name = ask_file_name(self, tr("Save the game"), "game.yaml", tr("dt-solo games (*.yaml)"), save=True)
        return self.save_to(Path(name)) if name else False

