"""A solo game in progress: the table (a Position) plus every pile, deck and bag around it.

Each random or hidden component is run by the app (``app``: seeded, its order kept in the game) or
read from the real table (``table``: the player says what he rolled or turned over), item 8 of the
game-flow issue. The whole state round-trips through a versioned YAML file (``solo.game.saves``).
"""

from __future__ import annotations

import random
from typing import Any

from solo.errors import AnswerRefusedError
from solo.messages import Message, literal, msg
from solo.records import field, record
from solo.table.position import Character, Position, Side

COMPONENTS = ("dice", "bag", "npc_combat", "reinforcements", "room_cards", "vision")
"""Components that are either run by the app or read from the table."""
MODES = ("app", "table")
CONTENTS = ("own", "demo")
"""The rooms and NPC cards a game plays with: the player's own over the bundled ones, or the bundled
demo ones only (AMB-CONTENT)."""
ACTION_CARDS = (2, 3, 4, 5)
JUMP_CARDS = 3


def npc_token(card_id: str) -> str:
    return f"npc:{card_id}"


def player_token(class_id: str) -> str:
    return f"player:{class_id}"


def object_token(kind: str, colour: str) -> str:
    """An object token: ``object:<kind>:<purple|yellow>`` (the two sides' objects, S-COMP-2)."""
    return f"object:{kind}:{colour}"


def removed_object_token(kind: str) -> str:
    """An object gone out of the game: ``object:<kind>``; its colour is not known once it was on the
    table (AMB-OBJECT-COLOUR)."""
    return f"object:{kind}"


def character_token(character: Character) -> str:
    """The bag token of a character: its NPC card, or its Player class."""
    if character.side is Side.NPC:
        return npc_token(character.card or character.id)
    return player_token(character.class_id)


def token_parts(token: str) -> tuple[str, str, str]:
    """(kind of token, name, colour) of a bag token."""
    parts = token.split(":")
    if parts[0] == "object" and len(parts) in (2, 3):
        return "object", parts[1], parts[2] if len(parts) == 3 else ""
    if parts[0] in ("npc", "player") and len(parts) == 2:
        return parts[0], parts[1], "purple" if parts[0] == "npc" else "yellow"
    raise AnswerRefusedError(msg("not a token: {token}", token=repr(token)))


@record
class Pile:
    """A face-down deck (top first) and its discard pile (last discarded last)."""

    cards: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@record
class PlayerCards:
    """The Player's hand (S-TURN-3/4, B-ACARD, B-JUMP-1, B-CARD-3)."""

    actions: list[int] = field(default_factory=lambda: list(ACTION_CARDS))
    played: list[int] = field(default_factory=list)
    """Action cards played in the current cycle, in order."""
    first_cycle: bool = True
    jumps: int = JUMP_CARDS
    combat: list[str] = field(default_factory=list)
    combat_discard: list[str] = field(default_factory=list)


@record
class Event:
    """One entry of the game log: what happened (a message, told in the reader's language), with the
    data needed to tell it and to undo it."""

    kind: str
    text: Message
    data: dict[str, Any] = field(default_factory=dict)


@record
class Game:
    """Everything on and around the table."""

    position: Position
    difficulty: int
    vision: bool = False
    seed: int = 0
    modes: dict[str, str] = field(default_factory=lambda: dict.fromkeys(COMPONENTS, "app"))
    content: str = "own"
    """Whose rooms and NPC cards the game plays with (CONTENTS): set at set-up, kept all game long."""
    bag: list[str] = field(default_factory=list)
    """Tokens in the bag; with the app running it, in draw order (first drawn first)."""
    npc_pile: list[str] = field(default_factory=list)
    """The face-up pile of the 8 NPC cards drawn at set-up (S-SETUP-3)."""
    reinforcements: list[str] = field(default_factory=list)
    """The reinforcement deck, top first (S-SETUP-4)."""
    rooms_unrevealed: list[str] = field(default_factory=list)
    rooms_revealed: list[str] = field(default_factory=list)
    """The Room-card piles by layout id (S-SETUP-7, S-REVEAL-3/9)."""
    npc_combat: Pile = field(default_factory=Pile)
    player: PlayerCards = field(default_factory=PlayerCards)
    vision_deck: list[int] = field(default_factory=list)
    """The Arch-Mage's Vision cards still to turn over, by slot (S-VISION-1)."""
    row: list[str] = field(default_factory=list)
    """The NP's active cards laid out left to right this turn (S-TURN-5)."""
    tallies: dict[str, int] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    """Tokens out of the game: a 6-6 teleport, an exit, an elimination."""
    turn_number: int = 1
    log: list[Event] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    """Earlier states for undo (solo.game.saves.checkpoint, AMB-UNDO)."""
    rng: random.Random = field(default_factory=random.Random)

    def app_runs(self, component: str) -> bool:
        return self.modes.get(component, "app") == "app"

    def record(self, kind: str, text: Message | str, **data: Any) -> Event:
        """Log an event; a plain string is words already (a note), shown as it is in every language."""
        event = Event(kind, literal(text) if isinstance(text, str) else text, data)
        self.log.append(event)
        return event
