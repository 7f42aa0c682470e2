"""The lists of the card editor: an ordered priority list (objects, characters) and the card library
(every card file of every card folder, with its flags)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from solo.content.cards import card_folders
from solo.content.npccard import NpcCard, load_card
from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR
from solo.ui.content_editor_common import card_field_list, class_labels

_ID_ROLE = Qt.ItemDataRole.UserRole


def _tr(text: str) -> str:
    return QCoreApplication.translate("CardEditor", text)


class PriorityList(QWidget):
    """An ordered list, best first: ticked entries are on the card, in the order shown. Click the
    entries in order to rank them (a ticked one clicked again leaves the ranking), or drag one, or
    move it with the buttons; "Rank again" unticks all. With ``complete`` (the character list, which
    names all 8 classes) the last entry left is ranked by itself. Emits ``changed`` on every change."""

    changed = Signal()

    def __init__(self, labels: dict[str, str], parent: QWidget | None = None, complete: bool = False) -> None:
        super().__init__(parent)
        self._labels = labels
        self._complete = complete
        self.list = QListWidget(self)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.up = QPushButton(self.tr("Up"), self)
        self.down = QPushButton(self.tr("Down"), self)
        self.again = QPushButton(self.tr("Rank again"), self)
        self.again.setToolTip(self.tr("Untick every entry, then click them in order, best first"))
        buttons = QVBoxLayout()
        buttons.addWidget(self.again)
        buttons.addWidget(self.up)
        buttons.addWidget(self.down)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.up.clicked.connect(lambda: self.move_current(-1))
        self.down.clicked.connect(lambda: self.move_current(1))
        self.again.clicked.connect(lambda: self.rank_again())
        self.list.itemClicked.connect(self.rank)
        self.list.itemChanged.connect(lambda _item: self.changed.emit())
        self.list.model().rowsMoved.connect(lambda *_args: self.changed.emit())
        self.set_values([])

    def set_values(self, chosen: list[str]) -> None:
        """Tick ``chosen`` in this order; the other allowed entries follow, unticked. Entries the
        list does not know are kept (ticked) so that the validator can name them."""
        self.list.blockSignals(True)
        self.list.clear()
        others = [key for key in self._labels if key not in chosen]
        for key in [*chosen, *others]:
            item = QListWidgetItem(self._labels.get(key, key))
            item.setData(_ID_ROLE, key)
            # the tick shows the ranking; a click anywhere on the row ranks it (see rank)
            item.setFlags((item.flags() | Qt.ItemFlag.ItemIsDragEnabled)
                          & ~Qt.ItemFlag.ItemIsDropEnabled & ~Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if key in chosen else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.list.blockSignals(False)
        self._fit()
        self.changed.emit()

    def _fit(self) -> None:
        """Show every entry at once: the list never scrolls (the mouse wheel scrolls the form)."""
        rows = max(1, self.list.count())
        row_height = max(self.list.sizeHintForRow(0), self.list.fontMetrics().height() + 4)
        self.list.setFixedHeight(rows * row_height + 2 * self.list.frameWidth() + 4)

    def rank(self, item: QListWidgetItem) -> None:
        """A click on an entry: unticked, it is ticked and goes after the ranked ones; ticked, it
        leaves the ranking (unticked, just after the ranked ones)."""
        row = self.list.row(item)
        ticked = item.checkState() == Qt.CheckState.Checked
        self.list.blockSignals(True)
        self.list.takeItem(row)
        item.setCheckState(Qt.CheckState.Unchecked if ticked else Qt.CheckState.Checked)
        ranked = len(self.values())
        self.list.insertItem(ranked, item)
        unticked = [i for i in self._items() if i.checkState() != Qt.CheckState.Checked]
        if self._complete and not ticked and len(unticked) == 1:
            unticked[0].setCheckState(Qt.CheckState.Checked)
        self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self.changed.emit()

    def rank_again(self) -> None:
        """Untick every entry, to click them again in order."""
        self.list.blockSignals(True)
        for item in self._items():
            item.setCheckState(Qt.CheckState.Unchecked)
        self.list.blockSignals(False)
        self.changed.emit()

    def values(self) -> list[str]:
        """The ticked entries, best first."""
        return [str(item.data(_ID_ROLE)) for item in self._items()
                if item.checkState() == Qt.CheckState.Checked]

    def order(self) -> list[str]:
        """Every entry as shown, ticked or not."""
        return [str(item.data(_ID_ROLE)) for item in self._items()]

    def set_checked(self, key: str, checked: bool) -> None:
        """Tick or untick one entry."""
        for item in self._items():
            if item.data(_ID_ROLE) == key:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def move_current(self, step: int) -> None:
        """Move the selected entry ``step`` places (-1 = up)."""
        row = self.list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)
        self.changed.emit()

    def _items(self) -> list[QListWidgetItem]:
        return [self.list.item(row) for row in range(self.list.count())]


@dataclass(frozen=True)
class CardEntry:
    """One card file found in a card folder."""

    path: Path
    folder: str
    """``user``, ``demo`` or ``rulebook``."""
    card: NpcCard | None
    problems: tuple[Problem, ...]
    hidden_by: str | None
    """The folder (``user``, ``demo``) whose file with the same id wins over this one, if any."""

    def flags(self) -> str:
        """What is special about this card, in a few words."""
        parts: list[str] = []
        if self.card is None:
            parts.append(QCoreApplication.translate(
                "CardEditor", "broken: %n problem(s)", None, len(self.problems)))
        elif self.card.unknown:
            parts.append(_tr("unknown: {0}").format(card_field_list(self.card.unknown)))
        if self.card is not None and self.card.completed:
            parts.append(_tr("invented: {0}").format(card_field_list(self.card.completed)))
        elif self.card is not None and self.card.source == "demo":
            parts.append(_tr("a demo card not in the rulebook: every value is invented"))
        if self.hidden_by is not None:
            parts.append(_tr("replaced by your card") if self.hidden_by == "user"
                         else _tr("replaced by the demo card"))
        return "; ".join(parts)

    def short_flags(self) -> str:
        """The flags in a few characters, for the library's flag column."""
        parts: list[str] = []
        if self.card is None:
            parts.append(_tr("broken"))
        else:
            if self.card.unknown:
                parts.append(QCoreApplication.translate(
                    "CardEditor", "%n unknown", None, len(self.card.unknown)))
            if self.card.completed:
                parts.append(QCoreApplication.translate(
                    "CardEditor", "%n invented", None, len(self.card.completed)))
            elif self.card.source == "demo":
                parts.append(_tr("invented card"))
        if self.hidden_by is not None:
            parts.append(_tr("replaced"))
        return ", ".join(parts)


