"""The game log panel follows the game, undo included, and exports Markdown (issue 5 item 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.ui.log_panel import LogPanel
from solo.ui.model import GameModel


def test_log_follows_edits_steps_and_undo(model: GameModel, qtbot: Any, tmp_path: Path) -> None:
    panel = LogPanel(model)
    qtbot.addWidget(panel)
    start = panel.events.count()
    assert start == len(model.game.log)
    model.edit("Note", lambda g: g.record("note", "the player moved a figure"))
    assert panel.events.count() == start + 1
    assert panel.events.item(start).text().endswith("the player moved a figure")
    model.undo_stack.undo()
    assert panel.events.count() == start
    exported = panel.export(tmp_path / "log.md")
    assert exported.read_text(encoding="utf-8").count("\n1. ") == (1 if start else 0)
