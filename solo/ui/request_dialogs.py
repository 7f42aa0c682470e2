"""The dialogs that answer a game step's requests: pick among options, order cards, type an answer.

Each dialog shows the request's own text and gives :meth:`RequestDialog.answer`, the value in the
type the engine expects. Dialogs refuse to be accepted before they hold a valid answer, so a stray
Enter key never answers for the player. Tests set the widgets and call ``accept()``; no ``exec()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from solo.automaton.table import Request
from solo.content.rooms import RoomLayout
from solo.ui.room_pictures import room_picture, rotation_short, rotation_text
from solo.ui.words import room_name, say

PICTURE_SIDE = 96
"""The side of a room's picture in the room prompt, in pixels."""
CHECKED_STYLE = "QToolButton:checked { border: 3px solid #2e86c1; background: #cfe3f5; }"


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
    """Which room card was turned over and how the room lies: ``(layout, quarter turns clockwise)``.
    Each candidate room is shown as a picture at its four orientations: the player clicks the one he
    sees on the table (issue 13: the prompt listed ids)."""

    def __init__(self, request: Request, layouts: Sequence[str], parent: QWidget | None = None,
                 rooms: Mapping[str, RoomLayout] | None = None) -> None:
        super().__init__(request, parent)
        self.ids = list(layouts)
        rooms = rooms or {}
        slot = getattr(request, "slot", 0)
        self.text.setText(_tr("Room {slot}: which room did you turn over, and how does it lie? Click it "
                              "as you see it on the table, the yellow line at the bottom (S-REVEAL-1).")
                          .format(slot=slot))
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        for turns in range(4):
            title = QLabel(rotation_short(turns))
            title.setToolTip(rotation_text(turns))
            grid.addWidget(title, 0, turns + 1, Qt.AlignmentFlag.AlignCenter)
        for row, layout_id in enumerate(self.ids, start=1):
            room = rooms.get(layout_id)
            name = room_name(room, layout_id)
            grid.addWidget(QLabel(name), row, 0)
            for turns in range(4):
                button = QToolButton()
                button.setCheckable(True)
                button.setStyleSheet(CHECKED_STYLE)
                button.setToolTip(f"{name}, {rotation_text(turns)}")  # the room's name, not its id
                if room is not None:
                    button.setIcon(QIcon(room_picture(room, turns, PICTURE_SIDE)))
                    button.setIconSize(QSize(PICTURE_SIDE, PICTURE_SIDE))
                else:
                    button.setText(rotation_text(turns))
                self.group.addButton(button, (row - 1) * 4 + turns)
                grid.addWidget(button, row, turns + 1)
        self.group.idToggled.connect(lambda *_: self.update_ok())
        holder = QWidget()
        holder.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        scroll.setMinimumHeight(min(len(self.ids), 3) * (PICTURE_SIDE + 14) + 30)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(4 * (PICTURE_SIDE + 16) + 200)
        self.body.addWidget(scroll)
        self.update_ok()

    def choose(self, layout: str, rotation: int) -> None:
        """Click the picture of ``layout`` at ``rotation`` (as the player would)."""
        button = self.group.button(self.ids.index(layout) * 4 + rotation % 4)
        button.setChecked(True)

    def is_complete(self) -> bool:
        return self.group.checkedId() >= 0

    def answer(self) -> tuple[str, int] | None:
        chosen = self.group.checkedId()
        if chosen < 0:
            return None
        return self.ids[chosen // 4], chosen % 4


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
