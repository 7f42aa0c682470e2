"""Complete inline NPC cards and positions holding them, for automaton tests (formats.md §5)."""

from __future__ import annotations

import json
from typing import Any

from builders import make_position
from corridor_boards import card

from solo.table.position import Position


def npc_card(class_id: str, objectives: str, objects: str = "", characters: str = "",
             effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A playable card: ``objectives`` like ``"exit 2*, fight 1, …"`` (six, ``*`` = default);
    ``objects`` and ``characters`` space-separated, the missing classes following in a fixed order."""
    return card(class_id, objectives, objects.split(), characters.split(), effects)


def npc_position(characters: str, cards: dict[str, dict[str, Any]], **kwargs: Any) -> Position:
    """A test position (builders.make_position) with the given inline cards; checked legal."""
    extra = "cards: " + json.dumps(cards) + ("\n" + kwargs.pop("extra") if "extra" in kwargs else "")
    position = make_position(characters=characters, extra=extra, **kwargs)
    assert position.status() == []
    return position
