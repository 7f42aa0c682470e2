"""The new-game wizard: difficulty and Vision, the Player's team, the content, what the table runs.

The wizard only gathers choices (:class:`GameSettings`); the game itself is set up by the engine
(``solo.game.setup.new_game``, S-SETUP-1..8), which also draws the team when none is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from solo.content.gamedata import CLASS_IDS, game_data
from solo.errors import DataError
from solo.game.setup import TEAM_SIZE
from solo.game.state import COMPONENTS, Game
from solo.locations import user_data_dir
from solo.ui.box_summary import box_summary
from solo.ui.new_game_choices import (
    CONTENTS,
    LEVELS,
    SWATCH,
    GameSettings,
    class_name,
    component_label,
    create_game,
    default_modes,
    level_colour,
    level_details,
    level_name,
    load_content,
    swatch,
    team_problem,
)
from solo.ui.words import problem_line

__all__ = [
    "CONTENTS",
    "LEVELS",
    "SWATCH",
    "ContentPage",
    "GameSettings",
    "LevelPage",
    "NewGameWizard",
    "TablePage",
    "TeamPage",
    "class_name",
    "component_label",
    "create_game",
    "default_modes",
    "level_colour",
    "level_details",
    "level_name",
    "load_content",
    "swatch",
    "team_problem",
]

SUMMARY_LINES = 9
"""Lines of the box summary shown at once (it scrolls): the page keeps its size whatever the box."""


def _problem_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setStyleSheet("color: #b00020;")
    return label


# -- the pages -------------------------------------------------------------------------------------
class LevelPage(QWizardPage):
    """S-SETUP-1 and S-VISION: the difficulty level (by its colour) and the Vision variant."""

    def __init__(self, initial: GameSettings) -> None:
        super().__init__()
        self.setTitle(self.tr("Difficulty"))
        self.setSubTitle(self.tr("The closer the level is to black, the more often reinforcements arrive."))
        self.group = QButtonGroup(self)
        self.buttons: dict[int, QRadioButton] = {}
        layout = QVBoxLayout(self)
        for level in LEVELS:
            text = self.tr("%1 – %2").replace("%1", str(level))
            button = QRadioButton(text.replace("%2", level_name(level)))
            button.setIcon(swatch(level_colour(level)))
            self.group.addButton(button, level)
            self.buttons[level] = button
            layout.addWidget(button)
        self.details = QLabel()
        self.details.setWordWrap(True)
        layout.addWidget(self.details)
        self.vision = QCheckBox(self.tr("Play the Arch-Mage's Vision variant"))
        self.vision.setToolTip(
            self.tr("Whenever a card bearing the Vision icon is played, a Vision card reveals a room.")
        )
        layout.addWidget(self.vision)
        layout.addStretch()
        self.group.idToggled.connect(self._show_details)
        self.buttons[initial.difficulty].setChecked(True)
        self.vision.setChecked(initial.vision)

    def level(self) -> int:
        return self.group.checkedId()

    def _show_details(self, level: int, checked: bool) -> None:
        if checked:
            self.details.setText(level_details(level))


class TeamPage(QWizardPage):
    """S-SETUP-5: the Player's 4 characters, drawn at random by default or chosen."""

    def __init__(self, initial: GameSettings) -> None:
        super().__init__()
        self.setTitle(self.tr("The Player's team"))
        self.setSubTitle(self.tr("Four characters of different classes start on the yellow line."))
        self.random = QRadioButton(self.tr("Draw 4 characters at random"))
        self.chosen = QRadioButton(self.tr("Choose my 4 characters"))
        self.combos: list[QComboBox] = []
        layout = QVBoxLayout(self)
        layout.addWidget(self.random)
        layout.addWidget(self.chosen)
        form = QFormLayout()
        classes = game_data().classes
        for i in range(TEAM_SIZE):
            combo = QComboBox()
            combo.addItem("—", "")
            for class_id in CLASS_IDS:
                cls = classes[class_id]
                text = self.tr("%1 (Movement %2, Combat %3)")
                text = text.replace("%1", class_name(class_id)).replace("%2", str(cls.movement))
                combo.addItem(text.replace("%3", str(cls.combat)), class_id)
            combo.currentIndexChanged.connect(self._changed)
            self.combos.append(combo)
            form.addRow(self.tr("Character %1:").replace("%1", str(i + 1)), combo)
        layout.addLayout(form)
        self.problem = _problem_label()
        layout.addWidget(self.problem)
        layout.addStretch()
        self.random.toggled.connect(self._changed)
        if initial.team is not None:
            self.set_team(initial.team)
        else:
            self.random.setChecked(True)
        self._changed()

    def set_team(self, team: Sequence[str]) -> None:
        """Choose these classes (fewer than 4 leaves the last boxes empty)."""
        self.chosen.setChecked(True)
        for combo, class_id in zip(self.combos, [*team, *[""] * TEAM_SIZE], strict=False):
            combo.setCurrentIndex(max(combo.findData(class_id), 0))

    def team(self) -> tuple[str, ...] | None:
        """The chosen classes (empty boxes left out), or None for a random team."""
        if self.random.isChecked():
            return None
        return tuple(str(c.currentData()) for c in self.combos if c.currentData())

    def isComplete(self) -> bool:  # noqa: N802 (Qt override)
        team = self.team()
        return team is None or team_problem(team) is None

    def _changed(self) -> None:
        team = self.team()
        for combo in self.combos:
            combo.setEnabled(team is not None)
        self.problem.setText("" if team is None else team_problem(team) or "")
        self.completeChanged.emit()


