"""The position format's ``walls:`` (formats.md section 3): walls broken by Wave-Rick's push
(S-PERS-WAVERICK, rulebook l.774-778), read, written canonically and checked entry by entry."""

from __future__ import annotations

import pytest
from builders import grid, make_position

from solo.errors import DataError
from solo.formats.position_io import read_position, write_position
from solo.table.board import Passage
from solo.table.squares import parse_square as sq

# Slot 1 at rotation 0 with a wall between c3 and c4 (grid line 4, column 5) and an arrow slit
# between c1 and c0 (the room's near border).
WALLED = {1: grid((4, 5, "-"), (10, 5, ":"))}


def _problems(walls: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        make_position(characters="", grids=WALLED, extra="walls:\n" + walls)
    return [f"{p.entry}: {p.text}" for p in caught.value.problems]


def test_walls_are_read_and_written_back_the_same() -> None:
    broken = "walls:\n  - {between: [c4, c3], state: broken}"
    position = make_position(characters="", grids=WALLED, extra=broken)
    assert position.board.wall_broken(sq("c3"), sq("c4")) is True
    assert position.board.passage(sq("c3"), sq("c4")) is Passage.OPEN
    text = write_position(position)
    assert "walls:\n  - {between: [c3, c4], state: broken}\n" in text
    again = read_position(text, "again")
    assert write_position(again) == text
    assert again.board.passage(sq("c3"), sq("c4")) is Passage.OPEN


def test_an_intact_wall_is_not_written() -> None:
    position = make_position(characters="", grids=WALLED)
    assert position.board.passage(sq("c3"), sq("c4")) is Passage.WALL
    assert "walls:" not in write_position(position)


@pytest.mark.parametrize(("walls", "expected"), [
    ("  - {between: [c1, c2], state: broken}", "walls[0].between: c1-c2: no wall between them"),
    ("  - {between: [c1, c0], state: broken}", "walls[0].between: c1-c0: no wall between them"),
    ("  - {between: [c3, c4], state: open}", "walls[0].state: expected broken, got 'open'"),
    ("  - {between: [c3, c5], state: broken}", "walls[0].between: c3-c5: the squares are not neighbours"),
    ("  - {between: [c3], state: broken}", "walls[0].between: expected two squares, got ['c3']"),
    ("  - {between: [c3, c4], state: broken, by: wave-rick}", "walls[0].by: unknown key 'by'"),
    ("  {c3: c4}", "walls: expected a list of {between: [a, b], state: broken}"),
])
def test_a_bad_walls_entry_is_named_with_what_is_wrong(walls: str, expected: str) -> None:
    assert expected in _problems(walls)
