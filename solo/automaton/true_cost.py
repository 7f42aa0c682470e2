"""What each objective's mode offers, within the quota and however far (AMB-TRUE-COST).

An objective out of reach still shows its cheapest cost however far (formats.md §4). The search
within the quota is continued past its bound only as far as that answer needs (Dijkstra's order:
once every way of at most ``k`` AP is settled, an option costing at most ``k`` AP that no unsettled
way can beat is the answer), and no search is made at all when no way at all leads to any square
the mode could end on. Both shortcuts give exactly what the search continued to its end gives.

Why no search is needed then. Every state a way settles stands on one of :func:`way_squares`, and
every finder whose mode has goal squares (:func:`goal_squares`) keeps only states standing on one
of them: an exit's state on the yellow line, a reveal's on a square with direct access, a
rotation's on a gear, a portcullis action's beside a closed portcullis, a regroup's or a heal's
next to a friend (a wounded one, for a heal). So on any search of the table such a finder finds
what it finds on a search that settled nothing: only what reads no search (S-HEAL-3, a wounded
carried healed where it is dropped). The best rank a target can have (the stop above) is read on
those squares too.

No decision reads these costs: :class:`OutOfReach` works them out only when an explanation's cost,
target or reason is first read, on a copy of the table as it was examined (AMB-TRUE-COST-SHOWN),
with the exact search made at once (``Context.two_phases`` off on the copy: the answer of the
two-phase search, ``solo.table.trail_phases``), every exam settled then in one pause of the cycle
collector.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import Literal

from solo.automaton.choice import best_options
from solo.automaton.context import Context
from solo.automaton.explanation import ObjectiveExam
from solo.automaton.goals import (
    Option,
    closed_portcullises,
    deliver_options,
    deliver_squares,
    exit_options,
    fight_options,
    fight_targets,
    gear_squares,
    heal_options,
    portcullis_options,
    regroup_options,
    repulse_options,
    reveal_access,
    reveal_options,
    rotation_options,
    take_options,
)
from solo.automaton.options import attack_squares
from solo.collector import no_cycle_collection
from solo.content.personality import Deliver
from solo.table.geometry import PORTCULLIS, SLIT, WALL, Passage
from solo.table.growing import Batch
from solo.table.position import wounded_item
from solo.table.search import Reach, State
from solo.table.squares import Direction, Square, is_line, neighbour

FAR = 1_000_000
"""The budget of a search however far (AMB-TRUE-COST)."""

WHEN: Literal["shown", "now", "off"] = "shown"
"""When the cost of an objective out of reach is worked out: the first time it is read, on the
table as it was examined (AMB-TRUE-COST-SHOWN); at once; or never (the benchmark's comparison only:
the reason then says nothing can be reached)."""

Finder = Callable[[Context, Reach, int], list[Option]]

FINDERS: dict[str, Finder] = {
    "fight": fight_options,
    "exit": exit_options,
    "take_object": take_options,
    "reveal": reveal_options,
    "regroup": regroup_options,
    "rotation": rotation_options,
    "heal": heal_options,
    "repulse": repulse_options,
    "deliver": deliver_options,
    "open_portcullis": lambda c, r, b: portcullis_options(c, r, b, "open_portcullis"),
    "break_portcullis": lambda c, r, b: portcullis_options(c, r, b, "break_portcullis"),
}
"""Every way to carry out a mode found in a search, with at most a budget of AP."""


def _base(ctx: Context, mode: str, horizon: int) -> Reach:
    """The search within ``horizon`` AP this mode reads (a Serpico hand-over has its own)."""
    return ctx.reach(horizon, deliver_squares(ctx) if mode == "deliver" else frozenset())


def options_for(ctx: Context, mode: str, horizon: int) -> list[Option]:
    """Every way to carry out ``mode`` within ``horizon`` AP (only free means, S-ACT-2/3)."""
    return FINDERS[mode](ctx, _base(ctx, mode, horizon), horizon)


def options_beyond(ctx: Context, mode: str, horizon: int) -> list[Option]:
    """The best-ranked cheapest options of ``mode`` however far, for the cost only (AMB-TRUE-COST):
    what the search within ``horizon`` continued to its end would give as best options. The
    continued search is settled band by band, each band's new states read once."""
    finder = FINDERS[mode]
    if not _may_reach(ctx, mode):  # no way leads where the mode could end: no search is read
        return best_or_none(finder(ctx, _no_way(ctx), FAR))
    base = _base(ctx, mode, horizon)
    floor = _rank_floor(ctx, mode)
    found: list[Option] = []
    read, up_to, step = 0, horizon + 1, 1
    while True:
        far = base.beyond(up_to)
        fresh = list(islice(far.cost.items(), read, None))
        read += len(fresh)
        found += finder(ctx, Batch(far.start, fresh), FAR)
        best = best_or_none(as_one_search(ctx, mode, found))
        if far.settled_to is None:
            return best
        if best and best[0].rank <= floor and _final(ctx, mode, best):
            # Every way of at most ``up_to`` AP is in: an option within it, ranked as well as any
            # can be, is beaten by no way still unsettled (those cost more and rank no better).
            if best[0].total[0] <= up_to:
                return best
            up_to = best[0].total[0]  # its final action's AP: settle that far to confirm it
            continue
        up_to += step
        step *= 2


