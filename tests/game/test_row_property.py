"""Issue 14, widen the net: on random seeded games, after every NP turn the row holds every NPC in
play exactly once, newcomers in the order they arrived, and every newcomer was reached and acted
unless the rules kept it out (S-TURN-5..8, S-REINF-4/5, S-REVEAL-8, S-PERS-BONSOINS)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.automaton.table import drive
from solo.automaton.turn import TurnRecord
from solo.game.autoplay import AutoTable, auto_player_turn, game_over
from solo.game.npturn import end_np_turn, np_turn_in_game
from solo.game.setup import new_game
from solo.game.state import Game
from solo.table.position import Side

KEPT_OUT = ("wounded: its card is tilted (S-TURN-6)", "the game is over (S-END-1)",
            "no longer in the dungeon (S-TURN-5)", "healed this turn: not activated (S-TURN-9)")


def _cards_in_play(game: Game) -> list[str]:
    return [c.id for c in game.position.characters.values() if c.side is Side.NPC and c.card is not None]


def check_row(game: Game, record: TurnRecord, before: list[str], entered: list[str]) -> None:
    row = record.row
    assert len(row) == len(set(row)), f"a card twice in the row: {row}"
    assert set(row) == set(before) | set(entered), (row, before, entered)
    assert set(_cards_in_play(game)) <= set(row)
    assert [n for n in row if n in entered] == entered, f"newcomers out of arrival order: {row} {entered}"
    acted = [e.npc for e in record.activations]
    assert acted == [n for n in row if n in acted], "activated out of the row's order"
    skipped = {n: r.english() for n, r in record.skipped}
    for newcomer in entered:
        assert newcomer in acted or skipped.get(newcomer) in KEPT_OUT, (newcomer, record.skipped)
        if skipped.get(newcomer) == KEPT_OUT[0]:
            turn = game.position.turn
            gone = newcomer not in game.position.characters
            assert gone or (turn is not None and newcomer in turn.wounded), f"{newcomer} was able to act"


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 6]), st.booleans())
def test_s_turn_8_after_any_np_turn_the_row_holds_every_npc_once_in_arrival_order(
        seed: int, level: int, vision: bool) -> None:
    game = new_game(level, seed=seed, vision=vision)
    table = AutoTable(game)
    turns = 0
    while turns < 12 and not game_over(game):
        _, waiting = drive(auto_player_turn(game), table)
        assert waiting is None
        if game_over(game):
            break
        before, start = _cards_in_play(game), len(game.log)
        record, waiting = drive(np_turn_in_game(game), table)
        assert waiting is None and record is not None
        entered = [str(e.data["npc"]) for e in game.log[start:] if e.kind == "enter"]
        check_row(game, record, before, entered)
        end_np_turn(game)
        turns += 1
