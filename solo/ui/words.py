"""The engine's messages in the app's language, naming NPCs and rooms as the game's content prints them."""

from __future__ import annotations

from collections.abc import Callable

from solo.automaton.table import QuestionRequest
from solo.content.rooms import RoomLayout
from solo.errors import Problem
from solo.game.log_export import game_renderer
from solo.game.state import Game
from solo.i18n import Renderer, term
from solo.messages import Message, Ref
from solo.table import naming
from solo.ui.i18n import current_language

_followed: list[Callable[[], Game | None]] = []
"""Where the game on screen is found (the model registers itself), for dialogs that have no game."""


def follow(game: Callable[[], Game | None]) -> None:
    """Name things after the game ``game()`` returns from now on (the window's model)."""
    _followed[:] = [game]


def _game() -> Game | None:
    return _followed[0]() if _followed else None


def renderer(game: Game | None = None) -> Renderer:
    """A renderer into the interface's current language (names from the game's cards and rooms)."""
    game = game if game is not None else _game()
    if game is None:
        return Renderer(current_language())
    return game_renderer(game, current_language())


def say(message: Message, game: Game | None = None) -> str:
    """One message in the interface's current language."""
    return renderer(game).render(message)


def figure_name(char_id: str, game: Game | None = None) -> str:
    """A character of the game by its card's name or its class, in the interface's language."""
    game = game if game is not None else _game()
    say = renderer(game)
    if game is None:
        return say.ref(Ref("npc", char_id))
    return say.ref(naming.figure(game.position, char_id))


def room_name(layout: RoomLayout | None, layout_id: str = "") -> str:
    """A room layout's name in the interface's language (its id when it has no name or is unknown)."""
    if layout is None:
        return layout_id
    return layout.name_in(current_language()) or layout.id


def glossary(entry: tuple[str, str]) -> str:
    """A glossary term (solo.glossary) in the interface's current language."""
    return term(entry, current_language())


def personality_of(request: QuestionRequest) -> str:
    """The asking NPC's personality in the interface's language: its card's summary, else what the
    request carries (the printed text of a player's own card)."""
    game = _game()
    if game is None or request.npc not in game.position.characters:
        return request.personality
    card = game.position.characters[request.npc].card or request.npc
    say = renderer(game)
    if f"summary.en:{card}" not in say.names:
        return request.personality
    return say.ref(Ref("summary", card))


def token_label(token: str, game: Game | None = None) -> str:
    """A bag token as printed (``L'Arc jaune``, ``Le Magicien``, ``Lissandra``) in the app's language."""
    name = renderer(game).ref(naming.token(token))
    return name[:1].upper() + name[1:]


def name(char_id: str) -> str:
    """A character of the game on screen by its card's name or its class, with a capital (``Le Traître``)."""
    found = figure_name(char_id)
    return found[:1].upper() + found[1:]


def problem_words(problem: Problem, game: Game | None = None) -> str:
    """What a problem says, in the interface's language when it is a message."""
    if isinstance(problem.message, str):
        return problem.message
    return renderer(game).render(problem.message)


def error_words(error: BaseException) -> str:
    """An error as the player reads it: its message in the interface's language when it carries one."""
    message = getattr(error, "message", None)
    if isinstance(message, Message):
        return renderer().render(message)
    return str(error)
