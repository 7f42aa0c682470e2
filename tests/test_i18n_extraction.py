"""Every message written in the code reaches the catalogue: Babel's extractor passes over a ``msg("…")``
written inside another function's call inside a message's parameters (``msg("… {p}", p=f(msg("x")))``),
which would then stay English in French without any test noticing. The code is read with ``ast`` and
each literal message must be among those Babel extracts."""

from __future__ import annotations

import ast
from pathlib import Path

from catalogue_tool import catalogue_tool

ROOT = Path(__file__).resolve().parents[1]
MARKERS = {"msg": 0, "msg_n": 0, "msg_ctx": 1, "term": 1}
"""A marker and the position of its text (after the context for ``msg_ctx`` and ``term``; the singular
for ``msg_n``, whose plural Babel extracts with it as one entry)."""


def written_messages(source: str) -> set[tuple[str, str]]:
    """(context, text) of every marker called with literal strings in a module's source."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS):
            continue
        at = MARKERS[node.func.id]
        values = [a.value for a in node.args[:at + 1] if isinstance(a, ast.Constant)]
        if len(values) == at + 1 and all(isinstance(v, str) for v in values):
            found.add((str(values[0]) if at else "", str(values[-1])))
    return found


def test_the_scan_reads_nested_messages() -> None:
    source = ('x = msg("outer {p}", p=helper(msg("inner")))\n'
              'y = msg_ctx("direction", "north")\nz = msg(name)\nw = msg_n("one", "many", "n", n=2)\n')
    assert written_messages(source) == {("", "outer {p}"), ("", "inner"), ("direction", "north"), ("", "one")}


def test_every_message_of_the_code_is_extracted() -> None:
    template = catalogue_tool().template()
    extracted = {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    written: dict[tuple[str, str], str] = {}
    for path in sorted((ROOT / "solo").rglob("*.py")):
        for key in written_messages(path.read_text(encoding="utf-8")):
            written.setdefault(key, str(path.relative_to(ROOT)))
    assert len(written) > 500
    assert {key: where for key, where in written.items() if key not in extracted} == {}
