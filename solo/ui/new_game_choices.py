"""The choices of a new game and the words the wizard shows for them (no widgets here).

:class:`GameSettings` is what the wizard gathers; :func:`create_game` hands it to the engine
(``solo.game.setup.new_game``, S-SETUP-1..8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from solo.content.box import Box, default_content, load_box
from solo.content.gamedata import CLASS_IDS
from solo.game.components import LEVEL_COLOURS, components
from solo.game.content import reload_content
from solo.game.setup import TEAM_SIZE, new_game
from solo.game.state import COMPONENTS, MODES, Game
from solo.ui.i18n import current_language

CONTENTS = ("demo", "own")
"""The demo rooms and NPC cards only, or the player's own (his user folder) over them."""
LEVELS = range(1, 7)
SWATCH = 24


def default_modes() -> dict[str, str]:
    return dict.fromkeys(COMPONENTS, "app")


@dataclass
class GameSettings:
    """What the player chose for a new game; ``team`` None lets the engine draw it (S-SETUP-5),
    ``seed`` None lets it pick one."""

    difficulty: int = 1
    vision: bool = False
    team: tuple[str, ...] | None = None
    content: str = field(default_factory=default_content)
    """``own`` by default once the player has entered a room or a card (issue 11), else ``demo``."""
    modes: dict[str, str] = field(default_factory=default_modes)
    seed: int | None = None

    def to_data(self) -> dict[str, Any]:
        """Plain data, to remember the choices for the next game: the seed is left out (each new
        game is dealt afresh unless the player types a seed)."""
        data = {**asdict(self), "team": list(self.team) if self.team is not None else None}
        del data["seed"]
        return data

    @classmethod
    def from_data(cls, data: Any) -> GameSettings:
        """Read :meth:`to_data` back; anything missing or wrong takes its default."""
        data = data if isinstance(data, dict) else {}
        settings = cls()
        if data.get("difficulty") in LEVELS:
            settings.difficulty = int(data["difficulty"])
        settings.vision = data.get("vision") is True
        team = data.get("team")
        if isinstance(team, list) and team_problem(team) is None:
            settings.team = tuple(team)
        if data.get("content") in CONTENTS:
            settings.content = data["content"]
        modes = data.get("modes")
        if isinstance(modes, dict):
            settings.modes.update({c: m for c, m in modes.items() if c in COMPONENTS and m in MODES})
        seed = data.get("seed")
        if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
            settings.seed = seed
        return settings


def load_content(content: str) -> Box:
    """The box of a game: the demo's, or the player's own with the demo filling the gaps (read
    afresh: the player may have just edited his rooms and cards)."""
    reload_content()
    return load_box(content)


def create_game(settings: GameSettings) -> Game:
    """Set up the game the settings describe (raises DataError when the box cannot make one); the
    game keeps its content all game long (AMB-CONTENT)."""
    box = load_content(settings.content)
    return new_game(settings.difficulty, vision=settings.vision, seed=settings.seed, team=settings.team,
                    modes=settings.modes, content=settings.content, box=box)


# -- what the pages show ---------------------------------------------------------------------------
def level_colour(level: int) -> QColor:
    """The colour of a level's icon: its name when it is a colour (pink, black), else a shade between
    the easiest and the hardest level's colours (the rulebook does not name the four between)."""
    name = components().levels[level].name
    if QColor.isValidColorName(name):
        return QColor(name)
    low, high = min(LEVEL_COLOURS), max(LEVEL_COLOURS)
    easy, hard = QColor(LEVEL_COLOURS[low]), QColor(LEVEL_COLOURS[high])
    t = (level - low) / (high - low)
    pairs = zip((easy.red(), easy.green(), easy.blue()), (hard.red(), hard.green(), hard.blue()), strict=True)
    return QColor(*(round(a + t * (b - a)) for a, b in pairs))


def level_name(level: int) -> str:
    """The level's name from ``rules/difficulty.yaml`` in the interface's language: its own
    ``{en, fr}`` text, or a plain name translated when it is one we know."""
    icons = components().levels[level]
    if icons.names is not None:
        return icons.name_in(current_language())
    name = icons.name
    known = {
        "pink": QCoreApplication.translate("NewGameWizard", "pink"),
        "black": QCoreApplication.translate("NewGameWizard", "black"),
        f"level {level}": QCoreApplication.translate("NewGameWizard", "level %1").replace("%1", str(level)),
    }
    return known.get(name, name)


