"""Running the command line in a test: its exit status and what it printed, never a traceback."""

from __future__ import annotations

import pytest

from solo.cli.parser import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``dt-solo ARGV``: exit status, standard output and standard error (no traceback in either)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err
