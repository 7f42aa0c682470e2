"""The long fuzz run (issue 15): COUNT fresh mutants of every file format through the loaders and commands.

    python benchmarks/fuzz.py --count 10000            # spread over positions, rooms, cards and games
    python benchmarks/fuzz.py --count 200 --seed 7 --keep   # findings kept in tests/fuzz/regressions/

Each mutant is fed in process to its loader and to the commands that consume it (tests/fuzz/harness.py);
an outcome is accepted, a clean message, or a finding: a traceback, a hang (past --timeout seconds), a
crash (MemoryError, RecursionError; memory is capped at --memory-gb), a huge message, or a silent
refusal. The figures are printed per format; the exit code is 1 when anything was found.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

from harness import FORMATS, keep_regression, mutate, run_mutant, seed_texts  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="how many mutants in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds one command may run")
    parser.add_argument("--memory-gb", type=float, default=3.0)
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--keep", action="store_true", help="keep every finding as a regression case")
    args = parser.parse_args(argv)
    limit = int(args.memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    formats = args.formats.split(",")
    seeds = seed_texts()
    rng = random.Random(args.seed)
    tally: dict[str, Counter[str]] = {fmt: Counter() for fmt in formats}
    findings: list[str] = []
    slowest = (0.0, "")
    start = time.perf_counter()
    for number in range(args.count):
        fmt = formats[number % len(formats)]
        text, how = mutate(rng, fmt, rng.choice(seeds[fmt]))
        work = Path(tempfile.mkdtemp(prefix="dt-solo-fuzz-"))
        began = time.perf_counter()
        try:
            outcomes = run_mutant(fmt, text, work, rng, args.timeout)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        took = time.perf_counter() - began
        slowest = max(slowest, (took, f"{fmt} #{number} ({how})"))
        found = [o for o in outcomes if o.finding]
        tally[fmt]["mutants"] += 1
        tally[fmt]["with findings" if found else "clean"] += 1
        for outcome in outcomes:
            tally[fmt][outcome.kind] += 1
        if found:
            kept = keep_regression(fmt, text) if args.keep else None
            for outcome in found:
                findings.append(f"{fmt} #{number} ({how}) {outcome.consumer}: {outcome.kind}: "
                                f"{outcome.detail}" + (f" -> {kept.name}" if kept else ""))
                print(findings[-1], flush=True)
        if (number + 1) % 500 == 0:
            print(f"... {number + 1} mutants, {len(findings)} findings, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"\n{args.count} mutants (seed {args.seed}) in {elapsed:.0f} s; slowest {slowest[0]:.1f} s: "
          f"{slowest[1]}")
    for fmt, counts in tally.items():
        print(f"  {fmt:9} " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"findings: {len(findings)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
