"""Applying a card's personality effects (docs/personalities.md, S-CARD-6, S-PERS-*).

Effects the engine applies itself change the objectives, count and score, or set flags read by the
modes; an ``ask`` effect becomes an explicit question to the player at its moment, never a skip.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from solo.actions.combat import CombatSides
from solo.automaton.context import Context
from solo.automaton.table import QuestionRequest, Request
from solo.content.npccard import NpcCard
from solo.content.personality import Ask, CombatCard, Deliver, Flag, ObjectiveOverride
from solo.messages import Message, Param, Ref, literal, msg, translated
from solo.records import record
from solo.table import naming
from solo.table.board import Terrain
from solo.table.position import Position, Side
from solo.table.squares import slot_of


@record(frozen=True)
class Goal:
    """An objective as it stands now: printed, or changed by the personality."""

    rank: int
    mode: str
    ap: int
    default: bool = False
    deliver: Deliver | None = None
    changed_by: Message | None = None
    """How the personality changed it (None: as printed)."""


def current_objectives(ctx: Context) -> list[Goal]:
    """The card's six objectives with the personality's overrides for what the NPC now carries
    (S-PERS-LISSANDRA's Exit 5 AP while she carries a Rope, S-PERS-SERPICO's deliveries)."""
    carried = ctx.npc.carried_item()
    goals: dict[int, Goal] = {}
    for objective in ctx.card.objectives:
        if objective is not None:
            goals[objective.rank] = Goal(objective.rank, objective.mode, objective.ap, objective.default)
    for effect in ctx.card.effects:
        if isinstance(effect, ObjectiveOverride) and effect.when.holds(carried):
            old = goals.get(effect.rank)
            goals[effect.rank] = Goal(
                effect.rank,
                effect.mode,
                effect.ap,
                old.default if old else False,
                changed_by=msg("personality: while it carries {item}",
                               item=_carried(effect.when.carries or "anything")),
            )
        elif isinstance(effect, Deliver) and effect.when.holds(carried):
            old = goals.get(effect.rank)
            quota = old.ap if old else 0
            goals[effect.rank] = Goal(
                effect.rank,
                "deliver",
                quota,
                old.default if old else False,
                effect,
                changed_by=msg("personality: bring it to a friendly {friend}",
                               friend=Ref("class", effect.to)),
            )
    return [goals[r] for r in sorted(goals)]


def ask_at(ctx: Context, moment: str) -> Generator[Request, Any, None]:
    """Ask the player each question the personality sets at ``moment``; the answer is recorded."""
    for effect in ctx.card.effects:
        if isinstance(effect, Ask) and effect.at == moment:
            answer = yield QuestionRequest(
                ctx.npc.id,
                translated(effect.question, effect.translations),
                effect.question,
                effect.choices,
                ctx.card.personality_text or ctx.card.summary_in("en"),
                moment,
            )
            ctx.explanation.note(
                msg("personality: {question} -> {answer}",
                    question=translated(effect.question, effect.translations), answer=str(answer))
            )


def combat_notes(ctx: Context, sides: CombatSides, ranged: bool) -> tuple[Message, ...]:
    """Rules the Player applies while choosing his combat card (S-COMBAT-5): an NP Telepath's power
    works only in a one-on-one melee against a non-Telepath (B-TELE-4/5/7, S-COMBAT-7)."""
    if ranged or sides.is_group or ctx.npc.wounded or not ctx.npc.character_class.has("mind_control"):
        return ()
    target = ctx.position.characters.get(sides.target)
    if target is not None and target.character_class.has("mind_control"):
        return ()  # two Telepaths cancel each other's powers (S-COMBAT-7)
    notes = []
    for effect in ctx.card.effects:
        if isinstance(effect, CombatCard):
            text: Message = (
                literal(effect.text)
                if effect.text
                else msg("play your smallest combat card in hand (+0 excluded)")
                if effect.rule == "smallest"
                else literal(effect.rule)
            )
            who = naming.figure(ctx.position, ctx.npc.id)
            notes.append(msg("{npc}: {rule} (S-COMBAT-5)", npc=who, rule=text))
    return tuple(notes)


def card_rule(ctx: Context) -> str | None:
    """The rule an NP Telepath's personality sets for the Player's card (``smallest``…), if any."""
    for effect in ctx.card.effects:
        if isinstance(effect, CombatCard):
            return effect.rule
    return None


def _carried(what: str) -> Param:
    """What a personality's condition names: an object kind, a wounded friend, any object or anything."""
    if what == "wounded":
        return msg("a wounded friend")
    if what == "object":
        return msg("an object")
    if what == "anything":
        return msg("anything")
    return Ref("object", what)


def gear_locks(position: Position, cards: Mapping[str, NpcCard]) -> dict[int, str]:
    """S-PERS-BRIKOLTOU, S-ROT-8: each room pair whose gear an unwounded NPC with the ``gear_lock``
    personality stands on, with that NPC: only a Mechanork may turn that pair, NPC or Player."""
    board = position.board
    locks: dict[int, str] = {}
    for c in position.characters.values():
        if c.wounded or c.at is None or c.side is not Side.NPC or board.terrain(c.at) is not Terrain.GEAR:
            continue
        card = cards.get(c.id)
        if card is None or not any(isinstance(e, Flag) and e.kind == "gear_lock" for e in card.effects):
            continue
        slot = slot_of(c.at)
        room = board.room(slot) if slot is not None else None
        if room is not None:
            locks.setdefault(room.layout.pair, c.id)
    return locks