def _no_way(ctx: Context) -> Reach:
    """A search that settled no state at all (its start is never read by a finder): where no way
    leads to a square the mode could end on, a finder finds on it exactly what it finds on any
    search of the table, only what reads no search (Heal's S-HEAL-3 for a wounded carried)."""
    return Reach(State(ctx.npc.at if ctx.npc.at is not None else Square(0), ctx.npc.carried_item()))


def as_one_search(ctx: Context, mode: str, found: list[Option]) -> list[Option]:
    """What the finder gives on all the states at once, from what it gave on each band: shots
    only when there is any (S-FIGHT-7, S-TAKE-7), one pick-up per object and square, the way
    that stops on it preferred, else the cheapest, the first found on a tie (AMB-CUT-TIE)."""
    if mode == "fight":
        shots = [o for o in found if o.data.get("attack") == "shoot"]
        return shots or found
    if mode != "take_object":
        return found
    fireballs = [o for o in found if "fireball" in o.data]
    if fireballs:
        return fireballs
    cheapest: dict[object, tuple[tuple[bool, tuple[int, int]], list[Option]]] = {}
    for o in found:
        order = (o.state.square != o.data["square"], o.cost)
        known = cheapest.get(o.data["key"][:2])
        if known is None or order < known[0]:
            cheapest[o.data["key"][:2]] = (order, [o])
        elif order == known[0] and all(o.data["key"] != k.data["key"] for k in known[1]):
            known[1].append(o)  # AMB-DROP-BACK-TRAIL: equal ways that stop there, the board left apart
    return [o for _, tied in cheapest.values() for o in tied]


def _final(ctx: Context, mode: str, best: list[Option]) -> bool:
    """Whether ways found later can no longer change these best options: a finder that prefers one
    kind of option whenever there is any (shots, S-FIGHT-7, S-TAKE-7), or the way that stops on the
    object (AMB-CUT-TIE), can replace a cheaper option by a dearer one found later."""
    if mode == "fight":
        return best[0].data.get("attack") == "shoot" or "bow" not in _items(ctx)
    if mode == "take_object":
        if ctx.npc.carries == "wand" and ctx.npc.character_class.has("magic_user"):
            return "fireball" in best[0].data
        return all(o.data.get("square") == o.state.square for o in best)
    return True


def _items(ctx: Context) -> set[str]:
    """Every object and wounded on the table, lying or carried."""
    return {item for item, _ in _placed_items(ctx)}


def best_or_none(options: list[Option]) -> list[Option]:
    return best_options(options) if options else []


