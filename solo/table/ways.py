"""The records of a path search: states, actions, ways and the reach of one character.

``solo.table.search`` runs the search loop; these types are what it settles and hands back, and what
the actions, the automaton and the app read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from solo.records import Record, field, record
from solo.table.movement import EMPTY, Delta
from solo.table.squares import Square

Cost = tuple[int, int]
"""(AP spent, squares crossed): compared lexicographically (S-PROX-1 then S-PROX-2)."""


@record(frozen=True, compiled=True)
class State(Record):
    """Where a character is between actions, with what the path changed so far."""

    square: Square
    carried: str | None
    delta: Delta = EMPTY
    jumps: int = 0
    exited: bool = False


@record(frozen=True, compiled=True)
class Action(Record):
    """One action of a way: a move (its squares, start included), a jump, or a portcullis action."""

    kind: str
    """move, jump, open, lock_pick or break."""
    path: tuple[Square, ...]
    """move: every square entered, start first; jump: (from, pit, landing); others: (from, other)."""
    ap: int = 1
    squares: int = 0
    events: tuple[tuple[Square, str, str], ...] = ()
    """(square, pick_up | swap, item) along the way."""


@record(frozen=True, compiled=True)
class Way(Record):
    """One optimal way to a final state: its actions and total cost."""

    actions: tuple[Action, ...]
    cost: Cost
    final: State

    @property
    def squares_path(self) -> list[Square]:
        """The squares the figure stands on, in order (a jump lists only its landing square)."""
        if not self.actions:
            return [self.final.square]
        result = [self.actions[0].path[0]]
        for action in self.actions:
            if action.kind == "move":
                result.extend(action.path[1:])
            elif action.kind == "jump":
                result.append(action.path[2])
        return result


NO_CHANGES: dict[Square, tuple[str, ...]] = {}
REST = -1
EXITED = -2
ORIGIN = -3
OPENED = -4
OPENED_MOVING = -5
OUT_MOVING = -6
OUT_REST = -7
OPENED_TWICE = -8
"""Virtual nodes of a way out of a pit and back over it (``single_actions.back_over_the_pit``)."""
W = 1_000
"""Costs are packed as ``ap * W + squares`` in the hot loop (squares never reach 1000)."""

Summary = tuple[tuple[object, ...], ...] | None
"""What a later drop on the last valid square can read of a node's way (``solo.table.trails``)."""
# Search node: (square, steps left in the move in progress or REST/EXITED, carried, delta, jumps,
# trail summary).
Node = tuple[Square, int, str | None, Delta, int, Summary]
# How a node was reached: (previous node, kind, events, other square for jumps/portcullises).
Link = tuple[Node, str, tuple[tuple[Square, str, str], ...], Square | None]


@record(compiled=True)
class Reach(Record):
    """The result of a search: best cost and the tied optimal final states for each square."""

    start: State
    best: dict[Square, Cost] = field(default_factory=dict)
    finals: dict[Square, list[State]] = field(default_factory=dict)
    cost: dict[State, Cost] = field(default_factory=dict)
    settled: int = 0
    """How many search nodes were settled (for the benchmarks)."""
    _parents: dict[Node, Link | None] = field(default_factory=dict, repr=False)
    _nodes: dict[State, Node] = field(default_factory=dict, repr=False)
    settled_to: int | None = None
    """Every way of at most this many AP is in; None: every way the search finds (it is finished)."""
    _more: Callable[[int | None], Reach] | None = field(default=None, repr=False)

    def beyond(self, up_to: int | None = None) -> Reach:
        """This search continued past its bound, for what an objective costs beyond the quota
        (AMB-TRUE-COST): the same states up to its bound, then the cheapest ways found beyond, settled
        at least up to ``up_to`` AP (however far when None). One reach, grown in place by each call
        (Dijkstra's order: what is settled up to a cost never changes when it goes on). Only costs
        are read from it, never ways to play. An unbounded search is its own."""
        if self._more is None:
            return self
        return self._more(up_to)

    def within(self, max_ap: int) -> Reach:
        """This search cut at ``max_ap``: exactly what the same search bounded by ``max_ap`` finds,
        for an NPC's search (every item change kept apart: the Player's identity depends on the bound).

        Dijkstra settles nodes in cost order, its pruning compares a node only with nodes settled
        before it (cheaper or equal), and the bound only drops pushes at ``max_ap + 1`` AP or more:
        the bounded search settles the same nodes, in the same order, up to its bound.
        """
        cut = Reach(self.start, settled=self.settled, settled_to=max_ap, _parents=self._parents,
                    _more=self.beyond)
        for state, cost in self.cost.items():
            if cost[0] <= max_ap:
                cut.cost[state] = cost
                cut._nodes[state] = self._nodes[state]
        for sq, cost in self.best.items():
            if cost[0] <= max_ap:
                cut.best[sq] = cost
                cut.finals[sq] = self.finals[sq]
        return cut

    def squares(self) -> list[Square]:
        """Every square reachable (own start excluded), cheapest first."""
        return sorted(self.best, key=lambda sq: (self.best[sq], sq))

    def way_to_state(self, state: State) -> Way:
        """The actions of the optimal way found to a settled state."""
        return Way(rebuild_actions(self._parents, self._nodes[state]), self.cost[state], state)

    def ways(self, sq: Square) -> list[Way]:
        """Every distinct optimal way to end on ``sq`` (distinct outcomes; S-PROX-3 ties)."""
        return [self.way_to_state(s) for s in self.finals.get(sq, [])]

    def way(self, sq: Square) -> Way | None:
        ways = self.ways(sq)
        return ways[0] if ways else None

    def states(self) -> Iterator[tuple[State, Cost]]:
        """Every settled rest state with its cost (for callers with goals other than a square): the
        cost table's own iterator, read at once (no generator to resume once per state)."""
        return iter(self.cost.items())


