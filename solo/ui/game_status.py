"""Where the game stands (issue 13): the level, the Vision, the turn and score, the bag, the NPC cards
and the reinforcement deck, the combat decks and discards, the Player's cards. Until now only
``dt-solo status`` showed them; this panel follows the model and shows what the real table shows
(a face-down deck by its size, a discard by its cards)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QScrollArea, QWidget

from solo.game.state import Game, token_parts
from solo.table.position import Side
from solo.ui.model import GameModel
from solo.ui.new_game_choices import level_name
from solo.ui.words import token_label

ROWS = ("level", "vision", "turn", "score", "bag", "npc_pile", "reinforcements", "npc_combat",
        "player_combat", "actions", "rooms", "vision_deck", "removed")
"""The panel's rows, top to bottom."""


def tr(text: str) -> str:
    return QCoreApplication.translate("GameStatus", text)


def _cards(values: list[str]) -> str:
    return ", ".join(values) if values else tr("none")


def _bag_text(game: Game) -> str:
    counts: Counter[str] = Counter()
    for token in game.bag:
        kind, _, colour = token_parts(token)
        counts[f"{colour} object" if kind == "object" else kind] += 1
    return tr("{n} tokens: {npc} NPCs, {player} Player characters, {purple} purple and {yellow} yellow "
              "objects").format(n=len(game.bag), npc=counts["npc"], player=counts["player"],
                                purple=counts["purple object"], yellow=counts["yellow object"])


def _token(game: Game, token: str) -> str:
    """A token as the player names it (an object out of the game has lost its colour)."""
    try:
        token_parts(token)  # a malformed token is shown as it is
    except ValueError:
        return token
    return token_label(token, game)  # as printed, in the app's language


def _turn_text(game: Game) -> str:
    turn = game.position.turn
    if turn is None:
        whose = tr("no side to play")
    else:
        whose = tr("the NP's turn") if turn.side is Side.NPC else tr("the Player's turn")
    return tr("Turn {n}, {whose}").format(n=game.turn_number, whose=whose)


def status_rows(game: Game) -> dict[str, tuple[str, str]]:
    """Each row's (label, text), in the player's language."""
    score = game.position.score
    player, npc = (score.player, score.npc) if score is not None else (0, 0)
    cards = game.player
    names = [token_label(f"npc:{npc_id}", game) for npc_id in game.npc_pile]
    rows = {
        "level": (tr("Level"), f"{game.difficulty} ({level_name(game.difficulty)})"),
        "vision": (tr("Vision"), tr("the Arch-Mage's Vision is played") if game.vision else tr("not played")),
        "turn": (tr("Turn"), _turn_text(game)),
        "score": (tr("Score"), tr("Player {player} VP, NP {npc} VP (5 wins)").format(player=player, npc=npc)),
        "bag": (tr("Bag"), _bag_text(game)),
        "npc_pile": (tr("NPC cards for the bag"), _cards(names)),
        "reinforcements": (tr("Reinforcement deck"), tr("{n} cards").format(n=len(game.reinforcements))),
        "npc_combat": (tr("NP combat deck"), tr("{n} cards; discard: {discard}").format(
            n=len(game.npc_combat.cards), discard=_cards([str(c) for c in game.npc_combat.discard]))),
        "player_combat": (tr("Your combat cards"), tr("in hand: {hand}; discard: {discard}").format(
            hand=_cards([str(c) for c in cards.combat]),
            discard=_cards([str(c) for c in cards.combat_discard]))),
        "actions": (tr("Your Action cards"),
                    tr("in hand: {hand}; played: {played}; Jump cards: {jumps}").format(
                        hand=_cards([str(c) for c in cards.actions]),
                        played=_cards([str(c) for c in cards.played]), jumps=cards.jumps)),
        "rooms": (tr("Room cards"), tr("{revealed} revealed, {hidden} face down").format(
            revealed=len(game.rooms_revealed), hidden=len(game.rooms_unrevealed))),
        "vision_deck": (tr("Vision deck"), tr("{n} cards").format(n=len(game.vision_deck))),
        "removed": (tr("Out of the game"), _cards([_token(game, t) for t in game.removed])),
    }
    if not game.vision:
        del rows["vision_deck"]
    return rows


class GameStatusPanel(QWidget):
    """The rows of :func:`status_rows`, redrawn whenever the game changes."""

    def __init__(self, model: GameModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("game-status")
        self._model = model
        self.form = QFormLayout(self)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.labels: dict[str, tuple[QLabel, QLabel]] = {}
        for key in ROWS:
            name, value = QLabel(self), QLabel(self)
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.form.addRow(name, value)
            self.labels[key] = (name, value)
        model.changed.connect(self.refresh)
        self.refresh()

    def text_of(self, key: str) -> str:
        """A row's text as shown (empty when the row is hidden); the panel must be visible."""
        _, value = self.labels[key]
        return value.text() if value.isVisibleTo(self) else ""

    def seen(self, visible: bool = True) -> None:
        """The panel came into sight (its dock's tab brought to the front): redraw it."""
        if visible:
            QTimer.singleShot(0, self.refresh)

    def refresh(self) -> None:
        """Redraw the rows, when the panel is seen (behind another tab it waits: start-up stays fast,
        the NPC cards' names are read only when needed)."""
        if not self.isVisible() or self.visibleRegion().isEmpty():
            return
        rows = status_rows(self._model.game)
        for key, (name, value) in self.labels.items():
            shown = key in rows
            self.form.setRowVisible(name, shown)
            if shown:
                name.setText(rows[key][0])
                value.setText(rows[key][1])


def scrolled(panel: GameStatusPanel) -> QScrollArea:
    """The panel in a scroll area: in a short pane its wrapped rows (the bag, the cards in hand) scroll
    instead of being squeezed to two cut lines."""
    area = QScrollArea()
    area.setObjectName("game-status-scroll")
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(panel)
    return area