def _rank_floor(ctx: Context, mode: str) -> int:
    """The best rank any option of ``mode`` can have on this table (0 when unsure): targets only
    count where a way could lead, next to them (or in their line, for a shot or a scream)."""
    joined = way_squares(ctx)
    if mode in ("fight", "regroup", "heal", "repulse"):
        joined = stand_squares(ctx)  # the NPC stands where it attacks, shoots, screams or touches
        lines = mode == "repulse" or (mode == "fight" and "bow" in _items(ctx))
        aims = {"fight": fight_targets, "repulse": Context.enemies}.get(mode, Context.friends)(ctx)
        ranks = [
            ctx.rank_of_class(c.class_id)
            for c in aims
            if c.at is not None and _may_aim(ctx, c.at, joined, mode, lines)
        ]
        return min((r for r in ranks if r is not None), default=0)
    if mode == "take_object" and not ctx.npc.character_class.has("magic_user"):
        ranks = [ctx.card.object_rank(item) for item, at in _placed_items(ctx) if at in joined]
        return min((r for r in ranks if r is not None), default=0)
    return 0


def _may_aim(ctx: Context, at: Square, joined: set[Square], mode: str, lines: bool) -> bool:
    """Whether a way could end next to ``at`` (from a room, for a fight on a starting line,
    B-CMB-9) or, with ``lines``, in its line of sight (no wall between: sight never crosses one)."""
    board = ctx.position.board
    for sq in attack_squares(ctx.position, at):
        if sq in joined and not (mode == "fight" and is_line(sq) and is_line(at)):
            return True
    if lines:
        for direction in Direction:
            here, nxt = at, neighbour(at, direction)
            while nxt is not None and board.passage(here, nxt) is not WALL:
                if nxt in joined:
                    return True
                here, nxt = nxt, neighbour(nxt, direction)
    return False


def _placed_items(ctx: Context) -> list[tuple[str, Square | None]]:
    """Every object and wounded on the table, lying or carried, with the square it is on."""
    items: list[tuple[str, Square | None]] = [(o.kind, o.at) for o in ctx.position.objects]
    for c in ctx.position.characters.values():
        if c.carries is not None:
            items.append((c.carries, c.at))
        if c.wounded:
            items.append((wounded_item(c.id), c.at))
    return items


def goal_squares(ctx: Context, mode: str) -> set[Square] | None:
    """Every square an option of ``mode`` can end on, whatever the way (None: not known here)."""
    position = ctx.position
    if mode == "exit":
        return set(position.board.geometry().squares_of(ctx.npc.side.exit_line))
    if mode == "reveal":
        return set(reveal_access(ctx, locked=True))
    if mode == "rotation":
        return set(gear_squares(ctx))
    if mode in ("open_portcullis", "break_portcullis"):
        return {sq for e in closed_portcullises(ctx) for sq in e}
    if mode in ("regroup", "heal"):
        aims = [f for f in ctx.friends() if f.at is not None and (mode == "regroup" or f.wounded)]
        return {sq for f in aims if f.at is not None for sq in attack_squares(position, f.at)}
    return None


AT_REST = frozenset({"reveal", "rotation", "open_portcullis", "break_portcullis", "regroup", "heal", "fight",
                     "repulse"})
"""Modes whose options are read on states at rest (``within``): an action never ends on a square
another figure stands on (``Mover.valid_stop``, B-MOVE-12/13), and no way moves a standing figure."""


def _may_reach(ctx: Context, mode: str) -> bool:
    """False when no way at all leads to a square ``mode`` could end on (:func:`way_squares`, less
    the squares other figures stand on for a mode read at rest)."""
    goals = goal_squares(ctx, mode)
    if goals is None:
        return True
    return not goals.isdisjoint(stand_squares(ctx) if mode in AT_REST else way_squares(ctx))


def stand_squares(ctx: Context) -> set[Square]:
    """The squares of :func:`way_squares` a way may end on at rest: no other figure stands there."""
    def free() -> set[Square]:
        taken = {c.at for c in ctx.position.characters.values() if not c.wounded and c.id != ctx.npc.id}
        return way_squares(ctx) - taken
    return ctx.memo(("stand squares",), free)


def joined_squares(ctx: Context) -> set[Square]:
    """The squares joined to the NPC's by edges that are not walls (nor arrow slits, but for the
    Naga), once per state of the table: no way of the NPC, nor of the relaxed board's moves
    (:mod:`solo.automaton.approach`), leaves them."""
    return ctx.memo(("joined",), lambda: _joined(ctx, (WALL, SLIT)))


