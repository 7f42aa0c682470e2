"""The room editor: open a room layout (bundled or the player's), click its squares and edges to
change them, see every problem the engine's room checks find, and save to the player's ``rooms/``.

What a click does and what is wrong are decided by :mod:`solo.content.room_edit` (Qt-free); this widget
draws and wires. A bundled room is never overwritten: saving writes the player's copy, which then
wins over the bundled room with the same id.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from solo.content.room_edit import (
    Edge,
    RoomCheck,
    apply_key,
    blank_room,
    room_problems,
    set_edge,
    set_square,
    toggle_edge,
    toggle_square,
    twin_room,
)
from solo.content.rooms import SENSES, Mark, RoomLayout, SquareKind, load_library, load_room
from solo.errors import DataError, Problem
from solo.formats.room_writer import save_room, user_room_path, user_rooms_dir
from solo.locations import RULES_DIR
from solo.records import replace
from solo.ui.content_editor_common import Banner, ProblemTable, UnsavedChangesGuard
from solo.ui.i18n import current_language
from solo.ui.room_editor_canvas import RoomCanvas

_PATH_ROLE = Qt.ItemDataRole.UserRole
OPENING_SIZE = QSize(1100, 760)
"""The first size: the room list readable, the drawing and the problems list not squeezed."""
PROBLEMS_HEIGHT = 110
"""The problems list's least height: a few rows, not one (the drawing took all the rest)."""


class RoomList(QListWidget):
    """Every room file, bundled then the player's; activating one emits ``room_activated(Path)``."""

    room_activated = Signal(Path)

    def __init__(self, parent: QWidget | None = None, bundled: Path | None = None) -> None:
        super().__init__(parent)
        self._bundled = bundled if bundled is not None else RULES_DIR / "rooms"
        self.itemActivated.connect(lambda item: self.room_activated.emit(Path(str(item.data(_PATH_ROLE)))))
        self.refresh()

    def refresh(self) -> None:
        """Read both folders again."""
        self.clear()
        for folder, label in ((self._bundled, self.tr("bundled")), (user_rooms_dir(), self.tr("yours"))):
            for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
                try:
                    room = load_room(path)
                    name = room.name_in(current_language())
                    text = f"{room.id} - {name} ({label})" if name else f"{room.id} ({label})"
                except DataError as exc:
                    text = self.tr("{0} ({1}, broken: {2} problems)").format(path.stem, label,
                                                                             len(exc.problems))
                item = QListWidgetItem(text)
                item.setData(_PATH_ROLE, str(path))
                item.setToolTip(str(path))
                self.addItem(item)

    def paths(self) -> list[Path]:
        """The files listed, in order."""
        return [Path(str(self.item(row).data(_PATH_ROLE))) for row in range(self.count())]


