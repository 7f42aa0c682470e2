"""The command line's language: the user's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) or ``--lang``.

``--lang fr|en`` may stand anywhere on the command line (``dt-solo --lang fr np-turn …`` or
``dt-solo np-turn … --lang fr``); it is taken out before the subcommand's own options are read.
"""

from __future__ import annotations

from collections.abc import Sequence

from solo.content.cards import CardLibrary
from solo.content.rooms import RoomLibrary
from solo.errors import MessageError
from solo.i18n import LANGUAGES, Renderer, language_from_environment, render
from solo.messages import Message, msg, msg_ctx
from solo.table.position import Position
from solo.table.words import renderer as position_renderer

_language: list[str] = []
_rooms: list[RoomLibrary] = []
"""The room library the command read its table with, named by every message after (read once)."""


class LanguageError(MessageError):
    """``--lang`` names a language the program does not speak."""


def take_language(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang`` out of the arguments: (the language asked, or None; the other arguments)."""
    rest: list[str] = []
    chosen: str | None = None
    items = list(argv)
    index = 0
    while index < len(items):
        item = items[index]
        if item == "--lang" and index + 1 < len(items):
            chosen, index = items[index + 1], index + 2
            continue
        if item.startswith("--lang="):
            chosen = item.partition("=")[2]
        else:
            rest.append(item)
        index += 1
    if chosen is not None and chosen not in LANGUAGES:
        raise LanguageError(msg("--lang: {value} is not one of {allowed}", value=repr(chosen),
                                allowed=", ".join(LANGUAGES)))
    return chosen, rest


def set_language(language: str | None) -> str:
    """Speak ``language`` from now on (None: the user's locale); returns the language used."""
    _language[:] = [language or language_from_environment()]
    return _language[0]


def language() -> str:
    return _language[0] if _language else language_from_environment()


def use_rooms(library: RoomLibrary | None) -> None:
    """Name rooms from ``library`` from now on (the one the table was read with), not a new read;
    None: read the room files when a message names a room (each command starts so)."""
    _rooms[:] = [] if library is None else [library]


def renderer(position: Position | None = None, cards: CardLibrary | None = None) -> Renderer:
    """Messages in the command line's language, naming the position's NPCs as printed (from
    ``cards`` when the command read them already)."""
    return position_renderer(language(), position, cards, _rooms[0] if _rooms else None)


def say(message: Message, position: Position | None = None) -> str:
    return renderer(position).render(message)


def plain(message: Message) -> str:
    """A message that names no card (a help text, argparse's words) in the command line's language:
    without the cards' names, so that building the parser reads no card."""
    return render(message, language())


METAVARS = {
    "FILE": msg_ctx("metavar", "FILE"),
    "SQUARE": msg_ctx("metavar", "SQUARE"),
    "NPC": msg_ctx("metavar", "NPC"),
    "ORDER": msg_ctx("metavar", "ORDER"),
    "SEED": msg_ctx("metavar", "SEED"),
    "COMBAT": msg_ctx("metavar", "COMBAT"),
    "DICE": msg_ctx("metavar", "DICE"),
    "REVEAL": msg_ctx("metavar", "REVEAL"),
    "ANSWER": msg_ctx("metavar", "ANSWER"),
    "TALLY": msg_ctx("metavar", "TALLY"),
    "MAX_AP": msg_ctx("metavar", "MAX_AP"),
    "GAME": msg_ctx("metavar", "GAME"),
    "CLASS,CLASS,CLASS,CLASS": msg_ctx("metavar", "CLASS,CLASS,CLASS,CLASS"),
    "COMPONENT": msg_ctx("metavar", "COMPONENT"),
    "VALUE": msg_ctx("metavar", "VALUE"),
    "CARD": msg_ctx("metavar", "CARD"),
}
"""The placeholders of the help texts (``--write FILE``), in each language."""


def metavar(name: str) -> str:
    """An option's placeholder in the help (``FILE``, ``SQUARE``) in the command line's language."""
    return plain(METAVARS[name])
