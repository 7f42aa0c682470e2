"""The built-in Player's evaluation: threats by the NPCs' cards, rescues, reveals, reinforcements."""

from __future__ import annotations

import pytest

from solo.game.distances import Distances
from solo.game.evaluation import (
    EXIT_CHANCE,
    NEWCOMER_SHARE,
    REINFORCEMENT,
    RESCUE,
    VP,
    WOUND,
    Threats,
    extends_way,
    fight_classes,
    figure_value,
    reinforcement_cost,
    rescue_value,
)
from solo.game.state import Game
from solo.table.position import Character, Side
from tests.game.test_planner import _game_at_turn


def _pieces(game: Game) -> tuple[Character, list[Character]]:
    """The game's one NPC figure and the Player's figures."""
    npcs = [c for c in game.position.characters.values() if c.side is Side.NPC and c.is_figure]
    figures = sorted((c for c in game.position.characters.values() if c.side is Side.PLAYER and c.is_figure),
                     key=lambda c: c.id)
    assert len(npcs) == 1
    return npcs[0], figures


def test_an_npc_threatens_the_classes_its_card_fights_within_its_movement() -> None:
    game = _game_at_turn(1, 1, 2)  # Arthos (a Colossus, with a Fight objective) is the only NPC
    npc, figures = _pieces(game)
    assert "wizard" in fight_classes(game, npc.id)
    reach = npc.character_class.movement + 1  # one AP of moves and the attack
    figure = figures[0]
    for other in figures[1:]:
        other.at = 9  # far from the squares tried
    npc.at = 111  # rank 11, file 1
    threats = Threats(game)
    inside, outside = 111 - 10 * reach, 111 - 10 * (reach + 1)
    assert 0 < threats.at(figure, inside) <= WOUND
    assert threats.at(figure, outside) == 0.0


def test_two_npcs_in_reach_threaten_more_than_one_and_never_more_than_the_wound() -> None:
    game = _game_at_turn(1, 1, 2)
    npc, figures = _pieces(game)
    figure = figures[0]
    npc.at = 114
    one = Threats(game).at(figure, 104)
    other = Character("migrene", Side.NPC, "telepath", 94)  # a card with a Fight objective
    assert figure.class_id in fight_classes(game, other.id)
    game.position.characters[other.id] = other
    both = Threats(game).at(figure, 104)
    npc.at = 200  # out of everyone's reach: the second NPC alone
    alone = Threats(game).at(figure, 104)
    assert one < both <= WOUND and alone > 0
    # each fight on its own: the figure is wounded if it loses at least one
    assert both == pytest.approx(WOUND * (1 - (1 - one / WOUND) * (1 - alone / WOUND)))


def test_a_wounded_friend_in_reach_of_an_npc_is_worth_taking_away() -> None:
    game = _game_at_turn(1, 1, 2)
    npc, figures = _pieces(game)
    carrier, friend = figures[0], figures[1]
    friend.wounded = True
    npc.at = 114
    friend.at = 104
    threats = Threats(game)
    assert rescue_value(game, threats, friend.id) == RESCUE * VP
    distances = Distances()
    lying = figure_value(game, distances, threats, carrier, 104, None)
    carrying = figure_value(game, distances, threats, carrier, 104, f"wounded:{friend.id}")
    assert carrying - lying >= RESCUE * VP - VP * threats.at(carrier, 104) / 30
    friend.at = 9  # far from every NPC: nothing to save it from
    assert rescue_value(game, Threats(game), friend.id) == 0.0


def test_a_reveal_helps_a_lost_figure_only_when_no_farther_hidden_room_is_in_its_reach() -> None:
    # Seed 1: room 1 leads nowhere, so room 2 is the figure's way on; seed 3: room 1 leads to a hidden
    # room of the next row, and room 2, beside the yellow line, shows it nothing new.
    for seed, room_2_helps in ((1, True), (3, False)):
        game = _game_at_turn(1, seed, 2)
        assert game.position.board.revealed_slots() == [1]
        distances = Distances()
        figure = next(c for c in game.position.characters.values()
                      if c.side is Side.PLAYER and c.is_figure and c.at is not None and c.at < 10)
        assert 2 in distances.access(game.position)[figure.at]
        assert extends_way(game, distances, figure, 2) is room_2_helps
        assert extends_way(game, distances, figure, 3)


def test_a_reinforcement_costs_more_while_the_revealed_rooms_lie_near_the_yellow_line() -> None:
    """AMB-SIM-REINFORCEMENT, AMB-SIM-NEWCOMER: a newcomer walks out with half the revealed rooms' chance."""
    game = _game_at_turn(1, 1, 2)
    assert game.position.board.revealed_slots() == [1]
    near = reinforcement_cost(game)
    assert near == VP * EXIT_CHANCE[0] * NEWCOMER_SHARE + REINFORCEMENT
    game.position.board.reveal(7)
    farther = VP * (EXIT_CHANCE[0] + EXIT_CHANCE[3]) / 2 * NEWCOMER_SHARE + REINFORCEMENT
    assert reinforcement_cost(game) == farther < near