class ContentPage(QWizardPage):
    """The box played with (the demo's, or the player's own with the demo filling the gaps), what it
    holds and what is wrong with it (issue 11), and the seed."""

    def __init__(self, initial: GameSettings) -> None:
        super().__init__()
        self.setTitle(self.tr("Rooms and NPC cards"))
        self.setSubTitle(self.tr("Play with the demo content, or with the rooms and cards you made."))
        folder = user_data_dir()
        self.demo = QRadioButton(self.tr("The demo rooms and NPC cards"))
        self.own = QRadioButton(self.tr("My own rooms and NPC cards (the demo ones fill the gaps)"))
        self.folder = QLabel()
        self.folder.setWordWrap(True)
        rooms = _count_files(folder / "rooms")
        cards = _count_files(folder / "npc_cards")
        text = self.tr("Your folder: %1").replace("%1", str(folder))
        text += "\n" + self.tr("%n room file(s)", "", rooms)
        text += ", " + self.tr("%n NPC card file(s)", "", cards)
        self.folder.setText(text)
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.summary.setFixedHeight(SUMMARY_LINES * self.summary.fontMetrics().lineSpacing())
        self.problem = _problem_label()
        self.seed = QLineEdit()
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]{0,18}"), self.seed))
        self.seed.setPlaceholderText(self.tr("random"))
        self.seed.setToolTip(self.tr("The same seed deals the same game."))
        layout = QVBoxLayout(self)
        for widget in (self.demo, self.own, self.folder, self.summary, self.problem):
            layout.addWidget(widget)
        form = QFormLayout()
        form.addRow(self.tr("Seed (optional):"), self.seed)
        layout.addLayout(form)
        layout.addStretch()
        self.own.toggled.connect(self._show_box)
        (self.own if initial.content == "own" else self.demo).setChecked(True)
        self._show_box()
        if initial.seed is not None:
            self.seed.setText(str(initial.seed))

    def content(self) -> str:
        return "own" if self.own.isChecked() else "demo"

    def seed_value(self) -> int | None:
        text = self.seed.text().strip()
        return int(text) if text else None

    def _show_box(self) -> None:
        """Show the box the game will be set up with, as ``dt-solo box`` lists it; say in one line
        whether it has problems (those files are left out of the game)."""
        box = load_content(self.content())
        self.summary.setPlainText(box_summary(box))
        problems = len(box.problems()) + len(box.shortfall())
        if box.shortfall():
            self.problem.setText(self.tr("This box cannot set up a game: see the list above."))
        elif problems:
            text = self.tr("%n problem(s) in your box: what they concern is left out of the game.", "",
                           problems)
            self.problem.setText(text)
        else:
            self.problem.setText("")


