"""The Player's turn panel: what it offers comes from the engine, each action is one undoable step,
requests go to the asker and a cancelled one changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from builders import class_position, grid
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from solo.actions.combat import CombatSides, melee_sides
from solo.automaton.table import DieRequest, QuestionRequest, Request
from solo.game import player_options as po
from solo.game import turn_ap
from solo.game.fight import NpCardRequest, PlayerCardRequest
from solo.game.reveal import RoomRequest
from solo.game.session import Session
from solo.game.setup import new_game
from solo.game.state import Game
from solo.game.teleport import DrawRequest, TeleportChoiceRequest
from solo.table.position import Position, Side
from solo.table.squares import parse_square
from solo.ui.combat_dialog import CombatDialog, participant_rows
from solo.ui.model import GameModel
from solo.ui.player_panel import PlayerTurnPanel
from solo.ui.requests import RequestRouter


class Script:
    """A scripted player at the table: answers every request, keeps what was asked."""

    def __init__(self, cancel: type[Request] | None = None) -> None:
        self.asked: list[Request] = []
        self.cancel = cancel

    def __call__(self, request: Request) -> Any:
        self.asked.append(request)
        if self.cancel is not None and isinstance(request, self.cancel):
            return None
        if isinstance(request, RoomRequest):
            return f"{request.options[0]}:0"
        if isinstance(request, QuestionRequest):
            return "gear" if "gear" in request.choices else "roll"
        if isinstance(request, PlayerCardRequest):
            return request.options[-1]
        if isinstance(request, (TeleportChoiceRequest, DrawRequest, NpCardRequest)):
            return request.options[0]
        if isinstance(request, DieRequest):
            return 3
        raise AssertionError(f"unexpected request {request!r}")

    def kinds(self) -> list[str]:
        return [type(r).__name__ for r in self.asked]


class Confirm:
    """The combat dialog's stand-in: records the sides shown, accepts or gives up."""

    def __init__(self, accept: bool = True) -> None:
        self.shown: list[CombatSides] = []
        self.accept = accept

    def __call__(self, position: Position, sides: CombatSides, parent: Any) -> bool:
        self.shown.append(sides)
        return self.accept


def sq(name: str) -> Any:
    return parse_square(name)


@pytest.fixture
def script() -> Script:
    return Script()


@pytest.fixture
def confirm() -> Confirm:
    return Confirm()


@pytest.fixture
def panel(qtbot: Any, model: GameModel, script: Script, confirm: Confirm) -> PlayerTurnPanel:
    widget = PlayerTurnPanel(model, script, confirm=confirm)
    qtbot.addWidget(widget)
    return widget


def click(qtbot: Any, button: Any) -> None:
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def play_two_and_reveal(qtbot: Any, panel: PlayerTurnPanel) -> None:
    click(qtbot, panel.card_buttons[2])
    panel.select_figure("cleric")
    click(qtbot, panel.reveal_buttons[1])


def panel_on(qtbot: Any, game: Game, tmp_path: Path, script: Script | None = None) -> PlayerTurnPanel:
    widget = PlayerTurnPanel(GameModel(Session(game, folder=tmp_path / "autosave")), script or Script())
    qtbot.addWidget(widget)
    return widget


# -- the Action card ---------------------------------------------------------------------------------

def test_first_turn_only_the_2_is_playable(panel: PlayerTurnPanel) -> None:
    enabled = {card: button.isEnabled() for card, button in panel.card_buttons.items()}
    assert enabled == {2: True, 3: False, 4: False, 5: False}
    assert "S-TURN-2" in panel.card_buttons[3].toolTip()
    assert not panel.end_button.isEnabled()  # phase 1 first (S-TURN-4)
    assert "S-TURN-4" in panel.hint_label.text()


def test_playing_the_2_gives_2_ap(qtbot: Any, panel: PlayerTurnPanel, model: GameModel) -> None:
    click(qtbot, panel.card_buttons[2])
    assert model.game.player.played == [2] and turn_ap.ap_left(model.game) == 2
    assert panel.ap_label.text() == "AP left: 2 of 2"
    assert model.undo_stack.undoText() == "Play the 2 Action card"
    assert not any(button.isEnabled() for button in panel.card_buttons.values())
    assert "already played" in panel.card_buttons[2].toolTip()
    assert panel.end_button.isEnabled()


