"""What every table edit does the same way (solo.game.edits for the pieces, solo.game.board_edits for
the board): read a square given as a name or a number, and leave an ``edit`` event in the log."""

from __future__ import annotations

from typing import Any

from solo.errors import EditRefusedError
from solo.game.state import Game
from solo.messages import Message, msg
from solo.table.squares import SQUARE_COUNT, Square, parse_square


def any_square(value: Square | str) -> Square:
    """A square of the board given by its name (``c3``) or its number; else ValueError."""
    if isinstance(value, str):
        return parse_square(value)
    if isinstance(value, bool) or not 0 <= value < SQUARE_COUNT:
        raise EditRefusedError(msg("{square} is not a square of the board", square=repr(value)))
    return Square(value)


def log_edit(game: Game, text: Message, **data: Any) -> None:
    """The edit told in the game log (``Table edit: …``), with the data to tell it again."""
    game.record("edit", msg("Table edit: {edit}", edit=text), **data)
