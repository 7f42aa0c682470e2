"""The performance table of issue 16, before and after, in one run (CPU time, medians).

Run from the repository root:

    python benchmarks/bench_perf.py                  # this tree beside `main`, 15 runs per case
    python benchmarks/bench_perf.py --before HEAD~3  # beside any other commit
    python benchmarks/bench_perf.py --before none    # this tree only
    python benchmarks/bench_perf.py --quick          # 3 runs per case

Every figure is CPU time of this process (``time.process_time``), or of the child for the command
line, so other programs sharing the cores change it little; the machine's load is printed. The
older tree is a ``git archive`` of the commit, measured by this same script in a child process
(the same positions, the same calls), so both columns come from one command.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import heapq
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
os.environ["DT_SOLO_USER_DIR"] = str(HERE / "_no_user_dir")
sys.path.insert(0, str(HERE))

TARGETS = {
    "activation, demo board (worst NPC)": 5.0,
    "activation, crowded table (worst NPC)": 15.0,
    "unbounded search, Lissandra": 10.0,
    "NP turn, 12 NPCs": 25.0,
    "dt-solo explain, whole process": 150.0,
}
RATIO_TARGETS = {"per state": 3.0, "states": 1.5}
"""Engine µs per settled state over the tight loop's; settled states over inherent ones."""


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
    inherent = len({(n[0], n[1], n[2]) for n in reach._parents if n[1] > -3})
    engine = cpu_ms(lambda: cheapest_paths(position, npc_id, means, policy), repetitions)
    loop_states = tight_loop(position, npc_id)
    loop = cpu_ms(lambda: tight_loop(position, npc_id), repetitions)
    per_engine, per_loop = engine * 1000 / settled, loop * 1000 / loop_states
    return {"ms": engine, "settled": settled, "inherent": inherent, "us_per_state": per_engine,
            "loop_us_per_state": per_loop}


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

    def counted_search(position: Any, npc: Any, means: Any, policy: Any, **kw: Any) -> Any:
        key = (_fingerprint(position), npc.id, kw.get("steps_in_progress", 0),
               getattr(policy, "deliver_to", None), getattr(policy, "delivered", None))
        bound = float("inf") if means.max_ap is None else means.max_ap
        counts["searches"] += 1
        counts["repeats"] += seen.get(key, -1.0) >= bound
        seen[key] = max(seen.get(key, -1.0), bound)
        return search(position, npc, means, policy, **kw)

    def counted_beyond(reach: Any, *args: Any, **kwargs: Any) -> Any:
        counts["beyond"] += getattr(reach, "_more", None) is not None  # a call that settles further
        return beyond(reach, *args, **kwargs)

    def counted_relaxed(*args: Any, **kwargs: Any) -> Any:
        counts["relaxed"] += 1
        return relaxed(*args, **kwargs)

    context.cheapest_paths = timed("search", counted_search)
    reach_class.beyond = timed("beyond", counted_beyond)
    approach.relaxed_distances = timed("relaxed", counted_relaxed)
    lazy: list[tuple[str, Any]] = []  # a search settled as far as it is read (AMB-SEARCH-EARLY) settles later
    with contextlib.suppress(ImportError):
        from solo.table.growing import Growing
        lazy = [(name, getattr(Growing, name)) for name in ("_to", "complete", "seek")]
        for name, method in lazy:
            setattr(Growing, name, timed("search", method))
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
        for name, method in lazy:
            setattr(Growing, name, method)
    share = {k: v * 1000 / repetitions for k, v in spent.items()}
    whole = sum(totals) * 1000 / repetitions
    return {"turn": whole, "searches_ms": share["search"] + share["beyond"], "relaxed_ms": share["relaxed"],
            "outside_ms": whole - share["search"] - share["beyond"],
            **{k: v / repetitions for k, v in counts.items()}}


TRUE_COST_CASES = {"off": ("off", False), "on": ("shown", False), "off, read": ("off", True),
                   "on, read": ("shown", True)}
"""The true costs (AMB-TRUE-COST) switched off or on, the explanations read or not."""


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


EXPLAIN_RUNS = 15
"""At least this many `dt-solo explain` processes per tree (a process varies by ±10 ms)."""


def explain_process(repetitions: int) -> float:
    """CPU ms of a whole `dt-solo explain` process on the demo table (child CPU time)."""
    import solo

    tree = Path(solo.__file__).resolve().parent.parent  # `-m` looks in the working folder first
    return explain_processes([tree], repetitions)[0]


def explain_processes(trees: list[Path], repetitions: int) -> list[float]:
    """The median CPU ms of `dt-solo explain` on the demo table for each tree, the trees' runs
    interleaved so that a change of the machine's load touches all alike."""
    position = HERE.parent / "rules" / "positions" / "demo.yaml"
    command = [sys.executable, "-m", "solo.cli", "explain", str(position), "--npc", "nolock", "--seed", "1"]
    # As an installed package runs: byte-code cached (the first run writes it).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    samples: list[list[float]] = [[] for _ in trees]
    for run in range(max(repetitions, EXPLAIN_RUNS) + 1):
        for tree, times in zip(trees, samples, strict=True):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(command, capture_output=True, check=False, env={**env, "PYTHONPATH": str(tree)},
                           cwd=tree)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if run:  # the first run writes the byte-code
                times.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return [statistics.median(times) for times in samples]


