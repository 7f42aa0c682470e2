"""Strict, safe, bounded YAML loading: duplicate keys are errors, every error names file and line, and
each format has size limits (file, text, list, nesting, aliases) checked before anything is built.

A bundled file's text is answered from the values written beforehand (``solo.yaml_bundled``); any other
text is parsed by ``solo.yaml_parse`` (PyYAML, strict, the limits checked). PyYAML is loaded only then,
and for writing (issue 16 item 6): a command reading only bundled files never loads it.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from solo.errors import DataError, Problem, cut
from solo.messages import Message, msg
from solo.records import record

ALIAS_NODES = 10_000
"""How many values aliases (``*name``) may add to a file, whatever its format: a "billion laughs"
file of a few hundred bytes would otherwise expand to gigabytes."""


@record(frozen=True)
class Limits:
    """How big a file of one format may be; each limit has its own message."""

    file_bytes: int
    text_chars: int
    """The longest single text (a scalar value or key)."""
    list_items: int
    """The most items in one list, or entries in one mapping."""
    nodes: int = 200_000
    """The most values in the whole file (aliases not expanded)."""
    depth: int = 40
    """The deepest nesting of lists and mappings."""


POSITION_LIMITS = Limits(file_bytes=1_000_000, text_chars=10_000, list_items=2_000, nodes=100_000)
ROOM_LIMITS = Limits(file_bytes=100_000, text_chars=2_000, list_items=200, nodes=5_000)
CARD_LIMITS = Limits(file_bytes=100_000, text_chars=10_000, list_items=200, nodes=5_000)
GAME_LIMITS = Limits(
    file_bytes=32_000_000, text_chars=100_000, list_items=100_000, nodes=5_000_000, depth=100
)
"""A game nests deeper than the other formats: undo snapshots hold whole games, whose log events hold
messages within messages (three levels a sentence)."""
TABLE_LIMITS = Limits(file_bytes=2_000_000, text_chars=100_000, list_items=10_000, nodes=200_000)
"""The bundled rules tables (classes, objects, dice…) and anything without a format of its own."""

BUNDLED_LIMITS: dict[str, Limits] = {"card": CARD_LIMITS, "room": ROOM_LIMITS, "table": TABLE_LIMITS,
                                     "position": POSITION_LIMITS}
"""The limits the bundled files are read with, by the name ``solo.yaml_bundled`` keeps them under."""


def load_yaml_text(text: str, source: str, limits: Limits = TABLE_LIMITS, *, pure: bool = False) -> Any:
    """Parse YAML text safely within ``limits``; raise DataError naming ``source`` and the line.

    ``pure`` forces PyYAML's own parser (the fallback; tests compare both)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.file_bytes:
        raise _too_big(source, size, limits)
    name = next((name for name, known in BUNDLED_LIMITS.items() if known is limits), None)
    if name is not None and not pure:
        from solo.yaml_bundled import bundled_value  # only once a file is read

        known, value = bundled_value(text, name)
        if known:
            return value  # a bundled file's text: its value written beforehand (solo.yaml_bundled)
    return parse_yaml_text(text, source, limits, pure=pure)


def parse_yaml_text(text: str, source: str, limits: Limits = TABLE_LIMITS, *, pure: bool = False) -> Any:
    """:func:`load_yaml_text` always parsing, even a bundled file's text (``tools/update_bundled_yaml.py``
    writes the values it gives); ``text`` within ``limits.file_bytes``."""
    from solo.yaml_parse import parse_yaml_text as parse  # PyYAML only once a text is parsed

    return parse(text, source, limits, pure=pure)


def _too_big(source: str, size: int, limits: Limits) -> DataError:
    return DataError([Problem(source, "", msg(
        "the file is {size} bytes long: at most {limit} for this kind of file",
        size=f"{size:,}", limit=f"{limits.file_bytes:,}"))])


def read_bytes(path: Path, limits: Limits) -> bytes:
    """A file's bytes, its size checked before it is read; DataError naming the file otherwise."""
    source = str(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(limits.file_bytes + 1)
    except OSError as exc:
        raise DataError([Problem(source, "", msg("cannot read file: {error}",
                                                 error=os_words(exc)))]) from exc
    if len(data) > limits.file_bytes:
        size = path.stat().st_size if path.exists() else len(data)
        raise _too_big(source, max(size, len(data)), limits)
    return data


def read_text(path: Path, limits: Limits) -> str:
    """A UTF-8 text file within ``limits`` (see :func:`read_bytes`)."""
    try:
        return read_bytes(path, limits).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError([Problem(str(path), "", msg("cannot read file: not UTF-8 text: {error}",
                                                    error=cut(str(exc))))]) from exc


def os_words(exc: OSError) -> Message | str:
    """Why a file cannot be read: the usual reasons in words, else the system's own."""
    reasons = {errno.ENOENT: msg("no such file"), errno.EACCES: msg("permission denied"),
               errno.EISDIR: msg("it is a folder")}
    return reasons.get(exc.errno or 0) or cut(str(exc))


def load_yaml_file(path: Path, limits: Limits = TABLE_LIMITS) -> Any:
    """Read and parse a YAML file within ``limits``; unreadable or too big files are a DataError too."""
    return load_yaml_text(read_text(path, limits), str(path), limits)


def dump_flow(value: Any) -> str:
    """One value as a single-line YAML flow fragment (used by canonical writers)."""
    from solo.pyyaml import yaml  # only when something is written

    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000)
    return text.strip().removesuffix("...").strip()


def dump_readable(value: Any, dumper: Any = None, **options: Any) -> str:
    """YAML text of ``value`` with accented letters kept readable; with a next-line (U+0085) in it,
    every non-ASCII letter escaped instead: PyYAML writes that one as a raw line break, which reads
    back as a space (a player's text would change on saving)."""
    from solo.pyyaml import yaml  # only when something is written

    dumper = dumper or yaml.SafeDumper
    text = str(yaml.dump(value, Dumper=dumper, allow_unicode=True, **options))
    return text if "\x85" not in text else str(yaml.dump(value, Dumper=dumper, **options))
