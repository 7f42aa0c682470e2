"""Revealing a room in the solo game (S-REVEAL-1..9, S-SETUP-2, S-TURN-8), by the Player, an NPC or
the Arch-Mage's Vision.

Three steps, kept apart because an NPC's reveal is applied to the board by the automaton itself:

- :func:`reveal_room` asks what it needs (which room, when the table deals the rooms; the tokens
  drawn, when the table runs the bag; the dice and the Player's choices) and, once every request is
  answered, updates the piles around the table: the bag, the Room-card piles, the face-up NPC pile,
  the NPC row, the tokens out of the game and the log. It returns a
  :class:`~solo.automaton.table.RevealAnswer` and does **not** touch the position.
- :func:`place_reveal` turns the room face up on ``game.position`` and puts the tokens there. For an
  NPC's reveal the automaton's ``apply_reveal`` (solo/automaton/modes.py) does this with the same
  answer, so the game flow answers its ``RevealRequest`` with :func:`reveal_room` alone.
- :func:`reveal_and_place` is both, for the Player's reveals and the Vision's.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.automaton.table import Request, RevealAnswer
from solo.content.rooms import RoomLayout, parse_room_data
from solo.errors import AnswerRefusedError, DataError, Problem
from solo.game.content import card_library, npc_card, room_library
from solo.game.state import Game, token_parts
from solo.game.teleport import (
    DrawRequest,
    Landing,
    PlacementAsk,
    keep_rng_on_close,
    occupied_squares,
    placement_asks,
    teleport_landing,
)
from solo.messages import Param, Ref, chain, msg
from solo.records import field, record
from solo.table import naming
from solo.table.board import PlacedRoom
from solo.table.card_lookup import card_for
from solo.table.position import Character, ObjectToken, Side
from solo.table.squares import Square, slot_of, square_name

TOKENS_PER_ROOM = 3
"""S-SETUP-2 / S-REVEAL-2: each room receives 3 tokens from the bag (fewer when the bag runs out)."""


@record(frozen=True)
class RoomRequest(Request):
    """Which room the player turned over in ``slot`` and how it lies, when the table dealt the rooms
    face down unknown (S-REVEAL-1). Answer ``(layout, rotation)`` or the text ``LAYOUT:ROTATION``
    (rotation = clockwise quarter turns from the printed orientation, formats.md §3), the layout one
    of ``options`` (the "not yet revealed" Room cards)."""

    slot: int = 0
    options: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "room"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "slot": self.slot, "options": list(self.options)}


@record
class RevealPlan:
    """Everything a reveal decided, before anything is changed."""

    slot: int
    layout: RoomLayout
    rotation: int
    known: bool
    """The board already knew the face-down room (the app dealt it)."""
    by: str | None
    drawn: list[str] = field(default_factory=list)
    landings: list[Landing] = field(default_factory=list)

    def answer(self, game: Game) -> RevealAnswer:
        """The RevealAnswer of this reveal (layout and rotation None when the board knows them)."""
        result = RevealAnswer(None if self.known else self.layout.id, None if self.known else self.rotation)
        for landing in self.landings:
            if landing.square is None:
                continue
            kind, name, _ = token_parts(landing.token)
            if kind == "npc":
                card = npc_card(name, game.content)
                if card.class_id is None:
                    raise DataError([Problem("npc_cards", name,
                                                     msg("the card has no class: it cannot enter play"))])
                result.characters.append(Character(name, Side.NPC, card.class_id, landing.square, card=name))
            elif kind == "player":
                result.characters.append(Character(name, Side.PLAYER, name, landing.square))
            else:
                result.objects.append(ObjectToken(name, landing.square))
        return result


def room_layout(game: Game, layout_id: str) -> RoomLayout | None:
    """A layout by id: the room library, then the position's inline layouts."""
    layout = room_library(game.content).get(layout_id)
    inline = game.position.inline_layouts.get(layout_id)
    if layout is None and inline is not None:
        layout = parse_room_data(
            inline, f"position layouts[{layout_id}]", require_format=False, default_id=layout_id
        )
    return layout


def _room_answer(game: Game, answer: Any, options: tuple[str, ...]) -> tuple[RoomLayout, int] | None:
    if isinstance(answer, str):
        layout_id, _, rotation_text = answer.strip().partition(":")
        rotation: Any = int(rotation_text) if rotation_text.strip().isdigit() else None
    elif isinstance(answer, (tuple, list)) and len(answer) == 2:
        layout_id, rotation = answer
    else:
        return None
    if layout_id not in options or isinstance(rotation, bool) or not isinstance(rotation, int):
        return None
    layout = room_layout(game, layout_id)
    return (layout, rotation % 4) if layout is not None else None


