"""Error and problem types shared by every loader and by the rules engine.

Bad input is reported as :class:`Problem` values naming the file and entry; loaders collect them
all (never stopping at the first) and raise a :class:`DataError` carrying the whole list.
Illegal actions on a valid position raise :class:`IllegalActionError` instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.messages import Message


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file: where it is and what is wrong."""

    source: str
    """The file (or ``<string>``) the problem was found in."""
    entry: str
    """The entry at fault: a key path, an id, or ``line L, column C``."""
    message: str | Message
    """What is wrong: English text, or a message the edge renders in the reader's language."""

    @property
    def text(self) -> str:
        """What is wrong, in English."""
        return self.message if isinstance(self.message, str) else self.message.english()

    def __str__(self) -> str:
        where = f"{self.source}: {self.entry}" if self.entry else self.source
        return f"{where}: {self.text}"


class DataError(Exception):
    """A data file (room, position, card, rules table) is malformed or inconsistent."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(Exception):
    """An action that the rules forbid in the current position (e.g. a move into a wall); built from
    English text or a message (``str()`` gives the English, ``message`` the words to render)."""

    def __init__(self, message: str | Message = "") -> None:
        self.message = message
        super().__init__(message if isinstance(message, str) else message.english())


class EditRefusedError(ValueError):
    """A table edit the board cannot take (a square inside a face-down room, a figure already
    wounded): a ValueError that carries its message, to be told in the player's language."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.english())
