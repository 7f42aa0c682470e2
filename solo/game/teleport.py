"""Teleportation (S-REVEAL-4..7): a token lands on a room square by the red and white dice.

The Room card lies beside its room turned as the room is (S-COMP-3, S-REVEAL-3), so the card's row r
and column c are the room layout's own row r and column c wherever the room's rotation puts that
square on the board (formats.md §2-3, AMB-TELEPORT-FRAME). A teleport is a generator of requests:
the dice come from the game's seeded generator when the app runs them, otherwise the player rolls
and says what he got (``DieRequest`` with purpose ``teleport-red`` / ``teleport-white``); the
Player's choice on a 6 is always his (:class:`TeleportChoiceRequest`), and a personality that places
its NPC itself is asked about (:class:`~solo.automaton.table.QuestionRequest`, S-REVEAL-7).

Nothing here changes the game but the app's dice generator: the caller puts the token where the
landing says. The game-flow steps built on it (reveal, reinforcement, Vision) change the game only
after their last request, and :func:`keep_rng_on_close` puts the generator back when a step is
closed at a request the table cannot answer yet, so the step can simply be run again later.
"""

from __future__ import annotations

from collections.abc import Collection, Generator, Sequence
from typing import Any, TypeVar

from solo.automaton.table import MAX_REROLLS, QuestionRequest, Request, roll
from solo.content.npccard import NpcCard
from solo.content.personality import Ask
from solo.content.rooms import SquareKind
from solo.errors import AnswerRefusedError
from solo.game.content import npc_card
from solo.game.state import Game, token_parts
from solo.messages import Message, Param, Ref, msg, translated
from solo.records import field, record
from solo.table import naming
from solo.table.board import PlacedRoom
from solo.table.placed_room import frame_to_local
from solo.table.position import Position
from solo.table.squares import ROOM_SIZE, Square, parse_square, slot_origin, square, square_name

T = TypeVar("T")
LANDING_KINDS = (SquareKind.FLOOR, SquareKind.GEAR)
"""S-REVEAL-6 / B-REV-7: a token lands on a floor square or the rotation gear, never on a pit."""


@record(frozen=True)
class TeleportChoiceRequest(Request):
    """The Player chooses the row (red 6) or the column (white 6) of a teleport (S-REVEAL-5).

    ``options`` holds only the rows or columns that give a valid square (S-REVEAL-6); the answer is
    one of them (an int, or its digit as text); anything else is asked again."""

    token: str = ""
    axis: str = "row"
    """``row`` (the red die showed 6) or ``column`` (the white die showed 6)."""
    options: tuple[int, ...] = ()
    fixed: int = 0
    """The other die's value: the column for a row choice, the row for a column choice."""

    @property
    def kind(self) -> str:
        return "teleport_choice"

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(),
            "token": self.token,
            "axis": self.axis,
            "options": list(self.options),
            "fixed": self.fixed,
        }


@record(frozen=True)
class DrawRequest(Request):
    """What the player drew off the real table: a token from the bag, the top reinforcement card, a
    Room card of the revealed pile, a Vision card. ``pile`` is ``bag``, ``reinforcements``,
    ``room_cards`` or ``vision``; the answer is one of ``options`` (what the pile may hold)."""

    pile: str = "bag"
    options: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "draw"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "pile": self.pile, "options": list(self.options)}


@record(frozen=True)
class PlacementAsk:
    """A personality question that may place a token instead of the dice (S-REVEAL-7, S-PERS-SNAKE)."""

    npc: str
    """The NPC whose card asks."""
    question: str
    personality: str
    moment: str
    """``enter_play`` (the NPC's own token) or ``reveal`` (the objects of a room it reveals)."""
    translations: tuple[tuple[str, str], ...] = ()
    """The question in other languages."""


