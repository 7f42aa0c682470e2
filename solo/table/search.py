"""Cheapest ways for one character to end an action on each square (S-PROX-1/2, movement-model.md).

A Dijkstra search over *rest states* (square, carried item, board changes, jumps used), ordered by
(AP, squares). Each move action is a bounded breadth-first walk of up to the class's movement value,
through squares that need not be valid stops, ending on one that is. Jumps, Key use and paid
abilities are single actions. States that tie on (AP, squares) but differ in outcome (final square,
item carried, board after) are all kept: S-PROX-3 rolls between them.

networkx is not used for this search: its algorithms need the whole state graph built first and
scalar weights, and the state graph here is implicit (it grows with items carried and portcullises
opened along the way). Building it per query costs more than the whole search.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from functools import partial

from solo.table.board import Passage, Terrain
from solo.table.carrying import OptionalPickups, PickupPolicy
from solo.table.movement import EMPTY, Change, Delta, Means, Mover
from solo.table.position import Character, Position
from solo.table.squares import Square, edge
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


def _openings(delta: Delta, sq: Square) -> Delta:
    """The portcullises on the sides of ``sq`` that a delta opened or broke."""
    if not delta:
        return delta
    return frozenset(c for c in delta if len(c) == 2 and sq in c[1])


def _jumps(mover: Mover, policy: PickupPolicy, state: State, means: Means) -> Iterator[tuple[State, Action]]:
    """B-JUMP-2..8 / S-ACT-7: over one adjacent pit onto a valid square next to it."""
    if means.jumps is not None and state.jumps >= means.jumps:
        return
    used = state.jumps + 1 if means.jumps is not None else 0  # unlimited jumps are not counted
    a = state.square
    for pit, passage, landing, passage2 in mover.jump_candidates(a):
        if not mover.is_open(a, passage, pit, state.delta) or not mover.pit_jumpable(pit, state.delta):
            continue
        if not mover.is_open(pit, passage2, landing, state.delta):
            continue
        path = (a, pit, landing)
        if mover.may_exit(landing):  # AMB-B-JUMPEXIT
            yield (State(landing, state.carried, state.delta, used, True),
                   Action("jump", path, means.jump_cost, 2))
            continue
        if mover.geometry.terrain[landing] is mover.exit_line:
            continue
        for carried, delta, events in policy.options(mover, landing, state.carried, state.delta, a):
            if mover.valid_stop(landing, carried, delta):
                evs = tuple((landing, k, i) for k, i in events)
                carried, delta, took = policy.settle(mover, landing, carried, delta)
                yield (State(landing, carried, delta, used),
                       Action("jump", path, means.jump_cost, 2, evs + took))


def _trail(parents: dict[Node, Link | None], node: Node) -> Iterator[Square]:
    """The squares of the way to ``node``, from ``node``'s own square back to the start (S-OBJ-2's
    "last valid square" is looked for along them, AMB-SWAP-DROP)."""
    link: Link | None = (node, "", (), None)
    while link is not None:
        yield link[0][0]
        link = parents.get(link[0])


def _portcullis_actions(mover: Mover, state: State, means: Means) -> Iterator[tuple[State, Action]]:
    for kind, other in mover.portcullis_actions(state.square, state.carried, means):
        e = edge(state.square, other)
        change: Change = ("break", e) if kind == "break" else ("open", e)
        if ("open", e) in state.delta or ("break", e) in state.delta:
            continue
        yield (State(state.square, state.carried, state.delta | {change}, state.jumps),
               Action(kind, (state.square, other), 1, 0))


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
    max_cost = (means.max_ap + 1) * W if means.max_ap is not None else None
    carried0 = character.carried_item()

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
    settled: dict[Node, None] = {}
    """Settled nodes, in the order Dijkstra settled them: a dict, so that every later reading of the
    search is in one order whatever Python's hash seed (a seeded game must replay identically)."""
    # AMB-SEARCH-PRUNE: nodes that differ only in the board changes made on the way (items moved,
    # portcullises opened) compete: a costlier one is dropped, equal ones are all kept (S-PROX-3).
    # A node's identity: square, item in hand, jumps used, what lies on its square (which decides
    # whether it may stop there) and which portcullises on its sides it opened (which decide where
    # it may step next); changes made further away are compared by cost only (AMB-SEARCH-PRUNE).
    first_rest: dict[tuple[Square, int, str | None, int, tuple[str, ...] | Delta, Delta], int] = {}
    moving_best: dict[tuple[Square, str | None, int, tuple[str, ...] | Delta, Delta],
                      tuple[int, int, dict[Delta, int]]] = {}
    exact_items = getattr(policy, "exact_items", False)
    stop_fix = getattr(policy, "stop_fix", None)
    keep_ties = getattr(policy, "keep_ties", True)

    item_changes: dict[Delta, Delta] = {}
    openings: dict[tuple[Delta, Square], Delta] = {}

    def identity_of(sq: Square, delta: Delta) -> tuple[tuple[str, ...] | Delta, Delta]:
        """The board changes that tell two nodes on ``sq`` apart (AMB-SEARCH-PRUNE)."""
        if not delta:
            return mover.items.get(sq, ()), delta
        opened = openings.get((delta, sq))
        if opened is None:
            opened = openings[(delta, sq)] = _openings(delta, sq)
        if exact_items:
            items = item_changes.get(delta)
            if items is None:
                items = item_changes[delta] = frozenset(c for c in delta if len(c) == 3)
            return items, opened
        return mover.items_at(sq, delta), opened

    best: dict[Square, int] = {}
    finals: dict[Square, list[Node]] = {}

    def push(node: Node, cost: int, link: Link) -> None:
        nonlocal counter
        if max_cost is not None and cost >= max_cost:
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
            for new, action in _jumps(mover, policy, State(sq, carried, opened, jumps), means):
                if action.path[1] == other:
                    parents.setdefault(rest_after, (node, kind, (), other))
                    landed: Node = (new.square, EXITED if new.exited else REST, new.carried, new.delta,
                                     new.jumps)
                    push(landed, cost + W + action.ap * W + action.squares,
                         (rest_after, "jump", action.events, other))
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
                        mover, other, start_carried, start_delta, sq, partial(_trail, parents, node)):
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
    portcullis_squares = {sq for sq, near in neighbours.items()
                          if any(p is Passage.PORTCULLIS for _, p in near)}
    heappush, heappop = heapq.heappush, heapq.heappop
    while heap:
        cost, _, node = heappop(heap)
        if dist[node] != cost or node in settled:
            continue
        settled[node] = None
        sq, steps, carried, delta, jumps = node
        if steps < 0:  # at rest, or exited
            rest_key = (sq, steps, carried, jumps, *identity_of(sq, delta))
            first = first_rest.get(rest_key)
            if first is None:
                first_rest[rest_key] = cost
            elif first < cost or not keep_ties:
                continue
            if sq != start_rest[0] or steps == EXITED:
                known = best.get(sq)
                if known is None or cost < known:
                    best[sq] = cost
                    finals[sq] = [node]
                elif cost == known:
                    finals[sq].append(node)
            if steps == EXITED:
                continue
            if movement:
                for start_carried, start_delta, events in policy.start_options(mover, sq, carried, delta):
                    evs = tuple((sq, kind, item) for kind, item in events)
                    moving = (sq, movement, start_carried, start_delta, jumps)
                    push(moving, cost + W, (node, "start", evs, None))
            if not mover.jump_candidates(sq) and sq not in portcullis_squares:
                continue  # nothing to jump over, no portcullis to open: only moves start here
            state = State(sq, carried, delta, jumps)
            for new, action in _jumps(mover, policy, state, means):
                landed: Node = (new.square, EXITED if new.exited else REST, new.carried, new.delta,
                                 new.jumps)
                push(landed, cost + action.ap * W + action.squares,
                     (node, "jump", action.events, action.path[1]))
            for new, action in _portcullis_actions(mover, state, means):
                cross(node, new.delta, action.kind, action.path[1], cost)
            continue
        # Pops come in cost order: a node is dominated when one popped at a lower cost, or at the
        # same cost with the same changes, had at least as many steps left.
        identity = (sq, carried, jumps, *identity_of(sq, delta))
        record = moving_best.get(identity)
        if record is None:
            moving_best[identity] = (cost, -1, {delta: steps})
        else:
            at_cost, lower, same = record
            if cost > at_cost:
                lower = max(lower, max(same.values(), default=-1))
                same = {}
                moving_best[identity] = (cost, lower, same)
            if lower >= steps or same.get(delta, -1) >= steps:
                continue
            if not keep_ties and max(same.values(), default=-1) >= steps:
                continue  # the Player's shading needs one way per square, not every tie
            same[delta] = steps
        if mover.valid_stop(sq, carried, delta):
            rest_carried, rest_delta, took = policy.settle(mover, sq, carried, delta)
            push((sq, REST, rest_carried, rest_delta, jumps), cost, (node, "stop", took, None))
        elif stop_fix is not None and (delta or carried is not None):
            link = parents.get(node)
            fixed = stop_fix(mover, sq, carried, delta, link[0][0]) if link is not None else None
            if fixed is not None:
                push((sq, REST, fixed[0], fixed[1], jumps), cost, (node, "stop", fixed[2], None))
        if steps == 0:
            continue
        unroped = terrain[sq] is Terrain.PIT and mover.unroped_pit(sq, delta)
        changed = mover.changed_squares(delta) if delta else NO_CHANGES
        step_cost = cost + 1
        for nxt, passage in neighbours[sq]:
            if passage and not mover.is_open(sq, passage, nxt, delta):
                continue
            if nxt in plain and nxt not in changed:
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
                    mover, nxt, carried, delta, sq, partial(_trail, parents, node)):
                evs = tuple((nxt, kind, item) for kind, item in events)
                push((nxt, steps - 1, new_carried, new_delta, jumps), step_cost, (node, "step", evs, None))

    reach = Reach(to_state(start_rest), _parents=parents)
    for n in settled:
        if n[1] == REST or n[1] == EXITED:
            state = to_state(n)
            reach.cost[state] = divmod(dist[n], W)
            reach._nodes[state] = n
    for sq, nodes in finals.items():
        reach.best[sq] = divmod(best[sq], W)
        reach.finals[sq] = [to_state(n) for n in nodes]
    return reach


def player_means(jump_cards: int = 3, paid_abilities: bool = True) -> Means:
    """The Player's figures: a Jump card per jump, abilities at will (the app's shading)."""
    return Means(jumps=jump_cards, paid_abilities=paid_abilities)


def npc_means(paid_abilities: bool = False, max_ap: int | None = None) -> Means:
    """An NPC outside its ability's own objective: free jumps, Key, no paid abilities (S-ACT-2/3)."""
    return Means(jumps=None, paid_abilities=paid_abilities, max_ap=max_ap)