def level_details(level: int) -> str:
    """Which cards bring reinforcements at this level (S-REINF-2), from the level's icons."""
    icons = components().levels[level]
    none = QCoreApplication.translate("NewGameWizard", "none")

    def values(cards: Any) -> str:
        return ", ".join(sorted(cards, key=int))

    player: list[str] = []
    if icons.player_actions:
        text = QCoreApplication.translate("NewGameWizard", "Action cards %1")
        player.append(text.replace("%1", ", ".join(str(a) for a in sorted(icons.player_actions))))
    if icons.player_jumps:
        player.append(QCoreApplication.translate("NewGameWizard", "Jump cards"))
    if icons.player_combat:
        text = QCoreApplication.translate("NewGameWizard", "Combat cards %1")
        player.append(text.replace("%1", values(icons.player_combat)))
    text = QCoreApplication.translate(
        "NewGameWizard",
        "Reinforcements arrive when the Non-Player plays Combat cards %1, and when the Player plays: %2.",
    )
    text = text.replace("%1", values(icons.npc_combat) or none).replace("%2", "; ".join(player) or none)
    if icons.source != "rulebook":
        text += " " + QCoreApplication.translate(
            "NewGameWizard", "(Values of the demo: check them against the icons printed on your cards.)"
        )
    return text


def class_name(class_id: str) -> str:
    """A character class's name in the interface's language."""
    names = {
        "cleric": QCoreApplication.translate("NewGameWizard", "Cleric"),
        "colossus": QCoreApplication.translate("NewGameWizard", "Colossus"),
        "backstabber": QCoreApplication.translate("NewGameWizard", "Backstabber"),
        "mechanork": QCoreApplication.translate("NewGameWizard", "Mechanork"),
        "wizard": QCoreApplication.translate("NewGameWizard", "Wizard"),
        "banshee": QCoreApplication.translate("NewGameWizard", "Banshee"),
        "naga": QCoreApplication.translate("NewGameWizard", "Naga"),
        "telepath": QCoreApplication.translate("NewGameWizard", "Telepath"),
    }
    return names.get(class_id, class_id)


def component_label(component: str) -> str:
    labels = {
        "dice": QCoreApplication.translate("NewGameWizard", "Dice (teleportation, rotation, draws)"),
        "bag": QCoreApplication.translate("NewGameWizard", "Bag of tokens"),
        "npc_combat": QCoreApplication.translate("NewGameWizard", "The Non-Player's Combat cards"),
        "reinforcements": QCoreApplication.translate("NewGameWizard", "Reinforcement cards"),
        "room_cards": QCoreApplication.translate(
            "NewGameWizard", "Rooms and Room cards (the face-down plan, the reinforcements' rooms)"
        ),
        "vision": QCoreApplication.translate("NewGameWizard", "The Arch-Mage's Vision cards"),
    }
    return labels.get(component, component)


def team_problem(team: Sequence[str]) -> str | None:
    """Why a chosen team cannot play (S-SETUP-5: 4 different classes), or None when it can."""
    chosen = [c for c in team if c]
    if any(c not in CLASS_IDS for c in chosen):
        return QCoreApplication.translate("NewGameWizard", "Unknown character class.")
    twice = sorted({c for c in chosen if chosen.count(c) > 1})
    if twice:
        text = QCoreApplication.translate("NewGameWizard", "Choose 4 different classes: %1 is chosen twice.")
        return text.replace("%1", ", ".join(class_name(c) for c in twice))
    if len(chosen) != TEAM_SIZE:
        text = QCoreApplication.translate("NewGameWizard", "Choose 4 different classes (%1 chosen).")
        return text.replace("%1", str(len(chosen)))
    return None


def swatch(colour: QColor) -> QIcon:
    """A square of the level's colour, outlined so that black and pink both show on any theme."""
    pixmap = QPixmap(SWATCH, SWATCH)
    pixmap.fill(colour)
    painter = QPainter(pixmap)
    painter.setPen(QColor("gray"))
    painter.drawRect(0, 0, SWATCH - 1, SWATCH - 1)
    painter.end()
    return QIcon(pixmap)

