"""Complete inline NPC cards and positions holding them, for automaton tests (formats.md §5)."""

from __future__ import annotations

import json
from typing import Any

from builders import make_position

from solo.position import Position

CLASSES = ("cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath")


def npc_card(class_id: str, objectives: str, objects: str = "", characters: str = "",
             effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A playable card: ``objectives`` like ``"exit 2*, fight 1, …"`` (six, ``*`` = default);
    ``characters`` is completed with the missing classes in a fixed order."""
    entries = []
    for part in objectives.split(","):
        mode, ap = part.split()
        entry: dict[str, Any] = {"mode": mode, "ap": int(ap.rstrip("*"))}
        if ap.endswith("*"):
            entry["default"] = True
        entries.append(entry)
    named = [c for c in characters.split() if c]
    return {"format": "dt-solo-card/1", "name": "Test", "class": class_id, "objectives": entries,
            "objects": [o for o in objects.split() if o],
            "characters": named + [c for c in CLASSES if c not in named],
            "personality": {"text": "", "effects": effects or []}, "source": "custom", "unknown": []}


def npc_position(characters: str, cards: dict[str, dict[str, Any]], **kwargs: Any) -> Position:
    """A test position (builders.make_position) with the given inline cards; checked legal."""
    extra = "cards: " + json.dumps(cards) + ("\n" + kwargs.pop("extra") if "extra" in kwargs else "")
    position = make_position(characters=characters, extra=extra, **kwargs)
    assert position.status() == []
    return position
