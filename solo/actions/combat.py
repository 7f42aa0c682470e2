"""Combat mechanics: who joins a combat and what a result does to the table.

Melee (B-CMB), group combat (B-GRP), ranged combat with the Bow (B-RNG, B-BOW, B-SHIELD), the
Telescoping spear (B-SPEAR); who may attack or shoot whom is :mod:`solo.actions.targets` (its names are
given here too, where the callers look for them); the Fireball wand is in :mod:`solo.actions.wand`.
Cards are not drawn here: the caller resolves the card play (S-COMBAT) and passes the outcome to
:func:`resolve_combat`.
"""

from __future__ import annotations

from solo.actions.targets import attack_adjacent as attack_adjacent
from solo.actions.targets import attack_squares as attack_squares
from solo.actions.targets import may_attack as may_attack
from solo.actions.targets import ranged_targets as ranged_targets
from solo.actions.targets import spear_targets as spear_targets
from solo.actions.targets import standing_friend as standing_friend
from solo.actions.targets import target_reason
from solo.actions.targets import wounded_this_turn as wounded_this_turn
from solo.errors import IllegalActionError
from solo.messages import msg
from solo.records import field, record
from solo.table import naming
from solo.table.position import Character, ObjectToken, Position, Score, Side, Turn

OUTCOMES = ("win", "lose", "tie")
STAB_BONUS = 2
BOW_VALUE = 1


# -- who takes part -------------------------------------------------------------------------------

@record(frozen=True)
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
        if adjacent or target_reason(position, attacker, target) is not None:
            raise IllegalActionError(reason)
        if target.at not in spear_targets(position, attacker):
            raise IllegalActionError(reason)
        spear = attacker.id  # B-SPEAR-1; an adjacent target is plain melee (B-SPEAR-4)
    attackers, defenders = _closure(position, attacker.side, target, [attacker], [])
    return _sides(position, target, attackers, defenders, [], spear)


# -- ranged combat --------------------------------------------------------------------------------

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

@record
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
