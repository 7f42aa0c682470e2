"""The command line's text board (``solo.formats.render.draw_board``), read from the geometry's tables
and the pieces once (issue 16 item 6), draws what asking the position square by square drew."""

from __future__ import annotations

import random

from solo.formats.position_io import load_position
from solo.formats.render import _PASSAGE_H, _PASSAGE_V, _TERRAIN, draw_board
from solo.locations import RULES_DIR
from solo.table.position import ObjectToken, Position, Side
from solo.table.squares import BLUE_RANK, FILES, YELLOW_RANK, Direction, Square, neighbour, square


def _glyph(position: Position, s: Square) -> str:
    figure = position.figure_at(s)
    if figure is not None:
        return "P" if figure.side is Side.PLAYER else "N"
    wounded = position.wounded_at(s)
    if wounded is not None:
        return "p" if wounded.side is Side.PLAYER else "n"
    if position.objects_at(s):
        return "*"
    terrain = position.board.terrain(s)
    return "~" if terrain is None else _TERRAIN[terrain]


def drawn_square_by_square(position: Position) -> str:
    """``draw_board`` as first written: every square and edge asked of the position and the board."""
    board = position.board
    lines: list[str] = []
    for rank in range(BLUE_RANK, YELLOW_RANK - 1, -1):
        row = [f"{rank:>2} "]
        for f in range(len(FILES)):
            sq = square(f, rank)
            row.append(_glyph(position, sq))
            east = neighbour(sq, Direction.EAST)
            if east is None:
                continue
            if board.exists(sq) and board.exists(east):
                row.append(_PASSAGE_V[board.passage(sq, east)])
            else:
                row.append(" " if (board.exists(sq) or board.exists(east)) else "~")
        lines.append("".join(row))
        if rank > YELLOW_RANK:
            between = ["   "]
            for f in range(len(FILES)):
                sq, south = square(f, rank), square(f, rank - 1)
                if board.exists(sq) and board.exists(south):
                    between.append(_PASSAGE_H[board.passage(sq, south)])
                else:
                    between.append(" ")
                between.append(" ")
            lines.append("".join(between).rstrip())
    lines.append("   " + " ".join(FILES))
    return "\n".join(lines)


def test_the_demo_table_is_drawn_as_square_by_square() -> None:
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    drawn = draw_board(position)
    assert drawn == drawn_square_by_square(position)
    assert "#" in drawn and "N" in drawn and "~" in drawn and "*" in drawn


def test_stacked_pieces_show_a_figure_before_a_wounded_before_an_object() -> None:
    # Pieces moved at random onto few squares: figures and wounded share squares with objects and each
    # other, some are carried (no square); every drawing equals the square-by-square one.
    chooser = random.Random(17)
    base = load_position(RULES_DIR / "positions" / "demo.yaml")
    squares = sorted(base.board.geometry().terrain)
    seen: set[str] = set()
    for _ in range(40):
        position = load_position(RULES_DIR / "positions" / "demo.yaml")
        few = chooser.sample(squares, 4)
        for c in position.characters.values():
            c.at = None if chooser.random() < 0.1 else chooser.choice(few)
            c.wounded = chooser.random() < 0.4
        position.objects.append(ObjectToken("rope", chooser.choice(few)))
        drawn = draw_board(position)
        assert drawn == drawn_square_by_square(position)
        seen |= set(drawn)
    assert {"P", "N", "p", "n", "*"} <= seen
