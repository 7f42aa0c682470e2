"""REFERENCE ONLY (tests): the exhaustive search the engine's pruned one is checked against.

Every board change made on the way is part of a node's identity and the open action stands
alone, so nothing is pruned: exponential, usable only with a small ``max_ap``. It still keeps one
way per node, as the engine does, so an NPC's drop on the last valid square reads only that way's
trail: ``trail_reference`` keeps every trail apart (AMB-DROP-BACK-TRAIL).

Cheapest ways for one character to end an action on each square (S-PROX-1/2, movement-model.md).

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

from solo.table.board import Passage
from solo.table.carrying import OptionalPickups, PickupPolicy, Trail, stop_options
from solo.table.movement import EMPTY, Delta, Means, Mover
from solo.table.position import Character, Position
from solo.table.single_actions import portcullis_actions as _portcullis_actions
from solo.table.squares import Square
from solo.table.ways import EXITED, ORIGIN, REST, Action, Link, Node, Reach, State, W, to_state


def _jumps(mover: Mover, policy: PickupPolicy, state: State, means: Means,
           trail: Trail | None = None) -> Iterator[tuple[State, Action]]:
    """B-JUMP-2..8 / S-ACT-7: over one adjacent pit onto a valid square next to it (an NPC leaving an
    object on the last valid square of ``trail`` to land there, AMB-JUMP-LAND, AMB-DROP-BACK)."""
    if means.jumps is not None and state.jumps >= means.jumps:
        return
    neighbours = mover.geometry.neighbours
    a = state.square
    for pit, passage in neighbours.get(a, ()):
        if not mover.is_open(a, passage if passage is not Passage.SLIT else Passage.WALL, pit, state.delta):
            continue
        if not mover.pit_jumpable(pit, state.delta):
            continue
        for landing, passage2 in neighbours.get(pit, ()):
            if landing == a or passage2 is Passage.SLIT:
                continue
            if not mover.is_open(pit, passage2, landing, state.delta):
                continue
            path = (a, pit, landing)
            if mover.may_exit(landing):  # AMB-B-JUMPEXIT
                yield (State(landing, state.carried, state.delta, state.jumps + 1, True),
                       Action("jump", path, means.jump_cost, 2))
                continue
            if mover.geometry.terrain[landing] is mover.exit_line:
                continue
            stops = stop_options(policy, mover, landing, state.carried, state.delta, a, trail)
            for carried, delta, evs in stops:
                yield (State(landing, carried, delta, state.jumps + 1),
                       Action("jump", path, means.jump_cost, 2, evs))


def _behind(parents: dict[Node, Link | None], node: Node) -> list[Square]:
    """The squares of the way to ``node``, its own first, back to the start (AMB-SWAP-DROP)."""
    squares = []
    link: Link | None = (node, "", (), None)
    while link is not None:
        squares.append(link[0][0])
        link = parents.get(link[0])
    return squares


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
    stop_fix = getattr(policy, "stop_fix", None)
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
    counter = 2
    settled: set[Node] = set()
    most_steps: dict[tuple[Square, str | None, Delta, int], int] = {}
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

    while heap:
        cost, _, node = heapq.heappop(heap)
        if node in settled or dist[node] != cost:
            continue
        settled.add(node)
        sq, steps, carried, delta, jumps = node
        if steps < 0:  # at rest, or exited
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
            state = State(sq, carried, delta, jumps)
            for new, action in _jumps(mover, policy, state, means, partial(_behind, parents, node)):
                landed: Node = (new.square, EXITED if new.exited else REST, new.carried, new.delta,
                                 new.jumps)
                push(landed, cost + action.ap * W + action.squares,
                     (node, "jump", action.events, action.path[1]))
            for new, action in _portcullis_actions(mover, state, means):
                push((sq, REST, carried, new.delta, jumps), cost + W,
                     (node, action.kind, (), action.path[1]))
            continue
        key = (sq, carried, delta, jumps)
        if most_steps.get(key, -1) >= steps:
            continue  # reached no later with at least as many steps left: dominated
        most_steps[key] = steps
        if mover.valid_stop(sq, carried, delta):
            push((sq, REST, carried, delta, jumps), cost, (node, "stop", (), None))
        elif stop_fix is not None and (delta or carried is not None) and parents.get(node) is not None:
            # S-OBJ-2/S-TAKE-5/S-OBJ-3: an NPC leaves an object on the last valid square of its way to
            # stop here (AMB-DROP-BACK).
            fixed = stop_fix(mover, sq, carried, delta, parents[node][0][0], partial(_behind, parents, node))
            if fixed is not None:
                push((sq, REST, fixed[0], fixed[1], jumps), cost, (node, "stop", fixed[2], None))
        if steps == 0:
            continue
        unroped = mover.unroped_pit(sq, delta)
        for nxt, passage in neighbours.get(sq, ()):
            if passage and not mover.is_open(sq, passage, nxt, delta):
                continue
            if terrain[nxt] is exit_line:
                if mover.may_exit(nxt):
                    push((nxt, EXITED, carried, delta, jumps), cost + 1, (node, "exit", (), None))
                continue
            if not mover.may_enter(unroped, nxt, carried, delta):
                continue
            if not delta and nxt not in item_squares:
                push((nxt, steps - 1, carried, delta, jumps), cost + 1, (node, "step", (), None))
                continue
            for new_carried, new_delta, events in policy.options(mover, nxt, carried, delta, sq,
                                                                 partial(_behind, parents, node)):
                evs = tuple((nxt, kind, item) for kind, item in events)
                push((nxt, steps - 1, new_carried, new_delta, jumps), cost + 1, (node, "step", evs, None))

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
