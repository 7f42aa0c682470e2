"""Finding NPC cards by id: inline in a position, the player's own cards, the demo deck, or the
rulebook transcriptions in ``npc_cards/``.

This is the raw lookup the position reader uses to learn an NPC's class (how it moves); the full
``dt-solo-card/1`` validator and the typed card library are in ``solo.npccard``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR, user_data_dir
from solo.yamlio import load_yaml_file


def card_folders() -> list[Path]:
    """Card folders in lookup order: the player's own cards win, then the complete demo deck, then the
    raw rulebook transcriptions (which have gaps)."""
    return [user_data_dir() / "npc_cards", NPC_CARDS_DIR / "demo", NPC_CARDS_DIR]


def find_card(card_id: str, inline: dict[str, dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """The raw fields of a card, or None when no folder has it; a broken file raises DataError."""
    if inline and card_id in inline:
        return inline[card_id]
    for folder in card_folders():
        path = folder / f"{card_id}.yaml"
        if path.is_file():
            data = load_yaml_file(path)
            if not isinstance(data, dict):
                raise DataError([Problem(str(path), "", "a card must be a mapping of fields")])
            return data
    return None
