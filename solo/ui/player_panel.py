"""The Player's turn in the app: play an Action card, then move, reveal, attack, exit, end the turn.

What is offered comes from :mod:`solo.game.player_options` (the engine): the panel only shows it and
starts the chosen step through the model (:meth:`GameModel.begin`), one undoable command per action.
A step's requests (combat cards, the room turned over, teleport choices…) are answered either by the
panel's ``asker`` (given: the panel answers them at once; None from the asker abandons the step) or,
without an asker, by whoever listens to ``GameModel.request`` (the app's ``RequestRouter``); the panel
then shows what the step waits for, with a button to give the action up. The selected figure's box
(its name, square and action buttons) is :mod:`solo.ui.figure_box`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from solo.actions.combat import CombatResult, CombatSides, melee_sides, ranged_sides
from solo.automaton.table import Notice, Request
from solo.errors import IllegalActionError
from solo.game import player_options as po
from solo.game import turn_ap
from solo.game.player import attack, move, play_action_card, reveal, shoot
from solo.game.session import END_PLAYER_TURN, Steps, instant
from solo.game.state import ACTION_CARDS, Game
from solo.table.position import Position
from solo.table.squares import Square, square_name
from solo.ui.combat_dialog import confirm_combat
from solo.ui.figure_box import FigureBox, shade_of, way_to
from solo.ui.model import GameModel
from solo.ui.powers_box import PowersBox
from solo.ui.requests import STEP_ERRORS, RequestRouter
from solo.ui.step_report import block_text, result_text, table_instructions
from solo.ui.words import error_words, figure_name, name, say

Asker = Callable[[Request], Any]
"""Answers a step's request (e.g. ``lambda r: requests.ask(r, window)``); None: the player cancelled."""
END_TURN_TITLE = END_PLAYER_TURN
"""The title ``Session.end_player_turn`` gives its step."""
CombatConfirm = Callable[[Position, CombatSides, QWidget], bool]
"""Shows an attack's sides before the cards; False gives the attack up."""


