"""The NPC card editor: the card library, a form for every field of one card, the engine's validator
listing every problem as the player types, and saving to the player's own card folder.

A bundled card (rulebook transcription or demo deck) is never overwritten: saving writes the
player's copy with the same id into the user folder, where it wins over the bundled one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from solo.content.ids import new_id_problem
from solo.content.npccard import CARD_FORMAT, NpcCard
from solo.errors import DataError, Problem
from solo.formats.card_writer import (
    card_data_problems,
    card_to_data,
    flagged_fields,
    save_card_data,
    user_card_path,
)
from solo.ui.card_editor_form import CardForm
from solo.ui.card_editor_lists import CardLibraryList
from solo.ui.card_editor_words import in_player_words
from solo.ui.content_editor_common import Banner, ProblemTable, UnsavedChangesGuard, card_field_list
from solo.ui.words import say
from solo.yamlio import load_yaml_file


def new_card_data(card_id: str = "") -> dict[str, Any]:
    """The fields of a new card of the player's: everything still to fill in (the priority lists
    unranked, to be clicked in order)."""
    return {"format": CARD_FORMAT, "id": card_id, "name": "", "class": None, "objectives": [None] * 6,
            "objects": [], "characters": [], "personality": {"text": "", "effects": []},
            "source": "entered"}


def opening_size(hint: QSize, available: QSize) -> QSize:
    """The card editor's first size (issue 13): large enough for the library's columns and the form
    side by side, never larger than the screen."""
    width = max(OPENING_SIZE.width(), hint.width())
    height = max(OPENING_SIZE.height(), hint.height())
    return QSize(min(width, available.width()), min(height, available.height()))


OPENING_SIZE = QSize(1280, 860)


class CardEditor(UnsavedChangesGuard, QWidget):
    """Open, edit, check and save NPC cards. Signals: ``saved(Path)`` (a card was written to the
    player's folder), ``problems_changed(list)`` (the validator's problems for the form, on every
    change)."""

    saved = Signal(Path)
    problems_changed = Signal(list)

    def __init__(self, parent: QWidget | None = None, folders: list[Path] | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        """The file the form was opened from (None for a new card)."""
        self.current_field: str | None = None
        """The flagged field the editor last brought into view (``objective-2``…)."""
        self.modified = False
        self._problems: list[Problem] = []
        self._read_problems: list[Problem] = []
        self._loading = False
        self.library = CardLibraryList(self, folders)
        self.form = CardForm(self)
        self.banner = Banner(self)
        self.where = QLabel(self)
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem_table = ProblemTable(self)
        self.new_button = QPushButton(self.tr("New card"), self)
        self.save_button = QPushButton(self.tr("Save to my cards"), self)
        self.save_next_button = QPushButton(self.tr("Save and next"), self)
        self.save_next_button.setToolTip(self.tr("Save, then start a new card"))
        self.fresh = False
        """A new card nothing was typed in yet: what to fill in is said, not listed as errors."""
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(self.form)
        self._build()
        self.library.card_activated.connect(self.open_card_file)
        self.new_button.clicked.connect(lambda: self.new_card())
        self.save_button.clicked.connect(lambda: self.save())
        self.save_next_button.clicked.connect(lambda: self.save_and_next())
        self.form.changed.connect(self._form_changed)
        self.new_card()
        screen = self.screen().availableGeometry().size()
        self.resize(opening_size(self.sizeHint(), screen))

    def _build(self) -> None:
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel(self.tr("Cards (double-click to open)"), left))
        left_layout.addWidget(self.library, 1)
        left_layout.addWidget(self.new_button)
        editing = QSplitter(Qt.Orientation.Vertical, self)
        editing.addWidget(self.scroll_area)
        editing.addWidget(self.problem_table)
        editing.setStretchFactor(0, 3)
        editing.setStretchFactor(1, 1)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.where)
        right_layout.addWidget(self.banner)
        right_layout.addWidget(editing, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.save_next_button)
        right_layout.addLayout(buttons)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([520, 760])  # the library's five columns readable beside the form
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    # -- opening -------------------------------------------------------------------------------
    def open_card_file(self, path: Path) -> None:
        """Show the card of ``path`` (any folder), even a broken one, and bring its first flagged
        field (unknown, else invented) into view. Unsaved changes are dropped only if the player agrees."""
        if not self.confirm_discard():
            return
        self._read_problems = []
        self.fresh = False
        try:
            data = load_yaml_file(path)
        except DataError as exc:
            data, self._read_problems = None, exc.problems
        if not isinstance(data, dict):
            if not self._read_problems:
                self._read_problems = [Problem(str(path), "", self.tr("a card must be a mapping of fields"))]
            data = {"id": path.stem}
        self._show(data, path)
        self.library.select_path(path)

    def open_card(self, card: NpcCard) -> None:
        """Show a card already read by the engine (its ``origin`` is the file it came from)."""
        self._read_problems = []
        self.fresh = False
        origin = Path(card.origin) if card.origin.endswith(".yaml") else None
        self._show(card_to_data(card), origin)

    def new_card(self) -> None:
        """Start a new card of the player's."""
        if not self.confirm_discard():
            return
        self._read_problems = []
        self._show(new_card_data(), None)
        self.fresh = True
        self._validate()
        self.form.id_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def save_and_next(self) -> Path | None:
        """Save, then start a new card (to enter a box's cards in a row)."""
        path = self.save()
        if path is not None:
            self.new_card()
        return path

    def _show(self, data: dict[str, Any], path: Path | None) -> None:
        self.path = path
        self._loading = True
        try:
            self.form.set_card_data(data)
        finally:
            self._loading = False
        self.modified = False
        fields = flagged_fields(_list(data.get("unknown")), _list(data.get("completed")))
        self.current_field = None
        if fields:
            self.focus_field(fields[0])

    def focus_field(self, name: str) -> None:
        """Scroll to the widget of a card field (``objective-2``…) and give it the focus (its status
        box when the field is unknown, which disables its widget)."""
        widget = self.form.field_widget(name)
        if not widget.isEnabled():
            widget = self.form.status[name]
        self.scroll_area.ensureWidgetVisible(widget)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        self.current_field = name

    # -- checking ------------------------------------------------------------------------------
    def target_path(self) -> Path:
        """Where saving writes: the player's card folder, ``<id>.yaml``."""
        return user_card_path(self.form.id_edit.text().strip() or "?")

    def problems(self) -> list[Problem]:
        """Every problem of the card as the form shows it (none: it can be saved)."""
        return list(self._problems)

    def _form_changed(self) -> None:
        if not self._loading:
            self.modified = True
            self.fresh = False
        self._validate()

    def _validate(self) -> None:
        data, problems = self.form.card_data(str(self.target_path()))
        card, found = card_data_problems(data, str(self.target_path()))
        card_id = data.get("id")
        bad_id = new_id_problem(card_id) if isinstance(card_id, str) and card_id else None
        if bad_id is not None:  # the id names the file and the NPC's token: refused at save time
            found = [Problem(str(self.target_path()), "id", bad_id), *found]
        self._problems = [in_player_words(p) for p in [*problems, *found]]
        shown = [] if self.fresh else [*self._read_problems, *self._problems]
        self.problem_table.set_problems(shown)
        self.save_button.setEnabled(not self._problems and not self._read_problems)
        self.save_next_button.setEnabled(self.save_button.isEnabled())
        self._update_banner(data, card)
        self.problems_changed.emit(self.problems())

    def _update_banner(self, data: dict[str, Any], card: NpcCard | None) -> None:
        unknown, completed = _list(data.get("unknown")), _list(data.get("completed"))
        parts: list[str] = []
        if self.fresh:
            parts.append(self.tr("A new card: type its id, name and epithet, choose its class, its six "
                                 "objectives and the default one, then click the objects and the classes "
                                 "in order, best first."))
        if self._read_problems:
            parts.append(self.tr("This file cannot be read as a card: fix it below, or in a text editor."))
        if unknown:
            parts.append(self.tr("Unknown on this card (not given by the source): {0}. The card cannot be "
                                 "activated until they are filled in.").format(card_field_list(unknown)))
        if completed:
            parts.append(self.tr("Invented for the demo deck, not printed in the rulebook: {0}.")
                         .format(card_field_list(completed)))
        elif data.get("source") == "demo":
            parts.append(self.tr("A demo deck card that is not in the rulebook: every value is invented."))
        if card is not None and not card.unknown and card.missing():
            parts.append(self.tr("Not playable yet: {0}.").format("; ".join(say(m) for m in card.missing())))
        self.banner.show_message(" ".join(parts), "warning" if unknown or self._read_problems else "info")
        target = self.target_path()
        if self.path is None:
            self.where.setText(self.tr("New card, saved to {0}").format(str(target)))
        elif self.path == target:
            self.where.setText(self.tr("Your card {0}").format(str(self.path)))
        elif self.path.parent == target.parent:
            self.where.setText(self.tr("Your card {0}, saved as {1}").format(str(self.path), str(target)))
        else:
            self.where.setText(self.tr("Opened from {0}; saving writes your own copy to {1}, which then "
                                       "replaces it").format(str(self.path), str(target)))

    # -- saving --------------------------------------------------------------------------------
    def save(self) -> Path | None:
        """Write the card to the player's folder; None when it has problems or the player declined
        to replace another card of theirs."""
        if self._problems or self._read_problems:
            return None
        target = self.target_path()
        if target.exists() and self.path != target and not self.confirm_overwrite(target):
            return None
        data, _ = self.form.card_data(str(target))
        try:
            path = save_card_data(data)
        except (DataError, OSError) as exc:
            problems = exc.problems if isinstance(exc, DataError) else [Problem(str(target), "", str(exc))]
            self.problem_table.set_problems(problems)
            return None
        self.path = path
        self.modified = False
        self.library.refresh()
        self.library.select_path(path)
        self._validate()
        self.saved.emit(path)
        return path

    def confirm_overwrite(self, path: Path) -> bool:
        """Ask before replacing another of the player's cards (tests replace this method)."""
        answer = QMessageBox.question(self, self.tr("Replace card"),
                                      self.tr("{0} already exists. Replace it?").format(str(path)))
        return answer == QMessageBox.StandardButton.Yes


def _list(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []
