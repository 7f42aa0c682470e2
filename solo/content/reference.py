"""The rules reference as data: every rule ID the app cites (S-…, B-…, AMB-…), explained in each language.

The explanations are the project's own words, kept in ``rules/reference.yaml`` as ``{en: …, fr: …}``;
the project's decisions (``AMB-…`` of ``docs/decisions.md``) are read from that file at load time,
one English line each, and their French lines are the ``decisions:`` section of the reference file.
Loading never raises: what cannot be read goes to ``problems``, each naming the file and the entry.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from solo.content.texts import Texts, read_texts
from solo.errors import DataError, Problem, cut, shown
from solo.locations import PROJECT_ROOT, RULES_DIR
from solo.messages import Message, msg
from solo.records import field, record
from solo.yamlio import load_yaml_file, os_words

REFERENCE_FILE = RULES_DIR / "reference.yaml"
DECISIONS_FILE = PROJECT_ROOT / "docs" / "decisions.md"
FORMAT = "dt-solo-reference/2"
RULE_ID = re.compile(r"\b(?:AMB|S|B)-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b")
"""A rule ID as the engine and the spec write it: S-FIGHT-2, B-MOVE-12, S-REVEAL-NPC-1, AMB-B-CARRY…"""
_DECISION = re.compile(r"^- \*\*(AMB-[A-Z0-9-]+)\*\*\s*(?:\*\([^)]*\)\*\s*)?[—-]+\s*(.*)$")
"""A decision's first line: ``- **AMB-…** *(rulebook)* — text``, the status (any words) optional."""
_INLINE = re.compile(r"\*\*(AMB-[A-Z0-9-]+)\*\*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`*])")


@record(frozen=True)
class RuleEntry:
    """One rule ID and what it says in each language; ``source`` tells where the text comes from."""

    rule_id: str
    texts: Texts
    source: str = "reference"
    """``reference`` (rules/reference.yaml) or ``decisions`` (docs/decisions.md)."""

    def text(self, language: str = "en") -> str:
        """The explanation in ``language`` (English when that language has none)."""
        return self.texts.get(language)


@record
class Reference:
    """The loaded reference: entries by ID, group titles by prefix, and what could not be read."""

    entries: dict[str, RuleEntry] = field(default_factory=dict)
    groups: dict[str, Texts] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    """What could not be read, each naming the file and the entry (told in the reader's language)."""

    def get(self, rule_id: str) -> RuleEntry | None:
        return self.entries.get(rule_id.strip().upper())

    def members(self, prefix: str) -> list[RuleEntry]:
        """The entries of a group (``S-FIGHT`` gives S-FIGHT-1, S-FIGHT-2…), in reference order."""
        start = prefix.strip().upper() + "-"
        return [e for key, e in self.entries.items() if key.startswith(start)]

    def group_title(self, rule_id: str, language: str) -> str:
        """The title of the nearest group holding ``rule_id`` (or of the group ``rule_id`` itself)."""
        parts = rule_id.split("-")
        for end in range(len(parts), 0, -1):
            title = self.groups.get("-".join(parts[:end]))
            if title:
                return title.get(language)
        return ""


def rule_ids(text: str) -> list[str]:
    """The rule IDs cited in a text, in order, each once."""
    return list(dict.fromkeys(RULE_ID.findall(text)))


# -- rules/reference.yaml ---------------------------------------------------------------------------
def _texts(path: Path, entry: str, value: Any, problems: list[Problem]) -> Texts | None:
    texts, wrong = read_texts(value, plain_allowed=False)
    problems.extend(Problem(str(path), entry, w) for w in wrong)
    return texts


def _problem(reference: Reference, path: Path, entry: str, message: Message) -> None:
    reference.problems.append(Problem(str(path), entry, message))


def _read_groups(path: Path, groups: Any, reference: Reference) -> None:
    if not isinstance(groups, dict):
        _problem(reference, path, "groups", msg("expected a mapping of prefix: {{en: …, fr: …}}"))
        return
    for prefix, title in groups.items():
        texts = _texts(path, f"groups[{prefix}]", title, reference.problems)
        if texts is not None:
            reference.groups[str(prefix)] = texts


def _read_rules(path: Path, rules: Any, reference: Reference) -> None:
    if not isinstance(rules, dict):
        _problem(reference, path, "rules", msg("expected a mapping of rule ID: {{en: …, fr: …}}"))
        return
    for rule_id, value in rules.items():
        if not isinstance(rule_id, str) or RULE_ID.fullmatch(rule_id) is None:
            _problem(reference, path, f"rules[{shown(rule_id)}]", msg("not a rule ID"))
            continue
        texts = _texts(path, f"rules[{rule_id}]", value, reference.problems)
        if texts is not None:
            reference.entries[rule_id] = RuleEntry(rule_id, texts)


