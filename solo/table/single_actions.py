"""The single actions of a path search besides steps: jumps and portcullis actions (B-JUMP, B-KEY).

``solo.table.search`` runs the Dijkstra loop; these yield what one jump or one portcullis action
from a rest state leads to, and the trail a way leaves behind (for S-OBJ-2's last valid square).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator
from functools import partial

from solo.table.carrying import PickupPolicy, Trail, stop_options
from solo.table.geometry import Terrain
from solo.table.movement import Change, Delta, Means, Mover
from solo.table.squares import Square, edge
from solo.table.ways import (
    EXITED,
    NO_CHANGES,
    OPENED,
    OPENED_MOVING,
    OPENED_TWICE,
    OUT_MOVING,
    OUT_REST,
    REST,
    Action,
    Link,
    Node,
    State,
    Summary,
    W,
)

__all__ = ["JumpTo", "crossings", "jumps", "landings", "openings", "portcullis_actions", "trail"]


def openings(delta: Delta, sq: Square) -> Delta:
    """The portcullises on the sides of ``sq`` that a delta opened or broke."""
    if not delta:
        return delta
    return frozenset(c for c in delta if len(c) == 2 and sq in c[1])


JumpTo = tuple[Square, bool, str | None, Delta, int, tuple[tuple[Square, str, str], ...]]
"""A jump's outcome: (landing, exited, carried, delta, jumps used, events), plain tuples for speed."""


def jumps(
    mover: Mover, policy: PickupPolicy, state: State, means: Means, quiet: Container[Square] = (),
    trail: Trail | None = None,
) -> Iterator[tuple[JumpTo, Square]]:
    """B-JUMP-2..8 / S-ACT-7: over one adjacent pit onto a valid square next to it (and the pit).

    ``quiet``: squares where the policy has nothing to do unless the way changed them (no item lies
    there, no friend stands there): the landing's only option is to keep what it holds. ``trail``:
    the way behind the take-off square, for an object left on the last valid square (AMB-DROP-BACK)."""
    if means.jumps is not None and state.jumps >= means.jumps:
        return
    used = state.jumps + 1 if means.jumps is not None else 0  # unlimited jumps are not counted
    a, carried0, delta0 = state.square, state.carried, state.delta
    changed = mover.changed_squares(delta0) if delta0 else NO_CHANGES
    jumpable = mover.jumpable_pits()
    terrain, exit_line = mover.geometry.terrain, mover.exit_line
    plain_settle = getattr(policy, "settles_unchanged", False)
    for pit, passage, landing, passage2 in mover.jump_candidates(a):
        if passage and not mover.is_open(a, passage, pit, delta0):
            continue
        if not (mover.pit_jumpable(pit, delta0) if pit in changed else pit in jumpable):
            continue
        if passage2 and not mover.is_open(pit, passage2, landing, delta0):
            continue
        if terrain[landing] is exit_line:
            if landing not in mover.enemies:  # AMB-B-JUMPEXIT
                yield (landing, True, carried0, delta0, used, ()), pit
            continue
        calm = landing in quiet and landing not in changed
        if calm and plain_settle:
            if mover.valid_stop(landing, carried0, delta0):
                yield (landing, False, carried0, delta0, used, ()), pit
            continue
        for carried, delta, events in landings(mover, policy, landing, carried0, delta0, a, calm, trail):
            yield (landing, False, carried, delta, used, events), pit


def landings(
    mover: Mover, policy: PickupPolicy, landing: Square, carried: str | None, delta: Delta, prev: Square,
    calm: bool, trail: Trail | None,
) -> list[tuple[str | None, Delta, tuple[tuple[Square, str, str], ...]]]:
    """What a figure holds once a jump from ``prev`` lands it on ``landing`` (AMB-JUMP-LAND): ``calm``
    when the policy has nothing to do there (no item, no friend, the way left it unchanged)."""
    if calm:
        if not mover.valid_stop(landing, carried, delta):
            return []
        return [policy.settle(mover, landing, carried, delta)]
    found = []
    for held, changes, evs in stop_options(policy, mover, landing, carried, delta, prev, trail):
        held, changes, took = policy.settle(mover, landing, held, changes)
        found.append((held, changes, evs + took))
    return found


def trail(parents: dict[Node, Link | None], node: Node) -> Iterator[Square]:
    """The squares of the way to ``node``, from ``node``'s own square back to the start (S-OBJ-2's
    "last valid square" is looked for along them, AMB-SWAP-DROP)."""
    link: Link | None = (node, "", (), None)
    while link is not None:
        yield link[0][0]
        link = parents.get(link[0])


