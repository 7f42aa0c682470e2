"""Room layouts in the ``dt-solo-room/1`` format (formats.md section 2) and the room library.

A layout is the room as printed, in its own frame: rows 1-5 from the top, columns 1-5 from the
left. The board (``solo.table.board``) places it in a slot with a rotation.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from pathlib import Path
from typing import Any

from solo.content.ids import id_problem
from solo.content.texts import Texts, read_texts
from solo.errors import DataError, Problem, shown
from solo.locations import RULES_DIR, user_data_dir
from solo.messages import msg, msg_n
from solo.records import field, record, replace
from solo.yamlio import ROOM_LIMITS, load_yaml_text, read_text

ROOM_FORMAT = "dt-solo-room/1"
GRID_SIZE = 11
ROOM_KEYS = frozenset({"format", "id", "name", "pair", "sense", "grid"})


class SquareKind(Enum):
    FLOOR = "."
    PIT = "O"
    GEAR = "G"


class Mark(IntEnum):
    """What is printed on an edge, ordered from least to most blocking (AMB-BOUNDARY)."""

    OPEN = 0
    PORTCULLIS = 1
    SLIT = 2
    WALL = 3


class FrameSide(IntEnum):
    """A side of a square in the room's own frame (UP = towards row 1)."""

    UP = 0
    RIGHT = 1
    DOWN = 2
    LEFT = 3


_SQUARE_CHARS = {k.value: k for k in SquareKind}
_VERTICAL_CHARS = {"|": Mark.WALL, " ": Mark.OPEN, "#": Mark.PORTCULLIS, ":": Mark.SLIT}
_HORIZONTAL_CHARS = {"-": Mark.WALL, " ": Mark.OPEN, "#": Mark.PORTCULLIS, ":": Mark.SLIT}
SENSES = ("cw", "ccw")
_SQUARE_KEYS = [(row, column) for row in range(1, 6) for column in range(1, 6)]
_VERTICAL_KEYS = [(row, c) for row in range(1, 6) for c in range(6)]
_HORIZONTAL_KEYS = [(r, column) for r in range(6) for column in range(1, 6)]
"""The grid's squares and edges in the order its lines are read (row by row, left to right)."""


def _cells_at_once(lines: list[str]) -> tuple[dict[tuple[int, int], SquareKind], dict[tuple[int, int], Mark],
                                              dict[tuple[int, int], Mark]] | None:
    """The grid's squares, vertical and horizontal edges read a line at a time, when all its
    ``GRID_SIZE`` lines are as long and every character is right, as in nearly every file (the same
    dicts in the same order as read character by character, at a third of the cost: issue 16 item 6);
    None otherwise, and the grid is read character by character, its every fault told."""
    if len(lines) != GRID_SIZE or any(len(line) != GRID_SIZE for line in lines):
        return None
    odd, even = lines[1::2], lines[0::2]  # the rows of squares, the rows of horizontal edges
    try:
        squares = [_SQUARE_CHARS[ch] for line in odd for ch in line[1::2]]
        vertical = [_VERTICAL_CHARS[ch] for line in odd for ch in line[0::2]]
        horizontal = [_HORIZONTAL_CHARS[ch] for line in even for ch in line[1::2]]
    except KeyError:
        return None
    return (dict(zip(_SQUARE_KEYS, squares, strict=True)), dict(zip(_VERTICAL_KEYS, vertical, strict=True)),
            dict(zip(_HORIZONTAL_KEYS, horizontal, strict=True)))