_new_state = object.__new__
_with_cost = dict.fromkeys
_put_fields: Callable[[State, dict[str, object]], None] = State.__dict__["__dict__"].__set__
"""Sets a new state's fields at once: its ``__dict__`` descriptor's own setter (``object.__setattr__``
looks the descriptor up first: 445 instructions more per state)."""


def to_state(node: Node) -> State:
    """The state of a rest node: ``State(...)`` without the frozen dataclass's five ``__setattr__``
    calls (one per settled rest state: a search makes thousands)."""
    state: State = _new_state(State)
    state.__dict__.update(square=node[0], carried=node[2], delta=node[3], jumps=node[4],
                          exited=node[1] == EXITED)
    return state


def fill_reach(
    reach: Reach, filled: set[tuple[object, ...]] | None, nodes: list[Node], squares: list[Square],
    dist: dict[Node, int], best: dict[Square, int], finals: dict[Square, list[Node]],
    as_state: dict[Node, State], settled: int, fresh: bool = True,
) -> Reach:
    """Add to ``reach`` the rest states among a search's ``nodes`` (``filled``: the states it holds,
    as plain tuples; None when no node has a trail summary: then nodes and states are one to one)
    and the best costs and finals of ``squares``; ``as_state``: the states built (``fresh``: none of
    ``nodes`` has one yet, so none is looked for: a node is settled, hence filled, once)."""
    fields = reach.__dict__  # as they are: a growing reach is being filled, not read
    cost_of, node_of, best_of, finals_of = fields["cost"], fields["_nodes"], fields["best"], fields["finals"]
    # States of one cost are gathered, then copied into ``cost`` and ``_nodes`` at once: a copy from a
    # dict reuses the hashes it holds, so each state is hashed once (``State.__hash__`` is Python code,
    # ~1,700 instructions a call), and its cost is built once per run (settled nodes come cheapest first).
    run: dict[State, Node] = {}
    at = -1
    for n in nodes:
        if n[1] < 0:  # REST or EXITED: no other node is ever queued, so settled
            state = None if fresh else as_state.get(n)
            if state is None:  # to_state(n) inlined: one call less per rest state
                state = as_state[n] = _new_state(State)
                _put_fields(state, {"square": n[0], "carried": n[2], "delta": n[3], "jumps": n[4],
                                    "exited": n[1] == EXITED})
            if filled is not None:
                plain = n[:5]
                if plain in filled:
                    continue  # the cheapest of nodes that differ only in their trail is kept
                filled.add(plain)
            cost = dist[n]
            if cost != at:
                if run:
                    node_of |= run
                    cost_of |= _with_cost(run, divmod(at, W))
                    run = {}
                at = cost
            run[state] = n
    if run:
        node_of |= run
        cost_of |= _with_cost(run, divmod(at, W))
    for sq in squares:
        best_of[sq] = divmod(best[sq], W)
        ends = finals[sq]  # distinct nodes, so distinct states but where trails tell nodes apart
        finals_of[sq] = ([as_state[ends[0]]] if len(ends) == 1 else [as_state[n] for n in ends]
                         if filled is None else list(dict.fromkeys(as_state[n] for n in ends)))
    reach.settled = settled
    return reach


def rebuild_actions(parents: dict[Node, Link | None], node: Node) -> tuple[Action, ...]:
    """Rebuild the actions leading to ``node`` from the search's parent links."""
    actions: list[Action] = []
    move_path: list[Square] = []
    move_events: list[tuple[Square, str, str]] = []
    current = node
    link = parents[current]
    while link is not None:
        prev, kind, events, other = link
        if kind == "stop":
            move_path, move_events = [], list(reversed(events))
        elif kind in ("step", "exit"):
            if not move_path:
                move_path = [current[0]]
            move_path.append(prev[0])
            move_events.extend(reversed(events))
        elif kind == "start":
            move_path = move_path or [current[0]]
            move_path.reverse()
            move_events.extend(reversed(events))
            move_events.reverse()
            ap = 0 if prev[1] == ORIGIN else 1
            actions.append(Action("move", tuple(move_path), ap, len(move_path) - 1, tuple(move_events)))
            move_path, move_events = [], []
        elif kind == "jump":
            pit = prev[0] if other is None else other
            actions.append(Action("jump", (prev[0], pit, current[0]), 1, 2, events))
        else:
            actions.append(Action(kind, (prev[0], prev[0] if other is None else other), 1, 0))
        current = prev
        link = parents[current]
    actions.reverse()
    return tuple(actions)
