"""Where the bundled game data and the player's own data live."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = PROJECT_ROOT / "rules"
NPC_CARDS_DIR = PROJECT_ROOT / "npc_cards"


def user_data_dir() -> Path:
    """The player's data folder (own rooms, cards, saves); DT_SOLO_USER_DIR overrides it."""
    override = os.environ.get("DT_SOLO_USER_DIR")
    if override:
        return Path(override)
    from solo.patterns import patterns_deferred

    with patterns_deferred():  # its patterns read the XDG user folders file, never asked here
        import platformdirs  # only here: ~5 ms of a command's start, and an override never needs it
    return Path(platformdirs.user_data_dir("dt-solo", appauthor=False))


def autosave_dir() -> Path:
    """Where the app autosaves the game in progress (``autosave.yaml`` and the one before)."""
    return user_data_dir() / "autosave"


def demo_autosave_dir() -> Path:
    """Where the bundled demo game autosaves: apart, so that it never replaces the player's own game
    (AMB-DEMO-AUTOSAVE)."""
    return autosave_dir() / "demo"


DEMO_GAME = RULES_DIR / "games" / "demo.yaml"
"""The bundled demo game the app opens on a first start (a few turns in: rooms revealed, NPCs in)."""
