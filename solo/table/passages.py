"""The passages one search reads around a square, found once per square and search (issue 16).

The search's loop asks, for every node, which neighbours a step may enter and which pits a jump may
cross. What the board offers there never changes during a search but for the portcullises the way
opened or broke: each side is kept with the two board changes that open it (None when it is always
open), so the loop checks a side with two lookups in the node's changes instead of a call.
"""

from __future__ import annotations

from solo.table.geometry import Passage
from solo.table.movement import Change, Mover
from solo.table.squares import Square, edge

Opening = tuple[Change, Change] | None
"""The changes that open a closed portcullis (opened, broken), or None for a side always open."""
Step = tuple[Square, Opening, bool]
"""A neighbour a step may enter, what opens the side, and whether it is plain (the search's fast path)."""
Leap = tuple[Square, Square, Opening, Opening, bool, bool]
"""(pit, landing, opening to the pit, opening from it, landing on the exit line, landing quiet)."""


def opening(a: Square, b: Square) -> Opening:
    """What opens the closed portcullis between ``a`` and ``b`` (B-MOVE-7/11, B-KEY, B-COLO-2)."""
    e = edge(a, b)
    return ("open", e), ("break", e)


class Passages:
    """Per-search tables of the steps and jumps from each square (plain tuples, filled on demand)."""

    def __init__(self, mover: Mover, plain: frozenset[Square], quiet: frozenset[Square]) -> None:
        self.mover, self.plain, self.quiet = mover, plain, quiet
        self.steps: dict[Square, tuple[Step, ...]] = {}
        self.leaps: dict[Square, tuple[Leap, ...]] = {}

    def steps_at(self, sq: Square) -> tuple[Step, ...]:
        """The neighbours of ``sq`` a figure may pass to (arrow slits only for the Naga, B-NAGA-2)."""
        found = []
        for nxt, passage in self.mover.geometry.neighbours[sq]:
            if passage is Passage.PORTCULLIS:
                found.append((nxt, opening(sq, nxt), nxt in self.plain))
            elif passage is Passage.OPEN or (passage is Passage.SLIT and self.mover.naga):
                found.append((nxt, None, nxt in self.plain))
        steps = self.steps[sq] = tuple(found)
        return steps

    def leaps_at(self, sq: Square) -> tuple[Leap, ...]:
        """The jumps from ``sq`` (B-JUMP-3), in the order of ``Mover.jump_candidates``."""
        terrain, exit_line = self.mover.geometry.terrain, self.mover.exit_line
        leaps = self.leaps[sq] = tuple(
            (pit, landing,
             None if passage is Passage.OPEN else opening(sq, pit),
             None if passage2 is Passage.OPEN else opening(pit, landing),
             terrain[landing] is exit_line, landing in self.quiet)
            for pit, passage, landing, passage2 in self.mover.jump_candidates(sq))
        return leaps
