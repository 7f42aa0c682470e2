"""The bundled YAML files' values, parsed when they are written rather than at every start (issue 16
item 6): a ``dt-solo explain`` parsed the demo deck's cards, the rooms and the rules tables again each
time, ~21 M instructions of its ~315 M. The demo table's position is written too: an ``explain`` on it
reads only bundled files, and so never loads PyYAML (``solo.yaml_parse``, ~30 M instructions more).

``bundled_yaml.marshal`` (written by ``tools/update_bundled_yaml.py``, checked current by the tests)
maps each bundled file's text to the limits it is read with and its value, in ``marshal``'s format. A
text read with those limits is answered from it, a new copy each time; any other text (a file of the
player's, a bundled file edited since) is parsed as before. The value is the parser's own, so nothing
read changes.
"""

from __future__ import annotations

import marshal
from functools import cache
from pathlib import Path
from typing import Any

BUNDLED_FILE = Path(__file__).with_name("bundled_yaml.marshal")


@cache
def written_table() -> dict[str, tuple[str, bytes]]:
    """The written values by text, each with its limits' name (``solo.yamlio.BUNDLED_LIMITS``) and in
    ``marshal``'s format (empty when the file is missing or unreadable: everything is parsed)."""
    try:
        table = marshal.loads(BUNDLED_FILE.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


def bundled_value(text: str, limits: str) -> tuple[bool, Any]:
    """(True, a new copy of the value) when ``text`` is a bundled file's, read with ``limits`` (a
    ``solo.yamlio.BUNDLED_LIMITS`` name); (False, None) otherwise."""
    found = written_table().get(text)
    if found is None or found[0] != limits:
        return False, None
    return True, marshal.loads(found[1])