def portcullis_actions(mover: Mover, state: State, means: Means) -> Iterator[tuple[State, Action]]:
    for kind, other in mover.portcullis_actions(state.square, state.carried, means):
        e = edge(state.square, other)
        change: Change = ("break", e) if kind == "break" else ("open", e)
        if ("open", e) in state.delta or ("break", e) in state.delta:
            continue
        yield (State(state.square, state.carried, state.delta | {change}, state.jumps),
               Action(kind, (state.square, other), 1, 0))


def crossings(
    mover: Mover, policy: PickupPolicy, means: Means, quiet: Container[Square],
    parents: dict[Node, Link | None], node: Node, opened: Delta, kind: str, other: Square, cost: int,
    mark: Callable[[Square, int, str | None, Delta, int, Node], Summary] = lambda *_: None,
) -> list[tuple[Node, int, Link]]:
    """Open (or pick, or break) a portcullis from the rest node ``node``, then move or jump through
    it (AMB-OPEN-CROSS), or from a pit step out and jump back over it through the portcullis: the
    search's pushes (node, cost, link), in order. The virtual nodes between (only for rebuilding the
    way: never queued, never confused with real ones) go into ``parents``; ``mark`` gives a real
    node's trail summary (AMB-DROP-BACK-TRAIL), the virtual ones keep ``node``'s."""
    sq, _, carried, _, used, summary = node
    terrain, movement = mover.geometry.terrain, mover.movement
    pushes: list[tuple[Node, int, Link]] = []
    rest_after: Node = (sq, OPENED, carried, opened, used, summary)
    if terrain[sq] is Terrain.PIT and movement:
        pushes.extend(back_over_the_pit(mover, policy, means, quiet, parents, node, opened, kind, other,
                                        cost, mark))
    if terrain[other] is Terrain.PIT:
        for (landing, exited, new_carried, new_delta, jumps_used, jump_events), pit in jumps(
                mover, policy, State(sq, carried, opened, used), means, quiet, partial(trail, parents, node)):
            if pit == other:
                parents.setdefault(rest_after, (node, kind, (), other))
                steps = EXITED if exited else REST
                landed_cost = cost + W + means.jump_cost * W + 2
                landed: Node = (landing, steps, new_carried, new_delta, jumps_used,
                                mark(landing, steps, new_carried, new_delta, landed_cost, node))
                link: Link = (rest_after, "jump", jump_events, other)
                pushes.append((landed, landed_cost, link))
    if not movement:
        return pushes
    cost += 2 * W + 1
    for start_carried, start_delta, start_events in policy.start_options(mover, sq, carried, opened):
        moving: Node = (sq, OPENED_MOVING, start_carried, start_delta, used, summary)
        targets: list[tuple[Node, Link]] = []
        if terrain[other] is mover.exit_line:
            if mover.may_exit(other):
                out: Node = (other, EXITED, start_carried, start_delta, used, None)
                targets.append((out, (moving, "exit", (), None)))
        elif mover.may_enter(mover.unroped_pit(sq, start_delta), other, start_carried, start_delta):
            for new_carried, new_delta, events in policy.options(
                    mover, other, start_carried, start_delta, sq, partial(trail, parents, node)):
                evs = tuple((other, k, i) for k, i in events)
                target: Node = (other, movement - 1, new_carried, new_delta, used, mark(
                    other, movement - 1, new_carried, new_delta, cost, node))
                targets.append((target, (moving, "step", evs, None)))
        if not targets:
            continue
        parents.setdefault(rest_after, (node, kind, (), other))
        start_evs = tuple((sq, k, i) for k, i in start_events)
        parents.setdefault(moving, (rest_after, "start", start_evs, None))
        pushes.extend((target, cost, link) for target, link in targets)
    return pushes


