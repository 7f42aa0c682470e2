"""The performance table of issue 16, this tree alone or beside another commit (CPU time).

Run from the repository root:

    python benchmarks/bench_perf.py                            # this tree only, 15 runs per case
    python benchmarks/bench_perf.py --before main              # beside `main`, the trees in turns
    python benchmarks/bench_perf.py --before HEAD~3 --rounds 7 # beside any commit, 7 rounds
    python benchmarks/bench_perf.py --quick                    # 3 runs per case (2 rounds)

Every figure is CPU time of the measuring process (``time.process_time``), or of the child for
whole processes, so other programs sharing the cores change it little; the machine's load is
printed. This tree alone is measured in this process, as fast as before. Beside another commit
(a ``git archive`` of it, measured by this same script: the same positions, the same calls), every
case runs in a child process per tree, the two trees taking turns case by case for several rounds,
and each figure is the median and the minimum over the rounds (``interleave.py``): at a few
milliseconds this machine's noise would otherwise be the difference between the columns. Whole
processes (``dt-solo explain`` and the bare interpreter beside it) take turns process by process.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import heapq
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
os.environ["DT_SOLO_USER_DIR"] = str(HERE / "_no_user_dir")
sys.path.insert(0, str(HERE))

import interleave  # noqa: E402 - beside this script
import perf_table  # noqa: E402
from perf_processes import tree_archive, whole_processes  # noqa: E402
from perf_table import TRUE_COST_CASES, show_true_costs  # noqa: E402, F401 - tests read them here
from perf_turn import turn_split  # noqa: E402


def cpu_ms(run: Callable[[], object], repetitions: int) -> float:
    """Median CPU milliseconds of ``run`` (one warm-up run first)."""
    run()
    samples = []
    for _ in range(repetitions):
        start = time.process_time()
        run()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def crowded_position() -> Any:
    """Two rooms revealed (slots 1 and 2), 10 NPCs, 6 Player figures and the 6 objects in them."""
    import bench_automaton as ba

    from solo.content.rooms import load_library
    from solo.formats.position_io import read_position
    from solo.table.board import Terrain
    from solo.table.squares import slot_squares, square_name

    library = load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")
    head = ["format: dt-solo-position/1", "rooms:",
            "  1: {layout: demo-2a, rotation: 0}", "  2: {layout: demo-3b, rotation: 1}"]
    head += [f"  {slot}: hidden" for slot in range(3, 9)]
    empty = read_position("\n".join([*head, "characters: []"]) + "\n", "crowded", library)
    free = [sq for slot in (1, 2) for sq in slot_squares(slot)
            if empty.board.terrain(sq) in (Terrain.FLOOR, Terrain.GEAR)]
    random.Random(16).shuffle(free)
    lines = [*head, "characters:"]
    lines += [f"  - {{id: {n}, side: npc, card: {n}, at: {square_name(free.pop())}}}" for n in ba.NPCS[:10]]
    lines += [f"  - {{id: p-{c}, side: player, class: {c}, at: {square_name(free.pop())}}}"
              for c in ba.PLAYERS]
    lines.append("objects:")
    lines += [f"  - {{kind: {k}, at: {square_name(free.pop())}}}" for k in ba.OBJECTS]
    lines.append("turn: {side: npc}")
    return read_position("\n".join(lines) + "\n", "crowded-position", library), ba.NPCS[:10]


def activations(position: Any, npcs: list[str], repetitions: int, read: bool = False) -> dict[str, float]:
    """Each NPC's activation (with ``read``, its explanation read too, as `explain --json` does)."""
    from solo.automaton.activation import run_activation
    from solo.automaton.context import cards_of
    from solo.automaton.table import ScriptedTable

    cards = cards_of(position)
    result = {}
    for npc in npcs:
        def run(npc: str = npc) -> object:
            table = ScriptedTable(rng=random.Random(1))
            explanation = run_activation(copy.deepcopy(position), npc, table, cards=cards)
            return explanation.to_json() if read else explanation
        copies = cpu_ms(lambda: copy.deepcopy(position), repetitions)
        result[npc] = max(cpu_ms(run, repetitions) - copies, 0.0)
    return result


