"""Shots (B-RNG-2, AMB-BOW-ENROUTE) and screams (B-BANS-2, S-REPULSE-1) from the squares an NPC can
reach skip the squares with a wall or a face-down room before every target (issue 16): the options
must be those of looking from every square of a target's rank or file, whatever the rooms'
rotations and the portcullises opened."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solo.automaton.attacks as attacks
import solo.table.sight as sight
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.automaton.options import Option
from solo.content.rooms import load_library
from solo.formats.position_io import load_position, read_position
from solo.locations import RULES_DIR
from solo.table.board import MarkerState, Passage, Terrain
from solo.table.card_lookup import card_for
from solo.table.position import Position, Side
from solo.table.sight import unwalled_line
from solo.table.squares import SLOTS, Square, parse_square, square_name

DEMO = load_position(RULES_DIR / "positions" / "demo.yaml")
NPCS = sorted(c.id for c in DEMO.characters.values() if c.side is Side.NPC and not c.wounded)
PORTCULLISES = sorted(e for e, p in DEMO.board.geometry().passages.items() if p is Passage.PORTCULLIS)


def _shots(position: Position, npc_id: str, budget: int) -> list[Option]:
    npc = position.character(npc_id)
    npc.carries = "bow"
    ctx = Context(position, npc, card_for(position, npc_id), Explanation(npc_id), cards=cards_of(position))
    ctx.budget = budget
    return attacks.shooting_options(ctx, ctx.reach(budget), budget, attacks.fight_targets(ctx))


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
        patch.setattr(sight, "unwalled_line", lambda *_: True)
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


# -- the Banshee's scream --------------------------------------------------------------------------
DEMO_TEXT = (RULES_DIR / "positions" / "demo.yaml").read_text(encoding="utf-8")
LIBRARY = load_library(RULES_DIR / "rooms", RULES_DIR / "no-such-folder")
TAKEN = {c.at for c in DEMO.characters.values()} | {o.at for o in DEMO.objects}
FREE = sorted(sq for sq, t in DEMO.board.geometry().terrain.items()
              if t in (Terrain.FLOOR, Terrain.GEAR) and sq not in TAKEN)


def _with_banshee(at: Square) -> Position:
    """The demo table with Hur-Ban (a Banshee) on ``at``."""
    line = f"  - {{id: hur-ban, side: npc, card: hur-ban, at: {square_name(at)}}}"
    text = DEMO_TEXT.replace("characters:\n", f"characters:\n{line}\n", 1)
    return read_position(text, "demo with Hur-Ban", LIBRARY)


def _screams(position: Position, budget: int) -> list[Option]:
    npc = position.character("hur-ban")
    card = card_for(position, "hur-ban")
    ctx = Context(position, npc, card, Explanation("hur-ban"), cards=cards_of(position))
    ctx.budget = budget
    return attacks.repulse_options(ctx, ctx.reach(budget), budget)


@settings(max_examples=25, deadline=None)
@given(
    at=st.sampled_from(FREE),
    budget=st.integers(2, 5),
    turns=st.lists(st.tuples(st.sampled_from(SLOTS[:5]), st.integers(1, 3)), max_size=2),
    opened=st.sets(st.sampled_from(PORTCULLISES)),
)
def test_the_same_screams_as_looking_from_every_square_in_line(
    at: Square, budget: int, turns: list[tuple[int, int]], opened: set[tuple[int, int]],
) -> None:
    def table() -> Position:
        position = _with_banshee(at)
        for e in opened:
            position.board.set_marker(*e, MarkerState.OPEN)
        for slot, quarter_turns in turns:
            position.rotate_room(slot, quarter_turns)
        return position

    fast = _screams(table(), budget)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sight, "unwalled_line", lambda *_: True)
        everywhere = _screams(table(), budget)
    assert fast == everywhere


def test_a_scream_is_still_found() -> None:
    """Hur-Ban on h6: the Wizard on g6 is next to it, in sight (B-BANS-2)."""
    screams = _screams(_with_banshee(parse_square("h6")), 3)
    assert any(o.target == "wizard" for o in screams)
