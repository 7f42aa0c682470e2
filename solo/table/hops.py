"""Fewest steps between squares through any passage but a wall, shared by the searches on a geometry.

The exact drop-back trail (``solo.table.trails``, AMB-DROP-BACK-TRAIL) reads which squares holding
items, friends or changes a continuation from a node may still reach: no move, jump or ability gets
from one square to another in fewer steps than these. It reads them as balls (:meth:`Shared.ball`):
the bit mask of the squares within a distance of a square, grown a step at a time by shifting the
last ball along each offset between neighbours (a square's number is ``rank * 10 + file``: four
offsets), so a step costs a few integer operations instead of a visit per square, and only as far
as a search asks. The balls are kept per geometry (never edited: a change of the board makes a new
one, ``movement.static_facts``), so none outlives the passages it was grown through.
"""

from __future__ import annotations

from collections import defaultdict

from solo.table.movement import StaticFacts
from solo.table.squares import Square

__all__ = ["FAR", "Shared", "shared"]

FAR = 1 << 30
"""A distance no continuation reaches (no horizon: every square is within reach)."""


class Shared:
    """What the searches on one geometry share: the balls around each square asked."""

    def __init__(self, static: StaticFacts) -> None:
        self.static = static
        self.shifts: tuple[int, int, int, int, int, int, int, int, tuple[tuple[int, int], ...]] | None = None
        """Per offset between neighbours, its size and the mask of the squares with a neighbour that
        far in number: the first two upward, the first two downward (a zero mask where there are
        fewer: a grid has +1, +10, -1, -10), then any other as (offset, mask) (built on the first ball)."""
        self.found: dict[Square, list[int]] = {}
        """:meth:`ball` of each square asked, per distance up to the farthest asked."""
        self.whole: set[Square] = set()
        """The squares whose :attr:`found` reaches every square they reach at all (its last ball)."""

    def ball(self, x: Square, reach: int) -> int:
        """The squares at most ``reach`` steps from ``x`` (``StaticFacts.hops_from``), as a bit mask (bit
        ``n`` for square ``n``): each distance's ball is the last one grown by a step along every
        offset between neighbours, found once per square and geometry, as far as asked."""
        grown = self.found.get(x)
        if grown is None:
            grown = self.found[x] = [1 << x]
        if reach < len(grown):
            return grown[reach]
        if x not in self.whole:
            o1, m1, o2, m2, o3, m3, o4, m4, others = self.shifts or self._shifts()
            ball, grow = grown[-1], grown.append
            for _ in range(reach + 1 - len(grown)):
                ahead = ball | (ball & m1) << o1 | (ball & m2) << o2 | (ball & m3) >> o3 | (ball & m4) >> o4
                if others:
                    for offset, mask in others:
                        ahead |= (ball & mask) << offset if offset > 0 else (ball & mask) >> -offset
                if ahead == ball:
                    self.whole.add(x)
                    break
                grow(ball := ahead)
        ball = grown[-1]
        if len(grown) <= reach:  # whole: every farther ball is the last, kept so that the next ask reads it
            grown.extend([ball] * (reach + 1 - len(grown)))
        return ball

    def _shifts(self) -> tuple[int, int, int, int, int, int, int, int, tuple[tuple[int, int], ...]]:
        """:attr:`shifts`, found from the neighbour lists (any offset between neighbours is kept)."""
        by_offset: defaultdict[int, int] = defaultdict(int)
        for sq, around in self.static.neighbours.items():
            bit = 1 << sq
            for b, _ in around:
                by_offset[b - sq] |= bit
        ups = [(o, m) for o, m in sorted(by_offset.items()) if o > 0] + [(0, 0), (0, 0)]
        downs = [(-o, m) for o, m in sorted(by_offset.items()) if o < 0] + [(0, 0), (0, 0)]
        others = tuple((o, m) for o, m in ups[2:] if m) + tuple((-o, m) for o, m in downs[2:] if m)
        found = self.shifts = (*ups[0], *ups[1], *downs[0], *downs[1], others)
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
