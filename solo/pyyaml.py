"""PyYAML, imported once for the whole program with its patterns compiled at their first use.

PyYAML compiles every regular expression of its modules when it loads (~11 ms for the first two
below, the resolver's eight ~8 M instructions more: issue 16 item 6). They serve what the program
seldom runs: the pure-Python reader's test for unprintable characters (only the fallback parser reads
with it: libyaml checks the characters itself), the timestamp constructor (no file of the program
holds a date), and the resolver's tests of a plain scalar's type, which the program's loaders answer
without them for nearly every scalar they read (``solo.yaml_parse.plain_tag``). So each is compiled when
first used. Every module takes ``yaml`` from here, so that PyYAML is never loaded first elsewhere
with them all compiled at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["CompiledWhenUsed", "yaml"]


class CompiledWhenUsed:
    """A regular expression compiled at its first use, then that compiled expression (each attribute
    asked is kept, so that ``match`` costs one look-up after the first)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._pattern, self._flags = pattern, flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        found = getattr(self._compiled, name)
        setattr(self, name, found)
        return found


@contextmanager
def _patterns_deferred() -> Iterator[None]:
    """Meanwhile (PyYAML loading) every pattern is compiled when first used, not now."""
    compile_now = re.compile

    def compile_later(pattern: Any, flags: Any = 0) -> Any:
        if isinstance(pattern, str):
            return CompiledWhenUsed(pattern, flags)
        return compile_now(pattern, flags)

    setattr(re, "compile", compile_later)  # noqa: B010 - mypy refuses assigning a module's function
    try:
        yield
    finally:
        setattr(re, "compile", compile_now)  # noqa: B010


with _patterns_deferred():
    import yaml
