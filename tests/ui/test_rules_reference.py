"""The rules reference: every rule ID the app cites is explained; unknown IDs and broken files are told."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from solo.locations import PROJECT_ROOT
from solo.ui.rules_reference import (
    RULE_ID,
    Reference,
    RulesReference,
    decisions,
    linkify,
    load_reference,
    rule_ids,
    rule_of_href,
)

SPEC = PROJECT_ROOT.parent / "shared" / "spec"


@pytest.fixture(scope="module")
def reference() -> Reference:
    return load_reference()


def test_bundled_reference_loads_cleanly(reference: Reference) -> None:
    assert reference.problems == []
    assert reference.get("S-FIGHT-2") is not None
    assert reference.get("s-fight-2") == reference.get("S-FIGHT-2")  # typed in lower case


@pytest.mark.skipif(not (SPEC / "solo-rules.md").exists(), reason="the spec is not beside the repository")
def test_every_solo_rule_of_the_spec_is_explained(reference: Reference) -> None:
    text = (SPEC / "solo-rules.md").read_text(encoding="utf-8")
    ids = re.findall(r"^- ((?:S|AMB)-[A-Z0-9-]+)", text, re.MULTILINE)
    assert len(ids) > 130
    assert [i for i in ids if reference.get(i) is None] == []


def test_every_rule_id_the_app_cites_is_explained(reference: Reference) -> None:
    """What the engine writes in explanations and messages, and the rules data files, can be looked up."""
    cited: set[str] = set()
    for path in [*(PROJECT_ROOT / "solo").rglob("*.py"), *(PROJECT_ROOT / "rules").glob("*.yaml")]:
        if path.name != "rules_reference.py":
            cited |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    assert len(cited) > 200
    missing = [i for i in sorted(cited) if reference.get(i) is None and not reference.members(i)]
    assert missing == []


def test_rule_ids_cited_inside_explanations_lead_somewhere(reference: Reference) -> None:
    cited = {i for entry in reference.entries.values() for i in rule_ids(entry.text)}
    assert [i for i in sorted(cited) if reference.get(i) is None and not reference.members(i)] == []


def test_decisions_are_read_from_decisions_md(reference: Reference, tmp_path: Path) -> None:
    entry = reference.get("AMB-TELEPORT-ONE")
    assert entry is not None and entry.source == "decisions"
    notes = tmp_path / "decisions.md"
    notes.write_text(
        "# Decisions\n\n## A part\n\n"
        "- **AMB-ONE** — First sentence here. Second sentence\n  goes on. A rule named inline\n"
        "  (**AMB-INNER**) is told by its sentence.\n"
        "- **AMB-TWO** — Only `one` sentence\n  over two lines.\n\nText after.\n",
        encoding="utf-8",
    )
    assert decisions(notes) == {
        "AMB-ONE": "First sentence here.",
        "AMB-TWO": "Only one sentence over two lines.",
        "AMB-INNER": "A rule named inline (AMB-INNER) is told by its sentence.",
    }


def test_linkify_makes_each_rule_id_a_link() -> None:
    html = linkify("moves a -> b (S-ACT-7, AMB-B-CARRY) & more <x>")
    assert '<a href="rule:S-ACT-7">S-ACT-7</a>' in html
    assert '<a href="rule:AMB-B-CARRY">AMB-B-CARRY</a>' in html
    assert "&amp; more &lt;x&gt;" in html
    found = rule_ids("S-OBJ-4/5 then S-TURN-5..9 and S-REVEAL-NPC-1, S-OBJ-4 again")
    assert found == ["S-OBJ-4", "S-TURN-5", "S-REVEAL-NPC-1"]
    assert rule_of_href("rule:B-MOVE-12") == "B-MOVE-12"
    assert rule_of_href("https://example.org") is None


def test_show_rule_shows_its_explanation(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.rule_shown) as shown:
        widget.show_rule("B-MOVE-12")
    assert shown.args == ["B-MOVE-12"]
    assert widget.current_rule() == "B-MOVE-12"
    entry = reference.get("B-MOVE-12")
    assert entry is not None
    assert entry.text in widget.shown_text()
    assert widget.list.currentItem().text() == "B-MOVE-12"


def test_unknown_rule_id_says_so(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-NOPE-9")
    assert widget.current_rule() is None
    assert "S-NOPE-9 is not in the rules reference" in widget.shown_text()


def test_a_group_id_lists_its_rules(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-FIGHT")
    text = widget.shown_text()
    assert "NPC mode: Fight" in text
    assert all(f"S-FIGHT-{n}" in text for n in range(1, 8))


def test_search_filters_the_list_and_show_rule_clears_it(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    qtbot.keyClicks(widget.search, "rotation die")
    items = [widget.list.item(i) for i in range(widget.list.count())]
    shown = [item.text() for item in items if not item.isHidden()]
    assert "S-ROT-3" in shown and "AMB-ROTDIE" in shown
    assert "S-FIGHT-1" not in shown
    widget.show_rule("S-FIGHT-1")  # hidden by the search: the search is cleared to show it
    assert widget.search.text() == ""
    assert widget.list.currentItem().text() == "S-FIGHT-1"


def test_links_inside_an_explanation_open_that_rule(qtbot: Any, reference: Reference) -> None:
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    widget.show_rule("S-PROX-3")
    assert "AMB-TIE" in widget.text.toHtml()
    from PySide6.QtCore import QUrl

    widget.text.anchorClicked.emit(QUrl("rule:AMB-TIE"))
    assert widget.current_rule() == "AMB-TIE"


@pytest.mark.parametrize(
    "content",
    [
        "format: dt-solo-reference/1\nrules:\n  S-A-1: one\n  S-A-1: twice\n",  # duplicate key
        "format: dt-solo-reference/1\nrules: [not, a, mapping]\n",
        "rules: {S-A-1: no format}\n",
        "format: dt-solo-reference/1\nrules:\n  : [\n",  # not YAML at all
    ],
)
def test_a_broken_reference_file_gives_a_message_not_a_crash(
    qtbot: Any, tmp_path: Path, content: str
) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(content, encoding="utf-8")
    reference = load_reference(path, tmp_path / "no-decisions.md")
    assert reference.problems
    widget = RulesReference(reference)
    qtbot.addWidget(widget)
    assert not widget.problems.isHidden()
    assert "could not be read" in widget.problems.text()
    widget.show_rule("S-FIGHT-2")
    assert "not in the rules reference" in widget.shown_text()


def test_a_bad_entry_is_reported_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(
        "format: dt-solo-reference/1\nrules:\n  S-GOOD-1: fine\n  not an id: x\n  S-EMPTY-1: ''\n",
        encoding="utf-8",
    )
    reference = load_reference(path, tmp_path / "missing.md")
    assert list(reference.entries) == ["S-GOOD-1"]
    assert len(reference.problems) == 2


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    reference = load_reference(tmp_path / "nowhere.yaml", tmp_path / "missing.md")
    assert reference.entries == {}
    assert any("cannot read file" in p for p in reference.problems)
