"""A turn's own period of the cycle collector (``drive``, issue 16): the young garbage made before it
is collected on entering, and what the turn made and still holds leaves in the oldest generation, so
no young collection walks it right after the turn; nothing is left frozen, the collector goes on."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator

import pytest

from solo.automaton.table import ScriptedTable
from solo.automaton.turn import run_np_turn
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR


class Cycle:
    """An object in a reference cycle with itself: garbage only the cycle collector frees."""

    def __init__(self) -> None:
        self.me: Cycle | None = self


def _young(obj: object) -> bool:
    """Whether ``obj`` is in one of the young generations (0 or 1) of the cycle collector."""
    return any(o is obj for gen in (0, 1) for o in gc.get_objects(generation=gen))


@pytest.fixture
def collector_on() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if not enabled:
            gc.disable()


def test_a_turn_moves_what_it_made_to_the_oldest_generation(collector_on: None) -> None:
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    garbage = Cycle()
    gone = weakref.ref(garbage)
    del garbage
    record = run_np_turn(position, ScriptedTable(rng=random.Random(1)))
    assert gone() is None  # collected on entering, not pushed to the oldest generation
    assert len(record.activations) >= 5
    assert not any(_young(e) for e in record.activations)
    assert not any(_young(step) for e in record.activations for step in e.steps)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    made_after = Cycle()
    assert _young(made_after)  # the collector goes on as before
    made_after.me = None


def test_a_turn_with_the_collector_off_leaves_it_off_and_young_garbage_young() -> None:
    enabled = gc.isenabled()
    gc.disable()
    try:
        garbage = Cycle()
        gone = weakref.ref(garbage)
        del garbage
        record = run_np_turn(load_position(RULES_DIR / "positions" / "demo.yaml"),
                             ScriptedTable(rng=random.Random(1)))
        assert not gc.isenabled() and gc.get_freeze_count() == 0
        assert gone() is not None and _young(gone())
        assert _young(record.activations[0])
        gc.collect(1)
        assert gone() is None
    finally:
        if enabled:
            gc.enable()
