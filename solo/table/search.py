"""Cheapest ways for one character to end an action on each square (S-PROX-1/2, movement-model.md).

A Dijkstra search over *rest states* (square, carried item, board changes, jumps used), ordered by (AP,
squares). Each move action is a bounded breadth-first walk of up to the class's movement value, through
squares that need not be valid stops, ending on one that is. Jumps, Key use and paid abilities are single
actions. States that tie on (AP, squares) but differ in outcome (final square, item carried, board after)
are all kept: S-PROX-3 rolls between them.

networkx is not used: its algorithms need the whole state graph built first, and this one is implicit (it
grows with items carried and portcullises opened): building it costs more than the search.

Dominance (AMB-SEARCH-PRUNE): a node is dropped, or not even pushed, for a node of its identity that
dominates it; the rule and its proof are in ``solo.table.marks`` (``Kept``, whose common cases the loop
inlines). An NPC's move started where its last one stopped with a step left, among plain squares, is not
expanded: a dead start (``solo.table.dead_starts``); only the costs its steps would note are. The trail
(AMB-DROP-BACK-TRAIL): with ``PriorityPickups.exact_trails`` a node also holds what a later drop on the last
valid square can read of its way (``solo.table.trails``); when no start holds one, no node does
(``Trails.mark``) and the plain ``Kept`` serves (``solo.table.trail_phases``); a rest node with none is kept
aside at the bound's last AP (``deferred``). The automaton keeps the first way.

Beyond a bound. Pushes past ``max_ap`` are kept aside; :meth:`Reach.beyond` replays them and settles on,
with the Player's identity for every node beyond the bound, an NPC's marked when the item it holds was taken
on the way (S-OBJ-3 drops back only one brought) (AMB-TRUE-COST): the part within the bound settled first
and is not touched, everything found beyond is a real way (its cost is never below the exhaustive search's),
and the search ends (finitely many squares, items and steps). ``beyond(k)`` settles only the nodes cheaper
than ``k + 1`` AP and keeps the queue for a later call: Dijkstra pops in cost order and every push costs at
least its parent, so what is settled below a cost is the same whether the search stops there or goes on
(AMB-TRUE-COST-STOP). For the same reason a ``lazy`` search settles within its bound only as far as it is
read (AMB-SEARCH-EARLY, ``solo.table.growing``).
"""

from __future__ import annotations

import heapq
from itertools import islice
from typing import Any

from solo.collector import no_cycle_collection
from solo.errors import MessageError
from solo.messages import msg
from solo.table import naming
from solo.table.carrying import OptionalPickups, PickupPolicy, exact_horizon
from solo.table.dead_starts import GHOST, DeadStarts
from solo.table.growing import Growing, Search
from solo.table.marks import OWN, POPPED, QUEUED, TAKEN, Kept, Marked, Marks
from solo.table.movement import EMPTY, Means, Mover, npc_means, player_means
from solo.table.passages import STILL, Passages
from solo.table.position import Character, Position
from solo.table.squares import Square, square_name
from solo.table.trails import Trails
from solo.table.ways import (
    EXITED,
    NO_CHANGES,
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
    fill_reach,
    to_state,
)

__all__ = ["Action", "Cost", "Reach", "State", "Way", "cheapest_paths", "npc_means", "player_means"]


def cheapest_paths(
    position: Position,
    character: Character | str,
    means: Means | None = None,
    policy: PickupPolicy | None = None,
    steps_in_progress: int = 0,
    lazy: bool = False,
) -> Reach:
    """Search every square ``character`` can end an action on, cheapest (AP, squares) first.

    ``steps_in_progress`` continues a move action already paid for (movement-model.md,
    "Mid-action changes of objective"). Paid abilities and jumps follow ``means``; without a
    policy the Player's optional pick-ups apply. ``lazy``: a :class:`Growing` reach, settled only as
    far as its readers ask (AMB-SEARCH-EARLY).
    """
    with no_cycle_collection(promote=True):
        return _search(position, character, means, policy, steps_in_progress, lazy)


