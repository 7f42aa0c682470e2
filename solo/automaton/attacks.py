"""What the modes that aim at an enemy aim at, and every way to do it within a budget: a melee or a
shot (Fight), a fireball (a Wizard's Take object with the wand), a scream (Repulse).

Shots, fireballs and screams look along a line from where the NPC would stand: each such square is
read on the table as it would be after the way there (the objects taken and dropped on it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from solo.actions.combat import ranged_targets
from solo.actions.scream import push_outcome, scream_targets
from solo.actions.wand import wand_targets
from solo.automaton.context import Context
from solo.automaton.options import Option, attack_squares, by_square, in_line, under_figure, within
from solo.table.position import Character, Position
from solo.table.search import Reach, State
from solo.table.sight import may_see_from
from solo.table.squares import Direction, Square, is_line, rank_of

Looks = Callable[[Position, Character], list[tuple[Direction, Square]]]
"""What a character would hit along each line from where it stands (the Bow's shots, the wand's)."""


# -- Fight (S-FIGHT-1/2/7) --------------------------------------------------------------------------
def fight_targets(ctx: Context) -> list[Character]:
    """Enemies the NPC may attack: listed class, on the board, not wounded this turn (B-CMB-8)."""
    fresh = ctx.wounded_this_turn()
    return [
        c
        for c in ctx.enemies()
        if c.id not in fresh and ctx.rank_of_class(c.class_id) is not None and not under_figure(ctx, c)
    ]


def fight_options(ctx: Context, reach: Reach, budget: int, rank: int | None = None) -> list[Option]:
    """S-FIGHT-7: shots first when the NPC carries a Bow; otherwise melee from an adjacent square. With
    ``rank``, on the targets of that rank only (the next round, S-FIGHT-5, AMB-FIGHT-NEXT: a shot at
    another enemy does not keep it from attacking the one it goes for)."""
    targets = [t for t in fight_targets(ctx) if rank is None or ctx.rank_of_class(t.class_id) == rank]
    shots = shooting_options(ctx, reach, budget, targets)
    if shots:
        return shots
    squares = by_square(reach, budget, 1)
    options = []
    for target in targets:  # AMB-NPC-SPEAR: melee from an adjacent square only (S-FIGHT-1)
        assert target.at is not None
        rank = ctx.rank_of_class(target.class_id)
        assert rank is not None
        for sq in attack_squares(ctx.position, target.at):
            if is_line(sq) and is_line(target.at):
                continue  # B-CMB-9: a character on a starting line is attacked from a room only
            for state, cost in squares.get(sq, ()):
                options.append(Option("fight", target.id, rank, state, cost, 1, {"attack": "melee"}))
    return options


def shooting_options(ctx: Context, reach: Reach, budget: int, targets: list[Character]) -> list[Option]:
    """Squares from which the NPC, holding the Bow there, can shoot a listed enemy (B-RNG-2)."""
    by_id = {t.id: t for t in targets}
    ranks, files = in_line(targets)
    in_sight = may_see_from(ctx.position, [t.at for t in targets if t.at is not None])
    options = []
    for state, cost in within(reach, budget, 1):
        # AMB-BOW-ENROUTE: a Bow picked up on the way shoots from where the NPC stands.
        sq = state.square
        if state.carried != "bow" or (rank_of(sq) not in ranks and sq % 10 not in files):
            continue
        if not in_sight(state):
            continue
        for direction, target, rank in _aimed(ctx, state, ranged_targets, by_id):
            options.append(
                Option("fight", target.id, rank, state, cost, 1, {"attack": "shoot", "direction": direction})
            )
    return options


def _aimed(ctx: Context, state: State, looks: Looks, targets: Mapping[str, Character]
           ) -> Iterator[tuple[Direction, Character, int]]:
    """The listed enemies a shot along a line from ``state`` would hit first, each with its direction
    and rank, read on the table as it would be after the way there (AMB-BOW-ENROUTE)."""
    with ctx.after(state):
        hits = [(d, ctx.position.character_at(at)) for d, at in looks(ctx.position, ctx.npc)]
    for direction, target in hits:
        if target is not None and target.id in targets:
            rank = ctx.rank_of_class(target.class_id)
            assert rank is not None
            yield direction, target, rank


Aims = dict[State, list[tuple[Direction, Character, int]]]
"""What a shot from each state would hit (:func:`_aimed`), for a reader that reads states again."""


def fireball_options(ctx: Context, reach: Reach, budget: int, aims: Aims | None = None) -> list[Option]:
    """Squares from which the Wizard's wand would eliminate a listed enemy first in its line (B-WAND-3);
    ``aims``: what shots from states read before hit, on this table (filled with the new ones)."""
    targets = {c.id: c for c in ctx.enemies() if ctx.rank_of_class(c.class_id) is not None}
    in_sight = may_see_from(ctx.position, [t.at for t in targets.values() if t.at is not None])
    options = []
    for state, cost in within(reach, budget, 1):
        if state.carried != "wand" or not in_sight(state):  # a wall or a hidden room before each
            continue
        hits = None if aims is None else aims.get(state)
        if hits is None:
            hits = list(_aimed(ctx, state, wand_targets, targets))
            if aims is not None:
                aims[state] = hits
        for direction, target, rank in hits:
            options.append(Option("take_object", target.id, rank, state, cost, 1, {"fireball": direction}))
    return options


# -- Repulse (S-REPULSE-1/2) ------------------------------------------------------------------------
def repulse_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    targets = {c.id: c for c in ctx.enemies() if ctx.rank_of_class(c.class_id) is not None}
    ranks, files = in_line(targets.values())
    breaks = ctx.has_flag("repulse_breaks")
    in_sight = may_see_from(ctx.position, [t.at for t in targets.values() if t.at is not None])
    options = []
    for state, cost in within(reach, budget, 2):
        if rank_of(state.square) not in ranks and state.square % 10 not in files:
            continue
        if not in_sight(state):
            continue
        with ctx.after(state):
            seen = scream_targets(ctx.position, ctx.npc)
            for _, target_sq in seen:
                target = ctx.position.character_at(target_sq)
                if target is None or target.id not in targets:
                    continue
                if not push_outcome(ctx.position, state.square, target_sq, breaks).legal:
                    continue
                rank = ctx.rank_of_class(target.class_id)
                assert rank is not None
                options.append(Option("repulse", target.id, rank, state, cost, 2))
    return options
