"""Playing a solo game: the Player's turn (S-TURN-1..4), the NP's turn with the game's components,
the end (S-END-1), and whole simulated games with every step checked (issue 4's invariants)."""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

from solo.automaton.table import Request, drive
from solo.errors import IllegalActionError
from solo.game.autoplay import AutoTable, auto_player_turn
from solo.game.census import InvariantError, account_np_turn, census, check_census, snapshot
from solo.game.npturn import game_ended, np_turn_in_game
from solo.game.player import end_player_turn, legal_action_cards, move, play_action_card, reveal
from solo.game.setup import new_game
from solo.game.simulate import play_game, simulate_levels
from solo.table.carrying import OptionalPickups
from solo.table.movement import Means
from solo.table.position import Score, Side
from solo.table.search import cheapest_paths


def run(game_steps: Generator[Request, Any, Any], game: Any) -> Any:
    result, waiting = drive(game_steps, AutoTable(game))
    assert waiting is None
    return result


def test_s_turn_2_3_the_first_cycle_goes_up_from_the_2_card() -> None:
    # S-TURN-2, S-TURN-3: the 2 first, then 3, 4, 5; later cycles in any order.
    game = new_game(1, seed=3)
    played = []
    for _ in range(4):
        assert len(legal_action_cards(game)) == 1
        card = legal_action_cards(game)[0]
        played.append(play_action_card(game, card))
        run(end_player_turn(game), game)
    assert played == [2, 3, 4, 5]
    assert game.player.actions == [2, 3, 4, 5] and not game.player.first_cycle  # B-TURN-5: taken back
    assert legal_action_cards(game) == [2, 3, 4, 5]  # later cycles: any order
    with pytest.raises(IllegalActionError):
        play_action_card(game, 7)


def test_s_turn_2_the_first_reveal_is_a_room_next_to_the_yellow_line() -> None:
    game = new_game(1, seed=5, team=["cleric", "naga", "wizard", "backstabber"])
    play_action_card(game, 2)
    with pytest.raises(IllegalActionError, match="S-TURN-2"):
        run(reveal(game, "cleric", 5), game)  # the yellow line touches rooms 1 and 2 only
    before = len(game.bag)
    layout = game.position.board.room(1)
    assert layout is not None
    run(reveal(game, "cleric", 1), game)
    assert game.position.board.is_revealed(1)
    assert len(game.bag) == before - 3  # S-REVEAL-2
    # S-REVEAL-3/9: the room's card left the "not yet revealed" pile for the "revealed" one.
    assert layout.layout.id in game.rooms_revealed and layout.layout.id not in game.rooms_unrevealed
    assert census(game)["object:key"] == 2


def test_s_turn_2_no_other_action_before_the_first_reveal() -> None:
    game = new_game(1, seed=5, team=["cleric", "naga", "wizard", "backstabber"])
    cleric = game.position.character("cleric")
    reach = cheapest_paths(game.position, cleric, Means(jumps=0, max_ap=1), OptionalPickups())
    way = next(reach.way_to_state(s) for s, _ in reach.states() if s.square != cleric.at)
    with pytest.raises(IllegalActionError, match="S-TURN-4"):
        run(move(game, "cleric", way), game)  # no Action card yet
    play_action_card(game, 2)
    with pytest.raises(IllegalActionError, match="S-TURN-2"):
        run(move(game, "cleric", way), game)
    run(reveal(game, "cleric", 1), game)
    reach = cheapest_paths(game.position, cleric, Means(jumps=0, max_ap=1), OptionalPickups())
    way = next(reach.way_to_state(s) for s, _ in reach.states() if s.square != cleric.at)
    run(move(game, "cleric", way), game)  # B-TURN-3: the second and last AP of the 2
    reach = cheapest_paths(game.position, cleric, Means(jumps=0, max_ap=1), OptionalPickups())
    way = next(reach.way_to_state(s) for s, _ in reach.states() if s.square != cleric.at)
    with pytest.raises(IllegalActionError, match="B-TURN-3"):
        run(move(game, "cleric", way), game)


