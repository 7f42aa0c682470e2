"""The game log as Markdown, for the player to keep or share (issue 5 item 7), in his language."""

from __future__ import annotations

from solo.game.content import card_library, room_library
from solo.game.state import Game
from solo.i18n import Renderer
from solo.messages import msg
from solo.table.words import renderer


def _escape(text: str) -> str:
    """Markdown-safe text for a list item: no line breaks, table pipes and emphasis marks kept literal."""
    return " ".join(text.split()).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def game_renderer(game: Game, language: str) -> Renderer:
    """A renderer naming the game's NPCs and rooms as its content prints them."""
    return renderer(language, game.position, card_library(game.content), room_library(game.content))


KINDS = {
    "setup": msg("Set-up"), "turn": msg("Turn"), "action_card": msg("Action card"),
    "action_cards_back": msg("Action cards"), "move": msg("Move"), "exit": msg("Exit"),
    "reveal": msg("Reveal"), "attack": msg("Attack"), "shoot": msg("Shot"), "combat": msg("Combat"),
    "reshuffle": msg("Combat deck"), "removed": msg("Out of the game"), "enter": msg("Enters play"),
    "reinforcement": msg("Reinforcement"), "vision": msg("Vision"), "activation": msg("Activation"),
    "rotate": msg("Rotation"), "heal": msg("Healing"), "wand": msg("Wand"), "scream": msg("Scream"),
    "edit": msg("Table edit"),
}
"""Each kind of log event as a heading word."""


def log_markdown(game: Game, title: str | None = None, language: str = "en") -> str:
    """The whole log, numbered, with the level, the seed and the score at the top."""
    say = game_renderer(game, language)
    score = game.position.score
    level = (
        msg("Difficulty: {level} with the Vision variant", level=game.difficulty)
        if game.vision
        else msg("Difficulty: {level}", level=game.difficulty)
    )
    heading = title or say(msg("dt-solo game log"))
    lines = [
        "# " + heading,
        "",
        "- " + say(level),
        "- " + say(msg("Seed: {seed}", seed=game.seed)),
        "- " + say(msg("Turn: {number}", number=game.turn_number)),
        "- " + say(msg("Score: Player {player} VP, NP {npc} VP", player=score.player if score else 0,
                       npc=score.npc if score else 0)),
        "",
        "## " + say(msg("Events")),
        "",
    ]
    if not game.log:
        lines.append(say(msg("No events yet.")))
    for number, event in enumerate(game.log, start=1):
        kind = say(KINDS[event.kind]) if event.kind in KINDS else event.kind
        lines.append(f"{number}. **{_escape(kind)}** — {_escape(say(event.text))}")
    return "\n".join(lines) + "\n"
