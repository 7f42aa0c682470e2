"""Issue 16's benchmark runs on this tree: the NP turn split counts its searches, none of which
repeats an earlier one on an unchanged table (the per-table cache catches them), and the geometry
case times a room turned beside a rebuild. Figures are not judged here; the counts are."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import json, sys
sys.path.insert(0, "benchmarks")
import bench_perf as bp
import bench_automaton as ba
from solo.content.cards import load_card_library
from solo.content.rooms import load_library
demo = ba.build_position(load_library(ba.RULES_DIR / "rooms", bp.HERE / "_no_user_dir" / "rooms"))
split = bp.turn_split(demo, load_card_library(), 1)
print(json.dumps({"split": split, "geometry": bp.geometry_case(demo, 1)}))
"""


def test_the_np_turn_split_and_the_geometry_case_run() -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                            check=False, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(result.stdout)
    split = figures["split"]
    assert split["searches"] >= 10  # 12 NPCs, most search at least once
    assert split["repeats"] == 0  # no search repeats an earlier one on the same table
    assert split["relaxed"] >= 1  # the demo turn approaches a default objective
    assert abs(split["searches_ms"] + split["outside_ms"] - split["turn"]) < 1e-6
    assert figures["geometry"]["rotation"] > 0 and figures["geometry"]["rebuild"] > 0