def test_the_nps_turn_uses_the_game_components() -> None:
    game = new_game(6, seed=1)
    table = AutoTable(game)
    for _ in range(3):
        drive(auto_player_turn(game), table)
        if game_ended(game):
            break
        before = snapshot(game)
        record, waiting = drive(np_turn_in_game(game), table)
        assert waiting is None and record is not None
        account_np_turn(game, before, record.activations)
        check_census(game, before, "NP turn")
        assert game.row == record.row
        game.turn_number += 1
    assert game.npc_combat.discard or game.position.board.revealed_slots()


def test_s_end_1_no_npc_acts_once_a_side_has_5_vp() -> None:
    game = new_game(1, seed=2)
    run(auto_player_turn(game), game)
    game.position.score = Score(0, 5)
    record = run(np_turn_in_game(game), game)
    assert record.activations == []
    reasons = [reason.english() for _, reason in record.skipped]
    assert all(r == "the game is over (S-END-1)" for r in reasons) or not record.row


def test_the_census_catches_a_token_that_vanishes() -> None:
    game = new_game(1, seed=4)
    before = snapshot(game)
    game.bag.pop()
    with pytest.raises(InvariantError, match="tokens not conserved"):
        check_census(game, before, "test")


def test_a_simulated_game_ends_and_its_score_was_earned() -> None:
    result, game = play_game(3, seed=8)
    assert result.winner in ("player", "npc", "none")
    score = game.position.score
    assert score is not None and result.score == (score.player, score.npc)
    if result.winner != "none":
        assert max(result.score) >= 5
    assert game.position.status() == []
    assert all(p.side is Side.PLAYER or p.card is not None for p in game.position.characters.values())


SIM_GAMES = int(os.environ.get("DT_SOLO_SIM_GAMES", "34"))


@pytest.mark.slow
def test_seeded_simulated_games_at_every_level_keep_every_invariant() -> None:
    # Issue 4: at least 200 seeded games across all levels (34 a level = 204), every step checked:
    # a legal table, tokens conserved, VP equal to the events that earned them (solo.game.simulate).
    # On every core: the games are the same on one process or several (test_simulate.py).
    reports = simulate_levels(list(range(1, 7)), SIM_GAMES, seed=1000, jobs=os.cpu_count() or 1)
    assert [e for r in reports for e in r.errors] == []
    assert sum(len(r.results) for r in reports) == 6 * SIM_GAMES
    for report in reports:
        assert all(r.turns >= 1 for r in report.results)


def test_s_combat_5_an_np_telepath_defending_forces_the_players_smallest_card() -> None:
    from solo.actions.combat import attack_squares
    from solo.game.fight import PlayerCardRequest
    from solo.game.player import attack
    from solo.table.board import Terrain
    from solo.table.position import Character
    from solo.table.squares import slot_squares

    game = new_game(1, seed=9, team=["cleric", "naga", "wizard", "backstabber"])
    game.position.board.reveal(1)
    floor = [sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.FLOOR]
    here = next(sq for sq in floor if any(n in floor for n in attack_squares(game.position, sq)))
    there = next(n for n in attack_squares(game.position, here) if n in floor)
    game.position.characters["naga"].at = here
    game.position.characters["migrene"] = Character("migrene", Side.NPC, "telepath", there, card="migrene")
    game.player.combat = ["+0", "+3", "+6"]
    play_action_card(game, 2)
    game.turn_number = 2  # past S-TURN-2's first reveal
    asked: list[Request] = []

    class Table(AutoTable):
        def answer(self, request: Request) -> Any:
            asked.append(request)
            return super().answer(request)

    drive(attack(game, "naga", "migrene"), Table(game))
    card_requests = [r for r in asked if isinstance(r, PlayerCardRequest)]
    assert card_requests and card_requests[0].options == ("+3",)  # Migrène: smallest but +0


