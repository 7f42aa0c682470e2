"""The cycle collector kept off while a search or a turn runs (``no_cycle_collection``): they must
make no cyclic garbage (each search's bookkeeping once held megabytes that way), and leaving the
period must not push other young garbage to the oldest generation."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator

import pytest

from solo.automaton.context import cards_of
from solo.automaton.table import ScriptedTable
from solo.automaton.turn import run_np_turn
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.carrying import PriorityPickups
from solo.table.marks import no_cycle_collection
from solo.table.search import cheapest_paths, npc_means

DEMO = RULES_DIR / "positions" / "demo.yaml"


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The collector off, and the cyclic garbage made before the test collected."""
    enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def test_a_search_leaves_no_cyclic_garbage(collector_off: None) -> None:
    position = load_position(DEMO)
    policy = PriorityPickups(tuple(cards_of(position)["serpico"].objects))
    gc.collect()
    for max_ap in (5, None):
        reach = cheapest_paths(position, position.character("serpico"), npc_means(max_ap=max_ap), policy)
        assert reach.best  # it went somewhere
        del reach
    assert gc.collect() == 0


def test_an_np_turn_leaves_no_cyclic_garbage(collector_off: None) -> None:
    position = load_position(DEMO)
    gc.collect()
    record = run_np_turn(position, ScriptedTable(rng=random.Random(1)))
    assert record.activations and all(e.steps for e in record.activations[:3])
    del record
    assert gc.collect() == 0


class Cycle:
    """An object in a reference cycle with itself: garbage only the cycle collector frees."""

    def __init__(self) -> None:
        self.me = self


def test_young_garbage_made_before_a_period_stays_young() -> None:
    """Leaving a period moves nothing to the oldest generation (no ``gc.freeze``): the app's other
    young garbage (Qt widgets' cycles) is collected as before, while its QApplication lives."""
    enabled = gc.isenabled()
    gc.enable()
    try:
        garbage = Cycle()
        gone = weakref.ref(garbage)
        del garbage
        with no_cycle_collection():
            assert not gc.isenabled()
            with no_cycle_collection():  # nested: the outer one turns it back on
                pass
            assert not gc.isenabled()
        assert gc.isenabled() and gc.get_freeze_count() == 0
        gc.collect(1)  # the young generations only
        assert gone() is None
    finally:
        if not enabled:
            gc.disable()


def test_a_period_inside_a_disabled_collector_leaves_it_off(collector_off: None) -> None:
    with no_cycle_collection():
        pass
    assert not gc.isenabled()
