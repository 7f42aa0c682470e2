"""A turn's own period of the cycle collector (``drive``, issue 16): the young garbage made before it
is collected on entering, and what the turn made and still holds leaves in the oldest generation, so
no young collection walks it right after the turn; nothing is left frozen, the collector goes on."""

from __future__ import annotations

import gc
import random
import weakref

from collector_checks import Cycle, young

from solo.automaton.table import ScriptedTable
from solo.automaton.turn import run_np_turn
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR


def test_a_turn_moves_what_it_made_to_the_oldest_generation(collector_on: None) -> None:
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    garbage = Cycle()
    gone = weakref.ref(garbage)
    del garbage
    record = run_np_turn(position, ScriptedTable(rng=random.Random(1)))
    assert gone() is None  # collected on entering, not pushed to the oldest generation
    assert len(record.activations) >= 5
    assert not any(young(e) for e in record.activations)
    assert not any(young(step) for e in record.activations for step in e.steps)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    made_after = Cycle()
    assert young(made_after)  # the collector goes on as before
    made_after.me = None


def test_a_turn_with_the_collector_off_leaves_it_off_and_garbage_young() -> None:
    enabled = gc.isenabled()
    gc.disable()
    try:
        garbage = Cycle()
        gone = weakref.ref(garbage)
        del garbage
        record = run_np_turn(load_position(RULES_DIR / "positions" / "demo.yaml"),
                             ScriptedTable(rng=random.Random(1)))
        assert not gc.isenabled() and gc.get_freeze_count() == 0
        assert gone() is not None and young(gone())
        assert young(record.activations[0])
        gc.collect(1)
        assert gone() is None
    finally:
        if enabled:
            gc.enable()
