"""One step of a game at a time, as the app plays it: remembered for undo, then autosaved.

Every step (a Player action, an NP turn) goes through :func:`play_step`: the game is checkpointed
before it (so ``undo`` comes back to before it, AMB-UNDO), the step is driven with the table, and the
game is saved atomically after it (two-file autosave, AMB-AUTOSAVE). A step that waits for the table
is undone at once and reported: the saved game never holds half a step (AMB-STEP-ATOMIC).
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

from solo.automaton.table import Request, Table, drive
from solo.game.saves import autosave, checkpoint, undo
from solo.game.state import Game


def play_step(
    game: Game, steps: Generator[Request, Any, Any], table: Table, folder: Path | str | None = None
) -> tuple[Game, Any, Request | None]:
    """Run one step of ``game``: (the game after it, the step's result, the request it waits for).

    When the table cannot answer, the game before the step is returned with that request: the player
    answers it and the step is played again from the start."""
    checkpoint(game)
    result, waiting = drive(steps, table)
    if waiting is not None:
        return undo(game), None, waiting
    if folder is not None:
        autosave(game, folder)
    return game, result, None
