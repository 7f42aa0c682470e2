"""Room files (formats.md section 2) and the room library.

Every broken room file is reported with the file and, for faults inside the drawing, the line and
column in the FILE; all problems of one file are reported together. B-BOARD-6/8/9.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.rooms import Mark, RoomLayout, SquareKind, load_library, load_room, parse_room_text
from solo.errors import DataError, Problem
from solo.locations import RULES_DIR

BUNDLED = RULES_DIR / "rooms"

# A valid room: pit at row 2 col 2, gear at row 3 col 3, portcullis between row 2 cols 3|4,
# arrow slit between row 4 cols 1|2, wall under row 3 col 3, a gap in the bottom border at col 3.
GOOD_GRID = [
    "+-+-+-+-+-+",
    "|. . . . .|",
    "+ + + + + +",
    "|. O .#. .|",
    "+ + + + + +",
    "|. . G . .|",
    "+ + +-+ + +",
    "|.:. . . .|",
    "+ + + + + +",
    "|. . . . .|",
    "+-+-+ +-+-+",
]

HEADER = """\
format: dt-solo-room/1
id: test-room
name: Test Room
pair: 9
sense: cw
grid: |
"""
# The grid's first line is file line 7; its first character is at file column 3.
GRID_FIRST_LINE = 7
GRID_INDENT = 2


def room_text(grid: list[str] | None = None, header: str = HEADER, indent: int = GRID_INDENT,
              trailer: str = "") -> str:
    lines = GOOD_GRID if grid is None else grid
    return header + "".join(" " * indent + line + "\n" for line in lines) + trailer


def with_char(grid_line: int, column: int, char: str, grid: list[str] | None = None) -> list[str]:
    """A copy of the grid with one character replaced (0-based line and column in the grid)."""
    lines = list(GOOD_GRID if grid is None else grid)
    line = lines[grid_line]
    lines[grid_line] = line[:column] + char + line[column + 1:]
    return lines


def file_pos(grid_line: int, column: int) -> str:
    """The 'line L, column C' of a grid character in a room_text() file (1-based)."""
    return f"line {GRID_FIRST_LINE + grid_line}, column {GRID_INDENT + column + 1}"


def problems_of(text: str, source: str = "room.yaml") -> list[Problem]:
    with pytest.raises(DataError) as info:
        parse_room_text(text, source)
    problems = info.value.problems
    assert problems, "a DataError must carry at least one problem"
    for problem in problems:
        assert problem.source == source
        assert str(problem).startswith(source)
    return problems


def find(problems: list[Problem], entry: str, *words: str) -> Problem:
    """The problem whose entry is ``entry`` and whose text holds every word."""
    for problem in problems:
        if problem.entry == entry and all(w in str(problem) for w in words):
            return problem
    raise AssertionError(f"no problem at {entry!r} mentioning {words}: {problems}")


# -- a valid room ---------------------------------------------------------------------------------

def test_good_room_parses_squares_and_edges() -> None:
    # B-BOARD-9: the layout is data, read by the character-position rule of formats.md section 2
    room = parse_room_text(room_text(), "room.yaml")
    assert (room.id, room.name, room.pair, room.sense) == ("test-room", "Test Room", 9, "cw")
    assert len(room.squares) == 25
    assert room.squares[(2, 2)] is SquareKind.PIT
    assert room.squares[(3, 3)] is SquareKind.GEAR
    assert room.gear() == (3, 3)
    assert sum(k is SquareKind.FLOOR for k in room.squares.values()) == 23
    assert room.vertical[(2, 3)] is Mark.PORTCULLIS
    assert room.vertical[(4, 1)] is Mark.SLIT
    assert room.horizontal[(3, 3)] is Mark.WALL
    assert room.horizontal[(5, 3)] is Mark.OPEN  # gap in the bottom border
    assert room.horizontal[(5, 2)] is Mark.WALL
    assert all(room.vertical[(r, 0)] is Mark.WALL for r in range(1, 6))
    assert all(room.vertical[(r, 5)] is Mark.WALL for r in range(1, 6))
    assert room.vertical[(1, 1)] is Mark.OPEN


def test_load_room_from_file(tmp_path: Path) -> None:
    path = tmp_path / "test-room.yaml"
    path.write_text(room_text(), encoding="utf-8")
    assert load_room(path) == parse_room_text(room_text())


def test_short_grid_line_is_padded_with_spaces() -> None:
    # formats.md section 2: "a loader pads a short line with spaces"
    grid = list(GOOD_GRID)
    grid[1] = "|. . . . ."  # right border of row 1 left out: padded to an open edge
    room = parse_room_text(room_text(grid))
    assert room.vertical[(1, 5)] is Mark.OPEN
    assert room.squares[(1, 5)] is SquareKind.FLOOR
    # a square position filled by padding is a space, which is not a square character
    grid = list(GOOD_GRID)
    grid[9] = "|. . . ."
    problems = problems_of(room_text(grid))
    find(problems, file_pos(9, 9), "square")


def test_trailing_spaces_stripped_everywhere_still_valid() -> None:
    grid = [line.rstrip() for line in GOOD_GRID]
    grid[1] = "|. . . . ."
    room = parse_room_text(room_text(grid))
    assert room.vertical[(1, 5)] is Mark.OPEN


# -- grid faults: line and column in the file -----------------------------------------------------

def test_bad_square_character_names_file_line_and_column() -> None:
    problems = problems_of(room_text(with_char(1, 7, "x")))
    problem = find(problems, file_pos(1, 7), "'x'")
    assert problem.entry == "line 8, column 10"
    assert "room.yaml: line 8, column 10" in str(problem)


def test_bad_vertical_edge_character() -> None:
    # '-' is a horizontal wall: not allowed on a vertical edge
    problems = problems_of(room_text(with_char(3, 4, "-")))
    find(problems, "line 10, column 7", "vertical", "'-'")


def test_bad_horizontal_edge_character() -> None:
    # '|' is a vertical wall: not allowed on a horizontal edge; the brief's example position
    problems = problems_of(room_text(with_char(2, 5, "|")))
    find(problems, "line 9, column 8", "horizontal", "'|'")


def test_bad_border_edge_character() -> None:
    problems = problems_of(room_text(with_char(0, 3, "x")))
    find(problems, file_pos(0, 3), "'x'")
    problems = problems_of(room_text(with_char(5, 10, "x")))
    find(problems, file_pos(5, 10), "'x'")


def test_grid_line_longer_than_11() -> None:
    grid = list(GOOD_GRID)
    grid[4] = grid[4] + "+"
    problems = problems_of(room_text(grid))
    problem = next(p for p in problems if "12" in p.text)
    assert problem.entry == f"line {GRID_FIRST_LINE + 4}, column {GRID_INDENT + 12}"


@pytest.mark.parametrize("count", [10, 12, 1])
def test_wrong_line_count(count: int) -> None:
    grid = ([*GOOD_GRID, "+ + + + + +"])[:count]
    problems = problems_of(room_text(grid))
    assert any("11" in p.text and str(count) in p.text for p in problems), problems


def test_grid_columns_follow_indentation_and_position_in_file() -> None:
    # the grid first in the file, indented by 4: positions still point into the file
    header = "grid: |\n"
    trailer = "format: dt-solo-room/1\nid: t\npair: 1\nsense: ccw\n"
    problems = problems_of(room_text(with_char(2, 5, "|"), header=header, indent=4, trailer=trailer))
    find(problems, "line 4, column 10", "'|'")


def test_no_gear() -> None:
    problems = problems_of(room_text(with_char(5, 5, ".")))
    assert any("G" in p.text and "0" in p.text for p in problems), problems


def test_two_gears() -> None:
    problems = problems_of(room_text(with_char(9, 9, "G")))
    assert any("G" in p.text and "2" in p.text for p in problems), problems


def test_formats_md_example_grid_is_malformed() -> None:
    # The example in formats.md section 2 puts '#' and ':' on square positions; the loader
    # follows the stated character-position rule and reports both, in file positions.
    text = """\