def which_room(game: Game, slot: int) -> Generator[Request, Any, tuple[RoomLayout, int, bool]]:
    """S-REVEAL-1: the room in ``slot`` and its rotation; asked when the board does not know it."""
    placed = game.position.board.room(slot)
    if placed is not None:
        if not placed.hidden:
            raise AnswerRefusedError(msg("{room:cap} is already face up", room=naming.room(slot)))
        return placed.layout, placed.rotation, True
    options = tuple(game.rooms_unrevealed)
    if not options:
        raise AnswerRefusedError(msg("{room:cap}: no Room card is left in the 'not yet revealed' pile",
                                     room=naming.room(slot)))
    text = msg(
        "Turn over {room}: which room is it, and how does it lie (LAYOUT:ROTATION, rotation in "
        "clockwise quarter turns)? One of {layouts} (S-REVEAL-1)",
        room=naming.room(slot), layouts=", ".join(options),
    )
    while True:
        found = _room_answer(game, (yield RoomRequest("", text, slot, options)), options)
        if found is not None:
            return found[0], found[1], False


def draw_tokens(game: Game, count: int) -> Generator[Request, Any, list[str]]:
    """S-REVEAL-2: ``count`` tokens from the bag, one at a time, in order (the bag is not changed)."""
    left = list(game.bag)
    drawn: list[str] = []
    for number in range(1, min(count, len(left)) + 1):
        if game.app_runs("bag"):
            token = left[0]
        else:
            options = tuple(sorted(set(left)))
            text = msg("Draw token {number} from the bag: which is it? (S-REVEAL-2)", number=number)
            while True:
                token = yield DrawRequest("", text, "bag", options)
                if token in options:
                    break
        left.remove(token)
        drawn.append(token)
    return drawn


def plan_reveal(game: Game, slot: int, by: str | None = None) -> Generator[Request, Any, RevealPlan]:
    """S-REVEAL-1..7 decided: the room, the tokens in draw order and where each lands; each landing is
    taken into account for the next (Schéma 5). Changes nothing but the app's dice generator."""
    layout, rotation, known = yield from which_room(game, slot)
    plan = RevealPlan(slot, layout, rotation, known, by)
    plan.drawn = yield from draw_tokens(game, TOKENS_PER_ROOM)  # all drawn first (AMB-REVEAL-DRAW)
    room = PlacedRoom(layout, rotation)
    taken = occupied_squares(game.position)
    reveal_asks: list[PlacementAsk] = []
    revealer = game.position.characters.get(by) if by is not None else None
    if revealer is not None and revealer.side is Side.NPC and revealer.card is not None:
        card = card_for(game.position, revealer.id, card_library(game.content))
        reveal_asks = placement_asks(card, "reveal")  # S-PERS-SNAKE, AMB-REVEAL-PLACE
    for token in plan.drawn:
        asks = reveal_asks if token_parts(token)[0] == "object" else []
        landing = yield from teleport_landing(game, token, slot, room=room, taken=taken, asks=asks)
        if landing.square is not None:
            taken.add(landing.square)
        plan.landings.append(landing)
    return plan


