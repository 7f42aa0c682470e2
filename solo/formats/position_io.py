"""Reading positions in the ``dt-solo-position/1`` format (formats.md section 3).

Reading collects every problem, each naming the entry and the offending value, and raises one
DataError. Writing is in ``solo.formats.position_writer`` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from solo.content.cards import locate_card
from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.content.ids import id_problem, is_id
from solo.content.rooms import Mark, RoomLayout, RoomLibrary, load_library, parse_room_data
from solo.errors import DataError, Problem, shown, told
from solo.formats.position_writer import POSITION_FORMAT, write_position
from solo.messages import Message, msg
from solo.table.board import Board, MarkerState, PlacedRoom
from solo.table.position import Character, ObjectToken, Position, Score, Side, Turn
from solo.table.squares import SLOTS, Square, direction_between, parse_square, square_name
from solo.yamlio import POSITION_LIMITS, load_yaml_text, read_text

__all__ = ["POSITION_FORMAT", "load_position", "read_position", "write_position"]

TOP_KEYS = ("format", "rooms", "layouts", "cards", "portcullises", "walls", "characters", "objects",
            "turn", "score", "difficulty")
ROOM_ENTRY_KEYS = frozenset({"layout", "rotation", "hidden"})
CHARACTER_KEYS = frozenset({"id", "side", "class", "card", "at", "wounded", "carries"})
OBJECT_KEYS = frozenset({"kind", "at"})
PORTCULLIS_KEYS = frozenset({"between", "state"})
T = TypeVar("T")
TURN_KEYS = frozenset({"side", "acted", "healed", "wounded"})
SCORE_KEYS = frozenset({"player", "npc"})


class _Reader:
    """One read of one position text; accumulates problems instead of stopping."""

    def __init__(self, source: str, library: RoomLibrary | None) -> None:
        self.source = source
        self.library = library
        self.problems: list[Problem] = []

    def problem(self, entry: str, message: str | Message) -> None:
        self.problems.append(Problem(self.source, entry, message))

    def unknown_keys(self, entry: str, data: dict[Any, Any], allowed: frozenset[str]) -> None:
        for key in data:
            if key not in allowed:
                self.problem(f"{entry}.{key}" if entry else str(key), msg("unknown key {key}",
                                                                          key=shown(key)))

    def square(self, entry: str, value: Any) -> Square | None:
        if not isinstance(value, str):
            self.problem(entry, msg("expected a square name such as c4, got {value}", value=shown(value)))
            return None
        try:
            return parse_square(value)
        except ValueError as exc:
            self.problem(entry, msg("square {value} is off the board: {exc}",
                                    value=shown(value), exc=told(exc)))
            return None

    def mapping(self, entry: str, value: Any) -> dict[Any, Any] | None:
        if not isinstance(value, dict):
            self.problem(entry, msg("expected a mapping, got {value}", value=shown(value)))
            return None
        return value

    def id_list(self, entry: str, value: Any) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(entry, msg("expected a list of character ids, got {value}", value=shown(value)))
            return []
        return list(value)

    # -- sections ------------------------------------------------------------------------------
    def layouts(self, data: Any) -> dict[str, tuple[RoomLayout, dict[str, Any]]]:
        result: dict[str, tuple[RoomLayout, dict[str, Any]]] = {}
        raw = self.mapping("layouts", data) if data is not None else {}
        for layout_id, fields in (raw or {}).items():
            if (wrong := id_problem(layout_id, "a layout")) is not None:
                self.problem(f"layouts.{shown(layout_id)}", wrong)
                continue
            try:
                layout = parse_room_data(fields, self.source, require_format=False,
                                         default_id=str(layout_id), prefix=f"layouts.{layout_id}")
            except DataError as exc:
                self.problems.extend(exc.problems)
                continue
            if layout.id != layout_id:
                self.problem(f"layouts.{layout_id}.id", msg("id {value} differs from its key",
                                                            value=shown(layout.id)))
            result[str(layout_id)] = (layout, fields)
        return result

    def find_layout(self, entry: str, layout_id: Any,
                    inline: dict[str, tuple[RoomLayout, dict[str, Any]]]) -> RoomLayout | None:
        if (wrong := id_problem(layout_id, "a layout")) is not None:
            self.problem(entry, wrong)
            return None
        if layout_id in inline:
            return inline[layout_id][0]
        if self.library is None:
            self.library = load_library()
        layout = self.library.get(layout_id)
        if layout is None:
            self.problem(entry, msg("layout {layout_id} is neither in `layouts` nor in the room library",
                                    layout_id=shown(layout_id)))
        return layout

    def rooms(self, data: Any, inline: dict[str, tuple[RoomLayout, dict[str, Any]]]) -> Board:
        board = Board()
        raw = self.mapping("rooms", data)
        if raw is None:
            return board
        for key in raw:
            if key not in SLOTS:
                self.problem(f"rooms.{key}", msg("no room slot {key} (slots are 1 … 8)", key=shown(key)))
        used: dict[str, int] = {}
        for slot in SLOTS:
            entry = f"rooms.{slot}"
            if slot not in raw:
                self.problem(entry, msg("missing: every slot 1 … 8 must appear"))
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
                self.problem(f"{entry}.rotation", msg("expected 0, 1, 2 or 3 quarter turns, got {rotation}",
                                                      rotation=shown(rotation)))
                rotation = 0
            hidden = fields.get("hidden", False)
            if not isinstance(hidden, bool):
                self.problem(f"{entry}.hidden", msg("expected true or false, got {hidden}",
                                                    hidden=shown(hidden)))
                hidden = False
            if layout is None:
                continue
            if layout.id in used:
                self.problem(f"{entry}.layout", msg("room {id} already lies in slot {value}",
                                                    id=repr(layout.id), value=used[layout.id]))
                continue
            used[layout.id] = slot
            board.place(slot, PlacedRoom(layout, rotation, hidden))
        return board

    def edges(
        self, key: str, data: Any, example: str, board: Board, state_of: Callable[[str, Any], T | None]
    ) -> Iterator[tuple[str, str, Square, Square, T]]:
        """The entries of a list of edges (``portcullises:``, ``walls:``): each ``{between: [a, b],
        state: …}`` between two neighbouring squares of revealed rooms, with its state read by
        ``state_of`` (None: a problem it reported). Every other problem is reported here."""
        if data is None:
            return
        if not isinstance(data, list):
            self.problem(key, msg("expected a list of {example}", example=example))
            return
        for index, item in enumerate(data):
            entry = f"{key}[{index}]"
            fields = self.mapping(entry, item)
            if fields is None:
                continue
            self.unknown_keys(entry, fields, PORTCULLIS_KEYS)
            between = fields.get("between")
            if not isinstance(between, list) or len(between) != 2:
                self.problem(f"{entry}.between", msg("expected two squares, got {between}",
                                                     between=shown(between)))
                continue
            a = self.square(f"{entry}.between", between[0])
            b = self.square(f"{entry}.between", between[1])
            state = state_of(entry, fields.get("state"))
            if state is None or a is None or b is None:
                continue
            label = f"{square_name(a)}-{square_name(b)}"
            if direction_between(a, b) is None:
                self.problem(f"{entry}.between", msg("{label}: the squares are not neighbours", label=label))
            elif not (board.exists(a) and board.exists(b)):
                hidden = square_name(a) if not board.exists(a) else square_name(b)
                self.problem(f"{entry}.between", msg("{label}: square {hidden} is inside a hidden room",
                                                     label=label, hidden=hidden))
            else:
                yield entry, label, a, b, state

    def marker_state(self, entry: str, text: Any) -> MarkerState | None:
        try:
            return MarkerState(text)
        except ValueError:
            self.problem(f"{entry}.state", msg("expected closed, open or broken, got {text}",
                                               text=shown(text)))
            return None

    def wall_state(self, entry: str, text: Any) -> bool | None:
        if text != "broken":
            self.problem(f"{entry}.state", msg("expected broken, got {text}", text=shown(text)))
            return None
        return True

    def portcullises(self, data: Any, board: Board) -> None:
        example = "{between: [a, b], state: …}"
        for entry, label, a, b, state in self.edges("portcullises", data, example, board, self.marker_state):
            marks = board.edge_marks(a, b)
            if not marks & {Mark.PORTCULLIS, Mark.SLIT}:
                self.problem(f"{entry}.between", msg("{label}: no portcullis or arrow slit between them",
                                                     label=label))
            elif state is MarkerState.OPEN and Mark.PORTCULLIS not in marks:
                self.problem(f"{entry}.state", msg("{label}: an arrow slit can be broken, not opened",
                                                   label=label))
            else:
                board.set_marker(a, b, state)

    def walls(self, data: Any, board: Board) -> None:
        """Walls broken by a character pushed through them (S-PERS-WAVERICK): open like a broken
        portcullis."""
        example = "{between: [a, b], state: broken}"
        for entry, label, a, b, _ in self.edges("walls", data, example, board, self.wall_state):
            if board.wall_broken(a, b) is None:
                self.problem(f"{entry}.between", msg("{label}: no wall between them", label=label))
            else:
                board.set_wall(a, b, True)

    def characters(self, data: Any, inline_cards: dict[str, dict[str, Any]]) -> dict[str, Character]:
        result: dict[str, Character] = {}
        if not isinstance(data, list):
            self.problem("characters", msg("expected a list of characters"))
            return result
        for index, item in enumerate(data):
            fields = self.mapping(f"characters[{index}]", item)
            if fields is None:
                continue
            char_id = fields.get("id")
            entry = f"characters[{char_id}]" if is_id(char_id) else f"characters[{index}]"
            self.unknown_keys(entry, fields, CHARACTER_KEYS)
            if (wrong := id_problem(char_id, "a character")) is not None:
                self.problem(f"{entry}.id", wrong)
                continue
            assert isinstance(char_id, str)
            if char_id in result:
                self.problem(f"{entry}.id", msg("id {char_id} is used twice", char_id=shown(char_id)))
                continue
            try:
                side = Side(fields.get("side"))
            except ValueError:
                self.problem(f"{entry}.side", msg("expected player or npc, got {value}",
                                                  value=shown(fields.get('side'))))
                continue
            card_id = fields.get("card")
            class_id = fields.get("class")
            if side is Side.NPC:
                if class_id is not None:
                    self.problem(f"{entry}.class", msg("an NPC's class comes from its card"))
                class_id = self.card_class(entry, card_id, inline_cards)
            else:
                if card_id is not None:
                    self.problem(f"{entry}.card", msg("only NPCs have cards"))
                if class_id not in CLASS_IDS:
                    self.problem(f"{entry}.class", msg("unknown class {class_id} (one of {value})",
                                                       class_id=shown(class_id), value=', '.join(CLASS_IDS)))
                    class_id = None
            at = fields.get("at")
            square = None if at is None else self.square(f"{entry}.at", at)
            wounded = fields.get("wounded", False)
            if not isinstance(wounded, bool):
                self.problem(f"{entry}.wounded", msg("expected true or false, got {wounded}",
                                                     wounded=shown(wounded)))
                wounded = False
            carries = fields.get("carries")
            if carries is not None and not isinstance(carries, str):
                self.problem(f"{entry}.carries",
                             msg("expected an object kind or a character id, got {carries}",
                                 carries=shown(carries)))
                carries = None
            if class_id is None or (at is not None and square is None):
                continue
            result[char_id] = Character(char_id, side, class_id, square,
                                        card_id if isinstance(card_id, str) else None, wounded, carries)
        for c in result.values():
            if c.carries is not None and c.carries not in OBJECT_KINDS and c.carries not in result:
                self.problem(f"characters[{c.id}].carries",
                             msg("{value} is neither an object kind ({allowed}) nor a character id",
                                 value=shown(c.carries), allowed=", ".join(OBJECT_KINDS)))
                c.carries = None
        return result

    def card_class(self, entry: str, card_id: Any, inline: dict[str, dict[str, Any]]) -> str | None:
        if not isinstance(card_id, str):
            self.problem(f"{entry}.card", msg("an NPC needs its card id, got {card_id}",
                                              card_id=shown(card_id)))
            return None
        if (wrong := id_problem(card_id, "a card")) is not None:
            self.problem(f"{entry}.card", wrong)
            return None
        try:
            found = locate_card(card_id, inline)
        except DataError as exc:
            self.problem(f"{entry}.card", msg("the card {card_id} cannot be read", card_id=repr(card_id)))
            self.problems.extend(exc.problems)
            return None
        if found is None:
            self.problem(f"{entry}.card", msg("card {card_id} is neither in `cards` nor in npc_cards/",
                                              card_id=repr(card_id)))
            return None
        card, card_source = found
        class_id = card.get("class")
        if class_id not in CLASS_IDS:
            # The card is at fault, not the position: name its file and field (issue 15 item 5).
            self.problem(f"{entry}.card", msg("the card {card_id} has no valid class", card_id=repr(card_id)))
            source, field = (str(card_source), "class") if card_source else (self.source,
                                                                             f"cards.{card_id}.class")
            self.problems.append(Problem(source, field, msg("expected one of {allowed}, got {class_id}",
                                                            allowed=", ".join(CLASS_IDS),
                                                            class_id=shown(class_id))))
            return None
        return str(class_id)

    def objects(self, data: Any) -> list[ObjectToken]:
        result: list[ObjectToken] = []
        if data is None:
            return result
        if not isinstance(data, list):
            self.problem("objects", msg("expected a list of {example}", example="{kind: …, at: …}"))
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
                             msg("unknown object kind {kind} (one of {value})",
                                 kind=shown(kind), value=', '.join(OBJECT_KINDS)))
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
            self.problem("turn.side", msg("expected player or npc, got {value}",
                                          value=shown(fields.get('side'))))
            return None
        lists = {}
        for key in ("acted", "healed", "wounded"):
            ids = self.id_list(f"turn.{key}", fields.get(key))
            for cid in ids:
                if cid not in characters:
                    self.problem(f"turn.{key}", msg("unknown character {cid}", cid=shown(cid)))
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
                self.problem(f"score.{key}", msg("expected a whole number of VP, got {value}",
                                                 value=shown(value)))
                value = 0
            values.append(value)
        return Score(values[0], values[1])

    def difficulty(self, data: Any) -> int | None:
        if data is None:
            return None
        if not isinstance(data, int) or isinstance(data, bool) or not 1 <= data <= 6:
            self.problem("difficulty", msg("expected a level 1 (pink) … 6 (black), got {data}",
                                           data=shown(data)))
            return None
        return data


def read_position(
    text: str, source: str = "<string>", library: RoomLibrary | None = None, rules: bool = True
) -> Position:
    """Parse a position; raise DataError listing every problem (syntax, references and, with ``rules``,
    legality: ``Position.status``). A game's table is read with ``rules=False``: the player's table is
    the truth, and a rule it breaks is a warning shown to him, not a reason to lose his game
    (AMB-TABLE-WARNS)."""
    data = load_yaml_text(text, source, POSITION_LIMITS)
    reader = _Reader(source, library)
    if not isinstance(data, dict):
        raise DataError([Problem(source, "", msg("a position must be a mapping of sections"))])
    for key in data:
        if key not in TOP_KEYS:
            reader.problem(str(key), msg("unknown key {key}", key=shown(key)))
    if data.get("format") != POSITION_FORMAT:
        reader.problem("format", msg("expected {wanted}, got {value}",
                                     wanted=repr(POSITION_FORMAT), value=shown(data.get('format'))))
    for required in ("rooms", "characters"):
        if required not in data:
            reader.problem(required, msg("missing"))
    inline_layouts = reader.layouts(data.get("layouts"))
    raw_cards = data.get("cards") or {}
    inline_cards: dict[str, dict[str, Any]] = {}
    if isinstance(raw_cards, dict):
        inline_cards = {str(k): v for k, v in raw_cards.items() if isinstance(v, dict) and is_id(k)}
        for k, v in raw_cards.items():
            if (wrong := id_problem(k, "a card")) is not None:
                reader.problem(f"cards.{shown(k)}", wrong)
            elif not isinstance(v, dict):
                reader.problem(f"cards.{k}", msg("expected the card's fields"))
    else:
        reader.problem("cards", msg("expected a mapping of card id to card fields"))
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
    return read_position(read_text(path, POSITION_LIMITS), str(path), library)