@record(frozen=True)
class RoomLayout:
    """A room as printed: square kinds and edge marks in its own frame."""

    id: str
    pair: int
    sense: str
    squares: dict[tuple[int, int], SquareKind]
    """(row, column) -> kind, rows and columns 1-5."""
    vertical: dict[tuple[int, int], Mark]
    """(row, c) -> mark of the edge between columns c and c+1 (c = 0..5; 0 and 5 are borders)."""
    horizontal: dict[tuple[int, int], Mark]
    """(r, column) -> mark of the edge between rows r and r+1 (r = 0..5; 0 and 5 are borders)."""
    name: str = ""
    """The layout's name as printed (English when ``names`` gives it in each language)."""
    source: str = field(default="", compare=False)
    names: Texts | None = None
    """The name in each language (``name: {en: …, fr: …}``); None: ``name`` reads the same in all."""

    def name_in(self, language: str) -> str:
        """The layout's name in ``language`` (the printed name when it is not translated)."""
        return self.names.get(language) if self.names is not None else self.name

    def with_name(self, language: str, text: str) -> RoomLayout:
        """The layout renamed in ``language`` only (a plain name: renamed in every language)."""
        if self.names is None:
            return replace(self, name=text)
        pairs = dict(self.names.pairs)
        pairs[language] = text
        names = Texts(tuple((lang, pairs[lang]) for lang in sorted(pairs, key=lambda x: x != "en")))
        return replace(self, name=names.english, names=names)

    def name_data(self) -> str | dict[str, str]:
        """The name as a file writes it: the text, or ``{en: …, fr: …}`` when every language has one."""
        if self.names is not None and all(text for _, text in self.names.pairs):
            return self.names.to_data()
        return self.name

    def mark(self, row: int, column: int, side: FrameSide) -> Mark:
        """The mark printed on one side of square (row, column)."""
        if side is FrameSide.UP:
            return self.horizontal[(row - 1, column)]
        if side is FrameSide.DOWN:
            return self.horizontal[(row, column)]
        if side is FrameSide.LEFT:
            return self.vertical[(row, column - 1)]
        return self.vertical[(row, column)]

    def gear(self) -> tuple[int, int]:
        return next(rc for rc, kind in self.squares.items() if kind is SquareKind.GEAR)

    def grid_text(self) -> str:
        """The 11x11 drawing of this layout, as written in a room file."""
        lines = [["+" if (i % 2 == 0 and j % 2 == 0) else " " for j in range(GRID_SIZE)]
                 for i in range(GRID_SIZE)]
        for (r, c), kind in self.squares.items():
            lines[2 * r - 1][2 * c - 1] = kind.value
        v_chars = {m: ch for ch, m in _VERTICAL_CHARS.items()}
        h_chars = {m: ch for ch, m in _HORIZONTAL_CHARS.items()}
        for (r, c), mark in self.vertical.items():
            lines[2 * r - 1][2 * c] = v_chars[mark]
        for (r, c), mark in self.horizontal.items():
            lines[2 * r][2 * c - 1] = h_chars[mark]
        return "\n".join("".join(line) for line in lines) + "\n"

    def to_data(self) -> dict[str, Any]:
        """The layout's fields (without ``format``), as in a file or a position's ``layouts``."""
        data: dict[str, Any] = {"id": self.id}
        if self.name:
            data["name"] = self.name_data()
        data.update({"pair": self.pair, "sense": self.sense, "grid": self.grid_text()})
        return data


def _grid_origin(text: str | None, source: str) -> tuple[int, int] | None:
    """(first file line, indentation) of a literal-block ``grid``, to point at file positions."""
    if text is None:
        return None
    from solo.pyyaml import yaml  # only for a room file's problem: a start never loads PyYAML for it

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(node, yaml.MappingNode):
        return None
    for key, value in node.value:
        if getattr(key, "value", None) == "grid" and isinstance(value, yaml.ScalarNode):
            if value.style != "|":
                return None
            first = value.start_mark.line + 1
            lines = text.splitlines()
            if first >= len(lines):
                return None
            indent = len(lines[first]) - len(lines[first].lstrip(" "))
            return first, indent
    return None


