"""The rules reference as data: every rule the app cites is explained in English and in French, with the
same rule IDs; the decisions of docs/decisions.md each have a French line; broken files are told."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.content.reference import (
    RULE_ID,
    Reference,
    decisions,
    load_reference,
    missing_french,
    rule_ids,
)
from solo.content.texts import LANGUAGES
from solo.i18n import render
from solo.locations import PROJECT_ROOT

SPEC = PROJECT_ROOT.parent / "shared" / "spec"
HEADER = "format: dt-solo-reference/2\n"


@pytest.fixture(scope="module")
def reference() -> Reference:
    return load_reference()


def test_bundled_reference_loads_cleanly(reference: Reference) -> None:
    assert reference.problems == []
    assert reference.get("S-FIGHT-2") is not None
    assert reference.get("s-fight-2") == reference.get("S-FIGHT-2")  # typed in lower case


def test_every_entry_and_group_is_written_in_both_languages(reference: Reference) -> None:
    from_file = [e for e in reference.entries.values() if e.source == "reference"]
    assert len(from_file) > 290
    for entry in from_file:
        texts = dict(entry.texts.pairs)
        assert set(texts) == set(LANGUAGES), entry.rule_id
        assert texts["fr"] != texts["en"], entry.rule_id
    for prefix, title in reference.groups.items():
        assert {language for language, _ in title.pairs} == set(LANGUAGES), prefix
    assert reference.get("S-FIGHT-2").text("fr").startswith("Il attaque le mieux classé")  # type: ignore[union-attr]
    assert reference.group_title("S-FIGHT-2", "fr") == "Mode PNJ : Combattre"
    assert reference.group_title("S-FIGHT-2", "en") == "NPC mode: Fight"


def test_both_languages_cite_the_same_rules(reference: Reference) -> None:
    """A translation keeps every cross-reference: the same rule IDs in the English and the French (a
    decision's French line cites no rule its English does not: decisions.md may grow)."""
    for entry in reference.entries.values():
        if "fr" in dict(entry.texts.pairs):
            own = {entry.rule_id}
            french, english = set(rule_ids(entry.text("fr"))), set(rule_ids(entry.text("en")))
            if entry.source == "decisions":
                assert french - own <= english - own, entry.rule_id
            else:
                assert french - own == english - own, entry.rule_id


def test_french_uses_the_rulebook_terms(reference: Reference) -> None:
    french = " ".join(e.text("fr") for e in reference.entries.values())
    for english_word in ("NPC", " AP ", "portcullis", "Backstabber", "Banshee", "Naga"):
        assert english_word not in french
    for word in ("PNJ", "PA", "herse", "Fosse".lower(), "meurtrière", "Clerc", "Méchanork", "Blessé"):
        assert word in french


def test_every_decision_has_a_french_line(reference: Reference) -> None:
    """docs/decisions.md stays English; each AMB id there needs its line in reference.yaml's decisions:."""
    ids = decisions(PROJECT_ROOT / "docs" / "decisions.md")
    assert len(ids) > 100
    assert missing_french(reference) == []
    for rule_id in ids:
        entry = reference.get(rule_id)
        assert entry is not None and entry.text("fr") and entry.text("fr") != entry.text("en")


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
        if path.name not in ("rules_reference.py", "reference.py"):
            cited |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    assert len(cited) > 200
    missing = [i for i in sorted(cited) if reference.get(i) is None and not reference.members(i)]
    assert missing == []


def test_rule_ids_cited_inside_explanations_lead_somewhere(reference: Reference) -> None:
    texts = [entry.text(language) for entry in reference.entries.values() for language in LANGUAGES]
    cited = {i for text in texts for i in rule_ids(text)}
    assert [i for i in sorted(cited) if reference.get(i) is None and not reference.members(i)] == []


def test_decisions_are_read_from_decisions_md(reference: Reference, tmp_path: Path) -> None:
    entry = reference.get("AMB-TELEPORT-ONE")
    assert entry is not None and entry.source == "decisions"
    notes = tmp_path / "decisions.md"
    notes.write_text(
        "# Decisions\n\n## A part\n\n- **AMB-STATUS** *(engine only; what is shown is unchanged)* — Read.\n"
        "- **AMB-ONE** — First sentence here. Second sentence\n  goes on. A rule named inline\n"
        "  (**AMB-INNER**) is told by its sentence.\n"
        "- **AMB-TWO** — Only `one` sentence\n  over two lines.\n\nText after.\n",
        encoding="utf-8",
    )
    assert decisions(notes) == {
        "AMB-STATUS": "Read.",
        "AMB-ONE": "First sentence here.",
        "AMB-TWO": "Only one sentence over two lines.",
        "AMB-INNER": "A rule named inline (AMB-INNER) is told by its sentence.",
    }
    path = tmp_path / "reference.yaml"
    path.write_text(HEADER + "rules: {}\ndecisions:\n  AMB-ONE: Première phrase.\n  AMB-GONE: Partie.\n",
                    encoding="utf-8")
    loaded = load_reference(path, notes)
    assert loaded.get("AMB-ONE").text("fr") == "Première phrase."  # type: ignore[union-attr]
    assert loaded.get("AMB-TWO").text("fr") == "Only one sentence over two lines."  # type: ignore[union-attr]
    assert missing_french(loaded) == ["AMB-STATUS", "AMB-TWO", "AMB-INNER"]
    assert [str(p) for p in loaded.problems] == [
        f"{path}: decisions[AMB-GONE]: no such decision in decisions.md"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("rules:\n  S-A-1:\n    en: one\n", "rules[S-A-1]: fr: missing"),
        ("rules:\n  S-A-1: {en: one, fr: '  '}\n", "rules[S-A-1]: fr: expected a text"),
        ("rules:\n  S-A-1: just English\n", "rules[S-A-1]: expected a mapping {en: …, fr: …}"),
        ("rules:\n  S-A-1: {en: one, fr: un, de: eins}\n", "rules[S-A-1]: unknown language 'de'"),
        ("groups:\n  S-A: {en: Title}\nrules: {}\n", "groups[S-A]: fr: missing"),
        ("rules: {}\ndecisions:\n  AMB-X: [not, a, line]\n", "decisions[AMB-X]: expected a French line"),
        ("rules: {}\nextra: 1\n", "extra: unknown key"),
    ],
)
def test_a_broken_entry_names_the_file_and_the_entry(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(HEADER + content, encoding="utf-8")
    reference = load_reference(path, tmp_path / "no-decisions.md")
    assert any(str(p).startswith(f"{path}: ") and expected in str(p) for p in reference.problems), \
        reference.problems


@pytest.mark.parametrize(
    "content",
    [
        HEADER + "rules:\n  S-A-1: {en: one, fr: un}\n  S-A-1: {en: twice, fr: deux}\n",  # duplicate key
        HEADER + "rules: [not, a, mapping]\n",
        "rules: {S-A-1: {en: no format, fr: pas de format}}\n",
        "format: dt-solo-reference/1\nrules: {S-A-1: old format}\n",
        HEADER + "rules:\n  : [\n",  # not YAML at all
    ],
)
def test_a_broken_reference_file_gives_problems_not_a_crash(tmp_path: Path, content: str) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(content, encoding="utf-8")
    reference = load_reference(path, tmp_path / "no-decisions.md")
    assert reference.problems
    assert reference.get("S-A-1") is None or "duplicate" not in content


def test_a_bad_entry_is_reported_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(
        HEADER + "rules:\n  S-GOOD-1: {en: fine, fr: bien}\n  not an id: {en: x, fr: x}\n"
        "  S-EMPTY-1: {en: '', fr: ''}\n",
        encoding="utf-8",
    )
    reference = load_reference(path, tmp_path / "missing.md")
    assert list(reference.entries) == ["S-GOOD-1"]
    assert reference.get("S-GOOD-1").text("fr") == "bien"  # type: ignore[union-attr]
    assert len(reference.problems) == 3  # the bad id; S-EMPTY-1 in English and in French


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    reference = load_reference(tmp_path / "nowhere.yaml", tmp_path / "missing.md")
    assert reference.entries == {}
    assert any("cannot read file" in str(p) for p in reference.problems)


@pytest.mark.parametrize(
    ("content", "english", "french"),
    [
        ("rules:\n  S-A-1: {en: one}\n", "rules[S-A-1]: fr: missing (every language is needed)",
         "rules[S-A-1] : fr : manquant (chaque langue est requise)"),
        ("rules:\n  S-A-1: just English\n",
         "rules[S-A-1]: expected a mapping {en: …, fr: …}, got 'just English'",
         "rules[S-A-1] : dictionnaire {en: …, fr: …} attendu, reçu 'just English'"),
        ("rules:\n  S-A-1: {en: one, fr: un, de: eins}\n", "unknown language 'de' (expected en, fr)",
         "langue inconnue 'de' (attendu : en, fr)"),
        ("rules:\n  not an id: {en: x, fr: x}\n", "rules['not an id']: not a rule ID",
         "rules['not an id'] : ce n'est pas un identifiant de règle"),
        ("rules: [a]\n", "rules: expected a mapping of rule ID: {en: …, fr: …}",
         "rules : dictionnaire identifiant de règle : {en: …, fr: …} attendu"),
        ("rules: {}\ndecisions:\n  AMB-X: [not, a, line]\n", "decisions[AMB-X]: expected a French line, got",
         "decisions[AMB-X] : ligne en français attendue, reçu"),
    ],
)
def test_a_load_problem_is_told_in_the_reader_s_language(
    tmp_path: Path, content: str, english: str, french: str
) -> None:
    path = tmp_path / "reference.yaml"
    path.write_text(HEADER + content, encoding="utf-8")
    problems = load_reference(path, tmp_path / "no-decisions.md").problems
    assert any(english in render(p.as_message(), "en") for p in problems), problems
    said = [render(p.as_message(), "fr") for p in problems]
    assert any(line.startswith(f"{path} : ") and french in line for line in said), said
