"""The command line's start (issue 16 item 6): modules loaded with the cycle collector off, and the
collector as it was afterwards."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from solo.collector import no_cycle_collection


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_is_off_while_loading_and_as_it_was_after(was_on: bool) -> None:
    (gc.enable if was_on else gc.disable)()
    try:
        with no_cycle_collection(promote=True):  # as solo.cli.start loads the modules
            inside = gc.isenabled()
        assert (inside, gc.isenabled(), gc.get_freeze_count()) == (False, was_on, 0)
    finally:
        gc.enable()


def test_the_command_runs_through_its_start() -> None:
    done = subprocess.run([sys.executable, "-m", "solo.cli", "--lang", "en", "explain", "--help"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "--npc" in done.stdout