def parse_room_data(
    data: Any,
    source: str,
    text: str | None = None,
    require_format: bool = True,
    default_id: str | None = None,
    prefix: str = "",
) -> RoomLayout:
    """Validate one room's fields; every problem is collected, grid faults name line and column.

    ``prefix`` is the key path of a layout given inside another file (a position's ``layouts``).
    """
    try:
        return _parse_room(data, source, text, require_format, default_id)
    except DataError as exc:
        if not prefix:
            raise
        raise DataError([
            Problem(p.source, f"{prefix}.{p.entry}" if p.entry else prefix, p.message) for p in exc.problems
        ]) from None


def _parse_room(
    data: Any, source: str, text: str | None, require_format: bool, default_id: str | None
) -> RoomLayout:
    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise DataError([Problem(source, "", msg("a room must be a mapping of fields"))])
    for key in data:
        if key not in ROOM_KEYS or (key == "format" and not require_format):
            problems.append(Problem(source, str(key), msg("unknown key")))
    if require_format and data.get("format") != ROOM_FORMAT:
        problems.append(Problem(source, "format", msg("expected {wanted}, got {value}",
                                                      wanted=repr(ROOM_FORMAT),
                                                      value=shown(data.get("format")))))
    room_id = data.get("id", default_id)
    if (wrong := id_problem(room_id, "a room")) is not None:
        problems.append(Problem(source, "id", wrong))
        room_id = "?"
    name, names = _name(data.get("name", ""), source, problems)
    pair = data.get("pair")
    if not isinstance(pair, int) or isinstance(pair, bool):
        problems.append(Problem(source, "pair", msg("expected the gear number, got {value}",
                                                    value=shown(pair))))
        pair = 0
    sense = data.get("sense")
    if sense not in SENSES:
        problems.append(Problem(source, "sense", msg("expected cw or ccw, got {value}", value=shown(sense))))
        sense = "cw"
    grid = data.get("grid")
    squares: dict[tuple[int, int], SquareKind] = {}
    vertical: dict[tuple[int, int], Mark] = {}
    horizontal: dict[tuple[int, int], Mark] = {}
    if not isinstance(grid, str):
        problems.append(Problem(source, "grid", msg("expected the 11-line drawing of the room")))
    else:
        origins: list[tuple[int, int] | None] = []  # the grid's place in the file, found at the first fault

        def where(i: int, j: int) -> str:
            if not origins:
                origins.append(_grid_origin(text, source))
            origin = origins[0]
            if origin is None:
                return f"grid line {i + 1}, column {j + 1}"
            return f"line {origin[0] + i + 1}, column {origin[1] + j + 1}"

        lines = grid.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) != GRID_SIZE:
            problems.append(Problem(source, "grid", msg("expected {count} lines, found {found}",
                                                        count=GRID_SIZE, found=len(lines))))
        for i, line in enumerate(lines[:GRID_SIZE]):
            if len(line) > GRID_SIZE:
                problems.append(Problem(source, where(i, GRID_SIZE),
                                        msg("line is {size} characters long, at most {limit}", size=len(line),
                                            limit=GRID_SIZE)))
            lines[i] = line.ljust(GRID_SIZE)
        lines += [" " * GRID_SIZE] * (GRID_SIZE - len(lines))
        read = _cells_at_once(lines)
        if read is not None:
            squares, vertical, horizontal = read
        else:
            for i in range(GRID_SIZE):
                for j in range(GRID_SIZE):
                    ch = lines[i][j]
                    if i % 2 == 1 and j % 2 == 1:
                        kind = _SQUARE_CHARS.get(ch)
                        if kind is None:
                            problems.append(Problem(source, where(i, j),
                                                    msg("square {value} is not '.', 'O' or 'G'",
                                                        value=shown(ch))))
                            kind = SquareKind.FLOOR
                        squares[((i + 1) // 2, (j + 1) // 2)] = kind
                    elif i % 2 == 1:
                        mark = _VERTICAL_CHARS.get(ch)
                        if mark is None:
                            problems.append(Problem(source, where(i, j),
                                                    msg("vertical edge {value} is not '|', ' ', '#' or ':'",
                                                        value=shown(ch))))
                            mark = Mark.WALL
                        vertical[((i + 1) // 2, j // 2)] = mark
                    elif j % 2 == 1:
                        mark = _HORIZONTAL_CHARS.get(ch)
                        if mark is None:
                            problems.append(Problem(source, where(i, j),
                                                    msg("horizontal edge {value} is not '-', ' ', '#' or ':'",
                                                        value=shown(ch))))
                            mark = Mark.WALL
                        horizontal[(i // 2, (j + 1) // 2)] = mark
        gears = [rc for rc, kind in squares.items() if kind is SquareKind.GEAR]
        if len(gears) != 1:
            problems.append(Problem(source, "grid",
                                    msg_n("a room has exactly one rotation gear 'G', found {count}",
                                          "a room has exactly one rotation gear 'G', found {count}",
                                          count=len(gears))))
    if problems:
        raise DataError(problems)
    return RoomLayout(str(room_id), pair, str(sense), squares, vertical, horizontal, name, source, names)


def _name(value: Any, source: str, problems: list[Problem]) -> tuple[str, Texts | None]:
    """A layout's ``name``: the text as printed, or ``{en: …, fr: …}`` (AMB-ROOM-NAMES)."""
    if isinstance(value, str):
        return value, None
    texts, wrong = read_texts(value, plain_allowed=True)
    problems.extend(Problem(source, "name", w) for w in wrong)
    return (texts.english, texts) if texts is not None else ("", None)


def parse_room_text(text: str, source: str = "<string>") -> RoomLayout:
    """Parse a whole room file's text."""
    return parse_room_data(load_yaml_text(text, source, ROOM_LIMITS), source, text)


def load_room(path: Path) -> RoomLayout:
    """Load one room file."""
    return parse_room_text(read_text(path, ROOM_LIMITS), str(path))


@record(eq=False)  # compared by identity (issue 16: no __eq__ to generate)
class RoomLibrary:
    """Every known layout by id: bundled rooms, overridden by the player's own on the same id."""

    rooms: dict[str, RoomLayout] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def get(self, room_id: str) -> RoomLayout | None:
        return self.rooms.get(room_id)

    def twin_of(self, room_id: str) -> RoomLayout | None:
        """The other room with the same gear number, if the library has exactly one."""
        room = self.rooms[room_id]
        twins = [r for r in self.rooms.values() if r.pair == room.pair and r.id != room.id]
        return twins[0] if len(twins) == 1 else None


def _load_folder(folder: Path, library: RoomLibrary) -> None:
    if not folder.is_dir():
        return
    # The folder's entries named *.yaml, as ``glob("*.yaml")`` lists them, without compiling its pattern
    # at every start (~0.5 M instructions, issue 16 item 6).
    for path in sorted(entry for entry in folder.iterdir() if entry.name.endswith(".yaml")):
        try:
            room = load_room(path)
        except DataError as exc:
            library.problems.extend(exc.problems)
            continue
        library.rooms[room.id] = room


def load_library(
    bundled: Path | None = None, user: Path | None = None, include_user: bool = True
) -> RoomLibrary:
    """Load ``rules/rooms`` then (unless ``include_user`` is False) the player's ``rooms`` folder;
    broken files are reported, skipped."""
    library = RoomLibrary()
    _load_folder(bundled if bundled is not None else RULES_DIR / "rooms", library)
    if include_user:
        _load_folder(user if user is not None else user_data_dir() / "rooms", library)
    by_pair: dict[int, list[RoomLayout]] = {}
    for room in library.rooms.values():
        by_pair.setdefault(room.pair, []).append(room)
    for pair, rooms in sorted(by_pair.items()):
        if len(rooms) == 2 and rooms[0].sense == rooms[1].sense:
            library.problems.append(Problem(
                rooms[1].source, "sense",
                msg("twin rooms {room} and {twin} (pair {pair}) must turn in opposite senses",
                    room=rooms[0].id, twin=rooms[1].id, pair=pair)))
    return library
