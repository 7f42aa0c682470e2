"""Carrying out each mode once chosen (S-FIGHT, S-REVEAL-NPC, S-EXIT, S-REGROUP, S-ROT, S-OPEN,
S-BREAK, S-HEAL, S-REPULSE): move, act, and go on while the activation's AP last."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions import set_portcullis
from solo.automaton.approach import first_reachable_group, move_closer
from solo.automaton.choice import choose
from solo.automaton.context import Context
from solo.automaton.explanation import Step
from solo.automaton.goals import (
    Option,
    fight_options,
    heal_options,
    portcullis_options,
    reveal_options,
)
from solo.automaton.moves import go, score_exit
from solo.automaton.personal import ask_at, card_rule, combat_notes, count_and_score
from solo.automaton.table import (
    CombatRequest,
    Notice,
    Request,
    RevealAnswer,
    RevealRequest,
    roll,
    rotation_die,
)
from solo.board import MarkerState, Terrain
from solo.combat import melee_sides, ranged_sides, resolve_combat
from solo.healing import apply_heal
from solo.position import Side
from solo.rooms import load_library
from solo.scream import apply_push, push_outcome, scream_targets
from solo.squares import slot_of, square_name

Run = Generator[Request, Any, None]


# -- Fight ------------------------------------------------------------------------------------------
def run_fight(ctx: Context, options: list[Option]) -> Run:
    """S-FIGHT-2..5, S-FIGHT-7: the best-ranked target, attack, again on a tie, then the next one."""
    while True:
        option = yield from choose(ctx, options, "fight target")
        go(ctx, option, ctx.reach())
        result = yield from attack(ctx, option)
        if result == "wounded" or ctx.budget <= 0:
            return
        # S-FIGHT-5 (AMB-FIGHT-NEXT): the next target is the best-ranked remaining enemy it has a
        # way towards; it attacks it if the AP left allow, else moves as close as it can.
        rank = first_reachable_group(ctx, "fight")
        options = [o for o in fight_options(ctx, ctx.reach(), ctx.budget) if o.rank == rank]
        if not options:
            yield from move_closer(ctx, "fight", ctx.budget, about="next fight target")
            return


def attack(ctx: Context, option: Option) -> Generator[Request, Any, str]:
    """Attack (or shoot) the option's target until it is beaten, the NPC is wounded or AP run out."""
    ranged = option.data.get("attack") == "shoot"
    while True:
        yield from ask_at(ctx, "fight")
        target = ctx.position.characters.get(option.target)
        if target is None:
            return "win"
        sides = (ranged_sides if ranged else melee_sides)(ctx.position, ctx.npc.id, target.id)
        verb = "shoots" if ranged else "attacks"
        yield from ask_at(ctx, "combat")
        notes = combat_notes(ctx, sides, ranged)
        outcome = yield CombatRequest(
            ctx.npc.id,
            f"{ctx.npc.id} {verb} {target.id}: play the combat (NP deck, S-COMBAT-1); "
            "answer win, lose or tie for the NPC's side",
            sides.attackers + sides.shooters,
            sides.defenders,
            ranged,
            notes,
            sides,
            card_rule(ctx) if notes else None,
        )
        if outcome not in ("win", "lose", "tie"):
            continue
        outcome = str(outcome)
        result = resolve_combat(ctx.position, sides, outcome, Side.NPC)
        fields: dict[str, Any] = {"target": target.id, "outcome": outcome}
        if sides.is_group:
            fields["attackers"] = list(sides.attackers + sides.shooters)
            fields["defenders"] = list(sides.defenders)
        text = f"{verb} {target.id} ({'ranged, ' if ranged else ''}{outcome})"
        if result.wounded:
            text += f"; wounded: {', '.join(result.wounded)}"
        if result.eliminated:
            text += f"; eliminated: {', '.join(result.eliminated)}"
        detail = {"wounded": list(result.wounded), "eliminated": list(result.eliminated),
                  "spear_broken": result.spear_broken}
        ctx.spend([Step("shoot" if ranged else "attack", 1, fields, text, detail)], 1)
        yield Notice(ctx.npc.id, f"the combat of {ctx.npc.id} against {target.id} is over", "combat_over")
        if ctx.npc.wounded:
            ctx.explanation.deactivated = "wounded in its own attack (S-FIGHT-4)"
            return "wounded"
        if outcome == "win":
            return "win"
        # S-FIGHT-3: on a tie it attacks the same character again while AP remain; a lost shot
        # leaves everyone unharmed and is taken the same way (AMB-RANGED-LOSS).
        if ctx.budget <= 0:
            return outcome
        if ranged and not any(t == target.at for _, t in _shots(ctx)):
            return outcome