# -- S-TURN-2 and the reveal ---------------------------------------------------------------------------

def test_first_action_is_a_reveal_next_to_the_yellow_line(qtbot: Any, panel: PlayerTurnPanel) -> None:
    click(qtbot, panel.card_buttons[2])
    with qtbot.assertNotEmitted(panel.shade_changed):
        panel.select_figure("cleric")
    assert panel.shade == {}  # no move before the reveal (S-TURN-2)
    assert sorted(panel.reveal_buttons) == [1, 2] and panel.attack_buttons == {}
    assert panel.exit_button.isHidden()
    assert "S-TURN-2" in panel.hint_label.text()
    assert panel.square_chosen(sq("c0")) is False
    assert panel.reveal_room(5) is False  # B-REV-2: no access from the yellow line


def test_reveal_answers_the_teleport_requests(
    qtbot: Any, panel: PlayerTurnPanel, model: GameModel, script: Script
) -> None:
    play_two_and_reveal(qtbot, panel)
    assert model.position.board.is_revealed(1)
    # The demo's dice roll a 6 twice: the Player chooses a row, then a column (S-REVEAL-5).
    assert script.kinds() == ["TeleportChoiceRequest", "TeleportChoiceRequest"]
    assert model.position.character("arthos").at == sq("c1")
    assert model.pending is None and turn_ap.ap_left(model.game) == 1
    assert model.undo_stack.count() == 2 and model.undo_stack.undoText() == "The Cleric reveals room 1"
    assert panel.reveal_buttons.keys() == {2}
    assert panel.ap_label.text() == "AP left: 1 of 2"


def test_reveal_with_the_room_card_read_from_the_table(qtbot: Any, tmp_path: Path) -> None:
    script = Script()
    panel = panel_on(qtbot, new_game(1, seed=1, modes={"room_cards": "table"}), tmp_path, script)
    play_two_and_reveal(qtbot, panel)
    room = panel.model.position.board.room(1)
    assert room is not None and not room.hidden and room.layout.id == "demo-1a"
    assert script.kinds()[0] == "RoomRequest"
    assert "QuestionRequest" in script.kinds()  # Dékrou's personality places him (S-REVEAL-7)
    assert "demo-1a" in panel.model.game.rooms_revealed


def test_a_cancelled_request_abandons_the_step(qtbot: Any, panel: PlayerTurnPanel, model: GameModel) -> None:
    panel.asker = Script(cancel=TeleportChoiceRequest)
    play_two_and_reveal(qtbot, panel)
    assert not model.position.board.is_revealed(1)
    assert model.pending is None and not model.session.busy
    assert model.undo_stack.count() == 1  # the Action card only
    assert turn_ap.ap_left(model.game) == 2 and turn_ap.must_reveal_first(model.game)
    assert panel.status_label.text() == "Cancelled: nothing changed."
    assert sorted(panel.reveal_buttons) == [1, 2]


def test_without_an_asker_the_request_router_answers(qtbot: Any, model: GameModel, script: Script) -> None:
    panel = PlayerTurnPanel(model)
    router = RequestRouter(model, panel, lambda request, parent: script(request), queued=False)
    qtbot.addWidget(panel)
    play_two_and_reveal(qtbot, panel)
    assert script.kinds() == ["TeleportChoiceRequest", "TeleportChoiceRequest"]
    assert model.position.board.is_revealed(1) and not model.session.busy
    assert model.undo_stack.undoText() == "The Cleric reveals room 1" and panel.abandon_button.isHidden()
    assert router.model is model


def test_a_step_left_waiting_by_the_router_can_be_given_up(qtbot: Any, model: GameModel) -> None:
    cancel = Script(cancel=TeleportChoiceRequest)
    panel = PlayerTurnPanel(model)
    router = RequestRouter(model, panel, lambda request, parent: cancel(request), queued=False)
    qtbot.addWidget(panel)
    play_two_and_reveal(qtbot, panel)
    assert model.session.busy and isinstance(model.pending, TeleportChoiceRequest)  # still waiting
    assert not panel.abandon_button.isHidden() and router.model is model
    assert panel.waiting_label.text().startswith("Waiting for: Teleporting")
    assert panel.reveal_buttons == {} and not panel.end_button.isEnabled()  # one step at a time
    click(qtbot, panel.abandon_button)
    assert not model.session.busy and not model.position.board.is_revealed(1)
    assert turn_ap.ap_left(model.game) == 2 and panel.abandon_button.isHidden()
    assert sorted(panel.reveal_buttons) == [1, 2]


