"""The fewest AP an NPC can spend to reach each square, and the best rank a mode can still reach
within a quota: a search whose best-ranked targets are all too far stops early (AMB-SEARCH-BOUND).

The bound (:class:`Floor`). Every action of a way moves the NPC along edges of the board that are
not walls (nor arrow slits, but for the Naga), never onto a figure of the other side it may not pass,
never on from the opponent's line (it has left): a step crosses one edge and counts one square, a
jump two edges (over the pit, onto the landing) and two squares, an open none. A move costs 1 AP and
makes at most ``m`` steps (the class's movement), a jump 1 AP, an open 1 AP; only the ``s`` steps
left of a move already paid for are free. A closed portcullis is crossed only once an open (1 AP, a
Key in hand: an NPC's search has no paid ability) on that very edge has opened it. With ``p = max(m,
2)``, weigh an edge 1 and a closed portcullis ``1 + p``. Take a way to ``q`` that makes ``n`` steps
and ``k`` opens, and a simple path ``L`` from its start to ``q`` among the edges it crossed (its loops
erased): ``len(L) <= n``, and ``L`` crosses at most ``k`` closed portcullises, each once. The moves
and jumps make at most ``s + p * (moves + jumps)`` steps, so the way costs ``moves + jumps + k >=
(n - s) / p + k >= (g(L) - s) / p`` AP, a whole number: at least ``ceil((G(q) - s) / p)``, ``G(q)``
the least weight of a path to ``q`` (:func:`_least`, Dijkstra). Holding no Key at the start, a way
crosses no closed portcullis before it first holds one, which it takes where a Key lies or from the
friend holding it (it never held one to leave there before): a way that opens one is a path to such a
square ``c`` with no closed portcullis, then a path from ``c``: its weight is at least ``G0(c)`` plus
the least weight from ``c`` (the same sum, split in two). A shot is made holding the Bow from a
square in the target's line: a path to where the Bow lies or is held (or the start, the NPC's own),
then from there to that square. A shot or a scream is made along a line of sight to the target, and
sight never crosses a wall nor a face-down room (B-LOS-2, B-LOS-6), which no way of a search changes
(it opens and breaks portcullises, moves the NPC, objects and the wounded, never a wall nor a room):
only the squares of the target's rank and file up to the first wall each way count
(:func:`sight_squares`), so long as the target stays where it is: a figure standing does (a way
carries only objects and the wounded); on a wounded's square the whole rank and file count. Nothing
else is relaxed away (pits, a Rope, friends, objects), so every bound holds whatever they allow.

The Bow held late (:func:`bow_late`). A state of 0 AP is reached by the steps of the move in progress
alone: every other action (a move, a jump, an open) costs 1 AP or more. Along those steps, what the
NPC holds changes only as it enters a square (``PriorityPickups.options``), or as it crosses a friend
(an exchange, S-OBJ-4/5, or a hand-over, S-PERS-SERPICO, ``NpcPickups.options``), or as it stops
(AMB-DROP-BACK, ``stop_fix``: an object left on the last valid square, which may empty its hands, but
the move ends there). Entering a square with an item in hand, it takes only a listed item its list
ranks strictly better (S-OBJ-2), else keeps what it holds. So an NPC holding an item ranked at least
as well as the Bow (the Bow listed after it, or not at all: an unlisted item is never taken), with no
friend's square within 0 AP (:meth:`Floor.ap`: no way of the move in progress crosses one), holds a
chain of items each ranked better than the last, never the Bow, at every state of 0 AP: a shot then
starts from 1 AP or more, whatever its line's bound.

The ranks (:func:`reachable_floor`). An option of a mode starts its final action (``final`` AP or
more) from a state of the search within the quota whose way has been on one of its target's squares
(:func:`aims`): next to the friend, wounded or enemy (Regroup, Heal, a melee), in the enemy's line
(its rank or its file: Repulse's scream), there holding the Bow (a shot), on the square where the
item lies or the figure holding it stands (Take object: an item handed over, dropped or taken again
later was first taken there), on the exit line, on a gear, a hidden room's access, a side of a
closed portcullis, the friend to deliver to. So a
target whose squares all cost more than the quota less ``final`` has no option at all, and the best
rank the mode can reach is the best among the other targets: ``early.py`` stops once an option of that
rank is settled (its argument, with that floor for every target's), and a mode with no target left
has no option. A mode or target this module cannot place is never cut.
"""

from __future__ import annotations

from collections.abc import Iterable

from solo.automaton.attacks import fight_targets
from solo.automaton.context import Context
from solo.automaton.goals import deliver_squares
from solo.automaton.options import attack_squares
from solo.automaton.true_cost import goal_squares
from solo.records import field, record
from solo.table.carrying import PriorityPickups
from solo.table.geometry import WALL, Geometry
from solo.table.movement import Mover
from solo.table.position import Character, wounded_item
from solo.table.squares import AHEAD, FILE_COUNT, SQUARE_COUNT, Square, file_of, rank_of

