"""The copy of the table a true cost is worked out on (AMB-TRUE-COST-SHOWN): whatever is done to the
table afterwards (pieces moved, a room turned, hidden or revealed, a portcullis opened, a wall broken,
the turn and the score changed) leaves the copy as it was, board geometry included."""

from __future__ import annotations

import pytest
from test_activation_properties import random_table

from solo.automaton.context import table_copy
from solo.formats.position_writer import write_position
from solo.table.board import MarkerState, Passage
from solo.table.position import ObjectToken, Position, Score, Side, Turn


def _change_everything(position: Position) -> None:
    board = position.board
    passages = board.geometry().passages
    gate = next(e for e, p in sorted(passages.items()) if p is Passage.PORTCULLIS)
    board.set_marker(*gate, MarkerState.OPEN)
    walls = [e for e, p in sorted(passages.items()) if p is Passage.WALL]
    wall = next(e for e in walls if board.wall_broken(*e) is False)
    board.set_wall(*wall, True)
    revealed = board.revealed_slots()
    board.rotate(revealed[0], 1)
    room = board.room(revealed[-1])
    assert room is not None
    room.markers.clear()
    board.place(revealed[-1], None)
    for c in position.characters.values():
        c.at, c.carries, c.wounded = None, "rope", not c.wounded
    position.objects.append(ObjectToken("key", position.objects[0].at if position.objects else 1))
    position.objects[0].at = 2
    if position.turn is None:
        position.turn = Turn(Side.NPC)
    position.turn.acted.append("x")
    position.turn.wounded.append("y")
    position.score = position.score or Score()
    position.score.npc += 3


@pytest.mark.parametrize("seed", [1, 7, 23, 101])
def test_the_copy_of_the_table_is_left_alone(seed: int) -> None:
    position = random_table(seed)
    copy = table_copy(position)
    written, geometry = write_position(copy), copy.board.geometry()
    assert written == write_position(position)
    _change_everything(position)
    assert write_position(position) != written
    assert write_position(copy) == written
    assert copy.board.geometry() is geometry
