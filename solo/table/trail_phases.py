"""An NPC's search read as the rulebook reads a drop-back, the exact search made only where it can differ.

AMB-DROP-BACK-TRAIL: an object left on the last valid square (S-OBJ-2, rulebook l.674) is left on the
way the NPC took, so equal ways that leave it on two squares are two outcomes (S-PROX-3). The exact
search (``PriorityPickups.exact_trails``, ``solo.table.trails``) keeps them apart, at a cost. Most
searches never leave anything behind: :func:`phased_paths` makes the merged search (one way per
node) first, lazily, and hands its reach to the reader as long as no drop has read the way behind a
node; once one has, the reach becomes the exact search's (the fallback for that class of search:
the full exact search, from its start).

Why the reader gets the exact search's answer. Both are Dijkstra over nodes (square, steps left,
item carried, board changes, jumps; the exact search adds a trail summary). What a node's expansion
pushes (children, their changes, their costs) is a function of the node, and of the way behind it
only where the pick-up policy reads that way: a drop on the last valid square
(``PriorityPickups._back``, its only reader: a swap that cannot be made on the new object's square,
or a stop the NPC's hands forbid). Whether a drop is tried is a function of the node (square, item,
changes, and whether its move has just started); only where it lands reads the way. Let c be the
cost of the first node whose expansion reads the way in the merged search (infinite if none). A
push never costs less than its parent, so every node of cost below c either search settles is
reached through expansions of nodes cheaper than c; by induction on the cost, the exact search's
nodes below c are the merged search's with a summary added (a node split into copies, one per
summary, whose children are the same nodes), and none of their expansions reads the way either
(that is the node's to decide). Below c the two searches run the same transitions: the same rest
states at the same costs, the same best costs and finals, and (each node's first copy being pushed
by its parent's first copy, in the merged search's order) the same first way to each state. The
merged phase is handed over only as far as it settled without reading the way: the first read
(``PriorityPickups.read``) abandons the advance it happens in, there and then (:class:`_WayReadError`; the
merged search is never read again), and below the extent settled before that advance the merged
search is the exact search's answer. The advance that read is made again on the exact search,
settled first as far as the merged one was (the same states), then by the same call; every later
reading is the exact search's. A search continued past its bound (AMB-TRUE-COST) is checked the same
way.

When the merged search is the exact one (round 15). A node's summary is None when no drop from its
continuations within the horizon can read past the squares they enter (``solo.table.drop_counts``),
and a child of a node whose summary is None gets None (``Trails.mark``: the child's continuations are
its parent's, entering the child's square first, and that square is in the child's identity). So when
the summary of every start node is None (at rest, and the move in progress), every node's is: the
exact search's nodes are the merged search's, identity for identity, kept alike (``Kept`` drops a
node whose summary is None exactly as without trails, and its rest states are one to one with its
nodes), and each drop reads the one way kept, the same in both. The first read makes the exact
search's start (lazily: nothing settled) to tell; when its summaries are all None, the merged phase
goes on and is the answer, read or not (the bench's Serpico alone on the demo board: his 5-AP search,
settled twice before, is settled once). One thing may differ: a read that
settles "until at least so many nodes" (the early stop's patience, AMB-SEARCH-BOUND) counts nodes,
and the exact search holds more per state, so it may stop at another cost; the choice does not
depend on where the early stop's reads end (AMB-SEARCH-EARLY), only its work does.

Checked against the exact search in ``tests/table/test_trail_phases.py`` (read alike on dense
boards, with friends, and against every trail) and ``tests/automaton/test_trail_phases_games.py``
(every activation of seeded games). The automaton's search since issue 14 round 15 (docs/decisions.md:
a search that reads the way costs both phases, and those are the dear ones).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice

from solo import records
from solo.table.carrying import PriorityPickups
from solo.table.growing import Growing, Wanted, _Cut
from solo.table.movement import Means
from solo.table.position import Character, Position
from solo.table.search import cheapest_paths
from solo.table.ways import Cost, Reach, State

__all__ = ["Phased", "phased_paths"]

TWO_PHASES = True
"""False: :func:`phased_paths` makes the exact search at once (the reference the tests compare with)."""

_SWAPPED = ("cost", "_nodes", "best", "finals")
"""A reach's tables, refilled in place on a switch (readers may hold them: a settled part, a step)."""
_TAKEN = ("settled", "settled_to", "_below", "_next", "_parents", "_more", "_grow")
"""What else a reach takes from the exact search on a switch."""