def test_s_pers_snake_in_a_game_the_automatons_reveal_question_is_left_to_the_reveal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # AMB-REVEAL-PLACE: in a game the reveal procedure asks Snake's question for each object it
    # places; the automaton's own `reveal` question is not put to the Player a second time.
    from solo.automaton.table import QuestionRequest
    from solo.automaton.turn import TurnRecord
    from solo.game import npturn

    answers: dict[str, Any] = {}

    def fake_turn(*args: Any, **kwargs: Any) -> Generator[Request, Any, TurnRecord]:
        answers["reveal"] = yield QuestionRequest("snake-slissken", "q", "q", (), "", "reveal")
        answers["combat"] = yield QuestionRequest("pere-tabass", "q", "q", (), "", "combat")
        return TurnRecord()

    monkeypatch.setattr(npturn, "np_turn", fake_turn)
    game = new_game(1, seed=6)
    asked: list[Request] = []

    class Table(AutoTable):
        def answer(self, request: Request) -> Any:
            asked.append(request)
            return "yes"

    drive(npturn.np_turn_in_game(game), Table(game))
    assert [getattr(r, "moment", None) for r in asked] == ["combat"]
    assert answers["combat"] == "yes" and "placement" in answers["reveal"]


def test_a_seeded_game_plays_the_same_whatever_pythons_hash_seed() -> None:
    # A seeded game must replay identically (saves, simulate): nothing may depend on set order.
    import subprocess
    import sys

    code = ("import hashlib; from solo.game.simulate import play_game; r, g = play_game(2, 5); "
            "text = '\\n'.join(e.text.english() for e in g.log); "
            "print(r.turns, r.score, hashlib.sha256(text.encode()).hexdigest())")
    started = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONHASHSEED": str(h)}) for h in (1, 2, 3)]
    runs = set()
    for process in started:  # side by side on the cores
        out, _ = process.communicate(timeout=120)
        assert process.returncode == 0, out
        runs.add(out)
    assert len(runs) == 1, runs


def test_s_turn_4_s_reinf_3_the_action_cards_reinforcement_arrives_in_phase_3() -> None:
    # At the black level the Player's 2 and 5 Action cards bear the icon (S-REINF-2): the
    # reinforcement arrives at the end of his turn, after his actions (S-TURN-4 phase 3).
    game = new_game(6, seed=12, team=["cleric", "naga", "wizard", "backstabber"])
    play_action_card(game, 2)
    run(reveal(game, "cleric", 1), game)
    assert not any(e.kind == "reinforcement" for e in game.log)
    deck = len(game.reinforcements)
    run(end_player_turn(game), game)
    arrivals = [e for e in game.log if e.kind == "reinforcement"]
    assert len(arrivals) == 1 and len(game.reinforcements) == deck - 1
    assert game.position.turn is not None and game.position.turn.side is Side.NPC


def test_s_end_2_the_np_scores_like_a_player_plus_its_personalities() -> None:
    # S-END-2: exits and eliminations score for the NP, and personality VP (Nolock, Arthos) too;
    # account_np_turn checks every NP turn's VP against the steps that earned them.
    from solo.automaton.explanation import Explanation, Step

    game = new_game(1, seed=13)
    before = snapshot(game)
    game.position.score = Score(0, 1)
    nolock = Explanation("nolock")
    nolock.steps.append(Step("open", 1, {"between": ["a1", "a2"]}, "opens"))
    nolock.scored.append({"vp": 1, "counter": "portcullises_opened", "count": 4, "after_step": 1})
    account_np_turn(game, before, [nolock])  # 1 VP, earned by the personality: accepted
    game.position.score = Score(0, 2)
    with pytest.raises(InvariantError, match="score"):
        account_np_turn(game, before, [nolock])  # 2 VP for one earned: refused


