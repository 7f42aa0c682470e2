"""The app's model: the session being played, its undo stack, and the signals the views redraw from.

Every change goes through here. An edit of the table (mirroring what the player did on the real
table) and a finished game step are both :class:`StateCommand` on the undo stack: the command keeps
the whole game before and after, its own undo history included (``solo.game.saves.whole_state``), so
undo and redo give back exactly the game of that moment whatever changed, in any order (issue 13: a
state put back with another moment's history was refused and the stack moved without the game).
Views never change the game themselves; they listen to :attr:`GameModel.changed`. The model's own
guard: an undo or redo that fails leaves the game and the stack's index as they were, and says so
through ``failed``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from solo.automaton.table import Request
from solo.automaton.turn import TurnRecord
from solo.errors import Problem
from solo.game.saves import whole_state
from solo.game.session import END_PLAYER_TURN, NP_TURN, Session, Steps
from solo.game.state import Game
from solo.table.position import Position
from solo.ui import words


class StateCommand(QUndoCommand):
    """A titled change of the game, undone and redone by putting back the whole state."""

    def __init__(self, model: GameModel, title: str, before: dict[str, Any], after: dict[str, Any],
                 records: tuple[TurnRecord | None, TurnRecord | None] = (None, None)) -> None:
        super().__init__(title)
        self._model = model
        self._before = before
        self._after = after
        self._records = records
        """The NP turn's explanations shown before and after (they are not part of the game state)."""
        self.position = model.undo_stack.index()
        """Where the command sits in the stack (undone: the stack's index is this)."""
        self._done = True  # pushed after the change was made: the first redo does nothing
        self.skip = False
        """Set by the model to move the stack's index back after a failed undo or redo, game untouched."""

    @property
    def after(self) -> dict[str, Any]:
        """The game once the command is done (whole)."""
        return self._after

    def redo(self) -> None:
        if self._done or self.skip:
            self._done = self.skip = False
            return
        self._model.put_state(self._after, self._records[1], self.position + 1)

    def undo(self) -> None:
        if self.skip:
            self.skip = False
            return
        self._model.put_state(self._before, self._records[0], self.position)


