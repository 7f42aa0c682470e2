"""What each mode aims at, and every way the NPC could carry it out within a budget.

For each mode an :class:`Option` (``solo.automaton.options``) is one possibility: a target, the state
the NPC reaches (where it stands before the mode's final action), the cost of getting there and of
that action. The modes that aim at an enemy (Fight, a fireball, Repulse) are found in
``solo.automaton.attacks``; the rest here. The planner then applies target priority (S-PROX-4) and
proximity (S-PROX-1..3) to choose.
"""

from __future__ import annotations

from typing import Any

from solo.actions.reveals import reveal_access as board_reveal_access

# The enemy-aimed finders and the option's record are read from here too (true_cost.py, activation.py).
from solo.automaton.attacks import fight_options as fight_options
from solo.automaton.attacks import fight_targets as fight_targets
from solo.automaton.attacks import fireball_options as fireball_options
from solo.automaton.attacks import repulse_options as repulse_options
from solo.automaton.context import Context
from solo.automaton.options import Cost, attack_squares, by_square, moved_wounded, under_figure, within
from solo.automaton.options import Option as Option
from solo.automaton.options import option_name as option_name
from solo.automaton.personal import gear_locks
from solo.table.board import Passage, Terrain
from solo.table.movement import EMPTY, Delta, Mover
from solo.table.position import Side, item_character
from solo.table.search import Reach, State
from solo.table.squares import Edge, Square, slot_of, square_name


# -- Exit (S-EXIT-1) --------------------------------------------------------------------------------
def exit_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    return [
        Option("exit", square_name(state.square), 0, state, cost)
        for state, cost in reach.states()
        if state.exited and cost[0] <= budget
    ]


# -- Take object (S-TAKE-1..5, S-TAKE-7) ------------------------------------------------------------
def take_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    """Objects (and friendly wounded) of the card's list picked up on the way, better than the one
    carried at the start (S-TAKE-5); a Wizard holding the wand first looks for a fireball (S-TAKE-7)."""
    if ctx.npc.carries == "wand" and ctx.npc.character_class.has("magic_user"):
        shots = fireball_options(ctx, reach, budget)
        if shots:
            return shots
    held_rank = ctx.card.object_rank(ctx.npc.carried_item())
    # AMB-CUT-TIE: a pick-up is one possibility whatever happens after it: the cheapest way to each.
    # A way that stops on the object's square costs exactly what the pick-up does: it is preferred.
    cheapest: dict[tuple[str, Square], tuple[tuple[bool, Cost], State, str]] = {}
    tied: dict[tuple[str, Square], list[State]] = {}
    exact = ctx.memo(("exact_trails",), lambda: ctx.policy().exact_trails)  # AMB-DROP-BACK-TRAIL: the die
    object_rank, delivered = ctx.card.object_rank, ctx.delivered
    pick_ups: dict[Delta, list[tuple[tuple[str, Square], Square, str, bool]]] = {}
    """Each set of board changes' pick-ups of objects that can be options, in a fixed order (ties go
    to the same change in every process), found once: many states share one set. An object off the
    list, or not better than the one held (S-TAKE-5), never enters ``cheapest``: it is left out here.
    The last field: a friend's hand-over of what it was just given (AMB-DELIVER, never taken back)."""
    for state, cost in reach.states():
        if state.exited or cost[0] > budget:
            continue
        changes = pick_ups.get(state.delta)
        if changes is None:
            changes = pick_ups[state.delta] = []
            for change in sorted(state.delta):
                if len(change) != 3 or change[0] not in ("take", "receive"):
                    continue
                kind, sq, item = change
                rank = object_rank(item)
                if rank is not None and (held_rank is None or rank < held_rank):
                    changes.append(((item, sq), sq, kind, kind == "receive" and (sq, item) in delivered))
        at = state.square
        for pair, sq, how, given in changes:
            order = (at != sq, cost)
            known = cheapest.get(pair)
            if known is not None:
                kept = known[0]
                if kept < order:
                    continue
                if kept == order:
                    if exact and not order[0]:  # AMB-DROP-BACK-TRAIL: another end
                        tied.setdefault(pair, []).append(state)
                    continue
            if given:
                continue  # AMB-DELIVER: never take back what it just handed over
            cheapest[pair] = (order, state, how)
            tied.pop(pair, None)
    options = []
    for (item, sq), ((_, cost), first, how) in cheapest.items():
        char_id = item_character(item)
        target = f"wounded {char_id}" if char_id else f"{item} on {square_name(sq)}"
        rank = ctx.card.object_rank(item)
        assert rank is not None
        ends = [first, *tied.get((item, sq), ())]  # equal ways leaving the board apart: the die (S-PROX-3)
        for state in ends:
            key = (item, sq) if len(ends) == 1 else (item, sq, state.delta)
            data = {"square": sq, "item": item, "how": how, "key": key, "aim": char_id or square_name(sq)}
            options.append(Option("take_object", target, rank, state, cost, 0, data))
    return options


