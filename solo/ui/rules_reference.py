"""The rules reference: every rule ID the app cites (S-…, B-…, AMB-…) with a short explanation.

The explanations are the project's own words, kept in ``rules/reference.yaml``; the project's
decisions (``AMB-…`` of ``docs/decisions.md``) are read from that file at load time, one line each.
A missing or broken file never stops the app: the reference says what went wrong and shows the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from solo.errors import DataError
from solo.locations import PROJECT_ROOT, RULES_DIR
from solo.yamlio import load_yaml_file

REFERENCE_FILE = RULES_DIR / "reference.yaml"
DECISIONS_FILE = PROJECT_ROOT / "docs" / "decisions.md"
FORMAT = "dt-solo-reference/1"
RULE_ID = re.compile(r"\b(?:AMB|S|B)-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b")
"""A rule ID as the engine and the spec write it: S-FIGHT-2, B-MOVE-12, S-REVEAL-NPC-1, AMB-B-CARRY…"""
LINK_SCHEME = "rule"
_DECISION = re.compile(r"^- \*\*(AMB-[A-Z0-9-]+)\*\*\s*(?:\*\([a-z ]+\)\*\s*)?[—-]+\s*(.*)$")
"""A decision's first line: ``- **AMB-…** *(rulebook)* — text``, the status (issue 14) optional."""
_INLINE = re.compile(r"\*\*(AMB-[A-Z0-9-]+)\*\*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`*])")


def _tr(text: str) -> str:
    return QCoreApplication.translate("RulesReference", text)


@dataclass(frozen=True)
class RuleEntry:
    """One rule ID and what it says, in a line or two; ``source`` tells where the text comes from."""

    rule_id: str
    text: str
    source: str = "reference"
    """``reference`` (rules/reference.yaml) or ``decisions`` (docs/decisions.md)."""


@dataclass
class Reference:
    """The loaded reference: entries by ID, group titles by prefix, and what could not be read."""

    entries: dict[str, RuleEntry] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def get(self, rule_id: str) -> RuleEntry | None:
        return self.entries.get(rule_id.strip().upper())

    def members(self, prefix: str) -> list[RuleEntry]:
        """The entries of a group (``S-FIGHT`` gives S-FIGHT-1, S-FIGHT-2…), in reference order."""
        start = prefix.strip().upper() + "-"
        return [e for key, e in self.entries.items() if key.startswith(start)]


def rule_ids(text: str) -> list[str]:
    """The rule IDs cited in a text, in order, each once."""
    return list(dict.fromkeys(RULE_ID.findall(text)))


def rule_href(rule_id: str) -> str:
    return f"{LINK_SCHEME}:{rule_id}"


def rule_of_href(href: str) -> str | None:
    """The rule ID a link points to (``rule:S-FIGHT-2``), or None for another kind of link."""
    scheme, _, rest = href.partition(":")
    return rest if scheme == LINK_SCHEME and rest else None


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def linkify(text: str) -> str:
    """The text as HTML, every rule ID in it a link to the reference."""
    parts: list[str] = []
    position = 0
    for match in RULE_ID.finditer(text):
        parts.append(_escape(text[position : match.start()]))
        parts.append(f'<a href="{rule_href(match.group())}">{match.group()}</a>')
        position = match.end()
    parts.append(_escape(text[position:]))
    return "".join(parts)


def links(ids: list[str] | tuple[str, ...]) -> str:
    """Rule IDs as HTML links separated by commas."""
    return ", ".join(f'<a href="{rule_href(i)}">{_escape(i)}</a>' for i in ids)


# -- loading ----------------------------------------------------------------------------------------
def _read_yaml(path: Path, reference: Reference) -> None:
    try:
        data: Any = load_yaml_file(path)
    except DataError as error:
        reference.problems.extend(str(p) for p in error.problems)
        return
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        reference.problems.append(f"{path}: expected a mapping with format: {FORMAT}")
        return
    groups, rules = data.get("groups", {}), data.get("rules")
    if not isinstance(groups, dict):
        reference.problems.append(f"{path}: groups: expected a mapping of prefix: title")
        groups = {}
    for prefix, title in groups.items():
        if isinstance(prefix, str) and isinstance(title, str):
            reference.groups[prefix] = title
        else:
            reference.problems.append(f"{path}: groups[{prefix!r}]: expected a text")
    if not isinstance(rules, dict):
        reference.problems.append(f"{path}: rules: expected a mapping of rule ID: explanation")
        return
    for rule_id, text in rules.items():
        if not isinstance(rule_id, str) or RULE_ID.fullmatch(rule_id) is None:
            reference.problems.append(f"{path}: rules[{rule_id!r}]: not a rule ID")
        elif not isinstance(text, str) or not text.strip():
            reference.problems.append(f"{path}: rules[{rule_id}]: expected an explanation")
        else:
            reference.entries[rule_id] = RuleEntry(rule_id, " ".join(text.split()))


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


