"""The PySide6 6.12 reference-count workaround keeps a long session alive (solo/ui/_immortal.py)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel


class _Emitter(QObject):
    number = Signal(int)


def test_many_qt_calls_and_signals_do_not_abort_python(qtbot: Any) -> None:
    # Without the workaround, a few thousand of these abort the interpreter (none_dealloc, bool_dealloc).
    label = QLabel()
    qtbot.addWidget(label)
    emitter = _Emitter()
    seen: list[int] = []
    emitter.number.connect(seen.append)
    for n in range(20_000):
        label.setText(str(n))
        emitter.number.emit(n)
    assert label.text() == "19999" and len(seen) == 20_000
