"""The kill test (issue 15): a ``dt-solo play`` step killed (SIGKILL) at random moments; the game file
must always be exactly the game before the step or after it, and readable.

The step runs in a forked child (``solo.cli.parser.main`` in process, so a kill costs no interpreter
start); the parent kills it after a random delay, half of them spread over the whole step and half
over its end, where the file is written. Used by ``tests/fuzz/test_kill.py`` (a few kills) and
``benchmarks/kill.py --count N``.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from solo.cli.parser import main
from solo.errors import DataError
from solo.game.saves import checkpoint, load_game, save_game
from solo.game.setup import new_game

STEP = ["end-turn"]
"""The step killed: the end of the Player's turn, then the NP's whole turn, then the save."""


def prepare(folder: Path, seed: int = 8, history: int = 50) -> Path:
    """A game at the end of the Player's first turn, with a full undo history (a big file to write)."""
    game = new_game(3, seed=seed)
    for _ in range(history):
        checkpoint(game)
    return save_game(game, folder / "game.yaml")


def _run_step(path: Path) -> int:
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        return main(["play", str(path), *STEP])


def _child(path: Path) -> int:
    """Fork a child playing the step; returns its pid."""
    pid = os.fork()
    if pid == 0:  # the child: play, then leave without any of the parent's clean-up
        code = 1
        try:
            code = _run_step(path)
        finally:
            os._exit(code)
    return pid


@dataclass
class KillReport:
    kills: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    """``before`` (the step never reached the file), ``after`` (it did), ``finished`` (the child ended
    before the kill), and the failures: ``other`` (a third file), ``unreadable``."""
    leftovers: int = 0
    """Kills that left a temporary file beside the game (deleted by the next save)."""
    failures: list[str] = field(default_factory=list)
    step_seconds: float = 0.0


def kill_run(folder: Path, count: int, seed: int = 1) -> KillReport:
    """Kill the step ``count`` times; every file left must be the one before or the one after."""
    path = prepare(folder)
    before = path.read_bytes()
    start = time.perf_counter()
    if _run_step(path) != 0:
        raise RuntimeError("the step itself fails: nothing to kill")
    report = KillReport(step_seconds=time.perf_counter() - start)
    after = path.read_bytes()
    rng = random.Random(seed)
    for _ in range(count):
        path.write_bytes(before)
        span = report.step_seconds
        delay = rng.uniform(0, span * 1.1) if rng.random() < 0.5 else rng.uniform(span * 0.7, span * 1.1)
        pid = _child(path)
        time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status)
        report.kills += 1
        now = path.read_bytes()
        state = "before" if now == before else "after" if now == after else "other"
        if not killed:
            state = "finished" if state == "after" else state
        report.outcomes[state] += 1
        try:
            load_game(path)
        except DataError as exc:
            report.outcomes["unreadable"] += 1
            report.failures.append(f"kill after {delay:.3f} s: unreadable: {str(exc)[:200]}")
        if state == "other":
            report.failures.append(f"kill after {delay:.3f} s: the file is neither before nor after")
        report.leftovers += bool(list(folder.glob(".game.yaml.*.tmp")))
    return report


def leftovers_after_next_save(folder: Path) -> list[Path]:
    """Play the step once more, unkilled: the temporary files of the killed saves must be gone."""
    path = folder / "game.yaml"
    _run_step(path)
    return list(folder.glob(".game.yaml.*.tmp"))
