"""A marker change updates the board geometry in place of a rebuild (issue 16): the tables after any
sequence of marker changes are exactly those a full rebuild gives, neighbour order included (the
search's order, hence a seeded game's replay, depends on it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.board import Board, MarkerState, Passage
from solo.table.squares import Edge


def _marked_edges(board: Board) -> list[Edge]:
    return sorted(e for e, p in board.geometry().passages.items() if p in (Passage.PORTCULLIS, Passage.SLIT))


DEMO = load_position(RULES_DIR / "positions" / "demo.yaml")
EDGES = _marked_edges(DEMO.board)


def test_the_demo_table_has_markers_to_change() -> None:
    assert len(EDGES) >= 4


CHANGES = st.lists(st.tuples(st.sampled_from(EDGES), st.sampled_from(list(MarkerState))), max_size=12)


@settings(max_examples=40, deadline=None)
@given(CHANGES.filter(bool))
def test_marker_changes_give_the_geometry_of_a_rebuild(changes: list[tuple[Edge, MarkerState]]) -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    for (a, b), state in changes:
        before = board.geometry()
        board.set_marker(a, b, state)
        after = board.geometry()
        rebuilt = board._build_geometry()
        assert after.passages == rebuilt.passages
        assert after.neighbours == rebuilt.neighbours  # same order too
        assert after.terrain == rebuilt.terrain
        if after is not before:
            assert before.passages != after.passages  # a new object: older readers keep their table


def test_an_opened_portcullis_is_open_at_once_and_closed_again() -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    closed = next(e for e in EDGES if board.geometry().passages[e] is Passage.PORTCULLIS)
    board.set_marker(*closed, MarkerState.OPEN)
    assert board.geometry().passages[closed] is Passage.OPEN
    assert (closed[1], Passage.OPEN) in board.geometry().neighbours[closed[0]]
    board.set_marker(*closed, MarkerState.CLOSED)
    assert board.geometry().passages[closed] is Passage.PORTCULLIS
