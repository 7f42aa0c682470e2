"""The NP turn split for ``bench_perf.py``: one turn of the demo NPCs timed inside its searches and
outside them, with the searches counted (a repeat is a search an earlier one on the same table
already answers: the per-table cache must leave none).

The engine's functions are wrapped for the measure and put back after, whatever happens.
"""

from __future__ import annotations

import contextlib
import copy
import random
import time
from collections.abc import Callable
from typing import Any


def _fingerprint(position: Any) -> int:
    """The table's state: figures, objects, rooms with their rotations and markers."""
    chars = tuple(sorted((c.id, c.at, c.carries, c.wounded) for c in position.characters.values()))
    objects = tuple(sorted((o.kind, o.at) for o in position.objects))
    rooms = tuple((slot, r.layout.id, r.rotation, r.hidden, tuple(sorted(r.markers.items())))
                  for slot, r in position.board.rooms().items() if r is not None)
    return hash((chars, objects, rooms))


def turn_split(position: Any, cards: Any, repetitions: int) -> dict[str, float]:
    """One NP turn's CPU time inside the searches and outside them, with the searches counted: a
    repeat is a search for the same NPC, policy and table as an earlier one, within its bound."""
    import solo.automaton.approach as approach
    import solo.automaton.context as context
    from solo.automaton.table import ScriptedTable
    from solo.automaton.turn import run_np_turn

    reach_class = context.Reach
    spent: dict[str, float] = {"search": 0.0, "beyond": 0.0, "relaxed": 0.0}
    counts = {"searches": 0, "beyond": 0, "repeats": 0, "relaxed": 0}
    seen: dict[tuple[Any, ...], float] = {}
    inside = [False]

    def timed(name: str, run: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if inside[0]:
                return run(*args, **kwargs)
            inside[0] = True
            start = time.process_time()
            try:
                return run(*args, **kwargs)
            finally:
                spent[name] += time.process_time() - start
                inside[0] = False
        return wrapper

    search, beyond, relaxed = context.cheapest_paths, reach_class.beyond, approach.relaxed_distances
    phased = getattr(context, "phased_paths", None)  # the exact-trail search (AMB-DROP-BACK-TRAIL)

    def count(position: Any, npc: Any, means: Any, policy: Any, steps_in_progress: int) -> None:
        key = (_fingerprint(position), npc.id, steps_in_progress,
               getattr(policy, "deliver_to", None), getattr(policy, "delivered", None))
        bound = float("inf") if means.max_ap is None else means.max_ap
        counts["searches"] += 1
        counts["repeats"] += seen.get(key, -1.0) >= bound
        seen[key] = max(seen.get(key, -1.0), bound)

    def counted_search(position: Any, npc: Any, means: Any, policy: Any, **kw: Any) -> Any:
        count(position, npc, means, policy, kw.get("steps_in_progress", 0))
        return search(position, npc, means, policy, **kw)

    def counted_phased(position: Any, npc: Any, means: Any, policy: Any, steps_in_progress: int = 0) -> Any:
        count(position, npc, means, policy, steps_in_progress)
        assert phased is not None
        return phased(position, npc, means, policy, steps_in_progress)

    def counted_beyond(reach: Any, *args: Any, **kwargs: Any) -> Any:
        counts["beyond"] += getattr(reach, "_more", None) is not None  # a call that settles further
        return beyond(reach, *args, **kwargs)

    def counted_relaxed(*args: Any, **kwargs: Any) -> Any:
        counts["relaxed"] += 1
        return relaxed(*args, **kwargs)

    context.cheapest_paths = timed("search", counted_search)
    if phased is not None:
        context.phased_paths = timed("search", counted_phased)
    reach_class.beyond = timed("beyond", counted_beyond)
    approach.relaxed_distances = timed("relaxed", counted_relaxed)
    # a search settled as far as it is read (AMB-SEARCH-EARLY) settles later
    lazy: list[tuple[Any, str, Any]] = []
    with contextlib.suppress(ImportError):
        from solo.table.growing import Growing
        lazy = [(Growing, name, getattr(Growing, name)) for name in ("_to", "complete", "seek")]
    with contextlib.suppress(ImportError):
        from solo.table.trail_phases import Phased
        lazy += [(Phased, name, Phased.__dict__[name]) for name in ("step", "seek", "beyond")]
    for owner, name, method in lazy:
        setattr(owner, name, timed("search", method))
    try:
        totals = []
        for _ in range(repetitions):
            seen.clear()
            table = copy.deepcopy(position)
            start = time.process_time()
            run_np_turn(table, ScriptedTable(rng=random.Random(1)), library=cards)
            totals.append(time.process_time() - start)
    finally:
        context.cheapest_paths, reach_class.beyond, approach.relaxed_distances = search, beyond, relaxed
        if phased is not None:
            context.phased_paths = phased
        for owner, name, method in lazy:
            setattr(owner, name, method)
    share = {k: v * 1000 / repetitions for k, v in spent.items()}
    whole = sum(totals) * 1000 / repetitions
    return {"turn": whole, "searches_ms": share["search"] + share["beyond"], "relaxed_ms": share["relaxed"],
            "outside_ms": whole - share["search"] - share["beyond"],
            **{k: v / repetitions for k, v in counts.items()}}
