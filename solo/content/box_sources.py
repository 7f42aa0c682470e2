"""The names of a box's contents and sources (issue 11), apart from :mod:`solo.content.box` so that
the command line can offer ``--content`` without reading how a box is put together."""

from __future__ import annotations

OWN = "own"
"""The player's rooms and cards, the demo's filling the gaps."""
DEMO = "demo"
"""The demo's rooms and cards only."""
YOURS = "yours"
COMPLETED = "completed"
"""A rulebook card (``npc_cards/<id>.yaml``, with gaps) that the player completed under its id."""
FROM_DEMO = "demo"
