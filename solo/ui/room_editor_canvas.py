"""The room editor's drawing: a room's 5×5 squares and their edges, clickable.

The canvas only draws and says what was clicked (``clicked``: a square (row, column) or an
:class:`~solo.content.room_edit.Edge`); what a click changes is decided by :mod:`solo.content.room_edit`.
"""

from __future__ import annotations

import math
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from solo.content.room_edit import Edge, target_at
from solo.content.rooms import Mark, RoomLayout, SquareKind

MARGIN = 16.0


def up_text() -> str:
    """The words marking the room's printed top edge."""
    return QCoreApplication.translate("RoomEditor", "▲ up (the room as printed)")


class RoomCanvas(QWidget):
    """Draws one layout in its own frame (row 1 at the top, column 1 at the left)."""

    clicked = Signal(object)
    """A square (row, column) or an Edge was clicked."""
    menu_requested = Signal(object, QPoint)
    """A right-click on a square or an edge, at a global position (to pick what it becomes)."""
    key_pressed = Signal(object, str)
    """A key was pressed with the pointer on a square or an edge (W, S, P, O, F, G…)."""

    SQUARE_COLORS: ClassVar[dict[SquareKind, QColor]] = {
        SquareKind.FLOOR: QColor("#efe6d2"), SquareKind.PIT: QColor("#6a5f54"),
        SquareKind.GEAR: QColor("#c9ced6")}
    GEAR_COLOR = QColor("#6b4f9e")
    MARK_COLORS: ClassVar[dict[Mark, QColor]] = {
        Mark.OPEN: QColor("#cfc3a8"), Mark.WALL: QColor("#202020"), Mark.SLIT: QColor("#2d5bb0"),
        Mark.PORTCULLIS: QColor("#b5341f")}

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.room: RoomLayout | None = None
        self.setMinimumSize(220, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hovered: tuple[int, int] | Edge | None = None
        """What the pointer is over (the target of a key)."""
        self.arrow_tip: QPointF | None = None
        """Where the gear's rotation arrow was last drawn (its head)."""

    def set_room(self, room: RoomLayout | None) -> None:
        """Draw ``room`` (None: nothing)."""
        self.room = room
        self.update()

    # -- geometry ------------------------------------------------------------------------------
    def cell(self) -> float:
        """The side of a square, in pixels."""
        return max(1.0, (min(self.width(), self.height()) - 2 * MARGIN) / 5)

    def point(self, x: float, y: float) -> QPointF:
        """The pixel of (x, y) in square units from the room's top-left corner."""
        return QPointF(MARGIN + x * self.cell(), MARGIN + y * self.cell())

    def square_rect(self, row: int, column: int) -> QRectF:
        cell = self.cell()
        return QRectF(MARGIN + (column - 1) * cell, MARGIN + (row - 1) * cell, cell, cell)

    def square_center(self, row: int, column: int) -> QPointF:
        return self.square_rect(row, column).center()

    def edge_line(self, edge: Edge) -> tuple[QPointF, QPointF]:
        """The two ends of an edge."""
        if edge.vertical:
            return self.point(edge.b, edge.a - 1), self.point(edge.b, edge.a)
        return self.point(edge.b - 1, edge.a), self.point(edge.b, edge.a)

    def edge_center(self, edge: Edge) -> QPointF:
        start, end = self.edge_line(edge)
        return (start + end) / 2

    def target(self, pixel: QPointF) -> tuple[int, int] | Edge | None:
        """What the pixel hits: a square, an edge or nothing."""
        cell = self.cell()
        return target_at((pixel.x() - MARGIN) / cell, (pixel.y() - MARGIN) / cell)

    # -- Qt ------------------------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(420, 420)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return width

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        button = event.button()
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton) or self.room is None:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        hit = self.target(event.position())
        if hit is not None and button == Qt.MouseButton.LeftButton:
            self.clicked.emit(hit)
        elif hit is not None:
            self.menu_requested.emit(hit, event.globalPosition().toPoint())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.hovered = self.target(event.position())
        super().mouseMoveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        text = event.text()
        pointer = self.mapFromGlobal(QCursor.pos())
        if self.rect().contains(pointer):
            self.hovered = self.target(QPointF(pointer))
        if self.room is not None and self.hovered is not None and text:
            self.key_pressed.emit(self.hovered, text)
            event.accept()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().window())
        if self.room is not None:
            self._paint_squares(painter, self.room)
            self._paint_edges(painter, self.room)
            self._paint_up(painter)
        painter.end()

    def _paint_up(self, painter: QPainter) -> None:
        """The printed top edge (row 1), which the reveal dialog's "as printed" turns to the yellow
        starting line's far side: marked so that the player draws the room the right way up."""
        painter.setPen(QColor("#8a1c1c"))
        top = self.up_rect()
        text = self.fontMetrics().elidedText(up_text(), Qt.TextElideMode.ElideRight, int(top.width()))
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, text)

    def up_rect(self) -> QRectF:
        """Where the "up" words go: centred over the room, or along the whole canvas when the room is
        narrower than they are (they were cut off above a small room)."""
        room = QRectF(MARGIN, 0, 5 * self.cell(), MARGIN)
        if self.fontMetrics().horizontalAdvance(up_text()) <= room.width():
            return room
        return QRectF(0, 0, self.width(), MARGIN)

    def _paint_squares(self, painter: QPainter, room: RoomLayout) -> None:
        cell = self.cell()
        for (row, column), kind in room.squares.items():
            rect = self.square_rect(row, column)
            painter.fillRect(rect, self.SQUARE_COLORS[kind])
            if kind is SquareKind.GEAR:
                painter.setPen(QPen(self.GEAR_COLOR.darker(130), max(1.0, cell / 30)))
                painter.setBrush(self.GEAR_COLOR)
                painter.drawEllipse(rect.center(), cell * 0.3, cell * 0.3)
                painter.setPen(QColor("white"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(room.pair))
                self._paint_arrow(painter, rect, room.sense)
            elif kind is SquareKind.PIT:
                painter.setPen(QPen(QColor("#2e2925"), max(1.0, cell / 40)))
                painter.setBrush(QColor("#2e2925"))
                painter.drawEllipse(rect.center(), cell * 0.38, cell * 0.38)

    def _paint_arrow(self, painter: QPainter, rect: QRectF, sense: str) -> None:
        """The gear's rotation arrow, as printed: an arc around the gear with its head at the end
        the gear turns towards (clockwise or counter-clockwise)."""
        cell = self.cell()
        radius = cell * 0.4
        box = QRectF(rect.center().x() - radius, rect.center().y() - radius, 2 * radius, 2 * radius)
        painter.setPen(QPen(self.GEAR_COLOR.darker(160), max(1.5, cell / 25)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        span = -270 if sense == "cw" else 270  # Qt's angles turn counter-clockwise
        painter.drawArc(box, 90 * 16, span * 16)
        end_angle = math.radians(90 + span)
        tip = QPointF(rect.center().x() + radius * math.cos(end_angle),
                      rect.center().y() - radius * math.sin(end_angle))
        # the head points along the arc's direction at its end
        direction = -1 if sense == "cw" else 1
        tangent = QPointF(-math.sin(end_angle) * direction, -math.cos(end_angle) * direction)
        normal = QPointF(-tangent.y(), tangent.x())
        size = cell * 0.1
        painter.setBrush(self.GEAR_COLOR.darker(160))
        painter.drawPolygon(QPolygonF([tip + tangent * size, tip - tangent * size + normal * size,
                                       tip - tangent * size - normal * size]))
        self.arrow_tip = tip

    def _paint_edges(self, painter: QPainter, room: RoomLayout) -> None:
        cell = self.cell()
        edges = [(Edge(True, r, c), mark) for (r, c), mark in room.vertical.items()]
        edges += [(Edge(False, r, c), mark) for (r, c), mark in room.horizontal.items()]
        for edge, mark in sorted(edges, key=lambda pair: pair[1]):  # open edges first, walls on top
            start, end = self.edge_line(edge)
            color = self.MARK_COLORS[mark]
            if mark is Mark.OPEN:
                painter.setPen(QPen(color, 1.0, Qt.PenStyle.DotLine))
                painter.drawLine(start, end)
                continue
            width = cell / 9
            pen = QPen(color, width)
            pen.setCapStyle(Qt.PenCapStyle.SquareCap if mark is Mark.WALL else Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawLine(start, end)
            if mark is Mark.PORTCULLIS:  # bars across the edge
                painter.setPen(QPen(color, max(1.0, width / 3)))
                normal = QPointF(width * 1.5, 0) if edge.vertical else QPointF(0, width * 1.5)
                for step in (0.2, 0.4, 0.6, 0.8):
                    middle = start + (end - start) * step
                    painter.drawLine(middle - normal, middle + normal)
            elif mark is Mark.SLIT:  # a narrow opening drawn as a white notch
                painter.setPen(QPen(QColor("white"), max(1.0, width / 3)))
                middle = (start + end) / 2
                along = (end - start) * 0.12
                painter.drawLine(middle - along, middle + along)
