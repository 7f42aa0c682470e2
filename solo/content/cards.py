"""Finding NPC cards by id: inline in a position, the player's own cards, the demo deck, or the
rulebook transcriptions in ``npc_cards/``.

``find_card`` is the raw lookup the position reader uses to learn an NPC's class (how it moves);
:class:`CardLibrary` holds the validated cards (``solo.content.npccard``) the automaton plays.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.content.npccard import SUMMARY_LANGUAGES, NpcCard, load_card
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


# -- the library ----------------------------------------------------------------------------------
@dataclass
class CardLibrary:
    """Every card found in the card folders, and the problems of the files that failed to load."""

    cards: dict[str, NpcCard]
    problems: list[Problem]
    broken: dict[str, list[Problem]] = field(default_factory=dict)
    """Card ids whose winning file is broken, with that file's problems."""

    def get(self, card_id: str) -> NpcCard | None:
        return self.cards.get(card_id)


def load_card_library(folders: list[Path] | None = None) -> CardLibrary:
    """Load the cards of ``folders`` (default: the player's own, the demo deck, the rulebook's).

    The first folder holding a file for an id wins, even when that file is broken: a broken file is
    reported in ``problems`` and its id stays unavailable (never raises)."""
    library = CardLibrary({}, [])
    for folder in card_folders() if folders is None else folders:
        try:
            paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        except OSError as exc:
            library.problems.append(Problem(str(folder), "", f"cannot list the folder: {exc}"))
            continue
        for path in paths:
            card_id = path.stem
            # AMB-CARD-LOOKUP: the first folder with a file for the id wins, even a broken one.
            if card_id in library.cards or card_id in library.broken:
                continue
            try:
                library.cards[card_id] = load_card(path)
            except DataError as exc:
                library.problems.extend(exc.problems)
                library.broken[card_id] = list(exc.problems)
    return library


def card_names(cards: Iterable[NpcCard]) -> dict[str, str]:
    """What the renderer (solo.i18n) needs to name NPCs as printed: ``<id>`` the card's name,
    ``title:<id>`` its name and epithet, ``summary.<lang>:<id>`` its personality in each language."""
    names: dict[str, str] = {}
    for card in cards:
        names[card.id] = card.name
        names[f"title:{card.id}"] = f"{card.name}, {card.epithet}" if card.epithet else card.name
        for language in SUMMARY_LANGUAGES:
            summary = card.summary_in(language)
            if summary:
                names[f"summary.{language}:{card.id}"] = summary
    return names
