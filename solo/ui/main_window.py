"""The main window: the board in the middle, the turns, the log, the undo history and the rules around.

It only wires the parts together: board gestures become model edits or Player actions, requests
become dialogs, and the window's title, score and end-of-game dialog follow the model.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMenu,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from solo.game.content import reload_content
from solo.game.npturn import winner as game_winner
from solo.game.reveal import RoomRequest
from solo.game.session import NP_TURN, Session
from solo.messages import literal
from solo.table.position import Side
from solo.table.squares import Square
from solo.ui import edit_menu, window_layout
from solo.ui.board_scene import BoardScene
from solo.ui.board_view import BoardView
from solo.ui.card_editor import CardEditor
from solo.ui.failures import failure_text, log_exception
from solo.ui.game_files import GameFilesWindow
from solo.ui.game_status import GameStatusPanel, scrolled
from solo.ui.log_panel import LogPanel
from solo.ui.model import GameModel
from solo.ui.np_panel import NpTurnPanel
from solo.ui.player_panel import PlayerTurnPanel
from solo.ui.requests import RequestRouter, ask
from solo.ui.reveal_card import TableGuide
from solo.ui.room_editor import RoomEditor
from solo.ui.rules_reference import RulesReference
from solo.ui.settings import AppSettings
from solo.ui.undo_view import UndoDock


def tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class MainWindow(GameFilesWindow):
    """The companion's window over one :class:`GameModel`."""

    def __init__(self, session: Session, settings: AppSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("main-window")
        self.settings = settings if settings is not None else AppSettings()
        self.model = GameModel(session, self)
        self.router = RequestRouter(self.model, self)
        self.scene = BoardScene(self.model, self)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self.player_panel = PlayerTurnPanel(self.model, parent=self)
        self.np_panel = NpTurnPanel(self.model, self.router, self)
        self.reference = RulesReference(parent=self)
        self.np_panel.reference = self.reference
        self.player_panel.router = self.router
        self.log_panel = LogPanel(self.model, self)
        self.undo_dock = UndoDock(self.model, self)
        self.status_panel = GameStatusPanel(self.model, self)
        self.score_label = QLabel(self)
        self.statusBar().addPermanentWidget(self.score_label)
        self._end_shown = False
        self.table = TableGuide(self.model, self.scene, self)
        self.table_card, self.overlays = self.table.card, self.table.overlays
        self.card_editor: CardEditor | None = None
        self.room_editor: RoomEditor | None = None
        self._build_docks()
        self._named: list[tuple[QAction | QMenu, Callable[[], str]]] = []
        """Menus and actions with the call that names them, told again when the language changes."""
        self._build_menus()
        self._connect()
        self.scene.show_square_names(self.settings.show_square_names)
        self.refresh()

    # -- building ------------------------------------------------------------------------------
    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        turns = QTabWidget(self)
        turns.setObjectName("turn-tabs")
        turns.addTab(self.player_panel, "")
        turns.addTab(self.np_panel, "")
        self.turn_tabs = turns
        self.turns_dock = self._dock("", "turns-dock", turns, Qt.DockWidgetArea.RightDockWidgetArea)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.undo_dock)
        log = self._dock("", "log-dock", self.log_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        rules = self._dock("", "rules-dock", self.reference, Qt.DockWidgetArea.LeftDockWidgetArea)
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.status_dock = self._dock("", "status-dock", scrolled(self.status_panel), left)
        self.tabifyDockWidget(log, self.status_dock)
        self.tabifyDockWidget(self.status_dock, rules)
        self.status_dock.visibilityChanged.connect(self.status_panel.seen)
        log.raise_()
        self.log_dock = log
        self.rules_dock = rules
        self._title_docks()

    def _title_docks(self) -> None:
        self.turn_tabs.setTabText(0, tr("Player's turn"))
        self.turn_tabs.setTabText(1, tr("NP's turn"))
        self.turns_dock.setWindowTitle(tr("Turns"))
        self.log_dock.setWindowTitle(tr("Log"))  # short: three tabs share the dock's width
        self.rules_dock.setWindowTitle(tr("Rules"))
        self.status_dock.setWindowTitle(tr("Game status"))

    def _action(self, name: Callable[[], str], slot: Callable[..., object],
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None) -> QAction:
        """An action named by ``name()`` (a call holding the literal ``tr`` text lupdate finds)."""
        action = QAction(name(), self)
        self._named.append((action, name))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _menu(self, name: Callable[[], str]) -> QMenu:
        """A menu of the menu bar, named by ``name()``."""
        menu = self.menuBar().addMenu(name())
        self._named.append((menu, name))
        return menu

    def _build_menus(self) -> None:
        game = self._menu(lambda: tr("&Game"))
        game.addAction(self._action(lambda: tr("&New game…"), self.new_game, QKeySequence.StandardKey.New))
        game.addAction(self._action(lambda: tr("&Open…"), self.open_with_dialog,
                                    QKeySequence.StandardKey.Open))
        game.addAction(self._action(lambda: tr("&Save"), self.save, QKeySequence.StandardKey.Save))
        game.addAction(self._action(lambda: tr("Save &as…"), self.save_as_with_dialog,
                                    QKeySequence.StandardKey.SaveAs))
        game.addAction(self._action(lambda: tr("&Export the log…"), self.log_panel.export_with_dialog))
        game.addAction(self._action(lambda: tr("&Difficulty…"), self.open_difficulty))
        game.addSeparator()
        game.addAction(self._action(lambda: tr("&Quit"), self.close, QKeySequence.StandardKey.Quit))
        edit = self._menu(lambda: tr("&Edit"))
        undo = self._action(lambda: tr("&Undo"), self.undo, QKeySequence.StandardKey.Undo)
        self.undo_action = undo
        redo = self._action(lambda: tr("&Redo"), self.redo, QKeySequence.StandardKey.Redo)
        self.redo_action = redo
        edit.addActions([undo, redo])
        view = self._menu(lambda: tr("&View"))
        names = self._action(lambda: tr("Square &names"), self.toggle_square_names, "Ctrl+Shift+N")
        names.setCheckable(True)
        names.setChecked(self.settings.show_square_names)
        self.names_action = names
        view.addAction(names)
        view.addAction(self._action(lambda: tr("Zoom &in"), self.view.zoom_in,
                                    QKeySequence.StandardKey.ZoomIn))
        view.addAction(self._action(lambda: tr("Zoom &out"), self.view.zoom_out,
                                    QKeySequence.StandardKey.ZoomOut))
        view.addAction(self._action(lambda: tr("&Fit the board"), self.view.fit, "Ctrl+0"))
        view.addSeparator()
        for dock in (self.turns_dock, self.undo_dock, self.log_dock, self.status_dock, self.rules_dock):
            view.addAction(dock.toggleViewAction())  # a closed panel comes back from here
        content = self._menu(lambda: tr("&Content"))
        content.addAction(self._action(lambda: tr("&NPC cards…"), self.open_card_editor))
        content.addAction(self._action(lambda: tr("&Rooms…"), self.open_room_editor))
        help_menu = self._menu(lambda: tr("&Help"))
        help_menu.addAction(self._action(lambda: tr("&Rules reference"), self.show_reference, "F1"))
        help_menu.addAction(self._action(lambda: tr("&Settings…"), self.open_settings))

    def _connect(self) -> None:
        self.model.changed.connect(self.refresh)
        self.scene.square_clicked.connect(self.square_clicked)
        self.scene.piece_dropped.connect(self.piece_dropped)
        self.scene.context_requested.connect(self.context_requested)
        self.player_panel.shade_changed.connect(self.scene.shade)
        self.np_panel.path_changed.connect(self.scene.show_path)
        self.np_panel.rule_requested.connect(self.show_reference)
        self.router.failed.connect(self.show_failure)
        self.model.step_done.connect(self.step_done)
        self.model.history_moved.connect(lambda: self.scene.show_path([]))
        self.model.failed.connect(lambda error: self.report_failure(error, tr("Undo or redo")))

    def first_start_layout(self, screen: QRect | None = None) -> None:
        """No layout saved yet (a first start): see :func:`window_layout.first_start_layout`."""
        window_layout.first_start_layout(self, [self.undo_dock, self.log_dock], [self.turns_dock],
                                         screen if screen is not None else self.screen().availableGeometry())

    # -- following the model -------------------------------------------------------------------
    def undo(self) -> None:
        """Undo: a step waiting for an answer is given up first (and only that), else the last command."""
        if self.model.session.busy:
            self.model.abandon()
            self.statusBar().showMessage(tr("The step in progress was given up."), 5000)
        elif self.model.undo_stack.canUndo():
            self.model.undo()

    def redo(self) -> None:
        """Redo the next command of the History (a step waiting for an answer is given up first)."""
        if self.model.session.busy:
            self.model.abandon()
        if self.model.undo_stack.canRedo():
            self.model.redo()

    def report_failure(self, error: BaseException, what: str = "") -> None:
        """An error nobody expected (an exception out of a slot, an undo that could not be done): the
        game goes back to what the History shows, the error to the log file, the player is told."""
        log = log_exception(error, what)
        try:
            self.model.recover()
        except Exception as again:
            log_exception(again, "recovering")
        self.failure_box = QMessageBox(QMessageBox.Icon.Warning, tr("Something went wrong"),
                                       failure_text(what, error, log), parent=self)
        self.failure_box.open()  # not modal: an error inside a dialog's loop must not stack loops

    def refresh(self) -> None:
        """Title, score and turn from the game; the end-of-game dialog once a side has 5 VP."""
        game = self.model.game
        score = game.position.score
        player, npc = (score.player, score.npc) if score is not None else (0, 0)
        turn = game.position.turn
        whose = tr("the NP's turn") if turn is not None and turn.side is Side.NPC else tr("the Player's turn")
        self.score_label.setText(tr("Turn {turn}, {whose} — Player {player} VP, NP {npc} VP").format(
            turn=game.turn_number, whose=whose, player=player, npc=npc))
        self.undo_action.setEnabled(self.model.session.busy or self.model.undo_stack.canUndo())
        self.redo_action.setEnabled(self.model.undo_stack.canRedo())
        name = self.model.path.name if self.model.path is not None else tr("unsaved game")
        self.setWindowTitle(tr("dt-solo — {name}").format(name=name))
        if turn is not None and turn.side is Side.NPC and not self.model.session.busy:
            self.turn_tabs.setCurrentWidget(self.np_panel)
        elif turn is not None and turn.side is Side.PLAYER:
            self.turn_tabs.setCurrentWidget(self.player_panel)
        if self.model.session.over and not self._end_shown and not self.model.session.busy:
            self._end_shown = True
            self.show_end(player, npc)
        elif not self.model.session.over:
            self._end_shown = False

    def step_done(self, title: str) -> None:
        """The NP's turn is over: its paths leave the board."""
        if title == NP_TURN:
            self.scene.show_path([])

    def show_end(self, player: int, npc: int) -> None:
        winner = tr("You win!") if game_winner(self.model.game) is Side.PLAYER else tr("The NP wins.")
        self.end_box = QMessageBox(QMessageBox.Icon.Information, tr("The game is over"),
                                   tr("{winner} Player {player} VP, NP {npc} VP (S-END-1).").format(
                                       winner=winner, player=player, npc=npc), parent=self)
        self.end_box.open()

    def show_failure(self, message: str) -> None:
        QMessageBox.warning(self, tr("The step could not be played"), message)

    # -- the board's gestures ------------------------------------------------------------------
    def square_clicked(self, square: int) -> None:
        """A Player figure selects it for the Player's turn; another square moves the selected one."""
        figure = self.model.position.figure_at(Square(square))
        if figure is not None and figure.side is Side.PLAYER:
            self.player_panel.select_figure(figure.id)
        else:
            self.player_panel.square_chosen(square)

    def piece_dropped(self, piece: str, square: int) -> None:
        edit_menu.move_piece(self.model, piece, Square(square))

    def context_requested(self, square: int, where: QPoint) -> None:
        menu = edit_menu.build_menu(self.model, Square(square), self, reveal_requested=self.reveal_room)
        menu.popup(where)
        self._context_menu = menu

    def reveal_room(self, slot: int) -> None:
        """The player turned a room over by hand: which room, how it lies (then mirror its tokens)."""
        options = tuple(self.model.game.rooms_unrevealed)
        asked = tr("Which room did you turn over in slot {slot}, and how does it lie?").format(slot=slot)
        request = RoomRequest("", literal(asked), slot, options)
        chosen = ask(request, self, self.model.game.content)
        if chosen is not None:
            layout_id, rotation = chosen
            edit_menu.reveal(self.model, slot, str(layout_id), int(rotation))

    # -- other windows -----------------------------------------------------------------------------
    def toggle_square_names(self, shown: bool) -> None:
        self.scene.show_square_names(shown)
        self.settings.show_square_names = shown

    def show_reference(self, rule_id: str | None = None) -> None:
        self.rules_dock.show()
        self.rules_dock.raise_()
        if rule_id:
            self.reference.show_rule(rule_id)

    def open_card_editor(self) -> None:
        """The NPC card editor (one window, kept with its unsaved changes); a saved card is used by the
        game at once."""
        if self.card_editor is None:
            self.card_editor = CardEditor()
            self.card_editor.setWindowTitle(tr("NPC cards"))
            self.card_editor.saved.connect(lambda _path: reload_content())
        self.card_editor.show()
        self.card_editor.raise_()

    def open_room_editor(self) -> None:
        """The room editor (one window, kept with its unsaved changes)."""
        if self.room_editor is None:
            self.room_editor = RoomEditor()
            self.room_editor.setWindowTitle(tr("Rooms"))
            self.room_editor.saved.connect(lambda _path: reload_content())
        self.room_editor.show()
        self.room_editor.raise_()

    def open_difficulty(self) -> None:
        """The Difficulty window (one, kept with its last run); matplotlib loads only when it opens."""
        from solo.ui.difficulty_window import DifficultyWindow

        window = getattr(self, "difficulty_window", None)
        if window is None:
            window = DifficultyWindow()
            self.difficulty_window = window
        window.show()
        window.raise_()

    def open_settings(self) -> None:
        from solo.ui.settings import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        dialog.square_names_changed.connect(self.scene.show_square_names)
        dialog.square_names_changed.connect(self.names_action.setChecked)
        dialog.open()
        self.settings_dialog = dialog

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """The language changed (Settings): menus, docks and the status line are told again, nothing
        is deleted or rebuilt (the panels retranslate themselves; the engine's words are rendered
        again in the new language by each panel's refresh)."""
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "turn_tabs"):
            for item, name in self._named:
                if isinstance(item, QMenu):
                    item.setTitle(name())
                else:
                    item.setText(name())
            self._title_docks()
            self.refresh()
        super().changeEvent(event)

    def close_other_windows(self) -> bool:
        """Close the editors (each asks about its unsaved changes) and every other window of the app;
        False when the player kept an editor open (Cancel): then nothing closes."""
        for editor in (self.card_editor, self.room_editor):
            if editor is not None and editor.isVisible() and not editor.close():
                return False
        for widget in QApplication.topLevelWidgets():
            if widget is not self and widget.isVisible() and widget.isWindow():
                widget.close()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        """Quit: the editors are closed first (asking about their unsaved changes: Cancel keeps the
        app open); the game loses nothing (every step is autosaved); the window's layout is kept."""
        if not self.close_other_windows():
            event.ignore()
            return
        self.settings.window_geometry = self.saveGeometry()
        self.settings.window_state = self.saveState()
        self.settings.sync()
        super().closeEvent(event)
