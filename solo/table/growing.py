"""A search's reach settled lazily, only as far as a decision needs (AMB-SEARCH-EARLY).

Dijkstra settles nodes in cost order and every push costs at least its parent: what is settled up
to a cost, and the way kept to each settled node, is the same whether the search stops there or
goes on (AMB-TRUE-COST-STOP). A :class:`Growing` reach is the search's own, settled when asked:
:meth:`~Growing.upto` and :meth:`~Growing.upto_cost` settle every way up to a cost,
:meth:`~Growing.step` the ways of the next cost, and :meth:`~Growing.settled_part` reads what is
settled so far. Each advance settles the nodes the search at once settles next, in its order, and
adds the rest states among them as it would; the best costs and finals of squares, read only once
the search is complete, are added then, every square in the order first reached, as the search at
once adds them: completed, the reach is the one the search settled at once, field for field. Any
other reading (best costs, finals, state costs, states, a way to a state not yet settled, the search
cut or continued past its bound) first completes the search to its bound: nothing partial reaches a
reader that does not ask for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from solo.collector import no_cycle_collection
from solo.records import record
from solo.table.squares import Square
from solo.table.ways import EXITED, REST, Cost, Link, Node, Reach, State, W, Way, rebuild_actions

Wanted = Callable[[Node], bool]
"""What a search is sought for, read on its rest nodes: (square, REST or EXITED, item carried, board
changes, jumps, trail)."""
ENDS = (REST, EXITED)
"""A search node's steps left when it is a rest state (at rest, or out of the dungeon)."""


@record(frozen=True, eq=False)  # by identity: closures and growing lists, no value to compare
class Search:
    """What a growing reach reads of its search (``solo.table.search``)."""

    advance: Callable[[int | None], int | None]
    """Settles every node of packed cost below a limit (None: all within the bound); returns the
    packed cost of the next node to settle (None: none left within the bound)."""
    fill: Callable[[Reach, set[tuple[object, ...]], list[Node], list[Square]], Reach]
    """Adds the rest states among nodes and the best costs and finals of squares to a reach."""
    order: list[Node]
    """Every node settled, in order."""
    finals: dict[Square, list[Node]]
    """Each square's rest nodes at its cheapest cost, in the order first reached."""


def _completed(name: str) -> property:
    """A field of :class:`Growing` read only once its search is complete."""
    def read(self: Any) -> object:
        if self._grow is not None:
            self.complete()
        return self.__dict__[name]

    def write(self: Any, value: object) -> None:
        self.__dict__[name] = value

    return property(read, write, doc=f"The reach's ``{name}``, its search completed first.")


def _made_from_batch(self: Any) -> dict[State, Cost]:
    """A :class:`Batch`'s cost table, made from its states the first time it is read."""
    table: dict[State, Cost] = self.__dict__["cost"]
    pending = self.__dict__.pop("_fresh", None)
    if pending:
        table.update(pending)
    return table


def _set_cost(self: Any, value: dict[State, Cost]) -> None:
    self.__dict__["cost"] = value


class Batch(Reach):
    """Rest states just settled, with their costs, in order: a reach of their own for a finder, which
    reads them through :meth:`states`, in their order, with no table made (a table would hash each
    state again: ~220 hashes in Serpico's activation on the demo board); ``cost``, read by anything
    else, is made at its first reading, the same table ``Reach(start, cost=dict(fresh))`` holds."""

    cost = property(_made_from_batch, _set_cost)

    def __init__(self, start: State, fresh: list[tuple[State, Cost]]) -> None:
        super().__init__(start)
        self.__dict__["_fresh"] = fresh

    def states(self) -> Iterator[tuple[State, Cost]]:
        """The states, read as they were given (or from the table, once it is made)."""
        fresh = self.__dict__.get("_fresh")
        return iter(fresh) if fresh is not None else iter(self.__dict__["cost"].items())


