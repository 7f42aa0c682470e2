"""A table's columns fit its width: the short columns give up width before it scrolls sideways (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from solo.ui.table_columns import STRETCH_LEAST, ColumnFitter

pytestmark = pytest.mark.gui


def _table(qtbot: Any, width: int, texts: list[str]) -> QTableWidget:
    table = QTableWidget(1, len(texts))
    qtbot.addWidget(table)
    table.setWordWrap(True)
    table.setHorizontalHeaderLabels([f"c{i}" for i in range(len(texts))])
    ColumnFitter(table, stretched=(len(texts) - 1,), fixed={})
    table.resize(width, 200)
    table.show()
    qtbot.waitExposed(table)
    for column, text in enumerate(texts):
        table.setItem(0, column, QTableWidgetItem(text))
    return table


def test_long_short_columns_give_up_width_and_the_long_one_keeps_its_least(qtbot: Any) -> None:
    long_word = "Révéler salle, réalisable : la salle 4 (3 PA, 6 cases)"
    table = _table(qtbot, 420, [long_word, long_word, "Pourquoi"])
    header = table.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(3)]
    assert sum(widths) <= table.viewport().width()
    assert widths[2] >= STRETCH_LEAST - 2  # the stretched column keeps (about) its least width
    assert not table.horizontalScrollBar().isVisible()


def test_short_columns_take_what_they_want_when_there_is_room(qtbot: Any) -> None:
    table = _table(qtbot, 900, ["3", "oui", "Pourquoi"])
    header = table.horizontalHeader()
    assert header.sectionSize(0) >= table.sizeHintForColumn(0)
    assert header.sectionSize(2) > STRETCH_LEAST
