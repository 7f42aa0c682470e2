"""The text of a dataclass for people (its ``repr``), written once for every dataclass of the engine.

``dataclasses`` generates each method a class asks for, and Python 3.11 compiles each on its own:
about half a million instructions a method, a fifth of what `dt-solo explain` spends starting up.
The ``repr`` is only ever read by people (a failing test, a debugger, Hypothesis's examples), never by
the engine, so the engine's dataclasses say ``repr=False`` and inherit this one (issue 16 item 6).
It gives the very text ``dataclasses`` would: ``Name(field=value, …)`` over the fields shown
(``field(repr=False)`` leaves one out), and ``...`` for a value that contains itself.
"""

from __future__ import annotations

import reprlib
from dataclasses import fields


class Record:
    """A dataclass's ``repr`` for ``@dataclass(repr=False)`` classes, the same as the generated one."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)  # type: ignore[arg-type]
        return f"{self.__class__.__qualname__}({shown})"
