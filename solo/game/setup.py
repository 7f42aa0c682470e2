"""Setting up a solo game (S-SETUP-1..8): rooms face down, the bag, the NPC piles, the decks.

With the app running a component its order is dealt here with the game's seeded generator; with
the table running it, the piles hold what is known (which cards, not their order) and later draws
are read from the table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from solo.content.box import Box, load_box
from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.errors import DataError, Problem
from solo.game.components import components
from solo.game.content import OWN
from solo.game.state import (
    COMPONENTS,
    CONTENTS,
    MODES,
    Game,
    Pile,
    PlayerCards,
    npc_token,
    object_token,
    player_token,
)
from solo.messages import Ref, msg
from solo.table.board import Board, PlacedRoom
from solo.table.position import Character, Position, Score, Side, Turn
from solo.table.squares import SLOTS, parse_square

START_SQUARES = ("b0", "d0", "g0", "i0")
"""AMB-START-DOTS: the four illuminated dots of the yellow line (Schéma 1 is lost): b0, d0, g0, i0."""
TEAM_SIZE = 4
NPC_DRAWN = 8


def deck_ids(box: Box) -> list[str]:
    """The 32 NPC cards of the game (S-COMP-1): the box's, sorted (the deal shuffles them)."""
    return box.card_ids()


def new_game(
    difficulty: int,
    *,
    vision: bool = False,
    seed: int | None = None,
    team: Iterable[str] | None = None,
    modes: dict[str, str] | None = None,
    content: str = OWN,
    box: Box | None = None,
) -> Game:
    """A new solo game, ready for the Player's first turn (S-SETUP-1..8, S-TURN-1/2); every room, card
    and NPC token comes from the box of ``content`` (issue 11), read afresh unless ``box`` is given."""
    problems: list[Problem] = []
    if difficulty not in range(1, 7):
        problems.append(
            Problem("new game", "difficulty", f"expected 1 (pink) to 6 (black), got {difficulty!r}")
        )
    chosen = list(team) if team is not None else []
    modes = {**dict.fromkeys(COMPONENTS, "app"), **(modes or {})}
    for component, mode in modes.items():
        if component not in COMPONENTS or mode not in MODES:
            problems.append(
                Problem(
                    "new game",
                    f"modes.{component}",
                    f"expected one of {', '.join(COMPONENTS)} run by app or table, got {mode!r}",
                )
            )
    if problems:
        raise DataError(problems)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    if content not in CONTENTS:
        raise DataError([Problem("new game", "content",
                                 f"expected one of {', '.join(CONTENTS)}, got {content!r}")])
    box = box or load_box(content)
    shortfall = box.shortfall()
    if shortfall:
        raise DataError(shortfall + [Problem("box", "", text) for text in box.problem_messages()])
    if team is None:
        chosen = sorted(rng.sample(CLASS_IDS, TEAM_SIZE))
    if len(chosen) != TEAM_SIZE or len(set(chosen)) != TEAM_SIZE or any(c not in CLASS_IDS for c in chosen):
        raise DataError(
            [
                Problem(
                    "new game",
                    "team",
                    f"choose 4 different classes among {', '.join(CLASS_IDS)} (S-SETUP-5), got {chosen!r}",
                )
            ]
        )
    layouts = {room.layout.id: room.layout for room in box.rooms}

    # S-SETUP-2 / AMB-B-FLIP: the rooms shuffled face down, each with the orientation it will show.
    order = box.room_ids()
    rng.shuffle(order)
    board = Board()
    if modes["room_cards"] == "app":
        for slot, room_id in zip(SLOTS, order, strict=True):
            board.place(slot, PlacedRoom(layouts[room_id], rng.randrange(4), hidden=True))
    position = Position(board, turn=Turn(Side.PLAYER), score=Score(), difficulty=difficulty)

    # S-SETUP-5: the Player's team on the yellow line; the other characters and his objects in the bag.
    for class_id, name in zip(chosen, START_SQUARES, strict=True):
        position.characters[class_id] = Character(class_id, Side.PLAYER, class_id, parse_square(name))
    bag = [player_token(c) for c in CLASS_IDS if c not in chosen]
    bag += [object_token(kind, "yellow") for kind in OBJECT_KINDS]

    # S-SETUP-3/4: 8 NPC cards drawn for the bag, the 24 others the reinforcement deck.
    deck = deck_ids(box)
    rng.shuffle(deck)
    drawn, reinforcements = deck[:NPC_DRAWN], deck[NPC_DRAWN:]
    bag += [npc_token(card_id) for card_id in drawn]
    bag += [object_token(kind, "purple") for kind in OBJECT_KINDS]
    rng.shuffle(bag)

    # S-SETUP-8: the NP's combat deck, shuffled; the Player holds his 9 combat cards.
    npc_deck = list(components().npc_deck)
    rng.shuffle(npc_deck)
    vision_deck = list(SLOTS) if vision else []
    rng.shuffle(vision_deck)
    # What the table runs is known as a set, not an order: kept sorted until the player reads it.
    if modes["bag"] == "table":
        bag.sort()
    if modes["reinforcements"] == "table":
        reinforcements.sort()
    if modes["npc_combat"] == "table":
        npc_deck.sort()
    if modes["vision"] == "table":
        vision_deck.sort()
    game = Game(
        position=position,
        difficulty=difficulty,
        vision=vision,
        seed=seed,
        modes=modes,
        content=content,
        bag=bag,
        npc_pile=sorted(drawn),
        reinforcements=reinforcements,
        rooms_unrevealed=box.room_ids(),
        npc_combat=Pile(npc_deck),
        player=PlayerCards(combat=list(components().player_deck)),
        vision_deck=vision_deck,
        rng=rng,
    )
    game.record(
        "setup",
        msg(
            "New game, difficulty {level} with the Vision variant, seed {seed}; the Player's team: {team}",
            level=difficulty, seed=seed, team=tuple(Ref("player", c) for c in chosen),
        )
        if vision
        else msg(
            "New game, difficulty {level}, seed {seed}; the Player's team: {team}",
            level=difficulty, seed=seed, team=tuple(Ref("player", c) for c in chosen),
        ),
        difficulty=difficulty,
        vision=vision,
        seed=seed,
        team=chosen,
    )
    return game
