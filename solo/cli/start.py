"""The ``dt-solo`` process's start: the command line's modules loaded at the least cost (issue 16 item 6).

Two costs of a short process that are not the command's own work:

- **The dataclasses' generated methods.** ``@dataclass`` writes each class's ``__init__``,
  ``__repr__``, ``__eq__``… as source text and compiles it at every start: about 60 classes load for
  ``explain``, ~40 % of its import time on this machine. Their compiled code is kept between runs, as
  Python keeps a module's byte-code: in ``solo/__pycache__``, written only where byte-code would be
  (not under ``PYTHONDONTWRITEBYTECODE``), named by the interpreter's version and read only by the
  same interpreter. A text is looked up exactly: a class that changes compiles its new text, and the
  methods are the ones ``compile`` gives for that text, so nothing the classes do changes.
- **PyYAML's pure reader's pattern** (see ``solo.yamlio``): PyYAML is loaded first by
  ``solo.yamlio``, which defers it.
- **The cycle collector** would walk the freshly loaded modules' objects again and again while they
  load, then once more at the first collection after: they are moved to the oldest generation
  unwalked instead, as a search does on leaving ``solo.table.marks.no_cycle_collection``.
"""

from __future__ import annotations

import dataclasses
import gc
import marshal
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from types import CodeType
from typing import Any

CACHE_DIR = Path(__file__).resolve().parent.parent / "__pycache__"
KEPT = 3_000
"""At most this many texts kept: past it, only the ones the last run used (a tree edited for months
does not grow its cache without end; one command line's run uses ~300)."""
HEADER = f"dt-solo generated code {sys.implementation.cache_tag} {sys.version} -O{sys.flags.optimize}"
"""The interpreter that wrote a cache: another one (a new version, even a bug-fix one) ignores it."""


class GeneratedCode:
    """Compiled code by its source text, read from and written to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes: dict[str, CodeType] = {}
        self.used: set[str] = set()
        self.added = 0
        self._read()

    def _read(self) -> None:
        try:
            header, codes = marshal.loads(self.path.read_bytes())  # load(file) reads item by item
        except (OSError, EOFError, ValueError, TypeError):  # absent, truncated, another format
            return
        if header == HEADER and isinstance(codes, dict):
            self.codes = codes

    def exec(self, source: str, globals: dict[str, Any] | None = None,
             locals: Mapping[str, object] | None = None) -> None:
        """``exec(source, globals, locals)``, the source compiled once for all runs."""
        code = self.codes.get(source)
        self.used.add(source)
        if code is None:
            # As the builtin compiles an exec'd text, without this module's __future__ imports.
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.codes[source] = code
            self.added += 1
        exec(code, globals, locals)  # the dataclasses' own generated methods

    def save(self) -> None:
        """Write the file if new code was compiled (through a file of its own, then renamed: processes
        may run side by side)."""
        if not self.added or sys.dont_write_bytecode:
            return
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(exist_ok=True)
            codes = dict(self.codes)
            if len(codes) > KEPT:
                codes = {source: code for source, code in codes.items() if source in self.used}
            temporary.write_bytes(marshal.dumps((HEADER, codes)))
            os.replace(temporary, self.path)
        except OSError:  # a read-only installation: as Python does with byte-code, run without
            with suppress(OSError):
                temporary.unlink()
            return
        self.added = 0


def cache_path() -> Path:
    return CACHE_DIR / f"generated-code.{sys.implementation.cache_tag}.marshal"


@contextmanager
def generated_code_cached(path: Path | None = None) -> Iterator[GeneratedCode]:
    """Meanwhile the dataclasses' generated methods come from (and go to) the cache at ``path``."""
    cache = GeneratedCode(path or cache_path())
    names = vars(dataclasses)
    before = names.get("exec")
    names["exec"] = cache.exec  # the module's generated methods find it before the builtin
    try:
        yield cache
    finally:
        if before is None:
            del names["exec"]
        else:
            names["exec"] = before
        cache.save()


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
    with generated_code_cached():
        with no_collection_while_loading():
            import solo.yamlio  # noqa: F401 - first: PyYAML loads without compiling its pure reader's pattern
            from solo.cli.parser import main as run
        return run()
