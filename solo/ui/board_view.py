"""The board's view: antialiased, zoomed with the wheel, panned by dragging the background.

A press on a piece is taken by the scene (its drag gesture); anywhere else the view scrolls by hand
(ScrollHandDrag). The whole board fits the view when it is shown and whenever the view is resized
(the window resized or maximised), until the player zooms; View → Fit the board fits it again and
keeps it fitted (issue 13).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QResizeEvent, QShowEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip, QWidget

from solo.table.squares import square_name
from solo.ui.board_items import RoomItem, board_rect
from solo.ui.board_scene import BoardScene

ZOOM_STEP = 1.2
MIN_ZOOM = 0.1
MAX_ZOOM = 6.0


class BoardView(QGraphicsView):
    """Shows a :class:`BoardScene`; ``zoom_in``, ``zoom_out`` and ``fit`` for the menus and toolbar."""

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.fitted = True
        """The board is kept fitted to the view on every resize (False once the player zooms)."""
        self._set_fitted(True)

    def board_scene(self) -> BoardScene:
        """The board scene shown."""
        scene = self.scene()
        assert isinstance(scene, BoardScene)
        return scene

    def zoom(self) -> float:
        """The current scale (1 = one scene unit per pixel)."""
        return float(self.transform().m11())

    def zoom_by(self, factor: float) -> None:
        """Scale the view by ``factor``, kept between MIN_ZOOM and MAX_ZOOM."""
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        self._set_fitted(False)
        if abs(factor - 1.0) > 1e-9:
            self.scale(factor, factor)

    def zoom_in(self) -> None:
        """One step closer."""
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step further."""
        self.zoom_by(1 / ZOOM_STEP)

    def fit(self) -> None:
        """Show the whole board, and keep it fitted when the view is resized (no scrollbars then)."""
        self._set_fitted(True)
        self.fitInView(board_rect().adjusted(-10, -10, 10, 10), Qt.AspectRatioMode.KeepAspectRatio)

    def _set_fitted(self, fitted: bool) -> None:
        self.fitted = fitted
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fitted else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        """A hover tooltip names the square under the mouse (a piece's tooltip names the piece too)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            point = self.mapToScene(event.pos())
            item = self.itemAt(event.pos())
            sq = self.board_scene().square_at(point)
            if sq is not None and (item is None or isinstance(item, RoomItem) or not item.toolTip()):
                room = item.toolTip() if item is not None else ""
                text = f"{square_name(sq)} — {room}" if room else square_name(sq)
                QToolTip.showText(event.globalPos(), text, self)
                return True
        return super().viewportEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120
        if steps == 0:
            super().wheelEvent(event)
            return
        self.zoom_by(ZOOM_STEP ** steps)
        event.accept()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if self.fitted:
            self.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.fitted:
            self.fit()