def _read_yaml(path: Path, reference: Reference) -> dict[str, str]:
    """Read the groups and rules into ``reference``; returns the French lines of the decisions."""
    try:
        data: Any = load_yaml_file(path)
    except DataError as error:
        reference.problems.extend(error.problems)
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        _problem(reference, path, "format", msg("expected a mapping with format: {format}", format=FORMAT))
        return {}
    unknown = sorted(str(k) for k in data if k not in ("format", "groups", "rules", "decisions"))
    reference.problems.extend(Problem(str(path), key, msg("unknown key")) for key in unknown)
    _read_groups(path, data.get("groups", {}), reference)
    _read_rules(path, data.get("rules"), reference)
    french: dict[str, str] = {}
    lines = data.get("decisions", {})
    if not isinstance(lines, dict):
        _problem(reference, path, "decisions", msg("expected a mapping of AMB ID: French line"))
        return {}
    for rule_id, text in lines.items():
        if not isinstance(text, str) or not text.strip():
            wrong = msg("expected a French line, got {value}", value=shown(text))
            _problem(reference, path, f"decisions[{rule_id}]", wrong)
        else:
            french[str(rule_id)] = " ".join(text.split())
    return french


# -- docs/decisions.md ------------------------------------------------------------------------------
def _summary(paragraph: str) -> str:
    text = " ".join(paragraph.split()).replace("**", "").replace("`", "")
    return _SENTENCE_END.split(text, maxsplit=1)[0]


def _inline(paragraph: str, found: dict[str, str]) -> None:
    """Decisions named in bold inside another's paragraph: the sentence naming them."""
    text = " ".join(paragraph.split())
    for sentence in _SENTENCE_END.split(text):
        for rule_id in _INLINE.findall(sentence):
            found.setdefault(rule_id, sentence.replace("**", "").replace("`", ""))


def decisions(path: Path) -> dict[str, str]:
    """The project's decisions (``- **AMB-…** — text`` items of decisions.md): ID -> first sentence.
    A decision stated in bold inside another's item gets the sentence that states it."""
    found: dict[str, str] = {}
    inline: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        match = _DECISION.match(line)
        if match is not None or not line.startswith("  "):
            if current is not None:
                found[current] = _summary(" ".join(lines))
                _inline(" ".join(lines), inline)
            current, lines = (match.group(1), [match.group(2)]) if match is not None else (None, [])
        elif current is not None:
            lines.append(line.strip())
    for rule_id, sentence in inline.items():
        found.setdefault(rule_id, sentence)
    return found


def _add_decisions(notes: Path, french: dict[str, str], source: Path, reference: Reference) -> None:
    try:
        found = decisions(notes)
    except OSError as error:
        _problem(reference, notes, "", msg("cannot read file: {error}", error=os_words(error)))
        return
    except UnicodeDecodeError as error:
        unreadable = msg("cannot read file: not UTF-8 text: {error}", error=cut(str(error)))
        _problem(reference, notes, "", unreadable)
        return
    for rule_id, english in found.items():
        if rule_id not in reference.entries:
            pairs = (("en", english),) + ((("fr", french[rule_id]),) if rule_id in french else ())
            reference.entries[rule_id] = RuleEntry(rule_id, Texts(pairs), "decisions")
    stray = [rule_id for rule_id in french if rule_id not in found]
    reference.problems.extend(Problem(str(source), f"decisions[{r}]", msg(
        "no such decision in {file}", file=notes.name)) for r in stray)


def missing_french(reference: Reference) -> list[str]:
    """The decisions of docs/decisions.md that have no French line yet (they show in English)."""
    found = reference.entries.items()
    return [r for r, e in found if e.source == "decisions" and "fr" not in dict(e.texts.pairs)]


def load_reference(path: Path | None = None, decisions_path: Path | None = None) -> Reference:
    """Read the reference and the decisions; never raises: what cannot be read goes to ``problems``."""
    reference = Reference()
    source = path or REFERENCE_FILE
    french = _read_yaml(source, reference)
    notes = decisions_path or DECISIONS_FILE
    if notes.exists():
        _add_decisions(notes, french, source, reference)
    return reference


@cache
def default_reference() -> Reference:
    """The bundled reference, read once per process."""
    return load_reference()
