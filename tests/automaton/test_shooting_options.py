"""Shots from the squares an NPC can reach (B-RNG-2, AMB-BOW-ENROUTE) skip the squares with a wall
or a face-down room before every target (issue 16): the options must be those of looking from every
square of a target's rank or file, whatever the rooms' rotations and the portcullises opened."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solo.automaton.goals as goals
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.board import MarkerState, Passage
from solo.table.card_lookup import card_for
from solo.table.position import Position, Side
from solo.table.sight import unwalled_line
from solo.table.squares import SLOTS, parse_square

DEMO = load_position(RULES_DIR / "positions" / "demo.yaml")
NPCS = sorted(c.id for c in DEMO.characters.values() if c.side is Side.NPC and not c.wounded)
PORTCULLISES = sorted(e for e, p in DEMO.board.geometry().passages.items() if p is Passage.PORTCULLIS)


def _shots(position: Position, npc_id: str, budget: int) -> list[goals.Option]:
    npc = position.character(npc_id)
    npc.carries = "bow"
    ctx = Context(position, npc, card_for(position, npc_id), Explanation(npc_id), cards=cards_of(position))
    ctx.budget = budget
    return goals.shooting_options(ctx, ctx.reach(budget), budget, goals.fight_targets(ctx))


@settings(max_examples=25, deadline=None)
@given(
    npc_id=st.sampled_from(NPCS),
    budget=st.integers(1, 4),
    turns=st.lists(st.tuples(st.sampled_from(SLOTS[:5]), st.integers(1, 3)), max_size=2),
    opened=st.sets(st.sampled_from(PORTCULLISES)),
)
def test_the_same_shots_as_looking_from_every_square_in_line(
    npc_id: str, budget: int, turns: list[tuple[int, int]], opened: set[tuple[int, int]],
) -> None:
    def table() -> Position:
        position = load_position(RULES_DIR / "positions" / "demo.yaml")
        for e in opened:
            position.board.set_marker(*e, MarkerState.OPEN)
        for slot, quarter_turns in turns:
            position.board.rotate(slot, quarter_turns)
        return position

    fast = _shots(table(), npc_id, budget)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(goals, "unwalled_line", lambda *_: True)
        everywhere = _shots(table(), npc_id, budget)
    assert fast == everywhere


def test_a_shot_is_still_found() -> None:
    """Arthos (i6) with the Bow: the Wizard on g6 is in sight along rank 6 (B-RNG-1)."""
    shots = _shots(load_position(RULES_DIR / "positions" / "demo.yaml"), "arthos", 3)
    assert any(o.target == "wizard" for o in shots)


def test_walls_and_face_down_rooms_close_a_line() -> None:
    board = DEMO.board
    assert unwalled_line(board, parse_square("a1"), parse_square("e1"))  # room 1's bottom row is open
    assert unwalled_line(board, parse_square("i6"), parse_square("g6"))
    assert not unwalled_line(board, parse_square("a1"), parse_square("a5"))  # walls in file a
    assert not unwalled_line(board, parse_square("a1"), parse_square("b2"))  # not in line
    assert not unwalled_line(board, parse_square("a12"), parse_square("a20"))  # rooms 7 and 8 face down
