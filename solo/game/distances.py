"""The built-in Player's distances: relaxed AP to the exit line, to a gear, to a hidden room (issue 17).

Read by the evaluation (:mod:`solo.game.evaluation`) for every square a move may end on, so each map
is computed once per board (its geometry) and class, and kept while the board is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable

from solo.actions.reveals import reveal_access
from solo.automaton.relaxed import relaxed_distances
from solo.table.board import Geometry, Terrain
from solo.table.position import Character, Position, Side
from solo.table.squares import BLUE_RANK, YELLOW_RANK, Square, line_squares

FAR = 14
"""AP counted for a figure with no known way (hidden rooms are not known yet)."""
UNKNOWN_RANKS = 4
"""Ranks of hidden rooms a figure is guessed to cross per AP."""


def room_row(slot: int) -> int:
    """The row of a room slot counted from the yellow line (0: rooms 1 and 2, 3: rooms 7 and 8)."""
    return (slot - 1) // 2


def roped_pits(position: Position, geometry: Geometry) -> frozenset[Square]:
    """The pits a Rope lies on: a Rope matters to the relaxed board only there (B-ROPE); one moved
    elsewhere or carried by an NPC changes no distance."""
    return frozenset(o.at for o in position.objects
                     if o.kind == "rope" and geometry.terrain.get(o.at) is Terrain.PIT)


Walker = tuple[int, bool, bool]
"""What the relaxed board reads of a class: its movement, whether it slips through arrow slits
(contortionist) and flies over pits (levitation). Classes alike share their maps."""


class Distances:
    """Relaxed AP to the exit line, per way of walking (:data:`Walker`) and what it carries, kept while
    the board is unchanged.

    Where the way out crosses hidden rooms, a figure heads for a square from which it can reveal one:
    the AP to get there, 1 to reveal, and the ranks still to cross at ``UNKNOWN_RANKS`` per AP."""

    def __init__(self) -> None:
        self._geometry: Geometry | None = None
        self._roped: frozenset[Square] = frozenset()
        self._maps: dict[tuple[Walker, str, bool], dict[Square, int]] = {}
        self._known: dict[tuple[Walker, str, bool], frozenset[Square]] = {}
        self._access: dict[Square, dict[int, Square | None]] | None = None
        self._rows: dict[tuple[Walker, bool, Square], int] = {}
        self._gears: dict[tuple[Walker, bool], dict[Square, int]] = {}
        self._walkers: dict[str, Walker] = {}

    def walker(self, figure: Character) -> Walker:
        """What :func:`relaxed_distances` reads of the figure's class (the same map for classes alike)."""
        found = self._walkers.get(figure.class_id)
        if found is None:
            cls = figure.character_class
            found = self._walkers[figure.class_id] = (cls.movement, cls.has("contortionist"),
                                                      cls.has("levitation"))
        return found

    def _current(self, position: Position) -> None:
        """Forget the maps when the board (its geometry) or a Rope's pit changed."""
        geometry = position.board.geometry()
        roped = roped_pits(position, geometry)
        if geometry is not self._geometry or roped != self._roped:
            self._geometry, self._roped, self._maps, self._known = geometry, roped, {}, {}
            self._access, self._rows, self._gears = None, {}, {}

    def access(self, position: Position) -> dict[Square, dict[int, Square | None]]:
        """The Player's squares with direct access to hidden rooms (:func:`reveal_access`), per board."""
        self._current(position)
        if self._access is None:
            self._access = reveal_access(position, Side.PLAYER)
        return self._access

    def to_exit(self, position: Position, figure: Character, at: Square | None = None,
                carries: str | None = None) -> int:
        """The AP ``figure`` needs from ``at`` (default: its square) to its exit line, ``FAR`` if none."""
        self._current(position)
        rope = (carries if at is not None else figure.carries) == "rope"
        key = (self.walker(figure), figure.side.value, rope)
        table = self._maps.get(key)
        if table is None:
            table, self._known[key] = self._map(position, figure, rope, self.access(position))
            self._maps[key] = table
        return table.get(at if at is not None else figure.at, FAR)  # type: ignore[arg-type]

    def to_gear(self, position: Position, figure: Character, at: Square, carries: str | None) -> int:
        """The AP ``figure`` needs from ``at`` to the nearest gear of a revealed room (B-ROT-1) on the
        relaxed board, ``FAR`` if none: where a figure with no way out may turn a room."""
        self._current(position)
        rope = carries == "rope"
        key = (self.walker(figure), rope)
        table = self._gears.get(key)
        if table is None:
            terrain = position.board.geometry().terrain
            gears = [sq for sq, kind in terrain.items() if kind is Terrain.GEAR]
            probe = Character(figure.id, figure.side, figure.class_id, figure.at,
                              carries="rope" if rope else None)
            table = self._gears[key] = {sq: min(FAR, cost[0]) for sq, cost
                                        in relaxed_distances(position, probe, gears).items()} if gears else {}
        return table.get(at, FAR)

    def farthest_hidden_row(self, position: Position, figure: Character) -> int:
        """The farthest row (0 beside the yellow line) of the hidden rooms the figure can walk to a
        square beside and reveal, on the relaxed board; -1 when none."""
        self._current(position)
        assert figure.at is not None
        key = (self.walker(figure), figure.carries == "rope", figure.at)
        row = self._rows.get(key)
        if row is None:
            probe = Character(figure.id, figure.side, figure.class_id, figure.at,
                              carries="rope" if figure.carries == "rope" else None)
            access = self.access(position)
            reached = relaxed_distances(position, probe, [figure.at])
            row = self._rows[key] = max(
                (room_row(slot) for sq in reached if sq in access for slot in access[sq]), default=-1)
        return row

    def knows_way(self, position: Position, figure: Character) -> bool:
        """Whether the revealed rooms already show the figure a way to its exit line."""
        self.to_exit(position, figure)
        key = (self.walker(figure), figure.side.value, figure.carries == "rope")
        return figure.at in self._known[key]

    @staticmethod
    def _map(position: Position, figure: Character, rope: bool, player_access: Iterable[Square]
             ) -> tuple[dict[Square, int], frozenset[Square]]:
        probe = Character(figure.id, figure.side, figure.class_id, figure.at,
                          carries="rope" if rope else None)
        goal = BLUE_RANK if figure.side is Side.PLAYER else YELLOW_RANK
        known = relaxed_distances(position, probe, line_squares(goal))
        table = {sq: min(FAR, cost[0]) for sq, cost in known.items()}
        access = list(player_access) if figure.side is Side.PLAYER else []
        if access:
            for sq, cost in relaxed_distances(position, probe, access).items():
                ranks = abs(goal - sq // 10)
                guess = min(FAR, cost[0] + 1 + ranks // UNKNOWN_RANKS)
                if guess < table.get(sq, FAR):
                    table[sq] = guess
        return table, frozenset(known)
