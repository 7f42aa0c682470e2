"""The long kill run (issue 15): a ``dt-solo play`` step killed COUNT times at random moments.

    python benchmarks/kill.py --count 1000

Every kill must leave the game file exactly as it was before the step or after it, and readable; the
temporary files killed saves leave must be gone after the next save. Exit code 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))
os.environ["DT_SOLO_USER_DIR"] = str(ROOT / "benchmarks" / "_no_user_dir")

from kill import kill_run, leftovers_after_next_save  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dt-solo-kill-") as name:
        folder = Path(name)
        report = kill_run(folder, args.count, args.seed)
        left = leftovers_after_next_save(folder)
    print(f"{report.kills} kills of `dt-solo play GAME end-turn` (one step {report.step_seconds:.2f} s) "
          f"in {time.perf_counter() - start:.0f} s")
    print("  " + ", ".join(f"{k} {v}" for k, v in sorted(report.outcomes.items())))
    print(f"  kills that left a temporary file: {report.leftovers}; left after the next save: {len(left)}")
    for failure in report.failures:
        print(f"  FAILED: {failure}")
    return 1 if report.failures or left else 0


if __name__ == "__main__":
    sys.exit(main())