def commit_reveal(game: Game, plan: RevealPlan) -> RevealAnswer:
    """S-REVEAL-8/9 and the piles: the drawn tokens leave the bag, the Room card goes to the revealed
    pile, newcomers' cards go from the face-up NPC pile to the right end of the row in draw order,
    6-6 tokens go out of the game; the log tells it all. The position is not changed."""
    answer = plan.answer(game)
    for token in plan.drawn:
        game.bag.remove(token)
    if plan.layout.id in game.rooms_unrevealed:
        game.rooms_unrevealed.remove(plan.layout.id)
    if plan.layout.id not in game.rooms_revealed:
        game.rooms_revealed.append(plan.layout.id)
    room = Ref("room", f"{plan.slot}:{plan.layout.id}")
    drawn: Param = tuple(naming.token(t) for t in plan.drawn) or msg("none, the bag is empty")
    said = (
        msg("{figure:cap} reveals {room}, rotation {rotation}; tokens drawn: {tokens}",
            figure=naming.figure(game.position, plan.by), room=room, rotation=plan.rotation, tokens=drawn)
        if plan.by
        else msg("The Arch-Mage's Vision reveals {room}, rotation {rotation}; tokens drawn: {tokens}",
                 room=room, rotation=plan.rotation, tokens=drawn)
    )
    game.record(
        "reveal",
        chain([said, *(landing.describe() for landing in plan.landings)]),
        slot=plan.slot,
        layout=plan.layout.id,
        rotation=plan.rotation,
        by=plan.by,
        drawn=list(plan.drawn),
        landings=[landing.to_data() for landing in plan.landings],
    )
    for landing in plan.landings:
        kind, name, _ = token_parts(landing.token)
        if kind == "npc" and name in game.npc_pile:
            game.npc_pile.remove(name)  # from the face-up pile (Schéma 5), even on a 6-6 (AMB-REVEAL-66-CARD)
        if landing.square is None:
            game.removed.append(landing.token)
            game.record(
                "removed",
                msg("{token:cap} rolled 6-6: out of the game, nobody scores (S-REVEAL-5)",
                    token=naming.token(landing.token)),
                token=landing.token,
                slot=plan.slot,
            )
        elif kind == "npc":
            game.row.append(name)  # S-REVEAL-8 / S-TURN-8: right end of the row, untilted
            game.record(
                "enter",
                msg("{npc} enters play on {square}; personality: {summary} (S-CARD-6)",
                    npc=Ref("npc", name), square=square_name(landing.square), summary=Ref("summary", name)),
                npc=name,
                at=square_name(landing.square),
                slot=plan.slot,
            )
    return answer


def reveal_room(game: Game, slot: int, by: str | None = None) -> Generator[Request, Any, RevealAnswer]:
    """S-REVEAL-1..9 for room ``slot`` revealed by character ``by`` (None: the Vision): the requests,
    then the piles (:func:`commit_reveal`); the position is left to :func:`place_reveal` or to the
    automaton's ``apply_reveal``. Interrupted at an unanswered request, the game is unchanged."""
    plan = yield from keep_rng_on_close(game, plan_reveal(game, slot, by))  # AMB-STEP-ATOMIC
    return commit_reveal(game, plan)


def _entering(character: Character) -> Ref:
    """A character of a reveal's answer, not yet in play: by its card or its class."""
    if character.side is Side.NPC:
        return Ref("npc", character.card or character.id)
    return Ref("player", character.class_id)


def place_reveal(game: Game, slot: int, answer: RevealAnswer) -> list[str]:
    """Turn room ``slot`` face up on the position and put the answer's tokens on it (what the
    automaton's ``apply_reveal`` does for an NPC's reveal); returns the NPCs that entered play."""
    position = game.position
    layout = None
    if answer.layout is not None:
        layout = room_layout(game, answer.layout)
        if layout is None:
            raise AnswerRefusedError(msg("no room layout {layout}", layout=repr(answer.layout)))
    taken = occupied_squares(position)
    placed: list[tuple[Ref, Square | None]] = [(_entering(c), c.at) for c in answer.characters]
    placed += [(Ref("object", o.kind), o.at) for o in answer.objects]
    for thing, at in placed:
        if at is None or slot_of(at) != slot or at in taken:
            if at is None:
                raise AnswerRefusedError(msg("reveal of {room}: {thing} is placed nowhere",
                                             room=naming.room(slot), thing=thing))
            raise AnswerRefusedError(msg("reveal of {room}: {thing} on {square} is not a free square of "
                                         "the room",
                                         room=naming.room(slot), thing=thing, square=square_name(at)))
        taken.add(at)
    for character in answer.characters:
        if character.id in position.characters:
            raise AnswerRefusedError(msg("reveal of {room}: {figure} is already in play",
                                         room=naming.room(slot),
                                         figure=naming.figure(position, character.id)))
    position.board.reveal(slot, layout, answer.rotation)
    for character in answer.characters:
        position.characters[character.id] = character
    position.objects.extend(answer.objects)
    return [c.id for c in answer.characters if c.side is Side.NPC]


def reveal_and_place(game: Game, slot: int, by: str | None = None) -> Generator[Request, Any, RevealAnswer]:
    """A whole reveal, position included: the Player's (``by`` = his character) or the Vision's."""
    answer = yield from reveal_room(game, slot, by)
    place_reveal(game, slot, answer)
    return answer
