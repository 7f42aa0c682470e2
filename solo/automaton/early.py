"""An objective's options found on a search settled only as far as the choice needs (AMB-SEARCH-EARLY).

The planner takes the best-ranked target first, then the cheapest way (S-PROX-4, then S-PROX-1..3):
the search within the quota is settled cost by cost (the ways of each (AP, squares) in turn) until
it settles a state that could start an option of the best rank the table allows (:func:`_may_start`,
read on the search's nodes), the finder reads the new states, and once such an option shows the
search is settled up to its cost and stops there if no option still unsettled can beat or tie the
best found.

Why it is exact. Dijkstra settles ways in cost order (:class:`~solo.table.growing.Growing`). An
option's final action adds at least :data:`~solo.automaton.bound.FINAL` AP to the cost of the state
it starts from, and no square (:attr:`~solo.automaton.options.Option.total`: a blow, a shot, a heal,
a reveal, an open or a break 1 AP or more, a scream 2, a fireball 1; 0 for the modes whose option is
the state itself): an option costing at most ``c`` starts from a state costing at most ``c`` less
that many AP (:func:`starts`, same squares). Once every way costing at most that is settled, an
option not yet found starts from a state dearer than it, so it costs more than ``c`` in all. The best
options found, costing at most ``c`` and ranked as well as any option of the mode can be on this
table (:func:`rank_floor`: every target it could aim at, reachable or not), are then beaten by no
option still unsettled, and every option tied with them (same rank and cost) is among those found:
the best options, the die between them and everything the explanation says of them are those of the
complete search. The options within a quota smaller than the search's are the same too: below the
best's cost they are all settled, and above it the best is among them. Each finder reads the
states one by one, except where noted:
- Take object keeps one option per object (the way that stops on it, else the cheapest, AMB-CUT-TIE):
  a way passing the object can still be replaced by a dearer one stopping on it, so the best options
  must all stop on their object; a Wizard holding the Wand looks for a fireball first (S-TAKE-7):
  that search is read whole. The shots once the Wand is picked up on the way are found early
  (:func:`shots_early`): each shot is read on its own state, and ranks by its target.
- Fight keeps only shots when there is any (S-FIGHT-7): the best must be a shot, or no state within
  the quota be able to shoot (:func:`~solo.automaton.bound.no_shot`), so that no shot can show later.
The search is the same one either way: whatever else reads it later gets it complete.
Once :data:`PATIENCE` nodes are settled (none: at once) with no option of that rank, the floor is
raised to the best rank a target within reach of the quota has (:mod:`solo.automaton.bound`,
AMB-SEARCH-BOUND): a target out of reach has no option at all, so the argument above holds with that
floor, and the states already settled are read again with it. The states already settled when the
finder is first asked (for an objective examined before, on the same table) are read first, and an
option of the floor's rank among them sets the cost to settle up to at once: the new states alone
would never show it again, and the search would settle on to a dearer one. Where the aim comes
from does not matter to the argument: the options are read on every state settled up to it.
"""

from __future__ import annotations

from functools import partial

from solo.automaton.attacks import Aims, fight_options, fireball_options
from solo.automaton.bound import FINAL, no_shot, reachable_floor
from solo.automaton.choice import best_options
from solo.automaton.context import Context
from solo.automaton.goals import (
    Option,
    deliver_squares,
    fight_targets,
)
from solo.automaton.options import Cost, attack_squares
from solo.automaton.true_cost import FINDERS, Finder, goal_squares
from solo.collector import no_cycle_collection
from solo.table.growing import Batch, Growing, Wanted
from solo.table.movement import EMPTY, Delta
from solo.table.position import wounded_item
from solo.table.squares import Square, file_of, rank_of
from solo.table.ways import EXITED, Node, Reach

EARLY = frozenset({"take_object", "exit", "reveal", "rotation", "open_portcullis", "break_portcullis",
                   "deliver", "fight", "regroup", "heal", "repulse"})
