"""The card editor's form: one widget per field of a ``dt-solo-card/1`` card, turned into the card's
raw fields (:meth:`CardForm.card_data`) for the engine's validator to judge; the form itself checks
nothing.

Each field that ``unknown``/``completed`` may list has a status box (known, unknown, invented): an
unknown class, epithet or objective is written ``null`` (or left out), as the format says.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from solo.content.npccard import CARD_FORMAT, CLASS_MODES, FIELD_NAMES, SUMMARY_LANGUAGES
from solo.errors import DataError, Problem
from solo.formats.card_writer import write_card_data
from solo.pyyaml import yaml
from solo.ui.card_editor_lists import PriorityList
from solo.ui.content_editor_common import class_labels, mode_labels, object_labels, source_labels
from solo.yamlio import load_yaml_text

STATUSES = ("known", "unknown", "completed")
_STATUS_STYLES = {"known": "", "unknown": "QComboBox { background: #fff3c4; }",
                  "completed": "QComboBox { background: #e4efff; }"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("CardEditor", text)


def _fill(combo: QComboBox, labels: dict[str, str], blank: bool) -> None:
    if blank:
        combo.addItem(_tr("(not set)"), None)
    for key, label in labels.items():
        combo.addItem(label, key)


def _select(combo: QComboBox, value: Any) -> None:
    """Select the item holding ``value``; a value the box does not know is added as it is, so that
    the validator can name it."""
    index = combo.findData(value)
    if index < 0:
        combo.addItem(repr(value), value)
        index = combo.count() - 1
    combo.setCurrentIndex(index)


class FieldStatus(QComboBox):
    """Whether a field is known, unknown (a gap in the source) or invented (completed, demo deck)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for status, label in zip(STATUSES, (_tr("known"), _tr("unknown"), _tr("invented")), strict=True):
            self.addItem(label, status)
        self.currentIndexChanged.connect(lambda _i: self.setStyleSheet(_STATUS_STYLES[self.status()]))

    def status(self) -> str:
        return str(self.currentData())

    def set_status(self, status: str) -> None:
        self.setCurrentIndex(STATUSES.index(status))


def modes_for(class_id: Any) -> dict[str, str]:
    """The modes a card of ``class_id`` may have: a class-only mode (S-CARD-2) only for its class."""
    return {mode: label for mode, label in mode_labels().items()
            if CLASS_MODES.get(mode) in (None, class_id)}


class ObjectiveRow:
    """The widgets of one objective: mode, AP quota, default (purple) choice (one of the six)."""

    def __init__(self, rank: int, parent: QWidget) -> None:
        self.rank = rank
        self.mode = QComboBox(parent)
        _fill(self.mode, modes_for(None), blank=True)
        self.ap = QSpinBox(parent)
        self.ap.setRange(0, 20)
        self.ap.setSuffix(_tr(" AP"))
        self.default = QRadioButton(parent)
        self.default.setToolTip(_tr("The default (purple) objective"))
        self.default.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Tab goes mode, quota, next mode…

    def offer_modes(self, class_id: Any) -> None:
        """Offer the modes of this class only; a mode already chosen stays (the validator names it)."""
        current = self.mode.currentData()
        self.mode.blockSignals(True)
        self.mode.clear()
        offered = modes_for(class_id)
        if current is not None and current not in offered:
            offered[current] = mode_labels().get(current, repr(current))
        _fill(self.mode, offered, blank=True)
        self.mode.setCurrentIndex(max(0, self.mode.findData(current)))
        self.mode.blockSignals(False)

    def set_data(self, item: Any) -> None:
        fields = item if isinstance(item, dict) else {}
        _select(self.mode, fields.get("mode"))
        ap = fields.get("ap")
        self.ap.setValue(ap if isinstance(ap, int) and not isinstance(ap, bool) and 0 <= ap <= 20 else 0)
        self.default.setChecked(fields.get("default") is True)

    def data(self, with_default: bool) -> dict[str, Any] | None:
        mode = self.mode.currentData()
        if mode is None:
            return None
        entry: dict[str, Any] = {"mode": mode, "ap": self.ap.value()}
        if with_default and self.default.isChecked():
            entry["default"] = True
        return entry


