"""The cycle collector kept off while a search or a turn runs (``no_cycle_collection``): they must
make no cyclic garbage (each search's bookkeeping once held megabytes that way), and leaving the
period must not push other young garbage to the oldest generation."""

from __future__ import annotations

import gc
import random
import threading
import weakref

from collector_checks import Cycle, young

from solo.automaton.context import cards_of
from solo.automaton.table import ScriptedTable
from solo.automaton.turn import run_np_turn
from solo.collector import no_cycle_collection
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.carrying import PriorityPickups
from solo.table.search import cheapest_paths, npc_means

DEMO = RULES_DIR / "positions" / "demo.yaml"


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


def test_a_search_moves_what_it_made_to_the_oldest_generation_unwalked(collector_on: None) -> None:
    """A search's own period (``promote``): the young garbage made before it is collected on entering,
    and what the search made and still holds leaves it in the oldest generation, so no young
    collection walks it again; nothing is left frozen."""
    position = load_position(DEMO)
    policy = PriorityPickups(tuple(cards_of(position)["serpico"].objects))
    garbage = Cycle()
    gone = weakref.ref(garbage)
    del garbage
    reach = cheapest_paths(position, position.character("serpico"), npc_means(max_ap=5), policy)
    assert gone() is None  # collected on entering, not pushed to the oldest generation
    assert len(reach._parents) > 1000 and not young(reach._parents)
    assert not any(young(link) for link in list(reach._parents.values())[-50:] if link is not None)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    made_after = Cycle()
    assert young(made_after)  # the collector goes on as before
    made_after.me = None


def test_a_search_inside_a_turns_period_neither_collects_nor_promotes(collector_off: None) -> None:
    """Inside a period already running (``drive``: a turn's), a search's period changes nothing: the
    collector stays off, young garbage stays young (never pushed to the oldest generation)."""
    position = load_position(DEMO)
    policy = PriorityPickups(tuple(cards_of(position)["serpico"].objects))
    garbage = Cycle()
    gone = weakref.ref(garbage)
    del garbage
    with no_cycle_collection():
        reach = cheapest_paths(position, position.character("serpico"), npc_means(max_ap=2), policy)
        assert gone() is not None and young(gone())
    assert not gc.isenabled() and gc.get_freeze_count() == 0
    assert young(gone()) and young(reach._parents)
    gc.collect(1)
    assert gone() is None


def test_no_promotion_while_another_python_thread_runs(collector_on: None) -> None:
    """Another thread (the app's simulation) could make young garbage while a search runs: then the
    period only pauses the collector, and nothing is collected on entering or promoted on leaving."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        garbage = Cycle()
        gone = weakref.ref(garbage)
        del garbage
        with no_cycle_collection(promote=True):
            assert not gc.isenabled() and gone() is not None
            made = Cycle()
        assert gc.isenabled() and gc.get_freeze_count() == 0
        assert young(made)
        made.me = None
        gc.collect(1)
        assert gone() is None
    finally:
        stop.set()
        other.join()
