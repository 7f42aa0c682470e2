"""Whole processes for ``bench_perf.py``: `dt-solo explain` on the demo table beside the bare
interpreter, each tree's in turns (``interleave.py``), and the tree of another commit to measure.

A whole process is what a player waits for at the command line: the interpreter's start, this
machine's ``site`` (its ``.pth`` files), our modules loading and the command itself. Each process's
CPU time comes from the kernel (``interleave.Process``); ``--callgrind`` counts its instructions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import interleave

HERE = Path(__file__).resolve().parent

EXPLAIN_RUNS = 15
"""At least this many `dt-solo explain` processes per tree (a process varies by ±10 ms)."""


def explain_command(tree: Path) -> list[str]:
    """`dt-solo explain` of Nolock on the demo table, seed 1 (run with ``tree`` on the path)."""
    position = HERE.parent / "rules" / "positions" / "demo.yaml"
    return [sys.executable, "-m", "solo.cli", "explain", str(position), "--npc", "nolock", "--seed", "1"]


def whole_processes(trees: list[tuple[str, Path]], runs: int,
                    callgrind: bool = False) -> dict[str, dict[str, float]]:
    """`dt-solo explain` on the demo table for each tree, beside the bare interpreter (with and
    without ``site``), every process in turns; byte-code cached, as an installed package runs (the
    first run of each writes it). With ``callgrind``, each process's instructions too (once, after)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    processes = interleave.bare_interpreters(HERE.parent, env)
    for name, tree in trees:
        processes.append(interleave.Process(f"dt-solo explain, {name}", explain_command(tree), tree,
                                            {**env, "PYTHONPATH": str(tree)}))
    rows = interleave.processes_in_turns(processes, max(runs, EXPLAIN_RUNS))
    if callgrind:
        for process in processes:
            count = interleave.instructions(process)
            if count is not None:
                rows[process.name]["instructions"] = float(count)
    return rows


def tree_archive(ref: str, tmp: str) -> Path:
    """The tree of ``ref``, a git archive extracted in ``tmp``/tree."""
    root = HERE.parent
    archive = Path(tmp) / "tree.tar"
    subprocess.run(["git", "-C", str(root), "archive", "-o", str(archive), ref], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(Path(tmp) / "tree", filter="data")
    return Path(tmp) / "tree"
