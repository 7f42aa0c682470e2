"""The Cleric's Healing (B-CLER-2..8, S-HEAL): a friendly wounded next to him stands up again."""

from __future__ import annotations

from solo.actions.combat import attack_adjacent, turn_of
from solo.errors import IllegalActionError
from solo.table.position import Character, Position
from solo.table.squares import square_name


def _heal_reason(position: Position, cleric: Character, wounded: Character) -> str | None:
    """Why ``cleric`` cannot heal ``wounded`` now, citing the rule; None when he can."""
    if not cleric.is_figure or cleric.at is None:
        return f"{cleric.id} is not a figure on the board: a wounded takes no action (B-WND-1)"
    if not cleric.character_class.has("healing"):
        return f"only a Cleric heals (B-CLER-2), not {cleric.id}"
    if wounded.id == cleric.id:
        return "the Cleric cannot heal himself (B-CLER-4)"
    if not wounded.wounded:
        return f"{wounded.id} is not wounded (B-CLER-2)"
    if wounded.side is not cleric.side:
        return f"{wounded.id} is an enemy: only friendly wounded are healed (B-CLER-8, AMB-B-HEALENEMY)"
    if wounded.at is None:
        carrier = position.carrier_of(wounded.id)
        if carrier is not None and carrier.id == cleric.id:
            return f"{cleric.id} carries {wounded.id}: he must first drop it next to him (B-CLER-5)"
        return f"{wounded.id} is carried: the healed figure would share its carrier's square (B-CLER-7)"
    if not attack_adjacent(position, cleric.at, wounded.at):
        return (f"{wounded.id} on {square_name(wounded.at)} is not adjacent to {cleric.id} on "
                f"{square_name(cleric.at)}: no healing diagonally or across a wall, a closed "
                "portcullis or an arrow slit (B-CLER-6)")
    figure = position.figure_at(wounded.at)
    if figure is not None:
        return (f"{figure.id} stands on {square_name(wounded.at)}: two figures on one square "
                "(B-CLER-7, B-GOLD-3)")
    if position.board.terrain(wounded.at) is wounded.side.exit_line:
        return f"{wounded.id} lies on the opponent's starting line, where no figure may stay (B-EXIT-2)"
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
        raise IllegalActionError(f"no character {wounded_id!r} in the position")
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
