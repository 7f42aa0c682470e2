"""Carrying out Fight, Reveal room and Rotation once chosen (S-FIGHT, S-REVEAL-NPC, S-ROT): move, act,
and go on while the activation's AP last. The other modes are in :mod:`solo.automaton.powers`."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions.combat import melee_sides, ranged_sides, ranged_targets, resolve_combat
from solo.actions.core import set_portcullis
from solo.automaton.approach import first_reachable_group, move_closer
from solo.automaton.choice import choose
from solo.automaton.context import Context
from solo.automaton.early import options_early
from solo.automaton.explanation import Step
from solo.automaton.moves import go
from solo.automaton.options import Option
from solo.automaton.personal import ask_at, card_rule, combat_notes
from solo.automaton.table import (
    CombatRequest,
    Notice,
    Request,
    RevealAnswer,
    RevealRequest,
    roll,
    rotation_die,
)
from solo.content.rooms import load_library, parse_room_data
from solo.errors import AnswerRefusedError
from solo.messages import Message, Ref, chain, msg, msg_n
from solo.table import naming
from solo.table.board import MarkerState, Terrain
from solo.table.position import Side
from solo.table.squares import Square, slot_of, square_name

Run = Generator[Request, Any, None]


# -- Fight ------------------------------------------------------------------------------------------
def run_fight(ctx: Context, options: list[Option]) -> Run:
    """S-FIGHT-2..5, S-FIGHT-7: the best-ranked target, attack, again on a tie, then the next one."""
    while True:
        option = yield from choose(ctx, options, "fight target", msg("fight target"))
        go(ctx, option, ctx.reach())
        result = yield from attack(ctx, option)
        if result == "wounded" or ctx.budget <= 0:
            return
        # S-FIGHT-5 (AMB-FIGHT-NEXT): the next target is the best-ranked remaining enemy it has a
        # way towards; it attacks it if the AP left allow, else moves as close as it can.
        rank = first_reachable_group(ctx, "fight")
        options = [] if rank is None else options_early(ctx, "fight", ctx.budget, rank)
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
        who, whom = naming.figure(ctx.position, ctx.npc.id), naming.figure(ctx.position, target.id)
        names = naming.figures(ctx.position)
        yield from ask_at(ctx, "combat")
        notes = combat_notes(ctx, sides, ranged)
        asked = (
            msg(
                "{npc} shoots {target}: play the combat (NP deck, S-COMBAT-1); "
                "answer win, lose or tie for the NPC's side", npc=who, target=whom,
            )
            if ranged
            else msg(
                "{npc} attacks {target}: play the combat (NP deck, S-COMBAT-1); "
                "answer win, lose or tie for the NPC's side", npc=who, target=whom,
            )
        )
        outcome = yield CombatRequest(
            ctx.npc.id,
            asked,
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
        text = _combat_text(ranged, whom, outcome)
        if result.wounded:
            wounded = tuple(names.get(c, naming.figure(ctx.position, c)) for c in result.wounded)
            text = msg_n("{text}; wounded: {figures}", "{text}; wounded: {figures}", "figures",
                         text=text, figures=wounded)
        if result.eliminated:
            gone = tuple(names.get(c, naming.figure(ctx.position, c)) for c in result.eliminated)
            text = msg_n("{text}; eliminated: {figures}", "{text}; eliminated: {figures}", "figures",
                         text=text, figures=gone)
        detail = {
            "wounded": list(result.wounded),
            "eliminated": list(result.eliminated),
            "spear_broken": result.spear_broken,
        }
        ctx.spend([Step("shoot" if ranged else "attack", 1, fields, text, detail)], 1)
        over = msg("the combat of {npc} against {target} is over", npc=who, target=whom)
        yield Notice(ctx.npc.id, over, "combat_over")
        if ctx.npc.wounded:
            ctx.explanation.deactivated = msg("wounded in its own attack (S-FIGHT-4)")
            return "wounded"
        if outcome == "win":
            return "win"
        # S-FIGHT-3: on a tie it attacks the same character again while AP remain; a lost shot
        # leaves everyone unharmed and is taken the same way (AMB-RANGED-LOSS).
        if ctx.budget <= 0:
            return outcome
        if ranged and not any(t == target.at for _, t in _shots(ctx)):
            return outcome


OUTCOME_WORDS = {
    ("melee", "win"): msg("attacks {target} (wins)"),
    ("melee", "lose"): msg("attacks {target} (loses)"),
    ("melee", "tie"): msg("attacks {target} (tie)"),
    ("ranged", "win"): msg("shoots {target} (ranged, wins)"),
    ("ranged", "lose"): msg("shoots {target} (ranged, loses)"),
    ("ranged", "tie"): msg("shoots {target} (ranged, tie)"),
}


def _combat_text(ranged: bool, target: Ref, outcome: str) -> Message:
    """``attacks le Magicien (wins)``: the step of one combat, seen from the NPC's side."""
    template = OUTCOME_WORDS[("ranged" if ranged else "melee", outcome)]
    return msg(template.text, target=target)