def way_squares(ctx: Context) -> set[Square]:
    """Squares that hold every square a way of the NPC can reach, once per state of the table: every
    step, jump and portcullis crossed goes through an edge that is not a wall (nor an arrow slit, but
    for the Naga), and through a closed portcullis only once it is opened or broken (the way's
    changes, ``Mover.is_open``), which only a Key carried can do (the NPC's means within a quota use
    no paid ability, S-ACT-2/3: no lock-picking, no breaking). Unless the NPC holds one, a Key is
    had only on the square it lies on or is carried to (picked up, or handed over by a friend
    crossed): when no Key is on a square joined without crossing a closed portcullis, no way
    crosses one, and those squares hold every way; else the joined squares do."""
    return ctx.memo(("way squares",), lambda: _way_squares(ctx))


def _way_squares(ctx: Context) -> set[Square]:
    means = ctx.means(0)
    cls = ctx.npc.character_class
    if means.paid_abilities and (cls.has("lock_picking") or cls.has("breaks_portcullis")):
        return joined_squares(ctx)
    near = _joined(ctx, (WALL, SLIT, PORTCULLIS))
    if means.use_key and any(item == "key" and at in near for item, at in _placed_items(ctx)):
        return joined_squares(ctx)
    return near


def _joined(ctx: Context, closed: tuple[Passage, ...]) -> set[Square]:
    """The squares joined to the NPC's by edges not ``closed`` (an arrow slit is open to the Naga)."""
    neighbours = ctx.position.board.geometry().neighbours
    naga = ctx.npc.character_class.has("contortionist")
    start = ctx.npc.at
    seen: set[Square] = {start} if start is not None else set()
    todo = list(seen)
    while todo:
        sq = todo.pop()
        for nxt, passage in neighbours.get(sq, ()):
            if nxt in seen or (passage in closed and not (passage is SLIT and naga)):
                continue
            seen.add(nxt)
            todo.append(nxt)
    return seen


Explain = Callable[[ObjectiveExam, Context, list[Option]], None]
"""Fills in an exam's cost, target and reason from the options found however far."""


class OutOfReach:
    """The true costs of one search of the objectives (AMB-TRUE-COST-SHOWN): each objective out of
    reach is worked out when its cost, target or reason is first read, on a copy of the table taken
    when the first of them was examined (the objectives of one search are examined on one table),
    every earlier one first, so that each reads what it would have read at once. It holds the exams
    weakly: an explanation nobody keeps is let go with its copy of the table (no reference cycle)."""

    def __init__(self) -> None:
        self._frozen: Context | None = None
        self._todo: list[tuple[weakref.ref[ObjectiveExam], Callable[[ObjectiveExam, Context], None]]] = []
        self._next = 0

    def add(self, ctx: Context, exam: ObjectiveExam, deliver: Deliver | None, mode: str, horizon: int,
            explain: Explain) -> None:
        """Give ``exam`` the best options of ``mode`` however far, now or when first read."""
        def work(exam: ObjectiveExam, ctx: Context) -> None:
            ctx.deliver = deliver
            explain(exam, ctx, options_beyond(ctx, mode, horizon))
        if WHEN == "off":
            explain(exam, ctx, [])
            return
        if WHEN == "now":
            work(exam, ctx)  # the searches the activation made on this table
            return
        if self._frozen is None:
            self._frozen = ctx.as_it_is()
        self._todo.append((weakref.ref(exam), work))
        exam.later = partial(self._settle, len(self._todo) - 1)

    def _settle(self, last: int) -> None:
        """Work out the exams examined up to the ``last``-th, in order, in one pause of the cycle
        collector (each continued search would otherwise collect the young generations on entering)."""
        with no_cycle_collection(promote=True):
            self._settle_all(last)

    def _settle_all(self, last: int) -> None:
        while self._next <= last and self._frozen is not None:
            ref, work = self._todo[self._next]
            self._next += 1
            exam = ref()
            if exam is not None:
                exam.later = None
                work(exam, self._frozen)
        if self._next == len(self._todo):
            self._frozen = None  # nothing left to work out: the copy of the table is let go
