"""Pieces shared by the card and room editors: the problem table and the flag banner."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QHeaderView, QLabel, QMessageBox, QTableWidget, QTableWidgetItem, QWidget

from solo.content.npccard import SOURCES
from solo.errors import Problem
from solo.ui.words import problem_words


def _tr(text: str) -> str:
    return QCoreApplication.translate("ContentEditor", text)


def mode_labels() -> dict[str, str]:
    """The objective modes (S-CARD-2) as the player reads them."""
    return {"fight": _tr("Fight"), "take_object": _tr("Take object"), "exit": _tr("Exit"),
            "reveal": _tr("Reveal"), "regroup": _tr("Regroup"), "rotation": _tr("Rotation"),
            "open_portcullis": _tr("Open portcullis"), "break_portcullis": _tr("Break portcullis"),
            "heal": _tr("Heal"), "repulse": _tr("Repulse")}


def class_labels() -> dict[str, str]:
    """The 8 classes, in the engine's order."""
    return {"cleric": _tr("Cleric"), "colossus": _tr("Colossus"), "backstabber": _tr("Backstabber"),
            "mechanork": _tr("Mechanork"), "wizard": _tr("Wizard"), "banshee": _tr("Banshee"),
            "naga": _tr("Naga"), "telepath": _tr("Telepath")}


def object_labels() -> dict[str, str]:
    """What an object priority list may name: the 6 object kinds and a wounded friend."""
    return {"key": _tr("Key"), "rope": _tr("Rope"), "spear": _tr("Telescoping spear"), "bow": _tr("Bow"),
            "shield": _tr("Large shield"), "wand": _tr("Fireball wand"), "wounded": _tr("Wounded friend")}


def source_labels() -> dict[str, str]:
    """Where a card's values come from (the ``source`` field)."""
    labels = {"rulebook": _tr("rulebook (transcribed)"), "entered": _tr("entered from a printed card"),
              "demo": _tr("demo deck"), "custom": _tr("custom (made up)")}
    return {source: labels.get(source, source) for source in SOURCES}


def card_field_label(name: str) -> str:
    """A card field name of ``unknown``/``completed`` (``objective-2``…) as the player reads it."""
    if name.startswith("objective-"):
        return _tr("objective {0}").format(name.removeprefix("objective-"))
    labels = {"epithet": _tr("epithet"), "class": _tr("class"), "default": _tr("default objective"),
              "objects": _tr("object priorities"), "characters": _tr("character priorities"),
              "personality": _tr("personality")}
    return labels.get(name, name)


def card_field_list(names: Iterable[str]) -> str:
    """Several card fields as one readable list."""
    return ", ".join(card_field_label(name) for name in names)


class ProblemTable(QTableWidget):
    """Every problem the engine finds in the edited content: file, field, message (errors first,
    then warnings, which do not block saving)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels([_tr("File"), _tr("Field"), _tr("Problem")])
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.setWordWrap(True)

    def set_problems(self, errors: Iterable[Problem], warnings: Iterable[Problem] = ()) -> None:
        """Show these problems, replacing the previous ones."""
        rows = [(p, False) for p in errors] + [(p, True) for p in warnings]
        self.setRowCount(len(rows))
        for row, (problem, warning) in enumerate(rows):
            words = problem_words(problem)
            message = _tr("warning: {0}").format(words) if warning else words
            cells = (Path(problem.source).name or problem.source, problem.entry, message)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(problem.source if column == 0 else text)
                if not warning:
                    item.setForeground(Qt.GlobalColor.darkRed)
                self.setItem(row, column, item)
        self.resizeRowsToContents()

    def row_texts(self) -> list[tuple[str, str, str]]:
        """The table's rows as (file, field, message), as shown."""
        return [(self._text(row, 0), self._text(row, 1), self._text(row, 2))
                for row in range(self.rowCount())]

    def _text(self, row: int, column: int) -> str:
        item = self.item(row, column)
        return item.text() if item is not None else ""


class Banner(QLabel):
    """A coloured line above an editor saying what is special about the content (gaps, invented
    values, a bundled file that will be saved as the player's own)."""

    _STYLES: ClassVar[dict[str, str]] = {
        "warning": "background: #fff3c4; color: #5a4500; border: 1px solid #e0c060;",
        "info": "background: #e4efff; color: #1c3a66; border: 1px solid #9ab8e6;"}

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setMargin(6)
        self.hide()

    def show_message(self, text: str, kind: str = "info") -> None:
        """Show ``text`` (empty hides the banner); ``kind`` is ``info`` or ``warning``."""
        self.setText(text)
        self.setStyleSheet(f"QLabel {{ {self._STYLES.get(kind, self._STYLES['info'])} }}")
        self.setProperty("kind", kind)
        self.setVisible(bool(text))


class UnsavedChangesGuard:
    """For an editor with a ``modified`` flag: closing it or opening something else asks before
    dropping unsaved changes (put before QWidget in the bases, for ``closeEvent``)."""

    modified: bool

    def confirm_discard(self) -> bool:
        """True when nothing unsaved would be lost, or the player agrees to drop it (tests replace this)."""
        if not self.modified:
            return True
        assert isinstance(self, QWidget)
        answer = QMessageBox.question(
            self, _tr("Unsaved changes"), _tr("Your changes are not saved. Drop them?"),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        """Closing the editor never drops unsaved changes without asking."""
        if self.confirm_discard():
            event.accept()
        else:
            event.ignore()
