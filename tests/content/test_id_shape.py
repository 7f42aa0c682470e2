"""An id's shape read with ``str.isalnum`` rather than a pattern compiled at every start (issue 16
item 6): the same answer as the pattern, in every script; the error patterns compiled only when used."""

from __future__ import annotations

import re
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.ids import ID_PATTERN, id_problem, is_id
from solo.content.ids import _id_shaped as id_shaped


def test_ids_and_not_ids() -> None:
    for value in ("nolock", "pere-bonsoins", "demo-1a", "a", "7", "é", "x_y.z", "Ωmega", "٣x", "a--b", "a..",
                  "\u00b2x"):
        assert id_shaped(value) and is_id(value), value
    for value in ("_x", "-x", ".x", "a b", "a/b", "npc:x", "a\n", "x\u200b", "\u0301x"):
        assert not id_shaped(value) and id_problem(value) is not None, value


@settings(max_examples=3000, deadline=None)
@given(st.text(min_size=1, max_size=8)
       | st.text(alphabet="aZ09_.-é٣²Ⅻ\u0301 :/\u200b", min_size=1, max_size=6))
def test_the_shape_is_the_pattern_s(value: str) -> None:
    assert id_shaped(value) == (re.fullmatch(ID_PATTERN, value) is not None), repr(value)


def test_reading_a_position_compiles_no_pattern_of_errors_nor_ids() -> None:
    code = ("import re, sys\nre.purge()\nfrom solo.formats.position_io import load_position\n"
            "from solo.content.rooms import load_library\nfrom solo.locations import RULES_DIR\n"
            "load_position(RULES_DIR / 'positions' / 'demo.yaml', load_library())\n"
            "print(sorted(p for _, p, _ in re._cache if isinstance(p, str) and ('line' in p or 'a-z0-9' in p"
            " or '\\\\W' in p)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
