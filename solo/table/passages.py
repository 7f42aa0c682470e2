"""What one search reads around a square, found once per square and search (issue 16).

The search's loop asks, for every node, which neighbours a step may enter, which pits a jump may
cross and what the pick-up policy does on a square. What the board offers there never changes during
a search but for the portcullises the way opened or broke: each side is kept with the two board
changes that open it (None when it is always open), so the loop checks a side with two lookups in the
node's changes instead of a call. The policy's answers on a square depend on the square, the item
carried and the changes, and on the way behind only when they read it (an object left on the last
valid square, S-OBJ-2): an answer that did not read it is kept for the next node that asks the same.
What a rest node starts (its moves, jumps and portcullis actions) is pushed from here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from solo.table import single_actions as single
from solo.table.carrying import PickupPolicy, Trail
from solo.table.geometry import OPEN, PORTCULLIS, SLIT
from solo.table.movement import Change, Delta, Means, Mover
from solo.table.squares import SQUARE_COUNT, Square, edge
from solo.table.ways import EXITED, REST, Link, Node, Summary, W, to_state

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
STILL: list[Outcome] = []
"""What :meth:`Passages.enter` gives for a step that changes nothing (the item carried and the changes
kept, no event): the search steps on as onto a plain square (never iterated: no outcome is listed)."""
Mark = Callable[[Square, int, str | None, Delta, int, Node], Summary]
"""A node's trail summary (``solo.table.trails``): square, steps left, item, changes, cost, parent."""
Push = Callable[..., None]
"""The search's ``push(node, cost, link, key=None)``."""


def opening(a: Square, b: Square) -> Opening:
    """What opens the closed portcullis between ``a`` and ``b`` (B-MOVE-7/11, B-KEY, B-COLO-2)."""
    e = edge(a, b)
    return ("open", e), ("break", e)


