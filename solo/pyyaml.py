"""PyYAML, imported once for the whole program with two patterns compiled at their first use.

PyYAML compiles every regular expression of its modules when it loads. Two of them serve only what
the program seldom runs: the pure-Python reader's test for unprintable characters (only the fallback
parser reads with it: libyaml checks the characters itself) and the timestamp constructor (no file of
the program holds a date). Compiling them costs ~11 ms, most of a ``dt-solo explain``'s reading
(issue 16 item 6). Every module takes ``yaml`` from here, so that PyYAML is never loaded first
elsewhere with both compiled at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["DEFERRED_PATTERNS", "PURE_READER_PATTERN", "TIMESTAMP_PATTERN", "CompiledWhenUsed", "yaml"]

PURE_READER_PATTERN = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
"""PyYAML's own reader's test for unprintable characters (``yaml.reader.Reader.NON_PRINTABLE``)."""

TIMESTAMP_PATTERN = r"""^(?P<year>[0-9][0-9][0-9][0-9])
                -(?P<month>[0-9][0-9]?)
                -(?P<day>[0-9][0-9]?)
                (?:(?:[Tt]|[ \t]+)
                (?P<hour>[0-9][0-9]?)
                :(?P<minute>[0-9][0-9])
                :(?P<second>[0-9][0-9])
                (?:\.(?P<fraction>[0-9]*))?
                (?:[ \t]*(?P<tz>Z|(?P<tz_sign>[-+])(?P<tz_hour>[0-9][0-9]?)
                (?::(?P<tz_minute>[0-9][0-9]))?))?)?$"""
"""PyYAML's safe constructor's date pattern (``yaml.constructor.SafeConstructor.timestamp_regexp``),
letter for letter: another text is compiled at once, as PyYAML wrote it."""

DEFERRED_PATTERNS = {PURE_READER_PATTERN: 0, TIMESTAMP_PATTERN: re.X}
"""Each deferred pattern with its flags."""


class CompiledWhenUsed:
    """A regular expression compiled at its first use, then that compiled expression."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._pattern, self._flags = pattern, flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        return getattr(self._compiled, name)


@contextmanager
def _patterns_deferred() -> Iterator[None]:
    """Meanwhile (PyYAML loading) the deferred patterns are compiled when first used, not now."""
    compile_now = re.compile

    def compile_later(pattern: Any, flags: Any = 0) -> Any:
        if isinstance(pattern, str) and DEFERRED_PATTERNS.get(pattern) == flags:
            return CompiledWhenUsed(pattern, flags)
        return compile_now(pattern, flags)

    setattr(re, "compile", compile_later)  # noqa: B010 - mypy refuses assigning a module's function
    try:
        yield
    finally:
        setattr(re, "compile", compile_now)  # noqa: B010


with _patterns_deferred():
    import yaml
