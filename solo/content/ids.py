"""What an id (a card's, a room's, a character's) may be: checked wherever an id is read, so that a
hostile id never reaches the file system (card and room ids are file names) nor a message whole."""

from __future__ import annotations

import re
from typing import Any, TypeGuard

from solo.errors import shown
from solo.messages import Message, msg

ID_LENGTH = 64
"""The longest id: far above any printed name, far below any file system's limit."""
ID_PATTERN = r"[^\W_][\w.-]*"
"""A letter or digit, then letters, digits, ``_``, ``-`` or ``.``: a file name on every system, and
never a ``:`` (tokens like ``npc:<card>`` are split on it) nor a ``/``."""


def _id_shaped(value: str) -> bool:
    """Whether ``value`` (not empty) matches :data:`ID_PATTERN` whole, read with ``str.isalnum``, as the
    pattern's ``\\w`` is (a letter or digit of any script, or ``_``): not compiled at every start
    (~0.4 M instructions, issue 16 item 6)."""
    rest = value[1:].replace("_", "").replace(".", "").replace("-", "")
    return value[0].isalnum() and (not rest or rest.isalnum())


ID_OF: dict[str, Message] = {
    "a card": msg("a card"), "a room": msg("a room"), "a layout": msg("a layout"),
    "a character": msg("a character"),
}
"""What an id names, in words ("an" alone: any id)."""


def id_problem(value: Any, what: str = "an") -> Message | None:
    """What is wrong with ``value`` as an id (``what`` names it: "a card", "a room"…), or None."""
    named = ID_OF.get(what)
    if not isinstance(value, str) or not value:
        if named is None:
            return msg("expected an id, got {value}", value=shown(value))
        return msg("expected {what} id, got {value}", what=named, value=shown(value))
    if len(value) > ID_LENGTH:
        size = f"{len(value):,}"
        if named is None:
            return msg("an id of {size} characters: at most {limit}", size=size, limit=ID_LENGTH)
        return msg("{what} id of {size} characters: at most {limit}", what=named, size=size, limit=ID_LENGTH)
    if not _id_shaped(value):
        if named is None:
            return msg("{value} is not a valid id: letters, digits, '-', '_' and '.' only, starting with a "
                       "letter or a digit", value=shown(value))
        return msg("{value} is not a valid id for {what}: letters, digits, '-', '_' and '.' only, starting "
                   "with a letter or a digit", value=shown(value), what=named)
    return None


def is_id(value: Any) -> TypeGuard[str]:
    """Whether ``value`` can be an id (see :func:`id_problem`)."""
    return id_problem(value) is None


NEW_ID_LENGTH = 40
_NEW_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*"
"""What the player may name a room or card he enters: stricter than what is read (AMB-ID); compiled
when first asked (re keeps it), not at every start."""


def new_id_problem(value: str) -> Message | None:
    """Why ``value`` cannot be the id of a room or card the player saves (it names a file and a bag
    token), None when it can: lowercase letters a-z, digits and single hyphens, at most 40."""
    if not re.fullmatch(_NEW_ID, value) or len(value) > NEW_ID_LENGTH:
        return msg("{id} is not a valid id: use lowercase letters a-z, digits and hyphens (like crypt-1a)",
                   id=shown(value))
    return None
