"""Issue 14 item 6 in the app: a broken wall (S-PERS-WAVERICK) is drawn as a breach and is edited
from the board's context menu, as one undoable command."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QAction

from solo.content.rooms import Mark
from solo.game import edits
from solo.game.saves import game_state
from solo.table.board import MarkerState, Passage
from solo.table.squares import Direction, parse_square
from solo.ui import i18n
from solo.ui.board_items import EdgeMark
from solo.ui.board_scene import BoardScene
from solo.ui.edit_menu import build_menu
from solo.ui.model import GameModel

pytestmark = pytest.mark.gui

# The model's demo game (seed 1): room 1 is demo-4b at rotation 3, a wall between a1 and b1.


def sq(name: str) -> Any:
    return parse_square(name)


def _reveal(model: GameModel) -> None:
    model.edit("Reveal 1", lambda g: edits.reveal_room(g, 1, "demo-4b", 3))


def _wall_action(model: GameModel, name: str) -> QAction:
    menu = build_menu(model, sq("a1"), None, on_refused=lambda message: None)
    action = menu.findChild(QAction, name)
    assert action is not None, [a.objectName() for a in menu.findChildren(QAction)]
    return action


def test_break_and_mend_a_wall_from_the_menu_one_undo_each(model: GameModel) -> None:
    _reveal(model)
    board = model.position.board
    action = _wall_action(model, "wall:break:a1-b1")
    assert action.text() == "Break the wall a1–b1"
    before = game_state(model.game)
    action.trigger()
    assert model.position.board.passage(sq("a1"), sq("b1")) is Passage.OPEN
    assert model.undo_stack.undoText() == "Break the wall a1–b1"
    model.undo_stack.undo()
    assert game_state(model.game) == before
    assert model.position.board.wall_broken(sq("a1"), sq("b1")) is False
    model.undo_stack.redo()
    board = model.position.board
    assert board.wall_broken(sq("a1"), sq("b1")) is True
    mend = _wall_action(model, "wall:mend:a1-b1")
    assert mend.text() == "Mend the wall a1–b1"
    mend.trigger()
    assert model.position.board.passage(sq("a1"), sq("b1")) is Passage.WALL


def test_a_broken_wall_is_drawn_broken(model: GameModel) -> None:
    _reveal(model)
    scene = BoardScene(model)
    wall = [e for e in scene.room_items()[1].edges if e.square == sq("a1") and e.direction is Direction.EAST]
    assert wall == [EdgeMark(sq("a1"), Direction.EAST, Mark.WALL, None)]
    model.edit("Break", lambda g: edits.set_wall(g, "a1", "b1", True))
    wall = [e for e in scene.room_items()[1].edges if e.square == sq("a1") and e.direction is Direction.EAST]
    assert wall == [EdgeMark(sq("a1"), Direction.EAST, Mark.WALL, MarkerState.BROKEN)]


def test_the_wall_edits_read_in_french(model: GameModel, qapp: Any) -> None:
    assert i18n.install(qapp, "fr") is not None
    try:
        _reveal(model)
        assert _wall_action(model, "wall:break:a1-b1").text() == "Briser le mur a1–b1"
    finally:
        i18n.uninstall(qapp)