# -- moves ---------------------------------------------------------------------------------------------

def test_shading_is_the_engines_costs(qtbot: Any, panel: PlayerTurnPanel, model: GameModel) -> None:
    play_two_and_reveal(qtbot, panel)
    with qtbot.waitSignal(panel.shade_changed) as shaded:
        panel.select_figure("backstabber")
    expected = {s: str(w.cost[0]) for s, w in po.reachable(model.game, "backstabber", 1).items()}
    assert shaded.args[0] == expected == panel.shade
    assert set(expected) == {sq(n) for n in ("a0", "c0", "d1", "d2", "e0", "e1", "f0")}
    assert "arthos" not in panel.attack_buttons


def test_move_spends_ap_and_undo_restores(qtbot: Any, panel: PlayerTurnPanel, model: GameModel) -> None:
    play_two_and_reveal(qtbot, panel)
    assert panel.shade[sq("d1")] == "1"
    assert panel.square_chosen(sq("d1"))
    assert model.position.character("cleric").at == sq("d1")
    assert turn_ap.ap_left(model.game) == 0 and model.undo_stack.undoText() == "Move the Cleric to d1"
    assert panel.shade == {} and panel.reveal_buttons == {}  # no AP left
    assert "B-TURN-3" in panel.hint_label.text()
    assert panel.square_chosen(sq("d2")) is False  # nothing left to spend
    assert panel.reveal_room(2) is False and model.undo_stack.count() == 3  # player.reveal checks no AP
    model.undo_stack.undo()
    assert model.position.character("cleric").at == sq("d0")
    assert turn_ap.ap_left(model.game) == 1 and panel.shade[sq("d1")] == "1"
    model.undo_stack.redo()
    assert model.position.character("cleric").at == sq("d1")


def test_a_jump_shows_and_spends_a_jump_card(qtbot: Any, tmp_path: Path) -> None:
    pits = grid(*[(3, column, "O") for column in (1, 3, 5, 7, 9)])  # rank 4 of room 1: all pits
    position = class_position("- {id: colossus, side: player, class: colossus, at: c3}",
                              turn="{side: player}", grids={1: pits})
    panel = panel_on(qtbot, Game(position, difficulty=1), tmp_path)
    panel.play_card(2)
    panel.select_figure("colossus")
    assert panel.shade[sq("c5")] == "1+J" and panel.shade[sq("c7")] == "2+J" and panel.shade[sq("c2")] == "1"
    assert panel.jumps_label.text() == "Jump cards left: 3"
    panel.use_jumps.setChecked(False)
    assert sq("c5") not in panel.shade
    panel.use_jumps.setChecked(True)
    assert panel.square_chosen(sq("c5"))
    assert panel.model.position.character("colossus").at == sq("c5")
    assert panel.model.game.player.jumps == 2 and panel.jumps_label.text() == "Jump cards left: 2"
    assert turn_ap.ap_left(panel.model.game) == 1


def test_exit_scores_a_vp(qtbot: Any, tmp_path: Path) -> None:
    position = class_position("- {id: cleric, side: player, class: cleric, at: c18}", turn="{side: player}")
    panel = panel_on(qtbot, Game(position, difficulty=1), tmp_path)
    panel.play_card(2)
    panel.select_figure("cleric")
    assert panel.shade[sq("c21")] == "1" and panel.shade[sq("a21")] == "2"
    assert panel.exit_button.text() == "Exit the dungeon (1 AP)" and not panel.exit_button.isHidden()
    click(qtbot, panel.exit_button)
    model = panel.model
    assert "cleric" not in model.position.characters
    assert model.position.score is not None and model.position.score.player == 1
    assert model.undo_stack.undoText() == "The Cleric exits the dungeon"
    assert panel.shade == {} and "not on the board" in panel.figure_label.text()


# -- attack ----------------------------------------------------------------------------------------------

