"""What the board shows for the real table besides the game: a room about to be revealed, drawn face
up as soon as its identity is known (the dice are still to be rolled), and the squares the "Your
table" card points at."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from solo.content.rooms import RoomLayout
from solo.table.board import Board, PlacedRoom
from solo.table.squares import Square
from solo.ui.board_items import Z_PATH, Z_SHADE, ShadeItem
from solo.ui.board_scene import room_item

HIGHLIGHT = QColor(230, 126, 34, 120)
"""The colour of the squares the "Your table" card points at."""


class TableOverlays:
    """The preview of a room being revealed and the highlighted squares, over a board scene."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.preview: tuple[int, str, int] | None = None
        """The room shown face up before its reveal is over: (slot, layout id, rotation)."""
        self.highlighted: dict[Square, str] = {}
        self._preview_item: QGraphicsItem | None = None
        self._highlight_item: ShadeItem | None = None

    def show_room(self, slot: int, layout: RoomLayout, rotation: int) -> None:
        """Draw ``layout`` face up in ``slot`` at ``rotation`` over the face-down card."""
        if self.preview == (slot, layout.id, rotation % 4):
            return
        self.hide_room()
        item = room_item(Board({slot: PlacedRoom(layout, rotation % 4)}), slot)
        item.setZValue(Z_SHADE - 0.5)
        self.scene.addItem(item)
        self._preview_item = item
        self.preview = (slot, layout.id, rotation % 4)

    def hide_room(self) -> None:
        if self._preview_item is not None:
            self.scene.removeItem(self._preview_item)
            self._preview_item = None
        self.preview = None

    def highlight(self, marks: dict[Square, str]) -> None:
        """Tint these squares, each with its text (a token's number); empty: none."""
        if self._highlight_item is not None:
            self.scene.removeItem(self._highlight_item)
            self._highlight_item = None
        self.highlighted = dict(marks)
        if marks:
            item = ShadeItem(marks, HIGHLIGHT)
            item.setZValue(Z_PATH - 0.5)
            self.scene.addItem(item)
            self._highlight_item = item

    def clear(self) -> None:
        self.hide_room()
        self.highlight({})