class Growing(Reach):
    """A reach whose search settles on only when asked (module docstring); ``settled_to``: every way
    of at most this many AP is in (-1: none yet)."""

    best = _completed("best")
    finals = _completed("finals")
    cost = _completed("cost")
    _grow: Callable[[Growing, int | None, Wanted | None, int | None], None] | None = None
    """Settles every node of packed cost below a limit (None: up to the bound; with a wanted node, cost
    by cost on until one is, or until at least as many nodes as the last argument are settled) and
    adds the rest states to the reach given; None once the search is
    complete. Given the reach, not holding it: a reach holding a function that holds
    it would be a cycle, left to the cycle collector."""
    _below = 0
    """Every node of a lower packed cost is settled."""
    _next = 0
    """The packed cost of the next node to settle (the start's, 0, first)."""

    @classmethod
    def started(cls, start: State, parents: dict[Node, Link | None], max_ap: int | None,
                more: Callable[[int | None], Reach] | None, search: Search) -> Growing:
        """The reach of ``search``, settled when asked; ``more`` continues it past its bound."""
        reach = cls(start, settled_to=-1, _parents=parents, _more=more)
        filled: set[tuple[object, ...]] = set()
        order, finals = search.order, search.finals
        shown = scanned = 0

        def grow(reach: Growing, limit: int | None, wanted: Wanted | None, most: int | None = None) -> None:
            nonlocal shown, scanned
            with no_cycle_collection():
                upcoming = search.advance(limit)
                while wanted is not None and limit is not None and upcoming is not None:
                    batch, scanned = order[scanned:], len(order)  # cost by cost until one is wanted
                    if any(map(wanted, [n for n in batch if n[1] < 0])):  # a rest node (ENDS: fill_reach)
                        break
                    if most is not None and scanned >= most:
                        break
                    limit = upcoming + 1
                    upcoming = search.advance(limit)
                done = limit is None or upcoming is None
                # Best costs and finals are read only once the search is complete (``_completed``):
                # filled then, every square at once in the order first reached, as the search at once.
                search.fill(reach, filled, order[shown:], list(finals) if done else [])
            shown = scanned = len(order)
            if done:
                reach.settled_to, reach._grow = max_ap, None
            else:
                assert limit is not None and upcoming is not None
                reach._below, reach._next, reach.settled_to = limit, upcoming, limit // W - 1

        reach._grow = grow
        return reach

    @property
    def partial(self) -> bool:
        """Whether ways within the bound are still to be settled."""
        return self._grow is not None

    @property
    def through(self) -> Cost:
        """Every way costing at most this is settled (while :attr:`partial`)."""
        return divmod(self._below - 1, W)

    def upto(self, ap: int) -> Growing:
        """Settle at least every way of at most ``ap`` AP (all of them, past the bound)."""
        return self._to((ap + 1) * W)

    def upto_cost(self, cost: Cost) -> Growing:
        """Settle at least every way costing at most ``cost`` (AP, then squares)."""
        return self._to(cost[0] * W + cost[1] + 1)

    def step(self) -> list[tuple[State, Cost]]:
        """Settle the ways of the next cost; the rest states it adds, with their cost, in order."""
        costs = self.__dict__["cost"]
        before = len(costs)
        self._to(self._next + 1)
        fresh = list(islice(reversed(costs.items()), len(costs) - before))
        fresh.reverse()
        return fresh

    def seek(self, wanted: Wanted, most: int | None = None) -> list[tuple[State, Cost]]:
        """Settle cost by cost until a rest node settled is ``wanted`` (or every way is, or at least
        ``most`` nodes are, when given): the rest states added, with their cost, in order (those of
        the costs before it too)."""
        costs = self.__dict__["cost"]
        before = len(costs)
        grow = self._grow
        if grow is not None:
            grow(self, self._next + 1, wanted, most)  # the next cost at least
        fresh = list(islice(reversed(costs.items()), len(costs) - before))
        fresh.reverse()
        return fresh

    def complete(self) -> Growing:
        """Settle every way up to the bound."""
        grow = self._grow
        if grow is not None:
            grow(self, None, None, None)
        return self

    def _to(self, limit: int) -> Growing:
        grow = self._grow
        if grow is not None and limit > self._below:
            grow(self, limit, None, None)
        return self

    def settled_part(self) -> Reach:
        """The rest states settled so far, with their costs, as a reach of their own (read live)."""
        return Reach(self.start, cost=self.__dict__["cost"])

    def way_to_state(self, state: State) -> Way:
        nodes = self.__dict__["_nodes"]
        if state not in nodes:
            self.complete()  # not settled yet (or never): the complete search says
        return Way(rebuild_actions(self._parents, nodes[state]), self.__dict__["cost"][state], state)

    def beyond(self, up_to: int | None = None) -> Reach:
        return super(Growing, self.complete()).beyond(up_to)

    def within(self, max_ap: int) -> Reach:
        """This search cut at ``max_ap`` (:meth:`Reach.within`), itself lazy while this one is: a way
        to a state settled within ``max_ap`` is read at once, anything else completes this search
        and reads its cut."""
        if not self.partial:
            return super().within(max_ap)
        return _Cut.of(self, max_ap)


class _Cut(Growing):
    """A partial search cut at a bound (:meth:`Growing.within`)."""

    _whole: Growing
    _max_ap: int

    @classmethod
    def of(cls, whole: Growing, max_ap: int) -> _Cut:
        cut = cls(whole.start, settled_to=-1, _parents=whole._parents, _more=whole.beyond)
        cut._whole, cut._max_ap = whole, max_ap

        def grow(cut: Growing, limit: int | None, wanted: Wanted | None, most: int | None = None) -> None:
            done = Reach.within(whole.complete(), max_ap)
            cut.__dict__.update({name: done.__dict__[name] for name in ("best", "finals", "cost", "_nodes")})
            cut.settled, cut.settled_to, cut._grow = done.settled, max_ap, None

        cut._grow = grow
        return cut

    def way_to_state(self, state: State) -> Way:
        cost = self._whole.__dict__["cost"].get(state)
        if self.partial and cost is not None and cost[0] <= self._max_ap:
            return self._whole.way_to_state(state)  # settled within the cut: the same way
        return super().way_to_state(state)
