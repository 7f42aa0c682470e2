"""Reading a game file's data back into a Game (``dt-solo-game/1``), every problem collected with its
entry: the position through the position reader, the piles, the decks, the generator's state."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from solo.errors import DataError, Problem, shown, told
from solo.formats.position_io import read_position
from solo.game.save_values import (
    action_card,
    bag_token,
    card_or_room_id,
    combat_card,
    plain_problem,
    removed_token,
    room_slot,
)
from solo.game.saves_format import (
    END_KEY,
    EVENT_KEYS,
    GAME_FORMAT,
    GAME_KEYS,
    HISTORY_LIMIT,
    MT_WORDS,
    PILE_KEYS,
    PLAYER_KEYS,
    REQUIRED_GAME_KEYS,
    REQUIRED_SNAPSHOT_KEYS,
    SNAPSHOT_KEYS,
)
from solo.game.state import COMPONENTS, CONTENTS, MODES, Event, Game, Pile, PlayerCards
from solo.messages import Message, literal, message_from, msg
from solo.pyyaml import yaml
from solo.table.board import Board
from solo.table.position import Position
from solo.yamlio import dump_readable

# -- reading ---------------------------------------------------------------------------------------


class _Reader:
    """One read of a game's data; collects every problem, each naming its entry."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def problem(self, entry: str, message: str | Message) -> None:
        self.problems.append(Problem(self.source, entry, message))

    def keys(
        self, entry: str, data: dict[Any, Any], allowed: tuple[str, ...], required: tuple[str, ...]
    ) -> None:
        for key in data:
            if key not in allowed:
                self.problem(f"{entry}.{key}" if entry else str(key), msg("unknown key {key}",
                                                                          key=shown(key)))
        for key in required:
            if key not in data:
                self.problem(f"{entry}.{key}" if entry else key, msg("missing"))

    def mapping(self, entry: str, value: Any) -> dict[Any, Any] | None:
        if not isinstance(value, dict):
            self.problem(entry, msg("expected a mapping, got {value}", value=shown(value)))
            return None
        return value

    def integer(self, entry: str, value: Any, low: int | None = None, high: int | None = None) -> int | None:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            if low is not None and high is not None:
                wanted = msg("expected a whole number from {low} to {high}, got {value}", low=low, high=high,
                             value=shown(value))
            elif low is not None:
                wanted = msg("expected a whole number from {low}, got {value}", low=low, value=shown(value))
            elif high is not None:
                wanted = msg("expected a whole number up to {high}, got {value}", high=high,
                             value=shown(value))
            else:
                wanted = msg("expected a whole number, got {value}", value=shown(value))
            self.problem(entry, wanted)
            return None
        return value

    def boolean(self, entry: str, value: Any) -> bool | None:
        if not isinstance(value, bool):
            self.problem(entry, msg("expected true or false, got {value}", value=shown(value)))
            return None
        return value

    def items(self, entry: str, value: Any, check: Callable[[Any], str | Message | None]) -> list[Any]:
        """A list whose every item passes ``check`` (which returns what is wrong, or None)."""
        if not isinstance(value, list):
            self.problem(entry, msg("expected a list, got {value}", value=shown(value)))
            return []
        good = []
        for i, item in enumerate(value):
            message = check(item)
            if message is None:
                good.append(item)
            else:
                self.problem(f"{entry}[{i}]", message)
        return good

    def strings(self, entry: str, value: Any) -> list[str]:
        return self.items(entry, value, card_or_room_id)

    def tokens(self, entry: str, value: Any) -> list[str]:
        return self.items(entry, value, bag_token)

    def removed_tokens(self, entry: str, value: Any) -> list[str]:
        return self.items(entry, value, removed_token)

    def combat_cards(self, entry: str, value: Any) -> list[str]:
        return self.items(entry, value, combat_card)

    # -- sections --------------------------------------------------------------------------------
    def modes(self, entry: str, value: Any) -> dict[str, str]:
        modes = dict.fromkeys(COMPONENTS, "app")
        raw = self.mapping(entry, value)
        if raw is None:
            return modes
        self.keys(entry, raw, COMPONENTS, COMPONENTS)
        for component in COMPONENTS:
            mode = raw.get(component, "app")
            if mode not in MODES:
                self.problem(f"{entry}.{component}", msg("expected app or table, got {mode}",
                                                         mode=shown(mode)))
            else:
                modes[component] = mode
        return modes

    def position(self, entry: str, value: Any, check: bool) -> Position:
        raw = self.mapping(entry, value)
        if raw is None or not check:
            return Position(Board())
        try:
            text = dump_readable(raw, sort_keys=False)
        except yaml.YAMLError as exc:
            self.problem(entry, msg("cannot be written back as a position: {exc}", exc=told(exc)))
            return Position(Board())
        try:
            return read_position(text, self.source, rules=False)  # AMB-TABLE-WARNS
        except DataError as exc:
            for p in exc.problems:
                self.problem(f"{entry}.{p.entry}" if p.entry else entry, p.message)
            return Position(Board())

    def content(self, entry: str, value: Any) -> str:
        if value not in CONTENTS:
            self.problem(entry, msg("expected one of {value}, got {value2}",
                                    value=', '.join(CONTENTS), value2=shown(value)))
            return "own"
        return str(value)

    def pile(self, entry: str, value: Any) -> Pile:
        raw = self.mapping(entry, value)
        if raw is None:
            return Pile()
        self.keys(entry, raw, PILE_KEYS, PILE_KEYS)
        return Pile(
            self.combat_cards(f"{entry}.cards", raw.get("cards", [])),
            self.combat_cards(f"{entry}.discard", raw.get("discard", [])),
        )

    def player(self, entry: str, value: Any) -> PlayerCards:
        cards = PlayerCards()
        raw = self.mapping(entry, value)
        if raw is None:
            return cards
        self.keys(entry, raw, PLAYER_KEYS, PLAYER_KEYS)
        cards.actions = self.items(f"{entry}.actions", raw.get("actions", []), action_card)
        cards.played = self.items(f"{entry}.played", raw.get("played", []), action_card)
        first_cycle = self.boolean(f"{entry}.first_cycle", raw.get("first_cycle", True))
        cards.first_cycle = first_cycle if first_cycle is not None else True
        jumps = self.integer(f"{entry}.jumps", raw.get("jumps", 0), 0)
        cards.jumps = jumps if jumps is not None else 0
        cards.combat = self.combat_cards(f"{entry}.combat", raw.get("combat", []))
        cards.combat_discard = self.combat_cards(f"{entry}.combat_discard", raw.get("combat_discard", []))
        return cards

    def tallies(self, entry: str, value: Any) -> dict[str, int]:
        raw = self.mapping(entry, value)
        result: dict[str, int] = {}
        for key, count in (raw or {}).items():
            if not isinstance(key, str):
                self.problem(f"{entry}.{key}", msg("expected a counter name, got {key}", key=shown(key)))
                continue
            number = self.integer(f"{entry}.{key}", count, 0)
            if number is not None:
                result[key] = number
        return result

    def rng(self, entry: str, value: Any) -> random.Random:
        rng = random.Random()
        state: Any = rng_from_text(value) if isinstance(value, str) else value
        expected = "[version, [624 words and an index], gauss_next]"
        if (
            not isinstance(state, list | tuple)
            or len(state) != 3
            or not isinstance(state[1], list | tuple)
            or len(state[1]) != MT_WORDS + 1
        ):
            self.problem(entry, msg("expected the generator state {expected}", expected=expected))
            return rng
        version, internal, gauss_next = state
        if not all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w < 2**32 for w in internal):
            self.problem(entry, msg("the generator's words must be whole numbers from 0 to 2**32 - 1"))
            return rng
        if internal[0] & 0x8000_0000 == 0 and not any(internal[1:MT_WORDS]):
            # The Mersenne Twister's one dead state: it would roll the same number forever.
            self.problem(entry, msg("the generator's words are all zero: not a generator state"))
            return rng
        if gauss_next is not None and (
            isinstance(gauss_next, bool) or not isinstance(gauss_next, float | int)
        ):
            self.problem(entry, msg("expected a number or null as gauss_next, got {gauss_next}",
                                    gauss_next=shown(gauss_next)))
            return rng
        try:
            rng.setstate((version, tuple(internal), None if gauss_next is None else float(gauss_next)))
        except (ValueError, TypeError, OverflowError) as exc:
            self.problem(entry, msg("not a generator state: {exc}", exc=told(exc)))
        return rng

    def event(self, entry: str, value: Any) -> Event | None:
        raw = self.mapping(entry, value)
        if raw is None:
            return None
        self.keys(entry, raw, EVENT_KEYS, ("kind", "text"))
        kind, text, data = raw.get("kind"), raw.get("text"), raw.get("data", {})
        for key, field in (("kind", kind), ("text", text)):
            if not isinstance(field, str):
                self.problem(f"{entry}.{key}", msg("expected text, got {field}", field=shown(field)))
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            self.problem(f"{entry}.data", msg("expected a mapping with named entries, got {data}",
                                              data=shown(data)))
            return None
        wrong = plain_problem(data, f"{entry}.data")
        if wrong is not None:
            self.problem(*wrong)
            return None
        if not isinstance(kind, str) or not isinstance(text, str):
            return None
        message = literal(text)
        if "message" in raw:  # the words in any language (issue 12); older saves have only the English
            try:
                message = message_from(raw["message"])
            except ValueError:
                self.problem(f"{entry}.message", msg(
                    "expected a message as the game saves it (its text and parameters), got {value}",
                    value=shown(raw["message"])))
        return Event(kind, message, copy.deepcopy(data))

    def state(self, data: dict[Any, Any], prefix: str, check_position: bool = True) -> Game:
        """The game state in ``data`` (log and history apart); entries are named from ``prefix``.
        Missing keys were reported by the caller: they are not reported again here."""

        def read(key: str, check: Callable[[str, Any], Any], default: Any) -> Any:
            return check(f"{prefix}{key}", data[key]) if key in data else default

        def fmt(entry: str, value: Any) -> None:
            if value != GAME_FORMAT:
                self.problem(entry, msg("expected {GAME_FORMAT}, got {value}",
                                        GAME_FORMAT=repr(GAME_FORMAT), value=shown(value)))

        read("format", fmt, None)
        difficulty = read("difficulty", lambda e, v: self.integer(e, v, 1, 6), None)
        vision = read("vision", self.boolean, False)
        seed = read("seed", self.integer, 0)
        turn_number = read("turn_number", lambda e, v: self.integer(e, v, 1), 1)
        return Game(
            position=read("position", lambda e, v: self.position(e, v, check_position), Position(Board())),
            difficulty=difficulty if difficulty is not None else 1,
            vision=bool(vision),
            seed=seed if seed is not None else 0,
            modes=read("modes", self.modes, dict.fromkeys(COMPONENTS, "app")),
            content=read("content", self.content, "own"),
            bag=read("bag", self.tokens, []),
            npc_pile=read("npc_pile", self.strings, []),
            reinforcements=read("reinforcements", self.strings, []),
            rooms_unrevealed=read("rooms_unrevealed", self.strings, []),
            rooms_revealed=read("rooms_revealed", self.strings, []),
            npc_combat=read("npc_combat", self.pile, Pile()),
            player=read("player", self.player, PlayerCards()),
            vision_deck=read("vision_deck", lambda e, v: self.items(e, v, room_slot), []),
            row=read("row", self.strings, []),
            tallies=read("tallies", self.tallies, {}),
            removed=read("removed", self.removed_tokens, []),
            turn_number=turn_number if turn_number is not None else 1,
            rng=read("rng", self.rng, random.Random()),
        )

    def snapshot(self, entry: str, value: Any, log_length: int) -> dict[str, Any] | None:
        """One undo history entry: checked now but for its position, read when it is restored."""
        raw = self.mapping(entry, value)
        if raw is None:
            return None
        before = len(self.problems)
        self.keys(entry, raw, SNAPSHOT_KEYS, REQUIRED_SNAPSHOT_KEYS)
        self.state(raw, f"{entry}.", check_position=False)
        self.integer(f"{entry}.log_length", raw.get("log_length"), 0, log_length)
        return copy.deepcopy(raw) if len(self.problems) == before else None