def phased_paths(position: Position, character: Character | str, means: Means, policy: PriorityPickups,
                 steps_in_progress: int = 0) -> Growing:
    """A lazy NPC search that reads every trail as ``policy`` (``exact_trails``) asks: the merged
    search until a drop reads the way, then the exact one unless it is the merged one (module docstring)."""
    if not policy.exact_trails or not TWO_PHASES:
        return cheapest_paths(position, character, means, policy, steps_in_progress, lazy=True)  # type: ignore[return-value]

    def exact() -> Growing:
        return cheapest_paths(position, character, means, policy, steps_in_progress,  # type: ignore[return-value]
                              lazy=True)

    read = _FirstRead(exact)
    try:
        merged = cheapest_paths(position, character, means,
                                records.replace(policy, exact_trails=False, read=read),
                                steps_in_progress, lazy=True)
    except _WayReadError:  # settled at once (an unbounded search), and a drop read the way
        assert read.exact is not None
        return read.exact
    assert isinstance(merged, Growing)
    return Phased.of(merged, read)


class _WayReadError(Exception):
    """A drop read the way in the merged phase, and the exact search is not the merged one: the
    merged search's advance is abandoned where it reads (it is never read again)."""


class _FirstRead(list[bool]):
    """The merged phase's ``PriorityPickups.read``: the first drop that reads the way behind a node
    makes the exact search (its start only: lazy) and, unless no summary of its start holds a trail
    (then none of its nodes does: it is the merged search node for node, module docstring), ends the
    merged phase at once (:class:`_WayReadError`) rather than at the end of the advance."""

    def __init__(self, make: Callable[[], Growing]) -> None:
        super().__init__()
        self.make = make
        self.exact: Growing | None = None
        """The exact search, once a drop has read the way and it differs from the merged one."""

    def append(self, value: bool) -> None:
        super().append(value)
        exact = self.make()
        if any(node[5] is not None for node in exact._parents):  # the start nodes' summaries
            self.exact = exact
            raise _WayReadError

    def taken(self) -> Growing:
        """The exact search made at the first read (it is not the merged one)."""
        assert self.exact is not None
        exact, self.exact = self.exact, None
        return exact


class Phased(Growing):
    """The merged search's growing reach until a drop reads the way, then the exact one's."""

    _read: _FirstRead
    _exact: Callable[[], Growing] | None = None
    """Gives the exact search (None once taken)."""

    @classmethod
    def of(cls, merged: Growing, read: _FirstRead) -> Phased:
        reach = cls.__new__(cls)
        reach.__dict__ = merged.__dict__  # the merged reach's fields, filled by its search
        reach._read, reach._exact = read, read.taken
        if merged._grow is not None:
            inner = merged._grow

            def grow(r: Growing, limit: int | None, wanted: Wanted | None, most: int | None = None) -> None:
                # ``r`` is this reach (its fields are the merged one's): no closure over it, so a
                # search left partial makes no reference cycle (``solo.collector``).
                below = r._below
                try:
                    inner(r, limit, wanted, most)
                except _WayReadError:  # the merged phase ends where a drop read the way
                    Phased._switch(r, below, limit, wanted, most)  # type: ignore[arg-type]

            reach._grow = grow
        return reach

    def _switch(self, below: int, limit: int | None, wanted: Wanted | None, most: int | None) -> None:
        """Take the exact search's reach, settled as far as the merged one was before ``below``, then
        by the same call."""
        assert self._exact is not None
        exact, self._exact = self._exact(), None
        if below > 0:
            exact._to(below)
        grow = exact._grow
        if grow is not None:
            grow(exact, limit, wanted, most)
        mine, theirs = self.__dict__, exact.__dict__
        for name in _SWAPPED:
            mine[name].clear()
            mine[name].update(theirs[name])
        for name in _TAKEN:
            mine[name] = getattr(exact, name)

    def beyond(self, up_to: int | None = None) -> Reach:
        """:meth:`Growing.beyond`, the exact search's if the merged continuation reads a way."""
        try:
            return super().beyond(up_to)
        except _WayReadError:
            self._switch(0, None, None, None)
            return super().beyond(up_to)

    def step(self) -> list[tuple[State, Cost]]:
        before = len(self.__dict__["cost"])
        self._to(self._next + 1)
        return _fresh(self, before)

    def seek(self, wanted: Wanted, most: int | None = None) -> list[tuple[State, Cost]]:
        before = len(self.__dict__["cost"])
        grow = self._grow
        if grow is not None:
            grow(self, self._next + 1, wanted, most)
        return _fresh(self, before)

    def within(self, max_ap: int) -> Reach:
        cut = super().within(max_ap)
        if isinstance(cut, _Cut) and cut._grow is not None:
            inner = cut._grow

            def grow(c: Growing, limit: int | None, wanted: Wanted | None, most: int | None = None) -> None:
                inner(c, limit, wanted, most)
                c._parents = self._parents  # the exact search's, if it switched

            cut._grow = grow
        return cut


def _fresh(reach: Growing, before: int) -> list[tuple[State, Cost]]:
    """The rest states added to ``reach`` past the first ``before``, with their costs, in order."""
    costs = reach.__dict__["cost"]
    fresh = list(islice(reversed(costs.items()), len(costs) - before))
    fresh.reverse()
    return fresh
