"""A library's regular expressions compiled at their first use, not when it loads (issue 16 item 6).

PyYAML (``solo.pyyaml``) and platformdirs (``solo.locations``) compile patterns at import that serve
what the program seldom or never asks: PyYAML's pure-Python reader and date constructor, platformdirs'
reader of the XDG user folders file (``~/.config/user-dirs.dirs``: Documents, Music…; the program asks
only for its data folder). Loaded inside :func:`patterns_deferred`, each such pattern is compiled when
first used: ~8 M instructions for PyYAML, ~3.4 M for platformdirs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["CompiledWhenUsed", "patterns_deferred"]


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
def patterns_deferred() -> Iterator[None]:
    """Meanwhile (a library loading) every pattern is compiled when first used, not now."""
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
