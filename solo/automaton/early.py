"""An objective's options found on a search settled only as far as the choice needs (AMB-SEARCH-EARLY).

The planner takes the best-ranked target first, then the cheapest way (S-PROX-4, then S-PROX-1..3):
for the modes below, the search within the quota is settled AP level by AP level and stops once an
option is found that no option still unsettled can beat or tie.

Why it is exact. Dijkstra settles ways in cost order, so once every way of at most ``k`` AP is
settled, every option not yet found starts its final action from a state of more than ``k`` AP
and costs more than ``k`` AP in all. An option costing at most ``k`` AP whose target ranks as well
as any target on the table can (``rank_floor``) is then beaten by no option still unsettled, and
every option tied with it (same rank and cost) is among those found: the best options, and the
die between them, are those of the complete search. Where a finder keeps one option per target
(Take object keeps the way that stops on the object, else the cheapest, AMB-CUT-TIE), a target's
option can still change later only from a way passing the object to one stopping on it: the best
options must all stop on their object. The search itself is the same one, settled in the same
order (:class:`~solo.table.ways.Growing`): whatever else reads it later gets it complete.

Left out: Fight (a shot found later replaces every blow, S-FIGHT-7), a Wizard holding the Wand
(a fireball first, S-TAKE-7), Regroup, Heal and Repulse (ranked by class, read on more than the
best option).
"""

from __future__ import annotations

from solo.automaton.choice import best_options
from solo.automaton.context import Context
from solo.automaton.goals import Option, deliver_squares
from solo.automaton.options import Cost
from solo.automaton.true_cost import FINDERS
from solo.table.growing import Growing
from solo.table.marks import no_cycle_collection
from solo.table.position import wounded_item
from solo.table.ways import Reach

EARLY = frozenset({"take_object", "exit", "reveal", "rotation", "open_portcullis", "break_portcullis",
                   "deliver"})
"""The modes whose choice is the best-ranked target, then the cheapest way (all ranks 0 but Take object)."""


def options_early(ctx: Context, mode: str, horizon: int) -> list[Option]:
    """Every option of ``mode`` within ``horizon`` AP that can be the best: the same best options
    as on the complete search (only options that cannot be chosen may be missing)."""
    finder = FINDERS[mode]
    reach = ctx.reach(horizon, deliver_squares(ctx) if mode == "deliver" else frozenset())
    if mode not in EARLY or not isinstance(reach, Growing) or _fireball_first(ctx, mode):
        return finder(ctx, reach, horizon)
    with no_cycle_collection():  # one pause for every step (each would end its own)
        return _settle_early(ctx, mode, horizon, reach)


def _settle_early(ctx: Context, mode: str, horizon: int, reach: Growing) -> list[Option]:
    finder = FINDERS[mode]
    floor = rank_floor(ctx, mode)
    part = reach.settled_part()
    aim: Cost | None = None
    """The cost up to which to settle before the choice can be known."""
    while reach.partial:
        if aim is None:  # cost by cost, each one's new states alone, until a best-ranked option shows
            fresh = reach.step()
            found = finder(ctx, Reach(reach.start, cost=dict(fresh)), horizon) if fresh else []
            aim = min((o.total for o in found if o.rank <= floor), default=None)
            continue
        reach.upto_cost(aim)
        if not reach.partial:
            break
        options = finder(ctx, part, horizon)  # holds the option found: its best costs at most ``aim``
        if decided(mode, best_options(options), reach.through, floor):
            return options
        break  # a pick-up that does not stop on its object: a dearer way may replace it
    return finder(ctx, reach, horizon)


def decided(mode: str, best: list[Option], through: Cost, floor: int) -> bool:
    """Whether no way dearer than ``through`` can change ``best`` (the module's argument)."""
    first = best[0]
    if first.total > through or first.rank > floor:
        return False
    return mode != "take_object" or all(o.data.get("square") == o.state.square for o in best)


def rank_floor(ctx: Context, mode: str) -> int:
    """The best rank an option of ``mode`` can have: Take object, the best-ranked item on the table
    the NPC does not hold (lying, carried by any other figure, a wounded anywhere); 0 otherwise."""
    if mode != "take_object":
        return 0
    items = [o.kind for o in ctx.position.objects]
    for c in ctx.position.characters.values():
        held = c.carried_item()
        if c.id != ctx.npc.id and held is not None:
            items.append(held)
        if c.wounded:
            items.append(wounded_item(c.id))
    ranks = [r for r in map(ctx.card.object_rank, items) if r is not None]
    return min(ranks, default=0)


def _fireball_first(ctx: Context, mode: str) -> bool:
    """S-TAKE-7: a Wizard holding the Wand looks for a shot before any object."""
    return mode == "take_object" and ctx.npc.carries == "wand" and ctx.npc.character_class.has("magic_user")