@record
class Landing:
    """Where one token went and how: by the dice, a Player's choice, a personality; None = out."""

    token: str
    slot: int
    square: Square | None
    rolls: list[tuple[int, int]] = field(default_factory=list)
    """Every (red, white) roll, rerolls included, in order."""
    how: str = "dice"
    """``dice``, ``choice`` (the Player chose on a 6), ``personality`` or ``removed`` (6-6)."""
    notes: list[str] = field(default_factory=list)

    def describe(self) -> Message:
        rolls = ", ".join(f"{r}-{w}" for r, w in self.rolls)
        where: Param = (
            square_name(self.square) if self.square is not None else msg("out of the game (6-6, S-REVEAL-5)")
        )
        if self.square is None and self.rolls[-1:] != [(6, 6)] and self.how == "removed":
            where = msg("out of the game (no valid square in {count} rolls, AMB-REROLL-BOUND)",
                        count=len(self.rolls))
            rolls = f"{', '.join(f'{r}-{w}' for r, w in self.rolls[:5])}, …"
        who = naming.token(self.token)
        if self.how == "personality":
            return msg("{token:cap} -> {square} (placed by its personality, S-REVEAL-7)",
                       token=who, square=where)
        if rolls and self.how == "choice":
            return msg("{token:cap} -> {square} (dice {rolls}; the Player chose)",
                       token=who, square=where, rolls=rolls)
        if rolls:
            return msg("{token:cap} -> {square} (dice {rolls})", token=who, square=where, rolls=rolls)
        return msg("{token:cap} -> {square}", token=who, square=where)

    def to_data(self) -> dict[str, Any]:
        return {
            "token": self.token,
            "slot": self.slot,
            "at": square_name(self.square) if self.square is not None else None,
            "rolls": [list(r) for r in self.rolls],
            "how": self.how,
        }


# -- the room as the Room card sees it --------------------------------------------------------------
def card_square(slot: int, rotation: int, row: int, column: int) -> Square:
    """The board square under the Room card's (row, column) for a room lying at ``rotation``
    (AMB-TELEPORT-FRAME: the card is turned like the room, so its rows are the layout's rows)."""
    f0, r0 = slot_origin(slot)
    x, y = frame_to_local(row, column, rotation)
    return square(f0 + x, r0 + y)


def occupied_squares(position: Position) -> set[Square]:
    """Squares holding a token of any kind: a figure, a wounded token, an object (S-REVEAL-6)."""
    taken = {c.at for c in position.characters.values() if c.at is not None}
    taken |= {o.at for o in position.objects}
    return taken


def valid_landing(slot: int, room: PlacedRoom, taken: Collection[Square], row: int, column: int) -> bool:
    """S-REVEAL-6 / B-REV-7: a floor or gear square that holds no token."""
    if not (1 <= row <= ROOM_SIZE and 1 <= column <= ROOM_SIZE):
        return False
    kind = room.layout.squares.get((row, column))
    return kind in LANDING_KINDS and card_square(slot, room.rotation, row, column) not in taken


def gear_square(slot: int, room: PlacedRoom) -> Square:
    row, column = room.layout.gear()
    return card_square(slot, room.rotation, row, column)


def placement_asks(card: NpcCard, moment: str) -> list[PlacementAsk]:
    """The card's ``ask`` effects at ``moment`` as placement questions."""
    return [
        PlacementAsk(card.id, effect.question, card.personality_text or card.summary_in("en"), moment,
                     effect.translations)
        for effect in card.effects
        if isinstance(effect, Ask) and effect.at == moment
    ]


# -- dice and choices -------------------------------------------------------------------------------
def die(game: Game, npc: str, text: Message, purpose: str,
        room: tuple[int, str, int] | None = None) -> Generator[Request, Any, int]:
    """One six-sided die: the app's seeded generator, or the player's roll (a DieRequest; ``room``:
    the room a teleport die places a token in, for the table to be shown)."""
    if game.app_runs("dice"):
        return game.rng.randint(1, 6)
    return (yield from roll(npc, text, purpose, room=room))


