"""The rules reference window: every rule ID the app cites (S-…, B-…, AMB-…) with a short explanation.

The data (``rules/reference.yaml`` and the decisions of ``docs/decisions.md``) is read by
``solo.content.reference``; this widget shows it in the app's language and follows a language switch.
A missing or broken file never stops the app: the reference says what went wrong and shows the rest.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QUrl, Signal
from PySide6.QtGui import QResizeEvent
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

from solo.content.reference import RULE_ID, Reference, default_reference
from solo.ui.i18n import current_language
from solo.ui.words import problem_line

LINK_SCHEME = "rule"


def _tr(text: str) -> str:
    return QCoreApplication.translate("RulesReference", text)


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


# -- the widget -------------------------------------------------------------------------------------
SIDE_BY_SIDE_WIDTH = 560
"""The least width of the pane with the list of rule IDs beside the rule's text (below: above it)."""


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
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.list)
        self.splitter.addWidget(self.text)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problems)
        layout.addWidget(self.search)
        layout.addWidget(self.splitter, 1)
        self._fill()
        self._retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        """In a narrow pane the list sits above the rule's text: side by side, the text got a few letters
        a line."""
        super().resizeEvent(event)
        wide = event.size().width() >= SIDE_BY_SIDE_WIDTH
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() is not orientation:
            self.splitter.setOrientation(orientation)
            total = self.splitter.width() if wide else self.splitter.height()
            self.splitter.setSizes([total // 3, total - total // 3])

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
        language = current_language()
        html: list[str] = []
        if entry is not None:
            group = self.reference.group_title(rule_id, language)
            html.append(f"<h3>{_escape(rule_id)}</h3>")
            if group:
                html.append(f"<p><i>{_escape(group)}</i></p>")
            html.append(f"<p>{linkify(entry.text(language))}</p>")
            if entry.source == "decisions":
                adopted = _tr("A reading adopted by this project (docs/decisions.md).")
                html.append(f"<p><i>{_escape(adopted)}</i></p>")
        else:
            title = self.reference.group_title(rule_id, language)
            html.append(f"<h3>{_escape(rule_id)}</h3>")
            if title:
                html.append(f"<p><i>{_escape(title)}</i></p>")
            for member in self.reference.members(rule_id):
                html.append(f"<p><b>{links([member.rule_id])}</b> {linkify(member.text(language))}</p>")
        self.text.setHtml("".join(html))
        self._current = rule_id
        self.rule_shown.emit(rule_id)

    def _filter(self, query: str) -> None:
        words = query.lower().split()
        language = current_language()
        for rule_id, row in self._rows.items():
            item = self.list.item(row)
            entry = self.reference.entries[rule_id]
            haystack = f"{rule_id} {entry.text(language)}".lower()
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
        self.search.setToolTip(self.search.placeholderText())  # in full when the pane cuts it
        problems = self.reference.problems
        self.problems.setVisible(bool(problems))
        if problems:
            more = "\n…" if len(problems) > 5 else ""
            shown = "\n".join(problem_line(p) for p in problems[:5]) + more
            self.problems.setText(_tr("Part of the rules reference could not be read:") + "\n" + shown)
        if self._current is not None:
            self._show(self._current)
        if self.search.text():
            self._filter(self.search.text())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)
