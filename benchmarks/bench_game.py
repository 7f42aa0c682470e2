"""Benchmark of a whole simulated solo game (issue 4: median under 3 s).

    python benchmarks/bench_game.py            # 10 games (seeds 0-9) at each of the 6 levels
    python benchmarks/bench_game.py --quick    # 2 games per level

Each game: set-up, then Player turns (the built-in strategy of solo.game.autoplay) and NP turns (the
automaton with the game's bag, teleport dice, combat decks and reinforcements) until 5 VP or 40
turns, every step checked (legal table, tokens conserved, VP earned), as `dt-solo simulate` plays it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["DT_SOLO_USER_DIR"] = str(ROOT / "benchmarks" / "_no_user_dir")

from solo.game.simulate import play_game  # noqa: E402

TARGET_S = 3.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=10, help="games per level")
    args = parser.parse_args(argv)
    games = 2 if args.quick else args.games
    times: list[float] = []
    print(f"{'level':>5} {'median s':>9} {'max s':>7} {'median turns':>13}")
    for level in range(1, 7):
        level_times, turns = [], []
        for seed in range(games):
            start = time.perf_counter()
            result, _ = play_game(level, seed)
            level_times.append(time.perf_counter() - start)
            turns.append(result.turns)
        times += level_times
        print(f"{level:>5} {statistics.median(level_times):>9.2f} {max(level_times):>7.2f} "
              f"{statistics.median(turns):>13}")
    median = statistics.median(times)
    print(f"one complete game: median {median:.2f} s over {len(times)} games (target {TARGET_S:.0f} s): "
          f"{'OK' if median < TARGET_S else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