def as_int(answer: Any) -> int | None:
    """A number the table answered: an int, or its digits as text (never a bool)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    if isinstance(answer, str) and answer.strip().isdigit():
        return int(answer.strip())
    return None


def choose_line(
    npc: str, token: str, axis: str, fixed: int, options: Sequence[int]
) -> Generator[Request, Any, int]:
    """S-REVEAL-5/6: the Player chooses a row or column among the valid ones; a single valid one is
    no choice (AMB-TELEPORT-ONE); an answer outside the options is asked again."""
    if len(options) == 1:
        return options[0]
    valid = ", ".join(map(str, options))
    text = (
        msg("Teleporting {token}: the red die shows 6, the Player chooses the row (column {fixed}); "
            "valid: {valid} (S-REVEAL-5)", token=naming.token(token), fixed=fixed, valid=valid)
        if axis == "row"
        else msg("Teleporting {token}: the white die shows 6, the Player chooses the column (row {fixed}); "
                 "valid: {valid} (S-REVEAL-5)", token=naming.token(token), fixed=fixed, valid=valid)
    )
    while True:
        answer = as_int((yield TeleportChoiceRequest(npc, text, token, axis, tuple(options), fixed)))
        if answer in options:
            assert answer is not None
            return answer


def ask_placement(
    ask: PlacementAsk, token: str, slot: int, room: PlacedRoom, taken: Collection[Square]
) -> Generator[Request, Any, Square | None]:
    """A personality that places a token itself (S-REVEAL-7, AMB-REVEAL-PLACE): the answer is
    ``gear`` (the token went on the room's rotation gear; offered only when it is free), a square
    name of this room where the player put it (a floor or gear square holding no token), or
    ``roll`` (teleport it with the dice as usual). Anything else is asked again."""
    gear = gear_square(slot, room)
    choices = (("gear",) if gear not in taken else ()) + ("roll",)
    allowed = {
        card_square(slot, room.rotation, r, c)
        for r in range(1, ROOM_SIZE + 1)
        for c in range(1, ROOM_SIZE + 1)
        if valid_landing(slot, room, taken, r, c)
    }
    values: dict[str, Param] = {
        "npc": Ref("npc", ask.npc), "token": naming.token(token), "room": naming.room(slot),
        "question": translated(ask.question, ask.translations),
    }
    text = (
        msg("Personality of {npc}, placing {token} in {room}: {question} Answer 'gear' if it went on the "
            "rotation gear, the square where it was put, or 'roll' to teleport it with the dice.", **values)
        if "gear" in choices
        else msg("Personality of {npc}, placing {token} in {room}: {question} Answer 'gear' if it went on "
                 "the rotation gear (taken now), the square where it was put, or 'roll' to teleport it with "
                 "the dice.", **values)
    )
    asked = text
    while True:
        answer = yield QuestionRequest(ask.npc, asked, ask.question, choices, ask.personality)
        if not isinstance(answer, str):
            asked = msg("{text} (Not understood: {answer}.)", text=text, answer=repr(answer))
            continue
        answer = answer.strip().lower()
        if answer == "roll":
            return None
        if answer == "gear" and "gear" in choices:
            return gear
        try:
            chosen = parse_square(answer)
        except ValueError:
            asked = msg("{text} ({answer} is neither 'gear', 'roll' nor a square name.)",
                        text=text, answer=repr(answer))
            continue
        if chosen in allowed:
            return chosen
        asked = msg("{text} ({square} is not a free floor or gear square of {room}.)", text=text,
                    square=square_name(chosen), room=naming.room(slot))


# -- the teleport -----------------------------------------------------------------------------------
def teleport_landing(
    game: Game,
    token: str,
    slot: int,
    *,
    room: PlacedRoom | None = None,
    taken: Collection[Square] | None = None,
    asks: Sequence[PlacementAsk] = (),
) -> Generator[Request, Any, Landing]:
    """S-REVEAL-4..7 for one token: where it lands in room ``slot`` (or None: out of the game).

    ``room`` is the room as it lies (default: the board's, which must be face up); ``taken`` the
    squares already holding a token (default: the position's); ``asks`` personality questions asked
    before the dice (the reveal's own, S-PERS-SNAKE). An NPC token's card is read for its own
    ``enter_play`` questions (S-REVEAL-7). Nothing in the game changes but the app's dice generator.
    """
    placed = room if room is not None else game.position.board.room(slot)
    if placed is None or (room is None and placed.hidden):
        raise AnswerRefusedError(msg("{room:cap} is not face up: nothing can be teleported into it",
                                     room=naming.room(slot)))
    occupied = set(taken) if taken is not None else occupied_squares(game.position)
    kind, name, _ = token_parts(token)
    npc = name if kind == "npc" else ""
    landing = Landing(token, slot, None)
    questions = list(asks)
    if kind == "npc":
        questions += placement_asks(npc_card(name, game.content), "enter_play")
    for ask in questions:  # S-REVEAL-7: read the personality before rolling
        chosen = yield from ask_placement(ask, token, slot, placed, occupied)
        if chosen is not None:
            landing.square, landing.how = chosen, "personality"
            landing.notes.append(f"{ask.npc}'s personality ({ask.moment}) placed it")
            return landing
    while len(landing.rolls) < MAX_REROLLS:
        landing.how = "dice"
        who, room_ref = naming.token(token), naming.room(slot)
        shown = (slot, placed.layout.id, placed.rotation)
        red = yield from die(
            game, npc, msg("Teleporting {token} into {room}: roll the red die (row)",
                           token=who, room=room_ref),
            "teleport-red", shown,
        )
        white = yield from die(
            game, npc, msg("Teleporting {token} into {room}: roll the white die (column)",
                           token=who, room=room_ref),
            "teleport-white", shown,
        )
        landing.rolls.append((red, white))
        if red == 6 and white == 6:  # S-REVEAL-5: the token leaves the game, nobody scores
            landing.how = "removed"
            return landing
        if red == 6 or white == 6:
            axis = "row" if red == 6 else "column"
            fixed = white if red == 6 else red
            cells = [((n, fixed) if axis == "row" else (fixed, n)) for n in range(1, ROOM_SIZE + 1)]
            options = [n for n, (r, c) in enumerate(cells, 1) if valid_landing(slot, placed, occupied, r, c)]
            if not options:  # S-REVEAL-6: no valid choice, reroll
                landing.notes.append(f"{red}-{white}: no valid {axis}, reroll")
                continue
            chosen_line = yield from choose_line(npc, token, axis, fixed, options)
            red, white = (chosen_line, fixed) if axis == "row" else (fixed, chosen_line)
            landing.how = "choice"
        if valid_landing(slot, placed, occupied, red, white):
            landing.square = card_square(slot, placed.rotation, red, white)
            return landing
        landing.notes.append(f"{red}-{white}: not a valid square, reroll (S-REVEAL-6)")
    # AMB-REROLL-BOUND: after MAX_REROLLS invalid results the token leaves the game, as on 6-6.
    landing.how = "removed"
    landing.notes.append(f"{MAX_REROLLS} rolls without a valid square: it leaves the game as on 6-6")
    return landing


def teleport(
    game: Game,
    token: str,
    slot: int,
    *,
    room: PlacedRoom | None = None,
    taken: Collection[Square] | None = None,
    asks: Sequence[PlacementAsk] = (),
) -> Generator[Request, Any, Square | None]:
    """The square a token lands on in room ``slot`` by S-REVEAL-4..7, None when it leaves the game
    (6-6). See :func:`teleport_landing` for the keywords and the details of the landing."""
    landing = yield from teleport_landing(game, token, slot, room=room, taken=taken, asks=asks)
    return landing.square


def keep_rng_on_close(game: Game, steps: Generator[Request, Any, T]) -> Generator[Request, Any, T]:
    """Run ``steps``; if it is closed at a request the table cannot answer yet (``drive`` closes it),
    put the app's dice generator back as it was, so that the game is unchanged and running the step
    again later rolls the same dice (the game flow's steps change the game only after their last
    request)."""
    state = game.rng.getstate()
    try:
        return (yield from steps)
    except GeneratorExit:
        game.rng.setstate(state)
        raise
