"""The exact drop-back search beside the automaton's (AMB-DROP-BACK-TRAIL), interleaved in one run.

Run from the repository root:

    python benchmarks/bench_trails.py                # 5 runs per case
    python benchmarks/bench_trails.py --repetitions 9

For each of bench_perf.py's three searches (Serpico's 5-AP search on the demo board and on the
crowded table, Lissandra's unbounded search) and for every activation and the NP turn of the demo
(the automaton's own policy, friends included), the CPU time with ``exact_trails`` off (one way per
node, the automaton's today) and on (for the automaton: in two phases, ``solo.table.trail_phases``,
and exact from the start), the runs of each case taken in turn so that a change of the machine's
load touches all alike; and the states each search settles. The load is printed.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from solo import records

HERE = Path(__file__).resolve().parent
os.environ["DT_SOLO_USER_DIR"] = str(HERE / "_no_user_dir")
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def paired(runs: dict[Any, Callable[[], object]], repetitions: int) -> dict[Any, float]:
    """Median CPU ms of each run, the runs taken in turn (one warm-up each first)."""
    for run in runs.values():
        run()
    samples: dict[Any, list[float]] = {mode: [] for mode in runs}
    for _ in range(repetitions):
        for mode, run in runs.items():
            start = time.process_time()
            run()
            samples[mode].append((time.process_time() - start) * 1000)
    return {mode: statistics.median(times) for mode, times in samples.items()}


MODES = ("one way", "two phases", "exact")
"""The automaton's searches: one way per node; exact trails made only once a drop reads the way
(``solo.table.trail_phases``, what ``exact_trails`` gives the automaton); exact trails from the start."""


@contextmanager
def automaton_trails(mode: list[str]) -> Iterator[None]:
    """The automaton's policy and searches in the mode ``mode[0]`` (:data:`MODES`) meanwhile."""
    import solo.automaton.context as context
    import solo.table.trail_phases as trail_phases

    policy = context.Context.policy

    def built(self: Any, *args: Any, **kwargs: Any) -> Any:
        found = policy(self, *args, **kwargs)
        trail_phases.TWO_PHASES = mode[0] == "two phases"
        return records.replace(found, exact_trails=mode[0] != "one way")

    context.Context.policy = built  # type: ignore[method-assign]
    try:
        yield
    finally:
        context.Context.policy = policy  # type: ignore[method-assign]
        trail_phases.TWO_PHASES = True


def _search(search: Callable[..., object], *args: object) -> Callable[[], object]:
    return lambda: search(*args)


def searches(repetitions: int) -> None:
    import bench_automaton as ba
    import bench_paths as bp
    import bench_perf as bpf

    from solo.automaton.context import cards_of
    from solo.content.rooms import load_library
    from solo.table.carrying import PriorityPickups
    from solo.table.search import cheapest_paths, npc_means

    library = load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")
    crowded, _ = bpf.crowded_position()
    paths_board, _ = bp.build_position(bp.room_library())
    cases = [("demo board, Serpico, 5 AP", ba.build_position(library), "serpico", 5),
             ("crowded table, Serpico, 5 AP", crowded, "serpico", 5),
             ("unbounded, Lissandra", paths_board, "lissandra", None)]
    print(f"{'search (PriorityPickups)':<32} {'one way ms':>10} {'states':>7} {'exact ms':>9} "
          f"{'states':>7} {'ratio':>6}")
    for name, position, npc, max_ap in cases:
        means = npc_means(max_ap=max_ap)
        objects = tuple(cards_of(position)[npc].objects)
        policies = {mode: PriorityPickups(objects, exact_trails=mode) for mode in (False, True)}
        states = {mode: cheapest_paths(position, npc, means, p).settled for mode, p in policies.items()}
        ms = paired({mode: _search(cheapest_paths, position, npc, means, p) for mode, p in policies.items()},
                    repetitions)
        print(f"{name:<32} {ms[False]:>10.1f} {states[False]:>7} {ms[True]:>9.1f} {states[True]:>7} "
              f"{ms[True] / ms[False]:>5.1f}x")


def activations(repetitions: int) -> None:
    import bench_automaton as ba

    from solo.automaton.activation import run_activation
    from solo.automaton.context import cards_of
    from solo.automaton.table import ScriptedTable
    from solo.automaton.turn import run_np_turn
    from solo.content.cards import load_card_library
    from solo.content.rooms import load_library

    library = load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")
    demo = ba.build_position(library)
    cards, library_cards = cards_of(demo), load_card_library()
    mode = [MODES[0]]

    def in_mode(run: Callable[[], object]) -> dict[str, Callable[[], object]]:
        def each(value: str) -> Callable[[], object]:
            def go() -> object:
                mode[0] = value
                return run()
            return go
        return {value: each(value) for value in MODES}

    def line(name: str, ms: dict[str, float]) -> None:
        one, two, exact = (ms[m] for m in MODES)
        print(f"  {name:<30} {one:>10.1f} {two:>10.1f} {two / one:>5.1f}x {exact:>9.1f} {exact / one:>5.1f}x")

    print(f"\n{'demo board (automaton policy)':<32} {'one way ms':>10} {'2 phases':>10} {'ratio':>6} "
          f"{'exact ms':>9} {'ratio':>6}")
    with automaton_trails(mode):
        for npc in ba.NPCS:
            line(npc, paired(in_mode(lambda npc=npc: run_activation(  # type: ignore[misc]
                copy.deepcopy(demo), npc, ScriptedTable(rng=random.Random(1)), cards=cards)), repetitions))
        line("NP turn, 12 NPCs", paired(in_mode(lambda: run_np_turn(
            copy.deepcopy(demo), ScriptedTable(rng=random.Random(1)), library=library_cards)),
            max(1, repetitions // 2)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args(argv)
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()), f"on {os.cpu_count()} cores")
    searches(args.repetitions)
    activations(args.repetitions)
    print("load average at the end", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