def test_attack_shows_the_sides_then_plays_the_cards(
    qtbot: Any, panel: PlayerTurnPanel, model: GameModel, script: Script, confirm: Confirm
) -> None:
    play_two_and_reveal(qtbot, panel)
    model.edit("The cleric steps next to Arthos", lambda g: setattr(g.position.characters["cleric"], "at",
                                                                      sq("d1")))
    panel.select_figure("cleric")
    assert list(panel.attack_buttons) == ["arthos"]
    click(qtbot, panel.attack_buttons["arthos"])
    sides = confirm.shown[0]
    assert (sides.attackers, sides.defenders) == (("cleric",), ("arthos",))
    assert (sides.attack_value, sides.defence_value) == (2, 5)  # Cleric 2, Colossus 5 (B-CMB-4)
    card = next(r for r in script.asked if isinstance(r, PlayerCardRequest))
    attack = next(e for e in reversed(model.game.log) if e.kind == "attack")
    assert attack.data["attacker"] == "cleric" and attack.data["target"] == "arthos"
    combat = next(e for e in reversed(model.game.log) if e.kind == "combat")
    assert combat.data["player_card"] == card.options[-1]
    assert turn_ap.ap_left(model.game) == 0
    assert model.undo_stack.undoText() == "The Cleric attacks Arthos"
    assert panel.status_label.text().startswith("Combat ")


def test_giving_up_an_attack_changes_nothing(
    qtbot: Any, panel: PlayerTurnPanel, model: GameModel, confirm: Confirm
) -> None:
    play_two_and_reveal(qtbot, panel)
    model.edit("Next to Arthos", lambda g: setattr(g.position.characters["cleric"], "at", sq("d1")))
    panel.select_figure("cleric")
    confirm.accept = False
    count = model.undo_stack.count()
    assert panel.attack_target("arthos") is False
    assert model.undo_stack.count() == count and turn_ap.ap_left(model.game) == 1


def test_combat_dialog_lists_the_participants(qtbot: Any, model: GameModel) -> None:
    position = class_position("""
        - {id: colossus, side: player, class: colossus, at: c3}
        - {id: naga, side: player, class: naga, at: b4}
        - {id: orc, side: npc, card: n-cleric, at: c4}
    """)
    sides = melee_sides(position, "colossus", "orc")
    rows = participant_rows(position, sides)
    # each figure by its printed name, never its id (the dialog showed « colossus », « orc »)
    assert rows[:2] == [("Player", "The Colossus", "Colossus", "attacks"),
                        ("Player", "The Naga", "Naga", "attacks")]
    assert rows[2][0] == "NP" and rows[2][1] != "orc" and rows[2][2:] == ("Cleric", "target")
    dialog = CombatDialog(position, sides)
    qtbot.addWidget(dialog)
    item = dialog.table.item(2, 1)
    assert dialog.table.rowCount() == 3 and item is not None and item.text() == rows[2][1]
    assert dialog.windowTitle() == f"Attack {rows[2][1]}"
    values = f"Your side: {sides.attack_value}, the NP's side: {sides.defence_value}"
    assert values in dialog.values_label.text()
    assert "group combat" in dialog.values_label.text()
    dialog.attack_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted


# -- end of the turn --------------------------------------------------------------------------------------

def test_end_turn_makes_it_the_nps_turn(qtbot: Any, panel: PlayerTurnPanel, model: GameModel) -> None:
    play_two_and_reveal(qtbot, panel)
    click(qtbot, panel.end_button)
    turn = model.position.turn
    assert turn is not None and turn.side is Side.NPC and po.np_turn_due(model.game)
    assert model.undo_stack.undoText() == "End of the Player's turn"
    assert not panel.end_button.isEnabled() and not any(b.isEnabled() for b in panel.card_buttons.values())
    assert panel.hint_label.text() == "The NP's turn is due."
    panel.select_figure("cleric")
    assert panel.shade == {} and panel.reveal_buttons == {}


def test_combat_dialog_in_french_names_figures_and_classes_as_printed(qtbot: Any, qapp: Any) -> None:
    """The French dialog gave the classes in English (« Colossus ») and the figures by id."""
    from solo.ui import i18n

    position = class_position("""
        - {id: colossus, side: player, class: colossus, at: c3}
        - {id: orc, side: npc, card: n-cleric, at: c4}
    """)
    try:
        i18n.install(qapp, "fr")
        rows = participant_rows(position, melee_sides(position, "colossus", "orc"))
        assert rows[0][1:3] == ("Le Colosse", "Colosse")
        assert rows[1][2] == "Clerc"
    finally:
        i18n.uninstall(qapp)