def _count_files(folder: Any) -> int:
    return len(list(folder.glob("*.yaml"))) if folder.is_dir() else 0


class TablePage(QWizardPage):
    """Item 8: for each random or hidden component, the app runs it or the real table does."""

    def __init__(self, initial: GameSettings) -> None:
        super().__init__()
        self.setTitle(self.tr("Physical or digital"))
        self.setSubTitle(self.tr(
            "The app can draw and roll for you, or you use your own components and tell it what came out."
        ))
        self.combos: dict[str, QComboBox] = {}
        form = QFormLayout()
        for component in COMPONENTS:
            combo = QComboBox()
            combo.addItem(self.tr("The app (digital)"), "app")
            combo.addItem(self.tr("My table (physical)"), "table")
            combo.setCurrentIndex(max(combo.findData(initial.modes.get(component, "app")), 0))
            self.combos[component] = combo
            form.addRow(component_label(component), combo)
        self.problem = _problem_label()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addStretch()

    def initializePage(self) -> None:  # noqa: N802 (Qt override)
        wizard = self.wizard()
        if isinstance(wizard, NewGameWizard):
            self.combos["vision"].setEnabled(wizard.level_page.vision.isChecked())

    def modes(self) -> dict[str, str]:
        return {component: str(combo.currentData()) for component, combo in self.combos.items()}

    def validatePage(self) -> bool:  # noqa: N802 (Qt override)
        """Finish sets the game up; when the content cannot make one, say why and stay."""
        wizard = self.wizard()
        if not isinstance(wizard, NewGameWizard):
            return True
        try:
            wizard.game = wizard.create_game()
        except DataError as error:
            self.problem.setText(
                "\n".join([self.tr("This game cannot be set up:"),
                           *(problem_line(p) for p in error.problems[:8])])
            )
            return False
        self.problem.setText("")
        return True


class NewGameWizard(QWizard):
    """Choose a new game. After ``exec()`` returns Accepted, :attr:`game` holds the game set up;
    :meth:`game_settings` gives the choices (to remember them: ``GameSettings.to_data()``)."""

    def __init__(self, parent: QWidget | None = None, initial: GameSettings | None = None) -> None:
        super().__init__(parent)
        initial = initial or GameSettings()
        self.setWindowTitle(self.tr("New game"))
        self.game: Game | None = None
        self.level_page = LevelPage(initial)
        self.team_page = TeamPage(initial)
        self.content_page = ContentPage(initial)
        self.table_page = TablePage(initial)
        pages = (self.level_page, self.team_page, self.content_page, self.table_page)
        for page in pages:
            self.addPage(page)
        # One size for every page (issue 13): each page is at least as large as the largest.
        width = max(page.sizeHint().width() for page in pages)
        height = max(page.sizeHint().height() for page in pages)
        for page in pages:
            page.setMinimumSize(width, height)

    def game_settings(self) -> GameSettings:
        """The choices as they stand."""
        return GameSettings(
            difficulty=self.level_page.level(),
            vision=self.level_page.vision.isChecked(),
            team=self.team_page.team(),
            content=self.content_page.content(),
            modes=self.table_page.modes(),
            seed=self.content_page.seed_value(),
        )

    def create_game(self) -> Game:
        """Set up the chosen game with the engine (raises DataError when it cannot)."""
        return create_game(self.game_settings())
