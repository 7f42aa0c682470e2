"""Reading positions in the ``dt-solo-position/1`` format (formats.md section 3).

Reading collects every problem, each naming the entry and the offending value, and raises one
DataError. Writing is in ``solo.formats.position_writer`` (re-exported here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.content.cards import card_folders, locate_card
from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.content.ids import id_problem, is_id
from solo.content.rooms import RoomLibrary
from solo.errors import DataError, Problem, shown
from solo.formats.board_reader import BoardReader
from solo.formats.position_writer import POSITION_FORMAT, write_position
from solo.messages import msg
from solo.table.position import Character, ObjectToken, Position, Score, Side, Turn
from solo.yamlio import POSITION_LIMITS, load_yaml_text, read_text

__all__ = ["POSITION_FORMAT", "load_position", "read_position", "write_position"]

TOP_KEYS = ("format", "rooms", "layouts", "cards", "portcullises", "walls", "characters", "objects",
            "turn", "score", "difficulty")
CHARACTER_KEYS = frozenset({"id", "side", "class", "card", "at", "wounded", "carries"})
OBJECT_KEYS = frozenset({"kind", "at"})
TURN_KEYS = frozenset({"side", "acted", "healed", "wounded"})
SCORE_KEYS = frozenset({"player", "npc"})


class _Reader(BoardReader):
    """One read of one position text: the board (BoardReader), then the pieces, the turn and the score."""

    folders: list[Path] | None = None
    """The card folders there are (:func:`~solo.content.cards.card_folders`), once a card is looked for."""

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
        if self.folders is None:  # the card folders there are (a missing one holds no file), once a file
            self.folders = [folder for folder in card_folders() if folder.is_dir()]
        try:
            found = locate_card(card_id, inline, self.folders)
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
        for entry, fields in self.entries("objects", data, "{kind: …, at: …}", OBJECT_KEYS):
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
