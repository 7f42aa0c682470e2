"""Adjacency for attacks read on the board's tables (B-CMB-2, B-EDGE-8): the same answers as the
rule's own reading (orthogonal neighbours, both squares on the board, an open passage between them),
on the demo board as dealt and after each kind of change of the board."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solo.actions.targets import attack_adjacent, attack_squares
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.board import MarkerState, Passage
from solo.table.position import Position
from solo.table.squares import BLUE_RANK, FILE_COUNT, Direction, Square, direction_between, neighbour

DEMO = RULES_DIR / "positions" / "demo.yaml"
SQUARES = [Square(n) for n in range((BLUE_RANK + 1) * FILE_COUNT)]


def _adjacent_by_the_rule(position: Position, a: Square, b: Square) -> bool:
    board = position.board
    return (direction_between(a, b) is not None and board.exists(a) and board.exists(b)
            and board.passage(a, b) is Passage.OPEN)


def _open_a_portcullis(position: Position) -> None:
    board = position.board
    a, b = next(e for e, p in board.geometry().passages.items() if p is Passage.PORTCULLIS)
    board.set_marker(a, b, MarkerState.OPEN)


def _break_a_wall(position: Position) -> None:
    board = position.board
    a, b = next(e for e, p in board.geometry().passages.items() if p is Passage.WALL)
    board.set_wall(a, b, True)


def _turn_a_room(position: Position) -> None:
    position.rotate_room(4, 1)


def _take_a_room_away(position: Position) -> None:
    position.board.place(3, None)


CHANGES: dict[str, Callable[[Position], None]] = {
    "as dealt": lambda position: None,
    "portcullis opened": _open_a_portcullis,
    "wall broken": _break_a_wall,
    "room turned": _turn_a_room,
    "room taken away": _take_a_room_away,
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_attacks_read_on_the_tables_are_the_rule_s_adjacency(change: str) -> None:
    position = load_position(DEMO)
    before = {sq: attack_squares(position, sq) for sq in SQUARES}
    CHANGES[change](position)
    seen_change = False
    for a in SQUARES:
        around = [n for d in Direction if (n := neighbour(a, d)) is not None]
        expected = [b for b in around if _adjacent_by_the_rule(position, a, b)]
        assert attack_squares(position, a) == expected, a
        seen_change |= expected != before[a]
        for b in (*around, a, Square((a + 2) % len(SQUARES)), Square((a + 11) % len(SQUARES))):
            assert attack_adjacent(position, a, b) is _adjacent_by_the_rule(position, a, b), (a, b)
    assert seen_change is (change != "as dealt")  # the change is one the answers must follow
