"""Mouse gestures on the board, each its own class (as orange-canvas-core's interactions).

The scene hands the active gesture the mouse press, moves and release; a gesture ends by returning
to the scene (``host.end_gesture``). Gestures never change the game: a drop is reported through
the host's ``report_drop`` (the scene's ``piece_dropped`` signal), and the main window turns it into a
``model.edit``. A gesture sees the scene only through the small :class:`GestureHost` interface, so
this module does not import the scene.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsRectItem, QGraphicsSceneMouseEvent

from solo.table.squares import Square
from solo.ui.board_items import Z_DRAG, Z_TARGET, square_rect
from solo.ui.board_pieces import PieceItem


class GestureHost(Protocol):
    """What a gesture needs from the board scene."""

    def square_at(self, pos: QPointF) -> Square | None:
        """The square under a scene point, if any."""

    def end_gesture(self, gesture: Gesture) -> None:
        """The gesture is over; the scene forgets it."""

    def report_click(self, square: Square) -> None:
        """A click on a square (a press and release without dragging)."""

    def report_drop(self, piece_id: str, square: Square) -> None:
        """A piece dropped on another square."""

    def addItem(self, item: QGraphicsItem) -> None:  # noqa: N802 - Qt's name
        """Show a transient item (the drop target)."""

    def removeItem(self, item: QGraphicsItem) -> None:  # noqa: N802 - Qt's name
        """Remove a transient item."""


class Gesture:
    """A mouse interaction in progress; each handler returns True when it used the event."""

    def __init__(self, scene: GestureHost) -> None:
        self.scene = scene

    def mouse_press(self, event: QGraphicsSceneMouseEvent) -> bool:
        """The press that started the gesture."""
        return False

    def mouse_move(self, event: QGraphicsSceneMouseEvent) -> bool:
        """A move while the gesture lasts."""
        return False

    def mouse_release(self, event: QGraphicsSceneMouseEvent) -> bool:
        """The release; a gesture ends here."""
        return False

    def cancel(self) -> None:
        """Stop without reporting anything (the board is being redrawn, Escape…)."""


class DragPieceGesture(Gesture):
    """Press on a piece, drag it, drop it on a square: emits ``piece_dropped(id, square)``.

    A press and release without moving further than the drag distance is a click on the piece's
    square (``square_clicked``). The piece goes back home either way: the redraw after the edit puts
    it where the game says."""

    def __init__(self, scene: GestureHost, item: PieceItem) -> None:
        super().__init__(scene)
        self.item = item
        self.dragging = False
        self.target: Square | None = None
        self._start = QPointF()
        self._z = item.zValue()
        self._highlight: QGraphicsRectItem | None = None

    def mouse_press(self, event: QGraphicsSceneMouseEvent) -> bool:
        self.start(event.scenePos())
        return True

    def start(self, scene_pos: QPointF) -> None:
        """Grab the piece at a scene point."""
        self._start = QPointF(scene_pos)

    def mouse_move(self, event: QGraphicsSceneMouseEvent) -> bool:
        if not self.dragging:
            moved = event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton)
            if moved.manhattanLength() < QApplication.startDragDistance():
                return True
        self.move_to(event.scenePos())
        return True

    def move_to(self, scene_pos: QPointF) -> None:
        """Carry the piece to a scene point and show the square it would land on."""
        if not self.dragging:
            self.dragging = True
            self.item.setZValue(Z_DRAG)
        self.item.setPos(self.item.home() + (scene_pos - self._start))
        self.target = self.scene.square_at(scene_pos)
        self._show_target()

    def mouse_release(self, event: QGraphicsSceneMouseEvent) -> bool:
        self.finish(event.scenePos())
        return True

    def finish(self, scene_pos: QPointF) -> None:
        """Drop the piece (or click its square) and end the gesture."""
        piece_id, origin, dragging = self.item.piece_id, self.item.square, self.dragging
        target = self.scene.square_at(scene_pos) if dragging else None
        self._restore()
        self.scene.end_gesture(self)
        # last: a slot may redraw the scene at once, deleting the item
        if not dragging:
            self.scene.report_click(origin)
        elif target is not None and target != origin:
            self.scene.report_drop(piece_id, target)

    def cancel(self) -> None:
        self._restore()

    def _restore(self) -> None:
        if self._highlight is not None:
            self.scene.removeItem(self._highlight)
            self._highlight = None
        if self.dragging:
            self.item.setZValue(self._z)
            self.item.setPos(self.item.home())
        self.dragging = False

    def _show_target(self) -> None:
        if self.target is None:
            if self._highlight is not None:
                self._highlight.hide()
            return
        if self._highlight is None:
            self._highlight = QGraphicsRectItem()
            self._highlight.setPen(QPen(QColor("#e67e22"), 4))
            self._highlight.setBrush(QColor(230, 126, 34, 60))
            self._highlight.setZValue(Z_TARGET)
            self.scene.addItem(self._highlight)
        self._highlight.setRect(square_rect(self.target).adjusted(2, 2, -2, -2))
        self._highlight.show()
