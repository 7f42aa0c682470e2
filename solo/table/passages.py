"""What one search reads around a square, found once per square and search (issue 16).

The search's loop asks, for every node, which neighbours a step may enter, which pits a jump may
cross and what the pick-up policy does on a square. What the board offers there never changes during
a search but for the portcullises the way opened or broke: each side is kept with the two board
changes that open it (None when it is always open), so the loop checks a side with two lookups in the
node's changes instead of a call. The policy's answers on a square depend on the square, the item
carried and the changes, and on the way behind only when they read it (an object left on the last
valid square, S-OBJ-2): an answer that did not read it is kept for the next node that asks the same.
"""

from __future__ import annotations

from collections.abc import Iterator

from solo.table import single_actions as single
from solo.table.carrying import PickupPolicy, Trail
from solo.table.geometry import Passage
from solo.table.movement import Change, Delta, Mover
from solo.table.squares import Square, edge
from solo.table.ways import Link, Node

Opening = tuple[Change, Change] | None
"""The changes that open a closed portcullis (opened, broken), or None for a side always open."""
Step = tuple[Square, Opening, bool]
"""A neighbour a step may enter, what opens the side, and whether it is plain (the search's fast path)."""
Leap = tuple[Square, Square, Opening, Opening, bool, bool]
"""(pit, landing, opening to the pit, opening from it, landing on the exit line, landing quiet)."""
Events = tuple[tuple[Square, str, str], ...]
Outcome = tuple[str | None, Delta, Events]
"""(item carried after, changes after, events as (square, kind, item))."""
Key = tuple[Square, str | None, Delta]


def opening(a: Square, b: Square) -> Opening:
    """What opens the closed portcullis between ``a`` and ``b`` (B-MOVE-7/11, B-KEY, B-COLO-2)."""
    e = edge(a, b)
    return ("open", e), ("break", e)


class Passages:
    """Per-search tables of the steps, jumps and pick-ups around each square (filled on demand)."""

    def __init__(self, mover: Mover, policy: PickupPolicy, plain: frozenset[Square], quiet: frozenset[Square],
                 parents: dict[Node, Link | None]) -> None:
        self.mover, self.policy, self.plain, self.quiet, self.parents = mover, policy, plain, quiet, parents
        self.pure = getattr(policy, "options_kept", False)
        self.steps: dict[Square, tuple[Step, ...]] = {}
        self.leaps: dict[Square, tuple[Leap, ...]] = {}
        self.entries: dict[Key, list[Outcome]] = {}
        self.landings: dict[tuple[Square, str | None, Delta, bool], list[Outcome]] = {}
        self.unfixed: set[Key] = set()
        """Where the policy's stop fix found nothing without reading the way (AMB-DROP-BACK)."""

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

    def _behind(self, node: Node) -> tuple[list[bool], Trail]:
        """The way behind ``node`` for the policy, and a flag set when it is read."""
        read: list[bool] = []

        def behind() -> Iterator[Square]:
            read.append(True)
            return single.trail(self.parents, node)

        return read, behind

    def enter(self, sq: Square, carried: str | None, delta: Delta, prev: Square, node: Node) -> list[Outcome]:
        """The policy's options on stepping from ``node`` (on ``prev``) onto ``sq``."""
        read, behind = self._behind(node)
        options = self.policy.options(self.mover, sq, carried, delta, prev, behind)
        found = [(held, changes, tuple((sq, kind, item) for kind, item in events))
                 for held, changes, events in options]
        if not read and self.pure:
            self.entries[(sq, carried, delta)] = found
        return found

    def land(self, landing: Square, carried: str | None, delta: Delta, prev: Square, calm: bool,
             node: Node) -> list[Outcome]:
        """``single.landings`` from ``node`` (on ``prev``), kept per landing, item and changes."""
        key = (landing, carried, delta, calm)
        found = self.landings.get(key)
        if found is None:
            read, behind = self._behind(node)
            found = single.landings(self.mover, self.policy, landing, carried, delta, prev, calm, behind)
            if not read and self.pure:
                self.landings[key] = found
        return found

    def fix(self, sq: Square, carried: str | None, delta: Delta, prev: Square,
            node: Node) -> tuple[str | None, Delta, Events] | None:
        """The policy's ``stop_fix`` on ``sq`` for ``node`` come from ``prev`` (AMB-DROP-BACK)."""
        key = (sq, carried, delta)
        if key in self.unfixed:
            return None
        read, behind = self._behind(node)
        fixed: tuple[str | None, Delta, Events] | None = self.policy.stop_fix(  # type: ignore[attr-defined]
            self.mover, sq, carried, delta, prev, behind)
        if fixed is None and not read and self.pure and prev != sq:
            self.unfixed.add(key)
        return fixed
