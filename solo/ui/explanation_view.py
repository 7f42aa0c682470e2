"""One NPC's activation on screen: its card, the objectives examined, the mode chosen, each step.

Reads a :class:`~solo.automaton.explanation.Explanation` (formats.md §4) as the automaton wrote it;
nothing is decided here. Selecting a step gives the squares it went through (``path_changed``) for
the board to draw; rule IDs are links (``rule_clicked``).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from solo.automaton.explanation import Cost, Explanation, Step, chosen_line, reason_of, tie_line
from solo.content.npccard import NpcCard
from solo.glossary import CLASS_NAMES, MODES
from solo.i18n import Renderer
from solo.messages import Param, msg
from solo.table.squares import Square, parse_square
from solo.ui.rules_reference import linkify, links, rule_of_href
from solo.ui.table_columns import ColumnFitter
from solo.ui.words import glossary, renderer

SQUARE_FIELDS = ("path", "between", "from", "to", "at", "dropped_at")
"""Step fields naming squares (formats.md §4), in the order the step goes through them."""
RULES_WIDTH = 110
"""The Rules column's width (its rule IDs wrap inside)."""
OBJECTIVE_COLUMNS = 7


def _tr(text: str) -> str:
    return QCoreApplication.translate("ExplanationView", text)


def mode_label(mode: str) -> str:
    """A mode's name as the cards print it (S-CARD-2), from the one glossary (solo.glossary)."""
    return glossary(MODES[mode]) if mode in MODES else mode.replace("_", " ")


def class_label(class_id: str | None) -> str:
    """A class's name from the glossary."""
    if class_id in CLASS_NAMES:
        return glossary(CLASS_NAMES[class_id])
    return class_id or _tr("unknown class")


def cost_label(cost: Cost | None) -> str:
    """A cost as AP and squares, the squares' word agreeing with their count (« 1 case », « 3 cases »)."""
    if cost is None:
        return "—"
    return QCoreApplication.translate("ExplanationView", "{ap} AP, %n sq.", None, cost[1]).format(ap=cost[0])


def _squares(names: list[str]) -> list[Square]:
    found: list[Square] = []
    for name in names:
        try:
            found.append(parse_square(name))
        except ValueError:
            continue
    return found


def step_squares(step: Step) -> list[Square]:
    """The squares a step went through or acted on (a move's path, a portcullis's two sides…)."""
    names: list[str] = []
    for key in SQUARE_FIELDS:
        value = step.fields.get(key)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, list):
            names.extend(v for v in value if isinstance(v, str))
    return _squares(names)


def activation_path(explanation: Explanation) -> list[Square]:
    """The squares the NPC walked through during its whole activation (moves and jumps), in order."""
    path: list[Square] = []
    for step in explanation.steps:
        if step.kind not in ("move", "jump"):
            continue
        for square in step_squares(step):
            if not path or path[-1] != square:
                path.append(square)
    return path


def two_lines(text: str) -> str:
    """A column's title on two lines when it has two words or more (narrow columns, whole words)."""
    words = text.split(" ")
    if len(words) < 2 or len(text) <= 8:
        return text
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(text) / 2))
    return " ".join(words[:cut]) + "\n" + " ".join(words[cut:])


