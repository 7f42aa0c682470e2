"""The Player's turn in a solo game (S-TURN-1..4): the Action card, the actions, the reinforcements.

Each action checks its rule and changes the game; combat cards, reveals and reinforcements go
through the same components as the NP's (requests for what the table decides).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions.combat import CombatResult, CombatSides, add_vp, melee_sides, ranged_sides, resolve_combat
from solo.actions.core import apply_way
from solo.actions.reveals import LINE_SLOTS, reveal_access
from solo.automaton.table import Request
from solo.content.gamedata import CLASS_IDS
from solo.content.personality import CombatCard
from solo.errors import IllegalActionError
from solo.game.content import npc_card
from solo.game.fight import play_cards
from solo.game.npturn import after_combat, player_telepath_duel
from solo.game.reinforce import icon_triggers, vision_triggers
from solo.game.reveal import reveal_and_place
from solo.game.state import ACTION_CARDS, Game, character_token, player_token, removed_object_token
from solo.game.turn_ap import ACTION_COST, ap_left, must_reveal_first, turn_card
from solo.messages import Message, Ref, msg
from solo.table import naming
from solo.table.position import Side, Turn
from solo.table.search import Way
from solo.table.squares import square_name

Steps = Generator[Request, Any, Any]


def legal_action_cards(game: Game) -> list[int]:
    """S-TURN-2/3: the first turn plays the 2; in the first cycle the cards go up in order; later any."""
    hand = sorted(game.player.actions)
    if game.player.first_cycle:
        return hand[:1]
    return hand


def play_action_card(game: Game, card: int) -> int:
    """Phase 1 (S-TURN-4): lay an Action card; its value is the turn's AP (B-TURN-3)."""
    if card not in legal_action_cards(game):
        raise IllegalActionError(msg("the {card} Action card cannot be played now "
                                     "(S-TURN-2/3: playable {cards})", card=card,
                                     cards=tuple(str(c) for c in legal_action_cards(game))))
    game.player.actions.remove(card)
    game.player.played.append(card)
    if game.position.turn is None or game.position.turn.side is not Side.PLAYER:
        game.position.turn = Turn(Side.PLAYER)
    game.record("action_card", msg("The Player plays his {card} Action card", card=card), card=card)
    return card


def end_player_turn(game: Game) -> Steps:
    """Phases 3 and 4 (S-TURN-4): the Action card's reinforcements, then the cards taken back; the NP's
    turn begins."""
    card = game.player.played[-1] if game.player.played else None
    if card is not None:
        yield from after_combat(
            game,
            icon_triggers(game, "player", "action", card),
            vision_triggers(game, "player", "action", card),
        )
    if not game.player.actions:
        game.player.actions = list(ACTION_CARDS)
        game.player.played = []
        game.player.first_cycle = False  # S-TURN-3: later cycles in any order
        game.record("action_cards_back", msg("The Player takes his four Action cards back (B-TURN-5)"))
    game.position.turn = Turn(Side.NPC)
    game.record("turn", msg("The NP's turn"))


def check_action(game: Game, cost: int, what: Message, revealing: int | None = None) -> None:
    """Refuse an action the turn cannot pay for (B-TURN-3, S-TURN-4), or any action but the reveal of
    a room next to the yellow line as the first action of the game (S-TURN-2)."""
    if turn_card(game) is None:
        raise IllegalActionError(msg("{action:cap}: play an Action card first (S-TURN-4 phase 1)",
                                     action=what))
    left = ap_left(game)
    if cost > left:
        raise IllegalActionError(msg("{action:cap} costs {cost} AP, {left} left this turn (B-TURN-3)",
                                     action=what, cost=cost, left=left))
    if must_reveal_first(game) and revealing not in LINE_SLOTS[Side.PLAYER]:
        raise IllegalActionError(msg("{action:cap}: the first action of the game reveals a room next to the "
                                     "yellow line (S-TURN-2)", action=what))


def move(game: Game, figure_id: str, way: Way) -> Steps:
    """Carry out a way of one of the Player's figures (moves, Jump cards, a Key); an exit scores 1 VP
    (B-VP-1); a Jump card bearing the level's icon brings a reinforcement right after the jump."""
    jumps = sum(1 for action in way.actions if action.kind == "jump")
    check_action(game, way.cost[0], msg("moving {figure}", figure=naming.figure(game.position, figure_id)))
    if jumps > game.player.jumps:
        raise IllegalActionError(msg("{jumps} jumps need {jumps} Jump cards; {left} left (B-JUMP-1)",
                                     jumps=jumps, left=game.player.jumps))
    figure = game.position.character(figure_id)
    tokens = {c.id: character_token(c) for c in game.position.characters.values()}
    who = naming.figure(game.position, figure_id)
    outcome = apply_way(game.position, figure, way)
    game.removed.extend(tokens[cid] for cid in outcome.fallen)  # B-ROPE-9
    game.player.jumps -= jumps
    game.record(
        "move",
        msg("{figure:cap} moves to {square}", figure=who, square=square_name(way.final.square)),
        figure=figure_id,
        ap=way.cost[0],
        jumps=jumps,
        exited=outcome.exited,
        fallen=list(outcome.fallen),
    )
    if outcome.exited:
        add_vp(game.position, Side.PLAYER)  # B-VP-1
        game.removed.append(player_token(figure.class_id))
        for item in outcome.left_the_game:  # B-EXIT-3/4: its object discarded, its wounded rescued
            game.removed.append(player_token(item) if item in CLASS_IDS else removed_object_token(item))
        game.record("exit", msg("{figure:cap} exits: the Player scores 1 VP (B-VP-1)",
                                figure=who), figure=figure_id)
    for _ in range(jumps):
        yield from after_combat(
            game, icon_triggers(game, "player", "jump"), vision_triggers(game, "player", "jump")
        )


