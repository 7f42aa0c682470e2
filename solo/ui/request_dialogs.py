"""The dialogs that answer a game step's requests: pick among options, order cards, type an answer.

Each dialog shows the request's own text and gives :meth:`RequestDialog.answer`, the value in the
type the engine expects. Dialogs refuse to be accepted before they hold a valid answer, so a stray
Enter key never answers for the player. Tests set the widgets and call ``accept()``; no ``exec()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from solo.automaton.table import Request
from solo.ui.words import renderer, say


def _tr(text: str) -> str:
    return QCoreApplication.translate("RequestDialogs", text)


class RequestDialog(QDialog):
    """A dialog for one request: its text on top, the answer widgets, OK and Cancel."""

    def __init__(self, request: Request, parent: QWidget | None = None, cancel_only: bool = False) -> None:
        super().__init__(parent)
        self.request = request
        self.setWindowTitle(_tr("The game asks"))
        self.setModal(True)
        self.text = QLabel(say(request.text))
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body = QVBoxLayout()
        buttons = QDialogButtonBox.StandardButton.Cancel
        if not cancel_only:
            buttons |= QDialogButtonBox.StandardButton.Ok
        self.buttons = QDialogButtonBox(buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addLayout(self.body)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(420)

    def add_note(self, text: str) -> QLabel:
        """A line of extra information under the request's text."""
        label = QLabel(text)
        label.setWordWrap(True)
        self.body.addWidget(label)
        return label

    def is_complete(self) -> bool:
        """Whether the widgets hold an answer (OK is enabled only then)."""
        return True

    def answer(self) -> Any:
        """The answer in the engine's type (only meaningful when :meth:`is_complete`)."""
        return None

    def update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(self.is_complete())

    def accept(self) -> None:
        if self.is_complete():
            super().accept()


class ChoiceDialog(RequestDialog):
    """One value among options, shown as a list (double-click chooses); nothing is chosen at first."""

    def __init__(
        self,
        request: Request,
        values: Sequence[Any],
        labels: Sequence[str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(request, parent)
        self.values = list(values)
        self.list = QListWidget()
        # Rows stand for the values: no item is made on the Python side (PySide 6.12 can leave a
        # stale wrapper of a deleted item behind, which then poses as another object).
        self.list.addItems([labels[i] if labels is not None else str(v) for i, v in enumerate(self.values)])
        self.list.setCurrentRow(-1)
        self.list.itemSelectionChanged.connect(self.update_ok)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.body.addWidget(self.list)
        self.update_ok()

    def choose(self, value: Any) -> None:
        """Select the option holding ``value`` (as a click would)."""
        self.list.setCurrentRow(self.values.index(value))

    def is_complete(self) -> bool:
        row = self.list.currentRow()
        return 0 <= row < len(self.values) and self.list.selectionModel().isRowSelected(row)

    def answer(self) -> Any:
        return self.values[self.list.currentRow()] if self.is_complete() else None


class OrderDialog(RequestDialog):
    """Cards in the order they lie on the table, left to right: Up and Down move the selected one."""

    def __init__(self, request: Request, cards: Sequence[str], parent: QWidget | None = None,
                 labels: Sequence[str] | None = None) -> None:
        super().__init__(request, parent)
        self.order = list(cards)
        """The cards' ids in the order shown (the list shows their labels, no item is kept)."""
        shown = labels if labels is not None else cards
        self._labels = {card: (label if label == card else f"{label} ({card})")
                        for card, label in zip(cards, shown, strict=True)}
        self.list = QListWidget()
        self.list.addItems([self._labels[card] for card in self.order])
        self.up = QPushButton(_tr("Up"))
        self.down = QPushButton(_tr("Down"))
        self.up.clicked.connect(lambda: self.move_current(-1))
        self.down.clicked.connect(lambda: self.move_current(1))
        side = QVBoxLayout()
        side.addWidget(self.up)
        side.addWidget(self.down)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addLayout(side)
        self.add_note(_tr("First = leftmost card: it is activated first."))
        self.body.addLayout(row)

    def move_current(self, offset: int) -> None:
        """Move the selected card up (-1) or down (+1) the order."""
        row = self.list.currentRow()
        target = row + offset
        if row < 0 or not 0 <= target < len(self.order):
            return
        self.order.insert(target, self.order.pop(row))
        self.list.clear()
        self.list.addItems([self._labels[card] for card in self.order])
        self.list.setCurrentRow(target)

    def answer(self) -> list[str]:
        return list(self.order)


class RoomDialog(RequestDialog):
    """Which room card was turned over and how the room lies: ``(layout, quarter turns clockwise)``."""

    def __init__(self, request: Request, layouts: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(request, parent)
        self.layouts = QListWidget()
        self.layout_ids = list(layouts)
        known = renderer().names  # a room by its printed name, its id beside it (the card's corner)
        self.layouts.addItems([f"{known.get('room:' + i, i)} ({i})" if known.get("room:" + i) else i
                               for i in self.layout_ids])
        self.layouts.setCurrentRow(-1)
        self.layouts.itemSelectionChanged.connect(self.update_ok)
        self.rotation = QComboBox()
        for turns, label in enumerate(
            (
                _tr("As printed (0)"),
                _tr("A quarter turn clockwise (1)"),
                _tr("A half turn (2)"),
                _tr("Three quarter turns clockwise (3)"),
            )
        ):
            self.rotation.addItem(label, turns)
        self.body.addWidget(QLabel(_tr("Room:")))
        self.body.addWidget(self.layouts)
        self.body.addWidget(QLabel(_tr("Turned from its printed orientation:")))
        self.body.addWidget(self.rotation)
        self.update_ok()

    def choose(self, layout: str, rotation: int) -> None:
        self.layouts.setCurrentRow(self.layout_ids.index(layout))
        self.rotation.setCurrentIndex(rotation % 4)

    def is_complete(self) -> bool:
        return bool(self.layouts.selectedItems())

    def answer(self) -> tuple[str, int] | None:
        row = self.layouts.currentRow()
        if not self.layouts.selectedItems() or not 0 <= row < len(self.layout_ids):
            return None
        return self.layout_ids[row], int(self.rotation.currentData())


class QuestionDialog(RequestDialog):
    """A personality's question: its choices offered, and free text for what they do not list (a
    square's name where the player put a token)."""

    def __init__(
        self,
        request: Request,
        question: str,
        choices: Sequence[str],
        personality: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(request, parent)
        if personality:
            self.add_note(_tr("Personality: {text}").format(text=personality))
        if question and question not in (say(request.text), request.text.english()):
            self.add_note(question)
        self.field = QComboBox()
        self.field.setEditable(True)
        self.field.addItems(list(choices))
        self.field.setCurrentIndex(-1)
        self.field.setEditText("")
        self.field.editTextChanged.connect(lambda _text: self.update_ok())
        self.field.currentIndexChanged.connect(lambda _index: self.update_ok())
        self.body.addWidget(self.field)
        self.update_ok()

    def choose(self, text: str) -> None:
        self.field.setEditText(text)

    def is_complete(self) -> bool:
        return bool(self.field.currentText().strip())

    def answer(self) -> str:
        return self.field.currentText().strip()


class InfoDialog(RequestDialog):
    """Something to read: a notice (OK answers None) or a request the app cannot answer (Cancel only)."""

    def __init__(
        self, request: Request, note: str = "", parent: QWidget | None = None, answerable: bool = True
    ) -> None:
        super().__init__(request, parent, cancel_only=not answerable)
        if note:
            self.add_note(note)
        self.answerable = answerable

    def is_complete(self) -> bool:
        return self.answerable
