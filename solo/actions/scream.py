"""The Banshee's Repelling scream (B-BANS-2..10) and Wave-Rick's breaking push (S-PERS-WAVERICK).

:func:`push_outcome` says what a push would do without changing anything (the automaton weighs
it); :func:`apply_push` carries it out. The scream is not a combat (B-BANS-10): no cards, no Large
shield, and a character wounded this turn may be pushed.
"""

from __future__ import annotations

from solo.actions.combat import eliminate, wound
from solo.actions.core import settle_carrying
from solo.content.gamedata import game_data
from solo.errors import IllegalActionError
from solo.messages import Message, msg
from solo.records import record
from solo.table import naming
from solo.table.board import Passage, Terrain
from solo.table.position import Character, Position, Side
from solo.table.sight import first_character
from solo.table.squares import (
    DIRECTIONS,
    Direction,
    Square,
    file_of,
    is_line,
    neighbour,
    rank_of,
    square_name,
)


def scream_targets(position: Position, banshee: Character) -> list[tuple[Direction, Square]]:
    """The first character in line of sight in each direction, figure or wounded, either colour
    (B-BANS-2); a character wounded this turn may be targeted (B-BANS-10). Empty when the figure
    cannot scream."""
    if not banshee.is_figure or banshee.at is None or not banshee.character_class.has("repelling_scream"):
        return []
    result: list[tuple[Direction, Square]] = []
    for direction in DIRECTIONS:
        sq = first_character(position, banshee.at, direction)
        if sq is not None:
            result.append((direction, sq))
    return result


@record(frozen=True)
class PushOutcome:
    """What a push does: legal or not (``reason`` cites the rule either way), where the character
    ends, whether it is eliminated or wounded, and the wall, portcullis or slit Wave-Rick breaks."""

    legal: bool
    reason: Message
    to: Square | None
    eliminated: bool = False
    wounded: bool = False
    broken: tuple[Square, Square] | None = None
    casualties: tuple[str, ...] = ()
    """Every character the push eliminates (the target, for a fall or Wave-Rick's blow)."""


def _illegal(reason: Message) -> PushOutcome:
    return PushOutcome(False, reason, None)


def _push_direction(a: Square, b: Square) -> Direction | None:
    """The direction from ``a`` to ``b`` when they share a row or a column (and differ)."""
    if a == b:
        return None
    if file_of(a) == file_of(b):
        return Direction.NORTH if rank_of(b) > rank_of(a) else Direction.SOUTH
    if rank_of(a) == rank_of(b):
        return Direction.EAST if file_of(b) > file_of(a) else Direction.WEST
    return None


def _brought_object(position: Position, target: Character, from_sq: Square) -> str | None:
    """The object travelling with the pushed character: the one a figure carries (B-BANS-5) or the
    one under a wounded, which it still holds (B-CARRY-11, AMB-PUSH-UNDER)."""
    if not target.wounded:
        return target.carries if target.carries in game_data().objects else None
    objects = position.objects_at(from_sq)
    return objects[0] if objects else None


def _carried_wounded(position: Position, target: Character) -> Character | None:
    if target.wounded or target.carries is None:
        return None
    return position.characters.get(target.carries)