def test_every_step_is_remembered_for_undo_and_autosaved(tmp_path: Any) -> None:
    # Issue 4 item 9: autosave after every step, undo of any event.
    from solo.game.saves import AUTOSAVE, load_game, undo
    from solo.game.steps import play_step

    game = new_game(2, seed=21, team=["cleric", "naga", "wizard", "backstabber"])
    play_action_card(game, 2)
    bag_before, log_before = list(game.bag), len(game.log)
    game, _, waiting = play_step(game, reveal(game, "cleric", 1), AutoTable(game), tmp_path)
    assert waiting is None and game.position.board.is_revealed(1)
    saved = load_game(tmp_path / AUTOSAVE)
    assert saved.bag == game.bag and saved.position.board.is_revealed(1)
    back = undo(game)
    assert back.bag == bag_before and not back.position.board.is_revealed(1)
    assert len(back.log) == log_before


def test_a_step_waiting_for_the_table_leaves_the_game_as_before_it() -> None:
    # AMB-STEP-ATOMIC: with the bag on the real table, a reveal waits for the tokens drawn; the game
    # given back is the one before the step, and the request says what to answer.
    from solo.automaton.table import UnansweredError
    from solo.game.steps import play_step
    from solo.game.teleport import DrawRequest

    game = new_game(2, seed=22, team=["cleric", "naga", "wizard", "backstabber"], modes={"bag": "table"})
    play_action_card(game, 2)

    class Silent:
        def answer(self, request: Request) -> Any:
            raise UnansweredError(request)

    after, _, waiting = play_step(game, reveal(game, "cleric", 1), Silent())
    assert isinstance(waiting, DrawRequest) and waiting.pile == "bag"
    assert not after.position.board.is_revealed(1) and after.bag == game.bag


def test_every_step_of_seeded_games_saves_and_reads_back_the_same_game() -> None:
    # Issue 4 item 9: a save after any step loads the same game (found: a character gone this turn
    # left in the turn's `acted` list made the autosave unreadable).
    for level in range(1, 7):
        for seed in (2000 + level,):
            result, _ = play_game(level, seed, saves=True)
            assert result.winner in ("player", "npc", "none")


def test_b_rng_the_players_bow_carrier_shoots_with_the_combat_cards() -> None:
    from solo.actions.combat import ranged_targets
    from solo.game import player_options as po
    from solo.game.player import shoot
    from solo.table.board import Terrain
    from solo.table.position import Character
    from solo.table.squares import slot_squares

    game = new_game(1, seed=9, team=["cleric", "naga", "wizard", "backstabber"])
    game.position.board.reveal(1)
    floor = [sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.FLOOR]
    naga = game.position.characters["naga"]
    naga.carries = "bow"
    target = Character("migrene", Side.NPC, "colossus", None, card="migrene")
    game.position.characters["migrene"] = target
    pairs = ((a, b) for a in floor for b in floor if a != b)
    for naga.at, target.at in pairs:
        if any(sq == target.at for _, sq in ranged_targets(game.position, naga)):
            break
    else:
        pytest.skip("no shot on this room")
    play_action_card(game, 2)
    game.turn_number = 2  # past S-TURN-2's first reveal
    assert po.figure_options(game, "naga").shots == ["migrene"]
    result, _ = drive(shoot(game, "naga", "migrene"), AutoTable(game))
    assert result is not None and result.outcome in ("win", "lose", "tie")
    assert game.log[-1].kind == "shoot" or any(e.kind == "shoot" for e in game.log[-3:])
    assert not game.position.characters["naga"].wounded  # B-RNG-4: a shooter is never wounded
    from solo.game.turn_ap import ap_left

    assert ap_left(game) == 1  # B-AP-2: 1 AP


def test_b_vp_the_players_turn_scores_only_what_its_events_earned() -> None:
    from solo.game.census import account_player_turn

    game = new_game(1, seed=2)
    before = snapshot(game)
    run(auto_player_turn(game), game)
    account_player_turn(game, before, "turn 1")  # a reveal and moves: no VP, none expected
    game.position.score = Score(1, 0)
    with pytest.raises(InvariantError, match="Player \\+0"):
        account_player_turn(game, before, "turn 1")  # a VP no exit or combat explains
    game.record("exit", "cleric exits: the Player scores 1 VP (B-VP-1)", figure="cleric")
    account_player_turn(game, before, "turn 1")
