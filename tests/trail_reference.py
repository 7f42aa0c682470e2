"""REFERENCE ONLY (tests): the exhaustive search with the way behind each node in its identity.

``reference_search`` keeps one way per node, as the engine does: an NPC's drop on the last valid
square (AMB-DROP-BACK) then reads only the trail of the way kept. Here a node also holds the squares
of its way, most recent first (each once: all that S-OBJ-2's "last valid square" reads), so two ways
with different trails are never merged: the drop-back is modelled along every trail. Exponential in
the way's length: for boards of a few squares within 2 or 3 AP.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

import reference_search

from solo.table.carrying import PickupPolicy
from solo.table.movement import EMPTY, Means, Mover
from solo.table.position import Position
from solo.table.single_actions import portcullis_actions
from solo.table.squares import Square
from solo.table.ways import EXITED, REST, Node, State, W, to_state

Key = tuple[Node, tuple[Square, ...]]


@dataclass
class TrailReach:
    """Per square: the cheapest (AP, squares) and every rest state reached at that cost."""

    best: dict[Square, tuple[int, int]] = field(default_factory=dict)
    finals: dict[Square, set[State]] = field(default_factory=dict)
    drop_backs: int = 0
    """How many stops needed a drop on the last valid square (the test checks it is exercised)."""


def _ahead(trail: tuple[Square, ...], sq: Square) -> tuple[Square, ...]:
    return (sq, *(s for s in trail if s != sq))


def cheapest_paths(position: Position, character: str, means: Means, policy: PickupPolicy,
                   seconds: float | None = None) -> TrailReach:
    """Every square ``character`` can end an action on within ``means.max_ap``, every trail apart
    (``seconds``: TimeoutError past so much CPU time, the search being exponential)."""
    deadline = None if seconds is None else time.process_time() + seconds
    figure = position.character(character)
    assert figure.at is not None and means.max_ap is not None
    mover = Mover(position, figure)
    stop_fix = getattr(policy, "stop_fix", None)
    movement, neighbours, terrain = mover.movement, mover.geometry.neighbours, mover.geometry.terrain
    max_cost = (means.max_ap + 1) * W
    start: Key = ((figure.at, REST, figure.carried_item(), EMPTY, 0), (figure.at,))
    dist: dict[Key, int] = {start: 0}
    heap: list[tuple[int, int, Key]] = [(0, 0, start)]
    counter = 0
    settled: set[Key] = set()
    most_steps: dict[tuple[object, ...], int] = {}
    reach = TrailReach()

    def push(key: Key, cost: int) -> None:
        nonlocal counter
        if cost < max_cost and dist.get(key, max_cost) > cost:
            dist[key] = cost
            counter += 1
            heapq.heappush(heap, (cost, counter, key))

    while heap:
        cost, _, key = heapq.heappop(heap)
        if key in settled or dist[key] != cost:
            continue
        settled.add(key)
        if deadline is not None and len(settled) % 512 == 0 and time.process_time() > deadline:
            raise TimeoutError(f"the every-trail search ran past {seconds} s")
        node, trail = key
        sq, steps, carried, delta, jumps = node

        def behind(trail: tuple[Square, ...] = trail) -> tuple[Square, ...]:
            return trail

        if steps < 0:
            if sq != figure.at or steps == EXITED:
                found = reach.best.get(sq)
                if found is None or divmod(cost, W) < found:
                    reach.best[sq], reach.finals[sq] = divmod(cost, W), {to_state(node)}
                elif divmod(cost, W) == found:
                    reach.finals[sq].add(to_state(node))
            if steps == EXITED:
                continue
            if movement:
                push(((sq, movement, carried, delta, jumps), trail), cost + W)
            state = State(sq, carried, delta, jumps)
            for new, action in reference_search._jumps(mover, policy, state, means, behind):
                landed = (new.square, EXITED if new.exited else REST, new.carried, new.delta, new.jumps)
                push((landed, _ahead(trail, new.square)), cost + action.ap * W + action.squares)
            for new, _ in portcullis_actions(mover, state, means):
                push(((sq, REST, carried, new.delta, jumps), trail), cost + W)
            continue
        if most_steps.get((sq, carried, delta, jumps, trail), -1) >= steps:
            continue
        most_steps[(sq, carried, delta, jumps, trail)] = steps
        if mover.valid_stop(sq, carried, delta):
            push(((sq, REST, carried, delta, jumps), trail), cost)
        elif stop_fix is not None and (delta or carried is not None) and len(trail) > 1:
            prev = sq if steps == movement else trail[1]  # a move just started has no square behind
            fixed = stop_fix(mover, sq, carried, delta, prev, behind)
            if fixed is not None:
                reach.drop_backs += 1
                push(((sq, REST, fixed[0], fixed[1], jumps), trail), cost)
        if steps == 0:
            continue
        unroped = mover.unroped_pit(sq, delta)
        for nxt, passage in neighbours.get(sq, ()):
            if passage and not mover.is_open(sq, passage, nxt, delta):
                continue
            if terrain[nxt] is mover.exit_line:
                if mover.may_exit(nxt):
                    push(((nxt, EXITED, carried, delta, jumps), _ahead(trail, nxt)), cost + 1)
                continue
            if mover.may_enter(unroped, nxt, carried, delta):
                for new_carried, new_delta, _ in policy.options(mover, nxt, carried, delta, sq, behind):
                    push(((nxt, steps - 1, new_carried, new_delta, jumps), _ahead(trail, nxt)), cost + 1)
    return reach
