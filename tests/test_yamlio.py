"""The strict, bounded YAML loader (issue 15 items 1 and 2): alias bombs, size limits, libyaml and
PyYAML's own parser giving the same data and the same messages."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from solo import yaml_parse, yamlio
from solo.errors import DataError, shown
from solo.yamlio import (
    ALIAS_NODES,
    CARD_LIMITS,
    GAME_LIMITS,
    POSITION_LIMITS,
    ROOM_LIMITS,
    Limits,
    load_yaml_file,
    load_yaml_text,
)

ROOT = Path(__file__).resolve().parent.parent


def laughs(levels: int, width: int = 9) -> str:
    """A "billion laughs" document: each level an anchored list of ``width`` aliases to the one above."""
    lines = [f"l0: &l0 [{', '.join(['lol'] * width)}]"]
    for n in range(1, levels + 1):
        lines.append(f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def message(text: str, limits: Limits = POSITION_LIMITS, *, pure: bool = False) -> str:
    with pytest.raises(DataError) as caught:
        load_yaml_text(text, "f.yaml", limits, pure=pure)
    (problem,) = caught.value.problems
    return str(problem)


@pytest.mark.parametrize("pure", [False, True])
def test_an_alias_bomb_is_refused_at_once_with_its_line(pure: bool) -> None:
    start = time.perf_counter()
    text = message(laughs(9), pure=pure)
    assert time.perf_counter() - start < 2
    assert text.startswith("f.yaml: line 1, column 1: aliases (*name) repeat ")
    assert text.endswith(f"values: at most {ALIAS_NODES:,}")


def test_a_few_aliases_still_read() -> None:
    assert load_yaml_text("a: &x [1, 2]\nb: *x\n", "f") == {"a": [1, 2], "b": [1, 2]}
    assert load_yaml_text(laughs(2), "f")["l2"][0] == [["lol"] * 9] * 9  # 9 * 9 + 9 repeated values


def test_an_alias_that_contains_itself_is_refused() -> None:
    expected = "line 1, column 4: an alias refers to a value that contains it"
    assert message("a: &a [1, *a]\n").endswith(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("x: " + "y" * 20_000,
     "line 1, column 4: a text of 20,000 characters: at most 10,000 in this kind of file"),
    ("- 1\n" * 2_001, "line 1, column 1: a list of 2,001 entries: at most 2,000 in this kind of file"),
    ("[" * 60 + "]" * 60, "line 1, column 41: nested more than 40 levels deep"),
    ("a: 2001-13-01\n", "invalid value: month must be in 1..12"),
    ("a: " + "9" * 5000, "invalid value: Exceeds the limit (4300 digits) for integer string conversio… "
                         "(140 characters)"),
], ids=["text", "list", "depth", "date", "number"])
@pytest.mark.parametrize("pure", [False, True])
def test_each_limit_has_its_message(text: str, expected: str, pure: bool) -> None:
    assert message(text, pure=pure) == f"f.yaml: {expected}"


def test_the_file_size_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "b" * (ROOM_LIMITS.file_bytes + 10) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_yaml_file(path, ROOM_LIMITS)
    assert str(caught.value) == (f"{path}: the file is {ROOM_LIMITS.file_bytes + 14:,} bytes long: "
                                 f"at most {ROOM_LIMITS.file_bytes:,} for this kind of file")


def test_each_format_has_its_limits() -> None:
    assert ROOM_LIMITS.file_bytes < CARD_LIMITS.file_bytes * 2 < POSITION_LIMITS.file_bytes
    assert POSITION_LIMITS.file_bytes < GAME_LIMITS.file_bytes
    # a game keeps 625 generator words in a list and 50 compact generator states of 5,000 characters
    assert GAME_LIMITS.list_items > 625 and GAME_LIMITS.text_chars > 5_100


def test_duplicate_keys_are_cut_in_the_message() -> None:
    key = "k" * 500
    expected = f"f.yaml: line 2, column 1: invalid YAML: duplicate key {shown(key)}"
    assert message(f"{key}: 1\n{key}: 2\n") == expected
    assert "(500 characters)" in shown(key) and len(shown(key)) < 90


def test_shown_cuts_containers_without_building_them_whole() -> None:
    assert shown(list(range(10**6))).endswith("…] (1,000,000 entries)")
    assert shown([1, "a"]) == "[1, 'a']"


@pytest.mark.skipif(not yaml_parse.HAS_LIBYAML, reason="PyYAML built without libyaml")
def test_libyaml_is_the_default_parser() -> None:
    assert yaml_parse._LOADERS[0].__name__ == "_CStrictLoader"


def bundled_files() -> list[Path]:
    return sorted(p for folder in ("rules", "npc_cards") for p in (ROOT / folder).rglob("*.yaml"))


@pytest.mark.parametrize("path", bundled_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_both_parsers_read_every_bundled_file_identically(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert load_yaml_text(text, "f", yamlio.TABLE_LIMITS) == load_yaml_text(text, "f", yamlio.TABLE_LIMITS,
                                                                              pure=True)


BROKEN = [
    "a: [1, 2\n", "a: b: c\n", "- a\nb: c\n", "a: 'unclosed\n", "\t- tab\n", "a: *nowhere\n",
    "a: !!python/object:os.system x\n", "? [1]\n: 2\n", "a: 1\na: 2\n", "%YAML 9.9\n---\na: 1\n",
    "a: \x07\n", "--- a\n--- b\n", "{a: 1, a: 2}\n", "a: &x 1\nb: &x 2\nc: *x\n", "a: |\n b\n  c\n d\n",
]


@pytest.mark.parametrize("text", BROKEN)
def test_both_parsers_give_the_same_result_or_the_same_message(text: str) -> None:
    def outcome(pure: bool) -> object:
        try:
            return load_yaml_text(text, "f", POSITION_LIMITS, pure=pure)
        except DataError as exc:
            return [str(p) for p in exc.problems]

    assert outcome(False) == outcome(True)


@pytest.mark.parametrize("text", [
    "a: [b?w, c]\n", "a: {m: f?ght}\n", "a: {x: !, y: 1}\n", "a: [1,\t2]\n",
])
def test_what_libyaml_alone_would_accept_is_refused_by_both(text: str) -> None:
    """libyaml reads these; PyYAML refuses them: such texts go to PyYAML's parser, so both refuse."""
    assert message(text).startswith("f.yaml: line ")
    assert message(text) == message(text, pure=True)


