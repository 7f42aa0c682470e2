"""Combat mechanics: who may attack whom, who joins a combat, and what a result does to the table.

Melee (B-CMB), group combat (B-GRP), ranged combat with the Bow (B-RNG, B-BOW, B-SHIELD), the
Telescoping spear (B-SPEAR); the Fireball wand is in :mod:`solo.actions.wand`.
Cards are not drawn here: the caller
resolves the card play (S-COMBAT) and passes the outcome to :func:`resolve_combat`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solo.errors import IllegalActionError
from solo.messages import Message, msg
from solo.table import naming
from solo.table.board import Passage
from solo.table.position import Character, ObjectToken, Position, Score, Side, Turn
from solo.table.sight import first_character
from solo.table.squares import Direction, Square, direction_between, is_line, neighbour, square_name

OUTCOMES = ("win", "lose", "tie")
STAB_BONUS = 2
BOW_VALUE = 1


# -- adjacency and legality ----------------------------------------------------------------------

def attack_adjacent(position: Position, a: Square, b: Square) -> bool:
    """B-CMB-2, B-EDGE-8: a shared side that is open, or an open or broken portcullis (no diagonal)."""
    if direction_between(a, b) is None:
        return False
    board = position.board
    return board.exists(a) and board.exists(b) and board.passage(a, b) is Passage.OPEN


def attack_squares(position: Position, target_sq: Square) -> list[Square]:
    """The squares from which a figure can attack a character on ``target_sq`` (B-CMB-2)."""
    result = []
    for direction in Direction:
        sq = neighbour(target_sq, direction)
        if sq is not None and attack_adjacent(position, target_sq, sq):
            result.append(sq)
    return result


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


def _target_reason(position: Position, attacker: Character, target: Character) -> Message | None:
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
    reason = _target_reason(position, attacker, target)
    if reason is not None:
        return reason
    assert attacker.at is not None and target.at is not None
    if not attack_adjacent(position, attacker.at, target.at):
        return msg("{target:cap} on {target_square} is not adjacent to {figure} on {square} (B-CMB-2)",
                   target=naming.figure(position, target.id), target_square=square_name(target.at),
                   figure=naming.figure(position, attacker.id), square=square_name(attacker.at))
    return None


def _adjacent_enemy_figure(position: Position, figure: Character) -> bool:
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
    if _adjacent_enemy_figure(position, attacker):
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
        if target is not None and _target_reason(position, attacker, target) is None:
            result.append(target_sq)
    return result


# -- who takes part -------------------------------------------------------------------------------

@dataclass(frozen=True)
class CombatSides:
    """The participants of one combat and each side's combat value before cards (B-CMB-4).

    ``attackers`` are the active side's melee fighters (the figure that attacked first, or nobody
    but melee joiners in a ranged combat); ``defenders`` starts with the target; ``shooters`` fire
    the Bow. ``spear`` names the attacker striking with the Telescoping spear, if any.
    """

    target: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    shooters: tuple[str, ...] = ()
    attack_value: int = 0
    defence_value: int = 0
    spear: str | None = None

    @property
    def participants(self) -> tuple[str, ...]:
        return (*self.shooters, *self.attackers, *self.defenders)

    @property
    def is_group(self) -> bool:
        """B-CMB-13: a group combat involves 3 or more characters."""
        return len(self.participants) >= 3


def _melee_value(character: Character, with_friend: bool) -> int:
    """Combat value in melee: 0 for a wounded (B-WND-2), +2 Stab with a friend taking part (B-BACK-2)."""
    if character.wounded:
        return 0
    value = character.character_class.combat
    if with_friend and character.character_class.has("stab"):
        value += STAB_BONUS
    return value


def _closure(
    position: Position, side: Side, target: Character, attackers: list[Character], shooters: list[Character]
) -> tuple[list[Character], list[Character]]:
    """B-GRP-1..5, B-RNG-7/10, AMB-B-CHAIN: join until stable; only figures join (B-GRP-4)."""
    defenders = [target]
    excluded = {c.id for c in attackers} | {c.id for c in shooters} | {target.id}
    figures = [c for c in position.characters.values() if c.is_figure and c.id not in excluded]
    changed = True
    while changed:
        changed = False
        for c in figures:
            if c.id in excluded:
                continue
            assert c.at is not None
            others = defenders if c.side is side else attackers
            if any(o.at is not None and attack_adjacent(position, c.at, o.at) for o in others):
                (attackers if c.side is side else defenders).append(c)
                excluded.add(c.id)
                changed = True
    return attackers, defenders


def _sides(position: Position, target: Character, attackers: list[Character],
           defenders: list[Character], shooters: list[Character], spear: str | None) -> CombatSides:
    attack_friends = len(attackers) + len(shooters) >= 2  # AMB-B-STAB: a shooter counts (B-BACK-3)
    defence_friends = len(defenders) >= 2
    attack_value = sum(_melee_value(c, attack_friends) for c in attackers) + BOW_VALUE * len(shooters)
    defence_value = sum(_melee_value(c, defence_friends) for c in defenders)
    return CombatSides(
        target=target.id,
        attackers=tuple(c.id for c in attackers),
        defenders=tuple(c.id for c in defenders),
        shooters=tuple(c.id for c in shooters),
        attack_value=attack_value,
        defence_value=defence_value,
        spear=spear,
    )


def _get(position: Position, character_id: str) -> Character:
    try:
        return position.characters[character_id]
    except KeyError:
        raise IllegalActionError(msg("no character {id} in the position", id=repr(character_id))) from None


def melee_sides(position: Position, attacker_id: str, target_id: str) -> CombatSides:
    """Everyone taking part when ``attacker_id`` attacks ``target_id`` (B-GRP-1..5, B-SPEAR-9).

    A target that is not adjacent but in reach of the attacker's Telescoping spear is a spear
    attack (B-SPEAR-1); raises IllegalActionError, citing the rule, when the attack is illegal.
    """
    attacker, target = _get(position, attacker_id), _get(position, target_id)
    reason = may_attack(position, attacker, target)
    spear: str | None = None
    if reason is not None:
        adjacent = (attacker.at is not None and target.at is not None
                    and attack_adjacent(position, attacker.at, target.at))
        if adjacent or _target_reason(position, attacker, target) is not None:
            raise IllegalActionError(reason)
        if target.at not in spear_targets(position, attacker):
            raise IllegalActionError(reason)
        spear = attacker.id  # B-SPEAR-1; an adjacent target is plain melee (B-SPEAR-4)
    attackers, defenders = _closure(position, attacker.side, target, [attacker], [])
    return _sides(position, target, attackers, defenders, [], spear)


# -- ranged combat --------------------------------------------------------------------------------

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
    if _adjacent_enemy_figure(position, shooter):
        return []  # B-BOW-4
    result: list[tuple[Direction, Square]] = []
    for direction in Direction:
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


def ranged_sides(position: Position, shooter_id: str, target_id: str) -> CombatSides:
    """Everyone taking part when ``shooter_id`` shoots ``target_id`` (B-RNG-7..10).

    Other Bow carriers of the shooter's side that could legally shoot the same target join as
    shooters (AMB-B-SHOOTERS); the shooter's figures adjacent to the target join in melee and the
    group-combat chain follows; with none, nobody else joins (B-RNG-10).
    """
    shooter, target = _get(position, shooter_id), _get(position, target_id)
    if target.at is None or all(sq != target.at for _, sq in ranged_targets(position, shooter)):
        raise IllegalActionError(msg("{figure:cap} cannot shoot {target} "
                                     "(B-RNG-1, B-RNG-2, B-BOW-4, B-SHIELD-1)",
                                     figure=naming.figure(position, shooter.id),
                                     target=naming.figure(position, target.id)))
    shooters = [shooter] + [
        c for c in position.characters.values()
        if c.id != shooter.id and c.side is shooter.side and c.carries == "bow"
        and any(sq == target.at for _, sq in ranged_targets(position, c))
    ]
    attackers, defenders = _closure(position, shooter.side, target, [], shooters)
    return _sides(position, target, attackers, defenders, shooters, None)


# -- results --------------------------------------------------------------------------------------

@dataclass
class CombatResult:
    """What a combat did: the outcome for the active side, the characters wounded and eliminated,
    the VP each side scored, and whether a Telescoping spear broke."""

    outcome: str
    wounded: list[str] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)
    vp: dict[Side, int] = field(default_factory=lambda: {Side.PLAYER: 0, Side.NPC: 0})
    spear_broken: bool = False


def turn_of(position: Position, side: Side) -> Turn:
    """The turn in progress, created for ``side`` when the position has none."""
    if position.turn is None:
        position.turn = Turn(side)
    return position.turn


def add_vp(position: Position, side: Side, points: int = 1) -> None:
    """Score VP for a side (B-VP-2), creating the score when the position has none."""
    if position.score is None:
        position.score = Score()
    if side is Side.PLAYER:
        position.score.player += points
    else:
        position.score.npc += points


def wound(position: Position, figure: Character, side: Side) -> None:
    """The figure becomes wounded on its square (B-CMB-5): what it carried stays under it
    (B-CARRY-11); ``side`` is the side whose turn it is, for a turn created here."""
    figure.wounded = True
    if figure.carries is not None and figure.carries not in position.characters:
        assert figure.at is not None
        position.objects.append(ObjectToken(figure.carries, figure.at))
        figure.carries = None
    turn = turn_of(position, side)
    if figure.id not in turn.wounded:
        turn.wounded.append(figure.id)


def eliminate(position: Position, character: Character, by: Side | None) -> int:
    """Take a character out of the game; what lies under it stays (B-CARRY-13). Returns the VP
    scored: 1 for ``by`` when the character is its enemy (B-VP-2), 0 for one's own (B-VP-5)."""
    carrier = position.carrier_of(character.id)
    if carrier is not None:
        carrier.carries = None
    if character.carries is not None and character.carries not in position.characters \
            and character.at is not None:
        position.objects.append(ObjectToken(character.carries, character.at))
    del position.characters[character.id]
    if position.turn is not None:
        for ids in (position.turn.acted, position.turn.healed, position.turn.wounded):
            while character.id in ids:
                ids.remove(character.id)
    if by is not None and character.side is not by:
        add_vp(position, by)
        return 1
    return 0


