"""The Player's other actions on his panel: turning a room from its gear, healing, the wand
(B-ROT, B-CLER, B-WAND), each one undoable step."""

from __future__ import annotations

from typing import Any

from solo.game import player_options as po
from solo.game.player import play_action_card
from solo.game.saves import game_state
from solo.game.turn_ap import ap_left
from solo.table.board import Terrain
from solo.table.position import Character, Side
from solo.table.squares import slot_squares
from solo.ui.model import GameModel
from solo.ui.player_panel import PlayerTurnPanel


def _ready(model: GameModel) -> str:
    """Room 1 face up, turn 2 with the 4 played, the first Player figure on room 1's gear."""
    figure = next(iter(model.position.characters))

    def setup(game: Any) -> None:
        game.position.board.reveal(1)
        game.turn_number = 2
        game.player.first_cycle = False
        play_action_card(game, 4)
        gear = next(sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.GEAR)
        game.position.characters[figure].at = gear

    model.edit("Set up", setup)
    return figure


def test_a_figure_on_the_gear_turns_its_room_from_the_panel(model: GameModel, qtbot: Any) -> None:
    figure = _ready(model)
    panel = PlayerTurnPanel(model, asker=lambda request: None)
    qtbot.addWidget(panel)
    panel.select_figure(figure)
    offered = panel.powers.choices
    assert panel.powers.rotation.count() == len(offered)
    assert offered == po.figure_options(model.game, figure).rotations and (1, 1, False) in offered
    assert not panel.powers.isHidden()
    room = model.position.board.room(1)
    assert room is not None
    before_rotation, before = room.rotation, game_state(model.game)
    panel.powers.rotation.setCurrentIndex(offered.index((1, 2, False)))
    assert panel.powers.turn_room()
    turned = model.position.board.room(1)
    assert turned is not None and turned.rotation != before_rotation
    assert ap_left(model.game) == 2 and model.undo_stack.undoText().endswith("turns room 1")
    model.undo_stack.undo()
    assert game_state(model.game) == before


def test_nothing_is_offered_off_the_gear_or_before_a_card(model: GameModel, qtbot: Any) -> None:
    panel = PlayerTurnPanel(model, asker=lambda request: None)
    qtbot.addWidget(panel)
    panel.select_figure(next(iter(model.position.characters)))
    assert panel.powers.rotation.count() == 0 and panel.powers.isHidden()


def test_s_pers_brikoltou_the_panel_offers_no_rotation_of_the_pair_he_locks(
        model: GameModel, qtbot: Any) -> None:
    # Issue 14 item 4 in the app: Brikoltou on the twin room's gear locks the pair against the Player
    # (S-PERS-BRIKOLTOU, S-ROT-8); a non-Mechanork figure on room 1's gear is offered no rotation.
    figure = next(c.id for c in model.position.characters.values() if c.class_id not in ("mechanork",))

    def gear(game: Any, slot: int) -> int:
        return next(sq for sq in slot_squares(slot) if game.position.board.terrain(sq) is Terrain.GEAR)

    def setup(game: Any) -> None:
        game.position.board.reveal(1)
        twin = game.position.board.twin_slot(1)
        game.position.board.reveal(twin)
        game.turn_number = 2
        game.player.first_cycle = False
        play_action_card(game, 4)
        game.position.characters[figure].at = gear(game, 1)
        game.position.characters["brikoltou"] = Character(
            "brikoltou", Side.NPC, "mechanork", gear(game, twin), card="brikoltou")

    model.edit("Set up", setup)
    panel = PlayerTurnPanel(model, asker=lambda request: None)
    qtbot.addWidget(panel)
    panel.select_figure(figure)
    assert panel.powers.choices == [] and panel.powers.rotation.count() == 0
    assert panel.powers.turn_button.isHidden()
    model.edit("Wounded", lambda game: setattr(game.position.characters["brikoltou"], "wounded", True))
    panel.select_figure(figure)
    assert (1, 1, False) in panel.powers.choices  # a wounded Brikoltou locks nothing
