"""The pieces on the board view: figures, wounded and object tokens, each draggable to a square.

Pieces only draw what they are given (class, side colour, carried item): the scene reads the
position and builds them (:mod:`solo.ui.board_scene`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from solo.table.squares import Square
from solo.ui.board_items import (
    SQUARE,
    TOKEN_BACK,
    TOKEN_FACE,
    Z_FIGURE,
    Z_TOKEN,
    Z_TOKEN_SMALL,
    square_rect,
)
from solo.ui.icons import OUTLINE_COLOUR, paint_icon


# -- pieces --------------------------------------------------------------------------------------
class PieceItem(QGraphicsItem):
    """A piece that can be dragged to another square: a character or a loose object.

    ``piece_id`` is what a drop reports: a character id, or ``object:<index>`` in position.objects.
    """

    def __init__(self, piece_id: str, sq: Square, local: QRectF, tooltip: str = "") -> None:
        super().__init__()
        self.piece_id = piece_id
        self.square = sq
        self._local = QRectF(local)
        self._nudge = QPointF(0, 0)
        self.setPos(square_rect(sq).topLeft())
        self.setToolTip(tooltip)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the scene's gestures handle the mouse
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._local

    def home(self) -> QPointF:
        """Where the piece sits when not dragged."""
        return square_rect(self.square).topLeft() + self._nudge

    def stack(self, below: int) -> None:
        """Shift a piece sharing its square with ``below`` others, so that all of them show (a table
        the player mirrored may break B-GOLD-3; the app warns and draws it as it is)."""
        step = SQUARE * 0.22
        self._nudge = QPointF(step * below, -step * below)
        self.setPos(self.home())


class FigureItem(PieceItem):
    """A character on a square: a figure (its class icon) or a wounded token lying face down.

    ``colour`` is its side's colour; ``label`` names an NPC (its card); ``badge`` is what it carries
    (an icon name and that icon's colour)."""

    def __init__(self, piece_id: str, sq: Square, class_id: str, colour: str, *, wounded: bool = False,
                 label: str = "", badge: tuple[str, str | None] | None = None, tooltip: str = "") -> None:
        super().__init__(piece_id, sq, QRectF(0, 0, SQUARE, SQUARE), tooltip)
        self.class_id = class_id
        self.colour = colour
        self.wounded = wounded
        self.label = label
        self.badge = badge
        self.setZValue(Z_FIGURE)

    @property
    def icon_name(self) -> str:
        """The icon drawn: the class, or the wounded token (face down)."""
        return "wounded" if self.wounded else self.class_id

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        disk = self._local.adjusted(4, 4, -4, -4)
        painter.setPen(QPen(QColor(self.colour), 4))
        painter.setBrush(TOKEN_BACK if self.wounded else TOKEN_FACE)
        painter.drawEllipse(disk)
        painter.setPen(QPen(QColor(OUTLINE_COLOUR), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(disk.adjusted(-2, -2, 2, 2))
        paint_icon(painter, self.icon_name, disk.adjusted(8, 8, -8, -8), self.colour)
        if self.label:
            self._paint_label(painter)
        if self.badge is not None:
            badge = QRectF(SQUARE - 25, SQUARE - 25, 23, 23)
            painter.setPen(QPen(QColor(OUTLINE_COLOUR), 1.5))
            painter.setBrush(TOKEN_FACE)
            painter.drawEllipse(badge)
            paint_icon(painter, self.badge[0], badge.adjusted(3, 3, -3, -3), self.badge[1])

    def _paint_label(self, painter: QPainter) -> None:
        font = QFont(painter.font())
        font.setPixelSize(10)
        font.setBold(True)
        painter.setFont(font)
        box = QRectF(2, SQUARE - 15, SQUARE - 4, 13)
        text = painter.fontMetrics().elidedText(self.label, Qt.TextElideMode.ElideRight, int(box.width()) - 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(42, 32, 24, 200))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class TokenItem(PieceItem):
    """A loose object on a square; small in a corner when a character shares the square."""

    def __init__(self, piece_id: str, sq: Square, kind: str, *, small: bool = False, offset: int = 0,
                 tooltip: str = "") -> None:
        if small:
            local = QRectF(SQUARE - 25 - offset * 12, 2, 23, 23)
        else:
            local = QRectF(13 + offset * 6, 13 + offset * 6, SQUARE - 26, SQUARE - 26)
        super().__init__(piece_id, sq, local, tooltip)
        self.kind = kind
        self.small = small
        self.setZValue(Z_TOKEN_SMALL if small else Z_TOKEN)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(QPen(QColor("#6d5a40"), 1.5))
        painter.setBrush(TOKEN_FACE)
        painter.drawRoundedRect(self._local, 5, 5)
        paint_icon(painter, self.kind, self._local.adjusted(2, 2, -2, -2))
