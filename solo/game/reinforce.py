"""Reinforcements (S-REINF-1..5, AMB-EMPTYREINF) and the icons that call them and the Vision.

A played card bearing the current level's icon brings one reinforcement (S-REINF-1/2, the icons in
``rules/difficulty.yaml``, AMB-ICONS); one bearing the Vision icon reveals a room when the variant
is played (S-VISION-2). :func:`reinforcement` brings one: the top card of the reinforcement deck,
its token teleported into a revealed room drawn from the shuffled "revealed" Room cards.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.automaton.table import Request
from solo.errors import DataError, Problem
from solo.game.components import Icons, components
from solo.game.content import npc_card
from solo.game.state import Game, npc_token
from solo.game.teleport import DrawRequest, Landing, keep_rng_on_close, teleport_landing
from solo.messages import Ref, msg
from solo.table.position import Character, Side
from solo.table.squares import SLOTS, square_name

CARD_KINDS = ("action", "combat", "jump")
SIDES = ("player", "npc")


def _bears(icons: Icons, side: str, card_kind: str, value: str | int | None) -> bool:
    if side not in SIDES:
        raise ValueError(f"side is player or npc, got {side!r}")
    if card_kind not in CARD_KINDS:
        raise ValueError(f"a played card is an action, combat or jump card, got {card_kind!r}")
    if card_kind == "combat":
        text = str(value).strip()
        card = text if text.startswith("+") else f"+{int(text)}"
        return icons.on_combat(side, card)
    if side == "npc":
        return False  # S-SETUP-8: the NP has no Action and no Jump cards
    if card_kind == "action":
        return isinstance(value, int) and value in icons.player_actions
    return icons.player_jumps


def icon_triggers(game: Game, side: str, card_kind: str, value: str | int | None = None) -> int:
    """How many reinforcements a played card brings (S-REINF-1/2): 1 when it bears the icon of the
    level played, else 0. ``side`` ``player`` or ``npc``; ``card_kind`` ``action`` (value = its AP),
    ``combat`` (value like ``"+4"``) or ``jump`` (no value)."""
    return int(_bears(components().levels[game.difficulty], side, card_kind, value))


def vision_triggers(game: Game, side: str, card_kind: str, value: str | int | None = None) -> int:
    """How many Vision reveals a played card brings (S-VISION-2): 1 when the variant is played and
    the card, an Action or Combat card (never a Jump card), bears the Vision icon."""
    if not game.vision or card_kind == "jump":
        return 0
    return int(_bears(components().vision, side, card_kind, value))


def _draw_card(game: Game) -> Generator[Request, Any, str]:
    """The top card of the reinforcement deck (S-REINF-4 step 1): the app's, or the one turned over."""
    if game.app_runs("reinforcements"):
        return game.reinforcements[0]
    options = tuple(sorted(set(game.reinforcements)))
    text = msg(
        "Reinforcement: turn over the top card of the reinforcement deck; which NPC is it? (S-REINF-4)"
    )
    while True:
        card = yield DrawRequest("", text, "reinforcements", options)
        if card in options:
            return str(card)


def _revealed_slot(game: Game, layout_id: str) -> int | None:
    board = game.position.board
    for slot in SLOTS:
        room = board.room(slot)
        if room is not None and not room.hidden and room.layout.id == layout_id:
            return slot
    return None


def _draw_room(game: Game, pile: list[str], card: str) -> Generator[Request, Any, tuple[str, list[str]]]:
    """S-REINF-4 step 3: shuffle the "revealed" Room cards and turn over the top one; returns it and
    the pile's new order (the app's shuffle; the table's order is unknown, kept sorted)."""
    if game.app_runs("room_cards"):  # AMB-REINF-PILE
        order = list(pile)
        game.rng.shuffle(order)
        return order[0], order
    options = tuple(sorted(pile))
    text = msg(
        "Reinforcement {npc}: shuffle the revealed Room cards and turn over the top one; which room is "
        "it? (S-REINF-4)", npc=Ref("npc", card),
    )
    while True:
        layout = yield DrawRequest(card, text, "room_cards", options)
        if layout in options:
            return str(layout), sorted(pile)


def reinforcement(game: Game) -> Generator[Request, Any, str | None]:
    """S-REINF-4/5: one reinforcement; returns the NPC that entered play, or None (an empty deck brings
    nothing, AMB-EMPTYREINF; no revealed room, AMB-REINF-NOROOM; a 6-6 sends its token out of the
    game, AMB-REINF-66). The game changes only once every request is answered."""
    return (yield from keep_rng_on_close(game, _reinforcement(game)))  # AMB-STEP-ATOMIC


def _reinforcement(game: Game) -> Generator[Request, Any, str | None]:
    if not game.reinforcements:
        game.record(
            "reinforcement",
            msg("A reinforcement is due but the deck is empty: none arrives (AMB-EMPTYREINF)"),
            npc=None,
        )
        return None
    pile = [layout for layout in game.rooms_revealed if _revealed_slot(game, layout) is not None]
    if not pile:
        game.record(
            "reinforcement",
            msg("A reinforcement is due but no room is revealed: none arrives (AMB-REINF-NOROOM)"),
            npc=None,
        )
        return None
    card = yield from _draw_card(game)
    layout, order = yield from _draw_room(game, pile, card)
    slot = _revealed_slot(game, layout)
    assert slot is not None
    token = npc_token(card)
    landing: Landing = yield from teleport_landing(game, token, slot)
    npc_class = npc_card(card, game.content).class_id
    if npc_class is None:
        raise DataError([Problem("npc_cards", card, msg("the card has no class: it cannot enter play"))])
    # -- every request answered: change the game
    game.reinforcements.remove(card)
    if game.app_runs("room_cards"):  # step 5: the card back on the pile, the pile shuffled again
        game.rng.shuffle(order)
    game.rooms_revealed[:] = order + [r for r in game.rooms_revealed if r not in order]
    text = msg("Reinforcement: {npc} arrives in {room}; {landing}", npc=Ref("npc", card),
               room=Ref("room", f"{slot}:{layout}"), landing=landing.describe())
    if landing.square is None:
        game.removed.append(token)
        game.record(
            "reinforcement",
            msg("{text} (AMB-REINF-66)", text=text),
            npc=card,
            slot=slot,
            layout=layout,
            landing=landing.to_data(),
        )
        return None
    game.position.characters[card] = Character(card, Side.NPC, npc_class, landing.square, card=card)
    game.row.append(card)  # S-REINF-4 step 1 / S-TURN-8: the right end of the row, untilted
    game.record("reinforcement", text, npc=card, slot=slot, layout=layout, landing=landing.to_data())
    game.record(
        "enter",
        msg("{npc} enters play on {square}; personality: {summary} (S-CARD-6)",
            npc=Ref("npc", card), square=square_name(landing.square), summary=Ref("summary", card)),
        npc=card,
        at=square_name(landing.square),
        slot=slot,
    )
    return card