class Passages:
    """Per-search tables of the steps, jumps and pick-ups around each square (filled on demand)."""

    def __init__(self, mover: Mover, policy: PickupPolicy, means: Means, plain: frozenset[Square],
                 quiet: frozenset[Square], parents: dict[Node, Link | None]) -> None:
        self.mover, self.policy, self.plain, self.quiet, self.parents = mover, policy, plain, quiet, parents
        self.means, self.max_jumps, self.jump_cost = means, means.jumps, means.jump_cost * W + 2
        self.settles_plain = getattr(policy, "settles_unchanged", False)
        self.starts_plain = getattr(policy, "starts_unchanged", False)
        self.static = mover.static
        self.stops: dict[str | None, list[bool | None]] = {}
        """valid_stop on a square the way left unchanged (``Mover.stop_with`` what lies there), by item
        carried then square (None: not asked yet): it reads only that square."""
        self.pure = getattr(policy, "options_kept", False)
        self.jumpable = mover.jumpable_pits()
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
            if passage is PORTCULLIS:
                found.append((nxt, opening(sq, nxt), nxt in self.plain))
            elif passage is OPEN or (passage is SLIT and self.mover.naga):
                found.append((nxt, None, nxt in self.plain))
        steps = self.steps[sq] = tuple(found)
        return steps

    def stops_with(self, carried: str | None) -> list[bool | None]:
        """The row of :attr:`stops` for ``carried``, a new one if there is none."""
        row = self.stops[carried] = [None] * SQUARE_COUNT
        return row

    def leaps_at(self, sq: Square) -> tuple[Leap, ...]:
        """The jumps from ``sq`` (B-JUMP-3), in the order of ``Mover.jump_candidates``."""
        terrain, exit_line = self.mover.geometry.terrain, self.mover.exit_line
        leaps = self.leaps[sq] = tuple([
            (pit, landing,
             None if passage is OPEN else opening(sq, pit),
             None if passage2 is OPEN else opening(pit, landing),
             terrain[landing] is exit_line, landing in self.quiet)
            for pit, passage, landing, passage2 in self.mover.jump_candidates(sq)])
        return leaps

    def expand(self, node: Node, cost: int, key: tuple[object, ...] | None,
               changed: dict[Square, tuple[str, ...]] | None, push: Push, mark: Mark) -> None:
        """Start a move from the rest node ``node`` settled at ``cost`` (``key``: its identity, the
        moving node's too, or None), and jump from it (``changed``: the squares its changes touch,
        None: found here)."""
        sq, _, carried, delta, jumps, tr = node
        if changed is None:
            changed = self.mover.changed_squares(delta)
        mover, movement = self.mover, self.mover.movement
        if movement:
            if self.starts_plain and tr is None:  # the moving node's identity is this one's
                push((sq, movement, carried, delta, jumps, None), cost + W, (node, "start", (), None), key)
            elif self.starts_plain:  # the moving node's identity is this one's with its own summary
                started = mark(sq, movement, carried, delta, cost + W, node)
                push((sq, movement, carried, delta, jumps, started), cost + W, (node, "start", (), None),
                     None if key is None else (*key[:5], started))
            else:
                for held, changes, events in self.policy.start_options(mover, sq, carried, delta):
                    evs = tuple((sq, kind, item) for kind, item in events)
                    started = mark(sq, movement, held, changes, cost + W, node)
                    push((sq, movement, held, changes, jumps, started), cost + W, (node, "start", evs, None))
        may_jump = (self.static.actions.get(sq) or self.static.actions_at(sq))[0]
        if may_jump and (self.max_jumps is None or jumps < self.max_jumps):
            self.leap(node, cost, changed, push, mark)

    def leap(self, node: Node, cost: int, changed: dict[Square, tuple[str, ...]],
             push: Callable[[Node, int, Link], None], mark: Mark) -> None:
        """B-JUMP from the rest node ``node`` (its changed squares ``changed``): ``single.jumps``'
        outcomes, in its order, pushed; ``mark`` gives a node's trail summary."""
        sq, _, carried, delta, jumps, tr = node
        mover, stops, jumpable = self.mover, self.stops, self.jumpable
        used, leap_cost = (jumps + 1 if self.max_jumps is not None else 0), cost + self.jump_cost
        for pit, landing, to_pit, to_landing, out, calm in self.leaps.get(sq) or self.leaps_at(sq):
            if to_pit is not None and to_pit[0] not in delta and to_pit[1] not in delta:
                continue  # a closed portcullis on the way (B-MOVE-7)
            if not (mover.pit_jumpable(pit, delta) if pit in changed else pit in jumpable):
                continue
            if to_landing is not None and to_landing[0] not in delta and to_landing[1] not in delta:
                continue
            link: Link = (node, "jump", (), pit)
            calm = calm and landing not in changed
            if out:
                if landing not in mover.enemies:  # AMB-B-JUMPEXIT
                    push((landing, EXITED, carried, delta, used, None), leap_cost, link)
            elif calm and self.settles_plain:
                row = stops.get(carried) or self.stops_with(carried)
                may_stop = row[landing]
                if may_stop is None:
                    may_stop = row[landing] = mover.stop_with(landing, carried, mover.items.get(landing, ()))
                if may_stop:
                    push((landing, REST, carried, delta, used, None if tr is None else mark(
                        landing, REST, carried, delta, leap_cost, node)), leap_cost, link)
            else:
                for held, changes, events in self.land(landing, carried, delta, sq, calm, node):
                    trailed = None if tr is None else mark(landing, REST, held, changes, leap_cost, node)
                    landed: Node = (landing, REST, held, changes, used, trailed)
                    push(landed, leap_cost, (node, "jump", events, pit))

    def open_sides(self, node: Node, cost: int, push: Callable[[Node, int, Link], None], mark: Mark) -> None:
        """B-KEY, B-BACK-4, B-COLO-2 from the rest node ``node``: each closed portcullis on its sides
        opened (or picked, or broken), then crossed (``single.crossings``), pushed in order."""
        mover, policy, means = self.mover, self.policy, self.means
        for new, action in single.portcullis_actions(mover, to_state(node), means):  # a rest node's state
            for target, target_cost, through in single.crossings(
                    mover, policy, means, self.quiet, self.parents, node, new.delta, action.kind,
                    action.path[1], cost, mark):
                push(target, target_cost, through)

    def _behind(self, node: Node) -> tuple[list[bool], Trail]:
        """The way behind ``node`` for the policy, and a flag set when it is read."""
        read: list[bool] = []

        def behind() -> Iterator[Square]:
            read.append(True)
            return single.trail(self.parents, node)

        return read, behind

    def enter(self, sq: Square, carried: str | None, delta: Delta, prev: Square, node: Node) -> list[Outcome]:
        """The policy's options on stepping from ``node`` (on ``prev``) onto ``sq`` (:data:`STILL`: it
        keeps what it holds, and the changes)."""
        read, behind = self._behind(node)
        options = self.policy.options(self.mover, sq, carried, delta, prev, behind)
        found = STILL if len(options) == 1 and options[0] == (carried, delta, ()) else [
            (held, changes, tuple((sq, kind, item) for kind, item in events))
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