# -- Reveal room (S-REVEAL-NPC-1/2) -----------------------------------------------------------------
def reveal_access(ctx: Context, locked: bool = False) -> dict[Square, dict[int, Square | None]]:
    """Squares with direct access to a hidden room for the NPC (B-REV-2/3, S-OBJ-7, AMB-BLUELINE),
    once per state of the table."""
    return ctx.memo(("reveal_access", locked), lambda: board_reveal_access(ctx.position, Side.NPC, locked))


def reveal_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    """Reveal from a square with direct access (1 AP); through a closed portcullis, a Key carrier
    opens it first (1 AP more, S-OBJ-7, AMB-REVEAL-KEY)."""
    access = reveal_access(ctx, locked=True)
    options = []
    squares = {final: by_square(reach, budget, final) for final in (1, 2)} if access else {}
    for sq, slots in access.items():
        for slot, portcullis in slots.items():
            final = 1 if portcullis is None else 2
            for state, cost in squares[final].get(sq, ()):
                if portcullis is not None and state.carried != "key":
                    continue
                data: dict[str, Any] = {"slot": slot, "open": portcullis, "aim": slot}
                options.append(Option("reveal", f"room {slot}", 0, state, cost, final, data))
    return options


# -- Regroup (S-REGROUP-1..3) -----------------------------------------------------------------------
def regroup_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    squares = by_square(reach, budget, 0)
    options = []
    for friend in ctx.friends():
        rank = ctx.rank_of_class(friend.class_id)
        if rank is None or friend.at is None:
            continue
        for sq in attack_squares(ctx.position, friend.at):
            for state, cost in squares.get(sq, ()):
                if friend.wounded and moved_wounded(state, friend):
                    continue
                options.append(Option("regroup", friend.id, rank, state, cost))
    return options


# -- Rotation (S-ROT-1/2, S-PERS-BRIKOLTOU) ---------------------------------------------------------
def locked_pairs(ctx: Context) -> set[int]:
    """Room pairs a Brikoltou-like NPC on their gear locks for non-Mechanorks (S-PERS-BRIKOLTOU)."""
    if ctx.npc.character_class.has("craftsmanship"):
        return set()
    return set(gear_locks(ctx.position, ctx.cards))


def gear_squares(ctx: Context) -> tuple[Square, ...]:
    """The gears the NPC may turn from (S-ROT-1, S-PERS-BRIKOLTOU), once per state of the table: every
    objective examined and every reading of a search asks for them."""
    return ctx.memo(("gear_squares",), lambda: _gear_squares(ctx))


def _gear_squares(ctx: Context) -> tuple[Square, ...]:
    board = ctx.position.board
    locked = locked_pairs(ctx)
    result = []
    for sq in board.geometry().squares_of(Terrain.GEAR):
        slot = slot_of(sq)
        room = board.room(slot) if slot is not None else None
        if room is not None and room.layout.pair not in locked:
            result.append(sq)
    return tuple(result)


def rotation_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    gears = set(gear_squares(ctx))
    return [
        Option(
            "rotation",
            f"gear {square_name(state.square)}",
            0,
            state,
            cost,
            0,
            {"aim": square_name(state.square)},
        )
        for state, cost in within(reach, budget, 0)
        if state.square in gears
    ]