FINAL = {"take_object": 0, "exit": 0, "deliver": 0, "regroup": 0, "rotation": 0, "reveal": 1,
         "open_portcullis": 1, "break_portcullis": 1, "heal": 1, "fight": 1, "repulse": 2}
"""The fewest AP each mode's final action adds to the state it starts from (the modes bounded)."""

Aim = tuple[int, Iterable[Square] | None, Square | None]
"""A target's rank, the squares an option on it has been on (None: not known, never cut), and for a
fight or a scream the target's square (a shot or a scream along its line)."""


@record(eq=False)  # compared by identity (issue 16: no __eq__ to generate)
class Floor:
    """The least weights ``G`` (module docstring) of the squares within a horizon, for one NPC on one
    state of the table."""

    mover: Mover
    per: int
    free: int
    limit: int
    """The largest weight kept: a square of a greater one costs more than the horizon."""
    crossing: int | None
    """A closed portcullis's weight once a Key may be held (None: never)."""
    least: dict[Square, int]
    lines: dict[bool, tuple[dict[int, int], dict[int, int]]] = field(default_factory=dict)
    """The least weight on each rank and file: to be there (False), holding the Bow (True)."""
    bows: dict[Square, int] | None = None
    """The least weight of each square reached holding the Bow (worked out when first asked)."""
    sighted: dict[tuple[Square, bool], int | None] = field(default_factory=dict)
    """:meth:`line_ap` in sight of each target's square asked, to be there or holding the Bow."""
    late: bool | None = None
    """Whether no state of 0 AP holds the Bow (:func:`bow_late`, worked out when first asked)."""

    def ap(self, sq: Square) -> int | None:
        """The fewest AP a way to ``sq`` costs (None: more than the horizon)."""
        return self._ap(self.least.get(sq))

    def line_ap(self, at: Square, bow: bool, sight: bool = False) -> int | None:
        """The fewest AP a way to a square in the line of ``at`` (its rank or its file) costs, holding
        the Bow when ``bow`` (None: more than the horizon); with ``sight``, only the squares of that
        line with no wall nor face-down room between them and ``at`` (:func:`sight_squares`)."""
        if sight:
            key = (at, bow)
            if key not in self.sighted:  # asked by several objectives and readings of one table
                weights = self._weights(bow)
                far = self.limit + 1
                g = min((weights.get(sq, far) for sq in sight_squares(self.mover.geometry, at)), default=far)
                self.sighted[key] = self._ap(g if g <= self.limit else None)
            return self.sighted[key]
        found = self.lines.get(bow)
        if found is None:
            ranks: dict[int, int] = {}
            files: dict[int, int] = {}
            far = self.limit + 1
            for sq, g in self._weights(bow).items():
                r, f = sq // FILE_COUNT, sq % FILE_COUNT  # rank_of and file_of, inlined (a call less each)
                if g < ranks.get(r, far):
                    ranks[r] = g
                if g < files.get(f, far):
                    files[f] = g
            found = self.lines[bow] = (ranks, files)
        g = min(found[0].get(rank_of(at), self.limit + 1), found[1].get(file_of(at), self.limit + 1))
        return self._ap(g if g <= self.limit else None)

    def _weights(self, bow: bool) -> dict[Square, int]:
        """The least weights of the squares, holding the Bow when ``bow`` (worked out once)."""
        if not bow:
            return self.least
        if self.bows is None:
            held = _bow_squares(self.mover)
            bows = {sq: self.least[sq] for sq in held if sq in self.least}  # the order read nowhere
            self.bows = _least(self.mover, bows, self.limit, self.crossing)
        return self.bows

    def most(self, room: int) -> int | None:
        """The greatest weight whose :meth:`_ap` is ``room`` or less (None: none, ``room`` < 0). For
        ``room`` >= 0 and ``n = g - free``: ``max(0, ceil(n / per)) <= room`` iff ``ceil(n / per) <=
        room`` iff ``n / per <= room`` (``room`` a whole number) iff ``g <= room * per + free``."""
        return None if room < 0 else room * self.per + self.free

    def _ap(self, g: int | None) -> int | None:
        return None if g is None else max(0, -(-(g - self.free) // self.per))


def floor_of(ctx: Context, horizon: int) -> Floor:
    """The :class:`Floor` of the NPC within ``horizon`` AP, once per state of the table."""
    key = ("ap_floor", ctx.npc.id, ctx.npc.at, ctx.steps_in_progress, horizon)
    return ctx.memo(key, lambda: _floor(ctx, horizon))


def _floor(ctx: Context, horizon: int) -> Floor:
    mover = Mover(ctx.position, ctx.npc)
    per, free = max(mover.movement, 2), ctx.steps_in_progress
    limit = horizon * per + free  # a greater weight costs more than ``horizon`` AP
    means = ctx.means(horizon)
    opens = (mover.character.carried_item() == "key" and means.use_key) or (
        means.paid_abilities and (mover.lock_picker or mover.breaker))
    least = _least(mover, {mover.start: 0}, limit, per if opens else None)
    keys = {}
    if not opens and means.use_key:  # a Key taken where it lies or from a friend opens the rest
        held = [sq for sq, items in mover.items.items() if "key" in items]  # a few squares, not all
        held += [sq for sq, item in mover.friend_carries.items() if item == "key"]
        keys = {sq: least[sq] for sq in held if sq in least}
        for sq, g in _least(mover, keys, limit, per).items() if keys else ():
            if g < least.get(sq, limit + 1):
                least[sq] = g
    crossing = per if opens or keys else None
    return Floor(mover, per, free, limit, crossing, least)


def _least(mover: Mover, sources: dict[Square, int], limit: int, crossing: int | None) -> dict[Square, int]:
    """The least weight of a path from any source (its own weight first) to each square, up to
    ``limit``: a step weighs 1, a closed portcullis ``1 + crossing`` (None: never crossed); a square
    with a figure the NPC may not pass is never entered, the exit line never left (Dial's Dijkstra).

    The weights found so far are a list by square, a square never entered holds -1 (below any
    weight: never bettered) and one not reached ``limit + 1`` (so that bettering it is within the
    limit); a square is settled the first time it leaves a bucket (the buckets are read in order of
    weight), which the dict returned lists in that order (its readers take minima, never its order)."""
    geometry, far = mover.geometry, limit + 1
    across = far if crossing is None else 1 + crossing
    weights = (1, across, 1 if mover.naga else far, far)  # by passage: open, closed, arrow slit, wall
    ends = set(geometry.squares_of(mover.exit_line))
    ends.discard(mover.start)  # the exit line is never left, but from the start
    best = [far] * SQUARE_COUNT
    buckets: list[list[Square]] = [[] for _ in range(far)]
    for sq, g in sources.items():
        best[sq] = g
        buckets[g].append(sq)
    for sq in mover.blocked:
        best[sq] = -1  # never entered, not even a source (settled at its own weight all the same)
    neighbours = geometry.neighbours
    least: dict[Square, int] = {}
    for g, bucket in enumerate(buckets):
        for sq in bucket:
            if sq in least:
                continue  # settled at a lower weight
            least[sq] = g
            if sq in ends:
                continue
            for nxt, passage in neighbours.get(sq, ()):
                h = g + weights[passage]
                if h < best[nxt]:  # so h <= limit, and nxt may be entered
                    best[nxt] = h
                    buckets[h].append(nxt)
    return least


def sight_squares(geometry: Geometry, at: Square) -> list[Square]:
    """The squares of the rank and file of ``at`` with no wall nor face-down room between them and
    ``at`` (nearest first, each way): sight needs that (B-LOS-2, B-LOS-6), and no way of a search
    changes it (it opens or breaks portcullises, moves figures and objects, never a wall or a room)."""
    terrain, passages = geometry.terrain, geometry.passages
    found = []
    for ahead in AHEAD:
        step = ahead[at]
        while step is not None and step[0] in terrain and passages.get(step[1], WALL) is not WALL:
            found.append(step[0])
            step = ahead[step[0]]
    return found


def _bow_squares(mover: Mover) -> set[Square]:
    """The squares where the NPC may first hold the Bow: its own, lying there, or a friend's."""
    found = {sq for sq, items in mover.items.items() if "bow" in items}
    found.update(sq for sq, held in mover.friend_carries.items() if held == "bow")
    if mover.character.carried_item() == "bow":
        found.add(mover.start)
    return found


def reachable_floor(ctx: Context, mode: str, horizon: int, floor: int | None,
                    only: int | None = None) -> int | None:
    """The best rank an option of ``mode`` within ``horizon`` AP can have (``floor``: the best of every
    target on the table; ``only``: targets of that rank alone count), None when no target can be
    reached: the module's argument."""
    if floor is None or mode not in FINAL:
        return floor
    found = aims(ctx, mode)
    if found is None:
        return floor
    bound, room = floor_of(ctx, horizon), horizon - FINAL[mode]
    lying = _lying(ctx)
    shots = mode == "fight" and not (room < 1 and bow_late(ctx, bound))  # else none starts in time

    def in_line(at: Square) -> int | None:
        """The fewest AP a state that screams at, or shoots, the target on ``at`` costs."""
        if mode == "repulse":
            return bound.line_ap(at, False, at not in lying)
        return _shot_ap(ctx, bound, at, lying) if shots else None

    ranks = []
    least, most = bound.least, bound.most(room)
    if most is None:
        most = -2  # below any weight: no square is near
    far = most + 1
    for rank, squares, line_of in found:
        if only is not None and rank != only:
            continue
        # _within(bound.ap(sq), room) for some square, read as its weight (Floor.most): no call per square
        near = squares is None or any(least.get(sq, far) <= most for sq in squares)
        if near or (line_of is not None and _within(in_line(line_of), room)):
            ranks.append(rank)
    return min(ranks, default=None)


def no_shot(ctx: Context, horizon: int) -> bool:
    """Whether no state within ``horizon`` AP can shoot a target of Fight: none can hold the Bow in
    its line in time (module docstring)."""
    bound, room = floor_of(ctx, horizon), horizon - FINAL["fight"]
    if room < 1 and bow_late(ctx, bound):
        return True  # every shot starts from 1 AP or more
    lying = _lying(ctx)
    return not any(c.at is not None and _within(_shot_ap(ctx, bound, c.at, lying), room)
                   for c in fight_targets(ctx))


def _shot_ap(ctx: Context, bound: Floor, at: Square, lying: set[Square | None]) -> int | None:
    """The fewest AP a state holding the Bow in sight of ``at`` (its whole line where a wounded lies)
    costs: :meth:`Floor.line_ap`, and 1 at least when the Bow is held late (module docstring)."""
    ap = bound.line_ap(at, True, at not in lying)
    return 1 if ap == 0 and bow_late(ctx, bound) else ap


def bow_late(ctx: Context, bound: Floor) -> bool:
    """Whether no state of 0 AP holds the Bow (module docstring): the NPC holds an item its list ranks
    at least as well, and no friend stands within the steps of the move in progress."""
    if bound.late is None:
        held = ctx.npc.carried_item()
        rank = PriorityPickups(tuple(ctx.card.objects)).rank  # the search's own ranking (Context.policy)
        bound.late = (held is not None and held != "bow" and rank("bow") >= rank(held)
                      and not any(c.at is not None and bound.ap(c.at) == 0 for c in ctx.friends()))
    return bound.late


def _lying(ctx: Context) -> set[Square | None]:
    """The squares of the wounded: a way may carry one away, so a target there may move (its line is
    then read whole, walls or not)."""
    return {c.at for c in ctx.position.characters.values() if c.wounded}


def _within(ap: int | None, room: int) -> bool:
    return ap is not None and ap <= room


def aims(ctx: Context, mode: str) -> list[Aim] | None:
    """Each target of ``mode`` on the table with its rank, and the squares an option on it has been
    on (module docstring); None when this module does not bound the mode."""
    if mode == "take_object":
        rank = ctx.card.object_rank
        return [(r, None if at is None else (at,), None) for item, at in _placed(ctx, but=ctx.npc)
                if (r := rank(item)) is not None]
    if mode in ("regroup", "heal", "fight"):
        if mode == "heal" and ctx.npc.carries is not None:
            return None  # S-HEAL-3: the wounded it carries is healed where it stands
        chars = {"regroup": Context.friends, "fight": fight_targets}.get(mode, _wounded)(ctx)
        return [(r, None if c.at is None else attack_squares(ctx.position, c.at),
                 c.at if mode == "fight" else None)
                for c in chars if (r := ctx.rank_of_class(c.class_id)) is not None]
    if mode == "repulse":  # a scream along the enemy's line (B-BANS-2), by a figure that can scream
        if not ctx.npc.character_class.has("repelling_scream"):
            return []
        return [(r, () if c.at is not None else None, c.at) for c in ctx.enemies()
                if (r := ctx.rank_of_class(c.class_id)) is not None]
    squares = deliver_squares(ctx) if mode == "deliver" else goal_squares(ctx, mode)
    return None if squares is None else [(0, squares, None)]


def _wounded(ctx: Context) -> list[Character]:
    """Every wounded but the NPC (Heal's targets as ``early.rank_floor`` counts them)."""
    return [c for c in ctx.position.characters.values() if c.wounded and c.id != ctx.npc.id]


def _placed(ctx: Context, but: Character | None = None) -> list[tuple[str, Square | None]]:
    """Every item on the table (as ``early.rank_floor`` counts them) with the square it is first taken
    on: where it lies, or where the figure holding it stands (None: not known)."""
    items: list[tuple[str, Square | None]] = [(o.kind, o.at) for o in ctx.position.objects]
    held = {c.carried_item() for c in ctx.position.characters.values()}
    for c in ctx.position.characters.values():
        item = c.carried_item()
        if c is not but and item is not None:
            items.append((item, c.at))
        if c.wounded and (c.at is not None or wounded_item(c.id) not in held):
            items.append((wounded_item(c.id), c.at))  # a wounded carried: where its carrier stands
    return items
