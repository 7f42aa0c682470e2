"""A table whose columns always fit its width (issue 12: the French objectives table scrolled sideways).

The short columns take the width their contents want; the long-text columns (``stretched``) share what
is left; when that is less than ``STRETCH_LEAST`` each, the short columns give up width in proportion
and their texts wrap. A sideways scrollbar appears only when even the headers cannot fit.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHeaderView, QTableWidget
from shiboken6 import isValid

STRETCH_LEAST = 140
"""The least width of a long-text column (``Why``, ``Step``) before the short ones give up width."""
SHORT_LEAST = 36
"""The least width of a short column (a rank, a number) when it gives up width."""


class ColumnFitter(QObject):
    """Keeps ``table``'s columns inside its width (refit on every resize and every change of rows)."""

    def __init__(self, table: QTableWidget, stretched: tuple[int, ...], fixed: dict[int, int]) -> None:
        super().__init__(table)
        self.table, self.stretched, self.fixed = table, stretched, dict(fixed)
        header = table.horizontalHeader()
        for column in range(table.columnCount()):
            mode = QHeaderView.ResizeMode.Interactive
            if column in stretched or column in fixed:
                mode = QHeaderView.ResizeMode.Stretch if column in stretched else QHeaderView.ResizeMode.Fixed
            header.setSectionResizeMode(column, mode)
            if column in fixed:
                header.resizeSection(column, fixed[column])
        table.viewport().installEventFilter(self)
        model = table.model()
        model.rowsInserted.connect(self.fit)
        model.dataChanged.connect(self.fit)
        model.modelReset.connect(self.fit)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def wanted(self) -> dict[int, int]:
        """The width each short column's contents and header want."""
        header = self.table.horizontalHeader()
        return {column: max(self.table.sizeHintForColumn(column), header.sectionSizeHint(column))
                for column in range(self.table.columnCount())
                if column not in self.stretched and column not in self.fixed}

    def fit(self, *_: object) -> None:
        """Give each short column what it wants, or its share when the long ones would get too little."""
        if not isValid(self.table):  # the table's model tells its end while the table is being deleted
            return
        wanted = self.wanted()
        room = self.table.viewport().width() - sum(self.fixed.values()) - STRETCH_LEAST * len(self.stretched)
        total = sum(wanted.values())
        if total > room > 0:
            share = room / total
            wanted = {column: max(SHORT_LEAST, int(width * share)) for column, width in wanted.items()}
        header = self.table.horizontalHeader()
        for column, width in wanted.items():
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        self.table.resizeRowsToContents()
