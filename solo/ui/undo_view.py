"""The history dock: every edit and step on the undo stack, and a bar naming the rules the table breaks.

The bar warns, never blocks: an edit breaking a rule is kept (the real table is the truth), the bar
lists the problems (each naming its rule ID) and empties as soon as the table is clean again.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QUndoView, QVBoxLayout, QWidget

from solo.errors import Problem
from solo.game.state import Game
from solo.ui.model import GameModel
from solo.ui.words import figure_name, problem_words, token_label

_CHARACTER_ENTRY = re.compile(r"^characters\[([^\]]+)\](\.carries)?$")
_OBJECT_ENTRY = re.compile(r"^objects\[(\d+)\]$")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def problem_text(game: Game, problem: Problem) -> str:
    """A problem as the player reads it: whom or where it is about, then the message (with its rule)."""
    entry = problem.entry
    found = _CHARACTER_ENTRY.match(entry)
    if found is not None:
        entry = _capital(figure_name(found.group(1), game))
    else:
        index = _OBJECT_ENTRY.match(entry)
        objects = game.position.objects
        if index is not None and int(index.group(1)) < len(objects):
            entry = token_label(f"object:{objects[int(index.group(1))].kind}", game)
    words = problem_words(problem, game)
    if not entry:
        return words
    return QCoreApplication.translate("WarningsBar", "{entry}: {words}").format(entry=entry, words=words)


class WarningsBar(QFrame):
    """The rules the table breaks after the last edit (or undo, or step); hidden when it breaks none."""

    def __init__(self, model: GameModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("warnings-bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#warnings-bar { background: #fff3cd; border: 1px solid #e0b252; }")
        self._model = model
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.label)
        self.problems: list[Problem] = []
        model.warnings.connect(self.show_problems)
        model.changed.connect(self.refresh)
        self.refresh()

    def show_problems(self, problems: list[Problem]) -> None:
        """Show these problems (an empty list hides the bar)."""
        self.problems = list(problems)
        if not self.problems:
            self.label.clear()
            self.setVisible(False)
            return
        heading = QCoreApplication.translate("WarningsBar", "The table breaks a rule (kept as it is):")
        lines = [problem_text(self._model.game, p) for p in self.problems]
        self.label.setText("\n".join([heading, *(f"• {line}" for line in lines)]))
        self.setVisible(True)

    def refresh(self) -> None:
        """After any change: the table's problems now (a clean edit or an undo clears the bar)."""
        self.show_problems(self._model.position.status("table"))

    def text(self) -> str:
        return self.label.text()


class UndoDock(QDockWidget):
    """A dock with the undo history (click an entry to go back to it) and the warnings bar."""

    def __init__(self, model: GameModel, parent: QWidget | None = None) -> None:
        super().__init__(QCoreApplication.translate("UndoDock", "History"), parent)
        self.setObjectName("undo-dock")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        self.view = QUndoView(model.undo_stack, body)
        self.view.setEmptyLabel(QCoreApplication.translate("UndoDock", "Table as set up"))
        self.warnings_bar = WarningsBar(model, body)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.warnings_bar)
        self.setWidget(body)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """The language changed: the title and the empty entry are told again."""
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "view"):
            self.setWindowTitle(QCoreApplication.translate("UndoDock", "History"))
            self.view.setEmptyLabel(QCoreApplication.translate("UndoDock", "Table as set up"))
        super().changeEvent(event)