"""The modes whose options are found on a search stopped early (every mode of a card)."""
LOCAL = EARLY
"""The modes whose finder finds on the states of two readings what it finds on the later one alone,
when it finds nothing on the earlier (the states in the same order), so settled states that gave
none need no second reading; and the same on the same states (a finder reads the table and the
states, and the table does not change while a search is read), so they are read once for each
count of states settled. Every mode of :data:`EARLY`: each state's options are its own, in the
order of the states, their squares or their targets (Exit, Reveal room, Regroup, Rotation, Open and
Break portcullis, Heal, Deliver, Repulse), and states that give none add none; Take object keeps the
best pick-up per object, but a state with no pick-up of the list adds nothing to compare; Fight keeps
only shots when there is any (S-FIGHT-7), and states that give no option give no shot; Heal's
wounded carried (S-HEAL-3) is an option whatever the states: a reading that has it is not empty, so
no later one is taken for both."""
PATIENCE = 0
"""Nodes settled with no option of the best rank on the table before the bound is worked out
(AMB-SEARCH-BOUND). 0, at once: the bound costs about what settling two to four nodes does (a table of
least weights per state of the table, shared by the objectives examined on it), and it often cuts a
search at once (64 until issue 16 round 18: NP turn of the demo board 195 -> 176 M instructions)."""


def options_early(ctx: Context, mode: str, horizon: int, rank: int | None = None) -> list[Option]:
    """Every option of ``mode`` within ``horizon`` AP that can be the best: the same best options
    as on the complete search (only options that cannot be chosen may be missing). With ``rank``,
    only the options on targets of that rank (a mode's next round: Fight's, S-FIGHT-5, reads
    S-FIGHT-7's shots among that rank's targets)."""
    finder = FINDERS[mode]
    if rank is not None:
        finder = partial(fight_options, rank=rank) if mode == "fight" else partial(_ranked, finder, rank)
    if mode == "deliver" and reachable_floor(ctx, mode, horizon, 0) is None:
        return []  # its own search, not made: no friend to hand over to within reach (AMB-SEARCH-BOUND)
    reach = ctx.reach(horizon, deliver_squares(ctx) if mode == "deliver" else frozenset())
    if mode not in EARLY or not isinstance(reach, Growing) or not reach.partial or _fireball_first(ctx, mode):
        return finder(ctx, reach, horizon)
    with no_cycle_collection():  # one pause for every step (each would end its own)
        return _settle_early(ctx, mode, horizon, reach, finder, rank)


def shots_early(ctx: Context, budget: int) -> list[Option]:
    """S-TAKE-7's shots once the Wand is picked up on the way, found on the search settled cost by cost
    until a shot at a target of the best rank on the table shows, then up to its cost less the shot's
    AP: every shot that can be chosen (best rank, then cost, the ties and the die) is among them, as on
    the complete search (the module's argument: a shot adds 1 AP to its state's). No such shot within
    the budget: the complete search's shots (and with Take object not in :data:`EARLY`)."""
    reach = ctx.reach()
    ranks = [r for c in ctx.enemies() if (r := ctx.rank_of_class(c.class_id)) is not None]
    if not ranks or "take_object" not in EARLY or not isinstance(reach, Growing) or not reach.partial:
        return fireball_options(ctx, reach, budget)
    floor, aim = min(ranks), None
    aims: Aims = {}  # the table does not change meanwhile: what a state's shot hits is read once
    with no_cycle_collection():  # one pause for every step (each would end its own)
        while aim is None and reach.partial:
            fresh = reach.step()
            if fresh and reach.partial:
                found = fireball_options(ctx, Batch(reach.start, fresh), budget, aims)
                aim = min((o.total for o in found if o.rank <= floor), default=None)
        if aim is not None and reach.upto_cost(starts(aim, 1)).partial:  # a fireball: 1 AP (S-TAKE-7)
            return fireball_options(ctx, reach.settled_part(), budget, aims)
    return fireball_options(ctx, reach, budget, aims)


def _ranked(finder: Finder, rank: int, ctx: Context, reach: Reach, horizon: int) -> list[Option]:
    return [o for o in finder(ctx, reach, horizon) if o.rank == rank]


