"""What each mode aims at, and every way the NPC could carry it out within a budget.

For each mode an :class:`Option` is one possibility: a target, the state the NPC reaches (where it
stands before the mode's final action), the cost of getting there and of that action. The planner
then applies target priority (S-PROX-4) and proximity (S-PROX-1..3) to choose.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from solo.actions.combat import attack_squares, ranged_targets
from solo.actions.reveals import reveal_access as board_reveal_access
from solo.actions.scream import push_outcome, scream_targets
from solo.actions.wand import wand_targets
from solo.automaton.context import Context
from solo.automaton.personal import gear_locks
from solo.messages import Message, Param, msg
from solo.table import naming
from solo.table.board import Passage, Terrain
from solo.table.movement import EMPTY, Delta, Mover
from solo.table.position import Character, Position, Side, item_character, wounded_item
from solo.table.search import Reach, State
from solo.table.sight import may_see_from
from solo.table.squares import Edge, Square, is_line, rank_of, slot_of, square_name

Cost = tuple[int, int]

FINAL_AP = {"fight": 1, "reveal": 1, "open_portcullis": 1, "break_portcullis": 1, "heal": 1, "repulse": 2}
"""AP of the action that completes a mode once the NPC stands in place (S-FIGHT-1, S-REVEAL-NPC-1…)."""


@dataclass(frozen=True)
class Option:
    """One way to carry out a mode: target, the state reached, its cost and the final action's."""

    mode: str
    target: str
    rank: int
    state: State
    cost: Cost
    final_ap: int = 0
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def total(self) -> Cost:
        return (self.cost[0] + self.final_ap, self.cost[1])

    @property
    def outcome(self) -> object:
        """What tells two equal options apart (AMB-EQUAL-OUTCOME): the target and the state reached;
        for a pick-up or hand-over cut mid-way, the item and its square (AMB-CUT-TIE)."""
        return self.data.get("key") or (self.target, self.state)

    @property
    def aim(self) -> str | int:
        """The target as formats.md §4 writes it: a character id, an object's square, a room slot, a
        gear's square (``target`` is the name shown to the player)."""
        value = self.data.get("aim")
        return value if isinstance(value, (str, int)) else self.target

    @property
    def label(self) -> str:
        where = square_name(self.state.square)
        return f"{self.target} from {where}" if self.target != where else where


def option_name(position: Position, option: Option) -> Param:
    """The option's target as the player reads it: a character by its card or class, an object and its
    square, a room; a square or a portcullis by its squares' names."""
    data = option.data
    if option.mode == "take_object" and "item" in data:
        char_id = item_character(data["item"])
        if char_id is not None:
            return naming.wounded(position, char_id)
        return msg("{object} on {square}", object=naming.item(position, data["item"]),
                   square=square_name(data["square"]))
    if option.mode == "reveal" and "slot" in data:
        return naming.room(data["slot"])
    if option.mode == "rotation" and "aim" in data:
        return msg("the gear on {square}", square=str(data["aim"]))
    if option.mode in ("open_portcullis", "break_portcullis"):
        return msg("the portcullis {between}", between=option.target)
    if option.target in position.characters:
        return naming.figure(position, option.target)
    return option.target


def option_label(position: Position, option: Option) -> Message:
    """The option's target and the square it is carried out from (to tell tied options apart)."""
    where = square_name(option.state.square)
    if option.target == where or (option.mode == "rotation" and option.data.get("aim") == where):
        return msg("{square}", square=where)
    return msg("{target} from {square}", target=option_name(position, option), square=where)


def _states(reach: Reach, budget: int, final_ap: int) -> Iterable[tuple[State, Cost]]:
    for state, cost in reach.states():
        if not state.exited and cost[0] + final_ap <= budget:
            yield state, cost


def by_square(reach: Reach, budget: int, final_ap: int) -> dict[Square, list[tuple[State, Cost]]]:
    result: dict[Square, list[tuple[State, Cost]]] = {}
    for state, cost in _states(reach, budget, final_ap):
        result.setdefault(state.square, []).append((state, cost))
    return result


# -- Fight (S-FIGHT-1/2/7) --------------------------------------------------------------------------
def fight_targets(ctx: Context) -> list[Character]:
    """Enemies the NPC may attack: listed class, on the board, not wounded this turn (B-CMB-8)."""
    fresh = ctx.wounded_this_turn()
    return [
        c
        for c in ctx.enemies()
        if c.id not in fresh and ctx.rank_of_class(c.class_id) is not None and not _under_figure(ctx, c)
    ]


def _under_figure(ctx: Context, character: Character) -> bool:
    """A wounded lying under a figure counts as carried by it (AMB-UNDER-FIGURE, B-CMB-12, B-CLER-7)."""
    return character.wounded and character.at is not None and ctx.position.figure_at(character.at) is not None


def fight_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    """S-FIGHT-7: shots first when the NPC carries a Bow; otherwise melee from an adjacent square."""
    targets = fight_targets(ctx)
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


def _in_line(targets: Iterable[Character]) -> tuple[set[int], set[int]]:
    ranks, files = set(), set()
    for t in targets:
        assert t.at is not None
        ranks.add(rank_of(t.at))
        files.add(t.at % 10)
    return ranks, files


