"""The ``dt-solo`` process's start: the command line's modules loaded at the least cost (issue 16 item 6).

While the modules load, the cycle collector would walk their fresh objects again and again, then once
more at the first collection after: it is paused meanwhile, and what was made is moved to the oldest
generation unwalked (``solo.collector.no_cycle_collection``, as a search's own period). Whichever
module loads PyYAML, it is loaded through ``solo.pyyaml``, its patterns compiled only if used.

A command on a position file (``explain``, ``check``…) ends the process as soon as its output is
flushed: the interpreter's own end would free every object and module one by one (about 40 M
instructions, a tenth of an ``explain``) for a process that holds no open file and nothing to save.
Such a command also runs with the collector paused (~5 M instructions of an ``explain``): its young
objects would be walked again and again for a process about to end, and the engine makes no cyclic
garbage (``tests/table/test_cycle_collection.py``).
"""

from __future__ import annotations

import os
import sys

from solo.collector import no_cycle_collection


def main() -> int:
    """The ``dt-solo`` command (the console script and ``python -m solo.cli``)."""
    with no_cycle_collection(promote=True):
        from solo.cli.parser import main as run
        from solo.cli.parser import reads_only
    if not reads_only(sys.argv[1:]):
        return run()
    with no_cycle_collection():  # the process ends as the command does: nothing would be collected for long
        status = run()
        end_now(status)
    return status


def end_now(status: int) -> None:
    """End the process with ``status`` once what it printed is written; if that fails (a closed
    pipe), return and let the interpreter's own end report it as it would."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(status)
