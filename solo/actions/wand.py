"""The Fireball wand (B-WAND): a Wizard's single-use shot at the first character in line of sight."""

from __future__ import annotations

from solo.actions.combat import eliminate
from solo.errors import IllegalActionError
from solo.messages import Message, msg
from solo.table import naming
from solo.table.position import Character, Position
from solo.table.sight import first_character
from solo.table.squares import DIRECTIONS, Direction, Square, square_name


def _wand_reason(position: Position, wizard: Character) -> Message | None:
    who = naming.figure(position, wizard.id)
    if not wizard.is_figure or wizard.at is None:
        return msg("{figure:cap} is not a figure on the board (B-WND-1)", figure=who)
    if not wizard.character_class.has("magic_user"):
        return msg("only a Wizard can use the Fireball wand (B-WAND-2, B-WIZ-7), not {figure}", figure=who)
    if wizard.carries != "wand":
        return msg("{figure:cap} does not carry the Fireball wand (B-WAND-1)", figure=who)
    return None


def wand_targets(position: Position, wizard: Character) -> list[tuple[Direction, Square]]:
    """The first character in line of sight in each direction, friend or foe (B-WAND-3/6); empty
    when the figure is not a Wizard carrying the wand (B-WAND-2)."""
    if _wand_reason(position, wizard) is not None:
        return []
    assert wizard.at is not None
    result: list[tuple[Direction, Square]] = []
    for direction in DIRECTIONS:
        sq = first_character(position, wizard.at, direction)
        if sq is not None:
            result.append((direction, sq))
    return result


def apply_wand(position: Position, wizard: Character, direction: Direction) -> list[str]:
    """Fire the wand (B-WAND-1..9): eliminate the first character in ``direction`` and a wounded it
    carries (B-WAND-5); the wand is discarded; objects under them stay (B-CARRY-13). Returns the ids
    eliminated; VP go to the Wizard's side for each enemy (B-VP-2, B-VP-5)."""
    reason = _wand_reason(position, wizard)
    if reason is not None:
        raise IllegalActionError(reason)
    assert wizard.at is not None
    sq = first_character(position, wizard.at, direction)
    if sq is None:
        raise IllegalActionError(msg("no character in line of sight {direction} of {square} (B-WAND-3)",
                                     direction=naming.direction(direction.name),
                                     square=square_name(wizard.at)))
    hit = position.character_at(sq)
    assert hit is not None
    victims = [hit]
    if hit.carries is not None and hit.carries in position.characters:
        victims.append(position.characters[hit.carries])  # B-WAND-5
    elif not hit.wounded:
        lying = position.wounded_at(sq)
        if lying is not None and lying.side is hit.side:
            victims.append(lying)  # AMB-UNDER-FIGURE: as if carried
    wizard.carries = None  # B-WAND-1: single use
    for victim in victims:
        eliminate(position, victim, wizard.side)
    return [v.id for v in victims]
