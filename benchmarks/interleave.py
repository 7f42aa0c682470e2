"""Two trees measured in turns (issue 16: benchmarks worth reading at a few milliseconds).

At a few milliseconds this machine's noise (other processes on two shared cores) is ±20 % or more
from one minute to the next, so measuring one tree whole and then the other compares two moments,
not two trees. Here every case runs in a fresh child process per tree, the trees taking turns case by
case (their order swapped every round), for several rounds; each figure is then given as the median
and the minimum over the rounds, per tree. Whole processes (``dt-solo explain`` and the bare
interpreter) are timed the same way, process by process.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Figures = dict[str, Any]


@dataclass
class Tree:
    """A checkout of the package measured: its name in the table and its folder."""

    name: str
    folder: Path
    rounds: list[Figures] = field(default_factory=list)


def child_figures(script: Path, tree: Tree, case: str, repetitions: int) -> Figures:
    """One case's figures for ``tree``, by ``script --json --case`` in a child process."""
    env = {**os.environ, "PYTHONPATH": str(tree.folder)}
    out = subprocess.run([sys.executable, str(script), "--json", "--case", case, "--repetitions",
                          str(repetitions)], env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"the tree of {tree.name} could not be measured ({case}):\n{out.stderr[-2000:]}")
    figures: Figures = json.loads(out.stdout)
    return figures


def interleaved(script: Path, trees: Sequence[Tree], cases: Sequence[str], rounds: int,
                repetitions: int, progress: Callable[[str], None] | None = None) -> None:
    """Each case for each tree in its own child process, the trees in turns, ``rounds`` times; each
    tree's ``rounds`` gets one figures document per round."""
    for number in range(rounds):
        order = list(trees) if number % 2 == 0 else list(reversed(trees))
        documents: dict[str, Figures] = {tree.name: {} for tree in trees}
        for case in cases:
            for tree in order:
                documents[tree.name].update(child_figures(script, tree, case, repetitions))
        for tree in trees:
            tree.rounds.append(documents[tree.name])
        if progress is not None:
            progress(f"round {number + 1}/{rounds} done")


def combine(documents: Sequence[Any], how: Callable[[list[float]], float]) -> Any:
    """The documents' figures combined number by number (``how``: median, min); keys of the first."""
    first = documents[0]
    if isinstance(first, dict):
        return {key: combine([d[key] for d in documents if key in d], how) for key in first}
    if isinstance(first, bool) or not isinstance(first, int | float):
        return first
    return how([float(d) for d in documents])


def median(values: list[float]) -> float:
    return float(statistics.median(values))


def minimum(values: list[float]) -> float:
    return float(min(values))


@dataclass
class Process:
    """A whole process timed again and again: CPU (user + system, from the kernel) and wall ms."""

    name: str
    command: list[str]
    cwd: Path
    env: dict[str, str]
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)

    def run(self, keep: bool) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(self.command, cwd=self.cwd, env=self.env, capture_output=True, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if keep:
            self.cpu.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
            self.wall.append(wall * 1000)

    def summary(self) -> dict[str, float]:
        return {"cpu": median(self.cpu), "cpu_min": minimum(self.cpu), "wall": median(self.wall),
                "wall_min": minimum(self.wall), "runs": float(len(self.cpu))}


def processes_in_turns(processes: Sequence[Process], runs: int) -> dict[str, dict[str, float]]:
    """Every process once per run, in turns (order swapped every run), after one run each not kept
    (it writes the byte-code)."""
    for number in range(runs + 1):
        for process in processes if number % 2 == 0 else list(reversed(processes)):
            process.run(keep=number > 0)
    return {process.name: process.summary() for process in processes}


def bare_interpreters(cwd: Path, env: dict[str, str]) -> list[Process]:
    """The interpreter alone, with and without ``site`` (what every Python process pays here)."""
    return [Process("python -S -c pass", [sys.executable, "-S", "-c", "pass"], cwd, env),
            Process("python -c pass", [sys.executable, "-c", "pass"], cwd, env)]


def instructions(process: Process) -> int | None:
    """The instructions ``process`` runs, counted by valgrind's callgrind with a fixed hash seed (the
    same count run after run, whatever the load); None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
                              *process.command], cwd=process.cwd, env={**process.env, "PYTHONHASHSEED": "0"},
                             capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", out.stderr)
    return int(found.group(1)) if found else None
