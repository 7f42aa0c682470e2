"""The NP's turn, step by step: the row of NPC cards, each activation explained, Next and Done.

The panel starts the NP's turn (``model.np_turn()``) and answers its pauses (the Notice sent after
each activation, S-TURN-5..9); any other request of the turn is the :class:`RequestRouter`'s. It reads
``model.session.record`` (the row of cards and each activation's Explanation) and decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from solo.automaton.explanation import Explanation
from solo.automaton.table import Notice
from solo.automaton.turn import ACTIVATION_DONE, TurnRecord
from solo.content.npccard import NpcCard
from solo.errors import DataError
from solo.game.content import card_library, npc_card
from solo.i18n import Renderer
from solo.table import naming
from solo.table.card_lookup import card_for
from solo.table.position import Side
from solo.ui.explanation_view import ExplanationView
from solo.ui.model import GameModel
from solo.ui.requests import STEP_ERRORS, RequestRouter, ask
from solo.ui.rules_reference import RulesReference
from solo.ui.words import error_words, renderer

TO_COME, ACTIVE, DONE, TILTED = "to_come", "active", "done", "tilted"


def _tr(text: str) -> str:
    return QCoreApplication.translate("NpTurnPanel", text)


def state_label(state: str) -> str:
    return {
        TO_COME: _tr("to come"),
        ACTIVE: _tr("active"),
        DONE: _tr("done"),
        TILTED: _tr("tilted"),
    }.get(state, state)


def npc_card_of(model: GameModel, npc: str) -> NpcCard | None:
    """The NPC's card: the one the position uses, else the library's (an NPC that left the dungeon)."""
    try:
        return card_for(model.position, npc, card_library(model.game.content))
    except DataError:
        pass
    try:
        return npc_card(npc, model.game.content)
    except DataError:
        return None


class NpTurnPanel(QWidget):
    """Play the NP's turn and read it. Signals: ``path_changed(list)`` (Squares for the board's
    ``show_path``), ``rule_requested(str)`` (a rule ID link was clicked; the panel also opens its
    rules reference on it)."""

    path_changed = Signal(list)
    rule_requested = Signal(str)

    def __init__(
        self, model: GameModel, router: RequestRouter | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.router = router
        self.reference: RulesReference | None = None
        """The rules reference opened by rule links (made on first use unless set by the window)."""
        self._selected: str | None = None
        self._followed: tuple[int, str] | None = None
        self._states: list[tuple[str, str, str]] = []
        self._shown: tuple[object, ...] | None = ()
        self.play_button = QPushButton()
        self.next_button = QPushButton()
        self.done_button = QPushButton()
        self.answer_button = QPushButton()
        self.give_up_button = QPushButton()
        self.give_up_button.clicked.connect(self.give_up)
        self.play_button.clicked.connect(self.play)
        self.next_button.clicked.connect(self.next)
        self.done_button.clicked.connect(self.done)
        self.answer_button.clicked.connect(self.answer_pending)
        buttons, others = QHBoxLayout(), QHBoxLayout()  # two rows: the dock stays narrow enough
        for button in (self.play_button, self.next_button, self.done_button):
            buttons.addWidget(button)
        for button in (self.answer_button, self.give_up_button):
            others.addWidget(button)
        buttons.addStretch(1)
        others.addStretch(1)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.row_box = QWidget()
        self.row_layout = QHBoxLayout(self.row_box)
        self.row_layout.setContentsMargins(0, 0, 0, 0)
        self.row_layout.addStretch(1)
        self.row_group = QButtonGroup(self)
        self.row_group.setExclusive(True)
        self.chips: dict[str, QToolButton] = {}
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.row_box)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFixedHeight(64)
        self.view = ExplanationView()
        self.view.path_changed.connect(self.path_changed)
        self.view.rule_clicked.connect(self.open_rule)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addLayout(others)
        layout.addWidget(self.status)
        layout.addWidget(scroll)
        layout.addWidget(self.view, 1)
        self._note = ""
        """What the panel says once no turn is in progress (a turn given up, a failed step)."""
        model.changed.connect(self.refresh)
        model.step_done.connect(self._step_done)
        model.history_moved.connect(self.forget)
        self._retranslate()
        self._redraw()

    # -- reading ----------------------------------------------------------------------------------
    @property
    def record(self) -> TurnRecord | None:
        return self.model.session.record

    def in_turn(self) -> bool:
        """An NP turn is in progress (started, not finished nor abandoned)."""
        return self.model.session.in_np_turn

    def paused(self) -> bool:
        """The turn waits at the end of an activation (Next answers it)."""
        pending = self.model.pending
        return self.in_turn() and isinstance(pending, Notice) and pending.event == ACTIVATION_DONE

    def _step_done(self, title: str) -> None:
        self.refresh()

    def forget(self) -> None:
        """No stale text (issue 13): an undo, a redo or another game drops what was said of the turn."""
        self._note = ""
        self.refresh()

    def row_states(self) -> list[tuple[str, str, str]]:
        """The row as shown: (npc, state, reason), in activation order (state: to_come, active,
        done, tilted; the reason of a tilted card)."""
        record = self.record
        if record is None:
            return []
        activated = {e.npc for e in record.activations}
        say = self.say()
        skipped = {npc: say(reason) for npc, reason in record.skipped}
        last = record.activations[-1].npc if self.in_turn() and record.activations else None
        states: list[tuple[str, str, str]] = []
        for npc in record.row:
            if npc in activated:
                states.append((npc, ACTIVE if npc == last else DONE, ""))
            elif npc in skipped:
                states.append((npc, TILTED, skipped[npc]))
            else:
                states.append((npc, TO_COME, ""))
        return states

    def explanation_of(self, npc: str) -> Explanation | None:
        record = self.record
        if record is None:
            return None
        return next((e for e in reversed(record.activations) if e.npc == npc), None)

    def selected_npc(self) -> str | None:
        return self._selected

    # -- acting -----------------------------------------------------------------------------------
    def play(self) -> None:
        """Start the NP's turn (S-TURN-5)."""
        self._followed = None
        self._selected = None
        self._note = ""
        self._run(self.model.np_turn)

    def next(self) -> None:
        """Answer the pause after an activation: the next NPC acts."""
        if self.paused():
            self._run(lambda: self.model.answer(None))

    def done(self) -> None:
        """Answer every pause until the turn ends or the game asks something else."""
        while self.paused():
            if not self._run(lambda: self.model.answer(None)):
                break

    def give_up(self) -> None:
        """Give the NP's turn up: the game comes back to just before it (AMB-STEP-ATOMIC)."""
        if self.in_turn():
            self.model.abandon()
            self._note = _tr("The NP's turn was taken back: nothing of it is kept.")
            self.status.setText(self._note)

    def answer_pending(self) -> None:
        """Ask again for the request the turn waits for (after its dialog was cancelled)."""
        if self.router is not None:
            self.router.ask_pending()
            return
        request = self.model.pending
        if request is None or isinstance(request, Notice):
            return
        value = ask(request, self)
        if value is not None:
            self._run(lambda: self.model.answer(value))

    def select_npc(self, npc: str) -> None:
        """Show one NPC of the row: its card and, once it acted, its activation."""
        self._selected = npc
        self._shown = None  # a click shows it again, path included, even when it was shown already
        chip = self.chips.get(npc)
        if chip is not None and not chip.isChecked():
            chip.setChecked(True)
        self._show_selected()

    def open_rule(self, rule_id: str) -> None:
        """Open the rules reference at ``rule_id``."""
        self.rule_requested.emit(rule_id)
        if self.reference is None:
            self.reference = RulesReference(parent=self)
            self.reference.setWindowFlag(Qt.WindowType.Window, True)
            self.reference.resize(720, 480)
        self.reference.show_rule(rule_id)
        self.reference.show()
        self.reference.raise_()

    def _run(self, action: Callable[[], object]) -> bool:
        """Run a game step call; a failed step (undone by the session) is told, not raised."""
        try:
            action()
        except STEP_ERRORS as error:
            self._note = _tr("The step failed and was undone: {error}").format(error=error_words(error))
            self.status.setText(self._note)
            self.model.changed.emit()
            return False
        return True

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the model: buttons, the row, the selected NPC."""
        session = self.model.session
        turn = self.model.position.turn
        players_turn = turn is not None and turn.side is Side.PLAYER
        self.play_button.setEnabled(not session.busy and not session.over and not players_turn)
        if players_turn:
            self.play_button.setToolTip(_tr("It is the Player's turn (S-TURN-1): end it first."))
        else:
            self.play_button.setToolTip("")
        self.next_button.setEnabled(self.paused())
        self.done_button.setEnabled(self.paused())
        pending = self.model.pending
        asking = self.in_turn() and pending is not None and not isinstance(pending, Notice)
        self.answer_button.setVisible(asking)
        self.give_up_button.setVisible(self.in_turn())
        if asking and pending is not None:
            self.status.setText(_tr("Waiting for: {text}").format(text=self.say()(pending.text)))
        elif self.paused() and pending is not None:  # a sentence of its own: « The activation is over »
            said = self.say()(pending.text)
            self.status.setText(said[:1].upper() + said[1:])
        else:  # no turn in progress: only the note (a turn taken back, a failed step), never the last pause
            self.status.setText("" if self.in_turn() else self._note)
        states = self.row_states()
        if states != self._states:
            self._states = states
            self._rebuild_row()
        self._follow_active()
        self._show_selected()

    def _rebuild_row(self) -> None:
        for chip in self.chips.values():
            self.row_group.removeButton(chip)
            self.row_layout.removeWidget(chip)
            chip.hide()
            chip.deleteLater()
        self.chips = {}
        for index, (npc, state, reason) in enumerate(self._states):
            chip = QToolButton()
            chip.setCheckable(True)
            chip.setText(f"{index + 1}. {self.npc_name(npc)}\n{state_label(state)}")
            chip.setProperty("state", state)
            chip.setToolTip(reason or state_label(state))
            font = chip.font()
            font.setBold(state == ACTIVE)
            font.setItalic(state == TILTED)
            chip.setFont(font)
            if state == TILTED:
                chip.setStyleSheet("color: #808080;")
            chip.clicked.connect(lambda _checked=False, n=npc: self.select_npc(n))
            self.row_group.addButton(chip)
            self.row_layout.insertWidget(self.row_layout.count() - 1, chip)
            self.chips[npc] = chip

    def _follow_active(self) -> None:
        record = self.record
        if record is None or not record.activations:
            if self._selected not in self.chips:
                self._selected = None
            return
        latest = (len(record.activations), record.activations[-1].npc)
        if latest != self._followed:  # a new activation: show it
            self._followed = latest
            self._selected = latest[1]
        elif self._selected not in self.chips:
            self._selected = latest[1]

    def _show_selected(self) -> None:
        npc = self._selected
        if npc is None:
            if self._shown is not None:
                self._shown = None
                self.view.clear()
                self.path_changed.emit([])
            return
        chip = self.chips.get(npc)
        if chip is not None and not chip.isChecked():
            chip.setChecked(True)
        state = next((s for s in self._states if s[0] == npc), (npc, TO_COME, ""))
        explanation = self.explanation_of(npc)
        if state[1] == TILTED:
            why = _tr("Not activated: {reason}").format(reason=state[2])
        else:
            why = _tr("Not activated yet.")
        shown = (npc, state[1], id(explanation), *self._size(explanation))
        if shown != self._shown:  # redraw only what changed: a step selected on the table stays
            self._shown = shown
            self.view.show_activation(npc, npc_card_of(self.model, npc), explanation, why, self.say())

    def say(self) -> Renderer:
        """The engine's words in the app's language, with the game's NPCs named as printed."""
        return renderer(self.model.game)

    def npc_name(self, npc: str) -> str:
        """An NPC of the row by the name on its card."""
        return self.say().ref(naming.figure(self.model.position, npc))

    @staticmethod
    def _size(explanation: Explanation | None) -> tuple[int, ...]:
        if explanation is None:
            return (0, 0, 0, 0)
        return (len(explanation.objectives), len(explanation.steps), len(explanation.notes),
                len(explanation.ties))

    def _retranslate(self) -> None:
        self.play_button.setText(_tr("Play the NP's turn"))
        self.next_button.setText(_tr("Next NPC"))
        self.next_button.setToolTip(_tr("The next NPC acts"))
        self.done_button.setText(_tr("Play the rest of the turn"))
        self.done_button.setToolTip(_tr("Play the rest of the turn without stopping after each NPC"))
        self.answer_button.setText(_tr("Answer…"))
        self.give_up_button.setText(_tr("Take the NP's turn back"))
        self.give_up_button.setToolTip(_tr("Back to just before the NP's turn: nothing of it is kept"))
        self.view.retranslate()

    def _redraw(self) -> None:
        """Everything rebuilt (the row's chips and the NPC shown), in the current language."""
        self._states = []
        self._shown = ()
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            # Rebuilt after the event: Qt is sending it to every widget, none may be deleted meanwhile.
            QTimer.singleShot(0, self._redraw)
        super().changeEvent(event)