class GameModel(QObject):
    """The game on screen. Signals: ``changed`` (anything in the game), ``request`` (the step in
    progress waits for the player: a Request), ``step_done`` (a step finished: its title),
    ``warnings`` (an edit broke rules: the problems, never blocking), ``failed`` (an undo or redo
    could not be done: the exception; the game is as it was), ``history_moved`` (an undo, a redo,
    another game: what the views said of the last step is no longer true)."""

    changed = Signal()
    history_moved = Signal()
    request = Signal(object)
    step_done = Signal(str)
    warnings = Signal(list)
    failed = Signal(object)

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.undo_stack = QUndoStack(self)
        self._record_before: TurnRecord | None = None
        self.path: Path | None = None
        """The game file the player saved to or opened, if any (autosave is separate)."""
        words.follow(lambda: self.session.game)  # dialogs name the pieces of this game
        self._put_error: Exception | None = None
        self._game_index = 0
        """The stack's index the game on screen belongs to (differs from the stack's only after a
        failed undo or redo, until the index is moved back)."""
        self._syncing = False
        self._initial = whole_state(session.game)
        """The game when the history starts (what undoing everything gives back)."""
        self.undo_stack.indexChanged.connect(self._index_changed)

    # -- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def position(self) -> Position:
        return self.session.game.position

    @property
    def pending(self) -> Request | None:
        return self.session.pending

    # -- changing ------------------------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        """Another game (new or loaded): the undo history starts again."""
        self.session.abandon()
        self.session = session
        self._game_index = 0
        self._initial = whole_state(session.game)
        self.undo_stack.clear()
        self.history_moved.emit()
        self.changed.emit()

    def put_state(self, state: dict[str, Any], record: TurnRecord | None, index: int) -> None:
        """Put a whole game state back (undo/redo) with the NP turn's explanations of that moment; the
        step in progress, if any, is abandoned; ``index``: the stack's index of that state. Never raises
        (it runs inside QUndoStack): a failure is reported once the stack has moved, the game left as
        it was and the stack's index moved back to it."""
        try:
            self.session.restore(state)
        except Exception as error:
            self._put_error = error
            return
        self._game_index = index
        self.session.record = record
        self.history_moved.emit()
        self.changed.emit()

    def history_state(self) -> dict[str, Any]:
        """The game as the History shows it now: after the last command done (or as it started)."""
        index = self.undo_stack.index()
        command = self.undo_stack.command(index - 1) if index > 0 else None
        return command.after if isinstance(command, StateCommand) else self._initial

    def recover(self) -> None:
        """After an error nobody expected: the step in progress is given up and the game put back as the
        History shows it (the model's guard: a half-done action never stays)."""
        self.session.abandon()
        self.session.pending = None
        state = self.history_state()
        if whole_state(self.game) != state:
            self.session.restore(state)
        self._game_index = self.undo_stack.index()
        self.history_moved.emit()
        self.changed.emit()

    def undo(self) -> bool:
        """Undo the last command; False (and ``failed``) when its game could not be put back: the game
        and the history's index then stay as they were."""
        return self._move(self.undo_stack.undo)

    def redo(self) -> bool:
        """Redo the next command; see :meth:`undo`."""
        return self._move(self.undo_stack.redo)

    def _move(self, go: Callable[[], None]) -> bool:
        self._put_error = None
        before = self.undo_stack.index()
        go()
        return self.undo_stack.index() != before

    def _index_changed(self, index: int) -> None:
        """After any move of the stack (Undo, Redo, a click in the history view): when a command could
        not put its game back, the index goes back to the game on screen and the player is told."""
        if self._syncing:
            return
        error, self._put_error = self._put_error, None
        if index != self._game_index:
            low, high = sorted((index, self._game_index))
            for position in range(low, high):
                command = self.undo_stack.command(position)
                if isinstance(command, StateCommand):
                    command.skip = True
            self._syncing = True
            try:
                self.undo_stack.setIndex(self._game_index)
            finally:
                self._syncing = False
            self.changed.emit()
        if error is not None or index != self._game_index:
            self.failed.emit(error or RuntimeError(f"the history is at {index}, the game at "
                                                   f"{self._game_index}"))

    def _push(self, command: StateCommand) -> None:
        self._game_index = self.undo_stack.index() + 1
        self.undo_stack.push(command)

    def edit(self, title: str, change: Callable[[Game], None]) -> list[Problem]:
        """Mirror a change made on the real table. Refused (ValueError, nothing changes) while a step is
        in progress, or when ``change`` raises ValueError; otherwise the edit is kept even when it
        breaks a rule: the problems are returned and emitted as ``warnings`` (the app warns, never
        blocks)."""
        if self.session.busy:
            # The step holds the game it is playing: an edit now would be lost or would tangle it.
            raise ValueError(self.tr("“{step}” is in progress: finish it or give it up before editing "
                                     "the table.").format(step=self.step_title(self.session.title)))
        before = whole_state(self.game)
        try:
            change(self.game)
        except Exception:
            self.session.restore(before)  # refused or failed: not even half of it stays
            self.changed.emit()
            raise
        after = whole_state(self.game)
        if after != before:
            record = self.session.record
            self.session.restore(after)  # autosaved
            self._push(StateCommand(self, title, before, after, (record, record)))
        problems = self.position.status("table")
        if problems:
            self.warnings.emit(problems)
        self.changed.emit()
        return problems

    def begin(self, title: str, start: Callable[[Game], Steps]) -> Request | None:
        """Start a game step; see :meth:`Session.begin`."""
        return self._step(lambda: self.session.begin(title, start))

    def np_turn(self) -> Request | None:
        return self._step(self.session.np_turn)

    def end_player_turn(self) -> Request | None:
        return self._step(self.session.end_player_turn)

    def answer(self, value: Any) -> Request | None:
        return self._step(lambda: self.session.answer(value))

    def step_title(self, title: str) -> str:
        """The history's words for a step the engine names itself (the app's own steps are named in
        the player's language already)."""
        known = {NP_TURN: self.tr("The NP's turn"), END_PLAYER_TURN: self.tr("End of the Player's turn")}
        return known.get(title, title)

    def _step(self, run: Callable[[], Request | None]) -> Request | None:
        """Run a session call; a step that fails is undone by the session: the views redraw, then
        the error goes on to the caller."""
        if not self.session.busy:
            self._record_before = self.session.record
        try:
            request = run()
        except Exception:
            self.changed.emit()
            raise
        return self._after_step(request)

    def abandon(self) -> None:
        self.session.abandon()
        self.changed.emit()

    def _after_step(self, request: Request | None) -> Request | None:
        if request is not None:
            self.changed.emit()
            self.request.emit(request)
            return request
        before = self.session.state_before()
        if before is not None:
            records = (self._record_before, self.session.record)
            after = whole_state(self.game)
            title = self.step_title(self.session.title)
            self._push(StateCommand(self, title, before, after, records))
        self.changed.emit()
        self.step_done.emit(self.session.title)
        return None
