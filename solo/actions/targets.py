"""Who may attack or shoot whom: adjacency through open sides and portcullises (B-CMB-2, B-EDGE-8),
the targets a rule forbids (B-CMB-1/8/9/11/12), the Telescoping spear's reach (B-SPEAR) and the Bow's
line of fire (B-RNG-1/2, B-BOW-4, B-SHIELD). Who then joins the combat and what its result does are in
:mod:`solo.actions.combat`.
"""

from __future__ import annotations

from solo.messages import Message, msg
from solo.table import naming
from solo.table.board import Passage
from solo.table.geometry import OPEN
from solo.table.position import Character, Position
from solo.table.sight import first_character
from solo.table.squares import (
    AHEAD,
    DIRECTIONS,
    Direction,
    Edge,
    Square,
    edge,
    is_line,
    neighbour,
    square_name,
)

# -- adjacency and legality ----------------------------------------------------------------------

def attack_adjacent(position: Position, a: Square, b: Square) -> bool:
    """B-CMB-2, B-EDGE-8: a shared side that is open, or an open or broken portcullis (no diagonal).
    The geometry lists a passage only between two existing neighbours (``Board.passage``)."""
    return position.board.geometry().passages.get(edge(a, b)) is OPEN


_SIDES: tuple[tuple[tuple[Square, Edge], ...], ...] = tuple([
    tuple(filter(None, sides)) for sides in zip(*AHEAD, strict=True)])
"""Each square's neighbours in the order of :class:`Direction`, with the edge to each (:data:`AHEAD`'s
steps on the board, never empty tuples: ``filter`` drops only the Nones; no generator per square,
~1 M instructions less at every start)."""


def attack_squares(position: Position, target_sq: Square) -> list[Square]:
    """The squares from which a figure can attack a character on ``target_sq`` (B-CMB-2), in the
    order of :class:`Direction`: those across an edge the geometry says is open (:func:`attack_adjacent`)."""
    passages = position.board.geometry().passages
    return [sq for sq, e in _SIDES[target_sq] if passages.get(e) is OPEN]


def wounded_this_turn(position: Position, character_id: str) -> bool:
    """B-CMB-8: the character became wounded during the current turn."""
    return position.turn is not None and character_id in position.turn.wounded


def standing_friend(position: Position, wounded: Character) -> Character | None:
    """A figure of its own side standing on a lying wounded without carrying it (an NPC,
    AMB-UNLISTED-STOP): for combat it is treated as carried (AMB-UNDER-FIGURE)."""
    if not wounded.wounded or wounded.at is None:
        return None
    figure = position.figure_at(wounded.at)
    return figure if figure is not None and figure.side is wounded.side else None


def target_reason(position: Position, attacker: Character, target: Character) -> Message | None:
    """What forbids ``attacker`` from attacking ``target`` in any way, adjacency aside."""
    who = naming.figure(position, attacker.id)
    whom = naming.figure(position, target.id)
    if not attacker.is_figure:
        if attacker.wounded:
            return msg("{figure:cap} is wounded: a wounded never starts a combat (B-CMB-11)", figure=who)
        return msg("{figure:cap} is not on the board", figure=who)
    if attacker.side is target.side:
        return msg("{target:cap} is on the same side as {figure}: only enemies are attacked (B-CMB-1)",
                   target=whom, figure=who)
    if target.at is None:
        if position.carrier_of(target.id) is not None:
            return msg("{target:cap} is carried: attack its carrier (B-CMB-12, AMB-B-CARRIEDTARGET)",
                       target=whom)
        return msg("{figure:cap} is not on the board", figure=whom)
    if standing_friend(position, target) is not None:
        return msg("{target:cap} lies under a friendly figure: attack that figure "
                   "(B-CMB-12, AMB-UNDER-FIGURE)", target=whom)
    if wounded_this_turn(position, target.id):
        return msg("{target:cap} was wounded this turn (B-CMB-8)", target=whom)
    assert attacker.at is not None
    if is_line(target.at) and is_line(attacker.at):
        return msg("{target:cap} is on a starting line: only a figure in a room may attack it (B-CMB-9)",
                   target=whom)
    return None


