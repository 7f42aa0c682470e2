"""Our own SVG icons (``assets/icons/<name>.svg``): classes, objects, the wounded token, markers.

Figure icons are drawn in the Player's yellow (:data:`SIDE_PLACEHOLDER`); asked for another side
colour, the SVG text is recoloured before it is parsed, so one file serves both sides. Renderers
and pixmaps are cached. A missing or broken icon never crashes: a labelled circle is drawn instead.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

ICONS_DIR = Path(__file__).resolve().parents[2] / "assets" / "icons"
"""Where the icons live (assets/ is at the repository root)."""
SIDE_PLACEHOLDER = "#f5c518"
"""The colour the figure icons are drawn in: replaced by the side's colour when asked."""
PLAYER_COLOUR = "#f5c518"
"""The Player's side (yellow)."""
NPC_COLOUR = "#9b4dca"
"""The non-player's side (purple)."""
FALLBACK_COLOUR = "#b8b0a0"
OUTLINE_COLOUR = "#2a2018"
ICON_SIZES = (16, 24, 32, 48, 64)

_renderers: dict[tuple[str, str | None], QSvgRenderer | None] = {}
_pixmaps: dict[tuple[str, int, str | None], QPixmap] = {}
_icons: dict[tuple[str, str | None], QIcon] = {}


def icon_path(name: str) -> Path:
    """The SVG file of an icon (it may not exist)."""
    return ICONS_DIR / f"{name}.svg"


def clear_cache() -> None:
    """Forget every loaded icon (after ICONS_DIR changed, or in tests)."""
    _renderers.clear()
    _pixmaps.clear()
    _icons.clear()


def svg_renderer(name: str, colour: str | None = None) -> QSvgRenderer | None:
    """The cached renderer of an icon, recoloured to ``colour``; None when the file is missing or invalid."""
    key = (name, colour)
    if key not in _renderers:
        _renderers[key] = _load(name, colour)
    return _renderers[key]


def _load(name: str, colour: str | None) -> QSvgRenderer | None:
    try:
        text = icon_path(name).read_text(encoding="utf-8")
    except OSError:
        return None
    if colour is not None:
        text = text.replace(SIDE_PLACEHOLDER, colour)
    renderer = QSvgRenderer(QByteArray(text.encode("utf-8")))
    return renderer if renderer.isValid() else None


def has_icon(name: str) -> bool:
    """True when the icon's file exists and is a valid SVG."""
    return svg_renderer(name) is not None


def paint_icon(painter: QPainter, name: str, rect: QRectF, colour: str | None = None) -> None:
    """Draw an icon into ``rect`` (keeping its aspect); a labelled circle when it cannot be loaded."""
    renderer = svg_renderer(name, colour)
    if renderer is None:
        paint_fallback(painter, name, rect, colour)
        return
    size = renderer.defaultSize()
    target = QRectF(rect)
    if size.width() > 0 and size.height() > 0:
        scale = min(rect.width() / size.width(), rect.height() / size.height())
        target.setSize(size.toSizeF() * scale)
        target.moveCenter(rect.center())
    renderer.render(painter, target)


def paint_fallback(painter: QPainter, name: str, rect: QRectF, colour: str | None = None) -> None:
    """A circle in ``colour`` labelled with the first letters of the name: a missing icon's stand-in."""
    painter.save()
    side = min(rect.width(), rect.height())
    circle = QRectF(0, 0, side * 0.9, side * 0.9)
    circle.moveCenter(rect.center())
    painter.setPen(QPen(QColor(OUTLINE_COLOUR), max(1.0, side * 0.04)))
    painter.setBrush(QColor(colour or FALLBACK_COLOUR))
    painter.drawEllipse(circle)
    font = QFont(painter.font())
    font.setPixelSize(max(6, int(side * 0.32)))
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, name[:2].capitalize())
    painter.restore()


def icon_pixmap(name: str, size: int, colour: str | None = None) -> QPixmap:
    """A square pixmap of an icon (cached), transparent around it."""
    key = (name, size, colour)
    pixmap = _pixmaps.get(key)
    if pixmap is None:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_icon(painter, name, QRectF(0, 0, size, size), colour)
        painter.end()
        _pixmaps[key] = pixmap
    return pixmap


def icon(name: str, colour: str | None = None) -> QIcon:
    """A QIcon of an icon for menus, lists and buttons (cached)."""
    key = (name, colour)
    result = _icons.get(key)
    if result is None:
        result = QIcon()
        for size in ICON_SIZES:
            result.addPixmap(icon_pixmap(name, size, colour))
        _icons[key] = result
    return result
