"""Activating one NPC (S-ACT-1..7): find the first achievable objective, carry out its mode.

:func:`activate` is a generator of :class:`~solo.automaton.table.Request` values ending with the
:class:`~solo.automaton.explanation.Explanation`; :func:`run_activation` drives it with a Table.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from solo.actions.wand import apply_wand
from solo.automaton.approach import move_closer
from solo.automaton.choice import best_options, choose
from solo.automaton.context import Context, cards_of
from solo.automaton.early import options_early, shots_early
from solo.automaton.explanation import Explanation, ObjectiveExam, Step
from solo.automaton.goals import (
    Option,
    deliver_squares,
    option_name,
)
from solo.automaton.modes import run_fight, run_reveal, run_rotation
from solo.automaton.moves import go
from solo.automaton.personal import Goal, ask_at, current_objectives
from solo.automaton.powers import run_exit, run_heal, run_portcullis, run_regroup, run_repulse
from solo.automaton.table import Request, Table, drive
from solo.automaton.true_cost import OutOfReach
from solo.automaton.true_cost import options_for as options_for  # read from here by tests
from solo.automaton.walk import taken_item
from solo.content.npccard import NpcCard, require_playable
from solo.errors import IllegalActionError
from solo.messages import Ref, msg
from solo.table import naming
from solo.table.card_lookup import card_for
from solo.table.movement import EMPTY, Mover
from solo.table.position import Position
from solo.table.squares import square_name

RULES = {
    "fight": ("S-FIGHT-1", "S-FIGHT-2"),
    "exit": ("S-EXIT-1",),
    "take_object": ("S-TAKE-1", "S-TAKE-2"),
    "reveal": ("S-REVEAL-NPC-1",),
    "regroup": ("S-REGROUP-1",),
    "rotation": ("S-ROT-1",),
    "open_portcullis": ("S-OPEN-1",),
    "break_portcullis": ("S-BREAK-1",),
    "heal": ("S-HEAL-1",),
    "repulse": ("S-REPULSE-1",),
    "deliver": ("S-PERS-SERPICO",),
}


def examine(
    ctx: Context, goal: Goal, budget: int, horizon: int, research: bool, out_of_reach: OutOfReach
) -> tuple[ObjectiveExam, list[Option]]:
    """Is the objective achievable within ``budget``? The exam records the cheapest cost however
    far: at once when a search within ``horizon`` finds one, else through ``out_of_reach``."""
    exam = ObjectiveExam(
        goal.rank, goal.mode, goal.ap, False, rules=RULES.get(goal.mode, ()), research=research
    )
    if goal.changed_by is not None:
        exam.why.append(goal.changed_by)
    ctx.deliver = goal.deliver
    if goal.mode == "reveal" and all(ctx.position.board.is_revealed(s) for s in range(1, 9)):
        exam.why.append(msg("every room is revealed: Reveal room is ignored (S-REVEAL-NPC-5)"))
        return exam, []
    options = options_early(ctx, goal.mode, max(horizon, budget))
    if not options:  # AMB-TRUE-COST: an objective out of reach still shows its cheapest cost however far
        out_of_reach.add(ctx, exam, ctx.deliver, goal.mode, max(horizon, budget),
                         lambda e, c, seen: too_dear(e, c, seen, budget, research))
        return exam, []
    within = [o for o in options if o.total[0] <= budget]
    if not within:
        too_dear(exam, ctx, options, budget, research)
        return exam, []
    ranked = best_options(options)
    best = ranked[0]
    # ``within`` is ``options`` when every option is within the budget: the same best, in the same order.
    tied = ranked if len(within) == len(options) else best_options(within)
    exam.cost, exam.target = best.total, best.aim
    if goal.mode == "regroup":
        first = tied[0]
        if any(o.cost == (0, 0) and o.rank == first.rank for o in within):
            exam.why.append(
                msg(
                    "already next to {friend}, the best-ranked friend it can reach: skipped (S-REGROUP-2)",
                    friend=option_name(ctx.position, first),
                )
            )
            exam.rules = ("S-REGROUP-2",)
            return exam, []
    chosen = tied[0]
    exam.achievable, exam.cost, exam.target = True, chosen.total, chosen.aim
    target = option_name(ctx.position, chosen)
    ap, squares = chosen.total
    if goal.mode in ("fight", "regroup", "heal", "repulse", "take_object"):
        exam.why.append(
            msg(
                "achievable: {target} (rank {rank} on its list, {ap} AP, {squares})",
                target=target, rank=chosen.rank + 1, ap=ap, squares=naming.squares(squares),
            )
        )
    else:
        exam.why.append(
            msg("achievable: {target} ({ap} AP, {squares})", target=target, ap=ap,
                squares=naming.squares(squares))
        )
    return exam, within


def too_dear(exam: ObjectiveExam, ctx: Context, seen: list[Option], budget: int, research: bool) -> None:
    """The cheapest of ``seen`` (none within ``budget``) as the exam's cost, target and reason."""
    if not seen:
        exam.why.append(msg("nothing to aim at on the known table"))
        return
    best = best_options(seen)[0]
    exam.cost, exam.target = best.total, best.aim
    costs = {"mode": naming.mode(exam.mode), "target": option_name(ctx.position, best),
             "ap": best.total[0], "quota": budget}
    exam.why.append(
        msg("{mode} costs {ap} AP ({target}), more than the {quota} AP left", **costs) if research
        else msg("{mode} costs {ap} AP ({target}), more than its {quota}", **costs)
    )


