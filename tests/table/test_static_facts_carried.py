"""The jumps and actions a search found square by square on one geometry serve the geometry it is
updated to, away from the squares the change touched (``movement._carried``): every square's facts
then equal those found afresh on the new tables, whatever the changes (issue 16)."""

from __future__ import annotations

from hypothesis import given, settings
from test_board_geometry_updates import TABLE_CHANGES, _apply

from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table import movement
from solo.table.board import Board, Terrain
from solo.table.movement import StaticFacts, static_facts


def _fresh(board: Board) -> StaticFacts:
    """The facts of the board's tables found from nothing (no geometry before them)."""
    geometry = board.geometry()
    return StaticFacts(geometry.terrain, geometry.neighbours, frozenset(geometry.squares_of(Terrain.PIT)))


def _asked(facts: StaticFacts) -> None:
    """Every square's facts found, as searches all over the board would."""
    for sq in list(facts.terrain):
        facts.actions_at(sq)


@settings(max_examples=60, deadline=None)
@given(TABLE_CHANGES)
def test_facts_carried_over_any_changes_are_those_found_afresh(changes: list[tuple[str, int, int]]) -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    _asked(static_facts(board.geometry()))
    for change in changes:
        _apply(board, change)
        facts = static_facts(board.geometry())
        _asked(facts)
        fresh = _fresh(board)
        _asked(fresh)
        assert facts.jumps == fresh.jumps and facts.actions == fresh.actions
        assert facts.pits == fresh.pits


def test_a_turned_room_keeps_the_facts_far_from_it_and_finds_those_near_it_again() -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    old = static_facts(board.geometry())
    _asked(old)
    board.rotate(4, 1)
    facts = static_facts(board.geometry())
    assert facts is not old and facts.terrain is not old.terrain and facts.earlier is old
    fresh = _fresh(board)
    _asked(fresh)
    changed = [sq for sq in fresh.jumps if fresh.jumps[sq] != old.jumps.get(sq)]
    assert changed  # the turn moved pits: a fact taken there would be wrong
    assert set(changed) <= set(facts.stale)
    far = [sq for sq, found in old.jumps.items() if found and sq not in facts.stale]
    assert far and all(facts.jumps_at(sq) is old.jumps[sq] for sq in far)  # taken, not found again
    _asked(facts)
    assert facts.jumps == fresh.jumps and facts.actions == fresh.actions
    board.rotate(4, 1)
    assert static_facts(board.geometry()).earlier is facts and facts.earlier is None  # one step back


def test_facts_are_carried_only_from_the_geometry_updated_from() -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    _asked(static_facts(board.geometry()))
    movement._STATIC.clear()  # the old facts forgotten: nothing to carry
    board.rotate(4, 1)
    assert static_facts(board.geometry()).earlier is None
