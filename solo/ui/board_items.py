"""The graphics items of the board view and the board's screen geometry.

Items only draw what they are given (squares, marks, a class, a colour): the scene reads the engine's
position and builds them. The yellow line (rank 0) is at the bottom of the screen, the blue line
(rank 21) at the top, files a–j from left to right; one square is :data:`SQUARE` scene units wide.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from solo.content.rooms import Mark
from solo.table.board import MarkerState, Terrain
from solo.table.squares import (
    BLUE_RANK,
    FILE_COUNT,
    ROOM_SIZE,
    YELLOW_RANK,
    Direction,
    Square,
    file_of,
    rank_of,
    slot_origin,
    square,
    square_name,
)
from solo.ui.icons import OUTLINE_COLOUR

SQUARE = 60.0
"""Side of a square in scene units."""
Z_ROOM, Z_SHADE, Z_NAMES, Z_PATH, Z_TARGET, Z_TOKEN, Z_FIGURE, Z_TOKEN_SMALL, Z_DRAG = (
    0, 10, 15, 20, 25, 30, 40, 45, 100,
)

FLOOR = QColor("#d8ccb4")
GRID = QColor("#ab9d83")
LINE_COLOURS = {YELLOW_RANK: QColor("#f2cf3d"), BLUE_RANK: QColor("#4a8fd6")}
WALL = QColor("#3b3024")
BARS = QColor("#56606b")
BROKEN = QColor("#c0392b")
TOKEN_FACE = QColor("#efe9dc")
TOKEN_BACK = QColor("#5a4e44")


# -- geometry ----------------------------------------------------------------------------------
def square_rect(sq: Square) -> QRectF:
    """The scene rectangle of a square."""
    return QRectF(file_of(sq) * SQUARE, (BLUE_RANK - rank_of(sq)) * SQUARE, SQUARE, SQUARE)


def square_at(point: QPointF) -> Square | None:
    """The square under a scene point, None off the board."""
    file = math.floor(point.x() / SQUARE)
    rank = BLUE_RANK - math.floor(point.y() / SQUARE)
    if 0 <= file < FILE_COUNT and YELLOW_RANK <= rank <= BLUE_RANK:
        return square(file, rank)
    return None


def slot_rect(slot: int) -> QRectF:
    """The scene rectangle of a room slot (1–8)."""
    f0, r0 = slot_origin(slot)
    top_rank = r0 + ROOM_SIZE - 1
    return QRectF(f0 * SQUARE, (BLUE_RANK - top_rank) * SQUARE, ROOM_SIZE * SQUARE, ROOM_SIZE * SQUARE)


def board_rect() -> QRectF:
    """The whole board: both starting lines and the eight rooms."""
    return QRectF(0, 0, FILE_COUNT * SQUARE, (BLUE_RANK + 1) * SQUARE)


def side_line(sq: Square, direction: Direction) -> QLineF:
    """The segment of one side of a square (north is up on the screen)."""
    r = square_rect(sq)
    if direction is Direction.NORTH:
        return QLineF(r.topLeft(), r.topRight())
    if direction is Direction.SOUTH:
        return QLineF(r.bottomLeft(), r.bottomRight())
    if direction is Direction.EAST:
        return QLineF(r.topRight(), r.bottomRight())
    return QLineF(r.topLeft(), r.bottomLeft())


def _part(line: QLineF, start: float, end: float) -> QLineF:
    return QLineF(line.pointAt(start), line.pointAt(end))


def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine,
         cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCapStyle(cap)
    return pen


def _gear_path() -> QPainterPath:
    """A cog of radius 1 around (0, 0), with a hole (odd-even fill)."""
    points = []
    for k in range(40):
        angle = k * 2 * math.pi / 40
        radius = 1.0 if k % 5 in (0, 1) else 0.74
        points.append(QPointF(radius * math.cos(angle), radius * math.sin(angle)))
    path = QPainterPath()
    path.addPolygon(QPolygonF(points))
    path.closeSubpath()
    path.addEllipse(QPointF(0, 0), 0.3, 0.3)
    path.setFillRule(Qt.FillRule.OddEvenFill)
    return path


GEAR = _gear_path()


@dataclass(frozen=True)
class EdgeMark:
    """A printed side of a room square (wall, slit, portcullis) and its marker state."""

    square: Square
    direction: Direction
    mark: Mark
    state: MarkerState | None = None


# -- rooms, lines, names -----------------------------------------------------------------------
class RoomItem(QGraphicsItem):
    """One room slot: its squares and printed sides when face up, a card back when face down."""

    def __init__(self, slot: int, terrain: dict[Square, Terrain | None] | None, edges: list[EdgeMark],
                 label: str = "", gear_label: str = "") -> None:
        super().__init__()
        self.slot = slot
        self.gear_label = gear_label
        """The twin pair and turning sense printed by the gear (e.g. "2↻"), for the rotations."""
        self.revealed = terrain is not None
        self.terrain = dict(terrain or {})
        self.edges = list(edges)
        self._label = label
        self._rect = slot_rect(slot)
        self._lines: list[tuple[QPen, list[QLineF]]] = self._edge_lines(self.edges)
        self.setZValue(Z_ROOM)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @staticmethod
    def _edge_lines(edges: list[EdgeMark]) -> list[tuple[QPen, list[QLineF]]]:
        walls: list[QLineF] = []
        thin: list[QLineF] = []
        bars: list[QLineF] = []
        lifted: list[QLineF] = []
        broken: list[QLineF] = []
        for e in edges:
            line = side_line(e.square, e.direction)
            state = e.state or MarkerState.CLOSED
            if e.mark is Mark.WALL and state is MarkerState.BROKEN:
                walls += [_part(line, 0, 0.12), _part(line, 0.88, 1)]  # the breach, as a broken marker
                broken.append(_part(line, 0.12, 0.88))
            elif e.mark is Mark.WALL:
                walls.append(line)
            elif e.mark is Mark.SLIT and state is MarkerState.CLOSED:
                walls += [_part(line, 0, 0.38), _part(line, 0.62, 1)]
                thin.append(_part(line, 0.38, 0.62))
            elif e.mark is Mark.SLIT:
                broken.append(line)
            elif e.mark is Mark.PORTCULLIS:
                walls += [_part(line, 0, 0.12), _part(line, 0.88, 1)]
                if state is MarkerState.CLOSED:
                    bars.append(line)
                    normal = line.normalVector().unitVector()
                    dx, dy = normal.dx() * 7, normal.dy() * 7
                    for t in (0.25, 0.42, 0.58, 0.75):
                        p = line.pointAt(t)
                        bars.append(QLineF(p.x() - dx, p.y() - dy, p.x() + dx, p.y() + dy))
                elif state is MarkerState.OPEN:
                    lifted.append(_part(line, 0.12, 0.88))
                else:
                    broken.append(_part(line, 0.12, 0.88))
        return [
            (_pen(WALL, 7, cap=Qt.PenCapStyle.SquareCap), walls),
            (_pen(WALL, 2.5), thin),
            (_pen(BARS, 3), bars),
            (_pen(BARS, 4, Qt.PenStyle.DotLine), lifted),
            (_pen(BROKEN, 3, Qt.PenStyle.DashLine), broken),
        ]

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.revealed:
            self._paint_back(painter)
            return
        painter.fillRect(self._rect, FLOOR)
        painter.setPen(QPen(GRID, 1))
        for sq, kind in self.terrain.items():
            r = square_rect(sq)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(r)
            if kind is Terrain.PIT:
                self._paint_pit(painter, r)
            elif kind is Terrain.GEAR:
                self._paint_gear(painter, r)
                if self.gear_label:
                    painter.setPen(QPen(QColor(OUTLINE_COLOUR)))
                    painter.drawText(r.adjusted(2, 1, -2, -1), Qt.AlignmentFlag.AlignRight
                                     | Qt.AlignmentFlag.AlignTop, self.gear_label)
            elif kind is None:
                painter.fillRect(r.adjusted(1, 1, -1, -1), QColor("#7d7468"))
            painter.setPen(QPen(GRID, 1))
        for pen, lines in self._lines:
            if lines:
                painter.setPen(pen)
                painter.drawLines(lines)
        painter.setPen(QPen(WALL, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._rect)

    @staticmethod
    def _paint_pit(painter: QPainter, r: QRectF) -> None:
        inner = r.adjusted(5, 5, -5, -5)
        gradient = QRadialGradient(inner.center(), inner.width() / 1.6)
        gradient.setColorAt(0, QColor("#050505"))
        gradient.setColorAt(1, QColor("#4a443c"))
        painter.setPen(QPen(QColor("#2b251e"), 1.5))
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(inner, 8, 8)

    @staticmethod
    def _paint_gear(painter: QPainter, r: QRectF) -> None:
        painter.save()
        painter.translate(r.center())
        painter.scale(SQUARE * 0.34, SQUARE * 0.34)
        painter.setPen(QPen(QColor(OUTLINE_COLOUR), 0.08))
        painter.setBrush(QColor("#9c7a3c"))
        painter.drawPath(GEAR)
        painter.restore()

    def _paint_back(self, painter: QPainter) -> None:
        painter.fillRect(self._rect, QColor("#3a2d4a"))
        painter.fillRect(self._rect, QBrush(QColor("#4b3b60"), Qt.BrushStyle.DiagCrossPattern))
        painter.setPen(QPen(QColor("#8f7fa6"), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(self._rect.adjusted(8, 8, -8, -8), 10, 10)
        painter.setPen(QPen(QColor("#20182a"), 3))
        painter.drawRect(self._rect)
        font = QFont(painter.font())
        font.setPixelSize(int(SQUARE * 0.45))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#c9bce0"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._label or str(self.slot))


class LineItem(QGraphicsItem):
    """A starting line: the yellow one (rank 0) or the blue one (rank 21)."""

    def __init__(self, rank: int) -> None:
        super().__init__()
        self.rank = rank
        self._squares = [square_rect(square(f, rank)) for f in range(FILE_COUNT)]
        self._rect = self._squares[0].united(self._squares[-1])
        self.setZValue(Z_ROOM)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.fillRect(self._rect, LINE_COLOURS[self.rank])
        painter.setPen(QPen(QColor(OUTLINE_COLOUR), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for r in self._squares:
            painter.drawRect(r)


class BoardOverlay(QGraphicsItem):
    """An item drawn over the whole board that lets every click through to the scene's gestures."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return board_rect()