class CardForm(QWidget):
    """Every field of a card. Emits ``changed`` whenever the player changes one."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = False
        self.status: dict[str, FieldStatus] = {name: FieldStatus(self) for name in FIELD_NAMES}
        self.id_edit = QLineEdit(self)
        self.name_edit = QLineEdit(self)
        self.epithet_edit = QLineEdit(self)
        self.class_combo = QComboBox(self)
        _fill(self.class_combo, class_labels(), blank=True)
        self.source_combo = QComboBox(self)
        _fill(self.source_combo, source_labels(), blank=False)
        self.objectives = [ObjectiveRow(rank, self) for rank in range(1, 7)]
        self.default_group = QButtonGroup(self)
        for row in self.objectives:
            self.default_group.addButton(row.default, row.rank)
        self.twice = QLabel(self)
        self.twice.setWordWrap(True)
        self.twice.setStyleSheet("color: #9a5b00;")
        self.objects = PriorityList(object_labels(), self)
        self.characters = PriorityList(class_labels(), self, complete=True)
        self.personality_text = QPlainTextEdit(self)
        self.personality_text.setTabChangesFocus(True)
        self.summary = {language: QPlainTextEdit(self) for language in SUMMARY_LANGUAGES}
        """The personality in our own words, by language (``personality.summary``, formats.md §5)."""
        for summary in self.summary.values():
            summary.setTabChangesFocus(True)
            summary.setMaximumHeight(70)
        self.effects_text = QPlainTextEdit(self)
        self.effects_text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.effects_text.setPlaceholderText(_tr("- {kind: gear_lock}"))
        self.effects_text.setTabChangesFocus(True)
        self._build()
        self._connect()

    # -- layout --------------------------------------------------------------------------------
    def _with_status(self, widget: QWidget, name: str) -> QWidget:
        box = QWidget(self)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget, 1)
        row.addWidget(self.status[name])
        return box

    def _build(self) -> None:
        identity = QGroupBox(_tr("Card"), self)
        form = QFormLayout(identity)
        form.addRow(_tr("Id (file name)"), self.id_edit)
        form.addRow(_tr("Name"), self.name_edit)
        form.addRow(_tr("Epithet"), self._with_status(self.epithet_edit, "epithet"))
        form.addRow(_tr("Class"), self._with_status(self.class_combo, "class"))
        form.addRow(_tr("Source"), self.source_combo)
        objectives = QGroupBox(_tr("Objectives (1 = first priority)"), self)
        grid = QGridLayout(objectives)
        for column, title in enumerate((_tr("Rank"), _tr("Mode"), _tr("Quota"), _tr("Default"), "")):
            grid.addWidget(QLabel(title, objectives), 0, column)
        for row in self.objectives:
            grid.addWidget(QLabel(str(row.rank), objectives), row.rank, 0)
            grid.addWidget(row.mode, row.rank, 1)
            grid.addWidget(row.ap, row.rank, 2)
            grid.addWidget(row.default, row.rank, 3)
            grid.addWidget(self.status[f"objective-{row.rank}"], row.rank, 4)
        grid.addWidget(QLabel(_tr("Which objective is the default one:"), objectives), 7, 1, 1, 3)
        grid.addWidget(self.status["default"], 7, 4)
        grid.addWidget(self.twice, 8, 0, 1, 5)
        grid.setColumnStretch(1, 1)
        lists = QGroupBox(_tr("Priorities: click the entries in order, best first (ticked entries only)"),
                          self)
        lists_form = QFormLayout(lists)
        lists_form.addRow(_tr("Objects"), self._with_status(self.objects, "objects"))
        lists_form.addRow(_tr("Characters"), self._with_status(self.characters, "characters"))
        personality = QGroupBox(_tr("Personality"), self)
        personality_form = QFormLayout(personality)
        personality_form.addRow(_tr("Status"), self.status["personality"])
        personality_form.addRow(_tr("Printed text"), self.personality_text)
        personality_form.addRow(_tr("Summary (English)"), self.summary["en"])
        personality_form.addRow(_tr("Summary (French)"), self.summary["fr"])
        personality_form.addRow(_tr("Effects (YAML list)"), self.effects_text)
        layout = QVBoxLayout(self)
        for group in (identity, objectives, lists, personality):
            layout.addWidget(group)
        layout.addStretch(1)

    def _connect(self) -> None:
        for edit in (self.id_edit, self.name_edit, self.epithet_edit):
            edit.textChanged.connect(self._edited)
        for text in (self.personality_text, self.effects_text, *self.summary.values()):
            text.textChanged.connect(self._edited)
        for combo in (self.class_combo, self.source_combo, *self.status.values()):
            combo.currentIndexChanged.connect(self._edited)
        for row in self.objectives:
            row.mode.currentIndexChanged.connect(self._edited)
            row.ap.valueChanged.connect(self._edited)
            row.default.toggled.connect(self._edited)
        self.objects.changed.connect(self._edited)
        self.characters.changed.connect(self._edited)

    def _edited(self, *_args: Any) -> None:
        self._enable()
        self._offer_modes()
        self._flag_twice()
        if not self._loading:
            self.changed.emit()

    def _offer_modes(self) -> None:
        class_id = self.class_combo.currentData() if self.status["class"].status() != "unknown" else None
        for row in self.objectives:
            row.offer_modes(class_id)

    def _flag_twice(self) -> None:
        """A mode on two objectives is flagged (allowed, but usually a slip)."""
        ranks: dict[str, list[int]] = {}
        for row in self.objectives:
            if row.mode.isEnabled() and row.mode.currentData() is not None:
                ranks.setdefault(str(row.mode.currentData()), []).append(row.rank)
        twice = {mode: found for mode, found in ranks.items() if len(found) > 1}
        for row in self.objectives:
            flagged = any(row.rank in found for found in twice.values())
            row.mode.setStyleSheet("QComboBox { background: #ffd9a8; }" if flagged else "")
        texts = [_tr("{0} is on objectives {1}: check the card.").format(
            mode_labels().get(mode, mode), ", ".join(str(r) for r in found)) for mode, found in twice.items()]
        self.twice.setText(" ".join(texts))
        self.twice.setVisible(bool(texts))

    def twice_text(self) -> str:
        """The flag of modes used twice, as shown (empty when none)."""
        return self.twice.text() if self.twice.isVisibleTo(self) else ""

    def _enable(self) -> None:
        """An unknown epithet, class or objective is written null: its widgets are disabled."""
        self.epithet_edit.setEnabled(self.status["epithet"].status() != "unknown")
        self.class_combo.setEnabled(self.status["class"].status() != "unknown")
        default_known = self.status["default"].status() != "unknown"
        for row in self.objectives:
            known = self.status[f"objective-{row.rank}"].status() != "unknown"
            for widget in (row.mode, row.ap):
                widget.setEnabled(known)
            row.default.setEnabled(known and default_known)

    # -- reading and writing -------------------------------------------------------------------
    def set_card_data(self, data: dict[str, Any]) -> None:
        """Show a card's raw fields (as read from its file, possibly broken)."""
        self._loading = True
        try:
            self.id_edit.setText(str(data.get("id") or ""))
            self.name_edit.setText(str(data.get("name") or ""))
            epithet = data.get("epithet")
            self.epithet_edit.setText(epithet if isinstance(epithet, str) else "")
            _select(self.class_combo, data.get("class"))
            _select(self.source_combo, data.get("source", "custom"))
            objectives = data.get("objectives")
            items = objectives if isinstance(objectives, list) else []
            self.default_group.setExclusive(False)
            for row in self.objectives:
                row.set_data(items[row.rank - 1] if row.rank <= len(items) else None)
            self.default_group.setExclusive(True)
            for key, widget in (("objects", self.objects), ("characters", self.characters)):
                value = data.get(key)
                widget.set_values([str(v) for v in value] if isinstance(value, list) else [])
            personality = data.get("personality")
            fields = personality if isinstance(personality, dict) else {}
            text = fields.get("text")
            self.personality_text.setPlainText(text if isinstance(text, str) else "")
            summary = fields.get("summary")
            for language, summary_box in self.summary.items():
                words = summary.get(language) if isinstance(summary, dict) else None
                summary_box.setPlainText(words if isinstance(words, str) else "")
            self.effects_text.setPlainText(effects_text(fields.get("effects", [])))
            unknown = _names(data.get("unknown"))
            completed = _names(data.get("completed"))
            for name, box in self.status.items():
                flag = "unknown" if name in unknown else "completed" if name in completed else "known"
                box.set_status(flag)
        finally:
            self._loading = False
        self._enable()
        self.changed.emit()

    def card_data(self, source: str) -> tuple[dict[str, Any], list[Problem]]:
        """The card's raw fields as the form shows them, and the problems of the effects text (YAML
        the form cannot even read; ``source`` names the file in them)."""
        status = {name: box.status() for name, box in self.status.items()}
        data: dict[str, Any] = {"format": CARD_FORMAT, "id": self.id_edit.text().strip(),
                                "name": self.name_edit.text().strip()}
        epithet = self.epithet_edit.text().strip()
        if epithet and status["epithet"] != "unknown":
            data["epithet"] = epithet
        data["class"] = None if status["class"] == "unknown" else self.class_combo.currentData()
        with_default = status["default"] != "unknown"
        data["objectives"] = [None if status[f"objective-{row.rank}"] == "unknown" else row.data(with_default)
                              for row in self.objectives]
        data["objects"] = self.objects.values()
        data["characters"] = self.characters.values()
        effects, problems = parse_effects_text(self.effects_text.toPlainText(), source)
        summary = {language: widget.toPlainText().strip() for language, widget in self.summary.items()
                   if widget.toPlainText().strip()}
        printed = self.personality_text.toPlainText()
        data["personality"] = {**({"summary": summary} if summary else {}),
                               **({"text": printed} if printed or not summary else {}), "effects": effects}
        data["source"] = self.source_combo.currentData()
        for flag in ("unknown", "completed"):
            names = [name for name in FIELD_NAMES if status[name] == flag]
            if names:
                data[flag] = names
        return data, problems

    def field_widget(self, name: str) -> QWidget:
        """The widget to look at for a field of ``unknown``/``completed`` (``objective-2``…)."""
        if name.startswith("objective-"):
            return self.objectives[int(name.removeprefix("objective-")) - 1].mode
        widgets: dict[str, QWidget] = {"epithet": self.epithet_edit, "class": self.class_combo,
                                       "default": self.status["default"], "objects": self.objects.list,
                                       "characters": self.characters.list,
                                       "personality": self.personality_text}
        return widgets[name]


def _names(value: Any) -> set[str]:
    return {str(v) for v in value} if isinstance(value, list) else set()


def effects_text(effects: Any) -> str:
    """A personality's effects as the YAML text the form shows: one flow mapping per line."""
    if isinstance(effects, list) and effects:
        written = write_card_data({"personality": {"effects": effects}})
        return "\n".join(line.removeprefix("    ") for line in written.splitlines()[2:]) + "\n"
    if effects is None or effects == []:
        return ""
    return str(yaml.safe_dump(effects, allow_unicode=True, sort_keys=False))  # broken: shown to be fixed


def parse_effects_text(text: str, source: str) -> tuple[Any, list[Problem]]:
    """The effects the player typed, as YAML data (an empty text is no effect), and the problem
    when it is not YAML at all."""
    if not text.strip():
        return [], []
    try:
        return load_yaml_text(text, source), []
    except DataError as exc:
        entry = "personality.effects"
        return [], [Problem(p.source, f"{entry} ({p.entry})" if p.entry else entry, p.message)
                    for p in exc.problems]
