"""The board scene: the model's position drawn as rooms, starting lines, figures and tokens.

The scene redraws from ``model.changed`` and holds no rules: it reads the position and builds items
(``solo/ui/board_items.py``). The mouse goes to gestures (``solo/ui/gestures.py``); what the player
does is reported by signals (``square_clicked``, ``piece_dropped``, ``context_requested``) and turned
into model edits by the main window. Other panels draw on it through overlays (``show_path``,
``shade``, ``clear_overlays``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainterPath, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
)

from solo.content.rooms import Mark
from solo.glossary import CLASS_NAMES
from solo.table.board import Board, MarkerState
from solo.table.position import Character, Position, Side, item_character
from solo.table.squares import (
    BLUE_RANK,
    SLOTS,
    YELLOW_RANK,
    Direction,
    Square,
    neighbour,
    slot_of,
    slot_squares,
)
from solo.ui import board_items
from solo.ui.board_items import (
    Z_PATH,
    EdgeMark,
    LineItem,
    RoomItem,
    ShadeItem,
    SquareNamesItem,
    board_rect,
    square_rect,
)
from solo.ui.board_pieces import FigureItem, PieceItem, TokenItem
from solo.ui.gestures import DragPieceGesture, Gesture
from solo.ui.icons import NPC_COLOUR, PLAYER_COLOUR
from solo.ui.model import GameModel
from solo.ui.words import figure_name, glossary, room_name, token_label

MARGIN = 20.0


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoardScene", text)


def room_item(board: Board, slot: int) -> RoomItem:
    """The item of one room slot of ``board`` (the board's, and the room pictures' of the dialogs)."""
    room = board.room(slot)
    if not board.is_revealed(slot) or room is None:
        return RoomItem(slot, None, [], _tr("Room {0}").format(slot))
    squares = slot_squares(slot)
    edges: list[EdgeMark] = []
    for sq in squares:
        for direction in Direction:
            other = neighbour(sq, direction)
            if other is not None and slot_of(other) == slot and direction in (Direction.SOUTH,
                                                                               Direction.WEST):
                continue  # an inner side is drawn once, from its other square
            mark = board.printed_mark(sq, direction)
            if mark is Mark.OPEN:
                continue
            state = board.marker_state(sq, other) if other is not None else None
            if mark is Mark.WALL and other is not None and board.wall_broken(sq, other):
                state = MarkerState.BROKEN  # S-PERS-WAVERICK: a wall a character was pushed through
            edges.append(EdgeMark(sq, direction, mark, state))
    arrow = "↻" if room.layout.sense == "cw" else "↺"
    item = RoomItem(slot, {sq: board.terrain(sq) for sq in squares}, edges,
                    gear_label=f"{room.layout.pair}{arrow}")
    item.setToolTip(_tr("{name}: twin pair {pair}, turns {sense}").format(
        name=room_name(room.layout), pair=room.layout.pair,
        sense=_tr("clockwise") if room.layout.sense == "cw" else _tr("anticlockwise")))
    return item


def side_colour(side: Side) -> str:
    """The colour of a side's pieces: yellow for the Player, purple for the NPCs."""
    return PLAYER_COLOUR if side is Side.PLAYER else NPC_COLOUR