def card_entries(folders: list[Path] | None = None) -> list[CardEntry]:
    """Every card file of the card folders, in lookup order, each read by the engine."""
    folders = card_folders() if folders is None else folders
    winners: dict[str, str] = {}
    entries: list[CardEntry] = []
    for folder in folders:
        paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        kind = ("demo" if folder == NPC_CARDS_DIR / "demo" else
                "rulebook" if folder == NPC_CARDS_DIR else "user")
        for path in paths:
            card: NpcCard | None = None
            problems: tuple[Problem, ...] = ()
            try:
                card = load_card(path)
            except DataError as exc:
                problems = tuple(exc.problems)
            entries.append(CardEntry(path, kind, card, problems, winners.get(path.stem)))
            winners.setdefault(path.stem, kind)
    return entries


class CardLibraryList(QTreeWidget):
    """Every card of every folder (the player's own first) with its flags (short in the column, in
    full in its tooltip); activating a row emits
    ``card_activated`` with the file's path."""

    card_activated = Signal(Path)

    def __init__(self, parent: QWidget | None = None, folders: list[Path] | None = None) -> None:
        super().__init__(parent)
        self._folders = folders
        self.setColumnCount(5)
        # the first column is the file's name (the card's id, as typed in « Id (file name) »): said so,
        # so that « pere-bonsoins » does not read as the card's printed name, which is the Name column
        self.setHeaderLabels([self.tr("File"), self.tr("Folder"), self.tr("Flags"), self.tr("Name"),
                              self.tr("Class")])
        self.setRootIsDecorated(False)
        self.setSortingEnabled(False)
        self.itemActivated.connect(self._activated)
        self.entries: list[CardEntry] = []
        self.refresh()

    def refresh(self) -> None:
        """Read the folders again (after a save)."""
        folder_names = {"user": self.tr("Yours"), "demo": self.tr("Demo deck"),
                        "rulebook": self.tr("Rulebook")}
        self.entries = card_entries(self._folders)
        self.clear()
        for entry in self.entries:
            card = entry.card
            class_name = class_labels().get(card.class_id or "", "?") if card else ""
            item = QTreeWidgetItem([entry.path.stem, folder_names[entry.folder], entry.short_flags(),
                                    card.name if card else "", class_name])
            item.setData(0, _ID_ROLE, str(entry.path))
            item.setToolTip(0, str(entry.path))
            item.setToolTip(2, entry.flags())
            if card is None or card.unknown:
                item.setForeground(2, Qt.GlobalColor.darkRed)
            self.addTopLevelItem(item)
        for column in range(4):
            self.resizeColumnToContents(column)

    def select_path(self, path: Path) -> None:
        """Select the row of ``path`` (after opening or saving it)."""
        item = self.row_of(path)
        if item is not None:
            self.setCurrentItem(item)

    def row_of(self, path: Path) -> QTreeWidgetItem | None:
        """The row showing ``path``."""
        for row in range(self.topLevelItemCount()):
            item = self.topLevelItem(row)
            if item is not None and item.data(0, _ID_ROLE) == str(path):
                return item
        return None

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        self.card_activated.emit(Path(str(item.data(0, _ID_ROLE))))