def _search(
    position: Position,
    character: Character | str,
    means: Means | None,
    policy: PickupPolicy | None,
    steps_in_progress: int,
    lazy: bool = False,
) -> Reach:
    if isinstance(character, str):
        character = position.character(character)
    means = means or Means()
    policy = policy or OptionalPickups()
    mover = Mover(position, character)  # a figure not on the board: the same message
    if character.wounded:
        raise MessageError(msg("{figure} on {square} is wounded: wounded characters never move (B-WND-1)",
                               figure=naming.figure(position, character.id), square=square_name(mover.start)))
    movement, terrain = mover.movement, mover.geometry.terrain
    item_squares, exit_line = mover.items, mover.exit_line
    exact_ap = exact_horizon(policy, means)
    bound = means.max_ap if exact_ap is None else exact_ap
    max_cost = (bound + 1) * W if bound is not None else None
    carried0 = character.carried_item()

    parents: dict[Node, Link | None] = {}
    trails = Trails(mover, policy, means, bound, carried0, parents)
    summary, mark = trails.summary, trails.mark  # AMB-DROP-BACK-TRAIL: a node's trail summary
    start_rest: Node = (mover.start, REST, carried0, EMPTY, 0,
                        summary(mover.start, REST, carried0, EMPTY, 0, ()))
    parents[start_rest] = None
    dist: dict[Node, int] = {start_rest: 0}
    # The queue, by (cost, push order): a bucket per cost, of (node, record, square stepped from: marks)
    # entries (the record a moving node's identity's, Kept.doomed; at rest the move it stopped, or None:
    # solo.table.dead_starts), and a heap of the costs not opened yet (GHOST, then its entry: a start that
    # may be dead). Pops never go down in cost (every push costs at least its parent): one heap operation
    # per cost, not per node.
    queue: dict[int, list[tuple[Any, Any, Square | None]]] = {0: [(start_rest, None, None)]}
    costs: list[int] = []
    at, current, pos = 0, queue[0], 0  # the bucket being popped, and how far
    heappush, heappop = heapq.heappush, heapq.heappop
    if steps_in_progress > 0:
        origin: Node = (mover.start, ORIGIN, carried0, EMPTY, 0, None)
        moving: Node = (mover.start, steps_in_progress, carried0, EMPTY, 0,
                        summary(mover.start, steps_in_progress, carried0, EMPTY, 0, ()))
        parents[origin], parents[moving], dist[moving] = None, (origin, "start", (), None), 0
        current.append((moving, None, None))
        if not mover.valid_stop(mover.start, carried0, EMPTY):
            del current[0]  # mid-move on a square it may not stop on (crossing a friend): it must move on
    order: list[Node] = []
    """Settled nodes, in the order Dijkstra settled them: every later reading of the search is in one order
    whatever Python's hash seed (a seeded game must replay identically); :meth:`Reach.beyond` reads it too."""
    # AMB-SEARCH-PRUNE (module docstring): a node's identity, at rest and moving.
    exact_items = getattr(policy, "exact_items", False)
    stop_fix = getattr(policy, "stop_fix", None)
    keep_ties = getattr(policy, "keep_ties", True)
    # AMB-DROP-BACK-TRAIL: no summary unless a start has one; then the plain Kept serves (fill_reach too).
    trailed = trails.on and any(node[5] is not None for node in parents)
    kept = Kept(keep_ties, trailed)
    kept_at_rest, kept_moving, doomed = kept.at_rest, kept.moving, kept.doomed
    first_rest = kept.first_rest.setdefault if keep_ties and not trailed else None  # Kept.at_rest's, inlined
    # Kept._moving's and Kept.doomed's common cases inlined too, while no node has a trail and they are the
    # class's own (tests and the benchmark's inherent states replace them); marks' step back with them.
    inline = not trailed and (type(kept).doomed, type(kept).moving) == OWN
    records, records_get = kept.moving_best, kept.moving_best.get
    marks = Marks(mover, means, bound, exact_items)
    identity, facts, facts_of, opened_on = marks.identity, marks.facts, marks.facts_of, marks.opened_on
    readable, taken, taken_apart = marks.readable, marks.taken, False  # taken apart: Marks.taken_apart
    player_ties = not exact_items and not keep_ties and max_cost is not None

    best: dict[Square, int] = {}  # a square's cheapest cost, and the nodes ending there at that cost
    finals: dict[Square, list[Node]] = {}

    deferred: list[tuple[Node, int, Link | None]] = []
    """Pushes beyond the bound, kept to continue the search however far (:meth:`Reach.beyond`); a rest node
    whose every move and jump lies beyond the bound is kept as (node, cost, None), expanded only then, in
    its place (the same pushes, in the same order: what it reads is settled)."""
    last_level = 1 << 62
    if max_cost is not None and exact_ap is None and getattr(policy, "read", None) is None:
        last_level = max_cost - min(W, means.jump_cost * W + 2)  # the cheapest move or jump

    def push(node: Node, cost: int, link: Link, key: tuple[object, ...] | None = None) -> None:
        """Queue ``node`` at ``cost`` (``key``: its identity when the caller has it)."""
        if max_cost is not None and cost >= max_cost:
            deferred.append((node, cost, link))
            return
        old = dist.get(node)
        if old is not None and old <= cost:
            return
        if node[1] >= 0:  # moving: never a node its identity's bookkeeping will drop (Kept.doomed)
            held = doomed(key or identity(node), cost, node[1], node[3])  # its record, or POPPED or QUEUED
            if held is QUEUED:
                dist[node] = cost  # as if pushed, popped and dropped (Kept.doomed)
            if held is QUEUED or held is POPPED:
                return
            key = held  # type: ignore[assignment]
        dist[node] = cost
        parents[node] = link
        (queue.get(cost) or queued_at(cost)).append((node, key, None))

    def queued_at(cost: int) -> list[tuple[Any, Any, Square | None]]:
        """The bucket of ``cost``, a new one queued if there is none."""
        bucket = queue.get(cost)
        if bucket is None:
            queue[cost] = bucket = []
            heappush(costs, cost)
        return bucket

    def pending() -> int | None:
        """The cost of the next node to pop (settled or not), None when the queue is empty."""
        return at if pos < len(current) else costs[0] if costs else None

    special: frozenset[Square] = getattr(policy, "special_squares", frozenset())  # friends: S-OBJ-4/5
    plain = mover.plain_squares() - special if special else mover.plain_squares()
    quiet = mover.geometry.squares_but().difference(item_squares, special)
    passages = Passages(mover, policy, means, plain, quiet, parents)  # read once per square, lazily
    entries, enter, fix = passages.entries, passages.enter, passages.fix
    expand, leap, stops, stops_with = passages.expand, passages.leap, passages.stops, passages.stops_with
    steps_from, steps_at = passages.steps, passages.steps_at
    pits, actions, actions_at = mover.static.pits, mover.static.actions, mover.static.actions_at
    blocked, levitates, roped, enemies = mover.blocked, mover.levitates, mover.rope_lies, mover.enemies
    settles_plain, starts_plain = passages.settles_plain, passages.starts_plain
    items_get = mover.items.get
    dead_ones = DeadStarts(passages, marks, kept, dist)  # AMB-SEARCH-PRUNE, for an NPC's moves
    ghost, replay, dead_ends = GHOST, dead_ones.replay, dead_ones.ends  # ends: None where none may be dead
    cap = max_cost if max_cost is not None else 1 << 62  # pushes at or above it are kept aside
    bury_below = dead_ones.below(max_cost)  # the costs a dead start is queued below

    def settle(limit: int | None = None) -> None:
        """Settle every queued node cheaper than ``limit`` (all when None), cheapest first.

        A node is popped once at most: it is pushed again only at a lower cost, and Dijkstra never
        pushes below a settled cost (every push costs at least its parent)."""
        nonlocal at, current, pos
        below = limit if limit is not None else 1 << 62
        cost, bucket = at, current
        if cost >= below:  # one bucket holds one cost: ``limit`` is checked as one is opened
            return
        queued = islice(bucket, pos, None) if pos else iter(bucket)
        while True:
            for node, key, came in queued:  # those queued at this cost meanwhile too
                if dist[node] != cost:
                    if node is not ghost or replay(key, cost):  # a dead start's turn (solo.table.dead_starts)
                        continue
                    node, key = key[1], key[0]  # a start that may not be dead: popped as it is
                order.append(node)
                sq, steps, carried, delta, jumps, tr = node
                if delta:
                    changed, edges, items = facts.get(delta) or facts_of(delta)
                    # The Player within the bound: ties are told apart by the item changes it may read.
                    fine = readable(items, sq, steps, cost // W) if player_ties and items else EMPTY
                    plain_marked: Marked = items if exact_items else ()  # what a fast step's identity holds
                    if held_taken := taken_apart and carried is not None and taken[(carried, delta)]:
                        plain_marked = (TAKEN,)
                else:
                    changed, edges, fine, plain_marked, held_taken = NO_CHANGES, delta, delta, (), False
                if steps < 0:  # at rest, or exited
                    if delta:  # identity(node), with the facts found above
                        marked = items if exact_items else changed.get(sq)
                        if marked is None:
                            marked = items_get(sq, ())
                        if held_taken:
                            marked = (*marked, TAKEN)
                        opened = opened_on(edges, sq) if edges else EMPTY
                    else:
                        marked, opened = items_get(sq, ()), delta
                    here = (steps, sq, carried, jumps, marked, opened, tr)  # Kept.at_rest key; [1:]: identity
                    if first_rest(here, cost) < cost if first_rest else not kept_at_rest(here, cost, fine):
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
                    may_jump, portcullis = actions.get(sq) or actions_at(sq)
                    if cost >= last_level and tr is None:  # every move and jump from here ends beyond the
                        deferred.append((node, cost, None))  # bound: made if the search goes on (none read)
                    elif starts_plain and tr is None:  # expand()'s common case, inlined
                        if movement:  # push() inlined, the moving node's identity this one's
                            start, up = (sq, movement, carried, delta, jumps, None), cost + W
                            old = dist.get(start)
                            if up >= cap:
                                deferred.append((start, up, (node, "start", (), None)))
                            elif old is None or old > up:
                                held: Any = doomed(here[1:], up, movement, delta)
                                if held is not POPPED:
                                    dist[start] = up  # queued, or noted as queued (QUEUED)
                                    if held is not QUEUED:  # a move stopped here with a step left: dead?
                                        parents[start] = (node, "start", (), None)
                                        dead = (key and key[1] and up < bury_below and key[5] is None
                                                and dead_ends[sq] is not None and held)
                                        (queue.get(up) or queued_at(up)).append((ghost, (held, start, changed,
                                            edges, plain_marked), None) if dead else (start, held, None))
                        if may_jump and (means.jumps is None or jumps < means.jumps):
                            leap(node, cost, changed, push, mark)
                    else:
                        expand(node, cost, here[1:], changed, push, mark)
                    if portcullis:
                        passages.open_sides(node, cost, push, mark)
                    continue
                if inline and key is not None and cost > key[0] and key[1] < steps and key[3] < steps:
                    key[1] = key[1] if key[1] >= key[3] else key[3]  # Kept._moving: a cost's first pop, kept
                    key[0], key[2], key[9] = cost, delta, None
                    key[3] = key[8] = steps
                    key[4] = None if kept.keep_ties else {fine: steps}
                elif not kept_moving(key or identity(node), cost, steps, delta, fine):
                    continue
                if sq in changed:
                    may_stop = mover.valid_stop(sq, carried, delta)
                else:
                    row = stops.get(carried) or stops_with(carried)
                    may_stop = row[sq]
                    if may_stop is None:
                        may_stop = row[sq] = mover.stop_with(sq, carried, items_get(sq, ()))
                if may_stop:
                    if settles_plain:
                        rest = (sq, REST, carried, delta, jumps, None if tr is None else mark(
                            sq, REST, carried, delta, cost, node))
                        old = dist.get(rest)
                        if old is None or old > cost:  # push() inlined: never beyond the bound (same cost)
                            dist[rest] = cost
                            parents[rest] = (node, "stop", (), None)
                            bucket.append((rest, node, None))  # this cost's, with the move it stopped
                    else:
                        rest_carried, rest_delta, took = policy.settle(mover, sq, carried, delta)
                        settled = mark(sq, REST, rest_carried, rest_delta, cost, node)
                        push((sq, REST, rest_carried, rest_delta, jumps, settled), cost,
                             (node, "stop", took, None))
                elif stop_fix is not None and (delta or carried is not None):
                    link = parents.get(node)  # AMB-DROP-BACK: the last valid square
                    fixed = fix(sq, carried, delta, link[0][0], node) if link is not None else None
                    if fixed is not None:
                        dropped = None if tr is None else mark(sq, REST, fixed[0], fixed[1], cost, node)
                        push((sq, REST, fixed[0], fixed[1], jumps, dropped), cost,
                             (node, "stop", fixed[2], None))
                if steps == 0:
                    continue
                step_cost, left, step = cost + 1, steps - 1, (node, "step", (), None)
                for nxt, side, easy in steps_from.get(sq) or steps_at(sq):
                    if side is not None and side[0] not in delta and side[1] not in delta:
                        continue
                    if not easy or nxt in changed:  # not a floor square with nothing on it: the rules in full
                        if terrain[nxt] is exit_line:
                            if nxt not in enemies:  # Mover.may_exit, the terrain read (B-EXIT-7)
                                push((nxt, EXITED, carried, delta, jumps, None), step_cost,
                                     (node, "exit", (), None))
                            continue
                        if nxt in blocked or (nxt in pits and not levitates and not roped(nxt, delta) and (
                                carried != "rope" or (sq in pits and not roped(sq, delta)))):
                            continue  # Mover.may_enter, inlined: a pit it may not cross (B-ROPE-1/10)
                        if nxt not in quiet or nxt in changed:  # the policy may act there (Passages.enter)
                            entering = entries.get((nxt, carried, delta))
                            if entering is None:
                                entering = enter(nxt, carried, delta, sq, node)
                            if entering is not STILL:
                                for new_carried, new_delta, evs in entering:
                                    link = (node, "step", evs, None)
                                    entered = None if tr is None else mark(
                                        nxt, left, new_carried, new_delta, step_cost, node)
                                    push((nxt, left, new_carried, new_delta, jumps, entered), step_cost, link)
                                continue
                            if not exact_items or not delta:  # an identity that reads what lies there (push)
                                push((nxt, left, carried, delta, jumps, None if tr is None else mark(
                                    nxt, left, carried, delta, step_cost, node)), step_cost, step)
                                continue
                        # A quiet square (a pit with nothing on it), or a step that changed nothing (an NPC's,
                        # whose identity holds its item changes, made): as the fast path's, the same identity.
                    elif nxt == came and inline:
                        continue  # back where the move came from: dominated (marks: step back)
                    moved: Node = (nxt, left, carried, delta, jumps, None if tr is None else mark(
                        nxt, left, carried, delta, step_cost, node))
                    old = dist.get(moved)
                    if old is None or old > step_cost:
                        key = (nxt, carried, jumps, plain_marked,
                               opened_on(edges, nxt) if edges else EMPTY, moved[5])
                        held = records_get(key) if inline else doomed(key, step_cost, left, delta)
                        if held is None:  # Kept.doomed inlined: the identity's first node
                            held = records[key] = [-1, -1, None, -1, None, step_cost, left, delta, -1,
                                                   None, key]
                        elif held is POPPED or (inline and (held[1] >= left or (
                                held[3] >= left if step_cost > held[0] else held[8] >= left
                                if held[2] == delta else held[9] and held[9].get(delta, -1) >= left))):
                            continue
                        elif held is QUEUED or (inline and held[6] >= left and (held[5] < step_cost or (
                                held[5] == step_cost and held[7] == delta and kept.keep_ties))):
                            dist[moved] = step_cost  # as if pushed, popped and dropped (Kept.doomed)
                            continue
                        elif inline:
                            held[5], held[6], held[7] = step_cost, left, delta
                        dist[moved] = step_cost
                        parents[moved] = step
                        (queue.get(step_cost) or queued_at(step_cost)).append((moved, held, sq))
            if not costs or costs[0] >= below:  # the next cost's bucket, if it is cheaper than ``limit``
                at, current, pos = cost, bucket, len(bucket)
                return
            del queue[cost]
            next_cost = heappop(costs)
            assert next_cost > cost, "a node pushed below the cost being settled"
            cost, bucket = next_cost, queue[next_cost]
            queued = iter(bucket)

    as_state: dict[Node, State] = {}
    in_far: set[tuple[object, ...]] = set()
    touched: set[Square] = set()  # squares whose best cost or finals changed since the last fill

    def fill(reach: Reach, filled: set[tuple[object, ...]], nodes: list[Node], squares: list[Square],
             fresh: bool = True) -> Reach:
        """Add the rest states among ``nodes`` (``fresh``: none filled before) and the best costs of
        ``squares`` to ``reach``."""
        touched.clear()
        return fill_reach(reach, filled if trailed else None, nodes, squares, dist, best, finals, as_state,
                          len(order), fresh)

    far: Reach | None = None
    shown = 0  # how many of ``order`` the far reach holds

    def go_on(up_to: int | None) -> Reach:
        """The same search, continued past its bound up to ``up_to`` AP (however far when None,
        AMB-TRUE-COST): nodes beyond the bound are told apart as the Player's are (one way per square, item
        carried and what lies there), for a cost; the part within the bound (settled first) is untouched,
        and so is what an earlier call settled."""
        nonlocal max_cost, exact_items, far, shown, player_ties, last_level, taken_apart, cap, bury_below
        nonlocal first_rest
        if far is None:
            far = Reach(to_state(start_rest), settled_to=bound, _parents=parents)
            fill(far, in_far, order, list(finals), False)  # the nodes the bounded reach holds
            shown = len(order)
            max_cost, exact_items, player_ties = None, False, False
            taken_apart = marks.taken_apart = stop_fix is not None  # an NPC's: S-OBJ-3 reads it
            marks.exact_items = False
            trails.on = kept.keep_ties = False  # beyond: no trails, one way per square
            first_rest = None
            last_level, cap, bury_below = 1 << 62, 1 << 62, -1  # no dead start beyond: ties told apart
            for node, cost, link in deferred:
                if link is None:  # a rest node expanded only now (``last_level``)
                    expand(node, cost, None, None, push, mark)
                else:
                    push(node, cost, link)
            deferred.clear()
        if far.settled_to is None or (up_to is not None and up_to <= far.settled_to):
            return far
        with no_cycle_collection(promote=True):
            settle(None if up_to is None else (up_to + 1) * W)
            fill(far, in_far, order[shown:], list(touched))
        shown = len(order)
        far.settled_to = up_to if pending() is not None else None
        return far

    if exact_ap is not None:
        settle()
        return go_on(None)  # AMB-EXACT-HORIZON: an unbounded NPC search, kept exact up to its horizon
    if lazy:  # AMB-SEARCH-EARLY: settled when read, in the same order, filled as at once
        def advance(limit: int | None) -> int | None:
            settle(limit)
            return pending()
        more = go_on if max_cost is not None else None
        search = Search(advance, fill, order, finals)
        return Growing.started(to_state(start_rest), parents, means.max_ap, more, search)
    settle()
    reach = fill(Reach(to_state(start_rest), settled_to=means.max_ap, _parents=parents), set(), order,
                 list(finals))
    if max_cost is not None:
        reach._more = go_on
    return reach