# -- Open / Break portcullis (S-OPEN, S-BREAK) ------------------------------------------------------
def closed_portcullises(ctx: Context) -> tuple[Edge, ...]:
    """The closed portcullises on the board, in order: found once per state of the board (a new
    geometry after any change of the board)."""
    return ctx.position.board.geometry().edges_of(Passage.PORTCULLIS)


def portcullis_options(ctx: Context, reach: Reach, budget: int, mode: str) -> list[Option]:
    squares = by_square(reach, budget, 1)
    options = []
    for a, b in closed_portcullises(ctx):
        for here, other in ((a, b), (b, a)):
            for state, cost in squares.get(here, ()):
                if ("open", (a, b)) in state.delta or ("break", (a, b)) in state.delta:
                    continue
                options.append(
                    Option(mode, f"{square_name(a)}-{square_name(b)}", 0, state, cost, 1, {"other": other})
                )
    return options


# -- Heal (S-HEAL-1..3) -----------------------------------------------------------------------------
def heal_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    squares = by_square(reach, budget, 1)
    options = []
    for friend in ctx.friends():
        rank = ctx.rank_of_class(friend.class_id)
        if not friend.wounded or friend.at is None or rank is None or under_figure(ctx, friend):
            continue
        for sq in attack_squares(ctx.position, friend.at):
            for state, cost in squares.get(sq, ()):
                if moved_wounded(state, friend):
                    continue  # picked up on the way: it no longer lies there to be healed
                options.append(Option("heal", friend.id, rank, state, cost, 1))
    held = ctx.npc.carried_item()
    carried = item_character(held) if held is not None else None
    if carried is not None and ctx.npc.at is not None and budget >= 2:
        # S-HEAL-3: drop the wounded it carries, step next to it (a move, 1 AP), heal (1 AP).
        cls = ctx.position.characters[carried].class_id
        rank = ctx.rank_of_class(cls)
        if rank is not None and _can_drop_and_step(ctx, ctx.npc.at, held or ""):
            start = State(ctx.npc.at, ctx.npc.carried_item())
            options.append(Option("heal", carried, rank, start, (1, 1), 1, {"carried": True}))
    return options


def _can_drop_and_step(ctx: Context, at: Square, item: str) -> bool:
    """B-CLER-5: the wounded may lie where the Cleric stands, and a square next to it is free to step to."""
    mover = Mover(ctx.position, ctx.npc)
    if not mover.can_lie(at, item, EMPTY) or ctx.figure_on(at) is not None:
        return False  # mid-move on a friend, the wounded would lie under that friend (B-CLER-7)
    dropped: Delta = frozenset({("drop", at, item)})
    return any(
        mover.valid_stop(sq, None, dropped) and mover.geometry.terrain.get(sq) is not Terrain.PIT
        for sq in attack_squares(ctx.position, at)
    )


# -- Deliver (S-PERS-SERPICO) -----------------------------------------------------------------------
def deliver_squares(ctx: Context) -> frozenset[Square]:
    """Friendly figures of the class the personality names, with free hands."""
    if ctx.deliver is None:
        return frozenset()
    return frozenset(
        c.at
        for c in ctx.friends()
        if not c.wounded and c.at is not None and c.class_id == ctx.deliver.to and c.carries is None
    )


def deliver_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    targets = deliver_squares(ctx)
    if not targets:
        return []  # no friend to hand over to: no state gives one
    options = []
    gives: dict[Delta, list[tuple[str, Square, str]]] = {}
    """Each set of board changes' hand-overs to a target, in a fixed order (ties go to the same change
    in every process), found once: many states share one set."""
    for state, cost in within(reach, budget, 0):
        found = gives.get(state.delta)
        if found is None:
            found = gives[state.delta] = [
                change for change in sorted(state.delta)
                if len(change) == 3 and change[0] == "give" and change[1] in targets]
        for change in found:
            friend = ctx.figure_on(change[1])
            who = friend.id if friend is not None else square_name(change[1])
            data = {"square": change[1], "key": ("deliver", change[1])}
            options.append(Option("deliver", who, 0, state, cost, 0, data))
    return options
