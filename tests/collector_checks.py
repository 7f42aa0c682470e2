"""What the tests of the cycle collector's periods share (``solo.collector``): garbage only the
collector frees, where an object stands among its generations, the collector on or off."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


class Cycle:
    """An object in a reference cycle with itself: garbage only the cycle collector frees."""

    def __init__(self) -> None:
        self.me: Cycle | None = self


def young(obj: object) -> bool:
    """Whether ``obj`` is in one of the young generations (0 or 1) of the cycle collector."""
    return any(o is obj for gen in (0, 1) for o in gc.get_objects(generation=gen))


@pytest.fixture
def collector_on() -> Iterator[None]:
    """The collector on for the test, as it was after."""
    enabled = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if not enabled:
            gc.disable()


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The collector off, and the cyclic garbage made before the test collected."""
    enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