class BoardScene(QGraphicsScene):
    """The model's position on screen. Signals: ``square_clicked(square)``, ``piece_dropped(piece id,
    square)`` (a character id or ``object:<index>``), ``context_requested(square, screen position)``."""

    square_clicked = Signal(int)
    piece_dropped = Signal(str, int)
    context_requested = Signal(int, QPoint)

    def __init__(self, model: GameModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setSceneRect(board_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
        self.setBackgroundBrush(QColor("#2b2520"))
        self._board_items: list[QGraphicsItem] = []
        self._pieces: list[PieceItem] = []
        self._names = SquareNamesItem()
        self._names.hide()
        self.addItem(self._names)
        self._path_item: QGraphicsPathItem | None = None
        self._path_names: SquareNamesItem | None = None
        self._shade_item: ShadeItem | None = None
        self.path_squares: list[Square] = []
        """The squares of the path overlay (empty: none shown)."""
        self._gesture: Gesture | None = None
        self._press: tuple[Square, QPointF] | None = None
        model.changed.connect(self.redraw)
        self.redraw()

    # -- geometry --------------------------------------------------------------------------------
    @staticmethod
    def square_rect(sq: Square) -> QRectF:
        """The scene rectangle of a square."""
        return square_rect(sq)

    @staticmethod
    def square_at(point: QPointF) -> Square | None:
        """The square under a scene point, None off the board."""
        return board_items.square_at(point)

    # -- reading what is drawn ---------------------------------------------------------------------
    def room_items(self) -> dict[int, RoomItem]:
        """The drawn rooms by slot (1–8)."""
        return {item.slot: item for item in self._board_items if isinstance(item, RoomItem)}

    def figure_items(self) -> list[FigureItem]:
        """Every character drawn on a square (figures and wounded tokens)."""
        return [item for item in self._pieces if isinstance(item, FigureItem)]

    def token_items(self) -> list[TokenItem]:
        """Every loose object drawn."""
        return [item for item in self._pieces if isinstance(item, TokenItem)]

    def piece_item(self, piece_id: str) -> PieceItem | None:
        """The item of a character id or ``object:<index>``, None if not on the board."""
        return next((item for item in self._pieces if item.piece_id == piece_id), None)

    def piece_at(self, point: QPointF) -> PieceItem | None:
        """The topmost piece under a scene point."""
        for item in self.items(point):
            if isinstance(item, PieceItem):
                return item
        return None

    @property
    def shaded(self) -> dict[Square, str]:
        """The squares of the shade overlay and their texts."""
        return dict(self._shade_item.costs) if self._shade_item is not None else {}

    @property
    def gesture(self) -> Gesture | None:
        """The mouse gesture in progress, if any."""
        return self._gesture

    # -- drawing ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Rebuild the rooms, lines and pieces from the model's position (overlays stay)."""
        if self._gesture is not None:
            self._gesture.cancel()
            self._gesture = None
        for item in [*self._board_items, *self._pieces]:
            self.removeItem(item)
        self._board_items = []
        self._pieces = []
        position = self.model.position
        for slot in SLOTS:
            self._add_board(room_item(position.board, slot))
        for rank in (YELLOW_RANK, BLUE_RANK):
            self._add_board(LineItem(rank))
        self._add_pieces(position)

    def _add_board(self, item: QGraphicsItem) -> None:
        self.addItem(item)
        self._board_items.append(item)

    def _add_piece(self, item: PieceItem) -> None:
        self.addItem(item)
        self._pieces.append(item)

    def _add_pieces(self, position: Position) -> None:
        occupied: set[Square] = set()
        below: dict[Square, int] = {}
        # The wounded first: a figure standing on a wounded is drawn over it, a little aside.
        for c in sorted(position.characters.values(), key=lambda c: not c.wounded):
            if c.at is None:
                continue  # carried: drawn as its carrier's badge
            occupied.add(c.at)
            label = figure_name(c.id, self.model.game) if c.side is Side.NPC else ""
            item = FigureItem(
                c.id, c.at, c.class_id, side_colour(c.side), wounded=c.wounded, label=label,
                badge=self._badge(position, c), tooltip=self._character_tip(position, c))
            if below.get(c.at):
                item.stack(below[c.at])
            below[c.at] = below.get(c.at, 0) + 1
            self._add_piece(item)
        count: dict[Square, int] = {}
        for index, o in enumerate(position.objects):
            offset = count.get(o.at, 0)
            count[o.at] = offset + 1
            self._add_piece(TokenItem(f"object:{index}", o.at, o.kind, small=o.at in occupied,
                                      offset=offset, tooltip=self._object_name(o.kind)))

    @staticmethod
    def _badge(position: Position, c: Character) -> tuple[str, str | None] | None:
        item = c.carried_item()
        if item is None:
            return None
        carried_id = item_character(item)
        if carried_id is None:
            return item, None
        carried = position.characters.get(carried_id)
        return "wounded", side_colour(carried.side if carried is not None else c.side)

    def _character_tip(self, position: Position, c: Character) -> str:
        name = glossary(CLASS_NAMES[c.class_id]) if c.class_id in CLASS_NAMES else c.class_id
        if c.side is Side.NPC:
            text = self.tr("{0} ({1}), NPC").format(figure_name(c.id, self.model.game), name)
        else:
            text = self.tr("{0}, Player").format(name)
        if c.wounded:
            text = self.tr("{0}, wounded").format(text)
        if c.carries is not None:
            carried = position.characters.get(c.carries)
            what = (figure_name(carried.id, self.model.game) if carried is not None
                    else self._object_name(c.carries))
            text = self.tr("{0}, carrying {1}").format(text, what)
        return text

    @staticmethod
    def _object_name(kind: str) -> str:
        """An object as printed, in the app's language, from the glossary."""
        return token_label(f"object:{kind}")

    # -- display options and overlays --------------------------------------------------------------
    def show_square_names(self, show: bool) -> None:
        """Show or hide the square names (a0 … j21)."""
        self._names.setVisible(show)

    def square_names_shown(self) -> bool:
        """True while the square names are shown."""
        return self._names.isVisible()

    def show_path(self, squares: list[Square]) -> None:
        """Highlight a path: a line through the squares' centres (replaces the previous path)."""
        self._remove_path()
        self.path_squares = list(squares)
        if not squares:
            return
        centres = [square_rect(sq).center() for sq in squares]
        path = QPainterPath(centres[0])
        for point in centres[1:]:
            path.lineTo(point)
        path.addEllipse(centres[0], 5, 5)
        path.addEllipse(centres[-1], 11, 11)
        item = QGraphicsPathItem(path)
        pen = QPen(QColor(230, 126, 34, 210), 7)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        item.setPen(pen)
        item.setZValue(Z_PATH)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        names = SquareNamesItem(squares)  # the squares the step names, named on the board
        names.setZValue(Z_PATH)
        self.addItem(item)
        self.addItem(names)  # a sibling, not a child: each item is owned and removed on its own
        self._path_item = item
        self._path_names = names

    def shade(self, costs: dict[Square, str]) -> None:
        """Tint squares, each with a short text such as its AP cost (replaces the previous shading)."""
        self._remove_shade()
        if costs:
            self._shade_item = ShadeItem(costs)
            self.addItem(self._shade_item)

    def clear_overlays(self) -> None:
        """Remove the path and the shading."""
        self._remove_path()
        self._remove_shade()

    def _remove_path(self) -> None:
        if self._path_item is not None:
            self.removeItem(self._path_item)
            self._path_item = None
        if self._path_names is not None:
            self.removeItem(self._path_names)
            self._path_names = None
        self.path_squares = []

    def _remove_shade(self) -> None:
        if self._shade_item is not None:
            self.removeItem(self._shade_item)
            self._shade_item = None

    # -- mouse: handed to gestures -----------------------------------------------------------------
    def end_gesture(self, gesture: Gesture) -> None:
        """A gesture is over (called by the gesture itself)."""
        if self._gesture is gesture:
            self._gesture = None

    def report_click(self, square: Square) -> None:
        """A gesture saw a click on a square."""
        self.square_clicked.emit(int(square))

    def report_drop(self, piece_id: str, square: Square) -> None:
        """A gesture dropped a piece on a square."""
        self.piece_dropped.emit(piece_id, int(square))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        self._press = None
        sq = self.square_at(event.scenePos())
        if event.button() == Qt.MouseButton.RightButton:
            if sq is not None:
                event.accept()
                self.context_requested.emit(int(sq), event.screenPos())
            return
        if event.button() != Qt.MouseButton.LeftButton or self._gesture is not None:
            return
        item = self.piece_at(event.scenePos())
        if item is not None:
            self._gesture = DragPieceGesture(self, item)
            if self._gesture.mouse_press(event):
                event.accept()
                return
        if sq is not None:
            self._press = (sq, QPointF(event.screenPos()))
        event.ignore()  # nothing grabbed: the view pans the board (ScrollHandDrag)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._gesture is not None and self._gesture.mouse_move(event):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._gesture is not None and self._gesture.mouse_release(event):
            event.accept()
            return
        press, self._press = self._press, None
        if press is None or event.button() != Qt.MouseButton.LeftButton:
            return
        moved = QPointF(event.screenPos()) - press[1]
        if moved.manhattanLength() < QApplication.startDragDistance() and \
                self.square_at(event.scenePos()) == press[0]:
            self.square_clicked.emit(int(press[0]))

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:  # noqa: N802
        event.accept()  # the mouse's right press already asked; the keyboard's menu key asks here
        if event.reason() != QGraphicsSceneContextMenuEvent.Reason.Mouse:
            sq = self.square_at(event.scenePos())
            if sq is not None:
                self.context_requested.emit(int(sq), event.screenPos())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape and self._gesture is not None:
            gesture, self._gesture = self._gesture, None
            gesture.cancel()
            event.accept()
            return
        super().keyPressEvent(event)
