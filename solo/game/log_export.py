"""The game log as Markdown, for the player to keep or share (issue 5 item 7)."""

from __future__ import annotations

from solo.game.state import Game


def _escape(text: str) -> str:
    """Markdown-safe text for a list item: no line breaks, table pipes and emphasis marks kept literal."""
    return " ".join(text.split()).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def log_markdown(game: Game, title: str = "dt-solo game log") -> str:
    """The whole log, numbered, with the level, the seed and the score at the top."""
    score = game.position.score
    lines = [
        f"# {title}",
        "",
        f"- Difficulty: {game.difficulty}{' with the Vision variant' if game.vision else ''}",
        f"- Seed: {game.seed}",
        f"- Turn: {game.turn_number}",
        f"- Score: Player {score.player if score else 0} VP, NP {score.npc if score else 0} VP",
        "",
        "## Events",
        "",
    ]
    if not game.log:
        lines.append("No events yet.")
    for number, event in enumerate(game.log, start=1):
        lines.append(f"{number}. **{_escape(event.kind)}** — {_escape(event.text)}")
    return "\n".join(lines) + "\n"
