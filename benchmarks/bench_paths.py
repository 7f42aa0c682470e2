"""Benchmark of the full cheapest-path search (solo.table.search.cheapest_paths).

Run from the repository root:

    python benchmarks/bench_paths.py            # 50 timed repetitions per case
    python benchmarks/bench_paths.py --quick    # 5 repetitions (smoke run)

The position is a fully revealed board of the 8 bundled demo rooms with 20 characters and 6 objects.
It is written as position-format text (formats.md section 3) and read back with
``solo.formats.position_io.read_position``, so the reader validates it like any saved game.
Only the standard library and the project are used.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Measure the bundled data only: never read the player's own rooms or cards.
os.environ["DT_SOLO_USER_DIR"] = str(ROOT / "benchmarks" / "_no_user_dir")

from solo.content.cards import find_card  # noqa: E402
from solo.content.rooms import RoomLibrary, load_library  # noqa: E402
from solo.formats.position_io import read_position  # noqa: E402
from solo.locations import RULES_DIR  # noqa: E402
from solo.table.board import Terrain  # noqa: E402
from solo.table.carrying import PickupPolicy, PriorityPickups  # noqa: E402
from solo.table.movement import Means  # noqa: E402
from solo.table.position import Position  # noqa: E402
from solo.table.search import Reach, cheapest_paths  # noqa: E402
from solo.table.squares import SLOTS, slot_squares, square_name  # noqa: E402

TARGET_MS = 10.0
SEED = 20240601

# Slot -> (layout id, rotation): the 8 demo rooms, every rotation used twice.
ROOMS: dict[int, tuple[str, int]] = {
    1: ("demo-1a", 0),
    2: ("demo-1b", 1),
    3: ("demo-2a", 2),
    4: ("demo-2b", 3),
    5: ("demo-3a", 1),
    6: ("demo-3b", 0),
    7: ("demo-4a", 3),
    8: ("demo-4b", 2),
}

# Two NPCs of classes no bundled card has, given as inline cards (formats.md section 3, `cards`).
INLINE_CARDS = {
    "bench-wizard": "{id: bench-wizard, name: Bench Wizard, class: wizard, objects: [wand, rope, wounded]}",
    "bench-telepath": "{id: bench-telepath, name: Bench Telepath, class: telepath, "
                      "objects: [wounded, shield]}",
}


@dataclass(frozen=True)
class Piece:
    """A character or object to place: its position-format fields (without `at`) and its slot."""

    fields: str
    slot: int
    kind: str = "character"


# 20 characters (10 a side, all 8 classes on each side, 4 wounded, a Key and a Rope carried)
# and the 6 objects, each assigned to a room slot; the square inside the slot is drawn at random
# (fixed seed) among its floor and gear squares, one piece per square.
PIECES: list[Piece] = [
    # Player
    Piece("id: p-naga, side: player, class: naga", 3),
    Piece("id: p-colossus, side: player, class: colossus", 4),
    Piece("id: p-cleric, side: player, class: cleric, carries: key", 5),
    Piece("id: p-backstabber, side: player, class: backstabber, carries: rope", 1),
    Piece("id: p-mechanork, side: player, class: mechanork", 2),
    Piece("id: p-wizard, side: player, class: wizard", 6),
    Piece("id: p-banshee, side: player, class: banshee", 7),
    Piece("id: p-telepath, side: player, class: telepath, wounded: true", 4),
    Piece("id: p-cleric-2, side: player, class: cleric, wounded: true", 8),
    Piece("id: p-naga-2, side: player, class: naga", 1),
    # NPC
    Piece("id: lissandra, side: npc, card: lissandra", 6),
    Piece("id: nolock, side: npc, card: nolock", 7),
    Piece("id: brikoltou, side: npc, card: brikoltou", 8),
    Piece("id: yom, side: npc, card: yom, wounded: true", 5),
    Piece("id: serpico, side: npc, card: serpico", 2),
    Piece("id: arthos, side: npc, card: arthos", 3),
    Piece("id: wave-rick, side: npc, card: wave-rick, wounded: true", 6),
    Piece("id: pere-bonsoins, side: npc, card: pere-bonsoins", 7),
    Piece("id: npc-wizard, side: npc, card: bench-wizard", 5),
    Piece("id: npc-telepath, side: npc, card: bench-telepath", 8),
    # Objects
    Piece("kind: key", 3, "object"),
    Piece("kind: rope", 4, "object"),
    Piece("kind: spear", 5, "object"),
    Piece("kind: bow", 6, "object"),
    Piece("kind: shield", 2, "object"),
    Piece("kind: wand", 7, "object"),
]


def room_library() -> RoomLibrary:
    """The bundled rooms only (rules/rooms/)."""
    library = load_library(RULES_DIR / "rooms", ROOT / "benchmarks" / "_no_user_dir" / "rooms")
    missing = [layout for layout, _ in ROOMS.values() if library.get(layout) is None]
    if missing:
        raise SystemExit(f"bundled rooms missing: {', '.join(missing)}")
    return library


def position_text(characters: list[str], objects: list[str]) -> str:
    """A position-format document with the demo board and the given YAML flow items."""
    out = ["format: dt-solo-position/1", "rooms:"]
    for slot in SLOTS:
        layout, rotation = ROOMS[slot]
        out.append(f"  {slot}: {{layout: {layout}, rotation: {rotation}}}")
    out.append("cards:")
    out.extend(f"  {card_id}: {fields}" for card_id, fields in INLINE_CARDS.items())
    out.append("characters:" + ("" if characters else " []"))
    out.extend(f"  - {item}" for item in characters)
    if objects:
        out.append("objects:")
        out.extend(f"  - {item}" for item in objects)
    return "\n".join(out) + "\n"


def build_position(library: RoomLibrary) -> tuple[Position, str]:
    """Place every piece on a valid square and read the text back (validated)."""
    empty = read_position(position_text([], []), "bench-board", library)
    board = empty.board
    rng = random.Random(SEED)
    free = {
        slot: [sq for sq in slot_squares(slot) if board.terrain(sq) in (Terrain.FLOOR, Terrain.GEAR)]
        for slot in SLOTS
    }
    characters: list[str] = []
    objects: list[str] = []
    for piece in PIECES:
        sq = rng.choice(free[piece.slot])
        free[piece.slot].remove(sq)
        item = f"{{{piece.fields}, at: {square_name(sq)}}}"
        (characters if piece.kind == "character" else objects).append(item)
    text = position_text(characters, objects)
    return read_position(text, "bench-position", library), text



@dataclass(frozen=True)
class Case:
    name: str
    character: str
    policy: Callable[[Position], PickupPolicy | None]
    """None = the Player's optional pick-ups (cheapest_paths' default)."""


def card_policy(card_id: str) -> Callable[[Position], PickupPolicy]:
    """An NPC's pick-up policy from its card's object priority (S-OBJ-1/2), as the CLI builds it."""

    def make(position: Position) -> PickupPolicy:
        card = find_card(card_id, position.inline_cards) or {}
        return PriorityPickups(tuple(str(o) for o in card.get("objects") or []))

    return make


CASES = [
    Case("Naga (movement 6)", "p-naga", lambda p: None),
    Case("Colossus (movement 2)", "p-colossus", lambda p: None),
    Case("Cleric carrying a Key", "p-cleric", lambda p: None),
    Case("NPC Lissandra, PriorityPickups", "lissandra", card_policy("lissandra")),
]

# The measured search is the first variant (default means). The other two bound the search, to
# show where its time goes: no jumps, or at most 5 AP (the largest Action card, B-TURN-3).
VARIANTS: list[tuple[str, Means]] = [
    ("full search, Means()", Means()),
    ("no jumps, Means(jumps=0)", Means(jumps=0)),
    ("one turn, Means(max_ap=5)", Means(max_ap=5)),
]


class OverBudgetError(Exception):
    """One search ran longer than the time budget."""


def _alarm(signum: int, frame: object) -> None:
    raise OverBudgetError


CAN_INTERRUPT = hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")


def timed_search(position: Position, case: Case, means: Means, budget: float) -> tuple[float, Reach]:
    """One search, its time in ms; raises OverBudgetError after ``budget`` seconds (where supported)."""
    policy = case.policy(position)
    if CAN_INTERRUPT:
        signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        start = time.perf_counter()
        reach = cheapest_paths(position, case.character, means, policy)
        elapsed = (time.perf_counter() - start) * 1000.0
    finally:
        if CAN_INTERRUPT:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return elapsed, reach


def describe(reach: Reach) -> str:
    """What the search found, for the report (computed once, outside the timing)."""
    kinds: dict[str, int] = {}
    pickups = 0
    for sq in reach.best:
        way = reach.way(sq)
        if way is None:
            continue
        for k in {a.kind for a in way.actions} - {"move"}:
            kinds[k] = kinds.get(k, 0) + 1
        if any(a.events for a in way.actions):
            pickups += 1
    exits = sum(1 for states in reach.finals.values() if any(s.exited for s in states))
    parts = [f"{k} {n}" for k, n in sorted(kinds.items())]
    if pickups:
        parts.append(f"pick-up/swap {pickups}")
    if exits:
        parts.append(f"exits {exits}")
    parts.append(f"{len(reach.cost)} rest states")
    return ", ".join(parts)


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(samples)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1))]


@dataclass
class Result:
    case: Case
    samples: list[float]
    reach: Reach | None

    @property
    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else math.inf


def measure(position: Position, case: Case, means: Means, repetitions: int, warmup: int,
            budget: float, case_seconds: float) -> Result:
    """Warm-up runs, then up to ``repetitions`` timed runs (fewer if ``case_seconds`` runs out)."""
    try:
        _, reach = timed_search(position, case, means, budget)
        for _ in range(warmup - 1):
            timed_search(position, case, means, budget)
        samples: list[float] = []
        deadline = time.perf_counter() + case_seconds
        while len(samples) < repetitions and (len(samples) < 3 or time.perf_counter() < deadline):
            samples.append(timed_search(position, case, means, budget)[0])
    except OverBudgetError:
        return Result(case, [], None)
    return Result(case, samples, reach)


def report_variant(position: Position, title: str, means: Means, args: argparse.Namespace,
                   warmup: int) -> list[Result]:
    print(f"== {title}")
    header = f"{'case':32} {'from':>4} {'runs':>4} {'median':>10} {'p90':>10} {'min':>10} {'reach':>5}  found"
    print(header)
    print("-" * len(header))
    results = []
    for case in CASES:
        result = measure(position, case, means, args.repetitions, warmup, args.budget, args.case_seconds)
        results.append(result)
        at = position.character(case.character).at
        assert at is not None
        start = f"{case.name:32} {square_name(at):>4}"
        if result.reach is None:
            print(f"{start} {'-':>4} {'DNF':>10} {'':>10} {'':>10} {'-':>5}  "
                  f"no result within the {args.budget:g} s budget")
            continue
        s = result.samples
        print(f"{start} {len(s):>4} {result.median:8.2f}ms {percentile(s, 0.9):8.2f}ms {min(s):8.2f}ms "
              f"{len(result.reach.best):>5}  {describe(result.reach)}")
    print()
    return results


def verdict(title: str, results: list[Result], budget: float) -> str:
    worst = max(results, key=lambda r: r.median)
    if worst.reach is None:
        value = f"DNF (> {budget:g} s)"
        ratio = "did not finish"
    else:
        value = f"{worst.median:.2f} ms"
        ratio = f"{worst.median / TARGET_MS:.2f}x"
    within = worst.reach is not None and worst.median <= TARGET_MS
    return (f"{title}: worst median {value} ({worst.case.name}): "
            f"{'within' if within else 'OVER'} the {TARGET_MS:g} ms target ({ratio})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Benchmark of solo.table.search.cheapest_paths on a full board.",
    )
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 5 repetitions, 1 warm-up, 2 s budget per search")
    parser.add_argument("--repetitions", type=int, default=None, help="timed runs per case (default 50)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds one search may take before it is reported DNF (default 10)")
    parser.add_argument("--case-seconds", type=float, default=None,
                        help="stop repeating a case after this many seconds, 3 runs at least (default 60)")
    parser.add_argument("--full-only", action="store_true", help="measure only the full search")
    parser.add_argument("--show-position", action="store_true", help="print the position text first")
    args = parser.parse_args(argv)
    args.repetitions = args.repetitions or (5 if args.quick else 50)
    args.budget = args.budget or (2.0 if args.quick else 10.0)
    args.case_seconds = args.case_seconds or (5.0 if args.quick else 60.0)
    warmup = 1 if args.quick else 3
    if CAN_INTERRUPT:
        signal.signal(signal.SIGALRM, _alarm)

    library = room_library()
    position, text = build_position(library)
    if args.show_position:
        print(text)
    rooms = ", ".join(f"{slot}:{layout}@{rot}" for slot, (layout, rot) in ROOMS.items())
    print(f"board: {rooms} (slot:layout@rotation)")
    print(f"pieces: {len(position.characters)} characters "
          f"({sum(c.wounded for c in position.characters.values())} wounded), "
          f"{len(position.objects)} objects")
    print(f"runs: {warmup} warm-up + up to {args.repetitions} timed per case; "
          f"budget {args.budget:g} s per search{'' if CAN_INTERRUPT else ' (not enforced on this platform)'}")
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    print()

    variants = VARIANTS[:1] if args.full_only else VARIANTS
    verdicts = []
    for title, means in variants:
        results = report_variant(position, title, means, args, warmup)
        verdicts.append(verdict(title, results, args.budget))
    for line in reversed(verdicts):  # the full search's verdict comes last
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
