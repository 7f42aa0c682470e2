"""The board's own refusals in the reader's language (issue 12). Every caller checks first (the
position reader, the table edits, the actions), so no input reaches them; they are still messages, so
that a mistake of a caller would never show English words in a French game."""

from __future__ import annotations

import pytest
from builders import grid, make_position

from solo.errors import EditRefusedError
from solo.i18n import Renderer
from solo.messages import Message
from solo.table.board import Board, MarkerState
from solo.table.squares import parse_square, slot_squares, square_name


def words(message: Message) -> tuple[str, str]:
    return Renderer("en").render(message), Renderer("fr").render(message)


def refused(call: object, *args: object) -> tuple[str, str]:
    with pytest.raises(EditRefusedError) as error:
        call(*args)  # type: ignore[operator]
    return words(error.value.message)


def test_no_ninth_slot() -> None:
    assert refused(Board, {9: None}) == ("no room slot 9 (1 … 8)", "aucun emplacement de salle 9 (1 … 8)")


def test_markers_and_walls_only_between_neighbours_that_have_them() -> None:
    position = make_position(grids={1: grid((1, 2, "|"))})  # one wall in room 1
    board = position.board
    a1, a3 = parse_square("a1"), parse_square("a3")
    [(b2, c2)] = [(a, b) for a in slot_squares(1) for b in slot_squares(1)
                  if a < b and board.wall_broken(a, b) is not None]
    before = board.rooms()[1]
    assert before is not None
    markers = dict(before.markers)
    assert refused(board.set_marker, a1, a3, MarkerState.OPEN) == (
        "a1 and a3 are not neighbours", "a1 et a3 ne sont pas voisines")
    assert refused(board.set_wall, a1, a3, True) == (
        "a1 and a3 are not neighbours", "a1 et a3 ne sont pas voisines")
    assert refused(board.set_marker, b2, c2, MarkerState.BROKEN) == (
        f"no portcullis or arrow slit between {square_name(b2)} and {square_name(c2)}",
        f"aucune herse ni meurtrière entre {square_name(b2)} et {square_name(c2)}")
    assert refused(board.set_wall, a1, parse_square("a2"), True) == (
        "no wall between a1 and a2 on a face-up room", "aucun mur entre a1 et a2 sur une salle face visible")
    assert before.markers == markers and board.wall_broken(b2, c2) is False  # nothing laid
