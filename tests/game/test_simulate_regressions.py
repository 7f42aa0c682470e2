"""Seeded games that once broke the engine, played again to their end (tests/game/test_play.py's
simulation found them)."""

from __future__ import annotations

from solo.game.simulate import play_game


def test_s_fight_5_a_next_round_with_no_target_of_its_rank_reads_the_complete_search() -> None:
    # AMB-SEARCH-BOUND: level 5, seed 1007: Père Tabass's next fight round asks for targets of rank 0
    # where only the Colossus (rank 7) is within reach; the early stop found no option to weigh and
    # raised "min() arg is an empty sequence". It now reads the complete search: no option, as before.
    result, game = play_game(5, 1007)
    assert result.error is None
    assert (result.winner, result.score) == ("npc", (2, 5))
    assert max(game.position.score.player, game.position.score.npc) == 5