def back_over_the_pit(
    mover: Mover, policy: PickupPolicy, means: Means, quiet: Container[Square],
    parents: dict[Node, Link | None], node: Node, opened: Delta, kind: str, other: Square, cost: int,
    mark: Callable[[Square, int, str | None, Delta, int, Node], Summary],
) -> list[tuple[Node, int, Link]]:
    """From a pit (the Rope in hand), the portcullis to ``other`` opened: one step out of the pit
    (through another portcullis opened first if need be), then a jump back over it through the first
    onto ``other`` (AMB-OPEN-CROSS, issue 14 round 7). A carried Rope crosses one pit at a time
    (B-ROPE-10): when ``other`` is a pit too, this is the only way in."""
    sq, _, carried, _, used, summary = node
    rest_after: Node = (sq, OPENED, carried, opened, used, summary)
    first: tuple[Node, Link] = (rest_after, (node, kind, (), other))
    ways_out: list[tuple[tuple[tuple[Node, Link], ...], Delta, int, Square | None]] = [
        ((first,), opened, cost + W, None)]
    for state, action in portcullis_actions(mover, State(sq, carried, opened, used), means):
        if action.path[1] != other:
            twice: Node = (sq, OPENED_TWICE, carried, state.delta, used, summary)
            second: tuple[Node, Link] = (twice, (rest_after, action.kind, (), action.path[1]))
            ways_out.append(((first, second), state.delta, cost + 2 * W, action.path[1]))
    pushes: list[tuple[Node, int, Link]] = []
    for opening, delta, paid, only in ways_out:
        pushes.extend(_out_and_back(mover, policy, means, quiet, parents, node, opening, delta, paid,
                                    other, only, mark))
    return pushes


def _out_and_back(
    mover: Mover, policy: PickupPolicy, means: Means, quiet: Container[Square],
    parents: dict[Node, Link | None], node: Node, opening: tuple[tuple[Node, Link], ...], delta: Delta,
    paid: int, other: Square, only: Square | None,
    mark: Callable[[Square, int, str | None, Delta, int, Node], Summary],
) -> Iterator[tuple[Node, int, Link]]:
    """:func:`back_over_the_pit` once the portcullises are open (``opening``: the virtual nodes and
    links, ``delta``, ``paid`` so far): a step out onto a neighbour (``only`` that one when given),
    then the jump back onto ``other``."""
    sq, _, carried, _, used, summary = node
    terrain = mover.geometry.terrain
    stop_fix = getattr(policy, "stop_fix", None)
    landed_cost = paid + W + 1 + means.jump_cost * W + 2  # a move of one square, then the jump
    for start_carried, start_delta, start_events in policy.start_options(mover, sq, carried, delta):
        moving: Node = (sq, OPENED_MOVING, start_carried, start_delta, used, summary)
        start_evs = tuple((sq, k, i) for k, i in start_events)
        unroped = mover.unroped_pit(sq, start_delta)
        for out, passage in mover.geometry.neighbours.get(sq, ()):
            if out == other or (only is not None and out != only) or terrain[out] is mover.exit_line:
                continue
            if passage and not mover.is_open(sq, passage, out, start_delta):
                continue
            if not mover.may_enter(unroped, out, start_carried, start_delta):
                continue
            for virtual, link in opening:
                parents.setdefault(virtual, link)
            parents.setdefault(moving, (opening[-1][0], "start", start_evs, None))
            for stepped_carried, stepped_delta, events in policy.options(
                    mover, out, start_carried, start_delta, sq, partial(trail, parents, moving)):
                stepped: Node = (out, OUT_MOVING, stepped_carried, stepped_delta, used, summary)
                parents.setdefault(stepped, (moving, "step", tuple((out, k, i) for k, i in events), None))
                if mover.valid_stop(out, stepped_carried, stepped_delta):
                    stop = policy.settle(mover, out, stepped_carried, stepped_delta)
                elif stop_fix is not None:  # AMB-DROP-BACK: the last valid square
                    stop = stop_fix(mover, out, stepped_carried, stepped_delta, sq,
                                    partial(trail, parents, stepped))
                    if stop is None:
                        continue
                else:
                    continue
                rested: Node = (out, OUT_REST, stop[0], stop[1], used, summary)
                parents.setdefault(rested, (stepped, "stop", stop[2], None))
                for (landing, exited, new_carried, new_delta, jumps_used, jump_events), pit in jumps(
                        mover, policy, State(out, stop[0], stop[1], used), means, quiet,
                        partial(trail, parents, rested)):
                    if pit != sq or landing != other:
                        continue  # any other jump is found without opening the portcullis, cheaper
                    steps = EXITED if exited else REST
                    landed: Node = (landing, steps, new_carried, new_delta, jumps_used,
                                    mark(landing, steps, new_carried, new_delta, landed_cost, rested))
                    yield landed, landed_cost, (rested, "jump", jump_events, sq)
