"""Line of sight (B-LOS): straight orthogonal lines, blocked by walls, closed portcullises,
characters and hidden rooms; an arrow slit lets through only the sight of a character touching it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solo.table.board import Board
from solo.table.geometry import PORTCULLIS, SLIT, WALL
from solo.table.position import Position, item_character
from solo.table.squares import AHEAD, FILE_COUNT, Direction, Square, rank_of
from solo.table.ways import State


def sight_line(position: Position, origin: Square, direction: Direction) -> list[Square]:
    """The squares seen from ``origin`` in one direction, nearest first (B-LOS-1..7).

    The line stops after the first square holding a character (that square is seen) and before
    a wall, a closed portcullis, a hidden room or an arrow slit the viewer does not touch.
    """
    return _line(position, origin, direction)[0]


def _line(position: Position, origin: Square, direction: Direction) -> tuple[list[Square], bool]:
    """:func:`sight_line`, and whether a character on its last square ends it."""
    geometry = position.board.geometry()
    terrain, passages = geometry.terrain, geometry.passages
    occupied = {c.at for c in position.characters.values()}  # a figure or a wounded lying there
    ahead = AHEAD[direction]
    seen: list[Square] = []
    current = origin
    while True:
        step = ahead[current]
        if step is None or step[0] not in terrain:
            return seen, False  # off the board, or a hidden room (B-LOS-6)
        nxt = step[0]
        passage = passages.get(step[1], WALL)
        if passage is WALL or passage is PORTCULLIS:
            return seen, False  # B-LOS-2
        if passage is SLIT and current != origin:
            return seen, False  # B-LOS-4: only a character touching the slit sees beyond it
        seen.append(nxt)
        if nxt in occupied:
            return seen, True  # B-LOS-2: the first character blocks what lies behind it
        current = nxt


def visible_squares(position: Position, origin: Square) -> dict[Direction, list[Square]]:
    """Every square seen from ``origin``, by direction."""
    return {d: sight_line(position, origin, d) for d in Direction}


def sees(position: Position, origin: Square, target: Square) -> bool:
    """True when a character on ``origin`` sees ``target`` (not symmetric across slits)."""
    return any(target in line for line in visible_squares(position, origin).values())


def first_character(position: Position, origin: Square, direction: Direction) -> Square | None:
    """The square of the first character in line of sight (Bow B-RNG-1, wand B-WAND-3)."""
    line, blocked = _line(position, origin, direction)
    return line[-1] if blocked else None


def unwalled_line(board: Board, origin: Square, target: Square) -> bool:
    """Whether two squares share a rank or file with no wall and no face-down room between them:
    sight needs it, and no portcullis opened nor piece moved changes it (B-LOS-2, B-LOS-6)."""
    low, high = (origin, target) if origin < target else (target, origin)
    if rank_of(low) == rank_of(high):
        step = 1
    elif (high - low) % FILE_COUNT == 0:
        step = FILE_COUNT
    else:
        return False
    passages = board.geometry().passages
    for sq in range(low, high, step):  # each edge as listed: the smaller square first
        if passages.get((Square(sq), Square(sq + step)), WALL) is WALL:
            return False  # a wall, or the side of a face-down room (no edge is listed there)
    return low != high


def may_see_from(position: Position, targets: Sequence[Square]) -> Callable[[State], bool]:
    """Whether a target may be in sight once a figure stands at a search state: False when a wall
    or a face-down room stands before each target (no way's board changes can clear those), so the
    table need not be looked at from there. A way that carries or drops a wounded may move a
    target: it is always looked at."""
    board = position.board
    known: dict[Square, bool] = {}

    def may_see(state: State) -> bool:
        sq = state.square
        if sq not in known:
            known[sq] = any(unwalled_line(board, sq, at) for at in targets)
        return known[sq] or any(len(c) == 3 and item_character(c[2]) is not None for c in state.delta)

    return may_see
