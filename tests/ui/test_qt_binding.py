"""The installed PySide6 survives a long session: thousands of void calls and signal emits.

PySide6 6.12.0 on Python 3.11 drops a reference to ``None`` on each Qt call that returns nothing and
to ``True`` on each emit, and aborts the interpreter after a few thousand (``none_dealloc``,
``bool_dealloc``); pyproject.toml excludes it. This test fails on such a binding. It runs in a child
process so that an abort fails the test instead of the suite. ``python tests/ui/test_qt_binding.py N``
runs N rounds by hand (use 200000 to check a new release).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

STRESS = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QApplication, QLabel

    class Emitter(QObject):
        number = Signal(int)
        flag = Signal(bool)

    app = QApplication([])
    label = QLabel()
    emitter = Emitter()
    seen = []
    flags = []
    emitter.number.connect(seen.append)
    emitter.flag.connect(flags.append)
    rounds = int(sys.argv[1])
    for n in range(rounds):
        label.setText(str(n))
        label.show()
        label.hide()
        emitter.number.emit(n)
        emitter.flag.emit(True)
    assert label.text() == str(rounds - 1) and len(seen) == rounds and all(flags)
    print("alive", rounds)
    """
)


def run_stress(rounds: int) -> subprocess.CompletedProcess[str]:
    """Run the stress in a child Python with the offscreen platform."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-c", STRESS, str(rounds)], env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_many_void_calls_and_emits_do_not_abort_python() -> None:
    # 6.12.0 aborted after ~590 emits of True and ~5,200 void calls; 20,000 rounds are 80,000 calls.
    done = run_stress(20_000)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "alive 20000"


if __name__ == "__main__":
    result = run_stress(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
    print(result.stdout or result.stderr[-2000:])
    sys.exit(result.returncode)
