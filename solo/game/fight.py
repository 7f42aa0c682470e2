"""Combat against the NP with the cards (S-COMBAT-1..7): the Player's card, the NP's deck, totals.

The rules mechanics (who takes part, what a result does) are :mod:`solo.actions.combat`'s; this module plays
the cards: the Player chooses his (a request), the NP's comes from the top of its deck (the app's
shuffled deck, or the card the player turns over), and the totals give the result. Played cards go
to their discard piles; icons on them bring reinforcements (S-COMBAT-4).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions.combat import CombatSides
from solo.automaton.table import Request
from solo.errors import AnswerRefusedError
from solo.game.components import components
from solo.game.state import Game
from solo.messages import Message, Param, msg
from solo.records import field, record
from solo.table import naming
from solo.table.position import Position, Side


@record(frozen=True)
class PlayerCardRequest(Request):
    """The Player chooses his combat card among ``options`` (S-COMBAT-1); answer a value like "+3"."""

    options: tuple[str, ...] = ()
    sides: CombatSides | None = field(default=None, compare=False)
    """Who fights whom and each side's value before cards, for the dialog to show."""

    @property
    def kind(self) -> str:
        return "player_card"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "options": list(self.options)}


@record(frozen=True)
class NpCardRequest(Request):
    """The card the player turned over from the NP's combat deck (the table runs the deck)."""

    options: tuple[str, ...] = ()
    purpose: str = "combat"

    @property
    def kind(self) -> str:
        return "np_card"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "options": list(self.options), "purpose": self.purpose}


@record(frozen=True)
class CombatPlay:
    """The cards of one combat and what they decided."""

    player_card: str
    npc_card: str
    player_total: int
    npc_total: int
    outcome: str
    """From the active side's view: win, lose or tie."""
    reinforcements: int
    vision: int


def value(card: str) -> int:
    return int(card)


def _draw_npc_card(game: Game, purpose: str = "combat") -> Generator[Request, Any, str]:
    """The top card of the NP's deck; an empty deck is refilled from its discard (S-COMBAT-3)."""
    pile = game.npc_combat
    if not pile.cards:
        pile.cards, pile.discard = pile.discard, []
        if game.app_runs("npc_combat"):
            game.rng.shuffle(pile.cards)
        else:
            pile.cards.sort()
        game.record(
            "reshuffle",
            msg(
                "The NP's combat deck is empty: its discard pile is shuffled into a new deck "
                "(S-COMBAT-3, AMB-NPDECK)"
            ),
        )
    if not pile.cards:
        raise AnswerRefusedError(msg("the NP has no combat card at all"))
    if game.app_runs("npc_combat"):
        return pile.cards.pop(0)
    options = tuple(sorted(set(pile.cards), key=value))
    while True:
        card = yield NpCardRequest(
            "", msg("Turn over the top card of the NP's combat deck: which is it?"), options, purpose
        )
        if card in pile.cards:
            pile.cards.remove(card)
            return str(card)


def combat_context(
    position: Position, sides: CombatSides, active: Side, ranged: bool, forces_smallest: bool
) -> Message:
    """The combat in words for the Player's card choice: who fights whom, each side's value before
    cards, and an NP Telepath's rule on his card."""
    first = (sides.shooters or sides.attackers or ("?",))[0]
    values: dict[str, Param] = {
        "attacker": naming.figure(position, first),
        "target": naming.figure(position, sides.target),
        "player": sides.attack_value if active is Side.PLAYER else sides.defence_value,
        "npc": sides.defence_value if active is Side.PLAYER else sides.attack_value,
    }
    if sides.is_group:
        values["count"] = len(sides.participants)
        text = (
            msg("{attacker:cap} shoots {target} ({count} characters take part, B-CMB-13): your side "
                "{player}, the NP's side {npc} before cards.", **values)
            if ranged
            else msg("{attacker:cap} attacks {target} ({count} characters take part, B-CMB-13): your side "
                     "{player}, the NP's side {npc} before cards.", **values)
        )
    else:
        text = (
            msg("{attacker:cap} shoots {target}: your side {player}, the NP's side {npc} before cards.",
                **values)
            if ranged
            else msg("{attacker:cap} attacks {target}: your side {player}, the NP's side {npc} before cards.",
                     **values)
        )
    if forces_smallest:
        text = msg("{text} An NP Telepath makes you play your smallest card but +0 (S-COMBAT-5).", text=text)
    return text


