"""Pictures of a room as it lies on the table: for the room prompts (each candidate room at each of
its four orientations) and the "Your table" card of a reveal (the room, its tokens numbered)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsScene

from solo.content.rooms import RoomLayout
from solo.table.board import Board, PlacedRoom
from solo.table.squares import Square, file_of, rank_of, slot_origin, square
from solo.ui.board_items import SQUARE, slot_rect, square_rect
from solo.ui.board_scene import room_item

PICTURE_SLOT = 1
"""The slot a room is drawn in for its picture (any slot: only the room is drawn)."""
MARK_COLOURS = {"npc": "#7b3fa0", "player": "#d4a017", "object": "#2e86c1"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("RoomPictures", text)


def rotation_text(rotation: int) -> str:
    """How a room lies, in words: turned from its printed orientation."""
    return (_tr("as printed"), _tr("a quarter turn clockwise"), _tr("a half turn"),
            _tr("three quarter turns clockwise"))[rotation % 4]


def rotation_short(rotation: int) -> str:
    """A column title for an orientation: the quarter turns, clockwise."""
    return (_tr("as printed"), _tr("¼ turn ↻"), _tr("½ turn"), _tr("¾ turn ↻"))[rotation % 4]


def in_picture(sq: Square, slot: int) -> Square:
    """The square of the picture's slot at the place ``sq`` has in its own slot."""
    f0, r0 = slot_origin(slot)
    p0, q0 = slot_origin(PICTURE_SLOT)
    return square(file_of(sq) - f0 + p0, rank_of(sq) - r0 + q0)


def room_picture(layout: RoomLayout, rotation: int, side: int = 150,
                 marks: list[tuple[Square, str, str]] | None = None) -> QPixmap:
    """The room ``layout`` lying at ``rotation``, ``side`` pixels square; ``marks``: (square in the
    picture's slot, text, token kind) drawn as numbered discs (the tokens of a reveal)."""
    board = Board({PICTURE_SLOT: PlacedRoom(layout, rotation % 4)})
    scene = QGraphicsScene()
    scene.addItem(room_item(board, PICTURE_SLOT))
    pixmap = QPixmap(side, side)
    pixmap.fill(QColor("#2b2118"))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    source = slot_rect(PICTURE_SLOT).adjusted(-4, -4, 4, 4)
    target = QRectF(0, 0, side, side)
    scene.render(painter, target, source)
    scale = side / source.width()
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(9, int(SQUARE * scale * 0.5)))
    painter.setFont(font)
    for sq, text, kind in marks or []:
        rect = square_rect(sq)
        centre = QPointF((rect.center().x() - source.left()) * scale,
                         (rect.center().y() - source.top()) * scale)
        radius = SQUARE * scale * 0.42
        painter.setPen(QPen(QColor("#ffffff"), 2))
        painter.setBrush(QColor(MARK_COLOURS.get(kind, "#444444")))
        painter.drawEllipse(centre, radius, radius)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                         Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return pixmap
