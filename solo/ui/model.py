"""The app's model: the session being played, its undo stack, and the signals the views redraw from.

Every change goes through here. An edit of the table (mirroring what the player did on the real
table) and a finished game step are both :class:`StateCommand` on the undo stack: the command keeps
the whole game before and after (``solo.game.saves.game_state``), so undo is exact whatever changed.
Views never change the game themselves; they listen to :attr:`GameModel.changed`.
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
from solo.game.saves import game_state
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
        self._done = True  # pushed after the change was made: the first redo does nothing

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self._model.put_state(self._after, self._records[1])

    def undo(self) -> None:
        self._model.put_state(self._before, self._records[0])


class GameModel(QObject):
    """The game on screen. Signals: ``changed`` (anything in the game), ``request`` (the step in
    progress waits for the player: a Request), ``step_done`` (a step finished: its title),
    ``warnings`` (an edit broke rules: the problems, never blocking)."""

    changed = Signal()
    request = Signal(object)
    step_done = Signal(str)
    warnings = Signal(list)

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.undo_stack = QUndoStack(self)
        self._record_before: TurnRecord | None = None
        self.path: Path | None = None
        """The game file the player saved to or opened, if any (autosave is separate)."""
        words.follow(lambda: self.session.game)  # dialogs name the pieces of this game

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
        self.undo_stack.clear()
        self.changed.emit()

    def put_state(self, state: dict[str, Any], record: TurnRecord | None) -> None:
        """Put a whole game state back (undo/redo) with the NP turn's explanations of that moment; the
        step in progress, if any, is abandoned."""
        self.session.restore(state)
        self.session.record = record
        self.changed.emit()

    def edit(self, title: str, change: Callable[[Game], None]) -> list[Problem]:
        """Mirror a change made on the real table. Refused (ValueError, nothing changes) while a step is
        in progress, or when ``change`` raises ValueError; otherwise the edit is kept even when it
        breaks a rule: the problems are returned and emitted as ``warnings`` (the app warns, never
        blocks)."""
        if self.session.busy:
            # The step holds the game it is playing: an edit now would be lost or would tangle it.
            raise ValueError(self.tr("“{step}” is in progress: finish it or give it up before editing "
                                     "the table.").format(step=self.session.title))
        before = game_state(self.game)
        try:
            change(self.game)
        except ValueError:
            self.session.restore(before)  # refused: not even half of it stays
            raise
        after = game_state(self.game)
        if after != before:
            record = self.session.record
            self.session.restore(after)  # autosaved
            self.undo_stack.push(StateCommand(self, title, before, after, (record, record)))
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
            after = game_state(self.game)
            title = self.step_title(self.session.title)
            self.undo_stack.push(StateCommand(self, title, before, after, records))
        self.changed.emit()
        self.step_done.emit(self.session.title)
        return None
