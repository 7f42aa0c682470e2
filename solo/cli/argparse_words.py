"""The words argparse itself prints (``usage:``, its headings, its errors) in the command line's language.

argparse passes each of its texts through the module's ``_`` (``gettext.gettext``) when it prints it,
with ``%``-placeholders it fills afterwards; :func:`speak_argparse` puts our catalogue there, so that
``dt-solo np-turn --help`` and ``dt-solo explain`` without ``--npc`` read in French too. A text argparse
adds later, not in :data:`ARGPARSE_TEXTS`, stays as argparse writes it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from solo.messages import Message, msg_ctx

ARGPARSE_TEXTS: dict[str, Message] = {
    "usage: ": msg_ctx("argparse", "usage: "),
    "positional arguments": msg_ctx("argparse", "positional arguments"),
    "options": msg_ctx("argparse", "options"),
    "show this help message and exit": msg_ctx("argparse", "show this help message and exit"),
    "%(prog)s: error: %(message)s\n": msg_ctx("argparse", "%(prog)s: error: %(message)s\n"),
    "the following arguments are required: %s":
        msg_ctx("argparse", "the following arguments are required: %s"),
    "unrecognized arguments: %s": msg_ctx("argparse", "unrecognized arguments: %s"),
    "argument %(argument_name)s: %(message)s": msg_ctx("argparse", "argument %(argument_name)s: %(message)s"),
    "invalid choice: %(value)r (choose from %(choices)s)":
        msg_ctx("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    "invalid %(type)s value: %(value)r": msg_ctx("argparse", "invalid %(type)s value: %(value)r"),
    "expected one argument": msg_ctx("argparse", "expected one argument"),
    "expected at most one argument": msg_ctx("argparse", "expected at most one argument"),
    "expected at least one argument": msg_ctx("argparse", "expected at least one argument"),
    "ambiguous option: %(option)s could match %(matches)s":
        msg_ctx("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    "ignored explicit argument %r": msg_ctx("argparse", "ignored explicit argument %r"),
}
"""argparse's texts a player can meet, by the English argparse gives (Python 3.11 to 3.13)."""


def speak_argparse(say: Callable[[Message], str]) -> None:
    """From now on argparse prints its own words through ``say`` (the command line's language; each
    text said once: every parser built asks for its headings and its ``-h`` help again, issue 16 item 6)."""
    said: dict[str, str] = {}

    def words(text: str) -> str:
        found = said.get(text)
        if found is None:
            message = ARGPARSE_TEXTS.get(text)
            found = said[text] = say(message) if message is not None else text
        return found

    argparse._ = words  # type: ignore[attr-defined]  # argparse reads its module's `_` at each call
