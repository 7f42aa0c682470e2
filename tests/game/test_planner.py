"""The built-in Player that plans its turn by search (issue 17): every action it considers is legal
(the engine checks each one), it reads nothing hidden, and it picks cards by their expected points."""

from __future__ import annotations

import random

import pytest

from solo.automaton.table import drive
from solo.errors import IllegalActionError
from solo.game.autoplay import AutoTable
from solo.game.distances import Distances
from solo.game.evaluation import npc_deck_left, odds, reveal_worth
from solo.game.npturn import end_np_turn, np_turn_in_game
from solo.game.planner import Planner
from solo.game.player import play_action_card
from solo.game.saves import game_from_state, game_state
from solo.game.setup import new_game
from solo.game.simulate import play_game
from solo.game.state import Game
from solo.game.turn_ap import ap_left


def _game_at_turn(level: int, seed: int, turns: int) -> Game:
    """A seeded game played by the search Player up to the Player's turn ``turns``."""
    game = new_game(level, seed=seed)
    planner = Planner(game)
    table = AutoTable(game, lambda r: planner.choose_card(r.options, r.sides))
    while game.turn_number < turns:
        drive(planner.turn(), table)
        drive(np_turn_in_game(game), table)
        end_np_turn(game)
    return game


def _copy(game: Game) -> Game:
    return game_from_state(game_state(game))


@pytest.mark.parametrize(("level", "seed", "turn"), [(1, 503, 3), (6, 17, 4)])
def test_every_candidate_action_is_legal_and_costs_what_it_says(level: int, seed: int, turn: int) -> None:
    game = _game_at_turn(level, seed, turn)
    play_action_card(game, max(game.player.actions) if not game.player.first_cycle
                     else min(game.player.actions))
    ap = ap_left(game)
    found = Planner(game).candidates(ap)
    assert found, "the Player always has something to consider"
    kinds = {c.label.split(" ")[1] for c in found}
    assert "to" in kinds  # moves
    sample = [i for i, c in enumerate(found) if c.label.split(" ")[1] != "to" or i % 7 == 0]
    for index in sample:
        again = _copy(game)
        candidate = Planner(again).candidates(ap)[index]
        assert candidate.label == found[index].label
        try:
            _, waiting = drive(candidate.run(), AutoTable(again))
        except IllegalActionError as error:  # the engine refused it: the planner offered an illegal action
            pytest.fail(f"{candidate.label}: {error}")
        assert waiting is None
        assert ap_left(again) == ap - candidate.ap, candidate.label


def test_whole_games_of_the_search_player_are_legal_at_the_easiest_and_hardest_level() -> None:
    # Every action goes through solo.game.player, which raises IllegalActionError on a broken rule;
    # simulate checks the table, the tokens and the VP after every step.
    for level, seed in ((1, 1), (6, 2)):
        result, game = play_game(level, seed)
        assert result.error is None
        assert result.winner in ("player", "npc", "none")
        assert sum(result.vp[s] for s in ("player_exits", "player_eliminations")) == result.score[0]
        npc_sources = ("npc_exits", "npc_eliminations", "npc_personalities")
        assert sum(result.vp[s] for s in npc_sources) == result.score[1]
        assert any(e.kind == "move" for e in game.log)


def test_the_planner_reads_nothing_hidden() -> None:
    # Two tables alike but for the order of the bag, the NP's combat deck, the reinforcement deck,
    # the face-down rooms and the Vision deck: the Player sees the same and plans the same.
    game = _game_at_turn(1, 503, 3)
    other = _copy(game)
    shuffle = random.Random(5).shuffle
    for pile in (other.bag, other.npc_combat.cards, other.reinforcements, other.rooms_unrevealed,
                 other.vision_deck):
        shuffle(pile)
    assert other.bag != game.bag or len(game.bag) < 2
    for g in (game, other):
        play_action_card(g, min(g.player.actions))
    mine = [(c.label, round(c.score, 6), c.ap) for c in Planner(game).candidates(ap_left(game))]
    theirs = [(c.label, round(c.score, 6), c.ap) for c in Planner(other).candidates(ap_left(other))]
    assert mine == theirs


def test_the_np_deck_left_is_the_box_deck_less_the_cards_seen_and_drives_the_odds() -> None:
    game = _game_at_turn(1, 1, 1)
    game.npc_combat.discard = ["+6", "+5", "+4"]
    left = npc_deck_left(game)
    assert sorted(left) == sorted(["+0", "+1", "+1", "+2", "+2", "+3"])
    # 5 against 2 plus a card of at most +3: never lost, won unless +3 (tie).
    assert odds(5, 2, left) == (5 / 6, 0.0)
    assert odds(2, 2, left) == (0.0, 5 / 6)


def test_the_telepath_gives_the_np_its_weakest_card_and_a_sure_win_spends_a_small_card() -> None:
    from solo.actions.combat import CombatSides

    game = _game_at_turn(1, 503, 3)
    planner = Planner(game)
    assert planner.choose_card(("+5", "+1", "+3"), None) == "+1"
    npc = next(c for c in game.position.characters.values() if c.side.value == "npc")
    figure = next(c for c in game.position.characters.values() if c.side.value == "player")
    sides = CombatSides(target=npc.id, attackers=(figure.id,), defenders=(npc.id,), attack_value=12,
                        defence_value=0)
    # 12 against at most 0 + 6: any card wins; the +0 costs nothing and comes back (B-CARD-3).
    assert planner.choose_card(("+0", "+3", "+6"), sides) == "+0"


def test_a_reveal_next_to_the_yellow_line_is_worth_less_than_one_far_from_it() -> None:
    # The NPCs it may bring walk out through the yellow line sooner (EXIT_CHANCE).
    game = _game_at_turn(1, 1, 1)
    assert reveal_worth(game, 1) < reveal_worth(game, 7)
    game.bag = [t for t in game.bag if not t.startswith("npc:")]
    assert reveal_worth(game, 1) > 0  # no NPC left in the bag: only gains


def test_distances_follow_the_board() -> None:
    game = _game_at_turn(1, 1, 1)
    figure = next(c for c in game.position.characters.values() if c.side.value == "player")
    distances = Distances()
    before = distances.to_exit(game.position, figure)
    assert 0 < before <= 14


def test_the_first_turn_opens_one_room_when_it_leads_on_to_a_farther_hidden_room() -> None:
    # Seeds 3 and 6: room 1 leads to a hidden room of the next row; opening room 2 as well (as the
    # planner did before AMB-SIM-REVEAL) only brings three more tokens beside the NPCs' exit.
    for seed in (3, 6):
        game = new_game(1, seed=seed)
        planner = Planner(game)
        drive(planner.turn(), AutoTable(game, lambda r, p=planner: p.choose_card(r.options, r.sides)))
        opened = [e.data["slot"] for e in game.log if e.kind == "reveal" and "figure" in e.data]
        assert opened == [1], seed