class PlayerTurnPanel(QWidget):
    """The Player's turn. Signal ``shade_changed(dict)``: Square -> cost text ("2", "1+J") of the
    selected figure's reachable squares and exits, for the board's shading."""

    shade_changed = Signal(object)  # a dict[Square, str]: Signal(dict) would need string keys (QVariantMap)

    def __init__(
        self,
        model: GameModel,
        asker: Asker | None = None,
        parent: QWidget | None = None,
        confirm: CombatConfirm | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.asker = asker
        self.confirm: CombatConfirm = confirm or confirm_combat
        self.figure_id: str | None = None
        self.router: RequestRouter | None = None
        """The app's request router, set by the main window: the Answer… button asks through it."""
        self._own_step: str | None = None
        """The title of the step this panel started last (to tell it from the NP's turn)."""
        self._log_start = 0
        """The log's length when this panel's last step began: its events follow."""
        self.options: po.FigureOptions | None = None
        self.shade: dict[Square, str] = {}
        self.card_buttons: dict[int, QPushButton] = {}
        self._build()
        self._turn: tuple[int, str] | None = None
        """The turn (number, side) the panel last showed: a new turn forgets the last one's texts."""
        model.changed.connect(self.refresh)
        model.step_done.connect(self._on_step_done)
        model.history_moved.connect(self.forget)
        self.refresh()

    @Slot()
    def forget(self) -> None:
        """No stale text (issue 13): after an undo, a redo or another game, what the panel said of the
        last step (its result, what to do on the table) no longer holds; a figure that is no longer
        on the board is unselected."""
        self.status_label.clear()
        figure = self.model.position.characters.get(self.figure_id) if self.figure_id else None
        if figure is None or figure.at is None:
            self.figure_id = None

    # -- layout ----------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        cards = QGroupBox(self.tr("Action card"), self)
        self.cards_box = cards
        row = QHBoxLayout(cards)
        for card in ACTION_CARDS:
            button = QPushButton(str(card), cards)
            button.clicked.connect(lambda _=False, c=card: self.play_card(c))
            row.addWidget(button)
            self.card_buttons[card] = button
        layout.addWidget(cards)
        self.ap_label = QLabel(self)
        self.jumps_label = QLabel(self)
        layout.addWidget(self.ap_label)
        layout.addWidget(self.jumps_label)
        self.hint_label = QLabel(self)
        self.hint_label.setWordWrap(True)
        layout.addWidget(self.hint_label)

        self.figure_box = FigureBox(self._run, self.reveal_room, self.attack_target, self.shoot_target,
                                    self.exit_dungeon, self)
        self.figure_box.use_jumps.toggled.connect(self.refresh)
        layout.addWidget(self.figure_box)

        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)
        self.waiting_label = QLabel(self)
        self.waiting_label.setWordWrap(True)
        layout.addWidget(self.waiting_label)
        self.answer_button = QPushButton(self.tr("Answer…"), self)
        self.answer_button.clicked.connect(self.answer_pending)
        layout.addWidget(self.answer_button)
        self.abandon_button = QPushButton(self.tr("Give this action up"), self)
        self.abandon_button.clicked.connect(self.abandon)
        layout.addWidget(self.abandon_button)
        self.end_button = QPushButton(self.tr("End turn"), self)
        self._retell = QTimer(self)
        self._retell.setSingleShot(True)
        self._retell.setInterval(0)
        self._retell.timeout.connect(self.refresh)
        self.end_button.clicked.connect(self.end_turn)
        layout.addWidget(self.end_button)
        layout.addStretch(1)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """The language changed: the fixed texts are told again, the rest by refresh()."""
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "_retell"):
            self.cards_box.setTitle(self.tr("Action card"))
            self.figure_box.retranslate()
            self.answer_button.setText(self.tr("Answer…"))
            self.abandon_button.setText(self.tr("Give this action up"))
            self.end_button.setText(self.tr("End turn"))
            self._retell.start()  # rebuilt after the event (a child timer: it dies with the panel)
        super().changeEvent(event)

    # -- the figure's box (tests and the main window read them here) -------------------------------
    @property
    def figure_label(self) -> QLabel:
        return self.figure_box.figure_label

    @property
    def use_jumps(self) -> QCheckBox:
        return self.figure_box.use_jumps

    @property
    def powers(self) -> PowersBox:
        return self.figure_box.powers

    @property
    def exit_button(self) -> QPushButton:
        return self.figure_box.exit_button

    @property
    def reveal_buttons(self) -> dict[int, QPushButton]:
        return self.figure_box.reveal_buttons

    @property
    def attack_buttons(self) -> dict[str, QPushButton]:
        return self.figure_box.attack_buttons

    @property
    def shoot_buttons(self) -> dict[str, QPushButton]:
        return self.figure_box.shoot_buttons

    # -- reading the game ------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Redraw from the game: cards, AP, the selected figure's options, the board's shading."""
        game = self.model.game
        busy = self.model.session.busy
        turn = game.position.turn
        key = (game.turn_number, turn.side.value if turn is not None else "")
        if key != self._turn:  # a new turn: last turn's figure and texts go
            if self._turn is not None:
                self.figure_id = None
                self.status_label.clear()
            self._turn = key
        for value, reason in po.action_cards(game).items():
            button = self.card_buttons[value]
            button.setEnabled(reason is None and not busy)
            button.setToolTip(block_text(reason))
        card = turn_ap.turn_card(game)
        if card is None:
            self.ap_label.setText(self.tr("AP left: -"))
        else:
            left = turn_ap.ap_left(game)
            self.ap_label.setText(self.tr("AP left: {left} of {card}").format(left=left, card=card))
        self.jumps_label.setText(self.tr("Jump cards left: {jumps}").format(jumps=game.player.jumps))
        code = po.blocked(game)
        if code is None and turn_ap.must_reveal_first(game):
            self.hint_label.setText(
                self.tr("S-TURN-2: your first action reveals a room next to the yellow line."))
        else:
            self.hint_label.setText(block_text(code))
        self.end_button.setEnabled(not busy and card is not None and code != po.OVER)
        waiting = self.waiting_step()
        self.waiting_label.setVisible(waiting is not None)
        self.waiting_label.setText(self.tr("Waiting for: {text}").format(text=say(waiting.text)) if waiting
                                   else "")
        self.abandon_button.setVisible(waiting is not None)
        self.answer_button.setVisible(waiting is not None and self.router is not None)
        self._refresh_figure(busy)

    def waiting_step(self) -> Request | None:
        """The request a step started by this panel waits for, if any."""
        session = self.model.session
        if not session.busy or session.title != self._own_step:
            return None
        return session.pending

    def _refresh_figure(self, busy: bool) -> None:
        game = self.model.game
        self.figure_box.show_figure(game, self.figure_id)
        options = None
        if self.figure_id is not None and not busy:
            options = po.figure_options(game, self.figure_id, self.use_jumps.isChecked())
        self.options = options
        self.figure_box.show_options(options)
        shade = shade_of(options)
        if shade != self.shade:
            self.shade = shade
            self.shade_changed.emit(dict(shade))

    # -- the main window's calls -----------------------------------------------------------------
    @Slot(str)
    def select_figure(self, figure_id: str) -> None:
        """A figure was clicked on the board: show what it may do and shade where it may go."""
        self.figure_id = figure_id
        self.status_label.clear()
        self.refresh()

    @Slot(int)
    def square_chosen(self, sq: int) -> bool:
        """A square was clicked: the selected figure goes there by the cheapest way (an exit square:
        it leaves the dungeon). False when the square is not one it may reach now."""
        square = Square(sq)
        way = way_to(self.options, square)
        if way is None or self.figure_id is None:
            return False
        figure_id = self.figure_id
        title = self.tr("Move {figure} to {square}").format(
            figure=figure_name(figure_id), square=square_name(square))
        if way.final.exited:
            title = self.tr("{figure} exits the dungeon").format(figure=name(figure_id))
        return self._run(title, lambda game: move(game, figure_id, way))

    # -- actions ---------------------------------------------------------------------------------
    @Slot(int)
    def play_card(self, card: int) -> bool:
        """Phase 1 of the turn: lay the Action card (its value is the turn's AP)."""
        return self._run(self.tr("Play the {card} Action card").format(card=card),
                         instant(lambda game: play_action_card(game, card)))

    @Slot(int)
    def reveal_room(self, slot: int) -> bool:
        """The selected figure reveals a hidden room it has direct access to (B-REV-1, 1 AP); only what
        the panel offers (AP left, S-TURN-2), since player.reveal checks the access alone."""
        if self.figure_id is None or self.options is None or slot not in self.options.reveals:
            return False
        figure_id = self.figure_id
        return self._run(self.tr("{figure} reveals room {slot}").format(figure=name(figure_id), slot=slot),
                         lambda game: reveal(game, figure_id, slot))

    @Slot(str)
    def attack_target(self, target_id: str) -> bool:
        """The selected figure attacks (B-CMB-1, 1 AP): the sides are shown first, then the cards. Only a
        target the panel offers (AP left, S-TURN-2)."""
        if self.figure_id is None or self.options is None or target_id not in self.options.targets:
            return False
        return self._fight(target_id, melee_sides, attack, self.tr("{figure} attacks {target}"))

    @Slot(str)
    def shoot_target(self, target_id: str) -> bool:
        """The selected figure shoots with its Bow (B-RNG, 1 AP): the sides are shown first, then the
        cards. Only a target the panel offers."""
        if self.figure_id is None or self.options is None or target_id not in self.options.shots:
            return False
        return self._fight(target_id, ranged_sides, shoot, self.tr("{figure} shoots {target}"))

    def _fight(self, target_id: str, sides_of: Callable[[Position, str, str], CombatSides],
               start: Callable[[Game, str, str], Steps], title: str) -> bool:
        """A melee or a shot of the selected figure: its sides shown and accepted, then the step run."""
        figure_id = self.figure_id
        assert figure_id is not None
        try:
            sides = sides_of(self.model.position, figure_id, target_id)
        except IllegalActionError as error:
            self.status_label.setText(error_words(error))
            return False
        if not self.confirm(self.model.position, sides, self):
            return False
        return self._run(title.format(figure=name(figure_id), target=figure_name(target_id)),
                         lambda game: start(game, figure_id, target_id))

    @Slot(str)
    def _on_step_done(self, title: str) -> None:
        """A step started here finished: its combat result, and what to mirror on the table."""
        if title != self._own_step:
            return
        result = self.model.session.result
        parts = [result_text(result)] if isinstance(result, CombatResult) else []
        instructions = table_instructions(self.model.game, self._log_start)
        if instructions:
            parts.append(instructions)
        self.status_label.setText("\n".join(parts))

    @Slot()
    def exit_dungeon(self) -> bool:
        """The selected figure leaves by the cheapest exit (B-EXIT, 1 VP)."""
        way = self.options.exit if self.options is not None else None
        if way is None:
            return False
        return self.square_chosen(way.final.square)

    @Slot()
    def end_turn(self) -> bool:
        """Phases 3 and 4 (S-TURN-4): the card's reinforcements, the cards back; the NP's turn is next."""
        return self._drive(END_TURN_TITLE, self.model.end_player_turn)

    @Slot()
    def answer_pending(self) -> None:
        """Ask again what the action waits for (after its dialog was closed without an answer)."""
        if self.router is not None and self.waiting_step() is not None:
            self.router.ask_pending()

    @Slot()
    def abandon(self) -> None:
        """Give up the step this panel started and that still waits: the game is as before it."""
        if self.waiting_step() is not None:
            self.model.abandon()
            self.status_label.setText(self.tr("Cancelled: nothing changed."))

    # -- running steps ---------------------------------------------------------------------------
    def _run(self, title: str, start: Callable[[Game], Steps]) -> bool:
        return self._drive(title, lambda: self.model.begin(title, start))

    def _drive(self, title: str, first: Callable[[], Request | None]) -> bool:
        """Start a step. With an asker, answer its requests: True when it finished, False when refused
        (an engine error) or cancelled, the game then as it was. Without one, True once it started."""
        self.status_label.clear()
        self._own_step = title
        self._log_start = len(self.model.game.log)
        try:
            request = first()
            if self.asker is None:
                return True
            while request is not None:
                answer = None if isinstance(request, Notice) else self.asker(request)
                if answer is None and not isinstance(request, Notice):
                    self.model.abandon()
                    self.status_label.setText(self.tr("Cancelled: nothing changed."))
                    return False
                request = self.model.answer(answer)
        except STEP_ERRORS as error:
            # The session already put the game back (AMB-STEP-ATOMIC); a step in progress that is not
            # this one (StepInProgressError) is left alone. The views redraw the restored game.
            self.model.changed.emit()
            self.status_label.setText(error_words(error))
            return False
        return True
