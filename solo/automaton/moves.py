"""Carrying out the way to a chosen option on the table, and recording its steps."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from solo.actions.combat import add_vp
from solo.automaton.context import Context
from solo.automaton.options import Option
from solo.automaton.walk import Event, carry_out, cut_at, steps_of
from solo.messages import Message, Ref, msg
from solo.table import naming
from solo.table.position import Side
from solo.table.search import Reach
from solo.table.squares import Square, square_name


def _friend_at(ctx: Context) -> Callable[[Square], str]:
    def who(sq: Square) -> str:
        figure = ctx.figure_on(sq)
        return figure.id if figure is not None else square_name(sq)

    return who


def go(ctx: Context, option: Option, reach: Reach, stop_after: Callable[[Event], bool] | None = None) -> bool:
    """Move the NPC along the way to ``option`` (cut just after a matching event, if any).

    Returns True when the NPC exited the dungeon on the way (S-EXIT-3 is scored by the caller).
    """
    way = reach.way_to_state(option.state)
    who = _friend_at(ctx)
    # Only a wounded falls (B-ROPE-9): their names before they leave the board.
    names = {c.id: naming.figure(ctx.position, c.id) for c in ctx.position.characters.values() if c.wounded}
    if stop_after is not None:
        cut = cut_at(ctx.position, ctx.npc, way, ctx.policy_for(reach), stop_after, ctx.steps_in_progress)
        if cut is not None:
            steps = steps_of(ctx.position, cut.actions, friend_at=who)
            fallen = carry_out(ctx.position, ctx.npc, cut).fallen
            if fallen and steps:
                steps[-1].detail["eliminated"] = list(fallen)
                ctx.explanation.note(_fell(names, fallen))
            ctx.spend(steps, cut.ap, cut.steps_left)
            ctx.explanation.end = square_name(cut.state.square)
            return False
    steps = steps_of(ctx.position, way.actions, way.final.exited, friend_at=who)
    outcome = carry_out(ctx.position, ctx.npc, way)
    if outcome.fallen and steps:
        steps[-1].detail["eliminated"] = list(outcome.fallen)
        ctx.explanation.note(_fell(names, outcome.fallen))
    ctx.spend(steps, way.cost[0], 0)
    if outcome.exited:
        ctx.explanation.end = steps[-1].fields.get("at") if steps else None
        return True
    ctx.explanation.end = square_name(way.final.square)
    return False


def score_exit(ctx: Context) -> None:
    """S-EXIT-3: an NPC that exits scores 1 VP for the NP; its card leaves play."""
    add_vp(ctx.position, Side.NPC)
    ctx.explanation.note(msg("the NP scores 1 VP for the exit (S-EXIT-3); its card is removed from play"))


def _fell(names: Mapping[str, Ref], fallen: Sequence[str]) -> Message:
    """B-ROPE-9: who fell when the NPC took the Rope they were crossing on."""
    figures = tuple(names.get(c, Ref("npc", c)) for c in fallen)
    return msg("{figures:cap} fell into the pit whose Rope it took (B-ROPE-9)", figures=figures)
