"""The built-in Player turns rooms when that opens a way out (issue 17, AMB-SIM-ROTATION) and opens
the dungeon rather than stand still (AMB-SIM-STALL)."""

from __future__ import annotations

from solo.automaton.table import drive
from solo.game.autoplay import AutoTable
from solo.game.distances import FAR, Distances
from solo.game.planner import Planner
from solo.game.player import play_action_card
from solo.game.player_options import exit_way
from solo.game.setup import new_game
from solo.game.state import Game
from solo.table.position import Side
from solo.table.squares import parse_square
from tests.game.test_planner import _game_at_turn

ROTATIONS = {1: 1, 2: 0, 3: 3, 4: 0, 5: 3, 6: 3, 7: 0, 8: 3}
"""Quarter turns (clockwise) of each room from its printed side: room 8's gear f20 is shut off from
the blue line until room 8 turns a quarter anticlockwise (its own sense, demo-4b)."""


def _shut_in(cards: list[int]) -> Game:
    """Every room face up, the Cleric alone on room 8's gear with no way out, ``cards`` in hand."""
    game = new_game(1, seed=9, team=["cleric", "mechanork", "wizard", "backstabber"])
    board = game.position.board
    for slot, turns in ROTATIONS.items():
        if not board.is_revealed(slot):
            board.reveal(slot)
        room = board.room(slot)
        assert room is not None
        board.rotate(slot, (turns - room.rotation) % 4)
    for other in ("mechanork", "wizard", "backstabber"):
        del game.position.characters[other]
    game.position.characters["cleric"].at = parse_square("f20")
    game.turn_number = 2
    game.player.first_cycle = False
    game.player.actions = cards
    assert not game.position.status()
    return game


def test_a_figure_with_no_way_out_turns_its_room_and_then_exits() -> None:
    game = _shut_in([4])
    cleric = game.position.characters["cleric"]
    assert not Distances().knows_way(game.position, cleric)
    assert Distances().to_exit(game.position, cleric) == FAR
    shut = _shut_in([4])  # the same table with the 4 played: no exit within its 4 AP
    play_action_card(shut, 4)
    assert exit_way(shut, "cleric", 4) is None

    drive(Planner(game).turn(), AutoTable(game))

    played = [e for e in game.log if e.kind in ("rotate", "move", "exit")]
    assert [e.kind for e in played] == ["rotate", "move", "exit"]
    turned = played[0].data
    assert (turned["slot"], turned["quarter_turns"], turned["clockwise"]) == (8, 1, False)
    assert played[1].data["exited"] and played[1].data["ap"] == 3
    assert game.position.score is not None and game.position.score.player == 1
    assert "cleric" not in game.position.characters or game.position.characters["cleric"].at is None


def test_with_a_smaller_card_the_turn_opens_the_way_and_walks_it() -> None:
    game = _shut_in([2, 3, 5])
    cleric = game.position.characters["cleric"]

    drive(Planner(game).turn(), AutoTable(game))

    kinds = [e.kind for e in game.log if e.kind in ("rotate", "move", "exit")]
    assert kinds[0] == "rotate"
    assert cleric.at is not None
    assert Distances().knows_way(game.position, cleric)
    assert Distances().to_exit(game.position, cleric) < FAR - 10


def test_when_no_figure_knows_a_way_out_the_turn_reveals_rather_than_stands_still() -> None:
    # Seed 1080 at pink: two rooms open, no NPC on the table, every figure cut off; every action
    # scores below nothing and the old planner passed every turn to the limit, 0-0 (AMB-SIM-STALL).
    game = _game_at_turn(1, 1080, 4)
    planner = Planner(game)
    figures = [c for c in game.position.characters.values() if c.side is Side.PLAYER and c.is_figure]
    assert not any(planner.distances.knows_way(game.position, f) for f in figures)
    assert max(c.score for c in planner.candidates(5)) <= 0
    revealed = game.position.board.revealed_slots()

    drive(planner.turn(), AutoTable(game))

    assert 2 not in revealed and 2 in game.position.board.revealed_slots()
    reveals = [e.data for e in game.log if e.kind == "reveal" and "figure" in e.data]
    assert reveals[-1]["slot"] == 2
