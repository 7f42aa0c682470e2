"""Finding NPC cards by id: inline in a position, the player's own cards, or ``npc_cards/``.

The full ``dt-solo-card/1`` validator belongs to the automaton; the rules core only needs a
card's class to know how its NPC moves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR, user_data_dir
from solo.yamlio import load_yaml_file


def card_folders() -> list[Path]:
    """Card folders in lookup order: the player's own first (they win on the same id)."""
    return [user_data_dir() / "npc_cards", NPC_CARDS_DIR]


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
