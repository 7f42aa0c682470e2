"""A fingerprint of what the path search finds, to show a speed-up changes nothing (issue 16).

Run from the repository root, before and after a change, and compare the printed digests:

    python benchmarks/search_identity.py            # searches and the command line
    python benchmarks/search_identity.py --no-cli   # the searches only (faster)

``searches``: every field of each :class:`Reach` (best costs, tied finals, state costs, the nodes
behind them, how many were settled, and every link of the search in the order it was made) for
every NPC and Player figure of the benchmark tables, bounded, continued beyond the bound,
unbounded, mid-move and with one way per node (``exact_trails=False``), and for 60 random small
boards (both pick-up policies, with and without paid abilities). ``outcomes``: of the same
searches, only what a reader of a reach sees (best costs, tied finals, every state's cost and the
actions of its way): a change to the search's own bookkeeping (how many nodes it settles, its
links) changes ``searches`` but must leave ``outcomes`` alone. ``cli``: ``dt-solo explain`` for each
of the 12 NPCs of the benchmark table and ``np-turn``, in English and French, as text and JSON.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
os.environ["DT_SOLO_USER_DIR"] = str(HERE / "_no_user_dir")
sys.path[:0] = [str(HERE), str(ROOT / "tests")]

from solo import records  # noqa: E402 - after the user folder is set aside

SQUARE_CHARS = "....O"
EDGE_CHARS = "    #:|"
CLASSES = ["cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath"]


def canon(value: Any) -> Any:
    """``value`` with every set sorted and every record as a tuple: the same text whatever the hash seed."""
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted((canon(v) for v in value), key=repr)))
    if isinstance(value, dict):
        return ("dict", tuple((canon(k), canon(v)) for k, v in value.items()))
    if isinstance(value, (tuple, list)):
        return tuple(canon(v) for v in value)
    if records.is_record(value) and not isinstance(value, type):
        return (type(value).__name__, *(canon(getattr(value, f.name)) for f in records.fields(value)))
    return value


def reach_lines(reach: Any) -> Iterator[str]:
    """Every field of a reach that a reader or a later call can see, in its own order, line by line."""
    texts: dict[Any, str] = {}

    def text(value: Any) -> str:
        found = texts.get(value)
        if found is None:
            found = texts[value] = repr(canon(value))
        return found

    yield repr(canon((reach.start, reach.best, reach.finals, reach.settled, reach.settled_to)))
    for state, cost in reach.cost.items():
        yield f"{text(state)} {cost} {text(reach._nodes[state])}"
    for node, link in reach._parents.items():
        yield f"{text(node)} <- " + ("-" if link is None else f"{text(link[0])} {canon(link[1:])!r}")


def outcome_lines(reach: Any) -> Iterator[str]:
    """What a reader of a reach sees: best costs, tied finals, each state's cost and the way to it."""
    yield repr(canon((reach.start, reach.best, reach.finals, reach.settled_to)))
    for state, cost in reach.cost.items():
        yield f"{canon(state)!r} {cost} {canon(reach.way_to_state(state).actions)!r}"


