"""Seeded games that once broke the engine, played again to their end (tests/game/test_play.py's
simulation found them)."""

from __future__ import annotations

from solo.game.simulate import play_game


def test_s_fight_5_a_next_round_with_no_target_of_its_rank_reads_the_complete_search() -> None:
    # AMB-SEARCH-BOUND, AMB-FIGHT-NEXT: level 5, seed 1007: Père Tabass's next fight round (S-FIGHT-5)
    # asks for targets of rank 0. The early stop found a melee on one in the states it had just
    # settled, then S-FIGHT-7 kept only a shot at the Colossus (rank 7) on the whole settled part and
    # the rank left nothing: "min() arg is an empty sequence". Round 9 read the complete search (no
    # option: he moved closer without attacking); round 10 reads S-FIGHT-7 within the rank.
    result, game = play_game(5, 1007)
    assert result.error is None
    assert (result.winner, result.score) == ("npc", (2, 5))
    assert max(game.position.score.player, game.position.score.npc) == 5
