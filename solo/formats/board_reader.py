"""Reading a position's board (formats.md section 3): its rooms and inline layouts, its portcullis and
arrow-slit markers and its broken walls, with the checks every section of a position shares (a square,
a mapping, a list of ids). Every problem is collected, naming the entry and the offending value; the
pieces and the rest of the file are read in ``solo.formats.position_io``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from solo.content.ids import id_problem
from solo.content.rooms import Mark, RoomLayout, RoomLibrary, load_library, parse_room_data
from solo.errors import DataError, Problem, shown, told
from solo.messages import Message, msg
from solo.table.board import Board, MarkerState, PlacedRoom
from solo.table.squares import SLOTS, Square, direction_between, parse_square, square_name

ROOM_ENTRY_KEYS = frozenset({"layout", "rotation", "hidden"})
PORTCULLIS_KEYS = frozenset({"between", "state"})
T = TypeVar("T")


class FileReader:
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

    def entries(self, key: str, data: Any, example: str,
                allowed: frozenset[str]) -> Iterator[tuple[str, dict[Any, Any]]]:
        """Each mapping of a list section with its entry (``objects[2]``), its unknown keys reported;
        nothing for an absent section, a problem for one that is not a list."""
        if data is None:
            return
        if not isinstance(data, list):
            self.problem(key, msg("expected a list of {example}", example=example))
            return
        for index, item in enumerate(data):
            entry = f"{key}[{index}]"
            fields = self.mapping(entry, item)
            if fields is not None:
                self.unknown_keys(entry, fields, allowed)
                yield entry, fields

    def id_list(self, entry: str, value: Any) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(entry, msg("expected a list of character ids, got {value}", value=shown(value)))
            return []
        return list(value)



class BoardReader(FileReader):
    """The board's sections of a position: rooms, layouts, portcullises, walls."""

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
        for entry, fields in self.entries(key, data, example, PORTCULLIS_KEYS):
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
