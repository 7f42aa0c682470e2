"""The NP's turn panel: a seeded NP turn played through it, its row of cards, each activation's objective
table and steps, Next and Done, the path sent to the board, and rule links opening the reference."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from solo.automaton.table import Request
from solo.game.autoplay import auto_player_turn
from solo.game.session import Session
from solo.game.setup import new_game
from solo.table.squares import parse_square
from solo.ui.explanation_view import cost_label, step_squares
from solo.ui.model import GameModel
from solo.ui.np_panel import ACTIVE, DONE, TILTED, NpTurnPanel
from solo.ui.request_dialogs import ChoiceDialog, QuestionDialog
from solo.ui.requests import RequestRouter, answer_of, dialog_for


class Player:
    """The player at the table, answering through the dialogs: the first option of each."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, request: Request, parent: Any) -> Any:
        self.asked.append(type(request).__name__)
        dialog = dialog_for(request, parent)
        if isinstance(dialog, ChoiceDialog):
            dialog.list.setCurrentRow(0)
        elif isinstance(dialog, QuestionDialog):
            dialog.choose(dialog.field.itemText(0) or "roll")
        dialog.accept()
        answer = answer_of(dialog)
        dialog.deleteLater()
        return answer


@pytest.fixture
def player() -> Player:
    return Player()


@pytest.fixture
def np_model(qtbot: Any, tmp_path: Path, player: Player) -> GameModel:
    """Seed 4 after the Player's first turn (played by the built-in Player): two NPCs in the dungeon,
    the NP's turn to play; its turn asks a personality question and the Player's combat cards."""
    model = GameModel(Session(new_game(1, seed=4), folder=tmp_path / "autosave"))
    router = RequestRouter(model, None, player, queued=False)
    model.begin("The Player's turn", auto_player_turn)
    assert model.pending is None and router.model is model
    router.deleteLater()
    assert player.asked == ["TeleportChoiceRequest", "TeleportChoiceRequest"]
    player.asked.clear()
    return model


@pytest.fixture
def panel(qtbot: Any, np_model: GameModel, player: Player) -> NpTurnPanel:
    widget = NpTurnPanel(np_model)
    widget.router = RequestRouter(np_model, widget, player, queued=False)
    qtbot.addWidget(widget)
    return widget


def _chip_texts(panel: NpTurnPanel) -> list[str]:
    layout = panel.row_layout
    widgets = [layout.itemAt(i).widget() for i in range(layout.count())]
    return [w.text() for w in widgets if w is not None]


def test_play_is_disabled_on_the_players_turn(qtbot: Any, model: GameModel) -> None:
    widget = NpTurnPanel(model)
    qtbot.addWidget(widget)
    assert not widget.play_button.isEnabled()  # a new game starts with the Player's turn (S-TURN-1)
    assert "S-TURN-1" in widget.play_button.toolTip()