format: dt-solo-room/1
id: demo-2b            # unique; twin rooms share `pair`
name: The Cistern      # free text, optional
pair: 2                # number on the rotation gear; exactly two rooms share it
sense: ccw             # the rotation arrow printed on this room's gear: cw | ccw (twins differ)
grid: |
  +-+-+-+-+-+
  |. . .|. .|
  + +#+ + +-+
  |. O . # G|
  + + +-+ + +
  |. . : . .|
  + + + + + +
  |. . . O .|
  +-+ +-+-+-+
  |. . . . .|
  +-+-+ +-+-+
"""
    problems = problems_of(text, "example.yaml")
    find(problems, "line 10, column 10", "'#'")
    find(problems, "line 12, column 8", "':'")
    assert len(problems) == 2


# -- field faults ---------------------------------------------------------------------------------

def test_missing_format() -> None:
    problems = problems_of(room_text(header=HEADER.replace("format: dt-solo-room/1\n", "")))
    find(problems, "format")


def test_wrong_format() -> None:
    problems = problems_of(room_text(header=HEADER.replace("dt-solo-room/1", "dt-solo-room/2")))
    find(problems, "format", "dt-solo-room/2")


@pytest.mark.parametrize("sense", ["clockwise", "CW", "1", "[cw]"])
def test_bad_sense(sense: str) -> None:
    problems = problems_of(room_text(header=HEADER.replace("sense: cw", f"sense: {sense}")))
    find(problems, "sense")


def test_missing_sense() -> None:
    problems = problems_of(room_text(header=HEADER.replace("sense: cw\n", "")))
    find(problems, "sense")


@pytest.mark.parametrize("pair", ["two", "true", "1.5", "[1]", "''"])
def test_bad_pair(pair: str) -> None:
    problems = problems_of(room_text(header=HEADER.replace("pair: 9", f"pair: {pair}")))
    find(problems, "pair")


def test_missing_pair() -> None:
    problems = problems_of(room_text(header=HEADER.replace("pair: 9\n", "")))
    find(problems, "pair")


def test_unknown_keys_are_each_reported() -> None:
    header = "rotation: 1\n" + HEADER.replace("grid: |", "colour: red\ngrid: |")
    problems = problems_of(room_text(header=header))
    assert len(problems) == 2
    find(problems, "colour")
    find(problems, "rotation")


def test_duplicate_yaml_key() -> None:
    problems = problems_of(room_text(header=HEADER.replace("sense: cw\n", "sense: cw\nsense: ccw\n")))
    assert len(problems) == 1
    assert "duplicate" in problems[0].text and "sense" in problems[0].text
    assert problems[0].entry == "line 6, column 1"


def test_invalid_yaml_names_the_line() -> None:
    problems = problems_of("format: dt-solo-room/1\nid: x\npair: [1\nsense: cw\n")
    assert len(problems) == 1
    assert "invalid YAML" in problems[0].text
    assert problems[0].entry.startswith("line ")


def test_complex_yaml_key_is_a_data_error() -> None:
    # a YAML mapping key that is itself a list or mapping is garbage, not a crash
    problems_of("? [a, b]\n: 1\nformat: dt-solo-room/1\n")
    problems_of("? {a: 1}\n: 1\n")


def test_not_a_mapping() -> None:
    problems_of("- just\n- a list\n")
    problems_of("")


def test_several_problems_are_all_reported() -> None:
    header = (HEADER.replace("sense: cw", "sense: left").replace("pair: 9", "pair: nine")
              .replace("grid: |", "colour: red\ngrid: |"))
    grid = with_char(2, 5, "|", with_char(1, 7, "x"))
    problems = problems_of(room_text(grid, header=header))
    find(problems, "sense", "left")
    find(problems, "pair", "nine")
    find(problems, "colour")
    # the grid now starts one line lower in the file
    find(problems, "line 9, column 10", "'x'")
    find(problems, "line 10, column 8", "'|'")
    assert len(problems) == 5


def test_load_room_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(room_text(with_char(2, 5, "|")), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_room(path)
    (problem,) = info.value.problems
    assert problem.source == str(path)
    assert str(problem) == f"{path}: line 9, column 8: {problem.text}"


def test_unreadable_room_file(tmp_path: Path) -> None:
    path = tmp_path / "bad-bytes.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DataError) as info:
        load_room(path)
    assert info.value.problems[0].source == str(path)


# -- grid_text round trip -------------------------------------------------------------------------

def _reparse(layout: RoomLayout) -> RoomLayout:
    name = json.dumps(layout.name_data() or "x", ensure_ascii=False)  # a text or {en, fr}: valid YAML
    header = (f"format: dt-solo-room/1\nid: {layout.id}\nname: {name}\n"
              f"pair: {layout.pair}\nsense: {layout.sense}\ngrid: |\n")
    room = parse_room_text(room_text(layout.grid_text().splitlines(), header=header))
    return room


def test_grid_text_round_trip_bundled_rooms() -> None:
    for path in sorted(BUNDLED.glob("demo-*.yaml")):
        layout = load_room(path)
        assert _reparse(layout) == layout, path
        assert layout.grid_text().splitlines() == [
            line.rstrip("\n").ljust(11) for line in layout.grid_text().splitlines()
        ]


def test_grid_text_of_good_grid_is_the_drawing() -> None:
    assert parse_room_text(room_text()).grid_text() == "\n".join(GOOD_GRID) + "\n"


_MARKS = st.sampled_from(list(Mark))


@st.composite
def layouts(draw: st.DrawFn) -> RoomLayout:
    kinds = draw(st.lists(st.sampled_from([SquareKind.FLOOR, SquareKind.PIT]), min_size=25, max_size=25))
    gear = draw(st.integers(0, 24))
    kinds[gear] = SquareKind.GEAR
    squares = {(1 + i // 5, 1 + i % 5): kinds[i] for i in range(25)}
    vertical = {(r, c): draw(_MARKS) for r in range(1, 6) for c in range(0, 6)}
    horizontal = {(r, c): draw(_MARKS) for r in range(0, 6) for c in range(1, 6)}
    return RoomLayout("rand", draw(st.integers(1, 99)), draw(st.sampled_from(["cw", "ccw"])),
                      squares, vertical, horizontal, "Random")


@given(layouts())
@settings(max_examples=150, deadline=None)
def test_grid_text_round_trip_random(layout: RoomLayout) -> None:
    again = _reparse(layout)
    assert again == layout
    assert again.grid_text() == layout.grid_text()


# -- the library ----------------------------------------------------------------------------------

def test_bundled_library_has_four_twin_pairs(tmp_path: Path) -> None:
    # B-BOARD-6, B-BOARD-8: 4 pairs, the two rooms of a pair turn in opposite senses
    library = load_library(BUNDLED, tmp_path)
    assert library.problems == []
    ids = {f"demo-{n}{x}" for n in range(1, 5) for x in "ab"}
    assert ids <= set(library.rooms)
    demo = [library.rooms[i] for i in ids]
    pairs: dict[int, list[RoomLayout]] = {}
    for room in demo:
        pairs.setdefault(room.pair, []).append(room)
    assert len(pairs) == 4
    for rooms in pairs.values():
        assert len(rooms) == 2
        assert {r.sense for r in rooms} == {"cw", "ccw"}
        assert library.twin_of(rooms[0].id) == rooms[1]
        assert library.twin_of(rooms[1].id) == rooms[0]


def test_bundled_room_files_each_load() -> None:
    files = sorted(BUNDLED.glob("demo-*.yaml"))
    assert len(files) == 8
    for path in files:
        room = load_room(path)
        assert room.id == path.stem
        assert sum(k is SquareKind.GEAR for k in room.squares.values()) == 1


def test_default_library_loads_bundled_rooms() -> None:
    library = load_library()
    assert {f"demo-{n}{x}" for n in range(1, 5) for x in "ab"} <= set(library.rooms)


def _user_room(room_id: str, pair: int, sense: str, grid: list[str] | None = None) -> str:
    header = f"format: dt-solo-room/1\nid: {room_id}\npair: {pair}\nsense: {sense}\ngrid: |\n"
    return room_text(grid, header=header)


def test_user_room_with_same_id_wins(tmp_path: Path) -> None:
    bundled = load_room(BUNDLED / "demo-1a.yaml")
    (tmp_path / "my-cloister.yaml").write_text(_user_room("demo-1a", bundled.pair, bundled.sense),
                                               encoding="utf-8")
    library = load_library(BUNDLED, tmp_path)
    assert library.problems == []
    room = library.get("demo-1a")
    assert room is not None
    assert room.squares == parse_room_text(room_text()).squares
    assert room.squares != bundled.squares
    assert len([r for r in library.rooms.values() if r.id.startswith("demo-")]) == 8


def test_broken_user_file_is_reported_and_skipped(tmp_path: Path) -> None:
    (tmp_path / "a-broken.yaml").write_text(room_text(with_char(2, 5, "|")), encoding="utf-8")
    (tmp_path / "b-good.yaml").write_text(_user_room("mine", 50, "cw"), encoding="utf-8")
    (tmp_path / "c-good.yaml").write_text(_user_room("mine2", 50, "ccw"), encoding="utf-8")
    library = load_library(BUNDLED, tmp_path)
    assert "test-room" not in library.rooms
    assert {"mine", "mine2"} <= set(library.rooms)
    assert len([r for r in library.rooms if r.startswith("demo-")]) == 8
    assert len(library.problems) == 1
    problem = library.problems[0]
    assert problem.source == str(tmp_path / "a-broken.yaml")
    assert problem.entry == "line 9, column 8"


def test_invalid_yaml_user_file_is_reported_and_skipped(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("id: [oops\n", encoding="utf-8")
    library = load_library(BUNDLED, tmp_path)
    assert [p.source for p in library.problems] == [str(tmp_path / "bad.yaml")]
    assert len(library.rooms) == 8


def test_twins_with_the_same_sense_are_reported(tmp_path: Path) -> None:
    # B-BOARD-8: the two rooms of a pair turn in opposite senses
    (tmp_path / "x1.yaml").write_text(_user_room("x1", 60, "cw"), encoding="utf-8")
    (tmp_path / "x2.yaml").write_text(_user_room("x2", 60, "cw"), encoding="utf-8")
    library = load_library(BUNDLED, tmp_path)
    assert len(library.problems) == 1
    problem = library.problems[0]
    assert problem.entry == "sense"
    assert "x1" in problem.text and "x2" in problem.text
    assert problem.source in {str(tmp_path / "x1.yaml"), str(tmp_path / "x2.yaml")}


def test_user_override_breaking_twin_senses_is_reported(tmp_path: Path) -> None:
    twin = load_room(BUNDLED / "demo-1b.yaml")
    (tmp_path / "demo-1a.yaml").write_text(_user_room("demo-1a", twin.pair, twin.sense),
                                           encoding="utf-8")
    library = load_library(BUNDLED, tmp_path)
    assert any("demo-1a" in p.text and "demo-1b" in p.text for p in library.problems)


# -- names in each language (AMB-ROOM-NAMES) --------------------------------------------------------

def test_bundled_rooms_are_named_in_french_and_english() -> None:
    rooms = load_library().rooms
    cloister = rooms["demo-1a"]
    assert cloister.name == "The Gaoler's Cloister" == cloister.name_in("en")
    assert cloister.name_in("fr") == "Le Cloître du Geôlier"
    for room in rooms.values():
        if room.id.startswith("demo-"):
            assert room.names is not None and room.name_in("fr") != room.name_in("en"), room.id


def test_a_plain_name_reads_the_same_in_every_language() -> None:
    room = parse_room_text(room_text())
    assert room.names is None
    assert room.name_in("fr") == room.name_in("en") == "Test Room"
    renamed = room.with_name("fr", "Ma salle")  # a plain name is renamed in every language
    assert renamed.name_in("en") == "Ma salle" and renamed.names is None


def test_a_translated_name_is_edited_one_language_at_a_time_and_written_back() -> None:
    from solo.formats.room_writer import write_room

    room = parse_room_text(room_text(header=HEADER.replace("name: Test Room",
                                                            'name: {en: "Test Room", fr: "Salle d\'essai"}')))
    assert room.name_in("fr") == "Salle d'essai"
    renamed = room.with_name("fr", "Salle de test")
    assert (renamed.name_in("en"), renamed.name_in("fr")) == ("Test Room", "Salle de test")
    assert parse_room_text(write_room(renamed)) == renamed
    assert parse_room_text(write_room(room.with_name("fr", ""))).names is None  # emptied: plain English


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("{en: Test Room}", "fr: missing"),
        ("{en: Test Room, fr: Salle, de: Raum}", "unknown language 'de'"),
        ("{en: Test Room, fr: ''}", "fr: expected a text"),
        ("[Test, Room]", "expected a text or a mapping {en: …, fr: …}"),
    ],
)
def test_a_broken_name_names_the_file_and_the_entry(tmp_path: Path, name: str, expected: str) -> None:
    path = tmp_path / "broken-name.yaml"
    path.write_text(room_text(header=HEADER.replace("name: Test Room", f"name: {name}")), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_room(path)
    found = [p for p in info.value.problems if p.entry == "name"]
    assert found and found[0].source == str(path) and expected in found[0].text, info.value.problems


_GRID_CHARS = st.sampled_from(list(".OG|-#: x\t"))


@settings(max_examples=300, deadline=None)
@given(room=st.sampled_from(sorted((RULES_DIR / "rooms").glob("*.yaml"))),
       changes=st.lists(st.tuples(st.integers(0, 10), st.integers(0, 10), _GRID_CHARS), max_size=3),
       cut=st.sampled_from([None, 1, 10, 12]))
def test_a_grid_read_a_line_at_a_time_reads_as_character_by_character(
        room: Path, changes: list[tuple[int, int, str]], cut: int | None) -> None:
    # The grid read at once (issue 16 item 6) when it is right: the same room, its dicts in the same
    # order, or the same problems, as read character by character.
    from solo.content import rooms

    text = room.read_text(encoding="utf-8")
    head, _, grid = text.partition("grid: |\n")
    lines = grid.rstrip("\n").split("\n")
    indent = len(lines[0]) - len(lines[0].lstrip(" "))
    cells = [list(line[indent:].ljust(11)) for line in lines]
    for row, column, ch in changes:
        cells[row][column] = ch
    rows = ["".join(cell).rstrip(" ") for cell in cells]
    if cut is not None:
        rows = rows[:cut] if cut < 11 else [*rows, "."]
    edited = head + "grid: |\n" + "".join(" " * indent + line + "\n" for line in rows)

    def read() -> object:
        try:
            layout = parse_room_text(edited, "room.yaml")
        except DataError as exc:
            return [(p.source, p.entry, p.message) for p in exc.problems]
        return (layout, list(layout.squares.items()), list(layout.vertical.items()),
                list(layout.horizontal.items()))

    at_once = read()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rooms, "_cells_at_once", lambda lines: None)
        assert read() == at_once
    if not changes and cut is None:
        assert isinstance(at_once, tuple)  # the bundled room itself reads


def test_a_folder_s_room_files_are_those_glob_lists_in_order(tmp_path: Path) -> None:
    # Listed without glob's pattern (issue 16 item 6), the same entries in the same order: hidden files
    # and an entry named *.yaml that is no file too (reported), never *.yml, *.YAML or *.yaml.bak.
    (tmp_path / "b-good.yaml").write_text(_user_room("mine", 50, "cw"), encoding="utf-8")
    (tmp_path / ".a-hidden.yaml").write_text(_user_room("hidden", 50, "ccw"), encoding="utf-8")
    (tmp_path / "c-folder.yaml").mkdir()
    for other in ("d.yml", "e.YAML", "f.yaml.bak"):
        (tmp_path / other).write_text("id: [oops\n", encoding="utf-8")
    library = load_library(BUNDLED, tmp_path)
    assert sorted(tmp_path.glob("*.yaml")) == [tmp_path / ".a-hidden.yaml", tmp_path / "b-good.yaml",
                                               tmp_path / "c-folder.yaml"]
    assert list(library.rooms)[-2:] == ["hidden", "mine"]
    assert [p.source for p in library.problems] == [str(tmp_path / "c-folder.yaml")]
