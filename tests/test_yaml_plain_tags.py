"""A plain scalar's type found without PyYAML's resolver patterns (``solo.yaml_parse.plain_tag``, issue 16
item 6): the tag PyYAML's resolver gives, for every scalar it answers; its patterns are compiled only
when a scalar needs them, which no command on the demo table does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.locations import NPC_CARDS_DIR, RULES_DIR
from solo.pyyaml import yaml
from solo.yaml_parse import plain_tag
from solo.yamlio import load_yaml_text

RESOLVER: Any = yaml.resolver.Resolver()


def pyyaml_tag(value: str) -> str:
    """The tag PyYAML's own resolver gives a plain scalar (its patterns, compiled when first used)."""
    return str(RESOLVER.resolve(yaml.ScalarNode, value, (True, False)))


def check(value: str) -> bool:
    """plain_tag says PyYAML's tag, or nothing; True when it answered."""
    tag = plain_tag(value)
    assert tag is None or tag == pyyaml_tag(value), value
    return tag is not None


WORDS = ["yes", "Yes", "YES", "yES", "no", "No", "NO", "nO", "true", "True", "TRUE", "tRUE", "false", "False",
         "FALSE", "on", "On", "ON", "oN", "off", "Off", "OFF", "y", "n", "Y", "N", "null", "Null", "NULL",
         "nULL", "~", "", " ", "nolock", "nulls", "yesterday", "onion", "off-road", "True ", "~x", "no\n"]
NUMBERS = ["0", "1", "7", "10", "0123", "089", "00", "1_000", "12345678901234567890", "1.5", ".5", "-1", "+1",
           "0x1F", "0b101", "1:30", "2001-12-14", "1e3", "1.", ".inf", ".nan", "٣", "1\n", "-", "+", "."]


def test_words_numbers_and_edge_cases_get_pyyaml_s_tag() -> None:
    answered = [value for value in WORDS + NUMBERS if check(value)]
    # The common ones are answered without the patterns.
    common = {"yes", "No", "TRUE", "off", "null", "NULL", "~", "", "nolock", "yesterday", "0", "10", "7"}
    assert common <= set(answered)
    assert plain_tag("yes") == "tag:yaml.org,2002:bool" and plain_tag("Null") == "tag:yaml.org,2002:null"
    assert plain_tag("12") == "tag:yaml.org,2002:int" and plain_tag("nolock") == "tag:yaml.org,2002:str"
    assert plain_tag("") == "tag:yaml.org,2002:null" and plain_tag("d9-e9") == "tag:yaml.org,2002:str"
    assert plain_tag("0123") is None and plain_tag("1.5") is None and plain_tag("no\n") is None


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="0123456789-+._:xXbeEyYnNtTfFoOrRuUlLsS~<=!&* \nabcdé٣", max_size=8))
def test_any_text_gets_pyyaml_s_tag_or_none(value: str) -> None:
    check(value)


def _plain_scalars(node: Any) -> list[str]:
    if isinstance(node, yaml.ScalarNode):
        return [node.value] if node.style is None else []
    children = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
    return [value for child in children for value in _plain_scalars(child)]


def test_every_plain_scalar_of_the_bundled_files_gets_pyyaml_s_tag() -> None:
    paths = sorted(RULES_DIR.rglob("*.yaml")) + sorted(NPC_CARDS_DIR.rglob("*.yaml"))
    values = {v for path in paths for v in _plain_scalars(yaml.compose(path.read_text(encoding="utf-8")))}
    assert len(paths) > 40 and len(values) > 500
    answered = [value for value in values if check(value)]
    assert len(answered) > 0.95 * len(values)


def test_the_same_data_is_read_as_before() -> None:
    text = "a: [yes, No, null, ~, 12, 0, 017, 089, 1.5, -3, nolock, '12', x:y]\nb:\nc: !!str 5\n"
    assert load_yaml_text(text, "t") == yaml.load(text, Loader=yaml.SafeLoader)
    assert load_yaml_text(text, "t") == {"a": [True, False, None, None, 12, 0, 15, "089", 1.5, -3, "nolock",
                                              "12", "x:y"], "b": None, "c": "5"}


def test_no_resolver_pattern_is_compiled_by_an_explain_on_a_copy_of_the_demo_table(tmp_path: Path) -> None:
    # A new process, the demo table's text edited (a comment) so that it is parsed, not answered from
    # the bundled values: each of PyYAML's resolver patterns is still waiting for its first use afterwards.
    copy = tmp_path / "demo.yaml"
    demo = (RULES_DIR / "positions" / "demo.yaml").read_text(encoding="utf-8")
    copy.write_text("# a player's copy\n" + demo, encoding="utf-8")
    code = (
        "import contextlib, io, re, sys\n"
        "from solo.cli.parser import main\n"
        f"args = ['explain', {str(copy)!r}, '--npc', 'nolock']\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(args)\n"
        "print('yaml' in sys.modules)\n"
        "from solo.pyyaml import yaml\n"
        "tests = [p for ps in yaml.resolver.Resolver.yaml_implicit_resolvers.values() for _, p in ps]\n"
        "print(len(tests), sum(isinstance(p, re.Pattern) or p._compiled is not None for p in tests))\n"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    parsed, count, compiled = shown.stdout.split()
    assert parsed == "True" and int(count) > 20 and compiled == "0"


def test_an_explain_on_the_demo_table_loads_neither_pyyaml_nor_string() -> None:
    # Every file it reads is bundled, its value written beforehand (solo.yaml_bundled): PyYAML, ~30 M
    # instructions to load, is never loaded (issue 16 item 6); nor is string (~2 M: solo.i18n reads
    # its templates with str.format's own parser).
    code = (
        "import contextlib, io, sys\n"
        "from solo.cli.parser import main\n"
        f"args = ['explain', {str(RULES_DIR / 'positions' / 'demo.yaml')!r}, '--npc', 'nolock']\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    main(args)\n"
        "print('Nolock' in out.getvalue(), 'string' in sys.modules,\n"
        "      sorted(m for m in sys.modules if m.split('.')[0] == 'yaml'))\n"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["True", "False", "[]"]
