"""The rooms and NPC cards a game plays with (AMB-CONTENT): read once, read again after an edit.

A game set up with the demo content plays with the bundled rooms and cards only, all game long; one
set up with the player's own content plays with his folder's files over the bundled ones.
"""

from __future__ import annotations

from functools import cache

from solo.content.box import DEMO, OWN
from solo.content.cards import CardLibrary, load_card_library
from solo.content.npccard import NpcCard
from solo.content.rooms import RoomLibrary, load_library
from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR
from solo.messages import msg

__all__ = ["DEMO", "OWN", "card_library", "npc_card", "reload_content", "room_library"]



@cache
def card_library(content: str = OWN) -> CardLibrary:
    """The NPC cards of a content, read once per process (:func:`reload_content` after a change)."""
    if content == DEMO:
        return load_card_library([NPC_CARDS_DIR / "demo", NPC_CARDS_DIR])
    return load_card_library()


@cache
def room_library(content: str = OWN) -> RoomLibrary:
    """The rooms of a content, read once per process (:func:`reload_content` after a change)."""
    return load_library(include_user=content != DEMO)


def reload_content() -> None:
    """Read the cards and rooms again on next use: what the player just saved takes effect at once."""
    card_library.cache_clear()
    room_library.cache_clear()


def npc_card(card_id: str, content: str = OWN) -> NpcCard:
    """The NPC card of a token."""
    card = card_library(content).get(card_id)
    if card is None:
        raise DataError([Problem("npc_cards", card_id, msg("no such NPC card: its token cannot enter play"))])
    return card
