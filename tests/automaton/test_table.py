"""The table interface: tie-breaking dice (S-PROX-3, AMB-TIE), the rotation die (AMB-ROTDIE)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from solo.automaton.table import (
    DieRequest,
    QuestionRequest,
    Request,
    RevealRequest,
    ScriptedTable,
    TieBreak,
    UnansweredError,
    break_tie,
    rotation_die,
)
from solo.messages import msg


def drive(gen: Generator[Request, Any, TieBreak], rolls: list[int]) -> tuple[TieBreak, list[DieRequest]]:
    asked: list[DieRequest] = []
    try:
        request = next(gen)
        while True:
            assert isinstance(request, DieRequest)
            asked.append(request)
            request = gen.send(rolls.pop(0))
    except StopIteration as done:
        return done.value, asked


@pytest.mark.parametrize(("roll", "chosen"), [(2, 0), (4, 0), (6, 0), (1, 1), (3, 1), (5, 1)])
def test_amb_tie_two_options_even_first_odd_second(roll: int, chosen: int) -> None:
    tie, asked = drive(break_tie("x", ["a", "b"]), [roll])
    assert tie.chosen == chosen
    assert asked[0].options == ("a", "b")


def test_amb_tie_three_options_rerolls_above_three() -> None:
    tie, asked = drive(break_tie("x", ["a", "b", "c"]), [6, 4, 3])
    assert tie.chosen == 2
    assert tie.rolls == (6, 4, 3)
    assert len(asked) == 3


def test_amb_tie_more_than_six_halves_first() -> None:
    options = [f"o{i}" for i in range(8)]
    # 8 -> even keeps the first 4; then 4 options numbered 1..4: a 3 picks the third.
    tie, _ = drive(break_tie("x", options), [2, 3])
    assert tie.chosen == 2
    tie, _ = drive(break_tie("x", options), [1, 5, 1])
    assert tie.chosen == 4  # odd keeps o4..o7; 5 is rerolled; 1 = o4


def test_s_prox_3_a_die_value_out_of_range_is_asked_again() -> None:
    tie, asked = drive(break_tie("x", ["a", "b"]), [0, 9, 2])
    assert tie.chosen == 0 and len(asked) == 3


def test_amb_rotdie_faces_from_rules_file() -> None:
    faces = rotation_die()
    assert [(f.sense, f.ap) for f in faces] == [
        ("cw", 1),
        ("cw", 2),
        ("cw", 3),
        ("ccw", 1),
        ("ccw", 2),
        ("ccw", 3),
    ]


def test_scripted_table_answers_in_order_then_rolls_seeded() -> None:
    table = ScriptedTable(dice=[5])
    request = DieRequest("x", msg("roll"))
    assert table.answer(request) == 5
    a, b = ScriptedTable(), ScriptedTable()
    assert [a.answer(request) for _ in range(5)] == [b.answer(request) for _ in range(5)]
    assert all(1 <= v <= 6 for v in (a.answer(request) for _ in range(50)))


def test_reveals_and_questions_only_from_the_table() -> None:
    table = ScriptedTable()
    with pytest.raises(UnansweredError):
        table.answer(RevealRequest("x", msg("reveal"), 3))
    with pytest.raises(UnansweredError):
        table.answer(QuestionRequest("x", msg("q"), "q?"))
    assert ScriptedTable(answers=["yes"]).answer(QuestionRequest("x", msg("q"), "q?")) == "yes"


def test_amb_reroll_bound_a_tie_rerolled_forever_takes_the_first_option() -> None:
    """Issue 15: a source of dice that always rolls 6 for a three-way tie stops after MAX_REROLLS."""
    from solo.automaton.table import MAX_REROLLS

    tie, asked = drive(break_tie("x", ["a", "b", "c"]), [6] * MAX_REROLLS)
    assert len(asked) == MAX_REROLLS
    assert tie.chosen == 0