def _shots(ctx: Context) -> list[tuple[Any, Any]]:
    from solo.combat import ranged_targets

    return list(ranged_targets(ctx.position, ctx.npc))


# -- Reveal room ------------------------------------------------------------------------------------
def run_reveal(ctx: Context, options: list[Option]) -> Run:
    """S-REVEAL-NPC-2..5: the nearest hidden room, then the next one while AP remain."""
    while True:
        option = yield from choose(ctx, options, "room to reveal")
        go(ctx, option, ctx.reach())
        slot = int(option.data["slot"])
        portcullis = option.data.get("open")
        if portcullis is not None:  # S-OBJ-7: the Key opens the way into the hidden room (B-REV-3)
            set_portcullis(ctx.position, ctx.npc, portcullis, MarkerState.OPEN)
            assert ctx.npc.at is not None
            between = [square_name(ctx.npc.at), square_name(portcullis)]
            ctx.spend(
                [
                    Step(
                        "open",
                        1,
                        {"between": between},
                        f"opens the portcullis {'-'.join(between)} with its Key (S-OBJ-7)",
                    )
                ],
                1,
            )
        yield from ask_at(ctx, "reveal")
        # AMB-WAITING-STEP: the reveal step is recorded before the table tells what it brought.
        step = Step("reveal", 1, {"slot": slot, "entered": []}, f"reveals room {slot}")
        ctx.spend([step], 1)
        answer = yield RevealRequest(
            ctx.npc.id,
            f"{ctx.npc.id} reveals room {slot}: turn it over, draw 3 tokens and teleport them (S-REVEAL)",
            slot,
        )
        entered = apply_reveal(ctx, slot, answer)
        step.fields["entered"] = entered
        if entered:
            step.text += f"; entering play: {', '.join(entered)}"
        if all(ctx.position.board.is_revealed(s) for s in range(1, 9)):
            ctx.explanation.deactivated = "it revealed the last room (S-REVEAL-NPC-5)"
            return
        if ctx.budget <= 0:
            return
        options = reveal_options(ctx, ctx.reach(), ctx.budget)
        if not options:
            yield from move_closer(ctx, "reveal", ctx.budget, about="next room to reveal")  # S-REVEAL-NPC-4
            return


def apply_reveal(ctx: Context, slot: int, answer: Any) -> list[str]:
    """Turn the room face up and put the teleported tokens on it; returns the NPCs that entered."""
    if not isinstance(answer, RevealAnswer):
        raise TypeError("a reveal is answered with a RevealAnswer")
    board = ctx.position.board
    layout = None
    if answer.layout is not None:
        layout = load_library().get(answer.layout)
        inline = ctx.position.inline_layouts.get(answer.layout)
        if layout is None and inline is not None:
            from solo.rooms import parse_room_data

            layout = parse_room_data(
                inline, f"position layouts[{answer.layout}]", require_format=False, default_id=answer.layout
            )
        if layout is None:
            raise ValueError(f"unknown room layout {answer.layout!r}")
    before = board.room(slot)
    hidden_rotation = before.rotation if before is not None else 0
    board.reveal(slot, layout, answer.rotation)
    problems = _landing_problems(ctx, slot, answer)
    if problems:  # bad input never leaves a half-revealed room behind
        if before is not None:
            before.hidden, before.rotation = True, hidden_rotation
        board.place(slot, before)
        raise ValueError(f"reveal of room {slot}: " + "; ".join(problems))
    entered = []
    for character in answer.characters:
        ctx.position.characters[character.id] = character
        if character.side is Side.NPC:
            entered.append(character.id)
    ctx.position.objects.extend(answer.objects)
    ctx.changed()
    return entered


