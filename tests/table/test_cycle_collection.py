"""The cycle collector kept off while a search or a turn runs (``no_cycle_collection``): what they
made is moved to the oldest generation unwalked, so they must make no cyclic garbage, which would
then wait for a full collection (each search's bookkeeping held megabytes that way)."""

from __future__ import annotations

import gc
import random
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


def test_what_the_period_made_is_not_walked_on_leaving_it() -> None:
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    enabled = gc.isenabled()
    gc.enable()
    gc.callbacks.append(seen)
    try:
        with no_cycle_collection():
            assert not gc.isenabled()
            with no_cycle_collection():  # nested: the outer one turns it back on
                pass
            assert not gc.isenabled()
            kept = [[n] for n in range(5000)]  # young containers, beyond a collection's threshold
        assert gc.isenabled() and gc.get_freeze_count() == 0
        more = [[n] for n in range(100)]  # would start a collection of all the above
        assert collections == [] and len(kept) + len(more) == 5100
    finally:
        gc.callbacks.remove(seen)
        if not enabled:
            gc.disable()


def test_a_period_inside_a_disabled_collector_leaves_it_off(collector_off: None) -> None:
    with no_cycle_collection():
        pass
    assert not gc.isenabled()