def may_attack(position: Position, attacker: Character, target: Character) -> Message | None:
    """None when ``attacker`` may attack the adjacent ``target`` in melee; else why not, with the rule."""
    reason = target_reason(position, attacker, target)
    if reason is not None:
        return reason
    assert attacker.at is not None and target.at is not None
    if not attack_adjacent(position, attacker.at, target.at):
        return msg("{target:cap} on {target_square} is not adjacent to {figure} on {square} (B-CMB-2)",
                   target=naming.figure(position, target.id), target_square=square_name(target.at),
                   figure=naming.figure(position, attacker.id), square=square_name(attacker.at))
    return None


def adjacent_enemy_figure(position: Position, figure: Character) -> bool:
    """The figure touches an enemy figure (B-BOW-4, B-SPEAR-5)."""
    assert figure.at is not None
    return any(
        c.is_figure and c.side is not figure.side and c.at is not None
        and attack_adjacent(position, figure.at, c.at)
        for c in position.characters.values()
    )


def spear_targets(position: Position, attacker: Character) -> list[Square]:
    """Squares of the enemies the figure can strike with the Telescoping spear (B-SPEAR-1..5, 11).

    Two squares away in a straight line over a square with no character, both steps between
    adjacent squares, or across an intact arrow slit both touch; never while touching an enemy
    figure (AMB-SPEAR-ENGAGED).
    """
    if not attacker.is_figure or attacker.carries != "spear" or attacker.at is None:
        return []
    if adjacent_enemy_figure(position, attacker):
        return []
    board = position.board
    result: list[Square] = []
    for direction in Direction:
        mid = neighbour(attacker.at, direction)
        if mid is None or not board.exists(mid):
            continue
        passage = board.passage(attacker.at, mid)
        target_sq: Square | None = None
        if passage is Passage.SLIT:
            target_sq = mid  # B-SPEAR-3
        elif passage is Passage.OPEN and position.character_at(mid) is None:
            far = neighbour(mid, direction)
            if far is not None and attack_adjacent(position, mid, far):
                target_sq = far  # B-SPEAR-1, B-SPEAR-2
        if target_sq is None:
            continue
        target = position.character_at(target_sq)
        if target is not None and target_reason(position, attacker, target) is None:
            result.append(target_sq)
    return result


# -- the Bow's targets ---------------------------------------------------------------------------

def _shield_protected(position: Position, character: Character) -> bool:
    """B-SHIELD-1/2: carries the Large shield, or lies wounded on it (AMB-B-SHIELDWND)."""
    if character.carries == "shield":
        return True
    return character.wounded and character.at is not None and "shield" in position.objects_at(character.at)


def ranged_targets(position: Position, shooter: Character) -> list[tuple[Direction, Square]]:
    """The (direction, square) of each character the Bow carrier may shoot (B-RNG-1/2, B-BOW-4,
    B-SHIELD-1/2): the first character in line of sight, an enemy, unshielded, not wounded this
    turn, and neither it nor any enemy figure adjacent to the shooter."""
    if not shooter.is_figure or shooter.carries != "bow" or shooter.at is None:
        return []
    if adjacent_enemy_figure(position, shooter):
        return []  # B-BOW-4
    result: list[tuple[Direction, Square]] = []
    for direction in DIRECTIONS:
        sq = first_character(position, shooter.at, direction)
        if sq is None:
            continue
        target = position.character_at(sq)
        if target is None or target.side is shooter.side:
            continue
        if _shield_protected(position, target) or wounded_this_turn(position, target.id):
            continue
        if attack_adjacent(position, shooter.at, sq):
            continue  # B-BOW-4: never at an adjacent target (a wounded one included)
        result.append((direction, sq))
    return result