def player_options(game: Game, sides: CombatSides, npc_forces_smallest: bool) -> tuple[str, ...]:
    """The cards the Player may play: his hand, or only his smallest card but +0 when an NP Telepath
    forces it (S-COMBAT-5)."""
    hand = sorted(set(game.player.combat), key=value)
    if npc_forces_smallest:
        above_zero = [c for c in hand if value(c) > 0]
        if above_zero:
            return (above_zero[0],)
    return tuple(hand)


def play_cards(
    game: Game,
    sides: CombatSides,
    active: Side,
    *,
    ranged: bool = False,
    forces_smallest: bool = False,
    player_telepath_duel: bool = False,
) -> Generator[Request, Any, CombatPlay]:
    """Play one combat's cards and decide it (S-COMBAT-1..4, S-COMBAT-6).

    ``player_telepath_duel``: the Player's Telepath is in a one-on-one melee against an NPC: three NP
    cards are turned over, the Player picks the NP's, the other two go back into the deck shuffled.
    """
    npc_card: str | None = None
    if player_telepath_duel:
        drawn: list[str] = []
        for _ in range(3):
            if not game.npc_combat.cards and not game.npc_combat.discard:
                break
            drawn.append((yield from _draw_npc_card(game, "telepath")))
        options = tuple(sorted(set(drawn), key=value))
        while npc_card not in drawn:
            npc_card = yield PlayerCardRequest(
                "",
                msg("Your Telepath reads the NP's mind: choose the NP's card among these three (S-COMBAT-6)"),
                options,
            )
        drawn.remove(npc_card)
        game.npc_combat.cards.extend(drawn)
        if game.app_runs("npc_combat"):
            game.rng.shuffle(game.npc_combat.cards)
        else:
            game.npc_combat.cards.sort()
    options = player_options(game, sides, forces_smallest)
    text = msg(
        "{combat} Choose your combat card and lay it down (S-COMBAT-1)",
        combat=combat_context(game.position, sides, active, ranged, forces_smallest),
    )
    player_card = ""
    while player_card not in options:
        answer = yield PlayerCardRequest("", text, options, sides)
        player_card = str(answer)
    if npc_card is None:
        npc_card = yield from _draw_npc_card(game)
    # S-COMBAT-2 / B-CARD-3: the NP's card is always discarded; the Player's +0 returns to his hand.
    game.npc_combat.discard.append(npc_card)
    if value(player_card) != 0:
        game.player.combat.remove(player_card)
        game.player.combat_discard.append(player_card)
    player_side_attacks = active is Side.PLAYER
    player_value = sides.attack_value if player_side_attacks else sides.defence_value
    npc_value = sides.defence_value if player_side_attacks else sides.attack_value
    player_total, npc_total = player_value + value(player_card), npc_value + value(npc_card)
    if player_total == npc_total:
        outcome = "tie"
    else:
        active_total = player_total if player_side_attacks else npc_total
        passive_total = npc_total if player_side_attacks else player_total
        outcome = "win" if active_total > passive_total else "lose"
    level = components().levels[game.difficulty]
    reinforcements = int(level.on_combat("npc", npc_card)) + int(level.on_combat("player", player_card))
    vision = 0
    if game.vision:
        vision = int(components().vision.on_combat("npc", npc_card)) + int(
            components().vision.on_combat("player", player_card)
        )
    game.record(
        "combat",
        _combat_line(player_card, player_total, npc_card, npc_total, outcome, player_side_attacks),
        player_card=player_card,
        npc_card=npc_card,
        outcome=outcome,
        ranged=ranged,
        reinforcements=reinforcements,
    )
    return CombatPlay(player_card, npc_card, player_total, npc_total, outcome, reinforcements, vision)


COMBAT_OUTCOMES = {
    ("player", "win"): msg("win for the Player"),
    ("player", "lose"): msg("lose for the Player"),
    ("player", "tie"): msg("tie for the Player"),
    ("npc", "win"): msg("win for the NP"),
    ("npc", "lose"): msg("lose for the NP"),
    ("npc", "tie"): msg("tie for the NP"),
}


def _combat_line(player_card: str, player_total: int, npc_card: str, npc_total: int, outcome: str,
                 player_attacks: bool) -> Message:
    """The log line of a combat: each side's card and total, the outcome for the side that attacked."""
    result: Param = COMBAT_OUTCOMES.get(("player" if player_attacks else "npc", outcome), outcome)
    return msg(
        "Combat: the Player plays {player_card} (total {player_total}), the NP {npc_card} "
        "(total {npc_total}): {result}",
        player_card=player_card, player_total=player_total, npc_card=npc_card, npc_total=npc_total,
        result=result,
    )
