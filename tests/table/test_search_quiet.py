"""A step onto a quiet square that is not plain (a pit with nothing on it) takes the fast path, and so
does a step the policy lets change nothing (issue 16): the policy is not asked on the first, and the
search is the one that asks it everywhere and pushes every outcome as a listed one, push for push.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from builders import make_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_search_dominance import RULE_CASES, outcome, rule_case
from test_search_reference import _build, positions

from solo.errors import MessageError
from solo.table.carrying import PriorityPickups
from solo.table.geometry import Geometry
from solo.table.movement import Means
from solo.table.passages import STILL, Passages
from solo.table.search import Reach, cheapest_paths
from solo.table.squares import Square, parse_square

# Pits (O) on b3, d3 and d4 of slot 1; a Rope lies in d3.
PITS = """\
+ + + + + +
 G . . . .
+ + + + + +
 . . . . .
+ + + + + +
 . O . O .
+ + + + + +
 . . . O .
+ + + + + +
 . . . . .
+ + + + + +
"""


@contextmanager
def asking_everywhere() -> Iterator[list[Square]]:
    """Searches that take no square for quiet and list every outcome of a step, one that changes nothing
    too (no :data:`STILL`) meanwhile: each step off the plain floor asks the policy, and is pushed as it
    answers. The squares asked."""
    asked: list[Square] = []
    squares_but, enter = Geometry.squares_but, Passages.enter

    def no_quiet(geometry: Geometry, kinds: tuple[Any, ...] = ()) -> frozenset[Square]:
        return squares_but(geometry, kinds) if kinds else frozenset()

    def listed(passages: Passages, sq: Square, carried: str | None, delta: Any, prev: Square,
               node: Any) -> list[Any]:
        asked.append(sq)
        read, behind = passages._behind(node)
        options = passages.policy.options(passages.mover, sq, carried, delta, prev, behind)
        found = [(held, changes, tuple((sq, kind, item) for kind, item in events))
                 for held, changes, events in options]
        if not read and passages.pure:
            passages.entries[(sq, carried, delta)] = found
        return found

    Geometry.squares_but, Passages.enter = no_quiet, listed  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        Geometry.squares_but, Passages.enter = squares_but, enter  # type: ignore[method-assign]


def both(position: Any, **search: Any) -> tuple[Reach, Reach]:
    """The search as it runs, and the one that asks the policy on every square but the plain ones."""
    quiet = cheapest_paths(position, "mover", **search)
    with asking_everywhere():
        asking = cheapest_paths(position, "mover", **search)
    return quiet, asking


def same(quiet: Reach, asking: Reach) -> None:
    """The same reach by the same ways, every node pushed in the same order with the same link."""
    assert outcome(quiet) == outcome(asking)
    assert quiet.settled == asking.settled
    assert list(quiet._parents.items()) == list(asking._parents.items())


def test_the_policy_is_not_asked_on_an_empty_pit(monkeypatch: Any) -> None:
    position = make_position(characters="- {id: mover, side: npc, card: serpico, at: c3, carries: rope}",
                             objects="- {kind: rope, at: d3}\n- {kind: key, at: e5}", grids={1: PITS})
    asked: list[tuple[Square, Any]] = []
    still: list[bool] = []
    enter = Passages.enter

    def spy(passages: Passages, sq: Square, carried: Any, delta: Any, *args: Any) -> Any:
        asked.append((sq, delta))
        found = enter(passages, sq, carried, delta, *args)
        still.append(found is STILL)
        return found

    monkeypatch.setattr(Passages, "enter", spy)
    search = {"means": Means(max_ap=3), "policy": PriorityPickups(("rope", "key"))}
    quiet = cheapest_paths(position, "mover", **search)  # type: ignore[arg-type]
    with asking_everywhere() as asked_everywhere:
        asking = cheapest_paths(position, "mover", **search)  # type: ignore[arg-type]
    same(quiet, asking)
    b3, d4, lying = parse_square("b3"), parse_square("d4"), {parse_square("d3"), parse_square("e5")}
    # Asked only where an item lies or the way changed what lies: never on the empty pits as they lie.
    assert all(sq in lying or any(len(c) == 3 and c[1] == sq for c in delta) for sq, delta in asked)
    assert {b3, d4} <= set(asked_everywhere)
    assert any(still) and not all(still)  # steps that changed nothing (as plain ones), and others
    assert b3 in quiet.best and d4 in quiet.best
    same(quiet.beyond(), asking.beyond())  # AMB-TRUE-COST: past the bound too


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(RULE_CASES), st.booleans())
def test_quiet_squares_change_no_search(case, kind, abilities) -> None:  # type: ignore[no-untyped-def]
    position = _build(*case)
    if position is None:
        return
    try:
        quiet, asking = both(position, **rule_case(kind, abilities))
    except MessageError:
        return
    same(quiet, asking)
    if quiet._more is not None:
        same(quiet.beyond(3), asking.beyond(3))
