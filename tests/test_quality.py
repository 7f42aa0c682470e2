"""Code quality gates run with the suite: ruff on the whole tree, mypy --strict on the engine."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff")
    command = (ruff,) if ruff else (sys.executable, "-m", "ruff")
    result = _run(*command, "check", "solo", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_engine() -> None:
    result = _run(sys.executable, "-m", "mypy", "--strict", "solo")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_never_imports_qt() -> None:
    """The rules core stays Qt-free: only solo/ui may import PySide6."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "solo").rglob("*.py")
        if "ui" not in path.relative_to(ROOT / "solo").parts[:1]
        and "PySide6" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []
