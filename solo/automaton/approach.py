"""Moving "as close as possible" to a goal (S-ACT-5/6, the continuations; AMB-APPROACH).

Each stop the NPC can reach within its AP is scored by the cheapest remaining way to the goal on a
relaxed board (closed portcullises passable for 1 AP more, other figures ignored: see
:mod:`solo.automaton.relaxed`).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping
from typing import Any

from solo.automaton.attacks import fight_targets
from solo.automaton.choice import choose
from solo.automaton.context import Context
from solo.automaton.goals import closed_portcullises, gear_squares, reveal_access
from solo.automaton.moves import go
from solo.automaton.options import Option, attack_squares
from solo.automaton.relaxed import relaxed_distances
from solo.automaton.table import Request
from solo.automaton.true_cost import joined_squares
from solo.i18n import render
from solo.messages import Param, msg
from solo.table import naming
from solo.table.position import wounded_item
from solo.table.sight import sight_line
from solo.table.squares import YELLOW_RANK, Direction, Square, line_squares


def _relaxed(ctx: Context, goals: list[Square]) -> Mapping[Square, tuple[int, int]]:
    """:func:`relaxed_distances` for the NPC up to its own square (only closer stops are of use),
    computed once per state of the table."""
    return ctx.memo(("relaxed", tuple(goals)),
                    lambda: relaxed_distances(ctx.position, ctx.npc, goals, until=ctx.npc.at))


# -- the goals of each mode, best-ranked first ------------------------------------------------------
def goal_groups(ctx: Context, mode: str, ranked: bool = True) -> list[tuple[int, Param, list[Square]]]:
    """The squares that would let the NPC carry out ``mode``, grouped by target rank (best first).

    ``ranked=False`` puts every target in one group (the "nearest" continuations, S-HEAL-4);
    otherwise the best-ranked group with any way towards it is approached (AMB-APPROACH-TARGET).
    """
    position = ctx.position
    groups: dict[int, tuple[list[Param], list[Square]]] = {}

    def add(rank: int, label: Param, squares: Iterable[Square]) -> None:
        labels, sqs = groups.setdefault(rank if ranked else 0, ([], []))
        labels.append(label)
        sqs.extend(squares)

    if mode == "fight":
        for t in fight_targets(ctx):
            assert t.at is not None
            add(ctx.rank_of_class(t.class_id) or 0,
                naming.figure(position, t.id), attack_squares(position, t.at))
    elif mode == "exit":
        add(0, msg("the yellow line"), line_squares(YELLOW_RANK))
    elif mode == "take_object":
        held = ctx.card.object_rank(ctx.npc.carried_item())
        for sq, items in _lying_items(ctx).items():
            for item in items:
                rank = ctx.card.object_rank(item)
                if rank is not None and (held is None or rank < held):
                    add(rank, naming.item(position, item), [sq])
    elif mode == "reveal":
        add(0, msg("a hidden room"), reveal_access(ctx, locked=True))
    elif mode in ("regroup", "heal", "repulse", "deliver"):
        for f in ctx.enemies() if mode == "repulse" else ctx.friends():
            rank = ctx.rank_of_class(f.class_id)
            if rank is None or f.at is None or (mode == "heal" and not f.wounded):
                continue
            if mode == "deliver" and (ctx.deliver is None or f.class_id != ctx.deliver.to or f.wounded):
                continue
            if mode == "repulse":
                squares: Iterable[Square] = [s for d in Direction for s in sight_line(position, f.at, d)]
            else:
                squares = attack_squares(position, f.at)
            add(rank, naming.figure(position, f.id), squares)
    elif mode == "rotation":
        add(0, msg("a rotation gear"), gear_squares(ctx))
    elif mode in ("open_portcullis", "break_portcullis"):
        add(0, msg("a closed portcullis"), [s for e in closed_portcullises(ctx) for s in e])
    return [(rank, tuple(labels), squares) for rank, (labels, squares) in sorted(groups.items())]


def first_reachable_group(ctx: Context, mode: str) -> int | None:
    """The rank of the best-ranked target the NPC has any way towards on the relaxed board."""
    for rank, _, squares in goal_groups(ctx, mode):
        if _joined(ctx, squares) and ctx.npc.at is not None and ctx.npc.at in _relaxed(ctx, squares):
            return rank
    return None


def _joined(ctx: Context, goals: list[Square]) -> bool:
    """Whether a goal is among the squares joined to the NPC's (:func:`joined_squares`). Every move
    of the relaxed board (a step, a jump, a portcullis passed) crosses an edge that is neither a wall
    nor, but for the Naga, an arrow slit, both ways alike: with no goal joined, the relaxed search
    would not reach the NPC's square, and need not be made to say so."""
    return not joined_squares(ctx).isdisjoint(goals)


def _lying_items(ctx: Context) -> dict[Square, list[str]]:
    items: dict[Square, list[str]] = {}
    for o in ctx.position.objects:
        items.setdefault(o.at, []).append(o.kind)
    for c in ctx.friends():
        if c.wounded and c.at is not None:
            items.setdefault(c.at, []).append(wounded_item(c.id))
    return items


ABOUT = {
    "next fight target": msg("next fight target"),
    "next room to reveal": msg("next room to reveal"),
    "approach to the default objective": msg("approach to the default objective"),
    "next portcullis": msg("next portcullis"),
    "next wounded": msg("next wounded"),
}
"""What a tie among stops is about, in words."""


def move_closer(
    ctx: Context, mode: str, budget: int, ranked: bool = True, about: str = ""
) -> Generator[Request, Any, bool]:
    """Spend at most ``budget`` AP moving as close as possible to ``mode``'s goal (AMB-APPROACH);
    False when no stop is closer than where the NPC stands (S-ACT-6)."""
    npc = ctx.npc
    groups = goal_groups(ctx, mode, ranked)
    if not groups:
        ctx.explanation.note(msg("nothing left to aim at for {mode}", mode=naming.mode(mode)))
        return False
    for _, label, squares in groups:
        key = render(msg("{targets}", targets=label))
        if npc.at is None or not _joined(ctx, squares):
            continue
        dist = _relaxed(ctx, squares)
        if npc.at not in dist:
            continue
        here = dist[npc.at]
        reach = ctx.reach(budget)
        options = []
        for state, cost in reach.states():
            if state.exited or state.square not in dist or cost[0] > budget:
                continue
            remaining = dist[state.square]
            options.append(Option(mode, key, remaining[0] * 1000 + remaining[1], state, cost,
                                  data={"towards": label}))
        closer = [o for o in options if o.rank < here[0] * 1000 + here[1]]
        if not closer:
            ctx.explanation.note(msg("it cannot get any closer to {target} (S-ACT-6)", target=label))
            return False
        topic = ABOUT.get(about) or msg("closest stop towards {target}", target=label)
        option = yield from choose(ctx, closer, about or f"closest stop towards {key}", topic)
        remaining = divmod(option.rank, 1000)
        ctx.explanation.note(
            msg(
                "moves as close as possible to {target}: from there it would still need "
                "{ap} AP and {squares} (AMB-APPROACH)",
                target=label, ap=remaining[0], squares=naming.squares(remaining[1]),
            )
        )
        go(ctx, option, reach)
        return True
    ctx.explanation.note(
        msg(
            "no way leads towards its {mode} objective from here, even counting "
            "closed portcullises as passable and other figures as absent (AMB-APPROACH)",
            mode=naming.mode(mode),
        )
    )
    return False
