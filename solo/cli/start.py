"""The ``dt-solo`` process's start: the command line's modules loaded at the least cost (issue 16 item 6).

While the modules load, the cycle collector would walk their fresh objects again and again, then once
more at the first collection after: it is off meanwhile, and what was made is moved to the oldest
generation unwalked, as a search does on leaving ``solo.table.marks.no_cycle_collection``. PyYAML is
loaded first, through ``solo.yamlio``, so its pure reader's pattern is compiled only if used.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_collection_while_loading() -> Iterator[None]:
    """No cycle collection meanwhile; what was made meanwhile goes to the oldest generation unwalked."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if was_on:
            gc.enable()


def main() -> int:
    """The ``dt-solo`` command (the console script and ``python -m solo.cli``)."""
    with no_collection_while_loading():
        import solo.yamlio  # noqa: F401 - first: PyYAML loads without compiling its pure reader's pattern
        from solo.cli.parser import main as run
    return run()
