"""The cycle collector paused while the engine makes many young objects and no cyclic garbage: a
search, a turn, the command line's modules loading."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection(promote: bool = False) -> Iterator[None]:
    """The cycle collector kept off while a search or a turn runs: they make no cyclic garbage, only
    many young objects that each collection would walk again.

    On leaving, the next allocation runs one generation-0 collection over what the period made and
    still holds (1-3 ms after a turn). ``gc.freeze(); gc.unfreeze()`` would skip that walk, but it
    also moves the *rest* of the process's young garbage to the oldest generation: in the app's test
    process, Qt widgets' cycles then outlived their QApplication and the interpreter crashed at exit
    (a segmentation fault after 2,066 passing tests). With ``promote`` (a search's or a turn's own
    period), the young generations are collected on entering, so that on leaving they hold only what
    the period made, and that is moved to the oldest generation unwalked; only when the collector was
    on (not inside another period, a search inside a turn's) and no other Python thread runs (the
    app's simulation thread could make young garbage meanwhile). A search and a turn must still make
    no cyclic garbage (``tests/table/test_cycle_collection.py``)."""
    enabled = gc.isenabled()
    promoted = enabled and promote and len(sys._current_frames()) == 1
    if promoted:
        gc.collect(1)
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if promoted:
                gc.freeze()
                gc.unfreeze()
            gc.enable()
