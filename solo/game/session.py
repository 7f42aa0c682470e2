"""A game being played, one step at a time, with the table answering in between.

The app and the command line play a game through a :class:`Session`: a step (a Player action, the
NP's turn) is a generator of requests; the session answers what the game's own components answer
(notices), and hands every other request to the player, keeping the step alive until he answers.
Before a step the game is checkpointed (undo), after it the game is autosaved (AMB-AUTOSAVE); a step
abandoned half-way leaves the game as it was before it (AMB-STEP-ATOMIC).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from solo.automaton.table import Notice, Request
from solo.automaton.turn import ACTIVATION_DONE, TurnRecord
from solo.errors import IllegalActionError
from solo.game.npturn import end_np_turn, game_ended, np_turn_in_game
from solo.game.player import end_player_turn
from solo.game.saves import autosave, checkpoint, game_from_state, undo, whole_state
from solo.game.state import Game
from solo.messages import Message, literal, msg, msg_ctx
from solo.records import field, record
from solo.table.position import Side

Steps = Generator[Request, Any, Any]
NP_TURN = "The NP's turn"
"""The title of the NP's turn step."""
END_PLAYER_TURN = "End of the Player's turn"
"""The title of the step ending the Player's turn."""
PAUSES = frozenset({ACTIVATION_DONE})
"""Notices that stop the step so the player can see what just happened (the app's Next button)."""


def instant(change: Callable[[Game], object]) -> Callable[[Game], Steps]:
    """A step that asks nothing: ``change`` applied to the game (an Action card laid, say)."""

    def start(game: Game) -> Steps:
        change(game)
        return
        yield  # a generator without requests

    return start


class StepInProgressError(IllegalActionError):
    """Another step cannot start before the one in progress is answered or abandoned."""


@record
class Session:
    """A game, where it autosaves, and the step in progress with the request it waits for."""

    game: Game
    folder: Path | None = None
    """Where the game is autosaved after every step (None: not saved)."""
    title: str = ""
    """The step in progress, or the last one finished."""
    pending: Request | None = None
    """What the step in progress waits for from the player (None: no step in progress)."""
    result: Any = None
    """What the last finished step returned (a CombatResult, a TurnRecord…)."""
    record: TurnRecord | None = None
    """The NP's turn in progress or last played: its row and each activation's explanation."""
    listeners: list[Callable[[Session], None]] = field(default_factory=list)
    _steps: Steps | None = None
    _before: dict[str, Any] | None = None

    @property
    def busy(self) -> bool:
        return self._steps is not None

    @property
    def over(self) -> bool:
        """S-END-1: a side has 5 VP."""
        return game_ended(self.game)

    def begin(self, title: str, start: Callable[[Game], Steps]) -> Request | None:
        """Start a step: ``start(game)`` gives its generator. Returns the first request for the player,
        or None when the step ran to its end."""
        if self._steps is not None:
            raise StepInProgressError(msg("{step:cap} is still waiting for: {question}",
                                         step=self._step_name(), question=self._question()))
        self._before = whole_state(self.game)
        checkpoint(self.game)
        self.title = title
        self.result = None
        self._steps = start(self.game)
        return self._advance(None, first=True)

    def answer(self, value: Any) -> Request | None:
        """Answer the pending request; returns the next one, or None when the step is over."""
        if self._steps is None:
            raise StepInProgressError(msg("no step is waiting for an answer"))
        return self._advance(value, first=False)

    def abandon(self) -> None:
        """Drop the step in progress: the game comes back to what it was before it."""
        if self._steps is None:
            return
        self._steps.close()
        self._steps = None
        self.pending = None
        self.game = undo(self.game)
        self._changed()

    def undo(self) -> None:
        """Undo the last finished step (AMB-UNDO)."""
        self.abandon()
        self.game = undo(self.game)
        self.record = None
        self._changed()

    @property
    def in_np_turn(self) -> bool:
        """The NP's turn is being played (paused after an activation or waiting for an answer)."""
        return self.busy and self.title == NP_TURN

    def restore(self, state: dict[str, Any]) -> None:
        """Put the game back to a :func:`whole_state` (an app's undo or redo), its own undo history
        with it; ``record`` (the last NP turn's explanations) is the caller's to set. The game is read
        first: a state that cannot be read (DataError) leaves the session as it was, and so does an
        autosave that fails (OSError): the game on screen and the one on disk never differ."""
        game = game_from_state(state)
        self.abandon()
        before, self.game = self.game, game
        try:
            self._save()
        except BaseException:
            self.game = before
            raise
        self._changed()

    def state_before(self) -> dict[str, Any] | None:
        """The game as it was before the last step began, undo history included (a
        :func:`whole_state`, for the app's undo command)."""
        return self._before

    # -- the two turns ---------------------------------------------------------------------------

    def np_turn(self) -> Request | None:
        """Play the NP's turn, pausing after each activation (S-TURN-5..9)."""
        if self.game.position.turn is not None and self.game.position.turn.side is Side.PLAYER:
            raise IllegalActionError(msg("it is the Player's turn (S-TURN-1): end it first"))
        self.record = TurnRecord()
        record = self.record

        def steps(game: Game) -> Steps:
            result = yield from np_turn_in_game(game, record, pause_each_activation=True)
            end_np_turn(game)
            return result

        return self.begin(NP_TURN, steps)

    def end_player_turn(self) -> Request | None:
        """Phases 3 and 4 of the Player's turn (S-TURN-4)."""
        return self.begin(END_PLAYER_TURN, end_player_turn)

    # -- inside ------------------------------------------------------------------------------------

    def _advance(self, value: Any, first: bool) -> Request | None:
        assert self._steps is not None
        try:
            request = next(self._steps) if first else self._steps.send(value)
            while isinstance(request, Notice) and request.event not in PAUSES:
                request = self._steps.send(None)
        except StopIteration as done:
            self._steps = None
            self.pending = None
            self.result = done.value
            self._save()
            self._changed()
            return None
        except BaseException:
            self._steps = None
            self.pending = None
            self.game = undo(self.game)  # AMB-STEP-ATOMIC: a failed step leaves nothing behind
            self._changed()
            raise
        self.pending = request
        self._changed()
        return request

    def _save(self) -> None:
        if self.folder is not None:
            autosave(self.game, self.folder)

    def _step_name(self) -> Message:
        """The step in progress as the player reads it: the engine's own steps in the language."""
        known = {NP_TURN: msg_ctx("step", "the NP's turn"),
                 END_PLAYER_TURN: msg_ctx("step", "the end of the Player's turn")}
        return known.get(self.title) or literal(f"“{self.title}”")

    def _question(self) -> Message:
        return self.pending.text if self.pending is not None else msg("nothing")

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)