def tight_loop(position: Any, npc_id: str) -> int:
    """A plain heapq Dijkstra over (square, steps left) on the static board: the floor of a search."""
    geometry = position.board.geometry()
    npc = position.character(npc_id)
    movement = npc.character_class.movement
    start = (npc.at, -1)
    dist = {start: 0}
    heap = [(0, npc.at, -1)]
    settled = 0
    neighbours = geometry.neighbours
    while heap:
        cost, sq, steps = heapq.heappop(heap)
        if dist[(sq, steps)] != cost:
            continue
        settled += 1
        nexts = [((sq, movement), cost + 1000)] if steps < 0 else [((sq, -1), cost)]
        if steps > 0:
            nexts += [((nxt, steps - 1), cost + 1) for nxt, passage in neighbours[sq] if not passage]
        for node, c in nexts:
            if dist.get(node, c + 1) > c:
                dist[node] = c
                heapq.heappush(heap, (c, node[0], node[1]))
    return settled


def search_case(position: Any, npc_id: str, max_ap: int | None, repetitions: int) -> dict[str, float]:
    """The engine's search beside the tight loop: ms, settled and inherent states, µs per state."""
    from solo.automaton.context import cards_of
    from solo.table.carrying import PriorityPickups
    from solo.table.search import cheapest_paths, npc_means

    card = cards_of(position)[npc_id]
    policy = PriorityPickups(tuple(card.objects))
    means = npc_means(max_ap=max_ap)
    reach = cheapest_paths(position, npc_id, means, policy)
    settled = getattr(reach, "settled", 0) or len(reach._parents)
    inherent = inherent_states(position, npc_id, means, policy)
    engine = cpu_ms(lambda: cheapest_paths(position, npc_id, means, policy), repetitions)
    loop_states = tight_loop(position, npc_id)
    loop = cpu_ms(lambda: tight_loop(position, npc_id), repetitions)
    per_engine, per_loop = engine * 1000 / settled, loop * 1000 / loop_states
    return {"ms": engine, "settled": settled, "inherent": inherent, "us_per_state": per_engine,
            "loop_us_per_state": per_loop}


def inherent_states(position: Any, npc_id: str, means: Any, policy: Any) -> int:
    """The issue's inherent states: the (square, steps left, item carried) the search reaches, counted
    on the same search with nothing left unpushed (``Kept.doomed`` off: it only saves pushes, so the
    triples it hides are reached all the same)."""
    from solo.table.marks import Kept
    from solo.table.search import cheapest_paths

    doomed = Kept.doomed
    Kept.doomed = lambda *args: False  # type: ignore[method-assign]
    try:
        reach = cheapest_paths(position, npc_id, means, policy)
    finally:
        Kept.doomed = doomed  # type: ignore[method-assign]
    return len({(n[0], n[1], n[2]) for n in reach._parents if n[1] > -3})


@contextlib.contextmanager
def true_costs(when: str) -> Any:
    """The true costs of objectives out of reach worked out ``when`` (off: never) meanwhile."""
    import solo.automaton.activation as activation
    import solo.automaton.true_cost as true_cost

    if not hasattr(true_cost, "WHEN"):  # an older tree, always at once: off is no continued search
        names = vars(activation)
        beyond = names["options_beyond"]
        if when == "off":
            names["options_beyond"] = lambda *args, **kwargs: []
        try:
            yield
        finally:
            names["options_beyond"] = beyond
        return
    before = true_cost.WHEN
    true_cost.WHEN = when  # type: ignore[assignment]
    try:
        yield
    finally:
        true_cost.WHEN = before