def test_an_inner_byte_order_mark_reads_as_pyyaml_reads_it() -> None:
    """libyaml skips it, PyYAML takes it as part of a key: the app reads it as PyYAML does."""
    assert load_yaml_text("p:\n\ufeff text: x\n", "f") == {"p": None, "\ufeff text": "x"}


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
letter for letter (the date test reads a date through it)."""


def test_pyyaml_s_own_reader_still_refuses_unprintable_characters() -> None:
    # Its pattern is compiled at its first use, not when PyYAML loads (issue 16 item 6): the same
    # pattern, the same refusals, and re.compile is the standard one again.
    import re

    import yaml.reader

    pattern = yaml.reader.Reader.NON_PRINTABLE
    assert pattern.pattern == PURE_READER_PATTERN == re.compile(PURE_READER_PATTERN).pattern
    for text in ("a\x07b", "\x00", "ok\ufffe", "fine é ü 😀"):
        expected = re.compile(PURE_READER_PATTERN).search(text)
        found = pattern.search(text)
        assert (found and found.span()) == (expected and expected.span())
    assert message("a: b\x07", pure=True) == message("a: b\x07")
    assert "#x0007" in message("a: b\x07", pure=True)
    assert re.compile.__module__ == "re"


def test_pyyaml_s_seldom_used_patterns_wait_for_their_first_use_whatever_imports_first() -> None:
    # Each module of the program that reads YAML, imported first in a new process: PyYAML's reader
    # and date patterns are not compiled yet (~11 ms of every command, issue 16 item 6).
    import subprocess
    import sys

    # The modules that load no PyYAML (solo.yamlio, solo.content.rooms, solo.cli.parser) are followed by
    # the parser's, which does.
    modules = ("solo.yamlio", "solo.yaml_parse", "solo.yaml_plain", "solo.content.rooms", "solo.game.saves",
               "solo.cli.parser")
    for module in modules:
        code = (
            f"import re, {module}, solo.yaml_parse, yaml\n"
            "from yaml.constructor import SafeConstructor\n"
            "for p in (yaml.reader.Reader.NON_PRINTABLE, SafeConstructor.timestamp_regexp):\n"
            "    print(isinstance(p, re.Pattern))\n"
        )
        shown_now = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert shown_now.stdout.split() == ["False", "False"], module


def test_pyyaml_s_dates_still_read_as_dates() -> None:
    # The deferred date pattern is PyYAML's own, letter for letter: a date in a file reads as before.
    import datetime

    import yaml.constructor

    assert yaml.safe_load("d: 2001-12-14 21:59:43.10 -5") == {
        "d": datetime.datetime(2001, 12, 15, 2, 59, 43, 100000, tzinfo=datetime.UTC)
    }
    assert yaml.constructor.SafeConstructor.timestamp_regexp.pattern == TIMESTAMP_PATTERN


def _told(check: Any, root: Any, limits: Limits) -> str | None:
    try:
        check(root, limits)
    except yaml.YAMLError as exc:
        return str(exc)
    return None


_LEAVES = st.one_of(st.integers(), st.text(max_size=12), st.none())
_DATA = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=5)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=5), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(data=_DATA, shared=st.booleans(), text_chars=st.integers(1, 10), list_items=st.integers(0, 5),
       nodes=st.integers(1, 40), depth=st.integers(1, 6))
def test_the_single_walk_over_a_plain_file_says_what_the_node_by_node_walk_says(
        data: Any, shared: bool, text_chars: int, list_items: int, nodes: int, depth: int) -> None:
    # check_nodes first walks a plain tree once; it must refuse exactly what the complete walk refuses,
    # with the same message and line (aliases, cycles, every limit at and around its bound).
    text = yaml.safe_dump({"a": data, "b": data} if shared else data)  # shared: an anchor and an alias
    limits = Limits(file_bytes=10**6, text_chars=text_chars, list_items=list_items, nodes=nodes, depth=depth)
    loader = yaml_parse._LOADERS[0](text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    assert _told(yaml_parse.check_nodes, root, limits) == _told(yaml_parse._check_every_node, root, limits)


def _built_by_pyyaml(text: str, limits: Limits, loader_class: Any) -> str:
    """PyYAML's own constructor after the checks (what a document's value was before the plain walk),
    or the error it raised; typed (``repr``), so that 1, True and "1" differ. Each scalar's tag is
    found by PyYAML's resolver itself, not the loader's memory of the texts it resolved."""
    loader = type("Resolving", (loader_class,), {"resolve": yaml.resolver.BaseResolver.resolve})(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return repr(None)
        yaml_parse.check_nodes(node, limits)
        return repr(loader.construct_document(node))
    except Exception as exc:  # the outcome compared, whatever it is
        return f"{type(exc).__name__}: {exc}"
    finally:
        loader.dispose()


def _built(text: str, limits: Limits, loader_class: Any) -> str:
    try:
        return repr(yaml_parse._parse(text, limits, loader_class))
    except Exception as exc:  # the outcome compared, whatever it is
        return f"{type(exc).__name__}: {exc}"


_ODD = st.sampled_from([
    "", "x: 1\nx: 2\n", "<<: {m: 1}\nn: 2\n", "base: &b {p: 1}\nuse: {<<: *b, q: 2}\n", "? [1]\n: 2\n",
    "s: !!set {a, b}\n", "o: !!omap [a: 1]\n", "b: !!binary aGk=\n", "d: 2001-12-14\n",
    "t: 2001-12-14t21:59:43.10-05:00\n",
    "f: [1.5, .inf, -.NaN, 1e3, 0x1F, 0o17, 1_000, yes, No, ~, null, '1', \"true\"]\n", "= : v\n",
    "k: !custom x\n", "{[1]: 2}\n", "a: &x [1]\nb: *x\n", "n: 99999999999999999999999999999999\n",
    "p: !!str 12\nq: !!int '7'\nr: !!float '2'\n", "[a, {b: [c, {d: e}]}]\n", "'a': \"b\"\n",
])


@settings(max_examples=300, deadline=None)
@given(data=_DATA, odd=_ODD, text_chars=st.integers(1, 12), list_items=st.integers(0, 6),
       nodes=st.integers(1, 60), depth=st.integers(1, 6), pure=st.booleans())
def test_a_document_built_in_one_walk_is_what_pyyaml_builds_after_the_checks(
        data: Any, odd: str, text_chars: int, list_items: int, nodes: int, depth: int, pure: bool) -> None:
    # The plain walk (issue 16 item 6) builds a plain tree itself and leaves everything else to the checks
    # and PyYAML's constructor: the same values and types, the same errors and their order.
    loader_class = yaml_parse._LOADERS[-1 if pure else 0]
    limits = Limits(file_bytes=10**6, text_chars=text_chars, list_items=list_items, nodes=nodes, depth=depth)
    beside = yaml.safe_dump({"a": data}) + odd if odd.strip()[:1] not in "-[{?" else odd  # a key may repeat
    for text in (yaml.safe_dump(data), odd, beside):
        assert _built(text, limits, loader_class) == _built_by_pyyaml(text, limits, loader_class)
    roomy = Limits(file_bytes=10**6, text_chars=100, list_items=100, nodes=1000, depth=20)
    assert _built(odd, roomy, loader_class) == _built_by_pyyaml(odd, roomy, loader_class)


@pytest.mark.parametrize("options", [{"sort_keys": False}, {"default_flow_style": True, "width": 100_000},
                                     {"default_flow_style": None, "width": 110}])
def test_a_next_line_in_a_text_reads_back_as_written(options: dict[str, Any]) -> None:
    # PyYAML writes U+0085 as a raw line break, read back as a space (a fresh clone's card round trip).
    value = {"name": "Père\x85Bonsoins", "text": "\x85", "plain": "épée"}
    assert "\x85" not in yaml.safe_dump(value, allow_unicode=True, **options) or \
        yaml.safe_load(yaml.safe_dump(value, allow_unicode=True, **options)) != value  # the quirk itself
    text = yamlio.dump_readable(value, **options)
    assert yaml.safe_load(text) == value and "\x85" not in text
    assert yamlio.dump_readable({"plain": "épée"}, **options).count("épée") == 1  # readable otherwise
