"""Benchmark of the difficulty report (issue 17 goal: 200 games per level, 1,200 in all, under 10 min on
2 cores), and of its parallel run (issue 16 item 5: the same report on 1 or N processes).

    python benchmarks/bench_simulate.py                  # 200 games a level, --jobs = the cores
    python benchmarks/bench_simulate.py --games 10       # a quick look
    python benchmarks/bench_simulate.py --player simple  # issue 4's Player on the same seeds

Prints the wall time, the CPU time of this process and its workers (on a shared machine the wall time
depends on the load: the CPU time tells what the games cost), the projection to 1,200 games on 2
free cores, and the report's headline per level.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["DT_SOLO_USER_DIR"] = str(ROOT / "benchmarks" / "_no_user_dir")

from solo.game.sim_report import group_results, trends  # noqa: E402
from solo.game.simulate import PLAYERS, default_jobs, run_tasks, tasks_for  # noqa: E402
from solo.i18n import render  # noqa: E402

TARGET_S = 600.0
GOAL_GAMES = 1200


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per level")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--player", default="search", choices=PLAYERS)
    args = parser.parse_args(argv)
    tasks = tasks_for(list(range(1, 7)), args.games, 0, (False,), args.player)
    start, cpu = time.perf_counter(), _cpu()
    results = run_tasks(tasks, args.jobs)
    wall, used = time.perf_counter() - start, _cpu() - cpu
    reports = group_results(results)
    for report in reports:
        print(render(report.lines()[0], "en"))
    for trend in trends(reports):
        print(render(trend.line(), "en"))
    projected = used / len(tasks) * GOAL_GAMES / 2
    print(f"{len(tasks)} games on {args.jobs} processes: {wall:.0f} s wall, {used:.0f} s CPU "
          f"({used / len(tasks):.2f} s a game, load average {os.getloadavg()[0]:.1f}); "
          f"{GOAL_GAMES} games on 2 free cores: about {projected:.0f} s (target {TARGET_S:.0f} s): "
          f"{'OK' if projected < TARGET_S else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
