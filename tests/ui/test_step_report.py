"""What a finished Player step tells him to mirror on his table (issue 5 item 4: the reveal flow's bag
and teleport instructions, the combat's result)."""

from __future__ import annotations

from solo.actions.combat import CombatResult
from solo.game.setup import new_game
from solo.ui.step_report import SHOWN_EVENTS, result_text, table_instructions


def test_the_steps_events_are_told_in_order_with_a_limit() -> None:
    game = new_game(1, seed=1)
    start = len(game.log)
    assert table_instructions(game, start) == ""
    game.record("reveal", "colossus reveals room 1 (demo-1b, rotation 3)")
    game.record("enter", "npc:yom -> b1 (dice 2-1)")
    text = table_instructions(game, start)
    assert text.splitlines()[1:] == [
        "• colossus reveals room 1 (demo-1b, rotation 3)", "• npc:yom -> b1 (dice 2-1)"]
    for n in range(SHOWN_EVENTS + 3):
        game.record("enter", f"token {n}")
    assert table_instructions(game, start).splitlines()[-1].endswith("5 more in the game log.")


def test_a_combat_tells_its_outcome_and_casualties() -> None:
    result = CombatResult("win", wounded=["yom"], eliminated=["serpico"])
    assert result_text(result) == "Combat won. Wounded: Yom. Eliminated: Serpico."
