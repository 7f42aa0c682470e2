"""Carrying out Open and Break portcullis, Heal, Repulse, Exit and Regroup once chosen (S-OPEN, S-BREAK,
S-HEAL, S-REPULSE, S-EXIT, S-REGROUP): move, act, and go on while the activation's AP last."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions.core import set_portcullis
from solo.actions.healing import apply_heal
from solo.actions.scream import apply_push, push_outcome, scream_targets
from solo.automaton.approach import move_closer
from solo.automaton.choice import choose
from solo.automaton.context import Context
from solo.automaton.early import options_early
from solo.automaton.explanation import Step
from solo.automaton.goals import heal_options
from solo.automaton.moves import go, score_exit
from solo.automaton.options import Option, attack_squares, by_square, option_name
from solo.automaton.personal import ask_at
from solo.automaton.table import (
    Request,
)
from solo.errors import MessageError
from solo.messages import msg
from solo.table import naming
from solo.table.board import MarkerState
from solo.table.squares import square_name

Run = Generator[Request, Any, None]


# -- Open / Break portcullis ------------------------------------------------------------------------
def run_portcullis(ctx: Context, options: list[Option], mode: str) -> Run:
    """S-OPEN-1/2, S-BREAK-1/2: the nearest closed portcullis, then the next while AP remain."""
    breaking = mode == "break_portcullis"
    while True:
        option = yield from choose(ctx, options, "portcullis", msg("portcullis"))
        go(ctx, option, ctx.reach())
        other = option.data["other"]
        if breaking:
            set_portcullis(ctx.position, ctx.npc, other, MarkerState.BROKEN, "breaks_portcullis")
        else:
            set_portcullis(ctx.position, ctx.npc, other, MarkerState.OPEN, "lock_picking")
        verb = "break" if breaking else "open"
        assert ctx.npc.at is not None
        between = [square_name(ctx.npc.at), square_name(other)]
        said = (
            msg("breaks the portcullis {between}", between="-".join(between))
            if breaking
            else msg("opens the portcullis {between}", between="-".join(between))
        )
        ctx.spend([Step(verb, 1, {"between": between}, said)], 1)
        if ctx.budget <= 0:
            return
        options = options_early(ctx, mode, ctx.budget)
        if not options:
            yield from move_closer(ctx, mode, ctx.budget, about="next portcullis")
            return


# -- Heal -------------------------------------------------------------------------------------------
def run_heal(ctx: Context, options: list[Option]) -> Run:
    """S-HEAL-2..5: the best-ranked friendly wounded, then the nearest others while AP remain."""
    while True:
        option = yield from choose(ctx, options, "wounded to heal", msg("wounded to heal"))
        if option.data.get("carried"):
            yield from _drop_and_step(ctx)
        else:
            go(ctx, option, ctx.reach())
        apply_heal(ctx.position, ctx.npc, option.target)
        healed = naming.figure(ctx.position, option.target)
        detail: dict[str, Any] = {}
        if ctx.has_flag("heal_acts_now") and ctx.position.turn is not None:
            if option.target in ctx.position.turn.healed:
                ctx.position.turn.healed.remove(option.target)
            text = msg("heals {figure} (it may act this turn, S-PERS-BONSOINS)", figure=healed)
            detail["acts_now"] = True  # the NP turn moves its card to the right end of the row
        else:
            text = msg("heals {figure} (not activated this turn, S-TURN-9)", figure=healed)
        ctx.spend([Step("heal", 1, {"target": option.target}, text, detail)], 1)
        if ctx.budget <= 0:
            return
        options = [
            Option(o.mode, o.target, 0, o.state, o.cost, o.final_ap, o.data)
            for o in heal_options(ctx, ctx.reach(), ctx.budget)
        ]  # S-HEAL-4: the nearest
        if not options:
            yield from move_closer(ctx, "heal", ctx.budget, ranked=False, about="next wounded")
            return


def _drop_and_step(ctx: Context) -> Run:
    """S-HEAL-3 / B-CLER-5: drop the carried wounded where it stands and step next to it (1 AP)."""
    assert ctx.npc.at is not None
    start = ctx.npc.at
    wounded_id = str(ctx.npc.carries)
    ctx.npc.carries = None
    ctx.position.characters[wounded_id].at = start
    ctx.changed()
    squares = by_square(ctx.reach(1), 1, 0)
    options = [
        Option("heal", square_name(sq), 0, state, cost)
        for sq in attack_squares(ctx.position, start)
        for state, cost in squares.get(sq, ())
        if cost[1] == 1  # one step: a new move (1 AP), or the move in progress going on (no AP)
    ]
    ctx.explanation.steps.append(
        Step(
            "drop",
            0,
            {"at": square_name(start), "item": f"wounded {wounded_id}"},
            msg(
                "drops {wounded} on {square} (S-HEAL-3)",
                wounded=naming.wounded(ctx.position, wounded_id), square=square_name(start),
            ),
        )
    )
    if not options:
        raise MessageError(msg("{cleric:cap} has no free square next to {wounded} to heal it from (S-HEAL-3)",
                               cleric=naming.figure(ctx.position, ctx.npc.id),
                               wounded=naming.wounded(ctx.position, wounded_id)))
    option = yield from choose(ctx, options, "square to heal from", msg("square to heal from"))
    go(ctx, option, ctx.reach(1))


# -- Repulse ----------------------------------------------------------------------------------------
def run_repulse(ctx: Context, options: list[Option]) -> Run:
    """S-REPULSE-2..4: the best-ranked enemy in sight, pushed again while 2 AP remain."""
    option = yield from choose(ctx, options, "enemy to repulse", msg("enemy to repulse"))
    go(ctx, option, ctx.reach())
    breaks = ctx.has_flag("repulse_breaks")
    while ctx.budget >= 2:
        yield from ask_at(ctx, "repulse")
        target = ctx.position.characters.get(option.target)
        if target is None or target.at is None or ctx.npc.at is None:
            return
        if all(sq != target.at for _, sq in scream_targets(ctx.position, ctx.npc)):
            return  # no longer in its line of sight (B-BANS-2)
        if not push_outcome(ctx.position, ctx.npc.at, target.at, breaks).legal:
            return
        origin = target.at
        pushed = naming.figure(ctx.position, target.id)
        result = apply_push(ctx.position, ctx.npc, origin, breaks)
        if result.eliminated:
            text = msg("repulses {target} from {square}: eliminated in a pit", target=pushed,
                       square=square_name(origin))
        else:
            text = msg("repulses {target} from {square}: to {to}", target=pushed, square=square_name(origin),
                       to=square_name(result.to) if result.to else "?")
        if result.wounded:
            text = msg("{text}, wounded", text=text)
        if result.broken:
            text = msg("{text}, breaking {between}", text=text,
                       between=f"{square_name(result.broken[0])}-{square_name(result.broken[1])}")
        ctx.spend(
            [
                Step(
                    "repulse",
                    2,
                    {
                        "target": target.id,
                        "from": square_name(origin),
                        "to": square_name(result.to) if result.to else None,
                        "eliminated": result.eliminated,
                    },
                    text,
                )
            ],
            2,
        )
        if result.eliminated:
            return


def run_exit(ctx: Context, options: list[Option]) -> Run:
    """S-EXIT-2/3: the most direct way out; the NP scores 1 VP."""
    option = yield from choose(ctx, options, "way out", msg("way out"))
    yield from ask_at(ctx, "exit")
    if go(ctx, option, ctx.reach()):
        score_exit(ctx)
    ctx.explanation.deactivated = msg("it left the dungeon (S-EXIT-3)")


def run_regroup(ctx: Context, options: list[Option]) -> Run:
    """S-REGROUP-3/4: next to the best-ranked friend, then deactivated."""
    option = yield from choose(ctx, options, "friend to join", msg("friend to join"))
    go(ctx, option, ctx.reach())
    ctx.explanation.deactivated = msg("it joined {friend} (S-REGROUP-4)",
                                      friend=option_name(ctx.position, option))
    return
    yield
