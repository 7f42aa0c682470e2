"""Reading positions in the ``dt-solo-position/1`` format (formats.md section 3).

Reading collects every problem, each naming the entry and the offending value, and raises one
DataError. Writing is in ``solo.formats.position_writer`` (re-exported here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.content.cards import find_card
from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.content.rooms import Mark, RoomLayout, RoomLibrary, load_library, parse_room_data
from solo.errors import DataError, Problem
from solo.formats.position_writer import POSITION_FORMAT, write_position
from solo.table.board import Board, MarkerState, PlacedRoom
from solo.table.position import Character, ObjectToken, Position, Score, Side, Turn
from solo.table.squares import SLOTS, Square, direction_between, parse_square, square_name
from solo.yamlio import load_yaml_text

__all__ = ["POSITION_FORMAT", "load_position", "read_position", "write_position"]

TOP_KEYS = ("format", "rooms", "layouts", "cards", "portcullises", "walls", "characters", "objects",
            "turn", "score", "difficulty")
ROOM_ENTRY_KEYS = frozenset({"layout", "rotation", "hidden"})
CHARACTER_KEYS = frozenset({"id", "side", "class", "card", "at", "wounded", "carries"})
OBJECT_KEYS = frozenset({"kind", "at"})
PORTCULLIS_KEYS = frozenset({"between", "state"})
TURN_KEYS = frozenset({"side", "acted", "healed", "wounded"})
SCORE_KEYS = frozenset({"player", "npc"})


class _Reader:
    """One read of one position text; accumulates problems instead of stopping."""

    def __init__(self, source: str, library: RoomLibrary | None) -> None:
        self.source = source
        self.library = library
        self.problems: list[Problem] = []

    def problem(self, entry: str, message: str) -> None:
        self.problems.append(Problem(self.source, entry, message))

    def unknown_keys(self, entry: str, data: dict[Any, Any], allowed: frozenset[str]) -> None:
        for key in data:
            if key not in allowed:
                self.problem(f"{entry}.{key}" if entry else str(key), f"unknown key {key!r}")

    def square(self, entry: str, value: Any) -> Square | None:
        if not isinstance(value, str):
            self.problem(entry, f"expected a square name such as c4, got {value!r}")
            return None
        try:
            return parse_square(value)
        except ValueError as exc:
            self.problem(entry, f"square {value!r} is off the board: {exc}")
            return None

    def mapping(self, entry: str, value: Any) -> dict[Any, Any] | None:
        if not isinstance(value, dict):
            self.problem(entry, f"expected a mapping, got {value!r}")
            return None
        return value

    def id_list(self, entry: str, value: Any) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(entry, f"expected a list of character ids, got {value!r}")
            return []
        return list(value)

    # -- sections ------------------------------------------------------------------------------
    def layouts(self, data: Any) -> dict[str, tuple[RoomLayout, dict[str, Any]]]:
        result: dict[str, tuple[RoomLayout, dict[str, Any]]] = {}
        raw = self.mapping("layouts", data) if data is not None else {}
        for layout_id, fields in (raw or {}).items():
            try:
                layout = parse_room_data(fields, self.source, require_format=False,
                                         default_id=str(layout_id), prefix=f"layouts.{layout_id}")
            except DataError as exc:
                self.problems.extend(exc.problems)
                continue
            if layout.id != layout_id:
                self.problem(f"layouts.{layout_id}.id", f"id {layout.id!r} differs from its key")
            result[str(layout_id)] = (layout, fields)
        return result

    def find_layout(self, entry: str, layout_id: Any,
                    inline: dict[str, tuple[RoomLayout, dict[str, Any]]]) -> RoomLayout | None:
        if not isinstance(layout_id, str):
            self.problem(entry, f"expected a layout id, got {layout_id!r}")
            return None
        if layout_id in inline:
            return inline[layout_id][0]
        if self.library is None:
            self.library = load_library()
        layout = self.library.get(layout_id)
        if layout is None:
            self.problem(entry, f"layout {layout_id!r} is neither in `layouts` nor in the room library")
        return layout

    def rooms(self, data: Any, inline: dict[str, tuple[RoomLayout, dict[str, Any]]]) -> Board:
        board = Board()
        raw = self.mapping("rooms", data)
        if raw is None:
            return board
        for key in raw:
            if key not in SLOTS:
                self.problem(f"rooms.{key}", f"no room slot {key!r} (slots are 1 … 8)")
        used: dict[str, int] = {}
        for slot in SLOTS:
            entry = f"rooms.{slot}"
            if slot not in raw:
                self.problem(entry, "missing: every slot 1 … 8 must appear")
                continue
            value = raw[slot]
            if value == "hidden":
                continue
            fields = self.mapping(entry, value)
            if fields is None:
                continue
            self.unknown_keys(entry, fields, ROOM_ENTRY_KEYS)
            layout = self.find_layout(f"{entry}.layout", fields.get("layout"), inline)
            rotation = fields.get("rotation", 0)
            if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 3:
                self.problem(f"{entry}.rotation", f"expected 0, 1, 2 or 3 quarter turns, got {rotation!r}")
                rotation = 0
            hidden = fields.get("hidden", False)
            if not isinstance(hidden, bool):
                self.problem(f"{entry}.hidden", f"expected true or false, got {hidden!r}")
                hidden = False
            if layout is None:
                continue
            if layout.id in used:
                self.problem(f"{entry}.layout", f"room {layout.id!r} already lies in slot {used[layout.id]}")
                continue
            used[layout.id] = slot
            board.place(slot, PlacedRoom(layout, rotation, hidden))
        return board

    def portcullises(self, data: Any, board: Board) -> None:
        if data is None:
            return
        if not isinstance(data, list):
            self.problem("portcullises", "expected a list of {between: [a, b], state: …}")
            return
        for index, item in enumerate(data):
            entry = f"portcullises[{index}]"
            fields = self.mapping(entry, item)
            if fields is None:
                continue
            self.unknown_keys(entry, fields, PORTCULLIS_KEYS)
            between = fields.get("between")
            if not isinstance(between, list) or len(between) != 2:
                self.problem(f"{entry}.between", f"expected two squares, got {between!r}")
                continue
            a = self.square(f"{entry}.between", between[0])
            b = self.square(f"{entry}.between", between[1])
            state_text = fields.get("state")
            try:
                state = MarkerState(state_text)
            except ValueError:
                self.problem(f"{entry}.state", f"expected closed, open or broken, got {state_text!r}")
                continue
            if a is None or b is None:
                continue
            label = f"{square_name(a)}-{square_name(b)}"
            if direction_between(a, b) is None:
                self.problem(f"{entry}.between", f"{label}: the squares are not neighbours")
                continue
            if not (board.exists(a) and board.exists(b)):
                hidden = square_name(a) if not board.exists(a) else square_name(b)
                self.problem(f"{entry}.between", f"{label}: square {hidden} is inside a hidden room")
                continue
            marks = board.edge_marks(a, b)
            if not marks & {Mark.PORTCULLIS, Mark.SLIT}:
                self.problem(f"{entry}.between", f"{label}: no portcullis or arrow slit between them")
                continue
            if state is MarkerState.OPEN and Mark.PORTCULLIS not in marks:
                self.problem(f"{entry}.state", f"{label}: an arrow slit can be broken, not opened")
                continue
            board.set_marker(a, b, state)

    def walls(self, data: Any, board: Board) -> None:
        """Walls broken by a character pushed through them (S-PERS-WAVERICK): open like a broken
        portcullis."""
        if data is None:
            return
        if not isinstance(data, list):
            self.problem("walls", "expected a list of {between: [a, b], state: broken}")
            return
        for index, item in enumerate(data):
            entry = f"walls[{index}]"
            fields = self.mapping(entry, item)
            if fields is None:
                continue
            self.unknown_keys(entry, fields, PORTCULLIS_KEYS)
            between = fields.get("between")
            if not isinstance(between, list) or len(between) != 2:
                self.problem(f"{entry}.between", f"expected two squares, got {between!r}")
                continue
            a = self.square(f"{entry}.between", between[0])
            b = self.square(f"{entry}.between", between[1])
            if fields.get("state") != "broken":
                self.problem(f"{entry}.state", f"expected broken, got {fields.get('state')!r}")
                continue
            if a is None or b is None:
                continue
            label = f"{square_name(a)}-{square_name(b)}"
            if direction_between(a, b) is None:
                self.problem(f"{entry}.between", f"{label}: the squares are not neighbours")
            elif not (board.exists(a) and board.exists(b)):
                hidden = square_name(a) if not board.exists(a) else square_name(b)
                self.problem(f"{entry}.between", f"{label}: square {hidden} is inside a hidden room")
            elif board.wall_broken(a, b) is None:
                self.problem(f"{entry}.between", f"{label}: no wall between them")
            else:
                board.set_wall(a, b, True)

    def characters(self, data: Any, inline_cards: dict[str, dict[str, Any]]) -> dict[str, Character]:
        result: dict[str, Character] = {}
        if not isinstance(data, list):
            self.problem("characters", "expected a list of characters")
            return result
        for index, item in enumerate(data):
            fields = self.mapping(f"characters[{index}]", item)
            if fields is None:
                continue
            char_id = fields.get("id")
            entry = f"characters[{char_id}]" if isinstance(char_id, str) else f"characters[{index}]"
            self.unknown_keys(entry, fields, CHARACTER_KEYS)
            if not isinstance(char_id, str) or not char_id:
                self.problem(f"{entry}.id", f"expected an id, got {char_id!r}")
                continue
            if char_id in result:
                self.problem(f"{entry}.id", f"id {char_id!r} is used twice")
                continue
            try:
                side = Side(fields.get("side"))
            except ValueError:
                self.problem(f"{entry}.side", f"expected player or npc, got {fields.get('side')!r}")
                continue
            card_id = fields.get("card")
            class_id = fields.get("class")
            if side is Side.NPC:
                if class_id is not None:
                    self.problem(f"{entry}.class", "an NPC's class comes from its card")
                class_id = self.card_class(entry, card_id, inline_cards)
            else:
                if card_id is not None:
                    self.problem(f"{entry}.card", "only NPCs have cards")
                if class_id not in CLASS_IDS:
                    self.problem(f"{entry}.class", f"unknown class {class_id!r} "
                                                   f"(one of {', '.join(CLASS_IDS)})")
                    class_id = None
            at = fields.get("at")
            square = None if at is None else self.square(f"{entry}.at", at)
            wounded = fields.get("wounded", False)
            if not isinstance(wounded, bool):
                self.problem(f"{entry}.wounded", f"expected true or false, got {wounded!r}")
                wounded = False
            carries = fields.get("carries")
            if carries is not None and not isinstance(carries, str):
                self.problem(f"{entry}.carries",
                             f"expected an object kind or a character id, got {carries!r}")
                carries = None
            if class_id is None or (at is not None and square is None):
                continue
            result[char_id] = Character(char_id, side, class_id, square,
                                        card_id if isinstance(card_id, str) else None, wounded, carries)
        for c in result.values():
            if c.carries is not None and c.carries not in OBJECT_KINDS and c.carries not in result:
                self.problem(f"characters[{c.id}].carries",
                             f"{c.carries!r} is neither an object kind ({', '.join(OBJECT_KINDS)}) "
                             "nor a character id")
                c.carries = None
        return result

    def card_class(self, entry: str, card_id: Any, inline: dict[str, dict[str, Any]]) -> str | None:
        if not isinstance(card_id, str):
            self.problem(f"{entry}.card", f"an NPC needs its card id, got {card_id!r}")
            return None
        try:
            card = find_card(card_id, inline)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None
        if card is None:
            self.problem(f"{entry}.card", f"card {card_id!r} is neither in `cards` nor in npc_cards/")
            return None
        class_id = card.get("class")
        if class_id not in CLASS_IDS:
            self.problem(f"{entry}.card", f"card {card_id!r} has no valid class ({class_id!r})")
            return None
        return str(class_id)

    def objects(self, data: Any) -> list[ObjectToken]:
        result: list[ObjectToken] = []
        if data is None:
            return result
        if not isinstance(data, list):
            self.problem("objects", "expected a list of {kind: …, at: …}")
            return result
        for index, item in enumerate(data):
            entry = f"objects[{index}]"
            fields = self.mapping(entry, item)
            if fields is None:
                continue
            self.unknown_keys(entry, fields, OBJECT_KEYS)
            kind = fields.get("kind")
            if kind not in OBJECT_KINDS:
                self.problem(f"{entry}.kind",
                             f"unknown object kind {kind!r} (one of {', '.join(OBJECT_KINDS)})")
                continue
            square = self.square(f"{entry}.at", fields.get("at"))
            if square is not None:
                result.append(ObjectToken(str(kind), square))
        return result

    def turn(self, data: Any, characters: dict[str, Character]) -> Turn | None:
        if data is None:
            return None
        fields = self.mapping("turn", data)
        if fields is None:
            return None
        self.unknown_keys("turn", fields, TURN_KEYS)
        try:
            side = Side(fields.get("side"))
        except ValueError:
            self.problem("turn.side", f"expected player or npc, got {fields.get('side')!r}")
            return None
        lists = {}
        for key in ("acted", "healed", "wounded"):
            ids = self.id_list(f"turn.{key}", fields.get(key))
            for cid in ids:
                if cid not in characters:
                    self.problem(f"turn.{key}", f"unknown character {cid!r}")
            lists[key] = ids
        return Turn(side, lists["acted"], lists["healed"], lists["wounded"])

    def score(self, data: Any) -> Score | None:
        if data is None:
            return None
        fields = self.mapping("score", data)
        if fields is None:
            return None
        self.unknown_keys("score", fields, SCORE_KEYS)
        values = []
        for key in ("player", "npc"):
            value = fields.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                self.problem(f"score.{key}", f"expected a whole number of VP, got {value!r}")
                value = 0
            values.append(value)
        return Score(values[0], values[1])

    def difficulty(self, data: Any) -> int | None:
        if data is None:
            return None
        if not isinstance(data, int) or isinstance(data, bool) or not 1 <= data <= 6:
            self.problem("difficulty", f"expected a level 1 (pink) … 6 (black), got {data!r}")
            return None
        return data


def read_position(
    text: str, source: str = "<string>", library: RoomLibrary | None = None, rules: bool = True
) -> Position:
    """Parse a position; raise DataError listing every problem (syntax, references and, with ``rules``,
    legality: ``Position.status``). A game's table is read with ``rules=False``: the player's table is
    the truth, and a rule it breaks is a warning shown to him, not a reason to lose his game
    (AMB-TABLE-WARNS)."""
    data = load_yaml_text(text, source)
    reader = _Reader(source, library)
    if not isinstance(data, dict):
        raise DataError([Problem(source, "", "a position must be a mapping of sections")])
    for key in data:
        if key not in TOP_KEYS:
            reader.problem(str(key), f"unknown key {key!r}")
    if data.get("format") != POSITION_FORMAT:
        reader.problem("format", f"expected {POSITION_FORMAT!r}, got {data.get('format')!r}")
    for required in ("rooms", "characters"):
        if required not in data:
            reader.problem(required, "missing")
    inline_layouts = reader.layouts(data.get("layouts"))
    raw_cards = data.get("cards") or {}
    inline_cards: dict[str, dict[str, Any]] = {}
    if isinstance(raw_cards, dict):
        inline_cards = {str(k): v for k, v in raw_cards.items() if isinstance(v, dict)}
        for k, v in raw_cards.items():
            if not isinstance(v, dict):
                reader.problem(f"cards.{k}", "expected the card's fields")
    else:
        reader.problem("cards", "expected a mapping of card id to card fields")
    board = reader.rooms(data.get("rooms", {}), inline_layouts)
    reader.portcullises(data.get("portcullises"), board)
    reader.walls(data.get("walls"), board)
    characters = reader.characters(data.get("characters", []), inline_cards)
    position = Position(
        board,
        characters,
        reader.objects(data.get("objects")),
        reader.turn(data.get("turn"), characters),
        reader.score(data.get("score")),
        reader.difficulty(data.get("difficulty")),
        {k: v[1] for k, v in inline_layouts.items()},
        inline_cards,
    )
    if rules:
        reader.problems.extend(position.status(source))
    if reader.problems:
        raise DataError(reader.problems)
    return position


def load_position(path: Path, library: RoomLibrary | None = None) -> Position:
    """Read a position file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(path), "", f"cannot read file: {exc}")]) from exc
    return read_position(text, str(path), library)
