"""``dt-solo simulate``: whole games of a built-in Player against the automaton, and the difficulty report
(issue 17): per level and Vision, wins with a 95 % interval, VP by source, reinforcements, length, the
NPCs that scored most, and the test of the NP's rise from the easiest to the hardest level run.

Progress goes to stderr (games done, elapsed, an estimate of the time left); the report to stdout,
as text or ``--json``. ``--jobs N`` plays the games on N processes: the report is the same.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from solo.cli.words import plain, say
from solo.game.sim_report import LevelReport, group_results, trends
from solo.game.simulate import PLAYERS, default_jobs, run_tasks, tasks_for
from solo.messages import msg, msg_n

VISIONS = {"no": (False,), "yes": (True,), "both": (False, True)}


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"  # SI units: the same in both languages


class ProgressLine:
    """Games done, elapsed and an estimate of the time left, on one line of stderr (a new line every
    tenth of the games when stderr is not a terminal)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.live = self.stream.isatty()
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        left = elapsed / done * (total - done) if done else 0.0
        text = say(msg("games {done}/{total}, {elapsed} elapsed, about {left} left", done=done, total=total,
                       elapsed=_clock(elapsed), left=_clock(left)))
        if self.live:
            self.stream.write("\r" + text + ("\n" if done == total else ""))
            self.stream.flush()
        elif done == total or done * 10 // total > self.shown:
            self.shown = done * 10 // total
            print(text, file=self.stream, flush=True)


def report_json(reports: list[LevelReport], args: argparse.Namespace, seconds: float, cpu: float,
                jobs: int) -> dict[str, Any]:
    return {
        "format": "dt-solo-simulate/2",
        "player": args.player,
        "games_per_level": args.games,
        "first_seed": args.seed_value,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "levels": [r.to_json() for r in reports],
        "trends": [t.to_json() for t in trends(reports)],
    }


def cmd_simulate(args: argparse.Namespace, error: type[Exception]) -> int:
    """Play the games, show progress, print the report; status 1 when a game broke an invariant."""
    from solo.cli.game import parse_difficulty, parse_seed  # the shared argument rules

    if args.games < 1:
        raise error(msg("--games: expected at least 1, got {value}", value=args.games))
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise error(msg("--jobs: expected at least 1, got {value}", value=jobs))
    args.seed_value = parse_seed(args.seed) or 0
    levels = ([parse_difficulty(t) for t in args.difficulty.split(",")] if args.difficulty is not None
              else list(range(1, 7)))
    tasks = tasks_for(levels, args.games, args.seed_value, VISIONS[args.vision], args.player)
    start, cpu = time.monotonic(), time.process_time()
    stop = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())  # Ctrl-C: report the games played
    try:
        results = run_tasks(tasks, jobs, None if args.quiet else ProgressLine(), stop.is_set)
    finally:
        signal.signal(signal.SIGINT, previous)
    seconds = time.monotonic() - start
    cpu_used = time.process_time() - cpu + _children_cpu()
    reports = group_results(results)
    if args.json:
        print(json.dumps(report_json(reports, args, seconds, cpu_used, jobs), indent=2, ensure_ascii=False))
    else:
        first, last = args.seed_value, args.seed_value + args.games - 1
        seeds = (msg("seed {first}", first=first) if first == last
                 else msg("seeds {first} to {last}", first=first, last=last))  # one seed or a range
        print(say(msg("{per_level}, {seeds}, the {player} built-in Player against the automaton ({played} in "
                      "{time} on {processes}, {cpu} of CPU):",
                      per_level=msg_n("{count} game per level", "{count} games per level", count=args.games),
                      seeds=seeds, player=args.player,
                      played=msg_n("{count} game", "{count} games", count=len(results)),
                      time=_clock(seconds), cpu=_clock(cpu_used),
                      processes=msg_n("{count} process", "{count} processes", count=jobs))))
        for report in reports:
            for line in report.lines():
                print("  " + say(line))
        for trend in trends(reports):
            print(say(trend.line()))
    if stop.is_set():
        print(say(msg_n("Interrupted: the report covers the {played} game played of {count}.",
                        "Interrupted: the report covers the {played} games played of {count}.", "played",
                        played=len(results), count=len(tasks))))
    failed = [(r, e) for r in reports for e in r.failures]
    for report, failure in failed:  # with --json they are in the report too: stdout stays JSON
        where = msg("level {level}, Vision", level=report.difficulty) if report.vision else msg(
            "level {level}", level=report.difficulty)
        told = say(msg("{where}, {failure}", where=where, failure=failure))
        print(told, file=sys.stderr if args.json else sys.stdout)
    return 1 if failed else 0


def _children_cpu() -> float:
    """CPU time of the finished worker processes (the games played on ``--jobs``)."""
    try:
        import resource

        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime
    except ImportError:  # pragma: no cover - not on Unix
        return 0.0


def add_simulate_command(sub: Any, run: Callable[[Any], Any], error: type[Exception]) -> None:
    """Register ``dt-solo simulate``; ``run`` wraps it (bad arguments become a message)."""
    simulate = sub.add_parser(
        "simulate",
        help=plain(msg("play whole games, a built-in Player against the automaton, and report how hard "
                     "each level is")),
    )
    simulate.add_argument("--games", type=int, default=20, metavar="N",
                          help=plain(msg("games per level and Vision (default 20)")))
    simulate.add_argument("--difficulty", default=None, metavar="N[,N…]",
                          help=plain(msg("levels, comma-separated (default: all six, 1 pink … 6 black)")))
    simulate.add_argument("--seed", default="0", metavar="S",
                          help=plain(msg("the first game's seed (default 0)")))
    simulate.add_argument("--vision", nargs="?", const="yes", default="no", choices=sorted(VISIONS),
                          help=plain(msg("with the Arch-Mage's Vision: no (default), yes, or both (a "
                                       "report for each)")))
    simulate.add_argument("--player", default="search", choices=PLAYERS,
                          help=plain(msg("the built-in Player: search (plans each turn, default) or "
                                       "simple (issue 4's)")))
    simulate.add_argument("--jobs", type=int, default=None, metavar="N",
                          help=plain(msg("processes playing the games (default: the cores); the report is "
                                       "the same")))
    simulate.add_argument("--quiet", action="store_true", help=plain(msg("no progress on stderr")))
    simulate.add_argument("--json", action="store_true", help=plain(msg("a machine-readable report")))
    simulate.set_defaults(run=run(lambda args: cmd_simulate(args, error)))