class ExplanationView(QWidget):
    """The selected NPC's card and activation. Signals: ``rule_clicked(str)`` (a rule ID's link),
    ``path_changed(list)`` (the Squares of the selected step, or of the whole activation)."""

    rule_clicked = Signal(str)
    path_changed = Signal(list)

    @staticmethod
    def _wrap(table: QTableWidget, stretched: tuple[int, ...], fixed: dict[int, int]) -> None:
        """Long texts wrap in their cells, the table never scrolls sideways (issue 13): the
        ``stretched`` columns share the width left, the others fit their contents (``fixed``: a width);
        a scrollbar only when even that cannot fit."""
        table.setWordWrap(True)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)  # only when far too narrow
        table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header = table.horizontalHeader()
        header.setMinimumSectionSize(24)
        ColumnFitter(table, stretched, fixed)  # short columns give up width before the table scrolls
        header.sectionResized.connect(lambda *_: table.resizeRowsToContents())

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.explanation: Explanation | None = None
        self.say: Renderer = renderer()
        """Renders the engine's messages: set by the owner to name the game's NPCs as printed."""
        self.card = self._label()
        self.objectives = QTableWidget(0, OBJECTIVE_COLUMNS)
        self.objectives.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.objectives.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.objectives.verticalHeader().setVisible(False)
        self._wrap(self.objectives, stretched=(5,), fixed={OBJECTIVE_COLUMNS - 1: RULES_WIDTH})
        self.chosen = self._label()
        self.steps = QTableWidget(0, 2)
        self.steps.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.steps.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.steps.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.steps.verticalHeader().setVisible(False)
        self._wrap(self.steps, stretched=(1,), fixed={})
        self.steps.itemSelectionChanged.connect(self._step_selected)
        self.notes = self._label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.card)
        layout.addWidget(self.objectives, 2)
        layout.addWidget(self.chosen)
        layout.addWidget(self.steps, 2)
        layout.addWidget(self.notes)
        self.retranslate()

    def _label(self) -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.linkActivated.connect(self._link)
        return label

    def _link(self, href: str) -> None:
        rule_id = rule_of_href(href)
        if rule_id is not None:
            self.rule_clicked.emit(rule_id)

    def retranslate(self) -> None:
        self.objectives.setHorizontalHeaderLabels([two_lines(text) for text in (
            _tr("#"), _tr("Objective"), _tr("Quota"), _tr("Cheapest cost"), _tr("Achievable"), _tr("Why"),
            _tr("Rules"))])
        self.steps.setHorizontalHeaderLabels([_tr("AP"), _tr("Step")])

    # -- showing ----------------------------------------------------------------------------------
    def show_activation(
        self, npc: str, card: NpcCard | None, explanation: Explanation | None, state: str,
        say: Renderer | None = None,
    ) -> None:
        """Show an NPC: its card, and its activation when it has one (``state`` says why not)."""
        self.say = say or renderer()
        self.explanation = explanation
        self._show_card(npc, card)
        self._fill_objectives(explanation)
        self._fill_steps(explanation)
        if explanation is None:
            self.chosen.setText(linkify(state))
            self.notes.setText("")
        else:
            self.chosen.setText(self._chosen_text(explanation))
            self.notes.setText(self._notes_html(explanation))
        self.path_changed.emit(self.selected_path())

    def clear(self) -> None:
        self.explanation = None
        for label in (self.card, self.chosen, self.notes):
            label.setText("")
        self._fill_objectives(None)
        self.steps.setRowCount(0)

    def selected_path(self) -> list[Square]:
        """The squares of the selected step, or of the whole activation when none is selected."""
        if self.explanation is None:
            return []
        rows = self.steps.selectionModel().selectedRows()
        if rows:
            return step_squares(self.explanation.steps[rows[0].row()])
        return activation_path(self.explanation)

    # -- inside -----------------------------------------------------------------------------------
    def _show_card(self, npc: str, card: NpcCard | None) -> None:
        if card is None:
            self.card.setText(f"<b>{escape(npc)}</b> — " + escape(_tr("its card cannot be read")))
            return
        title = card.name + (f", {card.epithet}" if card.epithet else "")
        lines = [f"<b>{escape(title)}</b> ({escape(class_label(card.class_id))})"]
        for rank, objective in enumerate(card.objectives, 1):
            if objective is None:
                lines.append(f"{rank}. ?")
                continue
            text = escape(_tr("{rank}. {mode} — {ap} AP").format(
                rank=rank, mode=mode_label(objective.mode), ap=objective.ap))
            if objective.default:
                default = escape(_tr("(default objective)"))
                text = f"<span style='color:#7a1fa2'>{text} {default}</span>"
            lines.append(text)
        self.card.setText("<br>".join(lines))

    def _fill_objectives(self, explanation: Explanation | None) -> None:
        exams = explanation.objectives if explanation is not None else []
        chosen_rank = (explanation.chosen or {}).get("rank") if explanation is not None else None
        for row in range(self.objectives.rowCount()):  # the last NPC's rule links go with their rows
            old = self.objectives.cellWidget(row, OBJECTIVE_COLUMNS - 1)
            if old is not None:
                old.hide()  # deleted later, when the event loop gets there: not seen meanwhile
                self.objectives.removeCellWidget(row, OBJECTIVE_COLUMNS - 1)
        self.objectives.setRowCount(0)
        self.objectives.setRowCount(len(exams))
        for row, exam in enumerate(exams):
            objective = mode_label(exam.mode) + (" " + _tr("(again, AP left)") if exam.research else "")
            cells = [
                str(exam.rank),
                objective,
                str(exam.quota),
                cost_label(exam.cost),
                _tr("yes") if exam.achievable else _tr("no"),
                self.say(reason_of(exam)),
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if exam.rank == chosen_rank and exam.achievable and not exam.research:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.objectives.setItem(row, column, item)
            rules = QLabel(links(exam.rules))
            rules.setWordWrap(True)
            rules.setTextFormat(Qt.TextFormat.RichText)
            rules.linkActivated.connect(self._link)
            self.objectives.setCellWidget(row, OBJECTIVE_COLUMNS - 1, rules)
        self.objectives.resizeRowsToContents()

    def _fill_steps(self, explanation: Explanation | None) -> None:
        steps = explanation.steps if explanation is not None else []
        self.steps.blockSignals(True)
        self.steps.clearSelection()
        self.steps.setRowCount(len(steps))
        for row, step in enumerate(steps):
            self.steps.setItem(row, 0, QTableWidgetItem(str(step.ap)))
            words = self.say(step.text)
            text = QTableWidgetItem(words)
            text.setToolTip(words)
            self.steps.setItem(row, 1, text)
        self.steps.blockSignals(False)
        self.steps.resizeRowsToContents()

    def _chosen_text(self, explanation: Explanation) -> str:
        chosen = explanation.chosen
        if chosen is None:
            return _tr("No mode: the NPC did nothing.")
        return linkify(self.say(chosen_line(chosen)))

    def _notes_html(self, explanation: Explanation) -> str:
        lines: list[str] = []
        say = self.say
        lines.extend(linkify(say(tie_line(tie))) for tie in explanation.ties)
        lines.extend(linkify(say(msg("Note: {note}", note=note))) for note in explanation.notes)
        if explanation.end:
            end = say(msg("AP used: {ap}; ends on {square}.", ap=explanation.ap_used, square=explanation.end))
        else:
            end = say(msg("AP used: {ap}.", ap=explanation.ap_used))
        lines.append(escape(end))
        if explanation.deactivated is not None:
            lines.append(linkify(say(msg("Deactivated: {why}", why=explanation.deactivated))))
        if explanation.waiting is not None:
            asked: Param = explanation.waiting_text or str(
                explanation.waiting.get("text", explanation.waiting.get("for", ""))
            )
            lines.append(linkify(say(msg("Waiting for the table: {request}", request=asked))))
        return "<br>".join(lines)

    def _step_selected(self) -> None:
        self.path_changed.emit(self.selected_path())