def _landing_problems(ctx: Context, slot: int, answer: RevealAnswer) -> list[str]:
    """S-REVEAL-6 / B-REV-7: each token on an empty floor or gear square of the revealed room."""
    problems = []
    taken = {c.at for c in ctx.position.characters.values() if c.at is not None}
    taken |= {o.at for o in ctx.position.objects}
    for name, at in [(c.id, c.at) for c in answer.characters] + [(o.kind, o.at) for o in answer.objects]:
        terrain = ctx.position.board.terrain(at) if at is not None else None
        if at is None or slot_of(at) != slot or terrain not in (Terrain.FLOOR, Terrain.GEAR):
            where = square_name(at) if at is not None else "nowhere"
            problems.append(f"{name} on {where} is not a floor or gear square of room {slot}")
        elif at in taken or name in ctx.position.characters:
            problems.append(
                f"{name} on {square_name(at)}: the square already holds a token, or the id is taken"
            )
        if at is not None:
            taken.add(at)
    return problems


# -- Rotation ---------------------------------------------------------------------------------------
def run_rotation(ctx: Context, options: list[Option]) -> Run:
    """S-ROT-2..7 (S-PERS-YOM): onto the nearest gear; one roll of the rotation die picks the room
    by its sense and the quarter turns, capped by the AP left."""
    option = yield from choose(ctx, options, "rotation gear")
    go(ctx, option, ctx.reach())
    if ctx.budget < 1:
        ctx.explanation.deactivated = "on the gear with no AP left to rotate (S-ROT-1)"
        return
    yield from ask_at(ctx, "rotation")
    assert ctx.npc.at is not None
    board = ctx.position.board
    gear_slot = slot_of(ctx.npc.at)
    assert gear_slot is not None
    twin = board.twin_slot(gear_slot)
    if ctx.has_flag("rotate_twin"):  # S-PERS-YOM: his own room, then the twin with the AP left
        for slot in (gear_slot, twin):
            if ctx.budget < 1:
                break
            face = yield from _rotation_roll(ctx)
            _turn(ctx, slot, face.sense, face.ap)
        ctx.explanation.deactivated = "Yom rolled for both rooms (S-PERS-YOM)"
        return
    face = yield from _rotation_roll(ctx)
    slot = None
    for candidate in (gear_slot, twin):
        room = board.room(candidate) if candidate is not None else None
        if room is not None and room.layout.sense == face.sense:
            slot = candidate
    if slot is None:
        ctx.explanation.note(
            "the die's sense points at the twin room, whose identity is unknown: it is "
            "not revealed, so nothing happens (S-ROT-5)"
        )
    else:
        _turn(ctx, slot, face.sense, face.ap)
    ctx.explanation.deactivated = "one rotation roll per activation (S-ROT-7)"


def _rotation_roll(ctx: Context) -> Generator[Request, Any, Any]:
    value = yield from roll(
        ctx.npc.id,
        f"{ctx.npc.id} rolls the rotation die (S-ROT-3): enter the face number 1-6 (rules/rotation_die.yaml)",
        "rotation",
    )
    face = rotation_die()[value - 1]
    ctx.explanation.note(f"rotation die: face {value} = {face.ap}, {face.sense}")
    return face


def _turn(ctx: Context, slot: int | None, sense: str, ap: int) -> None:
    board = ctx.position.board
    if slot is None or not board.is_revealed(slot):
        ctx.explanation.note(
            f"room {slot if slot is not None else '(twin)'} is not revealed: nothing happens (S-ROT-5)"
        )
        return
    turns = min(ap, ctx.budget)
    ctx.position.rotate_room(slot, turns if sense == "cw" else -turns)
    npc_at = square_name(ctx.npc.at) if ctx.npc.at is not None else None
    ctx.spend(
        [
            Step(
                "rotate",
                turns,
                {"slot": slot, "quarter_turns": turns, "sense": sense},
                f"turns room {slot} by {turns} quarter turn(s) "
                f"{'clockwise' if sense == 'cw' else 'counter-clockwise'} (S-ROT-6)",
            )
        ],
        turns,
    )
    ctx.explanation.end = npc_at