def true_cost_case(demo: Any, cards: Any, repetitions: int) -> dict[str, Any]:
    """Activations and the NP turn with the true costs off and on, the explanations read or not,
    measured in turns (each case once per round, rounds repeated) so that a change of the machine's
    load touches all alike."""
    from solo.automaton.table import ScriptedTable
    from solo.automaton.turn import run_np_turn

    def turn(read: bool) -> object:
        record = run_np_turn(copy.deepcopy(demo), ScriptedTable(rng=random.Random(1)), library=cards)
        return record.to_json() if read else record

    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in TRUE_COST_CASES}
    for _ in range(max(1, repetitions // 3)):
        for name, (when, read) in TRUE_COST_CASES.items():
            with true_costs(when):
                rounds[name].append({"demo": activations(demo, _npcs(), 3, read),
                                     "turn": cpu_ms(lambda read=read: turn(read), 3)})
    copies = cpu_ms(lambda: copy.deepcopy(demo), repetitions)
    result: dict[str, Any] = {}
    for name, runs in rounds.items():
        demo_ms = {npc: statistics.median(r["demo"][npc] for r in runs) for npc in runs[0]["demo"]}
        result[name] = {"demo": demo_ms, "turn": statistics.median(r["turn"] for r in runs) - copies}
    return result


def _npcs() -> list[str]:
    import bench_automaton as ba

    return list(ba.NPCS)


def geometry_case(position: Any, repetitions: int) -> dict[str, float]:
    """A room turned (geometry asked for again, as the next search does) beside a full rebuild."""
    board = copy.deepcopy(position.board)
    board.geometry()

    def turn() -> None:
        for _ in range(10):
            board.rotate(4, 1)
            board.geometry()

    def rebuild() -> None:
        for _ in range(10):
            board._build_geometry()

    return {"rotation": cpu_ms(turn, repetitions) / 10, "rebuild": cpu_ms(rebuild, repetitions) / 10}


CASES = ("demo", "crowded", "turn", "split", "true_costs", "geometry", "searches")
"""The cases measured in the benchmark's own process (``--case``), one child process each when two
trees are compared."""


class Tables:
    """The benchmark's tables, built when a case first needs them."""

    def __init__(self) -> None:
        self._built: dict[str, Any] = {}

    def get(self, name: str, build: Callable[[], Any]) -> Any:
        if name not in self._built:
            self._built[name] = build()
        return self._built[name]

    def demo(self) -> Any:
        import bench_automaton as ba

        from solo.content.rooms import load_library

        return self.get("demo", lambda: ba.build_position(
            load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")))

    def crowded(self) -> tuple[Any, list[str]]:
        return self.get("crowded", crowded_position)  # type: ignore[no-any-return]

    def paths_board(self) -> Any:
        import bench_paths as bp

        return self.get("paths", lambda: bp.build_position(bp.room_library())[0])

    def cards(self) -> Any:
        from solo.content.cards import load_card_library

        return self.get("cards", load_card_library)


def measure_case(case: str, tables: Tables, repetitions: int) -> dict[str, Any]:
    """One case's figures (a case an older tree cannot measure gives none)."""
    import bench_automaton as ba

    if case == "demo":
        return {"demo": activations(tables.demo(), ba.NPCS, repetitions)}
    if case == "crowded":
        crowded, npcs = tables.crowded()
        return {"crowded": activations(crowded, npcs, repetitions)}
    if case == "turn":
        from solo.automaton.table import ScriptedTable
        from solo.automaton.turn import run_np_turn

        demo, cards = tables.demo(), tables.cards()
        copies = cpu_ms(lambda: copy.deepcopy(demo), repetitions)
        return {"turn": cpu_ms(lambda: run_np_turn(copy.deepcopy(demo), ScriptedTable(rng=random.Random(1)),
                                                   library=cards), repetitions) - copies}
    try:
        if case == "split":
            return {"split": turn_split(tables.demo(), tables.cards(), repetitions)}
        if case == "true_costs":
            return {"true_costs": true_cost_case(tables.demo(), tables.cards(), repetitions)}
    except (AttributeError, ImportError):  # an older tree without these modules or the switch
        return {}
    if case == "geometry":
        return {"geometry": geometry_case(tables.demo(), repetitions)}
    if case == "searches":
        return {"searches": {
            "demo board, Serpico, 5 AP": search_case(tables.demo(), "serpico", 5, repetitions),
            "crowded table, Serpico, 5 AP": search_case(tables.crowded()[0], "serpico", 5, repetitions),
            "unbounded, Lissandra": search_case(tables.paths_board(), "lissandra", None,
                                                max(3, repetitions // 3)),
        }}
    raise ValueError(f"no case {case!r}: one of {', '.join(CASES)}")


def measure(repetitions: int, cases: tuple[str, ...] = CASES) -> dict[str, Any]:
    tables = Tables()
    figures: dict[str, Any] = {}
    for case in cases:
        figures.update(measure_case(case, tables, repetitions))
    return figures


def compare(ref: str, repetitions: int, rounds: int, tmp: str, callgrind: bool = False,
            cases: tuple[str, ...] = CASES) -> None:
    """This tree beside ``ref``: each case in child processes, the trees in turns, ``rounds`` times;
    medians and minima over the rounds, side by side."""
    trees = [interleave.Tree(ref, tree_archive(ref, tmp)), interleave.Tree("this tree", HERE.parent)]
    interleave.interleaved(Path(__file__), trees, cases, rounds, repetitions,
                           progress=lambda text: print(f"  {text}", file=sys.stderr))
    processes = whole_processes([(tree.name, tree.folder) for tree in trees], repetitions, callgrind)
    columns: list[perf_table.Column] = []
    for tree in trees:
        explain = processes[f"dt-solo explain, {tree.name}"]
        for label, how, key in (("med", interleave.median, "cpu"), ("min", interleave.minimum, "cpu_min")):
            figures = interleave.combine(tree.rounds, how)
            figures["explain"] = explain[key]
            columns.append((f"{tree.name[:9]} {label}", figures))
    print(f"{rounds} rounds: each case in a child process per tree, the trees in turns; "
          f"{repetitions} runs per case and round (a round's figure is their median)")
    perf_table.show(columns, judged=2)  # this tree's medians: a minimum is the luckiest run
    perf_table.show_true_costs(columns[2][1], columns[0][1])
    perf_table.show_processes(processes, "the bare interpreter and each tree's `dt-solo explain`, in turns")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 runs per case (2 rounds with --before)")
    parser.add_argument("--repetitions", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=5, help="with --before: rounds of the trees in turns")
    parser.add_argument("--before", default="none", help="commit to measure beside, in turns (none: skip)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument("--callgrind", action="store_true",
                        help="the whole processes' instructions too (valgrind, fixed hash seed)")
    parser.add_argument("--case", help=f"these cases only (comma-separated: {', '.join(CASES)}; "
                        "explain alone: only the whole processes, which every table shows)")
    args = parser.parse_args(argv)
    repetitions = 3 if args.quick else args.repetitions
    rounds = 2 if args.quick else args.rounds
    cases = tuple(args.case.split(",")) if args.case else CASES
    if args.json:
        print(json.dumps(measure(repetitions, cases)))
        return 0
    unknown = [case for case in cases if case not in (*CASES, "explain")]
    if unknown:
        parser.error(f"no case {', '.join(unknown)}: {', '.join(CASES)} or explain")
    cases = tuple(case for case in cases if case != "explain")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"{repetitions} runs per case, CPU time (process_time), medians")
    if args.before == "none":
        figures = measure(repetitions, cases)
        processes = whole_processes([("this tree", HERE.parent)], repetitions, args.callgrind)
        figures["explain"] = processes["dt-solo explain, this tree"]["cpu"]
        perf_table.show([("this tree ms", figures)])
        perf_table.show_true_costs(figures, None)
        perf_table.show_processes(processes, "the bare interpreter and `dt-solo explain`, in turns")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            compare(args.before, repetitions, rounds, tmp, args.callgrind, cases)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
