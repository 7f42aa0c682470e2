"""The Player's rotations, healing and Fireball wand in a game (B-ROT, B-CLER, B-WAND, B-AP-2)."""

from __future__ import annotations

import pytest

from solo.automaton.table import drive
from solo.errors import IllegalActionError
from solo.game.autoplay import AutoTable
from solo.game.census import account_player_turn, snapshot
from solo.game.player import play_action_card
from solo.game.player_powers import fire_wand, heal, healable, rotate, rotation_slots, wand_directions
from solo.game.setup import new_game
from solo.game.state import Game
from solo.game.turn_ap import ap_left
from solo.table.board import Terrain
from solo.table.position import Character, Side
from solo.table.squares import Direction, neighbour, slot_squares

TEAM = ["cleric", "mechanork", "wizard", "backstabber"]


def _game(card: int = 4) -> Game:
    """Room 1 revealed, the Player's turn 2 with ``card`` played (past S-TURN-2's first reveal)."""
    game = new_game(1, seed=9, team=TEAM)
    game.position.board.reveal(1)
    game.turn_number = 2
    game.player.first_cycle = False
    play_action_card(game, card)
    return game


def _run(steps: object, game: Game) -> None:
    drive(steps, AutoTable(game))  # type: ignore[arg-type]


def _gear(game: Game, slot: int) -> int:
    return next(sq for sq in slot_squares(slot) if game.position.board.terrain(sq) is Terrain.GEAR)


def test_b_rot_1_2_6_a_figure_on_the_gear_turns_its_room_1_ap_a_quarter() -> None:
    game = _game(4)
    cleric = game.position.characters["cleric"]
    gear = _gear(game, 1)
    cleric.at = gear
    assert rotation_slots(game, "cleric") == [1]  # the twin is face down (B-ROT-8)
    room = game.position.board.room(1)
    assert room is not None
    before = room.rotation
    _run(rotate(game, "cleric", 1, 2), game)
    after = game.position.board.room(1)
    assert after is not None
    expected = (before + (2 if room.layout.sense == "cw" else -2)) % 4
    assert after.rotation == expected
    assert game.position.board.terrain(cleric.at) is Terrain.GEAR  # B-ROT-6: still on the gear
    assert ap_left(game) == 2 and game.log[-1].kind == "rotate"
    with pytest.raises(IllegalActionError, match="B-TURN-3"):
        _run(rotate(game, "cleric", 1, 3), game)
    with pytest.raises(IllegalActionError, match="B-ROT-9"):
        _run(rotate(game, "cleric", 1, 1, against=True), game)


def test_b_rot_9_the_mechanork_turns_either_way_and_nobody_turns_from_off_the_gear() -> None:
    game = _game(3)
    mechanork = game.position.characters["mechanork"]
    with pytest.raises(IllegalActionError, match="B-ROT-1"):
        _run(rotate(game, "mechanork", 1, 1), game)
    mechanork.at = _gear(game, 1)
    room = game.position.board.room(1)
    assert room is not None
    before = room.rotation
    _run(rotate(game, "mechanork", 1, 1, against=True), game)
    turned = game.position.board.room(1)
    assert turned is not None
    assert turned.rotation == (before + (-1 if room.layout.sense == "cw" else 1)) % 4


def test_b_cler_2_the_cleric_heals_an_adjacent_wounded_friend() -> None:
    game = _game(2)
    cleric, wizard = game.position.characters["cleric"], game.position.characters["wizard"]
    floor = [sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.FLOOR]
    cleric.at = next(sq for sq in floor if any(neighbour(sq, d) in floor for d in Direction))
    wizard.at = next(neighbour(cleric.at, d) for d in Direction if neighbour(cleric.at, d) in floor)
    wizard.wounded = True
    if "wizard" not in healable(game, "cleric"):
        pytest.skip("a wall between the two squares")
    _run(heal(game, "cleric", "wizard"), game)
    assert not game.position.characters["wizard"].wounded and ap_left(game) == 1
    assert game.position.turn is not None and "wizard" in game.position.turn.healed  # B-CLER-3


def test_b_wand_the_wizard_eliminates_the_first_character_in_line_and_scores() -> None:
    game = _game(2)
    wizard = game.position.characters["wizard"]
    wizard.carries = "wand"
    floor = [sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.FLOOR]
    enemy = Character("yom", Side.NPC, "naga", None, card="yom")
    game.position.characters["yom"] = enemy
    for wizard.at in floor:
        for enemy.at in floor:
            if enemy.at != wizard.at and "yom" in wand_directions(game, "wizard").values():
                break
        else:
            continue
        break
    else:
        pytest.skip("no line of sight in this room")
    direction = next(d for d, who in wand_directions(game, "wizard").items() if who == "yom")
    before = snapshot(game)
    _run(fire_wand(game, "wizard", direction), game)
    assert "yom" not in game.position.characters and wizard.carries is None
    assert game.position.score is not None and game.position.score.player == 1  # B-VP-2
    assert "object:wand" in game.removed and "npc:yom" in game.removed
    account_player_turn(game, before, "wand")  # the VP matches the event
    assert ap_left(game) == 1


def test_b_bans_2_the_banshee_pushes_the_first_character_in_line_for_2_ap() -> None:
    from solo.actions.scream import push_outcome
    from solo.game.player_powers import scream, scream_squares

    game = new_game(1, seed=9, team=["banshee", "cleric", "wizard", "backstabber"])
    game.position.board.reveal(1)
    game.turn_number = 2
    game.player.first_cycle = False
    play_action_card(game, 3)
    banshee = game.position.characters["banshee"]
    enemy = Character("yom", Side.NPC, "naga", None, card="yom")
    game.position.characters["yom"] = enemy
    floor = [sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.FLOOR]
    found = False
    for banshee.at in floor:
        for enemy.at in floor:
            if enemy.at != banshee.at and enemy.at in scream_squares(game, "banshee"):
                found = True
                break
        if found:
            break
    if not found:
        pytest.skip("no push possible in this room")
    target = enemy.at
    assert target is not None and banshee.at is not None
    expected = push_outcome(game.position, banshee.at, target)
    _run(scream(game, "banshee", target), game)
    assert ap_left(game) == 1 and game.log[-1].kind == "scream"  # B-AP-2: 2 AP
    if expected.eliminated:
        assert "yom" not in game.position.characters
    else:
        assert game.position.characters["yom"].at == expected.to
    with pytest.raises(IllegalActionError, match="B-TURN-3"):  # 1 AP left: no second scream
        _run(scream(game, "banshee", target), game)
