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


COUNTED = """
import gc, sys
import solo.cli.start as start
collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info["generation"]))
def end_now(status):
    print("END", status, gc.isenabled(), len(collections))
    sys.stdout.flush()
start.end_now = end_now
sys.argv = ["dt-solo", *sys.argv[1:]]
print("RETURNED", start.main(), gc.isenabled())
"""


@pytest.mark.parametrize("command", [["explain", "--npc", "nolock"], ["check"]])
def test_a_command_on_a_position_runs_and_ends_with_the_collector_paused(command: list[str]) -> None:
    # No collection from the start to the end of the process (the imports' period promotes what it
    # made, then the command runs paused); the collector is as it was once the command has returned.
    from solo.locations import RULES_DIR

    demo = str(RULES_DIR / "positions" / "demo.yaml")
    done = subprocess.run([sys.executable, "-c", COUNTED, command[0], demo, *command[1:]],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.strip().splitlines()
    assert lines[-2:] == ["END 0 False 1", "RETURNED 0 True"]  # the one: promote's own, at the start
