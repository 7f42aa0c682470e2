"""The selected figure on the Player's panel: who it is and where, and a button for each thing the
engine (:mod:`solo.game.player_options`) says it may do now: reveal, attack, shoot, exit, its powers.
What a way costs on the board and which way a clicked square takes are plain functions here."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from solo.game import player_options as po
from solo.game.state import Game
from solo.table import naming
from solo.table.search import Way
from solo.table.squares import Square, square_name
from solo.ui.explanation_view import class_label
from solo.ui.powers_box import PowersBox, Run
from solo.ui.step_report import cost_text
from solo.ui.words import figure_name, name


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlayerTurnPanel", text)


def shade_of(options: po.FigureOptions | None) -> dict[Square, str]:
    """Square -> cost text ("2", "1+J") of the figure's reachable squares and exits, for the board."""
    shade: dict[Square, str] = {}
    if options is not None:
        shade.update((sq, cost_text(w)) for sq, w in options.exits.items())
        shade.update((sq, cost_text(w)) for sq, w in options.moves.items())
    return shade


def way_to(options: po.FigureOptions | None, square: Square) -> Way | None:
    """The cheapest way the figure takes to a clicked square (an exit square: out of the dungeon)."""
    if options is None:
        return None
    return options.moves.get(square) or options.exits.get(square)


class FigureBox(QGroupBox):
    """The figure's name and square, "Use Jump cards", and its action buttons; each button calls the
    panel back with what was chosen (``reveal(slot)``, ``attack(target)``, ``shoot(target)``, ``leave()``)."""

    def __init__(self, run: Run, reveal: Callable[[int], object], attack: Callable[[str], object],
                 shoot: Callable[[str], object], leave: Callable[[], object],
                 parent: QWidget | None = None) -> None:
        super().__init__(_tr("Figure"), parent)
        self._reveal, self._attack, self._shoot = reveal, attack, shoot
        box = QVBoxLayout(self)
        self.figure_label = QLabel(self)
        self.figure_label.setWordWrap(True)
        box.addWidget(self.figure_label)
        self.use_jumps = QCheckBox(_tr("Use Jump cards"), self)
        self.use_jumps.setChecked(True)
        box.addWidget(self.use_jumps)
        self.reveal_row = QHBoxLayout()
        box.addLayout(self.reveal_row)
        self.attack_row = QVBoxLayout()
        box.addLayout(self.attack_row)
        self.exit_button = QPushButton(self)
        self.exit_button.clicked.connect(lambda _=False: leave())
        box.addWidget(self.exit_button)
        self.powers = PowersBox(run, self)
        box.addWidget(self.powers)
        self.reveal_buttons: dict[int, QPushButton] = {}
        self.attack_buttons: dict[str, QPushButton] = {}
        self.shoot_buttons: dict[str, QPushButton] = {}

    def retranslate(self) -> None:
        """The language changed: the fixed texts (the others are rebuilt with the options)."""
        self.setTitle(_tr("Figure"))
        self.use_jumps.setText(_tr("Use Jump cards"))
        self.powers.retranslate()

    def show_figure(self, game: Game, figure_id: str | None) -> None:
        """Who the selected figure is and where, as the tokens print it (« Le Traître en f1 »)."""
        figure = game.position.characters.get(figure_id) if figure_id else None
        if figure_id is None:
            self.figure_label.setText(_tr("Click one of your figures on the board."))
        elif figure is None or figure.at is None:
            self.figure_label.setText(_tr("{figure} is not on the board.").format(figure=name(figure_id)))
        elif naming.named_by_class(game.position, figure.id):  # its class once
            self.figure_label.setText(_tr("{figure} on {square}").format(
                figure=name(figure.id), square=square_name(figure.at)))
        else:
            self.figure_label.setText(_tr("{figure} ({cls}) on {square}").format(
                figure=name(figure.id), cls=class_label(figure.class_id), square=square_name(figure.at)))

    def show_options(self, options: po.FigureOptions | None) -> None:
        """A button for each room it may reveal, each enemy it may attack or shoot, and its exit."""
        self.powers.show_options(options)
        _clear(self.reveal_row)
        _clear(self.attack_row)
        self.reveal_buttons, self.attack_buttons, self.shoot_buttons = {}, {}, {}
        for slot in options.reveals if options else []:
            button = QPushButton(_tr("Reveal room {slot}").format(slot=slot), self)
            button.clicked.connect(lambda _=False, s=slot: self._reveal(s))
            self.reveal_row.addWidget(button)
            self.reveal_buttons[slot] = button
        for target in options.targets if options else []:
            button = QPushButton(_tr("Attack {target}").format(target=figure_name(target)), self)
            button.clicked.connect(lambda _=False, t=target: self._attack(t))
            self.attack_row.addWidget(button)
            self.attack_buttons[target] = button
        for target in options.shots if options else []:
            button = QPushButton(_tr("Shoot {target} with the Bow").format(target=figure_name(target)), self)
            button.clicked.connect(lambda _=False, t=target: self._shoot(t))
            self.attack_row.addWidget(button)
            self.shoot_buttons[target] = button
        way = options.exit if options else None
        self.exit_button.setVisible(way is not None)
        self.exit_button.setText(_tr("Exit the dungeon ({cost} AP)").format(cost=cost_text(way))
                                 if way is not None else "")


def _clear(layout: QLayout) -> None:
    """Take every widget out of a row (rebuilt with the next options)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()