def test_np_turn_played_through_the_panel(qtbot: Any, panel: NpTurnPanel, np_model: GameModel,
                                          player: Player) -> None:
    assert panel.play_button.isEnabled() and not panel.next_button.isEnabled()
    qtbot.mouseClick(panel.play_button, Qt.MouseButton.LeftButton)
    record = np_model.session.record
    assert record is not None and record.row == ["pere-tabass"]
    assert player.asked == ["QuestionRequest", "PlayerCardRequest", "QuestionRequest", "PlayerCardRequest"]
    # paused after the first activation: the row in activation order, the first NPC active
    first = record.row[0]
    assert panel.paused() and panel.next_button.isEnabled()
    assert panel.row_states() == [(first, ACTIVE, "")]
    assert panel.status.text() == "The activation is over"  # a sentence of its own: a capital
    assert [t.split("\n")[0] for t in _chip_texts(panel)] == [f"1. {panel.npc_name(first)}"]
    assert panel.npc_name(first) == "Père Tabass"  # the name on the card, never its id
    assert panel.selected_npc() == first
    explanation = record.activations[0]
    assert panel.view.explanation is explanation
    # the objective table is the explanation's: quota, cheapest cost, achievable, rule IDs
    table = panel.view.objectives
    assert table.rowCount() == len(explanation.objectives)
    for row, exam in enumerate(explanation.objectives):
        assert table.item(row, 0).text() == str(exam.rank)
        assert table.item(row, 2).text() == str(exam.quota)
        assert table.item(row, 3).text() == cost_label(exam.cost)
        assert table.item(row, 4).text() == ("yes" if exam.achievable else "no")
        assert table.item(row, 5).text() == exam.reason
        rules = table.cellWidget(row, 6)
        assert isinstance(rules, QLabel) and all(f'href="rule:{r}"' in rules.text() for r in exam.rules)
    assert "Fight" in panel.view.chosen.text() and "4 AP" in panel.view.chosen.text()
    assert "Père Tabass" in panel.view.card.text()
    steps = panel.view.steps
    shown = [steps.item(r, 1).text() for r in range(steps.rowCount())]
    assert shown == [s.text.english() for s in explanation.steps]
    assert [steps.item(r, 0).text() for r in range(steps.rowCount())] == [
        str(s.ap) for s in explanation.steps
    ]
    # clicking a step sends its squares to the board
    move = explanation.steps[0]
    assert move.kind == "move"
    cell = steps.visualItemRect(steps.item(0, 1)).center()
    with qtbot.waitSignal(panel.path_changed) as path:
        qtbot.mouseClick(steps.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert path.args[0] == [parse_square(n) for n in move.fields["path"]] == step_squares(move)
    # Next: the reinforcement its combat brought (S-COMBAT-4) joins the row (S-TURN-8) and acts
    with qtbot.waitSignal(panel.path_changed) as path:
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert record.row == [first, "mungdu"]
    second = record.row[1]
    assert panel.row_states() == [(first, DONE, ""), (second, ACTIVE, "")]
    assert [t.split("\n")[0] for t in _chip_texts(panel)] == [
        f"1. {panel.npc_name(first)}", f"2. {panel.npc_name(second)}"]
    assert panel.selected_npc() == second
    assert panel.view.explanation is record.activations[1]
    walked = [parse_square(n) for s in record.activations[1].steps if s.kind in ("move", "jump")
              for n in s.fields["path"]]
    assert path.args[0] == [sq for i, sq in enumerate(walked) if i == 0 or walked[i - 1] != sq]
    # Done: the rest of the turn, then the step is one undoable command and Play is off
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert not panel.in_turn()
    assert panel.row_states() == [(first, DONE, ""), (second, DONE, "")]
    assert np_model.undo_stack.undoText() == "The NP's turn"
    assert not panel.play_button.isEnabled() and not panel.next_button.isEnabled()
    # the first NPC's activation can be read again
    qtbot.mouseClick(panel.chips[first], Qt.MouseButton.LeftButton)
    assert panel.view.explanation is record.activations[0]
    # undoing the NP's turn lets it be played again
    np_model.undo_stack.undo()
    assert panel.play_button.isEnabled()


def test_done_plays_the_whole_turn(qtbot: Any, panel: NpTurnPanel, np_model: GameModel) -> None:
    panel.play()
    with qtbot.waitSignal(np_model.step_done):
        panel.done()
    record = np_model.session.record
    assert record is not None and [e.npc for e in record.activations] == record.row
    assert all(state == DONE for _, state, _ in panel.row_states())


def test_a_wounded_npc_is_tilted_with_its_reason(qtbot: Any, panel: NpTurnPanel, np_model: GameModel) -> None:
    npc = "pere-tabass"
    np_model.edit("Wound Père Tabass", lambda game: setattr(game.position.characters[npc], "wounded", True))
    panel.play()
    assert not panel.in_turn()  # nobody could act: the turn ended at once
    assert panel.row_states() == [(npc, TILTED, "wounded: its card is tilted (S-TURN-6)")]
    chip = panel.chips[npc]
    assert "S-TURN-6" in chip.toolTip() and "tilted" in chip.text()
    panel.select_npc(npc)
    assert "Not activated" in panel.view.chosen.text() and "S-TURN-6" in panel.view.chosen.text()
    assert panel.view.objectives.rowCount() == 0 and "Père Tabass" in panel.view.card.text()


def test_a_rule_link_opens_the_reference_on_it(qtbot: Any, panel: NpTurnPanel) -> None:
    panel.play()
    rules = panel.view.objectives.cellWidget(0, 6)
    assert isinstance(rules, QLabel)
    with qtbot.waitSignal(panel.rule_requested) as requested:
        rules.linkActivated.emit("rule:S-FIGHT-1")
    assert requested.args == ["S-FIGHT-1"]
    assert panel.reference is not None and panel.reference.current_rule() == "S-FIGHT-1"
    assert "S-FIGHT-1" in panel.reference.shown_text() and "enemy" in panel.reference.shown_text()
    panel.view.chosen.linkActivated.emit("rule:S-ACT-4")  # the mode's line links its rule too
    assert panel.reference.current_rule() == "S-ACT-4"
