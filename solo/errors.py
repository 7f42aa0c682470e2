"""Error and problem types shared by every loader and by the rules engine.

Bad input is reported as :class:`Problem` values naming the file and entry; loaders collect them
all (never stopping at the first) and raise a :class:`DataError` carrying the whole list.
Illegal actions on a valid position raise :class:`IllegalActionError` instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from solo.messages import Message, literal, msg, msg_n
from solo.records import record

SHOWN_CHARS = 60
"""The most characters of a value a message quotes: a hostile file cannot make a message huge."""


def shown(value: Any) -> str:
    """A value as a message quotes it (``repr``), cut after SHOWN_CHARS with its full length said."""
    if isinstance(value, str | int | float | bool) or value is None:
        text = repr(value)
        length = len(value) if isinstance(value, str) else len(text)
    else:
        text = _short_repr(value)
        length = -1
    if len(text) <= SHOWN_CHARS:
        return text
    unit = f"{length:,} characters" if length >= 0 else type(value).__name__
    return f"{text[:SHOWN_CHARS]}… ({unit})"


def cut(text: str, limit: int = SHOWN_CHARS) -> str:
    """A text a message quotes without quotes (an exception's words), cut like :func:`shown`."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _short_repr(value: Any) -> str:
    """The start of a container's repr, without building the whole text of a huge value."""
    if isinstance(value, list | tuple | dict):
        items = list(value.items())[:8] if isinstance(value, dict) else list(value)[:8]
        parts = [f"{shown(k)}: {shown(v)}" for k, v in items] if isinstance(value, dict) else [
            shown(v) for v in items]
        more = ", …" if len(value) > 8 else ""
        open_, close = ("{", "}") if isinstance(value, dict) else ("(", ")") if isinstance(
            value, tuple) else ("[", "]")
        return f"{open_}{', '.join(parts)}{more}{close} ({len(value):,} entries)" if more else (
            f"{open_}{', '.join(parts)}{close}")
    return repr(value)


_LINE = r"(grid )?line (\d+), column (\d+)"
"""A problem's entry that is a place in the file's text (the YAML reader's); compiled when a problem is
first worded (``re`` keeps it), not at every start (~0.6 M instructions, issue 16 item 6)."""


@record(frozen=True)
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
        return self.words()

    def words(self, say: Callable[[Message], str] | None = None) -> str:
        """The problem as a reader sees it: the file, the entry and what is wrong, in ``say``'s language."""
        entry = self.entry
        line = re.fullmatch(_LINE, entry)
        if line is not None and say is not None:
            place = (msg("grid line {line}, column {column}") if line[1]
                     else msg("line {line}, column {column}"))
            entry = say(msg(place.text, line=int(line[2]), column=int(line[3])))
        where = f"{self.source}: {entry}" if entry else self.source
        what = self.message if isinstance(self.message, str) else (
            say(self.message) if say is not None else self.message.english())
        return f"{where}: {what}"

    def as_message(self) -> Message:
        """The whole problem as one message: the file and entry as they are, what is wrong in words."""
        what = self.message if isinstance(self.message, Message) else literal(self.message)
        if not self.entry:
            return msg("{file}: {problem}", file=self.source, problem=what)
        line = re.fullmatch(_LINE, self.entry)
        entry: Message | str = self.entry
        if line is not None:
            place = (msg("grid line {line}, column {column}") if line[1]
                     else msg("line {line}, column {column}"))
            entry = msg(place.text, line=int(line[2]), column=int(line[3]))
        return msg("{file}: {entry}: {problem}", file=self.source, entry=entry, problem=what)


def problems_found(count: int) -> Message:
    """The closing line under a list of problems."""
    return msg_n("{count} problem found", "{count} problems found", count=count)


class DataError(Exception):
    """A data file (room, position, card, rules table) is malformed or inconsistent."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class MessageError(ValueError):
    """A refusal told as a message: ``str()`` gives the English, ``message`` the words to render."""

    def __init__(self, message: str | Message) -> None:
        self.message = message if isinstance(message, Message) else literal(message)
        super().__init__(self.message.english())


def told(error: BaseException) -> Message:
    """What an exception says, as a message (its own when it carries one, else its words as they are)."""
    carried = getattr(error, "message", None)
    return carried if isinstance(carried, Message) else literal(str(error))


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


class AnswerRefusedError(ValueError):
    """A request or an answer the game cannot take (a reveal of a room already face up, a token that
    names no token): a ValueError that carries its message, to be told in the player's language."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.english())