def shooting_options(ctx: Context, reach: Reach, budget: int, targets: list[Character]) -> list[Option]:
    """Squares from which the NPC, holding the Bow there, can shoot a listed enemy (B-RNG-2)."""
    by_id = {t.id: t for t in targets}
    ranks, files = _in_line(targets)
    in_sight = may_see_from(ctx.position, [t.at for t in targets if t.at is not None])
    options = []
    for state, cost in _states(reach, budget, 1):
        # AMB-BOW-ENROUTE: a Bow picked up on the way shoots from where the NPC stands.
        sq = state.square
        if state.carried != "bow" or (rank_of(sq) not in ranks and sq % 10 not in files):
            continue
        if not in_sight(state):
            continue
        with ctx.after(state):
            shots = [(d, ctx.position.character_at(at)) for d, at in ranged_targets(ctx.position, ctx.npc)]
        for direction, target in shots:
            if target is None or target.id not in by_id:
                continue
            rank = ctx.rank_of_class(target.class_id)
            assert rank is not None
            options.append(
                Option("fight", target.id, rank, state, cost, 1, {"attack": "shoot", "direction": direction})
            )
    return options


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
    for state, cost in _states(reach, budget, 0):
        for change in sorted(state.delta):  # a fixed order: ties go to the same change in every process
            if len(change) != 3 or change[0] not in ("take", "receive"):
                continue
            _, sq, item = change
            order = (state.square != sq, cost)
            known = cheapest.get((item, sq))
            if known is not None and known[0] <= order:
                continue
            if change[0] == "receive" and (sq, item) in ctx.delivered:
                continue  # AMB-DELIVER: never take back what it just handed over
            rank = ctx.card.object_rank(item)
            if rank is None or (held_rank is not None and rank >= held_rank):
                continue
            cheapest[(item, sq)] = (order, state, change[0])
    options = []
    for (item, sq), ((_, cost), state, how) in cheapest.items():
        char_id = item_character(item)
        target = f"wounded {char_id}" if char_id else f"{item} on {square_name(sq)}"
        data = {"square": sq, "item": item, "how": how, "key": (item, sq), "aim": char_id or square_name(sq)}
        rank = ctx.card.object_rank(item)
        assert rank is not None
        options.append(Option("take_object", target, rank, state, cost, 0, data))
    return options


def fireball_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    """Squares from which the Wizard's wand would eliminate a listed enemy first in its line (B-WAND-3)."""
    targets = {c.id: c for c in ctx.enemies() if ctx.rank_of_class(c.class_id) is not None}
    options = []
    for state, cost in _states(reach, budget, 1):
        if state.carried != "wand":
            continue
        with ctx.after(state):
            shots = [(d, ctx.position.character_at(sq)) for d, sq in wand_targets(ctx.position, ctx.npc)]
        for direction, target in shots:
            if target is None or target.id not in targets:
                continue
            rank = ctx.rank_of_class(target.class_id)
            assert rank is not None
            options.append(Option("take_object", target.id, rank, state, cost, 1, {"fireball": direction}))
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
                if friend.wounded and _moved(state, friend):
                    continue
                options.append(Option("regroup", friend.id, rank, state, cost))
    return options


def _moved(state: State, wounded: Character) -> bool:
    """The way to ``state`` took the wounded from where it lay (picked up, maybe handed on)."""
    item = wounded_item(wounded.id)
    return state.carried == item or any(len(c) == 3 and c[0] == "take" and c[2] == item for c in state.delta)


# -- Rotation (S-ROT-1/2, S-PERS-BRIKOLTOU) ---------------------------------------------------------
def locked_pairs(ctx: Context) -> set[int]:
    """Room pairs a Brikoltou-like NPC on their gear locks for non-Mechanorks (S-PERS-BRIKOLTOU)."""
    if ctx.npc.character_class.has("craftsmanship"):
        return set()
    return set(gear_locks(ctx.position, ctx.cards))


def gear_squares(ctx: Context) -> list[Square]:
    board = ctx.position.board
    locked = locked_pairs(ctx)
    result = []
    for sq, terrain in board.geometry().terrain.items():
        if terrain is not Terrain.GEAR:
            continue
        slot = slot_of(sq)
        room = board.room(slot) if slot is not None else None
        if room is not None and room.layout.pair not in locked:
            result.append(sq)
    return result


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
        for state, cost in _states(reach, budget, 0)
        if state.square in gears
    ]


# -- Open / Break portcullis (S-OPEN, S-BREAK) ------------------------------------------------------
def closed_portcullises(ctx: Context) -> list[Edge]:
    return sorted(e for e, p in ctx.position.board.geometry().passages.items() if p is Passage.PORTCULLIS)


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
        if not friend.wounded or friend.at is None or rank is None or _under_figure(ctx, friend):
            continue
        for sq in attack_squares(ctx.position, friend.at):
            for state, cost in squares.get(sq, ()):
                if _moved(state, friend):
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


# -- Repulse (S-REPULSE-1/2) ------------------------------------------------------------------------
def repulse_options(ctx: Context, reach: Reach, budget: int) -> list[Option]:
    targets = {c.id: c for c in ctx.enemies() if ctx.rank_of_class(c.class_id) is not None}
    ranks, files = _in_line(targets.values())
    breaks = ctx.has_flag("repulse_breaks")
    in_sight = may_see_from(ctx.position, [t.at for t in targets.values() if t.at is not None])
    options = []
    for state, cost in _states(reach, budget, 2):
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
    options = []
    for state, cost in _states(reach, budget, 0):
        for change in sorted(state.delta):  # a fixed order: ties go to the same change in every process
            if len(change) == 3 and change[0] == "give" and change[1] in targets:
                friend = ctx.figure_on(change[1])
                who = friend.id if friend is not None else square_name(change[1])
                options.append(
                    Option(
                        "deliver",
                        who,
                        0,
                        state,
                        cost,
                        0,
                        {"square": change[1], "key": ("deliver", change[1])},
                    )
                )
    return options
