"""The board's overlays (square names, shaded squares with their costs) share one base and one way to
draw a short text on a square: they let every click through to the gestures, cover the board, and
draw their tags where the player reads them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from solo.table.squares import parse_square
from solo.ui.board_items import (
    Z_NAMES,
    Z_SHADE,
    BoardOverlay,
    ShadeItem,
    SquareNamesItem,
    board_rect,
    square_rect,
)


def _render(item: BoardOverlay, area: QRectF) -> QImage:
    """The item alone on a black background, ``area`` of the scene at one pixel a unit."""
    scene = QGraphicsScene()
    scene.addItem(item)
    image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, area.width(), area.height()), area)
    painter.end()
    return image


def test_overlays_let_clicks_through_and_cover_the_board(qapp: Any) -> None:
    shade, names = ShadeItem({parse_square("c3"): "2"}), SquareNamesItem()
    for item, z in ((shade, Z_SHADE), (names, Z_NAMES)):
        assert isinstance(item, BoardOverlay)
        assert item.acceptedMouseButtons() == Qt.MouseButton.NoButton
        assert item.boundingRect() == board_rect() and item.zValue() == z
    assert names.zValue() > shade.zValue()  # the names stay readable over a shade


def test_a_shaded_square_is_tinted_with_its_cost_on_a_light_tag(qapp: Any) -> None:
    r = square_rect(parse_square("c3"))
    image = _render(ShadeItem({parse_square("c3"): "2"}, QColor(0, 0, 255, 255)), r)
    tint = QColor(image.pixel(5, int(r.height()) - 5))  # bottom-left: tinted, no tag
    tag = QColor(image.pixel(int(r.width()) - 24, int(r.height()) - 17))  # the tag's top-left corner
    assert (tint.red(), tint.green(), tint.blue()) == (0, 0, 255)
    assert min(tag.red(), tag.green()) > 200  # white over blue: the cost reads on it


def test_a_square_name_sits_on_a_light_tag_in_its_top_left_corner(qapp: Any) -> None:
    r = square_rect(parse_square("c3"))
    image = _render(SquareNamesItem([parse_square("c3")]), r)
    corner = QColor(image.pixel(3, 3))
    away = QColor(image.pixel(int(r.width()) - 5, int(r.height()) - 5))
    assert corner.red() > 150 and corner.green() > 150  # the light tag
    assert (away.red(), away.green(), away.blue()) == (0, 0, 0)  # nothing drawn elsewhere