# -- Open / Break portcullis ------------------------------------------------------------------------
def run_portcullis(ctx: Context, options: list[Option], mode: str) -> Run:
    """S-OPEN-1/2, S-BREAK-1/2: the nearest closed portcullis, then the next while AP remain."""
    breaking = mode == "break_portcullis"
    while True:
        option = yield from choose(ctx, options, "portcullis")
        go(ctx, option, ctx.reach())
        other = option.data["other"]
        if breaking:
            set_portcullis(ctx.position, ctx.npc, other, MarkerState.BROKEN, "breaks_portcullis")
        else:
            set_portcullis(ctx.position, ctx.npc, other, MarkerState.OPEN, "lock_picking")
        verb = "break" if breaking else "open"
        assert ctx.npc.at is not None
        between = [square_name(ctx.npc.at), square_name(other)]
        ctx.spend([Step(verb, 1, {"between": between}, f"{verb}s the portcullis {'-'.join(between)}")], 1)
        yield from count_and_score(ctx, "portcullises_broken" if breaking else "portcullises_opened")
        if ctx.budget <= 0:
            return
        options = portcullis_options(ctx, ctx.reach(), ctx.budget, mode)
        if not options:
            yield from move_closer(ctx, mode, ctx.budget, about="next portcullis")
            return


# -- Heal -------------------------------------------------------------------------------------------
def run_heal(ctx: Context, options: list[Option]) -> Run:
    """S-HEAL-2..5: the best-ranked friendly wounded, then the nearest others while AP remain."""
    while True:
        option = yield from choose(ctx, options, "wounded to heal")
        if option.data.get("carried"):
            yield from _drop_and_step(ctx)
        else:
            go(ctx, option, ctx.reach())
        apply_heal(ctx.position, ctx.npc, option.target)
        text = f"heals {option.target}"
        if ctx.has_flag("heal_acts_now") and ctx.position.turn is not None:
            if option.target in ctx.position.turn.healed:
                ctx.position.turn.healed.remove(option.target)
            text += " (it may act this turn, S-PERS-BONSOINS)"
        else:
            text += " (not activated this turn, S-TURN-9)"
        ctx.spend([Step("heal", 1, {"target": option.target}, text)], 1)
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
    from solo.automaton.goals import _by_square
    from solo.combat import attack_squares

    assert ctx.npc.at is not None
    start = ctx.npc.at
    wounded_id = str(ctx.npc.carries)
    ctx.npc.carries = None
    ctx.position.characters[wounded_id].at = start
    ctx.changed()
    squares = _by_square(ctx.reach(1), 1, 0)
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
            f"drops the wounded {wounded_id} on {square_name(start)} (S-HEAL-3)",
        )
    )
    if not options:
        raise ValueError("no free square next to the wounded to heal it from")
    option = yield from choose(ctx, options, "square to heal from")
    go(ctx, option, ctx.reach(1))


# -- Repulse ----------------------------------------------------------------------------------------
def run_repulse(ctx: Context, options: list[Option]) -> Run:
    """S-REPULSE-2..4: the best-ranked enemy in sight, pushed again while 2 AP remain."""
    option = yield from choose(ctx, options, "enemy to repulse")
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
        result = apply_push(ctx.position, ctx.npc, origin, breaks)
        where = (
            "eliminated in a pit"
            if result.eliminated
            else f"to {square_name(result.to) if result.to else '?'}"
        )
        text = f"repulses {target.id} from {square_name(origin)}: {where}"
        if result.wounded:
            text += ", wounded"
        if result.broken:
            text += f", breaking {square_name(result.broken[0])}-{square_name(result.broken[1])}"
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
    option = yield from choose(ctx, options, "way out")
    yield from ask_at(ctx, "exit")
    if go(ctx, option, ctx.reach()):
        score_exit(ctx)
    ctx.explanation.deactivated = "it left the dungeon (S-EXIT-3)"


def run_regroup(ctx: Context, options: list[Option]) -> Run:
    """S-REGROUP-3/4: next to the best-ranked friend, then deactivated."""
    option = yield from choose(ctx, options, "friend to join")
    go(ctx, option, ctx.reach())
    ctx.explanation.deactivated = f"it joined {option.target} (S-REGROUP-4)"
    return
    yield
