"""Issue 14 item 4: Brikoltou's gear lock holds against the Player too (S-PERS-BRIKOLTOU, S-ROT-8)."""

from __future__ import annotations

import pytest

from solo.automaton.table import drive
from solo.errors import IllegalActionError
from solo.game.autoplay import AutoTable
from solo.game.player import play_action_card
from solo.game.player_options import figure_options
from solo.game.player_powers import rotate, rotation_slots
from solo.game.setup import new_game
from solo.game.state import Game
from solo.table.board import Terrain
from solo.table.position import Character, Side
from solo.table.squares import slot_squares

TEAM = ["cleric", "mechanork", "wizard", "backstabber"]


def _gear(game: Game, slot: int) -> int:
    return next(sq for sq in slot_squares(slot) if game.position.board.terrain(sq) is Terrain.GEAR)


def _game(brikoltou_wounded: bool = False) -> Game:
    """Room 1 and its twin revealed; Brikoltou on room 1's gear; the Player's turn 2, 4 AP."""
    game = new_game(1, seed=9, team=TEAM)
    game.position.board.reveal(1)
    twin = game.position.board.twin_slot(1)
    assert twin is not None
    game.position.board.reveal(twin)
    game.turn_number = 2
    game.player.first_cycle = False
    play_action_card(game, 4)
    game.position.characters["brikoltou"] = Character(
        "brikoltou", Side.NPC, "mechanork", _gear(game, 1), wounded=brikoltou_wounded, card="brikoltou")
    return game


def test_s_pers_brikoltou_s_rot_8_no_player_figure_but_a_mechanork_turns_the_locked_pair() -> None:
    game = _game()
    twin = game.position.board.twin_slot(1)
    assert twin is not None
    cleric = game.position.characters["cleric"]
    cleric.at = _gear(game, twin)
    room2 = game.position.board.room(twin)
    assert room2 is not None
    before = room2.rotation
    assert rotation_slots(game, "cleric") == []
    assert figure_options(game, "cleric").rotations == []  # the app offers no rotation
    with pytest.raises(IllegalActionError, match="S-PERS-BRIKOLTOU") as refused:
        drive(rotate(game, "cleric", twin, 1), AutoTable(game))
    assert "Brikoltou stands on the gear" in str(refused.value) and "not the Cleric" in str(refused.value)
    after = game.position.board.room(twin)
    assert after is not None and after.rotation == before  # nothing turned
    # The Player's Mechanork may turn that pair (only a Mechanork may, S-PERS-BRIKOLTOU).
    cleric.at = None
    game.position.characters["mechanork"].at = _gear(game, twin)
    assert rotation_slots(game, "mechanork") == [twin, 1]
    assert figure_options(game, "mechanork").rotations
    drive(rotate(game, "mechanork", twin, 1), AutoTable(game))
    turned = game.position.board.room(twin)
    assert turned is not None and turned.rotation != before


def test_s_pers_brikoltou_a_wounded_brikoltou_locks_nothing() -> None:
    game = _game(brikoltou_wounded=True)
    twin = game.position.board.twin_slot(1)
    assert twin is not None
    game.position.characters["cleric"].at = _gear(game, twin)
    assert rotation_slots(game, "cleric") == [twin, 1]