def resolve_combat(position: Position, sides: CombatSides, outcome: str, active: Side) -> CombatResult:
    """Apply a combat's outcome to the position (B-CMB-5/6, B-GRP-7/8, B-RNG-4, B-SPEAR-7/8).

    ``outcome`` is "win" when the active side wins, "lose" or "tie". Losing figures are wounded,
    wounded they carry are eliminated (B-CARRY-12), a losing wounded target is eliminated; the
    shooters and the spear user are never wounded, and the spear breaks when its side loses.
    """
    if outcome not in OUTCOMES:
        raise IllegalActionError(msg("unknown combat outcome {outcome} (one of {choices})",
                                     outcome=repr(outcome), choices=", ".join(OUTCOMES)))
    for character_id in sides.participants:
        _get(position, character_id)
    for character_id in (*sides.attackers, *sides.shooters):
        if position.characters[character_id].side is not active:
            raise IllegalActionError(msg("{figure:cap} attacks but is not on the active side",
                                         figure=naming.figure(position, character_id)))
    result = CombatResult(outcome)
    if outcome == "tie":
        return result  # B-CMB-6
    winner = active if outcome == "win" else active.other
    if outcome == "win":
        losers = list(sides.defenders)
    else:
        losers = [c for c in sides.attackers if c != sides.spear]  # B-RNG-4, B-SPEAR-7
        if sides.spear is not None:
            spear_user = position.characters[sides.spear]
            if spear_user.carries == "spear":
                spear_user.carries = None  # B-SPEAR-7: broken and discarded
            result.spear_broken = True
    for loser_id in losers:
        loser = position.characters.get(loser_id)
        if loser is None:
            continue
        if loser.wounded:
            result.eliminated.append(loser.id)  # B-CMB-5, B-GRP-7
            result.vp[winner] += eliminate(position, loser, winner)
            continue
        carried = position.characters.get(loser.carries) if loser.carries is not None else None
        if carried is None and loser.at is not None:
            lying = position.wounded_at(loser.at)
            if lying is not None and lying.side is loser.side:
                carried = lying  # AMB-UNDER-FIGURE: as if carried
        if carried is not None:
            result.eliminated.append(carried.id)  # B-CARRY-12, B-GRP-8
            result.vp[winner] += eliminate(position, carried, winner)
        wound(position, loser, active)
        result.wounded.append(loser.id)
    return result