def _settle_early(ctx: Context, mode: str, horizon: int, reach: Growing, finder: Finder,
                  rank: int | None) -> list[Option]:
    floor = rank_floor(ctx, mode)
    if floor is not None and rank is not None:  # options of that rank only: none ranks better
        floor = rank if floor <= rank else None
    if floor is None:  # nothing on the table to aim at: no option, whatever the ways
        return finder(ctx, Reach(reach.start), horizon)
    if _final_squares(ctx, mode) == set():  # no square to carry the mode out from: no option either
        return finder(ctx, Reach(reach.start), horizon)
    wanted = _may_start(ctx, mode, floor)
    part = reach.settled_part()
    bounded = False
    """Whether the floor is the best rank within reach yet (AMB-SEARCH-BOUND)."""
    aim: Cost | None = None
    """The cost up to which to settle before the choice can be known."""
    last: list[Option] | None = None if part.cost else []
    """What the finder finds on the first ``read`` settled states, the last of them ``end``
    (:data:`LOCAL`); None when not known (states settled before, for another objective, not read)."""
    read, end = 0, None

    def reading() -> list[Option]:
        """What the finder finds on every settled state, read once for the same states (:data:`LOCAL`:
        the same count and the same last state, so that a search replaced by another is read again)."""
        nonlocal last, read, end
        if last is None or read != len(part.cost) or (read and next(reversed(part.cost)) is not end):
            last, read = finder(ctx, part, horizon), len(part.cost)
            end = next(reversed(part.cost)) if read else None
        return last

    if read == 0 and part.cost:  # states settled for another objective: an option among them sets the aim
        aim = min((o.total for o in reading() if o.rank <= floor), default=None)
    while reach.partial:
        if aim is None and not bounded and reach.settled >= PATIENCE:
            bounded = True  # so far, no option of the floor's rank: is any of its targets within reach?
            reached = reachable_floor(ctx, mode, horizon, floor, rank)
            if reached is None:  # no target within reach: no option, whatever the ways
                return finder(ctx, Reach(reach.start), horizon)
            if reached != floor:  # read again what is settled, with the floor raised
                floor, wanted = reached, _may_start(ctx, mode, reached)
                aim = min((o.total for o in reading() if o.rank <= floor), default=None)
                continue
        if aim is None:  # cost by cost, the new states alone, until a best-ranked option shows
            most = None if bounded else PATIENCE
            fresh = reach.step() if wanted is None else reach.seek(wanted, most)
            if fresh and reach.partial:
                found = finder(ctx, Batch(reach.start, fresh), horizon)
                aim = min((o.total for o in found if o.rank <= floor), default=None)
                kept = found if last == [] and mode in LOCAL else None  # only this batch found any
                last, read, end = kept, read + len(fresh), fresh[-1][0]
            continue
        reach.upto_cost(starts(aim, FINAL.get(mode, 0)))
        if not reach.partial:
            break
        options = reading()  # holds the option found: its best costs at most ``aim``
        if options and decided(ctx, mode, best_options(options), reach.through, floor, horizon):
            return options  # (empty only if a finder dropped what it found on fewer states: read all)
        break  # a pick-up that does not stop on its object: a dearer way may replace it
    reach.complete()
    return reading()  # every state of the search, complete (``part`` reads its states live)


def decided(ctx: Context, mode: str, best: list[Option], through: Cost, floor: int, horizon: int) -> bool:
    """Whether no way dearer than ``through`` can change ``best`` (the module's argument)."""
    first = best[0]
    if starts(first.total, FINAL.get(mode, 0)) > through or first.rank > floor:
        return False
    if mode == "take_object":
        return all(o.data.get("square") == o.state.square for o in best)
    if mode == "fight":
        return first.data.get("attack") == "shoot" or no_shot(ctx, horizon)
    return True


def starts(cost: Cost, final: int) -> Cost:
    """The dearest state an option costing ``cost`` can start its final action from, when that action
    adds ``final`` AP or more and no square (the module's argument)."""
    return cost[0] - final, cost[1]