def _shots(ctx: Context) -> list[tuple[Any, Any]]:
    return list(ranged_targets(ctx.position, ctx.npc))


# -- Reveal room ------------------------------------------------------------------------------------
def run_reveal(ctx: Context, options: list[Option]) -> Run:
    """S-REVEAL-NPC-2..5: the nearest hidden room, then the next one while AP remain."""
    while True:
        option = yield from choose(ctx, options, "room to reveal", msg("room to reveal"))
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
                        msg("opens the portcullis {between} with its Key (S-OBJ-7)",
                            between="-".join(between)),
                    )
                ],
                1,
            )
        yield from ask_at(ctx, "reveal")
        # AMB-WAITING-STEP: the reveal step is recorded before the table tells what it brought.
        step = Step("reveal", 1, {"slot": slot, "entered": []}, msg("reveals {room}", room=naming.room(slot)))
        ctx.spend([step], 1)
        answer = yield RevealRequest(
            ctx.npc.id,
            msg(
                "{npc} reveals {room}: turn it over, draw 3 tokens and teleport them (S-REVEAL)",
                npc=naming.figure(ctx.position, ctx.npc.id), room=naming.room(slot),
            ),
            slot,
        )
        entered = apply_reveal(ctx, slot, answer)
        step.fields["entered"] = entered
        if entered:
            newcomers = tuple(naming.figure(ctx.position, c) for c in entered)
            step.text = msg("{text}; entering play: {figures}", text=step.text, figures=newcomers)
        if all(ctx.position.board.is_revealed(s) for s in range(1, 9)):
            ctx.explanation.deactivated = msg("it revealed the last room (S-REVEAL-NPC-5)")
            return
        if ctx.budget <= 0:
            return
        options = options_early(ctx, "reveal", ctx.budget)
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
            layout = parse_room_data(
                inline, f"position layouts[{answer.layout}]", require_format=False, default_id=answer.layout
            )
        if layout is None:
            raise AnswerRefusedError(msg("no room layout {layout}", layout=repr(answer.layout)))
    before = board.room(slot)
    hidden_rotation = before.rotation if before is not None else 0
    board.reveal(slot, layout, answer.rotation)
    problems = _landing_problems(ctx, slot, answer)
    if problems:  # bad input never leaves a half-revealed room behind
        if before is not None:
            before.hidden, before.rotation = True, hidden_rotation
        board.place(slot, before)
        raise AnswerRefusedError(msg("reveal of {room}: {problems}", room=naming.room(slot),
                                     problems=chain(problems)))
    entered = []
    for character in answer.characters:
        ctx.position.characters[character.id] = character
        if character.side is Side.NPC:
            entered.append(character.id)
    ctx.position.objects.extend(answer.objects)
    ctx.changed()
    return entered