def search_objectives(ctx: Context, research: bool) -> tuple[Goal, list[Option]] | None:
    """S-ACT-1: the first objective achievable within its quota (S-TAKE-6: within the AP left)."""
    goals = current_objectives(ctx)
    # AMB-HORIZON: one search bounded by the card's largest quota serves every objective;
    # AMB-RESEARCH-QUOTA: searched again, an objective is achievable within the AP left.
    horizon = ctx.budget if research else max(g.ap for g in goals)
    out_of_reach = OutOfReach()
    for goal in goals:
        budget = ctx.budget if research else goal.ap
        exam, options = examine(ctx, goal, budget, horizon, research, out_of_reach)
        ctx.explanation.examined(exam)
        if options:
            ctx.pending = exam
            return goal, options
    return None


def activate(
    position: Position,
    npc_id: str,
    tallies: dict[str, int] | None = None,
    explanation: Explanation | None = None,
    cards: dict[str, NpcCard] | None = None,
) -> Generator[Request, Any, Explanation]:
    """One NPC's activation as a sequence of requests to the table; returns its explanation
    (``explanation``, when given, is filled as the activation goes, so a caller sees the steps
    made before a request it cannot answer)."""
    npc = position.character(npc_id)
    if cards is None:
        cards = cards_of(position)
    card = cards.get(npc_id) or card_for(position, npc_id)  # raises DataError naming what is wrong
    require_playable(card)
    if npc.wounded or npc.at is None:
        raise IllegalActionError(msg("{npc:cap} is wounded or not on the board: it is not activated "
                                     "(S-TURN-6)",
                                     npc=naming.figure(position, npc_id)))
    ctx = Context(
        position,
        npc,
        card,
        explanation or Explanation(npc_id),
        tallies if tallies is not None else {},
        cards=cards,
    )
    ctx.explanation.who = naming.figure(position, npc_id)
    yield from ask_at(ctx, "activation_start")
    found = search_objectives(ctx, research=False)
    if found is None:
        yield from approach_default(ctx)
    else:
        goal, options = found
        ctx.budget = goal.ap
        ctx.explanation.chosen = {"rank": goal.rank, "mode": goal.mode, "quota": goal.ap, "default": False}
        yield from run_mode(ctx, goal, options)
    yield from finish_move(ctx)
    return ctx.explanation


def finish_move(ctx: Context) -> Generator[Request, Any, None]:
    """An action ends on a valid square (B-MOVE-12, B-GOLD-3): an NPC left in the middle of a move
    where it may not stop (crossing a friend it handed an item to, on the square of a swap) goes on
    to the nearest square it may stop on, with the steps left in that move (no AP)."""
    npc = ctx.npc
    if npc.id not in ctx.position.characters or npc.at is None:
        return  # it left the dungeon
    if npc.wounded or Mover(ctx.position, npc).valid_stop(npc.at, npc.carried_item(), EMPTY):
        return
    stops = [
        Option("finish", square_name(state.square), 0, state, cost)
        for state, cost in ctx.reach(0).states()
        if not state.exited and state.square != npc.at
    ]
    if not stops:
        raise IllegalActionError(
            msg("{npc:cap} is left on {square}, where it may not stop, with no step left (B-MOVE-12)",
                npc=naming.figure(ctx.position, npc.id), square=square_name(npc.at))
        )
    option = yield from choose(ctx, stops, "square to end its move on", msg("square to end its move on"))
    ctx.explanation.note(msg("it ends its move on the nearest square it may stop on (B-MOVE-12)"))
    go(ctx, option, ctx.reach(0))


def default_goal(ctx: Context) -> Goal:
    """The purple objective as it stands now (a personality may have changed it, S-CARD-6)."""
    for goal in current_objectives(ctx):
        if goal.default:
            return goal
    printed = ctx.card.default_objective()
    assert printed is not None  # a playable card has one (require_playable)
    return Goal(printed.rank, printed.mode, printed.ap, True)


def approach_default(ctx: Context) -> Generator[Request, Any, None]:
    """S-ACT-5/6: no objective achievable: move as close as possible to the default objective."""
    default = default_goal(ctx)
    ctx.budget = default.ap
    ctx.deliver = default.deliver
    ctx.explanation.chosen = {
        "rank": default.rank,
        "mode": default.mode,
        "quota": default.ap,
        "default": True,
    }
    moved = yield from move_closer(ctx, default.mode, default.ap, about="approach to the default objective")
    if not moved:
        ctx.explanation.deactivated = msg(
            "it cannot get closer to its default objective: it does nothing (S-ACT-6)"
        )