def rank_floor(ctx: Context, mode: str) -> int | None:
    """The best rank an option of ``mode`` can have on this table: of the items the NPC does not hold
    (Take object), the enemies it may attack (Fight) or push (Repulse), its friends (Regroup) or
    the wounded among them and the one it carries (Heal), None when there is none (no option at
    all); 0 for the other modes (all rank 0)."""
    if mode == "take_object":
        ranks = [ctx.card.object_rank(item) for item in _table_items(ctx, but=ctx.npc.id)]
    elif mode in ("fight", "repulse", "regroup", "heal"):
        aims = {"fight": fight_targets(ctx), "repulse": ctx.enemies(), "regroup": ctx.friends()}.get(mode)
        if aims is None:  # heal: the wounded friends, and the one it carries (S-HEAL-3)
            aims = [c for c in ctx.position.characters.values() if c.wounded and c.id != ctx.npc.id]
        ranks = [ctx.rank_of_class(c.class_id) for c in aims]
    else:
        return 0
    return min((r for r in ranks if r is not None), default=None)


def _may_start(ctx: Context, mode: str, floor: int) -> Wanted | None:
    """What every rest node an option of ``mode`` ranked ``floor`` or better starts its final action
    from has (None: not told here): the search settles on, unread, until it settles one. A node is
    (square, REST or EXITED, item carried, board changes, ...)."""
    if mode == "exit":
        return lambda node: node[1] == EXITED
    if mode == "take_object":
        rank = ctx.card.object_rank

        known: dict[Delta, bool] = {EMPTY: False}  # many nodes share one set of changes

        def takes_one(node: Node) -> bool:
            delta = node[3]
            found = known.get(delta)
            if found is None:
                found = known[delta] = any(
                    len(c) == 3 and c[0] in ("take", "receive") and _within(rank(c[2]), floor) for c in delta)
            return found
        return takes_one
    if mode == "deliver":
        return lambda node: any(len(c) == 3 and c[0] == "give" for c in node[3])
    if mode == "repulse":  # a scream along the line of the enemy (B-BANS-2): its rank or its file
        class_rank = ctx.rank_of_class
        at = [c.at for c in ctx.enemies() if c.at is not None and _within(class_rank(c.class_id), floor)]
        ranks, files = {rank_of(sq) for sq in at}, {file_of(sq) for sq in at}
        return lambda node: rank_of(node[0]) in ranks or file_of(node[0]) in files
    squares = _final_squares(ctx, mode)
    if mode in ("regroup", "heal", "fight"):
        if mode == "heal" and ctx.npc.carries is not None:
            return None  # S-HEAL-3: the wounded it carries is healed from where it stands
        aims = {"regroup": ctx.friends(), "fight": fight_targets(ctx)}.get(mode)
        if aims is None:
            aims = [c for c in ctx.friends() if c.wounded]
        squares = {sq for c in aims if c.at is not None and _within(ctx.rank_of_class(c.class_id), floor)
                   for sq in attack_squares(ctx.position, c.at)}
        if mode == "fight":  # a blow from next to a target, a shot holding the Bow (S-FIGHT-7)
            return lambda node: node[0] in squares or node[2] == "bow"
    if squares is None:
        return None
    return lambda node: node[0] in squares


def _final_squares(ctx: Context, mode: str) -> set[Square] | None:
    """The squares a mode ranked 0 carries its final action out from (an access to a hidden room, a
    gear, a side of a closed portcullis); None for the others. With none, no search has an option."""
    if mode in ("reveal", "rotation", "open_portcullis", "break_portcullis"):
        return goal_squares(ctx, mode)
    return None


def _within(rank: int | None, floor: int) -> bool:
    return rank is not None and rank <= floor


def _table_items(ctx: Context, but: str | None = None) -> list[str]:
    """Every item on the table: objects lying, what each figure (but one) carries, every wounded."""
    items = [o.kind for o in ctx.position.objects]
    for c in ctx.position.characters.values():
        held = c.carried_item()
        if c.id != but and held is not None:
            items.append(held)
        if c.wounded:
            items.append(wounded_item(c.id))
    return items


def _fireball_first(ctx: Context, mode: str) -> bool:
    """S-TAKE-7: a Wizard holding the Wand looks for a shot before any object."""
    return mode == "take_object" and ctx.npc.carries == "wand" and ctx.npc.character_class.has("magic_user")
