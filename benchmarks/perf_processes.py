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
import tempfile
from pathlib import Path

import interleave

HERE = Path(__file__).resolve().parent

EXPLAIN_RUNS = 15
"""At least this many `dt-solo explain` processes per tree (a process varies by ±10 ms)."""


DEMO = HERE.parent / "rules" / "positions" / "demo.yaml"


def explain_command(tree: Path, position: Path = DEMO) -> list[str]:
    """`dt-solo explain` of Nolock on ``position`` (the demo table), seed 1 (``tree`` on the path)."""
    return [sys.executable, "-m", "solo.cli", "explain", str(position), "--npc", "nolock", "--seed", "1"]


def players_copy(folder: str) -> Path:
    """The demo table as a player's own file: the same table, one comment added, so its text is not a
    bundled file's and is read as any player's position is."""
    copy = Path(folder) / "my-table.yaml"
    copy.write_text(DEMO.read_text(encoding="utf-8") + "# my own table\n", encoding="utf-8")
    return copy


def whole_processes(trees: list[tuple[str, Path]], runs: int,
                    callgrind: bool = False) -> dict[str, dict[str, float]]:
    """`dt-solo explain` on the demo table and on a player's copy of it for each tree, beside the bare
    interpreter (with and without ``site``), every process in turns; byte-code cached, as an installed
    package runs (the first run of each writes it). With ``callgrind``, each process's instructions
    too (once, after)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    processes = interleave.bare_interpreters(HERE.parent, env)
    with tempfile.TemporaryDirectory() as folder:
        own = players_copy(folder)
        for name, tree in trees:
            tree_env = {**env, "PYTHONPATH": str(tree)}
            processes.append(interleave.Process(f"dt-solo explain, {name}", explain_command(tree), tree,
                                                tree_env))
            processes.append(interleave.Process(f"dt-solo explain (own file), {name}",
                                                explain_command(tree, own), tree, tree_env))
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