def run_mode(ctx: Context, goal: Goal, options: list[Option]) -> Generator[Request, Any, None]:
    """Carry out the chosen objective's mode with its possibilities (S-ACT-4)."""
    runners: dict[str, Callable[[Context, list[Option]], Generator[Request, Any, None]]] = {
        "take_object": run_take,
        "deliver": run_deliver,
        "fight": run_fight,
        "exit": run_exit,
        "reveal": run_reveal,
        "regroup": run_regroup,
        "rotation": run_rotation,
        "heal": run_heal,
        "repulse": run_repulse,
        "open_portcullis": lambda c, o: run_portcullis(c, o, "open_portcullis"),
        "break_portcullis": lambda c, o: run_portcullis(c, o, "break_portcullis"),
    }
    yield from runners[goal.mode](ctx, options)


def run_take(ctx: Context, options: list[Option]) -> Generator[Request, Any, None]:
    """S-TAKE-2..7: the best-ranked object; then the objectives again with the AP left."""
    option = yield from choose(ctx, options, "object to take", msg("object to take"))
    if "fireball" in option.data:
        go(ctx, option, ctx.reach())
        _fireball(ctx, option)
    else:
        sq, item = option.data["square"], option.data["item"]
        go(ctx, option, ctx.reach(), stop_after=lambda e: e[0] == sq and taken_item(e[2]) == item)
        if item == "wand" and ctx.npc.character_class.has("magic_user") and ctx.budget >= 1:
            shots = shots_early(ctx, ctx.budget)  # S-TAKE-7: picked up on the way (AMB-SEARCH-EARLY)
            if shots:
                shot = yield from choose(ctx, shots, "fireball target", msg("fireball target"))
                go(ctx, shot, ctx.reach())
                _fireball(ctx, shot)
    yield from search_again(ctx)


def run_deliver(ctx: Context, options: list[Option]) -> Generator[Request, Any, None]:
    """S-PERS-SERPICO: cross the friend and hand it the item, then the objectives again."""
    option = yield from choose(
        ctx, options, "friend to hand the item to", msg("friend to hand the item to")
    )
    sq = option.data["square"]
    reach = ctx.reach(ctx.budget, deliver_squares(ctx))
    go(ctx, option, reach, stop_after=lambda e: e[0] == sq and e[1] == "give")
    held = next((c[2] for c in option.state.delta if len(c) == 3 and c[0] == "give" and c[1] == sq), None)
    if held is not None:
        ctx.delivered.add((sq, held))
    yield from search_again(ctx)


def _fireball(ctx: Context, option: Option) -> None:
    direction = option.data["fireball"]
    before = naming.figures(ctx.position)
    eliminated = apply_wand(ctx.position, ctx.npc, direction)
    ctx.spend(
        [
            Step(
                "fireball",
                1,
                {"direction": direction.name.lower(), "eliminated": eliminated},
                msg(
                    "fires the wand {direction}: eliminates {figures} (S-TAKE-7)",
                    direction=naming.direction(direction.name),
                    figures=tuple(before.get(c, Ref("npc", c)) for c in eliminated),
                ),
            )
        ],
        1,
    )


def search_again(ctx: Context) -> Generator[Request, Any, None]:
    """S-TAKE-6: with AP of the quota left, objectives again from 1 (no new quota), else the default."""
    if ctx.npc.at is None or ctx.npc.wounded or (ctx.budget <= 0 and ctx.steps_in_progress <= 0):
        return
    found = search_objectives(ctx, research=True)
    if found is None:
        default = default_goal(ctx)
        ctx.deliver = default.deliver
        moved = yield from move_closer(
            ctx, default.mode, ctx.budget, about="approach to the default objective"
        )
        if not moved:
            ctx.explanation.deactivated = msg("nothing else achievable with the AP left (S-TAKE-6)")
        return
    goal, options = found
    ctx.explanation.note(
        msg(
            "with {ap} AP left it pursues objective {rank} ({mode}), still in Take object mode "
            "(S-ACT-4, S-TAKE-6)",
            ap=ctx.budget, rank=goal.rank, mode=naming.mode(goal.mode),
        )
    )
    yield from run_mode(ctx, goal, options)


def run_activation(
    position: Position,
    npc_id: str,
    table: Table,
    tallies: dict[str, int] | None = None,
    cards: dict[str, NpcCard] | None = None,
) -> Explanation:
    """Drive :func:`activate` with ``table``; an unanswered request ends it with ``waiting``."""
    explanation = Explanation(npc_id)
    result, missing = drive(activate(position, npc_id, tallies, explanation, cards), table)
    if missing is not None:
        explanation.waiting = missing.to_json()
        explanation.waiting_text = missing.text
    return result or explanation