class RoomEditor(UnsavedChangesGuard, QWidget):
    """Edit one room layout. Signals: ``saved(Path)`` (written to the player's ``rooms/``),
    ``problems_changed(object)`` (the :class:`~solo.content.room_edit.RoomCheck` of the room as shown)."""

    saved = Signal(Path)
    problems_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None, bundled: Path | None = None) -> None:
        super().__init__(parent)
        self._bundled = bundled
        self.room: RoomLayout = blank_room(self.tr("my-room"))
        self.path: Path | None = None
        """The file the room was opened from (None for a new room)."""
        self.modified = False
        self.check = RoomCheck((), ())
        self._others: list[RoomLayout] = []
        self._filling = False
        self.rooms = RoomList(self, bundled)
        self.canvas = RoomCanvas(self)
        self.id_edit = QLineEdit(self)
        self.name_edit = QLineEdit(self)
        self.pair_spin = QSpinBox(self)
        self.pair_spin.setRange(0, 99)
        self.sense_combo = QComboBox(self)
        for sense, label in zip(SENSES, (self.tr("clockwise"), self.tr("counter-clockwise")), strict=True):
            self.sense_combo.addItem(label, sense)
        self.banner = Banner(self)
        self.where = QLabel(self)
        self.where.setWordWrap(True)
        self.problem_table = ProblemTable(self)
        self.new_button = QPushButton(self.tr("New room"), self)
        self.save_button = QPushButton(self.tr("Save to my rooms"), self)
        self.save_next_button = QPushButton(self.tr("Save and next"), self)
        self.save_next_button.setToolTip(self.tr("Save, then start the twin of this room (or a new room "
                                                 "once both twins are saved)"))
        self.twin_button = QPushButton(self.tr("Duplicate as twin"), self)
        self.twin_button.setToolTip(self.tr("A copy with the same gear number and the opposite rotation "
                                            "arrow, to draw the twin from"))
        self.undo_button = QPushButton(self.tr("Undo"), self)
        self.menu: QMenu | None = None
        self.history: list[RoomLayout] = []
        """The room before each change of the drawing or the fields (Undo takes the last back)."""
        self._build()
        self.rooms.room_activated.connect(self.open_room_file)
        self.canvas.clicked.connect(self.click)
        self.canvas.menu_requested.connect(self.show_menu)
        self.canvas.key_pressed.connect(self.press_key)
        self.new_button.clicked.connect(lambda: self.new_room())
        self.save_button.clicked.connect(lambda: self.save())
        self.save_next_button.clicked.connect(lambda: self.save_and_next())
        self.twin_button.clicked.connect(lambda: self.duplicate_as_twin())
        self.undo_button.clicked.connect(lambda: self.undo())
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        for edit in (self.id_edit, self.name_edit):
            edit.textChanged.connect(self._fields_changed)
        self.pair_spin.valueChanged.connect(self._fields_changed)
        self.sense_combo.currentIndexChanged.connect(self._fields_changed)
        self._load_others()
        self.new_room()
        screen = self.screen().availableGeometry().size()
        self.resize(OPENING_SIZE.boundedTo(screen))

    def _build(self) -> None:
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel(self.tr("Rooms (double-click to open)"), left))
        left_layout.addWidget(self.rooms, 1)
        left_layout.addWidget(self.new_button)
        fields = QFormLayout()
        fields.addRow(self.tr("Id (file name)"), self.id_edit)
        fields.addRow(self.tr("Name"), self.name_edit)
        fields.addRow(self.tr("Gear number (pair)"), self.pair_spin)
        fields.addRow(self.tr("Rotation arrow"), self.sense_combo)
        hint = QLabel(self.tr("Click an edge: wall or open; a square: floor or pit. Right-click, or point "
                              "and press a key: W wall, S arrow slit (blue), P portcullis (red), O open; "
                              "on a square O pit, F floor, G gear (it moves there). Ctrl+Z undoes."), self)
        hint.setWordWrap(True)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.where)
        right_layout.addWidget(self.banner)
        right_layout.addLayout(fields)
        right_layout.addWidget(hint)
        right_layout.addWidget(self.canvas, 3)
        right_layout.addWidget(self.problem_table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.twin_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.save_next_button)
        right_layout.addLayout(buttons)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([320, 780])  # the rooms' names in full (« demo-3a - La Crypte aux lanternes… »)
        self.problem_table.setMinimumHeight(PROBLEMS_HEIGHT)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    def _load_others(self) -> None:
        """The library's rooms, for the twin check (bundled, overridden by the player's)."""
        self._others = list(load_library(self._bundled, user_rooms_dir()).rooms.values())

    # -- opening -------------------------------------------------------------------------------
    def open_room_file(self, path: Path) -> bool:
        """Open a room file; a file the engine refuses is not opened: its problems are listed. Unsaved
        changes are dropped only if the player agrees."""
        if not self.confirm_discard():
            return False
        try:
            room = load_room(path)
        except DataError as exc:
            self.problem_table.set_problems(exc.problems)
            self.banner.show_message(self.tr("{0} cannot be opened: fix the problems listed below in a "
                                             "text editor.").format(str(path)), "warning")
            return False
        self.open_room(room, path)
        return True

    def open_room(self, room: RoomLayout, path: Path | None = None) -> None:
        """Edit ``room`` (read from ``path``, if any)."""
        self.path = path
        self.history = []
        self._set_room(room)
        self.modified = False

    def new_room(self) -> None:
        """Start a new room of the player's, with a gear number no room uses yet."""
        if not self.confirm_discard():
            return
        pair = 1 + max((room.pair for room in self._others), default=0)
        self.open_room(blank_room(self.tr("my-room"), pair=pair))

    def _set_room(self, room: RoomLayout) -> None:
        self.room = room
        self._filling = True
        try:
            self.id_edit.setText(room.id)
            self.name_edit.setText(room.name_in(current_language()))
            self.pair_spin.setValue(room.pair)
            self.sense_combo.setCurrentIndex(max(0, self.sense_combo.findData(room.sense)))
        finally:
            self._filling = False
        self._changed()

    # -- editing -------------------------------------------------------------------------------
    def click(self, target: tuple[int, int] | Edge) -> None:
        """A left click on the drawing: an edge is walled or opened, a square is floor or pit."""
        self._edit(toggle_edge(self.room, target) if isinstance(target, Edge)
                   else toggle_square(self.room, target))

    def press_key(self, target: tuple[int, int] | Edge, key: str) -> None:
        """A key with the pointer on a square or an edge picks what it becomes (W, S, P, O; O, F, G)."""
        changed = apply_key(self.room, target, key)
        if changed is not None:
            self._edit(changed)

    def menu_actions(self, target: tuple[int, int] | Edge) -> list[tuple[str, RoomLayout]]:
        """What a right-click offers on ``target``: each choice's words and the room it makes."""
        if isinstance(target, Edge):
            marks = ((self.tr("Wall (W)"), Mark.WALL), (self.tr("Arrow slit (S)"), Mark.SLIT),
                     (self.tr("Portcullis (P)"), Mark.PORTCULLIS), (self.tr("Open (O)"), Mark.OPEN))
            return [(label, set_edge(self.room, target, mark)) for label, mark in marks]
        kinds = ((self.tr("Floor (F)"), SquareKind.FLOOR), (self.tr("Pit (O)"), SquareKind.PIT),
                 (self.tr("Gear here (G)"), SquareKind.GEAR))
        return [(label, set_square(self.room, target, kind)) for label, kind in kinds]

    def show_menu(self, target: tuple[int, int] | Edge, where: QPoint) -> None:
        """The right-click menu: pick wall, slit, portcullis or open (floor, pit or gear) directly."""
        menu = QMenu(self)
        for label, room in self.menu_actions(target):
            menu.addAction(label, partial(self._edit, room))
        menu.popup(where)
        self.menu = menu

    def undo(self) -> None:
        """Take the last change back."""
        if self.history:
            self._set_room(self.history.pop())
            self.modified = True

    def duplicate_as_twin(self) -> None:
        """Start the twin from this room: the same gear number, the opposite arrow, a twin's id."""
        twin = twin_room(self.room)
        self.path = None
        self.history = []
        self._set_room(twin)
        self.modified = True

    def save_and_next(self) -> Path | None:
        """Save, then start the next room: this one's twin while it is not saved, else a new room."""
        path = self.save()
        if path is None:
            return None
        saved = self.room
        yours = [room for room in self._others if Path(room.source).parent == user_rooms_dir()]
        if not any(room.pair == saved.pair and room.id != saved.id for room in yours):
            self.duplicate_as_twin()
            self.modified = False
        else:
            self.new_room()
        return path

    def _edit(self, room: RoomLayout) -> None:
        if room == self.room:
            return
        self.history.append(self.room)
        self.room = room
        self.modified = True
        self._changed()

    def _fields_changed(self, *_args: object) -> None:
        if self._filling:
            return
        named = self.room.with_name(current_language(), self.name_edit.text().strip())  # AMB-ROOM-NAMES
        self._edit(replace(named, id=self.id_edit.text().strip(), pair=self.pair_spin.value(),
                           sense=str(self.sense_combo.currentData())))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """The language changed: the name field and the room list show the names in the new language."""
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "name_edit"):
            self._filling = True
            try:
                self.name_edit.setText(self.room.name_in(current_language()))
            finally:
                self._filling = False
            self.rooms.refresh()
        super().changeEvent(event)

    def _changed(self) -> None:
        self.undo_button.setEnabled(bool(self.history))
        target = self.target_path()
        self.check = room_problems(self.room, str(target), [r for r in self._others if r.id != self.room.id])
        self.problem_table.set_problems(self.check.errors, self.check.warnings)
        self.save_button.setEnabled(not self.check.errors and bool(self.room.id))
        self.save_next_button.setEnabled(self.save_button.isEnabled())
        self.canvas.set_room(self.room)
        if self.path is None:
            self.where.setText(self.tr("New room, saved to {0}").format(str(target)))
            self.banner.show_message("")
        elif self.path.parent == target.parent:
            same = self.path == target
            text = self.tr("Your room {0}") if same else self.tr("Your room {0}, saved as {1}")
            self.where.setText(text.format(str(self.path), str(target)))
            self.banner.show_message("")
        else:
            self.where.setText(self.tr("Opened from {0}").format(str(self.path)))
            self.banner.show_message(self.tr("Saving writes your own copy to {0}, which then replaces the "
                                             "room {1} in your games.").format(str(target), self.room.id))
        self.problems_changed.emit(self.check)

    # -- saving --------------------------------------------------------------------------------
    def target_path(self) -> Path:
        """Where saving writes: the player's room folder, ``<id>.yaml``."""
        return user_room_path(self.room.id or "?")

    def problems(self) -> list[Problem]:
        """Every problem of the room as shown, errors (saving refused) then warnings."""
        return [*self.check.errors, *self.check.warnings]

    def save(self) -> Path | None:
        """Write the room to the player's folder; None when the engine would refuse it or the player
        declined to replace another room of theirs."""
        if self.check.errors:
            return None
        target = self.target_path()
        if target.exists() and self.path != target and not self.confirm_overwrite(target):
            return None
        try:
            path = save_room(self.room)
        except (DataError, OSError) as exc:
            problems = exc.problems if isinstance(exc, DataError) else [Problem(str(target), "", str(exc))]
            self.problem_table.set_problems(problems)
            return None
        self.path = path
        self.modified = False
        self.rooms.refresh()
        self._load_others()
        self._changed()
        self.saved.emit(path)
        return path

    def confirm_overwrite(self, path: Path) -> bool:
        """Ask before replacing another of the player's rooms (tests replace this method)."""
        answer = QMessageBox.question(self, self.tr("Replace room"),
                                      self.tr("{0} already exists. Replace it?").format(str(path)))
        return answer == QMessageBox.StandardButton.Yes
