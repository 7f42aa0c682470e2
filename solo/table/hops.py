"""Fewest steps between squares through any passage but a wall, shared by the searches on a geometry.

The exact drop-back trail (``solo.table.trails``, AMB-DROP-BACK-TRAIL) reads which squares holding
items, friends or changes a continuation from a node may still reach: no move, jump or ability gets
from one square to another in fewer steps than these. Hops are symmetric (every neighbour list holds
both ends), so one walk from a marked square serves every node of every search on the geometry.
"""

from __future__ import annotations

from solo.table.movement import StaticFacts
from solo.table.squares import Square

__all__ = ["FAR", "Shared", "Table", "shared"]

FAR = 1 << 30
"""A distance no continuation reaches (no horizon: every square is within reach)."""
Table = tuple[int, ...]
"""Per distance from a square (0 up to the farthest marked square), the mask of the marked squares
within it (``solo.table.trails.Trails.table``): one index where a search of sorted distances was."""


class Shared:
    """What the searches on one geometry share: each square's neighbours by number, the distances
    from each square asked, and each square's :data:`Table` per set of marked squares."""

    def __init__(self, static: StaticFacts) -> None:
        self.static = static
        self.adjacent: list[tuple[int, ...]] = []
        """Each square's neighbours, by number (built on the first walk)."""
        self.distances: dict[Square, list[int]] = {}
        self.tables: dict[frozenset[Square], dict[Square, Table]] = {}

    def hops_from(self, x: Square) -> list[int]:
        """The fewest steps from ``x`` to each square (by number; :data:`FAR` where none leads)
        through any passage but a wall: no move, jump or ability gets there in fewer (a breadth-first
        walk, once per square; hops are symmetric)."""
        found = self.distances.get(x)
        if found is None:
            adjacent = self.adjacent
            if not adjacent:
                neighbours = self.static.neighbours
                adjacent = self.adjacent = [()] * (max(neighbours, default=0) + 1)
                for sq, around in neighbours.items():
                    adjacent[sq] = tuple(b for b, _ in around)
            found = self.distances[x] = [FAR] * len(adjacent)
            found[x] = 0
            frontier: list[int] = [x]
            d = 0
            while frontier:
                d += 1
                ahead = []
                for a in frontier:
                    for b in adjacent[a]:
                        if found[b] == FAR:
                            found[b] = d
                            ahead.append(b)
                frontier = ahead
        return found


_SHARED: list[Shared] = []
"""The :class:`Shared` of the last few geometries, by identity (a geometry is never edited)."""


def shared(static: StaticFacts) -> Shared:
    """The :class:`Shared` of ``static``'s geometry, kept for the next searches."""
    for known in _SHARED:
        if known.static is static:
            return known
    found = Shared(static)
    _SHARED.insert(0, found)
    del _SHARED[4:]
    return found
