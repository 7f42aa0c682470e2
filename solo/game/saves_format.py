"""The game file format's names and limits (``dt-solo-game/1``), shared by the writer and the reader."""

from __future__ import annotations

from typing import Any

from solo.pyyaml import yaml

GAME_FORMAT = "dt-solo-game/1"
END_KEY = "end"
END_LINE = "end: true\n"
"""The last line of every complete game file (AMB-SAVE-END)."""
HEADER = (
    f"# A Dungeon Twister Prison solo game ({GAME_FORMAT}), written by dt-solo.\n"
    f"# The last line `{END_LINE.strip()}` marks a complete file: a file without it is refused.\n"
)
HISTORY_LIMIT = 50
"""How many earlier states a game keeps for undo (AMB-UNDO)."""
AUTOSAVE = "autosave.yaml"
AUTOSAVE_PREVIOUS = "autosave.prev.yaml"

STATE_KEYS = (
    "format",
    "difficulty",
    "vision",
    "seed",
    "turn_number",
    "modes",
    "content",
    "position",
    "bag",
    "npc_pile",
    "reinforcements",
    "rooms_unrevealed",
    "rooms_revealed",
    "npc_combat",
    "player",
    "vision_deck",
    "row",
    "tallies",
    "removed",
    "rng",
)
"""The keys of a game state, in file order; a game file adds ``log``, ``history`` and ``end``."""
OPTIONAL_KEYS = ("content",)
"""Keys added after the format's first files: a file without them still reads (with their default)."""
GAME_KEYS = (*STATE_KEYS, "log", "history")
SNAPSHOT_KEYS = (*STATE_KEYS, "log_length")
REQUIRED_GAME_KEYS = tuple(k for k in GAME_KEYS if k not in OPTIONAL_KEYS)
REQUIRED_SNAPSHOT_KEYS = tuple(k for k in SNAPSHOT_KEYS if k not in OPTIONAL_KEYS)
PILE_KEYS = ("cards", "discard")
PLAYER_KEYS = ("actions", "played", "first_cycle", "jumps", "combat", "combat_discard")
EVENT_KEYS = ("kind", "text", "message", "data")
DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's emitter when installed (same text, several times faster), else PyYAML's own."""
MT_WORDS = 624
"""The Mersenne Twister's state: 624 words and an index (random.Random.getstate()[1])."""