def _landing_problems(ctx: Context, slot: int, answer: RevealAnswer) -> list[Message]:
    """S-REVEAL-6 / B-REV-7: each token on an empty floor or gear square of the revealed room."""
    problems: list[Message] = []
    taken = {c.at for c in ctx.position.characters.values() if c.at is not None}
    taken |= {o.at for o in ctx.position.objects}
    tokens: list[tuple[Ref, Square | None, str | None]] = [
        (_token(c.side, c.card or c.id, c.class_id), c.at, c.id) for c in answer.characters]
    tokens += [(Ref("object", o.kind), o.at, None) for o in answer.objects]
    for thing, at, char_id in tokens:
        terrain = ctx.position.board.terrain(at) if at is not None else None
        if at is None:
            problems.append(msg("{thing}: no square given", thing=thing))
        elif slot_of(at) != slot or terrain not in (Terrain.FLOOR, Terrain.GEAR):
            problems.append(msg("{thing} on {square} is not on a floor or gear square of the room",
                                thing=thing, square=square_name(at)))
        elif at in taken:
            problems.append(msg("{thing} on {square}: the square is already taken by a token",
                                thing=thing, square=square_name(at)))
        elif char_id in ctx.position.characters:
            problems.append(msg("{thing} is already in play", thing=thing))
        if at is not None:
            taken.add(at)
    return problems


def _token(side: Side, card: str, class_id: str) -> Ref:
    """A character of a reveal's answer, not yet in play: an NPC by its card, a figure by its class."""
    return Ref("npc", card) if side is Side.NPC else Ref("player", class_id)


# -- Rotation ---------------------------------------------------------------------------------------
def run_rotation(ctx: Context, options: list[Option]) -> Run:
    """S-ROT-2..7 (S-PERS-YOM): onto the nearest gear; one roll of the rotation die picks the room
    by its sense and the quarter turns, capped by the AP left."""
    option = yield from choose(ctx, options, "rotation gear", msg("rotation gear"))
    go(ctx, option, ctx.reach())
    if ctx.budget < 1:
        ctx.explanation.deactivated = msg("on the gear with no AP left to rotate (S-ROT-1)")
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
        ctx.explanation.deactivated = msg(
            "{npc} rolled for both rooms (S-PERS-YOM)", npc=naming.figure(ctx.position, ctx.npc.id)
        )
        return
    face = yield from _rotation_roll(ctx)
    slot = None
    for candidate in (gear_slot, twin):
        room = board.room(candidate) if candidate is not None else None
        if room is not None and room.layout.sense == face.sense:
            slot = candidate
    if slot is None:
        ctx.explanation.note(
            msg(
                "the die's sense points at the twin room, whose identity is unknown: it is "
                "not revealed, so nothing happens (S-ROT-5)"
            )
        )
    else:
        _turn(ctx, slot, face.sense, face.ap)
    ctx.explanation.deactivated = msg("one rotation roll per activation (S-ROT-7)")


def _rotation_roll(ctx: Context) -> Generator[Request, Any, Any]:
    value = yield from roll(
        ctx.npc.id,
        msg(
            "{npc} rolls the rotation die (S-ROT-3): enter the face number 1-6",
            npc=naming.figure(ctx.position, ctx.npc.id),
        ),
        "rotation",
    )
    face = rotation_die()[value - 1]
    ctx.explanation.note(
        msg_n(
            "rotation die: face {value} = {ap} quarter turn, {sense}",
            "rotation die: face {value} = {ap} quarter turns, {sense}",
            "ap",
            value=value, ap=face.ap, sense=naming.sense(face.sense),
        )
    )
    return face


def _turn(ctx: Context, slot: int | None, sense: str, ap: int) -> None:
    board = ctx.position.board
    if slot is None or not board.is_revealed(slot):
        if slot is None:
            ctx.explanation.note(msg("the twin room is not revealed: nothing happens (S-ROT-5)"))
        else:
            ctx.explanation.note(
                msg("{room:cap} is not revealed: nothing happens (S-ROT-5)", room=naming.room(slot))
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
                msg_n(
                    "turns {room} by {turns} quarter turn {sense} (S-ROT-6)",
                    "turns {room} by {turns} quarter turns {sense} (S-ROT-6)",
                    "turns",
                    room=naming.room(slot), turns=turns, sense=naming.sense(sense),
                ),
            )
        ],
        turns,
    )
    ctx.explanation.end = npc_at
