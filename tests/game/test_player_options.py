"""What the app offers the Player now: ways with their exact costs, targets, reveals, AP left (B-AP,
B-TURN-3, S-TURN-2/3), read from the game and its log."""

from __future__ import annotations

from typing import Any

from builders import class_position, grid

from solo.automaton.table import drive
from solo.game import player_options as po
from solo.game import turn_ap
from solo.game.autoplay import AutoTable
from solo.game.npturn import end_np_turn, np_turn_in_game
from solo.game.player import end_player_turn, move, play_action_card, reveal
from solo.game.setup import new_game
from solo.game.state import Game
from solo.table.squares import parse_square, square_name

# Room 1 (files a-e, ranks 1-5) with its row 2 (rank 4) all pits: a wall that only a jump crosses.
PIT_ROW = grid(*[(3, column, "O") for column in (1, 3, 5, 7, 9)])


def costs(ways: dict[Any, Any]) -> dict[str, tuple[int, int, int]]:
    """Square name -> (AP, squares, Jump cards) of each way."""
    return {square_name(sq): (*way.cost, po.jumps_used(way)) for sq, way in ways.items()}


def game_with(characters: str, card: int | None = 2, **kwargs: Any) -> Game:
    game = Game(class_position(characters, turn="{side: player}", **kwargs), difficulty=1)
    if card is not None:
        play_action_card(game, card)
    return game


def run(steps: Any, game: Game) -> Any:
    result, waiting = drive(steps, AutoTable(game))
    assert waiting is None
    return result


COLOSSUS = "- {id: colossus, side: player, class: colossus, at: c3}"


def test_reachable_costs_ap_then_squares_within_the_ap() -> None:
    # A Colossus moves 2 squares per AP (B-MOVE-1): distance 1-2 costs 1 AP, 3-4 costs 2 AP.
    game = game_with(COLOSSUS, grids={1: PIT_ROW})
    one = costs(po.reachable(game, "colossus", 1))
    assert one == {
        "b3": (1, 1, 0), "d3": (1, 1, 0), "c2": (1, 1, 0),
        "a3": (1, 2, 0), "e3": (1, 2, 0), "b2": (1, 2, 0), "d2": (1, 2, 0), "c1": (1, 2, 0),
        "c5": (1, 2, 1),  # over the pit c4 with a Jump card: 1 AP and the card (B-JUMP-2)
    }
    two = costs(po.reachable(game, "colossus", 2))
    assert two["c7"] == (2, 4, 1) and two["f3"] == (2, 3, 0) and two["c0"] == (2, 3, 0)
    assert "c3" not in two and all(ap <= 2 for ap, _, _ in two.values())
    assert set(one) < set(two)


def test_reachable_without_jump_cards_and_never_a_card_for_nothing() -> None:
    game = game_with(COLOSSUS, grids={1: PIT_ROW})
    plain = costs(po.reachable(game, "colossus", 2, jumps=False))
    assert "c5" not in plain and all(jumps == 0 for _, _, jumps in plain.values())
    # f4 is 2 AP either way (around by room 2 or over a pit): the way kept spends no Jump card.
    assert costs(po.reachable(game, "colossus", 2))["f4"] == (2, 4, 0) == plain["f4"]
    game.player.jumps = 0  # B-JUMP-1: no card left, no jump
    assert "c5" not in costs(po.reachable(game, "colossus", 2))


def test_exits_through_the_blue_line() -> None:
    game = game_with("- {id: cleric, side: player, class: cleric, at: c18}")
    assert po.reachable(game, "cleric", 2).keys().isdisjoint({parse_square(f"{f}21") for f in "abcde"})
    # Stepping onto the blue line is the exit (B-EXIT-1): c19, c20, out = 3 squares of the 4 it moves.
    assert costs(po.exits(game, "cleric", 1)) == {"b21": (1, 4, 0), "c21": (1, 3, 0), "d21": (1, 4, 0)}
    assert costs(po.exits(game, "cleric", 2))["a21"] == (2, 5, 0)
    way = po.exit_way(game, "cleric", 2)
    assert way is not None and way.final.exited and square_name(way.final.square) == "c21"
    run(move(game, "cleric", way), game)
    assert "cleric" not in game.position.characters and game.position.score is not None
    assert game.position.score.player == 1  # B-VP-1
    assert po.ap_left(game) == 1


