"""The ``dt-solo`` process's start: the command line's modules loaded at the least cost (issue 16 item 6).

While the modules load, the cycle collector would walk their fresh objects again and again, then once
more at the first collection after: it is paused meanwhile, and what was made is moved to the oldest
generation unwalked (``solo.collector.no_cycle_collection``, as a search's own period). PyYAML is
loaded first, through ``solo.yamlio``, so its pure reader's pattern is compiled only if used.
"""

from __future__ import annotations

from solo.collector import no_cycle_collection


def main() -> int:
    """The ``dt-solo`` command (the console script and ``python -m solo.cli``)."""
    with no_cycle_collection(promote=True):
        import solo.yamlio  # noqa: F401 - first: PyYAML loads without compiling its pure reader's pattern
        from solo.cli.parser import main as run
    return run()