def measure(repetitions: int) -> dict[str, Any]:
    import bench_automaton as ba
    import bench_paths as bp

    from solo.automaton.table import ScriptedTable
    from solo.automaton.turn import run_np_turn
    from solo.content.cards import load_card_library
    from solo.content.rooms import load_library

    library = load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")
    demo = ba.build_position(library)
    crowded, crowded_npcs = crowded_position()
    paths_board, _ = bp.build_position(bp.room_library())
    figures: dict[str, Any] = {}
    figures["demo"] = activations(demo, ba.NPCS, repetitions)
    figures["crowded"] = activations(crowded, crowded_npcs, repetitions)
    cards = load_card_library()
    copies = cpu_ms(lambda: copy.deepcopy(demo), repetitions)
    figures["turn"] = cpu_ms(
        lambda: run_np_turn(copy.deepcopy(demo), ScriptedTable(rng=random.Random(1)), library=cards),
        repetitions) - copies
    with contextlib.suppress(AttributeError, ImportError):  # an older tree without these modules
        figures["split"] = turn_split(demo, cards, repetitions)
    with contextlib.suppress(AttributeError, ImportError):  # an older tree without the switch
        figures["true_costs"] = true_cost_case(demo, cards, repetitions)
    figures["geometry"] = geometry_case(demo, repetitions)
    figures["searches"] = {
        "demo board, Serpico, 5 AP": search_case(demo, "serpico", 5, repetitions),
        "crowded table, Serpico, 5 AP": search_case(crowded, "serpico", 5, repetitions),
        "unbounded, Lissandra": search_case(paths_board, "lissandra", None, max(3, repetitions // 3)),
    }
    figures["explain"] = explain_process(repetitions)
    return figures


def headline(figures: dict[str, Any]) -> dict[str, float]:
    return {
        "activation, demo board (worst NPC)": max(figures["demo"].values()),
        "activation, crowded table (worst NPC)": max(figures["crowded"].values()),
        "unbounded search, Lissandra": figures["searches"]["unbounded, Lissandra"]["ms"],
        "NP turn, 12 NPCs": figures["turn"],
        "dt-solo explain, whole process": figures["explain"],
    }


def before_figures(ref: str, repetitions: int, tmp: str) -> dict[str, Any] | None:
    """This script's figures for the tree of ``ref`` (a git archive in ``tmp``/tree, measured in a
    child process)."""
    root = HERE.parent
    archive = Path(tmp) / "tree.tar"
    subprocess.run(["git", "-C", str(root), "archive", "-o", str(archive), ref], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(Path(tmp) / "tree", filter="data")
    return tree_figures(Path(tmp) / "tree", ref, repetitions)


def tree_figures(tree: Path, name: str, repetitions: int) -> dict[str, Any] | None:
    """This script's figures for the package in ``tree``, measured in a child process: both trees of
    a comparison are measured alike (a parent that had run the other tree's figures first measured
    1.5-3x slower on activations neither tree changed)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, __file__, "--json", "--repetitions", str(repetitions)],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        print(f"the tree of {name} could not be measured:\n{out.stderr[-2000:]}")
        return None
    figures: dict[str, Any] = json.loads(out.stdout)
    return figures


def show(after: dict[str, Any], before: dict[str, Any] | None, ref: str) -> None:
    col = f"{ref} ms" if before else ""
    print(f"{'case':<42} {col:>12} {'this tree ms':>13} {'target':>7}")
    heads = headline(after)
    olds = headline(before) if before else {}
    for name, value in heads.items():
        old = f"{olds[name]:.1f}" if name in olds else ""
        mark = "ok" if value <= TARGETS[name] else "OVER"
        print(f"{name:<42} {old:>12} {value:>13.1f} {TARGETS[name]:>6.0f} {mark}")
    print("\nactivations (CPU ms, median):")
    for table in ("demo", "crowded"):
        for npc, value in after[table].items():
            old = f"{before[table][npc]:.1f}" if before else ""
            print(f"  {table:<8} {npc:<31} {old:>12} {value:>13.1f}")
    print("\nsearches: engine beside a tight heapq loop over (square, steps) per settled state (target "
          f"≤ {RATIO_TARGETS['per state']:.0f}x), settled beside inherent (square, steps, item) states "
          f"(target ≤ {RATIO_TARGETS['states']:.1f}x):")
    for name, s in after["searches"].items():
        old = before["searches"][name] if before else None
        print(f"  {name}")
        for label, field in (("ms", "ms"), ("settled states", "settled")):
            was = (f"{old[field]:.1f}" if field == "ms" else str(old[field])) if old else ""
            now = f"{s[field]:.1f}" if field == "ms" else str(s[field])
            print(f"    {label:<38} {was:>12} {now:>13}")
        for label, key in (("µs per state / tight loop's", "per state"),
                           ("settled / inherent states", "states")):
            was = f"{_ratio(old, key):.2f}x" if old else ""
            value = _ratio(s, key)
            mark = "ok" if value <= RATIO_TARGETS[key] else "OVER"
            print(f"    {label:<38} {was:>12} {value:>12.2f}x {RATIO_TARGETS[key]:>5.1f}x {mark}")
    _show_turn(after, before)
    show_true_costs(after, before)


def show_true_costs(after: dict[str, Any], before: dict[str, Any] | None) -> None:
    """What the true costs add to each activation and to the NP turn: when run (the costs left
    to be read) and when read (worked out then), each beside the same runs with them off."""
    if "true_costs" not in after:
        return
    old = (before or {}).get("true_costs")
    print("\ntrue costs (AMB-TRUE-COST): CPU ms with them off and on, and what they add "
          "(explanations read as `explain --json` does, or not read):")
    print(f"  {'':<24} {'off':>7} {'on':>7} {'true costs':>11} {'off, read':>10} {'on, read':>9} "
          f"{'when read':>10}" + (f" {'before: +':>10} {'read +':>7}" if old else ""))
    for npc in after["true_costs"]["off"]["demo"]:
        _true_cost_row(f"demo {npc}", after["true_costs"], old, lambda c, npc=npc: c["demo"][npc])
    _true_cost_row("NP turn, 12 NPCs", after["true_costs"], old, lambda c: c["turn"])


def _true_cost_row(label: str, figures: dict[str, Any], old: dict[str, Any] | None,
                   pick: Callable[[dict[str, Any]], float]) -> None:
    off, on, off_read, on_read = (pick(figures[name]) for name in TRUE_COST_CASES)
    line = (f"  {label:<24} {off:>7.1f} {on:>7.1f} {on - off:>+10.1f}  {off_read:>9.1f} {on_read:>9.1f} "
            f"{on_read - off_read:>+10.1f}")
    if old:
        was, was_read = pick(old["on"]) - pick(old["off"]), pick(old["on, read"]) - pick(old["off, read"])
        line += f" {was:>+10.1f} {was_read:>+7.1f}"
    print(line)


def _ratio(s: dict[str, float], key: str) -> float:
    if key == "per state":
        return s["us_per_state"] / s["loop_us_per_state"]
    return s["settled"] / max(s["inherent"], 1)


def _show_turn(after: dict[str, Any], before: dict[str, Any] | None) -> None:
    """The NP turn outside its searches, and the board geometry after a rotation."""
    rows: list[tuple[str, str, str]] = []
    old_split = (before or {}).get("split", {})
    labels = {"turn": "NP turn, measured apart (ms)", "searches_ms": "  in searches (ms)",
              "outside_ms": "  outside searches (ms)", "relaxed_ms": "  of which relaxed distances (ms)",
              "searches": "  searches per turn", "beyond": "  calls continuing a search beyond the quota",
              "repeats": "  repeats of an earlier search, same table",
              "relaxed": "  relaxed distances per turn"}
    for key, label in labels.items():
        if key in after.get("split", {}):
            was = f"{old_split[key]:.1f}" if key in old_split else ""
            rows.append((label, was, f"{after['split'][key]:.1f}"))
    old_geo = (before or {}).get("geometry", {})
    geometry_rows = (("rotation", "room turned, geometry updated (ms)"),
                     ("rebuild", "full geometry rebuild (ms)"))
    for key, label in geometry_rows:
        was = f"{old_geo[key]:.2f}" if key in old_geo else ""
        rows.append((label, was, f"{after['geometry'][key]:.2f}"))
    print("\nNP turn of the 12 demo NPCs, split (CPU ms and counts, means over the runs):")
    for label, was, now in rows:
        print(f"  {label:<40} {was:>12} {now:>13}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repetitions", type=int, default=15)
    parser.add_argument("--before", default="main", help="commit to measure beside (none: skip)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = parser.parse_args(argv)
    repetitions = 3 if args.quick else args.repetitions
    if args.json:
        print(json.dumps(measure(repetitions)))
        return 0
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"{repetitions} runs per case, CPU time (process_time), medians")
    with tempfile.TemporaryDirectory() as tmp:
        before = None if args.before == "none" else before_figures(args.before, repetitions, tmp)
        after = (measure(repetitions) if before is None
                 else tree_figures(HERE.parent, "this tree", repetitions) or measure(repetitions))
        if before is not None:  # the two trees' explain processes again, interleaved
            before["explain"], after["explain"] = explain_processes([Path(tmp) / "tree", HERE.parent],
                                                                    repetitions)
        show(after, before, args.before)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
