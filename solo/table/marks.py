"""What tells two search nodes apart besides square, item and jumps (AMB-SEARCH-PRUNE).

``solo.table.search`` proves the rule in its docstring; this module finds, once per board change
(``Delta``), what the loop compares: the squares whose items it changed, the portcullises opened on a
square's sides, and for the Player the item changes a continuation within the bound can still read;
and the cycle collector kept off while a search runs.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from solo.table.movement import Delta, Means, Mover
from solo.table.single_actions import openings
from solo.table.squares import Square

Marked = tuple[str, ...] | Delta
"""What a node's identity holds of items: those on its square, or (an NPC's) every item change."""
Facts = tuple[dict[Square, tuple[str, ...]], Delta, Delta]
"""(items of the squares a delta changed, its portcullis changes, its item changes)."""


class Marks:
    """Per-search caches of what the loop reads of each delta (plain tuples for speed)."""

    def __init__(self, mover: Mover, means: Means, bound: int | None) -> None:
        self.mover = mover
        self.facts: dict[Delta, Facts] = {}
        self._openings: dict[tuple[Delta, Square], Delta] = {}
        self._nearby: dict[tuple[Delta, Square, int], Delta] = {}
        self.bound_ap = bound if bound is not None else 0
        self.per_ap = max(mover.movement, 2) if means.jump_cost > 0 else None
        """How far a continuation may get with one more AP: a move, or a jump (two squares); None
        when jumps are free (then every item change is readable)."""

    def facts_of(self, delta: Delta) -> Facts:
        """The :data:`Facts` of ``delta``, found once."""
        found = self.facts[delta] = (self.mover.changed_squares(delta),
                                     frozenset(c for c in delta if len(c) == 2),
                                     frozenset(c for c in delta if len(c) == 3))
        return found

    def opened_on(self, edges: Delta, sq: Square) -> Delta:
        """The portcullises on the sides of ``sq`` that ``edges`` opened or broke."""
        known = self._openings.get((edges, sq))
        if known is None:
            known = self._openings[(edges, sq)] = openings(edges, sq)
        return known

    def readable(self, items: Delta, sq: Square, steps: int, ap_spent: int) -> Delta:
        """The Player's item changes a continuation from ``sq`` within the bound may read: those at
        most ``steps`` + AP left * :attr:`per_ap` steps away (``hops``) (all with free jumps)."""
        if self.per_ap is None:
            return items
        distance = max(steps, 0) + (self.bound_ap - ap_spent) * self.per_ap
        key = (items, sq, distance)
        found = self._nearby.get(key)
        if found is None:
            hops = self.mover.static.hops_from
            found = self._nearby[key] = frozenset(
                c for c in items if hops(c[1]).get(sq, distance + 1) <= distance)  # type: ignore[arg-type]
        return found


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """The cycle collector kept off during a search: it makes no cycles, only many tuples to walk."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