def random_grid(rng: random.Random) -> str:
    """A 5x5 room drawing with one gear, as tests/table/test_search_reference.py draws them."""
    gear = (rng.randint(1, 5), rng.randint(1, 5))
    lines = []
    for i in range(11):
        row = []
        for j in range(11):
            if i % 2 == 0 and j % 2 == 0:
                row.append("+")
            elif i % 2 == 1 and j % 2 == 1:
                row.append("G" if ((i + 1) // 2, (j + 1) // 2) == gear else rng.choice(SQUARE_CHARS))
            else:
                ch = rng.choice(EDGE_CHARS)
                row.append(ch if ch != "|" or i % 2 == 1 else "-")
        lines.append("".join(row))
    return "\n".join(lines) + "\n"


def random_board(rng: random.Random) -> Any:
    """A random slot 1 with a mover and up to 7 pieces (None when the drawing is refused)."""
    from builders import make_position

    from solo.errors import DataError

    squares = [f"{f}{r}" for f in "abcde" for r in range(1, 6)]
    chosen = rng.sample(squares, rng.randint(2, 8))
    carries = rng.choice([None, "key", "rope"])
    lines = [f"- {{id: mover, side: player, class: {rng.choice(CLASSES)}, at: {chosen[0]}"
             + (f", carries: {carries}}}" if carries else "}")]
    objects = []
    for index, sq in enumerate(chosen[1:]):
        kind = rng.choice(["friend", "enemy", "wounded", "key", "rope", "bow", "shield"])
        cls = rng.choice(CLASSES)
        if kind == "friend":
            held = rng.choice(["", ", carries: rope", ", carries: key"])
            lines.append(f"- {{id: f{index}, side: player, class: {cls}, at: {sq}{held}}}")
        elif kind == "enemy":
            lines.append(f"- {{id: e{index}, side: npc, card: arthos, at: {sq}}}")
        elif kind == "wounded":
            side = rng.choice(["player", "npc"])
            who = f"class: {cls}" if side == "player" else "card: serpico"
            lines.append(f"- {{id: w{index}, side: {side}, {who}, at: {sq}, wounded: true}}")
        else:
            objects.append(f"- {{kind: {kind}, at: {sq}}}")
    try:
        return make_position(characters="\n".join(lines), objects="\n".join(objects),
                             grids={1: random_grid(rng)})
    except DataError:
        return None


def searches(boards: int, verbose: bool = False) -> tuple[str, str]:
    """The digests of every search listed in the module docstring: all fields, and the outcomes."""
    import bench_automaton as ba
    import bench_paths as bp
    from bench_perf import crowded_position

    from solo.automaton.context import cards_of
    from solo.content.rooms import load_library
    from solo.errors import MessageError
    from solo.table.carrying import OptionalPickups, PriorityPickups
    from solo.table.movement import Means, npc_means, player_means
    from solo.table.search import cheapest_paths

    digest, outcomes = hashlib.sha256(), hashlib.sha256()

    def record(label: str, *args: Any, far: bool = True, **kwargs: Any) -> None:
        started = time.process_time()
        digest.update(f"{label}\n".encode())
        outcomes.update(f"{label}\n".encode())
        try:
            reach = cheapest_paths(*args, **kwargs)
            reaches = [reach]
            if reach._more is not None:
                reaches.append(reach.beyond(reach.settled_to + 2))
                if far:
                    reaches.append(reach.beyond())
        except MessageError as error:
            digest.update(f"refused: {error}\n".encode())
            outcomes.update(f"refused: {error}\n".encode())
            return
        for one in reaches:
            for line in reach_lines(one):
                digest.update(line.encode() + b"\n")
            for line in outcome_lines(one):
                outcomes.update(line.encode() + b"\n")
        if verbose:
            print(f"{time.process_time() - started:7.3f} s  {label}", flush=True)

    library = load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")
    demo = ba.build_position(library)
    crowded, _ = crowded_position()
    tables = {"demo": demo, "crowded": crowded}
    for name, position in tables.items():
        cards = cards_of(position)
        for c in sorted(position.characters.values(), key=lambda c: c.id):
            if c.wounded or c.at is None:
                continue
            who = f"{name} {c.id}"
            if c.id in cards:
                policy = PriorityPickups(tuple(cards[c.id].objects))
                one_way = records.replace(policy, exact_trails=False)  # AMB-DROP-BACK-TRAIL, for comparisons
                for ap in (2, 5):
                    record(f"{who} {ap}", position, c.id, npc_means(max_ap=ap), policy)
                record(f"{who} moving", position, c.id, npc_means(max_ap=2), policy, steps_in_progress=2)
                record(f"{who} one way", position, c.id, npc_means(max_ap=3), one_way)
                record(f"{who} paid", position, c.id, npc_means(paid_abilities=True, max_ap=3), policy)
                if name == "demo":
                    record(f"{who} unbounded", position, c.id, npc_means(),
                           records.replace(policy, exact_ap=2))
            else:
                record(f"{who} player", position, c.id, records.replace(player_means(), max_ap=3))
                record(f"{who} player moving", position, c.id,
                        records.replace(player_means(), max_ap=2), steps_in_progress=1)
    paths_board, _ = bp.build_position(bp.room_library())
    lissandra = bp.card_policy("lissandra")(paths_board)
    record("paths lissandra", paths_board, "lissandra", npc_means(), lissandra)
    record("paths naga", paths_board, "p-naga", Means(max_ap=4))
    rng = random.Random(16)
    for index in range(boards):
        position = random_board(rng)
        if position is None:
            digest.update(b"refused\n")
            outcomes.update(b"refused\n")
            continue
        for npc in (False, True):
            for paid in (False, True):
                policy = (PriorityPickups(("rope", "key", "wounded", "bow"), exact_trails=index % 3 != 0)
                          if npc else OptionalPickups())
                means = Means(max_ap=3 + index % 2, paid_abilities=paid, jumps=None if npc else 2)
                record(f"board {index} {npc} {paid}", position, "mover", means, policy, far=False)
                if npc and not paid:
                    record(f"board {index} unbounded", position, "mover", Means(),
                           PriorityPickups(("key", "rope", "wounded"), exact_ap=2))
                    record(f"board {index} moving", position, "mover", Means(max_ap=2), policy,
                           steps_in_progress=3)
    return digest.hexdigest(), outcomes.hexdigest()


def command_line() -> str:
    """The digest of ``explain`` for the 12 NPCs and of ``np-turn``, both languages, text and JSON."""
    import bench_automaton as ba

    from solo.formats import position_io

    texts: list[str] = []
    real = position_io.read_position

    def keep(text: str, *args: Any, **kwargs: Any) -> Any:
        texts.append(text)
        return real(text, *args, **kwargs)

    ba.read_position = keep  # type: ignore[assignment]
    library = ba.load_library(ba.RULES_DIR / "rooms", HERE / "_no_user_dir" / "rooms")
    ba.build_position(library)
    digest = hashlib.sha256()
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "bench.yaml"
        table.write_text(texts[-1], encoding="utf-8")
        commands = [["explain", str(table), "--npc", npc, "--seed", "3"] for npc in ba.NPCS]
        commands.append(["np-turn", str(table), "--seed", "3"])
        commands.append(["np-turn", str(ROOT / "rules" / "positions" / "demo.yaml"), "--seed", "5"])
        for language in ("en", "fr"):
            for json in ([], ["--json"]):
                for command in commands:
                    env = {**os.environ, "LANGUAGE": language, "PYTHONPATH": str(ROOT)}
                    done = subprocess.run([sys.executable, "-m", "solo.cli", *command, *json],
                                          capture_output=True, text=True, env=env, cwd=tmp)
                    out = done.stdout.replace(tmp, "TMP") + done.stderr.replace(tmp, "TMP")
                    digest.update(f"{language} {command[:1]} {json} {done.returncode}\n{out}\n".encode())
    return digest.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-cli", action="store_true", help="the searches only")
    parser.add_argument("--boards", type=int, default=60)
    parser.add_argument("--verbose", action="store_true", help="the time of each search")
    args = parser.parse_args()
    every, outcomes = searches(args.boards, args.verbose)
    print(f"searches {every}\noutcomes {outcomes}", flush=True)
    if not args.no_cli:
        print(f"cli      {command_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
