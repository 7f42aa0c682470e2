"""Cheapest ways for one character to end an action on each square (S-PROX-1/2, movement-model.md).

A Dijkstra search over *rest states* (square, carried item, board changes, jumps used), ordered by
(AP, squares). Each move action is a bounded breadth-first walk of up to the class's movement value,
through squares that need not be valid stops, ending on one that is. Jumps, Key use and paid
abilities are single actions. States that tie on (AP, squares) but differ in outcome (final square,
item carried, board after) are all kept: S-PROX-3 rolls between them.

networkx is not used: its algorithms need the whole state graph built first, and this one is implicit
(it grows with items carried and portcullises opened): building it costs more than the search.

Dominance (AMB-SEARCH-PRUNE). A node is (square, steps left, item carried, board changes, jumps).
Node B is dropped for node A settled before it when both have the same square, item, jumps, items on
that square and portcullises opened on its sides, and A cost less (or as much with at least as many
steps left, for a moving node). For the Player's figures the rest of the changes is left out of
that identity; for an NPC every item change is in it (its pick-ups are forced, AMB-SEARCH-PRUNE).
Proof (NPC identity) that a cut node loses no cheapest cost: every rule the search applies after a
node reads the board only on the squares it then enters, stops on, jumps over or lands on, the square
it came from and the edges it crosses. Where A's and B's changes agree on every square and edge a
continuation of B reads, A can follow it move for move, paying the same for each action and meeting
the same pick-ups, so it ends on the same square with the same item at no greater cost; Dijkstra
settles A first, so the cut never drops a node that is cheaper than what remains. With the NPC
identity the changes can disagree only on a portcullis opened elsewhere (AMB-OPEN-CROSS: B profits
from it only by coming back through it). The Player's identity, and every node beyond a bound (below),
also let item changes elsewhere disagree: there the argument gives only that every way kept is a real
one (never cheaper than the exhaustive search of ``tests/reference_search.py``), and the tests compare
both with it on random boards. A rule that also
merged an NPC's nodes whose item changes differ is not sound: the items it moved lie on squares it
has just crossed, which its next moves read (a Rope dropped in a pit is a bridge, an object on a
square forbids stopping there with another); the exhaustive search finds cheaper ways through them
on about one random board in a hundred, so such nodes stay apart within the quota.

Beyond a bound. Pushes past ``max_ap`` are kept aside; :meth:`Reach.beyond` replays them and settles
on, with the Player's identity for every node beyond the bound (AMB-TRUE-COST): the part within the
bound settled first and is not touched, everything found beyond is a real way (its cost is never
below the exhaustive search's), and the search ends (finitely many squares, items and steps).
``beyond(k)`` settles only the nodes cheaper than ``k + 1`` AP and keeps the heap for a later call:
Dijkstra pops in cost order and every push costs at least its parent, so what is settled below a
cost is the same whether the search stops there or goes on (AMB-TRUE-COST-STOP).
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from solo.table import single_actions as single
from solo.table.board import Passage, Terrain
from solo.table.carrying import OptionalPickups, PickupPolicy, exact_horizon
from solo.table.movement import EMPTY, Delta, Means, Mover, npc_means, player_means
from solo.table.position import Character, Position
from solo.table.squares import Square
from solo.table.ways import (
    EXITED,
    NO_CHANGES,
    OPENED,
    OPENED_MOVING,
    ORIGIN,
    REST,
    Action,
    Cost,
    Link,
    Node,
    Reach,
    State,
    W,
    Way,
    to_state,
)

__all__ = ["Action", "Cost", "Reach", "State", "Way", "cheapest_paths", "npc_means", "player_means"]


def cheapest_paths(
    position: Position,
    character: Character | str,
    means: Means | None = None,
    policy: PickupPolicy | None = None,
    steps_in_progress: int = 0,
) -> Reach:
    """Search every square ``character`` can end an action on, cheapest (AP, squares) first.

    ``steps_in_progress`` continues a move action already paid for (movement-model.md,
    "Mid-action changes of objective"). Paid abilities and jumps follow ``means``; without a
    policy the Player's optional pick-ups apply.
    """
    with _no_cycle_collection():
        return _search(position, character, means, policy, steps_in_progress)


def _search(
    position: Position,
    character: Character | str,
    means: Means | None,
    policy: PickupPolicy | None,
    steps_in_progress: int,
) -> Reach:
    if isinstance(character, str):
        character = position.character(character)
    means = means or Means()
    policy = policy or OptionalPickups()
    if character.wounded or character.at is None:
        raise ValueError(f"{character.id} is not a figure on the board: wounded characters never move")
    mover = Mover(position, character)
    movement = mover.movement
    neighbours = mover.geometry.neighbours
    terrain = mover.geometry.terrain
    item_squares = mover.items
    exit_line = mover.exit_line
    exact_ap = exact_horizon(policy, means)
    bound = means.max_ap if exact_ap is None else exact_ap
    max_cost = (bound + 1) * W if bound is not None else None
    carried0 = character.carried_item()
    jump_cost = means.jump_cost * W + 2

    start_rest: Node = (character.at, REST, carried0, EMPTY, 0)
    parents: dict[Node, Link | None] = {start_rest: None}
    dist: dict[Node, int] = {start_rest: 0}
    heap: list[tuple[int, int, Node]] = [(0, 0, start_rest)]
    if steps_in_progress > 0:
        origin: Node = (character.at, ORIGIN, carried0, EMPTY, 0)
        moving: Node = (character.at, steps_in_progress, carried0, EMPTY, 0)
        parents[origin] = None
        parents[moving] = (origin, "start", (), None)
        dist[moving] = 0
        heap.append((0, 1, moving))
        if not mover.valid_stop(character.at, carried0, EMPTY):
            # Mid-move on a square it may not stop on (crossing a friend): it must move on.
            heap.remove((0, 0, start_rest))
    counter = 2
    order: list[Node] = []
    """Settled nodes, in the order Dijkstra settled them: every later reading of the search is in one
    order whatever Python's hash seed (a seeded game must replay identically), and :meth:`Reach.beyond`
    reads those settled since a given point."""
    # AMB-SEARCH-PRUNE: nodes that differ only in the board changes made on the way (items moved,
    # portcullises opened) compete: a costlier one is dropped, equal ones are all kept (S-PROX-3).
    # A node's identity: square, item in hand, jumps used, what lies on its square (which decides
    # whether it may stop there) and which portcullises on its sides it opened (which decide where
    # it may step next); changes made further away are compared by cost only (AMB-SEARCH-PRUNE).
    first_rest: dict[tuple[Square, int, str | None, int, tuple[str, ...] | Delta, Delta], int] = {}
    moving_best: dict[tuple[Square, str | None, int, tuple[str, ...] | Delta, Delta], list[Any]] = {}
    """Per identity: [cost of the last pops, most steps left at a lower cost, steps left by
    delta at that cost, the most of those]."""
    exact_items = getattr(policy, "exact_items", False)
    stop_fix = getattr(policy, "stop_fix", None)
    keep_ties = getattr(policy, "keep_ties", True)

    openings: dict[tuple[Delta, Square], Delta] = {}
    facts: dict[Delta, tuple[dict[Square, tuple[str, ...]], Delta, Delta]] = {}

    def facts_of(delta: Delta) -> tuple[dict[Square, tuple[str, ...]], Delta, Delta]:
        """What the loop reads of a delta, found once per delta: the squares whose items it changed,
        its portcullis changes and its item changes (AMB-SEARCH-PRUNE's identity)."""
        found = facts[delta] = (mover.changed_squares(delta), frozenset(c for c in delta if len(c) == 2),
                                frozenset(c for c in delta if len(c) == 3))
        return found

    def opened_on(edges: Delta, sq: Square) -> Delta:
        """The portcullises on the sides of ``sq`` that ``edges`` opened or broke (cached)."""
        known = openings.get((edges, sq))
        if known is None:
            known = openings[(edges, sq)] = single.openings(edges, sq)
        return known

    best: dict[Square, int] = {}
    finals: dict[Square, list[Node]] = {}

    deferred: list[tuple[Node, int, Link]] = []
    """Pushes beyond the bound, kept to continue the search however far (:meth:`Reach.beyond`)."""

    def push(node: Node, cost: int, link: Link) -> None:
        nonlocal counter
        if max_cost is not None and cost >= max_cost:
            deferred.append((node, cost, link))
            return
        old = dist.get(node)
        if old is not None and old <= cost:
            return
        dist[node] = cost
        parents[node] = link
        counter += 1
        heapq.heappush(heap, (cost, counter, node))

    def cross(node: Node, opened: Delta, kind: str, other: Square, cost: int) -> None:
        """Open (or pick, or break) a portcullis, then move or jump through it (AMB-OPEN-CROSS)."""
        sq, _, carried, _, jumps = node
        # Virtual nodes, only for rebuilding the way: never queued, never confused with real ones.
        rest_after: Node = (sq, OPENED, carried, opened, jumps)
        if terrain[other] is Terrain.PIT:
            for (landing, exited, new_carried, new_delta, used, jump_events), pit in single.jumps(
                    mover, policy, State(sq, carried, opened, jumps), means, quiet,
                    partial(single.trail, parents, node)):
                if pit == other:
                    parents.setdefault(rest_after, (node, kind, (), other))
                    landed: Node = (landing, EXITED if exited else REST, new_carried, new_delta, used)
                    push(landed, cost + W + jump_cost, (rest_after, "jump", jump_events, other))
        if not movement:
            return
        cost += 2 * W + 1
        for start_carried, start_delta, start_events in policy.start_options(mover, sq, carried, opened):
            moving: Node = (sq, OPENED_MOVING, start_carried, start_delta, jumps)
            targets: list[tuple[Node, Link]] = []
            if terrain[other] is exit_line:
                if mover.may_exit(other):
                    targets.append(((other, EXITED, start_carried, start_delta, jumps),
                                    (moving, "exit", (), None)))
            elif mover.may_enter(mover.unroped_pit(sq, start_delta), other, start_carried, start_delta):
                for new_carried, new_delta, events in policy.options(
                        mover, other, start_carried, start_delta, sq, partial(single.trail, parents, node)):
                    evs = tuple((other, k, i) for k, i in events)
                    target: Node = (other, movement - 1, new_carried, new_delta, jumps)
                    targets.append((target, (moving, "step", evs, None)))
            if not targets:
                continue
            parents.setdefault(rest_after, (node, kind, (), other))
            start_evs = tuple((sq, k, i) for k, i in start_events)
            parents.setdefault(moving, (rest_after, "start", start_evs, None))
            for target, link in targets:
                push(target, cost, link)

    # Squares where the policy acts besides lying items (an NPC crossing a friend, S-OBJ-4/5).
    special: frozenset[Square] = getattr(policy, "special_squares", frozenset())
    plain = mover.plain_squares() - special
    quiet = frozenset(sq for sq in terrain if sq not in item_squares and sq not in special)
    # Read once per square, lazily: each neighbour with its passage and whether a step there is plain
    # (no item, no figure, no pit, no line) on the unchanged table.
    near: dict[Square, tuple[tuple[Square, Passage, bool], ...]] = {}
    static = mover.static
    action_squares, pits, jump_squares = static.action_squares, static.pits, static.jumps
    portcullis_squares = static.portcullis_squares
    stops: dict[tuple[Square, str | None], bool] = {}
    """valid_stop on a square the way left unchanged, by (square, carried): it reads only that square."""
    settles_plain = getattr(policy, "settles_unchanged", False)
    starts_plain = getattr(policy, "starts_unchanged", False)
    heappush, heappop = heapq.heappush, heapq.heappop
    items_get = mover.items.get

    def settle(limit: int | None = None) -> None:
        """Settle every queued node cheaper than ``limit`` (all when None), cheapest first.

        A node is popped once at most: it is pushed again only at a lower cost, and Dijkstra never
        pushes below a settled cost (every push costs at least its parent)."""
        nonlocal counter
        while heap:
            if limit is not None and heap[0][0] >= limit:
                return
            cost, _, node = heappop(heap)
            if dist[node] != cost:
                continue
            order.append(node)
            sq, steps, carried, delta, jumps = node
            if delta:
                changed, edges, items = facts.get(delta) or facts_of(delta)
                here = changed.get(sq)
                if here is None:
                    here = items_get(sq, ())
                opened = opened_on(edges, sq) if edges else EMPTY
                mark: tuple[str, ...] | Delta = items if exact_items else here
            else:
                changed, here, opened = NO_CHANGES, items_get(sq, ()), delta
                mark = here
            if steps < 0:  # at rest, or exited
                rest_key = (sq, steps, carried, jumps, mark, opened)
                first = first_rest.get(rest_key)
                if first is None:
                    first_rest[rest_key] = cost
                elif first < cost or not keep_ties:
                    continue
                if sq != start_rest[0] or steps == EXITED:
                    known = best.get(sq)
                    if known is None or cost < known:
                        best[sq], finals[sq] = cost, [node]
                    elif cost == known:
                        finals[sq].append(node)
                    touched.add(sq)
                if steps == EXITED:
                    continue
                if movement:
                    if starts_plain:
                        push((sq, movement, carried, delta, jumps), cost + W, (node, "start", (), None))
                    else:
                        for start_carried, start_delta, events in policy.start_options(
                                mover, sq, carried, delta):
                            evs = tuple((sq, kind, item) for kind, item in events)
                            moving = (sq, movement, start_carried, start_delta, jumps)
                            push(moving, cost + W, (node, "start", evs, None))
                if sq not in action_squares:
                    continue  # nothing to jump over, no portcullis to open: only moves start here
                state = State(sq, carried, delta, jumps)
                if sq in jump_squares:
                    for (landing, exited, new_carried, new_delta, used, jump_events), pit in single.jumps(
                            mover, policy, state, means, quiet, partial(single.trail, parents, node)):
                        landed = (landing, EXITED if exited else REST, new_carried, new_delta, used)
                        push(landed, cost + jump_cost, (node, "jump", jump_events, pit))
                if sq in portcullis_squares:
                    for new, action in single.portcullis_actions(mover, state, means):
                        cross(node, new.delta, action.kind, action.path[1], cost)
                continue
            # Pops come in cost order: a node is dominated when one popped at a lower cost, or at the
            # same cost with the same changes, had at least as many steps left.
            identity = (sq, carried, jumps, mark, opened)
            record = moving_best.get(identity)
            if record is None:
                moving_best[identity] = [cost, -1, {delta: steps}, steps]
            else:
                at_cost, lower, same, most = record
                if cost > at_cost:
                    lower = max(lower, most)
                    same, most = {}, -1
                    record[:] = [cost, lower, same, -1]
                if lower >= steps or same.get(delta, -1) >= steps:
                    continue
                if not keep_ties and most >= steps:
                    continue  # the Player's shading needs one way per square, not every tie
                same[delta] = steps
                record[3] = max(most, steps)
            if sq in changed:
                may_stop = mover.valid_stop(sq, carried, delta)
            else:
                may_stop = stops.get((sq, carried))  # type: ignore[assignment]
                if may_stop is None:
                    may_stop = stops[(sq, carried)] = mover.valid_stop(sq, carried, EMPTY)
            if may_stop:
                if settles_plain:
                    rest = (sq, REST, carried, delta, jumps)
                    old = dist.get(rest)
                    if old is None or old > cost:  # push() inlined: never beyond the bound (same cost)
                        dist[rest] = cost
                        parents[rest] = (node, "stop", (), None)
                        counter += 1
                        heappush(heap, (cost, counter, rest))
                else:
                    rest_carried, rest_delta, took = policy.settle(mover, sq, carried, delta)
                    push((sq, REST, rest_carried, rest_delta, jumps), cost, (node, "stop", took, None))
            elif stop_fix is not None and (delta or carried is not None):
                link = parents.get(node)
                fixed = (stop_fix(mover, sq, carried, delta, link[0][0], partial(single.trail, parents, node))
                         if link is not None else None)  # AMB-DROP-BACK: the last valid square
                if fixed is not None:
                    push((sq, REST, fixed[0], fixed[1], jumps), cost, (node, "stop", fixed[2], None))
            if steps == 0:
                continue
            unroped = sq in pits and mover.unroped_pit(sq, delta)
            step_cost = cost + 1
            around = near.get(sq)
            if around is None:
                around = near[sq] = tuple((nxt, passage, nxt in plain) for nxt, passage in neighbours[sq])
            for nxt, passage, easy in around:
                if passage and not mover.is_open(sq, passage, nxt, delta):
                    continue
                if easy and nxt not in changed:
                    # The common case: a floor square with nothing on it (fast path, same rules).
                    moved: Node = (nxt, steps - 1, carried, delta, jumps)
                    old = dist.get(moved)
                    if old is None or old > step_cost:
                        dist[moved] = step_cost
                        parents[moved] = (node, "step", (), None)
                        counter += 1
                        heappush(heap, (step_cost, counter, moved))
                    continue
                if terrain[nxt] is exit_line:
                    if mover.may_exit(nxt):
                        push((nxt, EXITED, carried, delta, jumps), step_cost, (node, "exit", (), None))
                    continue
                if not mover.may_enter(unroped, nxt, carried, delta):
                    continue
                if not delta and nxt not in item_squares and nxt not in special:
                    push((nxt, steps - 1, carried, delta, jumps), step_cost, (node, "step", (), None))
                    continue
                for new_carried, new_delta, events in policy.options(
                        mover, nxt, carried, delta, sq, partial(single.trail, parents, node)):
                    evs = tuple((nxt, kind, item) for kind, item in events)
                    link = (node, "step", evs, None)
                    push((nxt, steps - 1, new_carried, new_delta, jumps), step_cost, link)

    as_state: dict[Node, State] = {}
    touched: set[Square] = set()  # squares whose best cost or finals changed since the last fill

    def fill(reach: Reach, nodes: list[Node], squares: Iterable[Square]) -> Reach:
        """Add the rest states among ``nodes`` to ``reach``, and the best costs of ``squares``."""
        for n in nodes:
            if n[1] == REST or n[1] == EXITED:
                state = as_state.get(n) or as_state.setdefault(n, to_state(n))
                reach.cost[state] = divmod(dist[n], W)
                reach._nodes[state] = n
        for sq in squares:
            reach.best[sq] = divmod(best[sq], W)
            reach.finals[sq] = [as_state[n] for n in finals[sq]]
        touched.clear()
        reach.settled = len(order)
        return reach

    far: Reach | None = None
    shown = 0  # how many of ``order`` the far reach holds

    def go_on(up_to: int | None) -> Reach:
        """The same search, continued past its bound up to ``up_to`` AP (however far when None,
        AMB-TRUE-COST): nodes beyond the bound are told apart as the Player's are (one way per
        square, item carried and what lies there), for a cost; the part within the bound is
        untouched (it settled first), and so is what an earlier call settled."""
        nonlocal max_cost, exact_items, keep_ties, far, shown
        if far is None:
            far = Reach(to_state(start_rest), settled_to=bound, _parents=parents)
            fill(far, order, list(finals))
            shown = len(order)
            max_cost, exact_items, keep_ties = None, False, False
            for node, cost, link in deferred:
                push(node, cost, link)
            deferred.clear()
        if far.settled_to is None or (up_to is not None and up_to <= far.settled_to):
            return far
        with _no_cycle_collection():
            settle(None if up_to is None else (up_to + 1) * W)
            fill(far, order[shown:], list(touched))
        shown = len(order)
        far.settled_to = up_to if heap else None
        return far

    settle()
    if exact_ap is not None:
        return go_on(None)  # AMB-EXACT-HORIZON: an unbounded NPC search, kept exact up to its horizon
    reach = fill(Reach(to_state(start_rest), settled_to=means.max_ap, _parents=parents), order, list(finals))
    if max_cost is not None:
        reach._more = go_on
    return reach


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cycle collector kept off during a search: it makes no cycles, only many tuples to walk."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
