"""The Arch-Mage's Vision (S-VISION-1..3, AMB-VISION-USED)."""

from __future__ import annotations

from game_tables import PlayerListTable

from solo.automaton.table import drive
from solo.game.reveal import reveal_and_place
from solo.game.setup import new_game
from solo.game.state import Game
from solo.game.teleport import DrawRequest
from solo.game.vision import vision_reveal
from solo.table.squares import SLOTS

TEAM = ["cleric", "colossus", "naga", "wizard"]


def vision_game(revealed: tuple[int, ...], **modes: str) -> Game:
    game = new_game(2, seed=21, vision=True, team=TEAM, modes=modes or None)
    for slot in revealed:
        _, missing = drive(reveal_and_place(game, slot, "cleric"), PlayerListTable())
        assert missing is None
    return game


def test_s_vision_1_eight_cards_shuffled() -> None:
    game = new_game(2, seed=21, vision=True, team=TEAM)
    assert sorted(game.vision_deck) == list(SLOTS)
    assert new_game(2, seed=21, team=TEAM).vision_deck == []


def test_s_vision_3_cards_for_revealed_rooms_leave_the_game_until_a_face_down_one() -> None:
    game = vision_game((1, 2))
    game.vision_deck = [2, 1, 6, 3, 4]
    bag = len(game.bag)
    slot, missing = drive(vision_reveal(game), PlayerListTable())
    assert missing is None and slot == 6
    assert game.position.board.is_revealed(6)  # revealed normally (S-REVEAL), position included
    assert game.vision_deck == [3, 4]  # 2 and 1 removed from play, 6 used (AMB-VISION-USED)
    vision = next(e for e in reversed(game.log) if e.kind == "vision")
    assert vision.data == {"slot": 6, "discarded": [2, 1]}
    reveal = next(e for e in reversed(game.log) if e.kind == "reveal")
    assert reveal.data["slot"] == 6 and reveal.data["by"] is None
    assert len(game.bag) == bag - 3


def test_s_vision_2_nothing_when_every_room_is_revealed() -> None:
    game = vision_game(tuple(SLOTS))
    deck = list(game.vision_deck)
    slot, missing = drive(vision_reveal(game), PlayerListTable())
    assert (slot, missing) == (None, None)
    assert game.vision_deck == deck, "no card is turned over"
    assert game.log[-1].kind == "vision"


def test_s_vision_3_no_card_left_for_a_face_down_room() -> None:
    game = vision_game((1,))
    game.vision_deck = [1]
    slot, _ = drive(vision_reveal(game), PlayerListTable())
    assert slot is None and game.vision_deck == []
    assert not game.position.board.is_revealed(2)


def test_s_vision_3_read_from_the_table() -> None:
    game = vision_game((1, 3), vision="table")
    assert game.vision_deck == sorted(game.vision_deck)  # the table's order is unknown
    table = PlayerListTable(["9", "3", 5])
    slot, missing = drive(vision_reveal(game), table)
    assert missing is None and slot == 5
    draws = [r for r in table.asked if isinstance(r, DrawRequest)]
    assert draws[0].pile == "vision" and draws[0].options == tuple(str(s) for s in SLOTS)
    assert draws[2].options == ("1", "2", "4", "5", "6", "7", "8"), "a card turned over is no longer offered"
    assert 3 not in game.vision_deck and 5 not in game.vision_deck and len(game.vision_deck) == 6


def test_s_vision_3_interrupted_changes_nothing() -> None:
    game = vision_game((1,), vision="table")
    deck, log = list(game.vision_deck), len(game.log)
    slot, missing = drive(vision_reveal(game), PlayerListTable(["1"]))
    assert slot is None and isinstance(missing, DrawRequest)
    assert game.vision_deck == deck and len(game.log) == log
