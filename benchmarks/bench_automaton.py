"""Benchmark of the NPC automaton: one activation, and a whole NP turn.

Run from the repository root:

    python benchmarks/bench_automaton.py            # 30 timed repetitions
    python benchmarks/bench_automaton.py --quick    # 3 repetitions (smoke run)

The position: the 8 bundled demo rooms, all revealed, 12 NPCs from the demo deck (every class), 6
Player figures and the 6 objects, placed with a fixed seed on floor squares and validated by the
position reader. Combats and dice come from a seeded table, so every run makes the same decisions.
Targets (issue 3): one activation under 25 ms (median), a whole NP turn of 12 NPCs under 200 ms.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["DT_SOLO_USER_DIR"] = str(ROOT / "benchmarks" / "_no_user_dir")

from solo.automaton.activation import run_activation  # noqa: E402
from solo.automaton.context import cards_of  # noqa: E402
from solo.automaton.table import ScriptedTable  # noqa: E402
from solo.automaton.turn import run_np_turn  # noqa: E402
from solo.content.cards import load_card_library  # noqa: E402
from solo.content.rooms import RoomLibrary, load_library  # noqa: E402
from solo.formats.position_io import read_position  # noqa: E402
from solo.locations import RULES_DIR  # noqa: E402
from solo.table.board import Terrain  # noqa: E402
from solo.table.position import Position  # noqa: E402
from solo.table.squares import SLOTS, slot_squares, square_name  # noqa: E402

ACTIVATION_TARGET_MS = 25.0
TURN_TARGET_MS = 200.0
SEED = 20261126
ROOMS = {
    1: ("demo-1a", 0),
    2: ("demo-1b", 1),
    3: ("demo-2a", 2),
    4: ("demo-2b", 3),
    5: ("demo-3a", 1),
    6: ("demo-3b", 0),
    7: ("demo-4a", 3),
    8: ("demo-4b", 2),
}
NPCS = [
    "nolock",
    "lissandra",
    "brikoltou",
    "yom",
    "serpico",
    "arthos",
    "wave-rick",
    "pere-bonsoins",
    "amystyn",
    "xanth",
    "muldon",
    "hur-ban",
]
PLAYERS = ["cleric", "naga", "wizard", "backstabber", "colossus", "banshee"]
OBJECTS = ["key", "rope", "spear", "bow", "shield", "wand"]


def build_position(library: RoomLibrary) -> Position:
    """The benchmark table: pieces spread over the 8 rooms, one per square, never on a pit."""
    head = ["format: dt-solo-position/1", "rooms:"]
    head += [f"  {slot}: {{layout: {layout}, rotation: {rot}}}" for slot, (layout, rot) in ROOMS.items()]
    empty = read_position("\n".join([*head, "characters: []"]) + "\n", "bench", library)
    rng = random.Random(SEED)
    free = [
        sq
        for slot in SLOTS
        for sq in slot_squares(slot)
        if empty.board.terrain(sq) in (Terrain.FLOOR, Terrain.GEAR)
    ]
    rng.shuffle(free)
    lines = [*head, "characters:"]
    for npc in NPCS:
        lines.append(f"  - {{id: {npc}, side: npc, card: {npc}, at: {square_name(free.pop())}}}")
    for cls in PLAYERS:
        lines.append(f"  - {{id: p-{cls}, side: player, class: {cls}, at: {square_name(free.pop())}}}")
    lines.append("objects:")
    lines += [f"  - {{kind: {kind}, at: {square_name(free.pop())}}}" for kind in OBJECTS]
    lines.append("turn: {side: npc}")
    return read_position("\n".join(lines) + "\n", "bench-position", library)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 repetitions (smoke run)")
    parser.add_argument("--repetitions", type=int, default=30)
    args = parser.parse_args(argv)
    reps = 3 if args.quick else args.repetitions
    library: RoomLibrary = load_library(RULES_DIR / "rooms", ROOT / "benchmarks" / "_no_user_dir" / "rooms")
    base = build_position(library)
    card_library = load_card_library()  # read once, as the app does at start-up
    cards = cards_of(base, card_library)
    print(
        f"board: 8 rooms, {len(NPCS)} NPCs, {len(PLAYERS)} Player figures, {len(OBJECTS)} objects; "
        f"{reps} timed runs per case (medians)"
    )
    worst = 0.0
    print(f"{'activation':<16} {'median ms':>9} {'max ms':>8}  mode, AP")
    for npc in NPCS:
        times = []
        summary = ""
        for run in range(reps + 1):
            position = copy.deepcopy(base)
            table = ScriptedTable(rng=random.Random(run))
            start = time.perf_counter()
            explanation = run_activation(position, npc, table, cards=cards)
            elapsed = (time.perf_counter() - start) * 1000
            if run:  # the first run warms the caches
                times.append(elapsed)
            chosen = explanation.chosen or {}
            summary = (
                f"{chosen.get('mode')}{' (default)' if chosen.get('default') else ''}, "
                f"{explanation.ap_used} AP"
            )
        median = statistics.median(times)
        worst = max(worst, median)
        print(f"{npc:<16} {median:>9.1f} {max(times):>8.1f}  {summary}")
    turn_times = []
    activations = 0
    for run in range(reps + 1):
        position = copy.deepcopy(base)
        start = time.perf_counter()
        record = run_np_turn(position, ScriptedTable(rng=random.Random(run)), library=card_library)
        elapsed = (time.perf_counter() - start) * 1000
        if run:
            turn_times.append(elapsed)
            activations = len(record.activations)
    turn = statistics.median(turn_times)
    print(
        f"whole NP turn: median {turn:.1f} ms, max {max(turn_times):.1f} ms "
        f"({activations} activations in the last run)"
    )
    print(
        f"worst activation median {worst:.1f} ms (target {ACTIVATION_TARGET_MS:.0f}): "
        f"{'OK' if worst < ACTIVATION_TARGET_MS else 'OVER'}; NP turn {turn:.1f} ms "
        f"(target {TURN_TARGET_MS:.0f}): {'OK' if turn < TURN_TARGET_MS else 'OVER'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