def draw_tag(painter: QPainter, box: QRectF, text: str, back: QColor) -> None:
    """A short text on a light box in a square (its name, an AP cost), readable over any room."""
    painter.fillRect(box, back)
    painter.setPen(QColor(OUTLINE_COLOUR))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class SquareNamesItem(BoardOverlay):
    """The names of the squares (a0 … j21), in each square's top-left corner: all of them, or ``only``
    these (the squares of a path shown: a step's squares are named where it names them)."""

    def __init__(self, only: Iterable[Square] | None = None) -> None:
        super().__init__(Z_NAMES)
        chosen = set(only) if only is not None else None
        self._names = [(square_rect(square(f, r)), square_name(square(f, r)))
                       for r in range(YELLOW_RANK, BLUE_RANK + 1) for f in range(FILE_COUNT)
                       if chosen is None or square(f, r) in chosen]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        font = QFont(painter.font())
        font.setPixelSize(11)
        painter.setFont(font)
        back = QColor(255, 255, 255, 170)
        for r, name in self._names:
            draw_tag(painter, QRectF(r.left() + 2, r.top() + 2, 24, 13), name, back)


class ShadeItem(BoardOverlay):
    """Tinted squares, each with a short text (an AP cost, a mark): an overlay for other panels."""

    def __init__(self, costs: dict[Square, str], colour: QColor | None = None) -> None:
        super().__init__(Z_SHADE)
        self.costs = dict(costs)
        self._colour = colour or QColor(52, 152, 219, 90)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        font = QFont(painter.font())
        font.setPixelSize(14)
        font.setBold(True)
        painter.setFont(font)
        back = QColor(255, 255, 255, 210)
        for sq, text in self.costs.items():
            r = square_rect(sq)
            painter.fillRect(r, self._colour)
            if text:
                draw_tag(painter, QRectF(r.right() - 26, r.bottom() - 19, 24, 17), text, back)
