"""The command line's words for a saved game: apart from ``words`` so that the commands on a position
file never import the game modules (a light start)."""

from __future__ import annotations

from solo.cli.words import language
from solo.game.log_export import game_renderer
from solo.game.state import Game
from solo.i18n import Renderer


def for_game(game: Game) -> Renderer:
    """Messages in the command line's language, naming the game's NPCs as its content prints them."""
    return game_renderer(game, language())
