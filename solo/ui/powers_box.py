"""The selected figure's other actions on the Player's panel: turning a room from its gear (B-ROT),
healing (B-CLER), the Fireball wand (B-WAND). The engine says what is possible; this box offers it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from solo.game import player_options as po
from solo.game.player_powers import Rotation, fire_wand, heal, rotate, scream
from solo.game.session import Steps
from solo.game.state import Game
from solo.table.squares import Direction, Square
from solo.ui.words import figure_name, name

Run = Callable[[str, Callable[[Game], Steps]], bool]
"""Starts a titled step (the panel's ``_run``): True when it was played."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlayerTurnPanel", text)


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

    def show_options(self, options: po.FigureOptions | None) -> None:
        """Offer what the figure may do now (``options`` None: no figure, or a step in progress)."""
        self.figure_id = options.figure_id if options is not None else None
        self.rotation.clear()
        for button in [*self.heal_buttons.values(), *self.wand_buttons.values(),
                       *self.scream_buttons.values()]:
            button.setParent(None)
            button.deleteLater()
        self.heal_buttons, self.wand_buttons, self.scream_buttons = {}, {}, {}
        if options is None:
            self.choices = []
            self.setVisible(False)
            return
        self.choices = list(options.rotations)
        for slot, turns, against in self.choices:
            text = _tr("Room {slot}: {turns}/4 turn, {ap} AP").format(slot=slot, turns=turns, ap=turns)
            if against:
                text += " " + _tr("(against the arrow)")
            self.rotation.addItem(text)  # the list's row is the index in self.choices
        for wounded in options.heals:
            button = QPushButton(_tr("Heal {name} (1 AP)").format(name=figure_name(wounded)), self)
            button.clicked.connect(lambda _=False, w=wounded: self.heal(w))
            self.buttons_box.addWidget(button)
            self.heal_buttons[wounded] = button
        for square, target in options.screams.items():
            button = QPushButton(_tr("Scream at {name} (2 AP)").format(name=figure_name(target)), self)
            button.clicked.connect(lambda _=False, sq=square: self.scream(sq))
            self.buttons_box.addWidget(button)
            self.scream_buttons[square] = button
        for direction, target in options.wand.items():
            button = QPushButton(_tr("Fire the wand at {name} (1 AP)").format(name=figure_name(target)), self)
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
        title = _tr("{figure} turns room {slot}").format(figure=name(figure_id), slot=slot)
        return self._run(title, lambda game: rotate(game, figure_id, slot, turns, against))

    def heal(self, wounded: str) -> bool:
        """The Cleric heals a wounded friend (B-CLER-2)."""
        figure_id = self.figure_id
        if figure_id is None:
            return False
        title = _tr("{figure} heals {wounded}").format(figure=name(figure_id), wounded=figure_name(wounded))
        return self._run(title, lambda game: heal(game, figure_id, wounded))

    def fire(self, direction: Direction) -> bool:
        """The Wizard fires the Fireball wand (B-WAND)."""
        figure_id = self.figure_id
        if figure_id is None:
            return False
        title = _tr("{figure} fires the wand").format(figure=name(figure_id))
        return self._run(title, lambda game: fire_wand(game, figure_id, direction))

    def scream(self, square: Square) -> bool:
        """The Banshee's Repelling scream at the character on ``square`` (B-BANS)."""
        figure_id = self.figure_id
        if figure_id is None:
            return False
        title = _tr("{figure} screams").format(figure=name(figure_id))
        return self._run(title, lambda game: scream(game, figure_id, square))