def push_outcome(
    position: Position, banshee_sq: Square, target_sq: Square, breaks: bool = False
) -> PushOutcome:
    """What pushing the character on ``target_sq`` one square straight away from ``banshee_sq`` does.

    B-BANS-3..8; with ``breaks`` (Wave-Rick, S-PERS-WAVERICK) a wall, a closed portcullis or an
    arrow slit in the way is broken, and the character lands wounded beyond it (AMB-WAVERICK).
    Line of sight is the caller's (``apply_push`` checks it).
    """
    board = position.board
    direction = _push_direction(banshee_sq, target_sq)
    if direction is None:
        return _illegal(msg("{square} is not in a straight line from {origin} (B-BANS-2, B-GOLD-1)",
                            square=square_name(target_sq), origin=square_name(banshee_sq)))
    target = position.character_at(target_sq)
    if target is None:
        return _illegal(msg("no character on {square} (B-BANS-2)", square=square_name(target_sq)))
    whom = naming.figure(position, target.id)
    if is_line(target_sq):
        return _illegal(msg("{target:cap} stands on a starting line and cannot be pushed (B-BANS-8, "
                            "AMB-B-PUSHLINE)", target=whom))
    dest = neighbour(target_sq, direction)
    if dest is None:
        return _illegal(msg("{target:cap} would be pushed off the board (B-BANS-8)", target=whom))
    if not board.exists(dest):
        return _illegal(msg("{target:cap} would be pushed into a hidden room ({square}, AMB-B-HIDDEN)",
                            target=whom, square=square_name(dest)))
    passage = board.passage(target_sq, dest)
    broken: tuple[Square, Square] | None = None
    breaking = False
    if passage is not Passage.OPEN:
        if not breaks:
            return _illegal({
                Passage.WALL: msg("{target:cap} would cross a wall (B-BANS-3)", target=whom),
                Passage.PORTCULLIS: msg("{target:cap} would cross a closed portcullis (B-BANS-3)",
                                        target=whom),
                Passage.SLIT: msg("{target:cap} would cross an arrow slit (B-BANS-3)", target=whom),
            }[passage])
        breaking = True
        broken = (target_sq, dest)  # S-PERS-WAVERICK: a broken marker, on a wall too (AMB-WAVERICK)
    if is_line(dest) and not breaking:
        return _illegal(msg("{target:cap} would be pushed onto a starting line ({square}, B-BANS-8, "
                            "AMB-B-PUSHLINE)", target=whom, square=square_name(dest)))
    side = target.side
    lands_wounded = target.wounded or breaking
    figure = position.figure_at(dest)
    lying = position.wounded_at(dest)
    if figure is not None and figure.side is not side:
        return _illegal(msg("{square} holds {figure}, an enemy of {target} (B-BANS-3)",
                            square=square_name(dest), figure=naming.figure(position, figure.id), target=whom))
    if lying is not None and lying.side is not side:
        return _illegal(msg("{square} holds the wounded {figure}, an enemy of {target} (B-BANS-3)",
                            square=square_name(dest), figure=naming.figure(position, lying.id), target=whom))
    if figure is not None and not lands_wounded:
        return _illegal(msg("{square} holds {figure}, a figure friendly to {target} (B-BANS-3)",
                            square=square_name(dest), figure=naming.figure(position, figure.id), target=whom))
    if lying is not None and lands_wounded:
        return _illegal(msg("{square} already holds the wounded {figure} (B-BANS-4, B-GOLD-3)",
                            square=square_name(dest), figure=naming.figure(position, lying.id)))
    brought = _brought_object(position, target, target_sq)
    carried = _carried_wounded(position, target)
    fall = board.terrain(dest) is Terrain.PIT and brought != "rope" and not position.rope_in_pit(dest)
    if fall:
        # B-BANS-6, B-WIZ-6: into a pit without a Rope; what it carried stays behind (B-BANS-7).
        return PushOutcome(True, msg("{target:cap} falls into the pit {square} without a Rope and is "
                                     "eliminated (B-BANS-6, B-BANS-7)", target=whom,
                                     square=square_name(dest)),
                           None, eliminated=True, broken=broken, casualties=(target.id,))
    if breaking and target.wounded:
        return PushOutcome(True, msg("{target:cap}, already wounded, is wounded again crossing to {square}: "
                                     "eliminated (S-PERS-WAVERICK, AMB-WAVERICK)", target=whom,
                                     square=square_name(dest)),
                           None, eliminated=True, broken=broken, casualties=(target.id,))
    # B-BANS-4, B-GOLD-3: the pieces on the landing square once the character is there.
    objects = list(position.objects_at(dest))
    if brought is not None:
        objects.append(brought)
    if figure is not None and figure.carries is not None:
        if figure.carries in position.characters:
            return _illegal(msg("{figure:cap} on {square} already carries a wounded (B-GOLD-3)",
                                figure=naming.figure(position, figure.id), square=square_name(dest)))
        objects.append(figure.carries)
    wounded_count = (lying is not None) + lands_wounded + (carried is not None and not breaking)
    figure_count = (figure is not None) + (not lands_wounded)
    if len(objects) > 1:
        return _illegal(msg("{square} would hold two objects (B-BANS-4, B-GOLD-3)", square=square_name(dest)))
    if wounded_count > 1:
        return _illegal(msg("{square} would hold two wounded (B-BANS-4, B-GOLD-3)", square=square_name(dest)))
    if figure_count and wounded_count and objects:
        return _illegal(msg("{square} would hold a figure, a wounded and an object (B-BANS-4, B-GOLD-3)",
                            square=square_name(dest)))
    if board.terrain(dest) is Terrain.PIT and any(o != "rope" for o in objects):
        return _illegal(msg("only a Rope may lie in the pit {square} (B-CARRY-5)", square=square_name(dest)))
    if breaking:
        landing = square_name(dest)
        edge = {Passage.WALL: msg("{target:cap} breaks through the wall and lands wounded on {square} "
                                  "(S-PERS-WAVERICK, AMB-WAVERICK)", target=whom, square=landing),
                Passage.PORTCULLIS: msg("{target:cap} breaks through the portcullis and lands wounded on "
                                        "{square} (S-PERS-WAVERICK, AMB-WAVERICK)", target=whom,
                                        square=landing),
                Passage.SLIT: msg("{target:cap} breaks through the arrow slit and lands wounded on {square} "
                                  "(S-PERS-WAVERICK, AMB-WAVERICK)", target=whom, square=landing)}
        return PushOutcome(True, edge[passage],
                           dest, wounded=True, broken=broken)
    return PushOutcome(True, msg("{target:cap} is pushed to {square} (B-BANS-2)", target=whom,
                                 square=square_name(dest)), dest)


