"""The game log exported as Markdown (issue 5 item 7)."""

from __future__ import annotations

from solo.game.log_export import log_markdown
from solo.game.player import play_action_card
from solo.game.setup import new_game


def test_every_event_is_a_numbered_line_with_the_score() -> None:
    game = new_game(3, seed=2)
    play_action_card(game, 2)
    game.record("note", "a *starred* | piped\nline")
    text = log_markdown(game)
    assert "- Difficulty: 3" in text and "- Score: Player 0 VP, NP 0 VP" in text
    events = [line for line in text.splitlines() if line[:1].isdigit()]
    assert len(events) == len(game.log)
    assert events[-1] == f"{len(game.log)}. **note** — a \\*starred\\* \\| piped line"


def test_an_empty_log_says_so() -> None:
    game = new_game(1, seed=1)
    game.log.clear()
    assert "No events yet." in log_markdown(game)


def test_the_bundled_demo_game_loads_at_the_nps_turn_with_npcs_in() -> None:
    # The app opens on it (issue 5): a legal table, NPCs to watch, nothing to undo.
    from solo.game.saves import history, load_game
    from solo.locations import DEMO_GAME
    from solo.table.position import Side

    game = load_game(DEMO_GAME)
    assert game.position.status("demo") == []
    assert game.position.turn is not None and game.position.turn.side is Side.NPC
    assert sum(1 for c in game.position.characters.values() if c.side is Side.NPC and c.at is not None) >= 3
    assert history(game) == []