def reveal(game: Game, figure_id: str, slot: int) -> Steps:
    """Reveal a hidden room the figure has direct access to (B-REV-1..3), with the bag (S-REVEAL)."""
    figure = game.position.character(figure_id)
    check_action(game, ACTION_COST, msg("revealing {room}", room=naming.room(slot)), revealing=slot)
    if (
        figure.wounded
        or figure.at is None
        or slot not in reveal_access(game.position, Side.PLAYER).get(figure.at, {})
    ):
        raise IllegalActionError(msg("{figure:cap} has no direct access to {room} (B-REV-2/3)",
                                     figure=naming.figure(game.position, figure_id), room=naming.room(slot)))
    said = msg("{figure:cap} reveals {room}",
               figure=naming.figure(game.position, figure_id), room=naming.room(slot))
    game.record("reveal", said, figure=figure_id, slot=slot)
    yield from reveal_and_place(game, slot, figure_id)


def attack(game: Game, attacker_id: str, target_id: str) -> Generator[Request, Any, CombatResult]:
    """A melee attack by one of the Player's figures (B-CMB, B-GRP) with the combat cards (S-COMBAT);
    the reinforcements its cards bring arrive right after it (S-REINF-3)."""
    check_action(game, ACTION_COST, msg("{figure} attacking {target}",
                                        figure=naming.figure(game.position, attacker_id),
                                        target=naming.figure(game.position, target_id)))
    sides = melee_sides(game.position, attacker_id, target_id)
    return (yield from _combat(game, sides, "attack", attacker_id, target_id, ranged=False))


def shoot(game: Game, shooter_id: str, target_id: str) -> Generator[Request, Any, CombatResult]:
    """A ranged attack by the Player's Bow carrier (B-RNG-1..10, B-BOW) with the combat cards
    (S-COMBAT); 1 AP like any attack (B-AP-2)."""
    check_action(game, ACTION_COST, msg("{figure} shooting {target}",
                                        figure=naming.figure(game.position, shooter_id),
                                        target=naming.figure(game.position, target_id)))
    sides = ranged_sides(game.position, shooter_id, target_id)
    return (yield from _combat(game, sides, "shoot", shooter_id, target_id, ranged=True))


def _combat(
    game: Game, sides: CombatSides, kind: str, attacker_id: str, target_id: str, ranged: bool
) -> Generator[Request, Any, CombatResult]:
    """The cards, the outcome on the table, the log, then the reinforcements (S-COMBAT, S-REINF-3)."""
    play = yield from play_cards(
        game,
        sides,
        Side.PLAYER,
        ranged=ranged,
        forces_smallest=npc_telepath_rule(game, sides) == "smallest",
        player_telepath_duel=player_telepath_duel(game, sides, ranged),
    )
    tokens = {c.id: character_token(c) for c in game.position.characters.values()}
    who, whom = naming.figure(game.position, attacker_id), naming.figure(game.position, target_id)
    result = resolve_combat(game.position, sides, play.outcome, Side.PLAYER)
    game.removed.extend(tokens[eliminated] for eliminated in result.eliminated)
    if result.spear_broken:  # B-SPEAR-7: the broken spear is discarded
        game.removed.append(removed_object_token("spear"))
    game.record(
        kind,
        player_combat_text(ranged, who, whom, play.outcome),
        attacker=attacker_id,
        target=target_id,
        outcome=play.outcome,
        wounded=result.wounded,
        eliminated=result.eliminated,
    )
    yield from after_combat(game, play.reinforcements, play.vision)
    return result


PLAYER_COMBAT = {
    ("melee", "win"): msg("{attacker:cap} attacks {target}: win"),
    ("melee", "lose"): msg("{attacker:cap} attacks {target}: lose"),
    ("melee", "tie"): msg("{attacker:cap} attacks {target}: tie"),
    ("ranged", "win"): msg("{attacker:cap} shoots {target}: win"),
    ("ranged", "lose"): msg("{attacker:cap} shoots {target}: lose"),
    ("ranged", "tie"): msg("{attacker:cap} shoots {target}: tie"),
}


def player_combat_text(ranged: bool, attacker: Ref, target: Ref, outcome: str) -> Message:
    """The log line of a Player's attack or shot and its outcome for the Player."""
    template = PLAYER_COMBAT.get(("ranged" if ranged else "melee", outcome))
    if template is None:
        return msg("{attacker:cap} attacks {target}: {outcome}",
                   attacker=attacker, target=target, outcome=outcome)
    return msg(template.text, attacker=attacker, target=target)


def npc_telepath_rule(game: Game, sides: CombatSides) -> str | None:
    """S-COMBAT-5/7: an unwounded NP Telepath alone against the Player's attacker imposes its card rule
    (its personality's ``combat_card``), unless the attacker is a Telepath too (B-TELE-5)."""
    if sides.is_group:
        return None
    people = [game.position.characters.get(c) for c in sides.participants]
    if any(c is not None and c.side is Side.PLAYER and c.character_class.has("mind_control") for c in people):
        return None
    for c in people:
        if c is None or c.side is not Side.NPC or c.wounded or not c.character_class.has("mind_control"):
            continue
        for effect in npc_card(c.card or c.id, game.content).effects:
            if isinstance(effect, CombatCard):
                return effect.rule
    return None
