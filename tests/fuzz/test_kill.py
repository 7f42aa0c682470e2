"""The kill test in CI (issue 15): a ``dt-solo play`` step killed at random moments never loses the game.
The long run is ``python benchmarks/kill.py --count 1000``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from kill import kill_run, leftovers_after_next_save

KILLS = int(os.environ.get("DT_SOLO_KILLS", "6"))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path / "user"))
    return tmp_path


def test_a_killed_step_leaves_the_game_before_or_after(folder: Path) -> None:
    report = kill_run(folder, KILLS, seed=5)
    assert report.failures == []
    assert report.kills == KILLS
    assert set(report.outcomes) <= {"before", "after", "finished"}
    assert report.outcomes["before"] > 0, "some kills land before the file is written"
    assert leftovers_after_next_save(folder) == []
