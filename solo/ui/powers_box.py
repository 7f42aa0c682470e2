"""The selected figure's other actions on the Player's panel: turning a room from its gear (B-ROT),
healing (B-CLER), the Fireball wand (B-WAND). The engine says what is possible; this box offers it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from solo.game import player_options as po
from solo.game.player_powers import (
    MAX_QUARTER_TURNS,
    SCREAM_COST,
    fire_wand,
    free_sense,
    heal,
    healable,
    rotate,
    rotation_slots,
    scream,
    scream_squares,
    wand_directions,
)
from solo.game.session import Steps
from solo.game.state import Game
from solo.game.turn_ap import ap_left, must_reveal_first
from solo.squares import Direction, Square

Run = Callable[[str, Callable[[Game], Steps]], bool]
"""Starts a titled step (the panel's ``_run``): True when it was played."""
Rotation = tuple[int, int, bool]
"""(slot, quarter turns, against the arrow)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlayerTurnPanel", text)


def rotations(game: Game, figure_id: str) -> list[Rotation]:
    """The rotations the figure may make now, within the AP left (B-ROT-1..3, B-ROT-9)."""
    figure = game.position.characters.get(figure_id)
    if figure is None or po.blocked(game) is not None or must_reveal_first(game):
        return []
    most = min(MAX_QUARTER_TURNS, ap_left(game))
    senses = (False, True) if free_sense(figure) else (False,)
    return [(slot, turns, against) for slot in rotation_slots(game, figure_id)
            for against in senses for turns in range(1, most + 1)]


class PowersBox(QGroupBox):
    """Rotation (a list and a Turn button), heal and wand buttons for one figure; each starts a step
    through ``run``."""

    def __init__(self, run: Run, parent: QWidget | None = None) -> None:
        super().__init__(_tr("Other actions"), parent)
        self._run = run
        self.figure_id: str | None = None
        self.choices: list[Rotation] = []
        """The rotations offered, in the list's order (plain Python data: no Python object goes into
        Qt's item data, which PySide 6.12 mis-counts on Python 3.11)."""
        self.rotation = QComboBox(self)
        self.turn_button = QPushButton(_tr("Turn"), self)
        self.turn_button.clicked.connect(self.turn_room)
        row = QHBoxLayout()
        row.addWidget(self.rotation, 1)
        row.addWidget(self.turn_button)
        self.buttons_box = QVBoxLayout()
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(self.buttons_box)
        self.heal_buttons: dict[str, QPushButton] = {}
        self.wand_buttons: dict[Direction, QPushButton] = {}
        self.scream_buttons: dict[Square, QPushButton] = {}

    def retranslate(self) -> None:
        """The language changed: the fixed texts (the others are rebuilt with the options)."""
        self.setTitle(_tr("Other actions"))
        self.turn_button.setText(_tr("Turn"))

    def show_options(self, game: Game | None, figure_id: str | None) -> None:
        """Offer what ``figure_id`` may do now (nothing while a step is in progress: ``game`` None)."""
        self.figure_id = figure_id
        self.rotation.clear()
        for button in [*self.heal_buttons.values(), *self.wand_buttons.values(),
                       *self.scream_buttons.values()]:
            button.setParent(None)
            button.deleteLater()
        self.heal_buttons, self.wand_buttons, self.scream_buttons = {}, {}, {}
        if game is None or figure_id is None:
            self.setVisible(False)
            return
        self.choices = rotations(game, figure_id)
        for slot, turns, against in self.choices:
            text = _tr("Room {slot}: {turns}/4 turn, {ap} AP").format(slot=slot, turns=turns, ap=turns)
            if against:
                text += " " + _tr("(against the arrow)")
            self.rotation.addItem(text)  # the list's row is the index in self.choices
        active = po.blocked(game) is None and not must_reveal_first(game)
        for wounded in healable(game, figure_id) if active else []:
            button = QPushButton(_tr("Heal {name} (1 AP)").format(name=wounded), self)
            button.clicked.connect(lambda _=False, w=wounded: self.heal(w))
            self.buttons_box.addWidget(button)
            self.heal_buttons[wounded] = button
        screams = scream_squares(game, figure_id) if active and ap_left(game) >= SCREAM_COST else {}
        for square, target in screams.items():
            button = QPushButton(_tr("Scream at {name} (2 AP)").format(name=target), self)
            button.clicked.connect(lambda _=False, sq=square: self.scream(sq))
            self.buttons_box.addWidget(button)
            self.scream_buttons[square] = button
        for direction, target in (wand_directions(game, figure_id) if active else {}).items():
            button = QPushButton(_tr("Fire the wand at {name} (1 AP)").format(name=target), self)
            button.clicked.connect(lambda _=False, d=direction: self.fire(d))
            self.buttons_box.addWidget(button)
            self.wand_buttons[direction] = button
        has_rotation = self.rotation.count() > 0
        self.rotation.setVisible(has_rotation)
        self.turn_button.setVisible(has_rotation)
        self.setVisible(has_rotation or bool(self.heal_buttons) or bool(self.wand_buttons)
                        or bool(self.scream_buttons))

    def turn_room(self) -> bool:
        """Turn the room chosen in the list (B-ROT)."""
        row = self.rotation.currentIndex()
        figure_id = self.figure_id
        if figure_id is None or not 0 <= row < len(self.choices):
            return False
        slot, turns, against = self.choices[row]
        title = _tr("{figure} turns room {slot}").format(figure=figure_id, slot=slot)
        return self._run(title, lambda game: rotate(game, figure_id, slot, turns, against))

    def heal(self, wounded: str) -> bool:
        """The Cleric heals a wounded friend (B-CLER-2)."""
        figure_id = self.figure_id
        if figure_id is None:
            return False
        title = _tr("{figure} heals {wounded}").format(figure=figure_id, wounded=wounded)
        return self._run(title, lambda game: heal(game, figure_id, wounded))

    def fire(self, direction: Direction) -> bool:
        """The Wizard fires the Fireball wand (B-WAND)."""
        figure_id = self.figure_id
        if figure_id is None:
            return False
        title = _tr("{figure} fires the wand").format(figure=figure_id)
        return self._run(title, lambda game: fire_wand(game, figure_id, direction))

    def scream(self, square: Square) -> bool:
        """The Banshee's Repelling scream at the character on ``square`` (B-BANS)."""
        figure_id = self.figure_id
        if figure_id is None:
            return False
        title = _tr("{figure} screams").format(figure=figure_id)
        return self._run(title, lambda game: scream(game, figure_id, square))