def load_reference(path: Path | None = None, decisions_path: Path | None = None) -> Reference:
    """Read the reference and the decisions; never raises: what cannot be read goes to ``problems``."""
    reference = Reference()
    _read_yaml(path or REFERENCE_FILE, reference)
    notes = decisions_path or DECISIONS_FILE
    if notes.exists():
        try:
            found = decisions(notes)
        except (OSError, UnicodeDecodeError) as error:
            reference.problems.append(f"{notes}: cannot read file: {error}")
            found = {}
        for rule_id, text in found.items():
            if rule_id not in reference.entries:
                reference.entries[rule_id] = RuleEntry(rule_id, text, "decisions")
    return reference


@cache
def default_reference() -> Reference:
    """The bundled reference, read once per process."""
    return load_reference()


# -- the widget -------------------------------------------------------------------------------------
class RulesReference(QWidget):
    """Search box, list of rule IDs and the selected rule's explanation; :meth:`show_rule` opens one."""

    rule_shown = Signal(str)

    def __init__(self, reference: Reference | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reference = reference if reference is not None else default_reference()
        self._current: str | None = None
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #a00000;")
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._item_chosen)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self._anchor)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.list)
        splitter.addWidget(self.text)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problems)
        layout.addWidget(self.search)
        layout.addWidget(splitter, 1)
        self._fill()
        self._retranslate()

    # -- public -----------------------------------------------------------------------------------
    def current_rule(self) -> str | None:
        """The rule ID shown (None: nothing, or an unknown ID)."""
        return self._current

    def shown_text(self) -> str:
        return self.text.toPlainText()

    def show_rule(self, rule_id: str) -> None:
        """Show one rule (or a whole group, ``S-FIGHT``); an unknown ID says so."""
        wanted = rule_id.strip().upper()
        entry = self.reference.get(wanted)
        if entry is None and not self.reference.members(wanted):
            self._current = None
            self.list.blockSignals(True)
            self.list.setCurrentRow(-1)
            self.list.blockSignals(False)
            self.text.setHtml(
                "<p>"
                + _escape(_tr("{id} is not in the rules reference.").format(id=wanted or "?"))
                + "</p>"
            )
            return
        if entry is not None and self.search.text():
            item = self._item(wanted)
            if item is not None and item.isHidden():
                self.search.clear()
        item = self._item(wanted)
        if item is not None:
            self.list.blockSignals(True)
            self.list.setCurrentItem(item)
            self.list.blockSignals(False)
            self.list.scrollToItem(item)
        self._show(wanted)

    # -- inside -----------------------------------------------------------------------------------
    def _fill(self) -> None:
        ids = list(self.reference.entries)
        self.list.addItems(ids)  # one call: the list has a few hundred rules
        # Rows, not item wrappers: a Python wrapper kept past its C++ item (deleted with the list)
        # can later stand for another object at the same address.
        self._rows: dict[str, int] = {r: i for i, r in enumerate(ids)}

    def _item(self, rule_id: str) -> QListWidgetItem | None:
        """The list's item of a rule, looked up when needed."""
        row = self._rows.get(rule_id)
        return None if row is None else self.list.item(row)

    def _show(self, rule_id: str) -> None:
        entry = self.reference.get(rule_id)
        html: list[str] = []
        if entry is not None:
            group = self._group_title(rule_id)
            html.append(f"<h3>{_escape(rule_id)}</h3>")
            if group:
                html.append(f"<p><i>{_escape(group)}</i></p>")
            html.append(f"<p>{linkify(entry.text)}</p>")
            if entry.source == "decisions":
                adopted = _tr("A reading adopted by this project (docs/decisions.md).")
                html.append(f"<p><i>{_escape(adopted)}</i></p>")
        else:
            title = self.reference.groups.get(rule_id, "")
            html.append(f"<h3>{_escape(rule_id)}</h3>")
            if title:
                html.append(f"<p><i>{_escape(title)}</i></p>")
            for member in self.reference.members(rule_id):
                html.append(f"<p><b>{links([member.rule_id])}</b> {linkify(member.text)}</p>")
        self.text.setHtml("".join(html))
        self._current = rule_id
        self.rule_shown.emit(rule_id)

    def _group_title(self, rule_id: str) -> str:
        parts = rule_id.split("-")
        for end in range(len(parts) - 1, 0, -1):
            title = self.reference.groups.get("-".join(parts[:end]))
            if title:
                return title
        return ""

    def _filter(self, query: str) -> None:
        words = query.lower().split()
        for rule_id, row in self._rows.items():
            item = self.list.item(row)
            entry = self.reference.entries[rule_id]
            haystack = f"{rule_id} {entry.text}".lower()
            hidden = not all(w in haystack for w in words)
            if item.isHidden() != hidden:  # only what changes: typing stays cheap on a long list
                item.setHidden(hidden)

    def _item_chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self._show(item.text())

    def _anchor(self, url: QUrl) -> None:
        rule_id = rule_of_href(url.toString())
        if rule_id is not None:
            self.show_rule(rule_id)

    def _retranslate(self) -> None:
        self.setWindowTitle(_tr("Rules reference"))
        self.search.setPlaceholderText(_tr("Search a rule ID or words"))
        problems = self.reference.problems
        self.problems.setVisible(bool(problems))
        if problems:
            shown = "\n".join(problems[:5]) + ("\n…" if len(problems) > 5 else "")
            self.problems.setText(_tr("Part of the rules reference could not be read:") + "\n" + shown)
        if self._current is not None:
            self._show(self._current)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)
