"""The "Your table" card of a reveal (issue 13): which room to turn over and how it lies, as a
picture, then each token drawn from the bag, numbered on the picture and on the board, with its
dice and why a roll was rolled again. The log keeps the same facts as one line of raw text."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGraphicsScene,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from solo.automaton.table import DieRequest
from solo.game.reveal import room_layout
from solo.game.state import Event, Game, token_parts
from solo.game.teleport import card_square
from solo.table.board import Terrain
from solo.table.squares import Square, parse_square, square_name
from solo.ui.board_overlays import TableOverlays
from solo.ui.model import GameModel
from solo.ui.room_pictures import in_picture, room_picture, rotation_text
from solo.ui.words import room_name, token_label

PICTURE_SIDE = 200
"""The side of the room's picture on the card, in pixels."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("RevealCard", text)


def reroll_reason(game: Game, slot: int, rotation: int, red: int, white: int) -> str:
    """Why the roll red-white placed nothing and was rolled again (S-REVEAL-6)."""
    if red == 6 or white == 6:
        line = _tr("row") if red == 6 else _tr("column")
        return _tr("{red}-{white}: no free square on that {line}, rolled again (S-REVEAL-6)").format(
            red=red, white=white, line=line)
    sq = card_square(slot, rotation, red, white)
    terrain = game.position.board.terrain(sq)
    if terrain is Terrain.PIT:
        why = _tr("{square} is a pit").format(square=square_name(sq))
    elif terrain in (Terrain.FLOOR, Terrain.GEAR):
        why = _tr("{square} already holds a token").format(square=square_name(sq))
    else:
        why = _tr("{square} is not a floor square").format(square=square_name(sq))
    return _tr("{red}-{white}: {why}, rolled again (S-REVEAL-6)").format(red=red, white=white, why=why)


Line = tuple[str, list[str], Square | None, str]
"""A token of a reveal: its line, the lines under it (rerolls), its square (None: out), its kind."""


def landing_lines(game: Game, data: dict[str, Any]) -> list[Line]:
    """Each token of a reveal event, in draw order."""
    slot, rotation = int(data.get("slot", 0)), int(data.get("rotation", 0))
    lines: list[Line] = []
    for number, landing in enumerate(data.get("landings", []), start=1):
        token = str(landing.get("token", ""))
        try:
            name, kind = token_label(token, game), token_parts(token)[0]
        except ValueError:
            name, kind = token, ""
        rolls = [(int(r), int(w)) for r, w in landing.get("rolls", [])]
        at = landing.get("at")
        how = landing.get("how", "dice")
        under = [reroll_reason(game, slot, rotation, r, w) for r, w in rolls[:-1]]
        if at is None:
            lines.append((_tr("{n}. {token}: out of the game (6-6, S-REVEAL-5)").format(n=number, token=name),
                          under, None, kind))
            continue
        if how == "personality":
            where = _tr("placed by its personality (S-REVEAL-7)")
        elif how == "choice" and rolls:
            where = _tr("dice {red}-{white}, the Player chose the line").format(
                red=rolls[-1][0], white=rolls[-1][1])
        elif rolls:
            where = _tr("dice {red}-{white}").format(red=rolls[-1][0], white=rolls[-1][1])
        else:
            where = ""
        text = _tr("{n}. {token} → {square}").format(n=number, token=name, square=at)
        lines.append((f"{text} ({where})" if where else text, under, parse_square(str(at)), kind))
    return lines