def rng_from_text(text: str) -> Any:
    """The compact form of ``_rng_to_text``, or the text itself when it is not one (then refused)."""
    parts = text.split()
    if len(parts) != 4 or len(parts[1]) != 8 * MT_WORDS:
        return text
    try:
        words = [int(parts[1][i : i + 8], 16) for i in range(0, 8 * MT_WORDS, 8)]
        gauss = None if parts[3] == "none" else float.fromhex(parts[3])
        return [int(parts[0]), [*words, int(parts[2])], gauss]
    except ValueError:
        return text


def game_from_data(data: Any, source: str) -> Game:
    """A game from its file data; raise DataError listing every problem, each with its entry."""
    reader = _Reader(source)
    if not isinstance(data, dict):
        raise DataError([Problem(source, "", msg("a game file must be a mapping of sections, got {data}",
                                                 data=shown(data)))])
    reader.keys("", data, (*GAME_KEYS, END_KEY), REQUIRED_GAME_KEYS)
    if END_KEY in data and data[END_KEY] is not True:
        reader.problem(END_KEY, msg("expected true (the end marker, AMB-SAVE-END), got {value}",
                                    value=shown(data[END_KEY])))
    game = reader.state(data, "")
    raw_log = data.get("log", [])
    if not isinstance(raw_log, list):
        reader.problem("log", msg("expected a list of events, got {raw_log}", raw_log=shown(raw_log)))
        raw_log = []
    for i, item in enumerate(raw_log):
        event = reader.event(f"log[{i}]", item)
        if event is not None:
            game.log.append(event)
    raw_history = data.get("history", [])
    if not isinstance(raw_history, list):
        reader.problem("history", msg("expected a list of earlier states, got {raw_history}",
                                      raw_history=shown(raw_history)))
        raw_history = []
    if len(raw_history) > HISTORY_LIMIT:
        reader.problem(
            "history", msg("at most {HISTORY_LIMIT} earlier states are kept, found {count}",
                           HISTORY_LIMIT=HISTORY_LIMIT, count=len(raw_history))
        )
    snapshots = []
    last_length = 0
    for i, item in enumerate(raw_history):
        snapshot = reader.snapshot(f"history[{i}]", item, len(raw_log))
        if snapshot is None:
            continue
        if snapshot["log_length"] < last_length:
            reader.problem(
                f"history[{i}].log_length",
                msg("earlier states come in order: {value} follows {last_length}",
                    value=snapshot['log_length'], last_length=last_length),
            )
        last_length = snapshot["log_length"]
        snapshots.append(snapshot)
    if reader.problems:
        raise DataError(reader.problems)
    vars(game)["history"] = snapshots
    return game
