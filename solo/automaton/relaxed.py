"""Distances on the relaxed board (AMB-APPROACH): how far each square is from the nearest goal.

Closed portcullises are passable for 1 AP more, other figures are ignored. The costs come from one
multi-source search run backwards from the goal squares: every move the model allows can be walked
backwards at the same cost, so distances from the goals are the distances to them.

The search is a heapq loop, not networkx's multi-source Dijkstra (issue 16 asked for it): measured
on the benchmark's demo board, networkx on a graph of the same states built once per board state
answers slower than this loop (Serpico 3.0 ms against 2.1, Nolock 1.7 against 1.4), building that
graph costs as much as 4 or 5 of its queries, and importing networkx costs ~0.2 s of CPU, more
than `dt-solo explain`'s whole budget (0.15 s). Its results are the same (compared on those boards).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from solo.table.board import Terrain
from solo.table.geometry import OPEN, PIT, PORTCULLIS, SLIT, Geometry
from solo.table.position import Character, Position
from solo.table.squares import SQUARE_COUNT, Square

_W = 1_000
REST = -1
SQUARE_BITS = (SQUARE_COUNT - 1).bit_length()

def relaxed_distances(
    position: Position, npc: Character, goals: Iterable[Square], until: Square | None = None
) -> Mapping[Square, tuple[int, int]]:
    """(AP, squares) from each square to the nearest goal on the relaxed board (AMB-APPROACH),
    nearest first; with ``until``, only the squares found up to that one (no farther than it:
    enough to know which stops are closer than a figure standing there). The same question on the
    same table is answered once (the answer is shared: read it, never change it)."""
    geometry = position.board.geometry()
    cls = npc.character_class
    roped = frozenset(o.at for o in position.objects if o.kind == "rope")
    pits_open = cls.has("levitation") or npc.carries == "rope"
    board = _relaxed_board(geometry, cls.has("contortionist"), pits_open, roped, npc.side.exit_line)
    question = (cls.movement, tuple(goals), until)
    answer = board.answers.get(question)
    if answer is None:
        answer = board.answers[question] = _relaxed_search(board, *question)
        if len(board.answers) > ANSWERS_KEPT:
            del board.answers[next(iter(board.answers))]  # the oldest
    return answer


ANSWERS_KEPT = 64
"""How many answers of :func:`relaxed_distances` a table keeps per kind of mover."""


def _relaxed_search(
    board: _RelaxedBoard, movement: int, goals: tuple[Square, ...], until: Square | None
) -> dict[Square, tuple[int, int]]:
    """The multi-source search of :func:`relaxed_distances`, run backwards from the goals.

    A node (square, steps left: REST or 0..movement) is one int, ``square << bits | steps + 1``, and
    a heap entry ``cost << node_bits | node``: popped in the order of (cost, square, steps), as
    tuples would be, with cheaper hashing and comparing; costs and the most steps settled per square
    are lists indexed by node and square (the hot loop of issue 16)."""
    terrain = board.terrain
    moves, rest_moves, no_stop = board.moves, board.rest_moves, board.no_stop
    bits = (movement + 1).bit_length()  # steps + 1 in 0 .. movement + 1
    low = (1 << bits) - 1
    node_bits = bits + SQUARE_BITS  # every node is below 1 << node_bits
    nodes = (1 << node_bits) - 1

    dist = [_UNSEEN] * (nodes + 1)
    heap: list[int] = []
    for g in goals:
        if g in terrain:
            dist[g << bits] = 0
            heap.append(g << bits)
    heapq.heapify(heap)

    result: dict[Square, tuple[int, int]] = {}
    most_steps = [REST] * SQUARE_COUNT
    """The most steps left of a move settled on each square so far (at a cost no higher: Dijkstra
    settles in cost order). A move with as many steps left or more, no dearer, can do all that this
    one can, so a move with fewer is neither pushed nor expanded: the distances stay the same."""
    heappush, heappop = heapq.heappush, heapq.heappop

    def push(key: int, cost: int) -> None:
        """Queue node ``key`` at ``cost`` unless it is queued no dearer (a step is pushed inline)."""
        if dist[key] > cost:
            dist[key] = cost
            heappush(heap, cost << node_bits | key)

    sq: Any  # a Square, decoded from a node
    while heap:
        entry = heappop(heap)
        cost, node = entry >> node_bits, entry & nodes
        if dist[node] != cost:
            continue
        sq, steps = node >> bits, (node & low) - 1
        if steps == REST:
            if sq in result:
                continue
            result[sq] = divmod(cost, _W)
            if sq == until:
                break
            if movement and most_steps[sq] < movement:  # start a move (1 AP)
                push(node + movement + 1, cost + _W)
            through, leaps = rest_moves[sq] or board.rest_moves_of(sq)
            dearer = cost + 2 * _W + 1  # open it (1 AP), then step through
            for nxt in through:  # a move of ``movement - 1`` steps left (none: a rest, when 0)
                if (nxt in result) if movement == 0 else (most_steps[nxt] >= movement - 1):
                    continue
                push(nxt << bits | movement, dearer)
            dearer = cost + _W + 2  # jump the pit (1 AP, 2 squares)
            for land in leaps:
                if land not in result:
                    push(land << bits, dearer)
            continue
        if most_steps[sq] >= steps:
            continue
        most_steps[sq] = steps
        if sq not in no_stop and sq not in result:  # stop here: the rest node, at the same cost
            push(sq << bits, cost)
        if steps == 0:
            continue
        dearer = cost + 1
        base = dearer << node_bits | steps  # | nxt << bits: the next square's node with one step less
        for nxt in moves[sq] or board.moves_of(sq):
            if most_steps[nxt] >= steps - 1:
                continue
            key = nxt << bits | steps
            if dist[key] > dearer:
                dist[key] = dearer
                heappush(heap, base | nxt << bits)
    return result


_UNSEEN = 1 << 62
"""The cost of a node not queued yet: above any cost."""


class _RelaxedBoard:
    """What the relaxed search of one kind of mover reads of one geometry, found once per square:
    the squares a step may enter, and from a stop those past a closed portcullis and over a pit. A
    geometry is never edited (a change of the table makes a new one): kept for the next searches on
    the same table (the last few), none outlives the table it was made on."""

    def __init__(self, geometry: Geometry, naga: bool, pits_open: bool, roped: frozenset[Square],
                 exit_line: Terrain) -> None:
        self.terrain, self.neighbours = geometry.terrain, geometry.neighbours
        self.naga, self.pits_open, self.roped, self.exit_line = naga, pits_open, roped, exit_line
        no_stop, blocked = [], []
        for sq, t in self.terrain.items():
            if t is exit_line:
                no_stop.append(sq)
                blocked.append(sq)
            elif t is PIT and sq not in roped:
                no_stop.append(sq)
                if not pits_open:
                    blocked.append(sq)
        self.no_stop = frozenset(no_stop)
        """Squares the mover cannot end a move on (a pit without a rope, the line it may not enter)."""
        self.blocked = frozenset(blocked)
        """Squares the mover cannot step onto (the line it may not enter, a pit it may not cross)."""
        self.moves: list[list[Square] | None] = [None] * SQUARE_COUNT
        """The squares one step from a square may enter (portcullises, slits and walls aside), by
        square (None: not found yet)."""
        self.rest_moves: list[tuple[list[Square], list[Square]] | None] = [None] * SQUARE_COUNT
        """From a square at rest: the squares past a closed portcullis, and the landings over a pit."""
        self.pits_read: list[tuple[Square, ...]] = [()] * SQUARE_COUNT
        """The pits whose neighbours a square's rest moves read (for the landings over them)."""
        self.answers: dict[tuple[int, tuple[Square, ...], Square | None], dict[Square, tuple[int, int]]] = {}
        """The distances found, by (movement, goals, until), oldest first."""
        self.earlier: _RelaxedBoard | None = None
        """A board of the same mover on another geometry, whose finds this one takes where they hold."""

    def inherit(self, earlier: _RelaxedBoard) -> None:
        """Take, as each square is first asked for, the moves a board of the same mover found on
        another geometry for the squares whose neighbours it shares (:meth:`moves_of`, and
        :meth:`rest_moves_of` where the pits it jumps share theirs too). One step back only: no chain
        of earlier boards is kept alive."""
        self.earlier, earlier.earlier = earlier, None

    def moves_of(self, sq: Square) -> list[Square]:
        """The squares one step from ``sq`` may enter. A geometry made by updating another keeps the
        very tuple of a square's neighbours only where neither they nor their terrain changed
        (``updated`` lists again every square of a changed room, around it and on a changed edge):
        there, the earlier board's moves hold, as they read nothing else."""
        earlier, near = self.earlier, self.neighbours.get(sq)
        if earlier is not None and near is not None and earlier.neighbours.get(sq) is near:
            taken = earlier.moves[sq]
            if taken is not None:
                self.moves[sq] = taken
                return taken
        blocked, open_, slit = self.blocked, OPEN, SLIT
        if self.naga:  # B-EDGE-6: the Naga alone moves through an arrow slit
            found = [nxt for nxt, passage in near or () if (passage is open_ or passage is slit)
                     and nxt not in blocked]
        else:
            found = [nxt for nxt, passage in near or () if passage is open_ and nxt not in blocked]
        self.moves[sq] = found
        return found

    def rest_moves_of(self, sq: Square) -> tuple[list[Square], list[Square]]:
        """From ``sq`` at rest: the squares past a closed portcullis, and the landings over a pit.
        They read ``sq``'s neighbours and those of the pits next to it: where an earlier board saw
        the very same tuples (:meth:`moves_of`), its finds hold."""
        terrain, neighbours, blocked, no_stop = self.terrain, self.neighbours, self.blocked, self.no_stop
        near, earlier = neighbours.get(sq), self.earlier
        if earlier is not None and near is not None and earlier.neighbours.get(sq) is near:
            taken, pits = earlier.rest_moves[sq], earlier.pits_read[sq]
            if taken is not None and all(earlier.neighbours.get(p) is neighbours.get(p) for p in pits):
                self.rest_moves[sq], self.pits_read[sq] = taken, pits
                return taken
        through: list[Square] = []
        leaps: list[Square] = []
        read: list[Square] = []
        for nxt, passage in near or ():
            if passage is PORTCULLIS:
                if nxt not in blocked:
                    through.append(nxt)
            elif passage is not SLIT and terrain[nxt] is PIT:
                read.append(nxt)
                leaps.extend(land for land, passage2 in neighbours.get(nxt, ())
                             if land != sq and passage2 is OPEN and land not in no_stop)
        found = self.rest_moves[sq] = (through, leaps)
        self.pits_read[sq] = tuple(read)
        return found


_BOARDS: list[tuple[Geometry, Hashable, _RelaxedBoard]] = []
"""The last :class:`_RelaxedBoard` made, with their geometry and mover."""
BOARDS_KEPT = 32
"""Enough for the Player's look-ahead: a few kinds of movers on a table and on each room turned."""


def _relaxed_board(geometry: Geometry, naga: bool, pits_open: bool, roped: frozenset[Square],
                   exit_line: Terrain) -> _RelaxedBoard:
    mover = (naga, pits_open, roped, exit_line)
    earlier = None
    for known, key, board in _BOARDS:
        if key == mover:
            if known is geometry:
                return board
            earlier = earlier or board
    board = _RelaxedBoard(geometry, *mover)
    if earlier is not None:
        board.inherit(earlier)
    _BOARDS.insert(0, (geometry, mover, board))
    del _BOARDS[BOARDS_KEPT:]
    return board
