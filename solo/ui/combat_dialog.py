"""Before the Player's attack: who takes part and each side's value before the cards (B-CMB-4, B-GRP).

The engine decides the sides (:func:`solo.actions.combat.melee_sides`); this dialog only shows them and lets
the player confirm or give up the attack. The cards are chosen afterwards, through the step's requests.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from solo.actions.combat import CombatSides
from solo.glossary import CLASS_NAMES
from solo.table import naming
from solo.table.position import Position
from solo.ui.words import glossary, renderer

CONTEXT = "CombatDialog"


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def figure_words(position: Position, character_id: str) -> str:
    """A figure as printed, in the app's language, with a capital (« Le Colosse », « Arthos »)."""
    name = renderer().ref(naming.figure(position, character_id))
    return name[:1].upper() + name[1:]


def participant_rows(position: Position, sides: CombatSides) -> list[tuple[str, str, str, str]]:
    """One row per participant: (side, character, class, role), attackers first."""
    rows: list[tuple[str, str, str, str]] = []
    roles = [
        (sides.shooters, _tr("Player"), _tr("shoots (Bow)")),
        (sides.attackers, _tr("Player"), _tr("attacks")),
        (sides.defenders, _tr("NP"), _tr("defends")),
    ]
    for ids, side, role in roles:
        for character_id in ids:
            character = position.characters.get(character_id)
            name = "?"
            if character is not None:
                entry = CLASS_NAMES.get(character.class_id)
                name = glossary(entry) if entry is not None else character.character_class.name
            if character is not None and character.wounded:
                name = _tr("{name}, wounded").format(name=name)
            shown = role
            if character_id == sides.target:
                shown = _tr("target")
            elif character_id == sides.spear:
                shown = _tr("attacks (Telescoping spear)")
            rows.append((side, figure_words(position, character_id), name, shown))
    return rows


class CombatDialog(QDialog):
    """The participants of an attack and the two values before cards; Attack or Cancel."""

    def __init__(self, position: Position, sides: CombatSides, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.setWindowTitle(_tr("Attack {target}").format(target=figure_words(position, sides.target)))
        layout = QVBoxLayout(self)
        rows = participant_rows(position, sides)
        self.table = QTableWidget(len(rows), 4, self)
        self.table.setHorizontalHeaderLabels([_tr("Side"), _tr("Character"), _tr("Class"), _tr("Role")])
        for row, values in enumerate(rows):
            for column, text in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        layout.addWidget(self.table)
        group = _tr(" (group combat, B-GRP)") if sides.is_group else ""
        self.values_label = QLabel(
            _tr("Your side: {attack}, the NP's side: {defence}{group}. Cards are played next (S-COMBAT-1).")
            .format(attack=sides.attack_value, defence=sides.defence_value, group=group),
            self,
        )
        self.values_label.setWordWrap(True)
        layout.addWidget(self.values_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.attack_button = buttons.addButton(_tr("Attack"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def confirm_combat(position: Position, sides: CombatSides, parent: QWidget | None = None) -> bool:
    """Show the combat's sides modally; True when the player goes on with the attack."""
    dialog = CombatDialog(position, sides, parent)
    return dialog.exec() == QDialog.DialogCode.Accepted
