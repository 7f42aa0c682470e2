"""The app's model: edits and steps are undoable commands; the views hear of every change."""

from __future__ import annotations

from typing import Any

import pytest

from solo.game.player import play_action_card
from solo.game.saves import load_autosave
from solo.table.squares import parse_square
from solo.ui.model import GameModel


def _move(character_id: str, square: str) -> Any:
    def change(game: Any) -> None:
        game.position.characters[character_id].at = parse_square(square)
    return change


def test_edit_is_undoable_and_redoable(model: GameModel, qtbot: Any) -> None:
    figure = next(iter(model.position.characters))
    start = model.position.characters[figure].at
    with qtbot.waitSignal(model.changed):
        model.edit(f"Move {figure}", _move(figure, "e0"))
    assert model.position.characters[figure].at == parse_square("e0")
    assert model.undo_stack.count() == 1
    assert model.undo_stack.undoText() == f"Move {figure}"
    model.undo_stack.undo()
    assert model.position.characters[figure].at == start
    model.undo_stack.redo()
    assert model.position.characters[figure].at == parse_square("e0")


def test_edit_breaking_a_rule_is_kept_and_warned(model: GameModel, qtbot: Any) -> None:
    a, b = list(model.position.characters)[:2]
    target = model.position.characters[a].at
    assert target is not None
    with qtbot.waitSignal(model.warnings) as warned:
        problems = model.edit("Stack", lambda g: setattr(g.position.characters[b], "at", target))
    assert any("B-GOLD-3" in p.text for p in problems)
    assert warned.args[0] == problems
    assert model.position.characters[b].at == target  # kept: the table is the truth


def test_refused_edit_changes_nothing(model: GameModel) -> None:
    def refuse(game: Any) -> None:
        raise ValueError("no such square")

    with pytest.raises(ValueError):
        model.edit("Nothing", refuse)
    assert model.undo_stack.count() == 0


def test_step_is_one_command_and_autosaved(model: GameModel, demo_session: Any) -> None:
    hand = list(model.game.player.actions)

    def play_two(game: Any) -> Any:
        play_action_card(game, 2)
        return
        yield  # a generator without requests

    assert model.begin("Play the 2", play_two) is None
    assert 2 not in model.game.player.actions
    assert model.undo_stack.undoText() == "Play the 2"
    saved, _ = load_autosave(demo_session.folder)
    assert saved.player.actions == model.game.player.actions
    model.undo_stack.undo()
    assert model.game.player.actions == hand


def test_no_edit_while_a_step_waits(model: GameModel) -> None:
    # The NP's turn paused after an activation holds the game: an edit is refused, the turn goes on.
    from solo.automaton.table import Request

    def waits(game: Any) -> Any:
        answer = yield Request("", "a question")
        return answer

    assert model.begin("A step", waits) is not None
    figure = next(iter(model.position.characters))
    with pytest.raises(ValueError, match="in progress"):
        model.edit("Move", _move(figure, "e0"))
    assert model.session.busy and model.undo_stack.count() == 0
    assert model.answer("yes") is None and model.session.result == "yes"


def test_the_np_turns_explanations_survive_edits_and_come_back_with_redo(model: GameModel) -> None:
    from solo.automaton.turn import TurnRecord

    shown = TurnRecord(row=["someone"])
    model.session.record = shown
    figure = next(iter(model.position.characters))
    model.edit("Move", _move(figure, "e0"))
    assert model.session.record is shown  # an edit keeps the last NP turn on screen
    model.undo_stack.undo()
    assert model.session.record is shown