class RevealCard(QFrame):
    """One reveal. Signal ``squares_pointed(dict)``: Square -> text to highlight on the board (all the
    tokens when the card is shown, one when its line is clicked)."""

    squares_pointed = Signal(object)

    def __init__(self, game: Game, event: Event, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        data = event.data
        slot, rotation = int(data.get("slot", 0)), int(data.get("rotation", 0))
        layout_id = str(data.get("layout", ""))
        layout = room_layout(game, layout_id)
        name = room_name(layout, layout_id)
        box = QVBoxLayout(self)
        self.title = QLabel(_tr("Room {slot}: turn over {name}, {lies}.").format(
            slot=slot, name=name, lies=rotation_text(rotation)))
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        box.addWidget(self.title)
        self.lines = landing_lines(game, data)
        self.marks = {sq: str(n) for n, (_, _, sq, _) in enumerate(self.lines, start=1) if sq is not None}
        self.picture = QLabel()
        if layout is not None:
            marks = [(in_picture(sq, slot), str(n), kind)
                     for n, (_, _, sq, kind) in enumerate(self.lines, start=1) if sq is not None]
            self.picture.setPixmap(room_picture(layout, rotation, PICTURE_SIDE, marks))
        box.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignHCenter)
        if not self.lines:
            box.addWidget(QLabel(_tr("The bag is empty: no token goes in.")))
        self.buttons: list[QPushButton] = []
        for text, under, sq, _ in self.lines:
            button = QPushButton(text)
            button.setFlat(True)
            button.setStyleSheet("text-align: left;")
            button.setToolTip(_tr("Show its square on the board"))
            button.setEnabled(sq is not None)
            if sq is not None:
                button.clicked.connect(lambda _=False, s=sq: self.squares_pointed.emit({s: self.marks[s]}))
            box.addWidget(button)
            self.buttons.append(button)
            for line in under:
                note = QLabel("    " + line)
                note.setWordWrap(True)
                box.addWidget(note)


class YourTableDialog(QDialog):
    """The "Your table" window: the cards of the last reveals, beside the board (not modal)."""

    squares_pointed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("your-table")
        self.setWindowTitle(_tr("Your table"))
        self.setModal(False)
        self.intro = QLabel(_tr("Do this on the real table:"))
        self.body = QVBoxLayout()
        self.body.addStretch(1)
        holder = QWidget()
        holder.setLayout(self.body)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        close = QPushButton(_tr("Done on the table"))
        close.clicked.connect(self.hide)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(scroll, 1)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self.cards: list[RevealCard] = []
        self.resize(PICTURE_SIDE + 110, 540)  # over the left panels, beside the board

    def show_reveals(self, game: Game, events: list[Event]) -> None:
        """Show the cards of these reveal events (replacing the cards shown), and point at their tokens."""
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = [RevealCard(game, event, self) for event in events]
        marks: dict[Square, str] = {}
        for card in self.cards:
            card.squares_pointed.connect(self.squares_pointed)
            self.body.insertWidget(self.body.count() - 1, card)
            marks.update(card.marks)
        self.squares_pointed.emit(marks)
        parent = self.parentWidget()
        if parent is not None and not self.isVisible():  # over the left panels: the board stays seen
            corner = parent.mapToGlobal(parent.rect().topLeft())
            self.move(corner.x() + 8, corner.y() + 40)
        self.show()
        self.raise_()

    def hideEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        self.squares_pointed.emit({})
        super().hideEvent(event)


class TableGuide(QObject):
    """What the real table needs, following the model: the card of each new reveal (and its squares
    on the board), a room being revealed drawn face up while the dice placing its tokens are asked;
    nothing of it stays after an undo, a redo, another game or a step given up."""

    def __init__(self, model: GameModel, scene: QGraphicsScene, parent: QWidget) -> None:
        super().__init__(parent)
        self.model = model
        self.overlays = TableOverlays(scene)
        self.card = YourTableDialog(parent)
        self.card.squares_pointed.connect(self.overlays.highlight)
        self._log_seen = len(model.game.log)
        """The log's length when the reveals were last looked for."""
        self._turn = self._turn_of(model.game)
        model.history_moved.connect(self.forget)
        model.changed.connect(self.follow)

    def forget(self) -> None:
        self._log_seen = len(self.model.game.log)
        self.card.hide()
        self.overlays.clear()

    @staticmethod
    def _turn_of(game: Game) -> tuple[int, str]:
        turn = game.position.turn
        return game.turn_number, turn.side.value if turn is not None else ""

    def follow(self) -> None:
        game = self.model.game
        turn, self._turn = self._turn, self._turn_of(game)
        new = [event for event in game.log[self._log_seen:] if event.kind == "reveal"]
        if len(game.log) < self._log_seen or (turn != self._turn and not new):
            self.card.hide()  # a step given up (its reveals did not happen), or a new turn begun
            self.overlays.highlight({})
        self._log_seen = len(game.log)
        if new:
            self.card.show_reveals(game, new)
        request = self.model.pending
        room = request.room if isinstance(request, DieRequest) else None
        layout = room_layout(game, room[1]) if room is not None else None
        if room is not None and layout is not None and not game.position.board.is_revealed(room[0]):
            self.overlays.show_room(room[0], layout, room[2])
        else:
            self.overlays.hide_room()