def apply_push(
    position: Position, banshee: Character, target_sq: Square, breaks: bool = False
) -> PushOutcome:
    """Scream at the character on ``target_sq`` and carry out the push (changing the position).

    VP for each enemy eliminated go to the Banshee's side (B-VP-2), nothing for its own (B-VP-5);
    raises IllegalActionError, citing the rule, when the push is not legal.
    """
    who = naming.figure(position, banshee.id)
    if not banshee.is_figure or banshee.at is None:
        raise IllegalActionError(msg("{figure:cap} is not a figure on the board (B-WND-1)", figure=who))
    if not banshee.character_class.has("repelling_scream"):
        raise IllegalActionError(msg("only a Banshee screams (B-BANS-2), not {figure}", figure=who))
    if all(sq != target_sq for _, sq in scream_targets(position, banshee)):
        raise IllegalActionError(msg("no character in the line of sight of {figure} on {square} (B-BANS-2)",
                                     figure=who, square=square_name(target_sq)))
    outcome = push_outcome(position, banshee.at, target_sq, breaks)
    if not outcome.legal:
        raise IllegalActionError(outcome.reason)
    target = position.character_at(target_sq)
    assert target is not None
    if outcome.broken is not None:
        position.board.break_through(*outcome.broken)
    carried = _carried_wounded(position, target)
    if outcome.eliminated:
        if carried is not None:
            target.carries = None
            carried.at = target_sq  # B-BANS-7 with B-CARRY-10 (AMB-PUSH-CARRIED)
        # An object it carried stays on target_sq (B-BANS-7); one under a wounded is there already.
        eliminate(position, target, banshee.side)
        return outcome
    assert outcome.to is not None
    dest = outcome.to
    if target.wounded:
        for token in position.objects:
            if token.at == target_sq:
                token.at = dest  # AMB-PUSH-UNDER: the wounded still holds it (B-CARRY-11)
        target.at = dest
    else:
        target.at = dest
        if outcome.wounded:
            if carried is not None:
                target.carries = None
                carried.at = target_sq  # AMB-WAVERICK: a wounded cannot carry; it stays behind
            wound(position, target, banshee.side)
        elif target.carries is None and target.side is Side.PLAYER:
            settle_carrying(position, target)  # an NPC stands on it (AMB-PUSH-LAND, AMB-UNLISTED-STOP)
    if target.wounded:
        figure = position.figure_at(dest)
        if figure is not None and figure.side is Side.PLAYER and figure.carries is None:
            figure.carries = target.id  # AMB-PUSH-LAND: a Player figure carries the wounded under it
            target.at = None
    return outcome
