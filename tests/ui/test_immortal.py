"""The PySide6 6.12 reference-count workaround keeps a long session alive (solo/ui/_immortal.py).

The stress runs in a child process: 20,000 Qt calls and signals are far more than a test needs, and
PySide6 6.12 has other bookkeeping faults under such a load that must not leak into the suite."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

STRESS = textwrap.dedent(
    """
    import solo.ui  # the workaround, before any Qt call
    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QApplication, QLabel

    class Emitter(QObject):
        number = Signal(int)

    app = QApplication([])
    label = QLabel()
    emitter = Emitter()
    seen = []
    emitter.number.connect(seen.append)
    for n in range(20_000):
        label.setText(str(n))
        emitter.number.emit(n)
    assert label.text() == "19999" and len(seen) == 20_000
    print("alive")
    """
)


def test_many_qt_calls_and_signals_do_not_abort_python() -> None:
    # Without the workaround, a few thousand of these abort the interpreter (none_dealloc, bool_dealloc).
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", STRESS], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("alive")
