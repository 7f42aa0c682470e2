"""The search's per-square tables (solo/table/passages.py) and its fast State (issue 16)."""

from __future__ import annotations

import pytest
from builders import make_position

from solo.table.board import Passage
from solo.table.carrying import PriorityPickups
from solo.table.movement import Means, Mover
from solo.table.passages import Passages
from solo.table.squares import edge, parse_square
from solo.table.ways import EXITED, REST, State, to_state

# One closed portcullis (#) and one arrow slit (:) in slot 1.
GRID = """\
+ + + + + +
 .#. . . .
+ + + + + +
 . . . . .
+ +:+ + + +
 . . G . .
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""


def test_to_state_is_the_state_built_by_its_class() -> None:
    a1 = parse_square("a1")
    delta = frozenset({("take", a1, "key")})
    for steps, exited in ((REST, False), (EXITED, True)):
        built = to_state((a1, steps, "key", delta, 2, None))
        assert built == State(a1, "key", delta, 2, exited)
        assert hash(built) == hash(State(a1, "key", delta, 2, exited))
        assert repr(built) == repr(State(a1, "key", delta, 2, exited))


@pytest.mark.parametrize("cls", ["cleric", "naga"])
def test_each_side_is_kept_with_the_changes_that_open_it(cls: str) -> None:
    # B-MOVE-7/11, B-NAGA-2: a portcullis opens by the Key or a break, a slit only for the Naga.
    position = make_position(characters=f"- {{id: mover, side: npc, card: n-{cls}, at: c3}}",
                             extra=f"cards:\n  n-{cls}: {{class: {cls}}}\n", grids={1: GRID})
    mover = Mover(position, position.character("mover"))
    passages = Passages(mover, PriorityPickups(("key",)), Means(), frozenset(), frozenset(), {})
    kinds = set()
    for sq, around in mover.geometry.neighbours.items():
        expected = []
        for nxt, passage in around:
            kinds.add(passage)
            if passage is Passage.PORTCULLIS:
                expected.append((nxt, (("open", edge(sq, nxt)), ("break", edge(sq, nxt))), False))
            elif passage is Passage.OPEN or (passage is Passage.SLIT and cls == "naga"):
                expected.append((nxt, None, False))
        assert list(passages.steps_at(sq)) == expected
    assert {Passage.PORTCULLIS, Passage.SLIT} <= kinds
    assert parse_square("c3") in passages.steps
