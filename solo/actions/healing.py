"""The Cleric's Healing (B-CLER-2..8, S-HEAL): a friendly wounded next to him stands up again."""

from __future__ import annotations

from solo.actions.combat import attack_adjacent, turn_of
from solo.errors import IllegalActionError
from solo.messages import Message, msg
from solo.table import naming
from solo.table.position import Character, Position
from solo.table.squares import square_name


def _heal_reason(position: Position, cleric: Character, wounded: Character) -> Message | None:
    """Why ``cleric`` cannot heal ``wounded`` now, citing the rule; None when he can."""
    who = naming.figure(position, cleric.id)
    whom = naming.figure(position, wounded.id)
    if not cleric.is_figure or cleric.at is None:
        return msg("{figure:cap} is not a figure on the board: a wounded takes no action (B-WND-1)",
                   figure=who)
    if not cleric.character_class.has("healing"):
        return msg("only a Cleric heals (B-CLER-2), not {figure}", figure=who)
    if wounded.id == cleric.id:
        return msg("the Cleric cannot heal himself (B-CLER-4)")
    if not wounded.wounded:
        return msg("{figure:cap} is not wounded (B-CLER-2)", figure=whom)
    if wounded.side is not cleric.side:
        return msg("{figure:cap} is an enemy: only friendly wounded are healed (B-CLER-8, AMB-B-HEALENEMY)",
                   figure=whom)
    if wounded.at is None:
        carrier = position.carrier_of(wounded.id)
        if carrier is not None and carrier.id == cleric.id:
            return msg("{figure:cap} carries {wounded}: he must first drop it next to him (B-CLER-5)",
                       figure=who, wounded=whom)
        return msg("{figure:cap} is carried: the healed figure would share its carrier's square (B-CLER-7)",
                   figure=whom)
    if not attack_adjacent(position, cleric.at, wounded.at):
        return msg("{wounded:cap} on {wounded_square} is not adjacent to {figure} on {square}: no healing "
                   "diagonally or across a wall, a closed portcullis or an arrow slit (B-CLER-6)",
                   wounded=whom, wounded_square=square_name(wounded.at), figure=who,
                   square=square_name(cleric.at))
    figure = position.figure_at(wounded.at)
    if figure is not None:
        return msg("{figure:cap} stands on {square}: two figures on one square (B-CLER-7, B-GOLD-3)",
                   figure=naming.figure(position, figure.id), square=square_name(wounded.at))
    if position.board.terrain(wounded.at) is wounded.side.exit_line:
        return msg("{figure:cap} lies on the opponent's starting line, where no figure may stay (B-EXIT-2)",
                   figure=whom)
    return None


def heal_targets(position: Position, cleric: Character) -> list[str]:
    """The ids of the friendly wounded the Cleric can heal now: lying on a square adjacent to his
    (B-CLER-2, B-CLER-6), not carried (B-CLER-5/7), not himself (B-CLER-4)."""
    return [c.id for c in position.characters.values()
            if c.wounded and _heal_reason(position, cleric, c) is None]


def apply_heal(position: Position, cleric: Character, wounded_id: str) -> None:
    """Heal a wounded (1 AP, B-CLER-2): its token becomes its figure on the same square, listed in
    the turn's ``healed`` (B-CLER-3); the object under it is carried again (AMB-HEAL-OBJECT)."""
    wounded = position.characters.get(wounded_id)
    if wounded is None:
        raise IllegalActionError(msg("no character {id} in the position", id=repr(wounded_id)))
    reason = _heal_reason(position, cleric, wounded)
    if reason is not None:
        raise IllegalActionError(reason)
    assert wounded.at is not None
    wounded.wounded = False
    for index, token in enumerate(position.objects):
        if token.at == wounded.at:
            wounded.carries = token.kind  # AMB-HEAL-OBJECT (B-CARRY-11, AMB-B-CARRY)
            del position.objects[index]
            break
    turn = turn_of(position, cleric.side)
    if wounded.id not in turn.healed:
        turn.healed.append(wounded.id)
