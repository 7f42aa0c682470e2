"""The window's first layout (issue 13): a share of the screen, and docks wide enough to read while
the board, tall and narrow, is seen whole (631×533 with a 68 px board before)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from solo.ui.board_items import board_rect

SCREEN_SHARE = 0.9
"""The share of the screen's width and height the window takes on a first start."""
MIN_SIZE = (1024, 700)
"""The first start's smallest size (a smaller screen: all of it)."""
DOCK_WIDTHS = ((220, 420), (380, 660))
"""The left and right docks' first widths: (least, most) in pixels."""


def dock_widths(width: int, height: int) -> tuple[int, int]:
    """The left and right docks' first widths in a window of that size: the board (tall and narrow)
    keeps what it needs to be seen whole at the window's height, the docks share the rest (1 to 2),
    each between its least and most width; what is left over goes back to the board."""
    board = board_rect()
    needed = int((height - 80) * board.width() / board.height()) + 40
    spare = max(0, width - needed)
    (left_min, left_max), (right_min, right_max) = DOCK_WIDTHS
    left = min(left_max, max(left_min, spare // 3))
    right = min(right_max, max(right_min, spare * 2 // 3))
    if left + right > spare:  # a small screen: the board first, the docks share what is left
        left, right = spare * left // (left + right), spare * right // (left + right)
    return left, right



def first_start_layout(window: QMainWindow, left_docks: Sequence[QDockWidget],
                       right_docks: Sequence[QDockWidget], screen: QRect) -> None:
    """Size ``window`` to a share of ``screen`` (its available part), centred, and give the docks of
    each side their first width."""
    width = max(min(screen.width(), MIN_SIZE[0]), int(screen.width() * SCREEN_SHARE))
    height = max(min(screen.height(), MIN_SIZE[1]), int(screen.height() * SCREEN_SHARE))
    window.resize(width, height)
    window.move(screen.center().x() - width // 2, screen.center().y() - height // 2)
    left, right = dock_widths(width, height)
    window.resizeDocks(list(left_docks), [left] * len(left_docks), Qt.Orientation.Horizontal)
    window.resizeDocks(list(right_docks), [right] * len(right_docks), Qt.Orientation.Horizontal)