def test_attack_targets_melee_and_spear_and_bow_apart() -> None:
    game = game_with("""
        - {id: colossus, side: player, class: colossus, at: c3}
        - {id: archer, side: player, class: cleric, at: h1, carries: bow}
        - {id: lancer, side: player, class: naga, at: a8, carries: spear}
        - {id: near, side: npc, card: n-cleric, at: d3}
        - {id: far, side: npc, card: n-wizard, at: h5}
        - {id: two_off, side: npc, card: n-naga, at: a10}
    """)
    assert po.attack_targets(game, "colossus") == ["near"]  # adjacent (B-CMB-2)
    assert po.attack_targets(game, "lancer") == ["two_off"]  # two squares off (B-SPEAR-1)
    assert po.attack_targets(game, "archer") == []
    assert po.shoot_targets(game, "archer") == ["far"]  # in line of sight, not adjacent (B-RNG-1)
    assert po.attack_targets(game, "near") == []  # not one of the Player's figures


def test_reveal_slots_from_the_yellow_line() -> None:
    game = new_game(1, seed=1)
    assert po.reveal_slots(game, "cleric") == [1, 2]  # B-REV-2: the line touches rooms 1 and 2
    assert po.reveal_slots(game, "nobody") == []


def test_turn_ap_and_s_turn_2_3_on_the_demo_game() -> None:
    game = new_game(1, seed=1)
    assert po.blocked(game) == po.NO_CARD
    assert po.action_cards(game) == {2: None, 3: po.FIRST_TURN, 4: po.FIRST_TURN, 5: po.FIRST_TURN}
    play_action_card(game, 2)
    assert po.turn_card(game) == 2 and po.ap_left(game) == 2 and po.blocked(game) is None
    assert po.action_cards(game) == dict.fromkeys((2, 3, 4, 5), po.CARD_DOWN)
    # S-TURN-2: the first action reveals room 1 or 2; nothing else is offered before it.
    assert po.must_reveal_first(game)
    first = po.figure_options(game, "cleric")
    assert first.reveals == [1, 2] and not first.moves and not first.targets and first.exit is None
    run(reveal(game, "cleric", 1), game)
    assert po.ap_left(game) == 1 and turn_ap.actions_taken(game) == 1 and not po.must_reveal_first(game)
    options = po.figure_options(game, "cleric")
    assert options.moves == po.reachable(game, "cleric", 1) and options.moves
    sq, way = next(iter(options.moves.items()))
    run(move(game, "cleric", way), game)
    assert game.position.character("cleric").at == sq
    assert po.ap_left(game) == 0 and po.blocked(game) == po.NO_AP
    assert po.figure_options(game, "cleric") == po.FigureOptions("cleric")
    run(end_player_turn(game), game)
    assert po.np_turn_due(game) and po.blocked(game) == po.NP_TURN and po.turn_card(game) is None
    assert set(po.action_cards(game).values()) == {po.NP_TURN}
    run(np_turn_in_game(game), game)
    end_np_turn(game)  # S-TURN-1: the Player's turn again
    assert not po.np_turn_due(game) and po.blocked(game) == po.NO_CARD
    # S-TURN-3: the first cycle goes up in order.
    assert po.action_cards(game) == {2: po.PLAYED, 3: None, 4: po.FIRST_CYCLE, 5: po.FIRST_CYCLE}
    play_action_card(game, 3)
    assert po.ap_left(game) == 3 and not po.must_reveal_first(game)  # S-TURN-2 is the first turn's only
