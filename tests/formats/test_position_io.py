"""Reading and writing positions (formats.md section 3).

The reader rejects every fault listed under "Rules of the format" with a message naming the entry
(id or key) and the offending value, collects all problems of a file, and never raises anything
but DataError on garbage. Writing is canonical: write(read(t)) is a fixed point.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from builders import OPEN_GRID, make_position, position_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.errors import DataError, Problem
from solo.formats.position_io import load_position, read_position, write_position
from solo.locations import RULES_DIR
from solo.table.board import MarkerState
from solo.table.position import Position
from solo.table.squares import SLOTS, parse_square, slot_squares, square_name

DEMO_POSITION = RULES_DIR / "positions" / "demo.yaml"

# Slot-1 grid with a portcullis under row 1 column 1 and an arrow slit right of it; a pit at c4
# (row 2, column 3 at rotation 0).
MARK_GRID = """\
+ + + + + +
 .:. . . .
+#+ + + + +
 . . O . .
+ + + + + +
 . . G . .
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""
# rotation -> (row 1 col 1, its slit neighbour (row 1 col 2), its portcullis neighbour, pit)
MARK_SQUARES = {
    0: ("a5", "b5", "a4", "c4"),
    1: ("e5", "e4", "d5", "d3"),
    2: ("e1", "d1", "e2", "c2"),
    3: ("a1", "a2", "b1", "b3"),
}
NPC_CARDS = {"nolock": "backstabber", "lissandra": "backstabber", "brikoltou": "mechanork",
             "yom": "mechanork", "serpico": "naga", "arthos": "colossus", "wave-rick": "banshee",
             "pere-bonsoins": "cleric"}

ME = "- {id: me, side: player, class: cleric, at: c3}"


def problems_of(text: str, source: str = "pos.yaml") -> list[Problem]:
    with pytest.raises(DataError) as info:
        read_position(text, source)
    problems = info.value.problems
    assert problems
    for problem in problems:
        assert str(problem).startswith(source)
    return problems


def expect(problems: list[Problem], entry: str, *values: str) -> Problem:
    """A problem whose entry is ``entry`` and whose text names every value."""
    for problem in problems:
        if problem.entry == entry and all(v in str(problem) for v in values):
            return problem
    raise AssertionError(f"no problem at {entry!r} naming {values}: {problems}")


def expect_naming(problems: list[Problem], *values: str) -> Problem:
    """A problem whose text (entry and message) names every value."""
    for problem in problems:
        if all(v in str(problem) for v in values):
            return problem
    raise AssertionError(f"no problem naming {values}: {problems}")


# -- valid positions --------------------------------------------------------------------------------

def test_minimal_position_reads() -> None:
    position = make_position(characters=ME)
    assert set(position.characters) == {"me"}
    assert position.character("me").at == parse_square("c3")
    assert position.turn is None and position.score is None and position.difficulty is None


def test_full_example_fields_read() -> None:
    text = position_text(
        characters="""
        - {id: nolock, side: npc, card: nolock, at: c7}
        - {id: brik, side: npc, card: brikoltou, at: f9, carries: yom}
        - {id: yom, side: npc, card: yom, wounded: true}
        - {id: cleric, side: player, class: cleric, at: e4, carries: key}
        - {id: hurt, side: player, class: naga, at: b2, wounded: true}
        """,
        objects="- {kind: rope, at: f3}\n- {kind: bow, at: b2}",
        grids={1: MARK_GRID},
        portcullises="- {between: [a5, a4], state: open}\n- {between: [a5, b5], state: broken}",
        extra="turn: {side: npc, acted: [nolock], healed: [], wounded: [hurt]}\n"
              "score: {player: 2, npc: 1}\ndifficulty: 3",
    )
    position = read_position(text)
    assert position.character("brik").carries == "yom"
    assert position.character("yom").at is None
    assert position.character("nolock").class_id == "backstabber"
    assert position.board.marker_state(parse_square("a4"), parse_square("a5")) is MarkerState.OPEN
    assert position.board.marker_state(parse_square("b5"), parse_square("a5")) is MarkerState.BROKEN
    assert position.turn is not None and position.turn.acted == ["nolock"]
    assert position.score is not None and (position.score.player, position.score.npc) == (2, 1)
    assert position.difficulty == 3
    assert sorted((o.kind, square_name(o.at)) for o in position.objects) == [("bow", "b2"), ("rope", "f3")]


def test_pit_with_rope_is_fine() -> None:
    make_position(grids={1: MARK_GRID},
                  characters="- {id: me, side: player, class: cleric, at: c4, carries: rope}")
    make_position(grids={1: MARK_GRID},
                  characters="- {id: me, side: player, class: cleric, at: c4, wounded: true}",
                  objects="- {kind: rope, at: c4}")


# -- unknown keys -----------------------------------------------------------------------------------

def test_unknown_top_level_key() -> None:
    problems = problems_of(position_text(characters=ME, extra="colour: red"))
    expect(problems, "colour", "colour")


def test_unknown_key_in_room_entry() -> None:
    text = position_text(characters=ME).replace("1: {layout: room1, rotation: 0}",
                                                "1: {layout: room1, rotation: 0, colour: red}")
    expect(problems_of(text), "rooms.1.colour", "colour")


def test_unknown_key_in_character() -> None:
    problems = problems_of(position_text(
        characters="- {id: me, side: player, class: cleric, at: c3, colour: red}"))
    expect(problems, "characters[me].colour", "colour")


def test_unknown_key_in_object() -> None:
    problems = problems_of(position_text(characters=ME, objects="- {kind: rope, at: c4, colour: red}"))
    expect(problems, "objects[0].colour", "colour")


def test_unknown_key_in_portcullis() -> None:
    problems = problems_of(position_text(
        characters=ME, grids={1: MARK_GRID},
        portcullises="- {between: [a5, a4], state: open, colour: red}"))
    expect(problems, "portcullises[0].colour", "colour")


def test_unknown_key_in_turn() -> None:
    problems = problems_of(position_text(characters=ME, extra="turn: {side: npc, colour: red}"))
    expect(problems, "turn.colour", "colour")


def test_unknown_key_in_score() -> None:
    problems = problems_of(position_text(characters=ME, extra="score: {player: 0, npc: 0, colour: 1}"))
    expect(problems, "score.colour", "colour")


def test_unknown_key_in_inline_layout() -> None:
    text = position_text(characters=ME).replace("  room3:\n", "  room3:\n    colour: red\n")
    expect_naming(problems_of(text), "room3", "colour")


def test_inline_layout_problem_source_is_the_file() -> None:
    # errors.Problem: `source` is the file, `entry` the key path within it
    text = position_text(characters=ME).replace("  room3:\n", "  room3:\n    colour: red\n")
    problems = problems_of(text)
    problem = expect_naming(problems, "room3", "colour")
    assert problem.source == "pos.yaml"
    assert problem.entry == "layouts.room3.colour"


# -- squares ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["k3", "a22", "a01", "c", "3c", "z0"])
def test_character_square_off_the_board(bad: str) -> None:
    problems = problems_of(position_text(characters=f"- {{id: me, side: player, class: cleric, at: {bad}}}"))
    expect(problems, "characters[me].at", bad)


def test_character_square_not_a_string() -> None:
    problems = problems_of(position_text(characters="- {id: me, side: player, class: cleric, at: 33}"))
    expect(problems, "characters[me].at", "33")


def test_object_square_off_the_board() -> None:
    problems = problems_of(position_text(characters=ME, objects="- {kind: rope, at: a22}"))
    expect(problems, "objects[0].at", "a22")


def test_portcullis_square_off_the_board() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [a5, k5], state: open}"))
    expect(problems, "portcullises[0].between", "k5")


def test_character_inside_hidden_room() -> None:
    # B-BOARD-10: nothing can stand in a hidden room
    problems = problems_of(position_text(
        characters="- {id: me, side: player, class: cleric, at: a6}", rooms={3: "hidden"}))
    expect_naming(problems, "me", "a6")


def test_character_inside_face_down_room_of_known_identity() -> None:
    text = position_text(characters="- {id: me, side: player, class: cleric, at: a6}").replace(
        "3: {layout: room3, rotation: 0}", "3: {layout: room3, rotation: 0, hidden: true}")
    expect_naming(problems_of(text), "me", "a6")


def test_object_inside_hidden_room() -> None:
    problems = problems_of(position_text(characters=ME, objects="- {kind: bow, at: j20}",
                                         rooms={8: "hidden"}))
    expect_naming(problems, "objects[0]", "j20")


def test_portcullis_inside_hidden_room() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID}, rooms={1: "hidden"},
                                         portcullises="- {between: [a5, a4], state: open}"))
    expect(problems, "portcullises[0].between", "a5")


def test_two_figures_on_one_square() -> None:
    # B-GOLD-3
    problems = problems_of(position_text(characters="""
        - {id: me, side: player, class: cleric, at: c3}
        - {id: you, side: player, class: naga, at: c3}
        """))
    expect_naming(problems, "c3", "me", "you")


def test_pit_without_rope_under_a_character() -> None:
    # B-MOVE-12 / B-ROPE: a character on a pit needs a Rope there
    problems = problems_of(position_text(
        grids={1: MARK_GRID}, characters="- {id: me, side: player, class: cleric, at: c4}"))
    expect(problems, "characters[me]", "c4")


def test_pit_without_rope_under_a_wounded() -> None:
    problems = problems_of(position_text(
        grids={1: MARK_GRID},
        characters="- {id: me, side: player, class: cleric, at: c4, wounded: true}"))
    expect(problems, "characters[me]", "c4")


def test_pit_after_rotation_is_checked_at_the_rotated_square() -> None:
    for rotation, (_, _, _, pit) in MARK_SQUARES.items():
        problems = problems_of(position_text(
            grids={1: MARK_GRID}, rooms={1: rotation},
            characters=f"- {{id: me, side: player, class: cleric, at: {pit}}}"))
        expect(problems, "characters[me]", pit)


# -- references ---------------------------------------------------------------------------------------

def test_layout_not_found() -> None:
    text = position_text(characters=ME).replace("1: {layout: room1, rotation: 0}",
                                                "1: {layout: nowhere, rotation: 0}")
    expect(problems_of(text), "rooms.1.layout", "nowhere")


def test_library_layout_is_found() -> None:
    text = position_text(characters=ME).replace("1: {layout: room1, rotation: 0}",
                                                "1: {layout: demo-1a, rotation: 2}")
    position = read_position(text)
    assert position.board.room(1).layout.id == "demo-1a"  # type: ignore[union-attr]


def test_same_layout_in_two_slots() -> None:
    text = position_text(characters=ME).replace("2: {layout: room2, rotation: 0}",
                                                "2: {layout: room1, rotation: 0}")
    expect(problems_of(text), "rooms.2.layout", "room1")


def test_card_not_found() -> None:
    problems = problems_of(position_text(characters="- {id: bad, side: npc, card: nosuchcard, at: c3}"))
    expect(problems, "characters[bad].card", "nosuchcard")


def test_inline_card_is_found() -> None:
    text = position_text(characters="- {id: x, side: npc, card: mine, at: c3}",
                         extra="cards:\n  mine: {id: mine, class: naga}")
    assert read_position(text).character("x").class_id == "naga"


def test_card_without_known_class() -> None:
    problems = problems_of(position_text(characters="- {id: w, side: npc, card: mine, at: c3}",
                                         extra="cards:\n  mine: {id: mine, class: null}"))
    expect_naming(problems, "w", "mine")


def test_npc_without_card() -> None:
    problems = problems_of(position_text(characters="- {id: n, side: npc, at: c3}"))
    expect(problems, "characters[n].card")


def test_npc_with_class() -> None:
    problems = problems_of(position_text(
        characters="- {id: n, side: npc, card: nolock, class: naga, at: c3}"))
    expect(problems, "characters[n].class")


def test_player_with_card() -> None:
    problems = problems_of(position_text(
        characters="- {id: p, side: player, class: naga, card: nolock, at: c3}"))
    expect(problems, "characters[p].card")


# -- portcullises ----------------------------------------------------------------------------------

def test_between_not_neighbours() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [a5, a3], state: open}"))
    expect(problems, "portcullises[0].between", "a5", "a3")


def test_between_diagonal() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [a5, b4], state: open}"))
    expect(problems, "portcullises[0].between", "a5", "b4")


def test_between_neighbours_without_portcullis_or_slit() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [c3, c4], state: open}"))
    expect(problems, "portcullises[0].between", "c3", "c4")


def test_between_follows_the_room_rotation() -> None:
    for rotation, (first, slit, below, _) in MARK_SQUARES.items():
        position = make_position(characters=ME, grids={1: MARK_GRID}, rooms={1: rotation},
                                 portcullises=f"- {{between: [{first}, {below}], state: open}}\n"
                                              f"- {{between: [{slit}, {first}], state: broken}}")
        markers = {(square_name(a), square_name(b)): s for (a, b), s in position.board.markers().items()}
        assert set(markers.values()) == {MarkerState.OPEN, MarkerState.BROKEN}
        # the rotation-0 squares are not a portcullis at other rotations
        if rotation:
            problems = problems_of(position_text(
                characters=ME, grids={1: MARK_GRID}, rooms={1: rotation},
                portcullises="- {between: [a5, a4], state: open}"))
            expect(problems, "portcullises[0].between", "a5", "a4")


def test_slit_cannot_be_opened() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [a5, b5], state: open}"))
    expect(problems, "portcullises[0].state")


def test_bad_marker_state() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [a5, a4], state: ajar}"))
    expect(problems, "portcullises[0].state", "ajar")


def test_between_needs_two_squares() -> None:
    problems = problems_of(position_text(characters=ME, grids={1: MARK_GRID},
                                         portcullises="- {between: [a5], state: open}"))
    expect(problems, "portcullises[0].between")


# -- rooms, classes, kinds, ids, rotation, difficulty ---------------------------------------------

@pytest.mark.parametrize("slot", [1, 5, 8])
def test_missing_slot(slot: int) -> None:
    text = position_text(characters=ME)
    lines = [line for line in text.splitlines() if not line.startswith(f"  {slot}: ")]
    expect(problems_of("\n".join(lines) + "\n"), f"rooms.{slot}", "missing")


def test_extra_slot() -> None:
    text = position_text(characters=ME).replace("  8: {layout: room8, rotation: 0}",
                                                "  8: {layout: room8, rotation: 0}\n  9: hidden")
    expect(problems_of(text), "rooms.9", "9")


def test_missing_rooms_and_characters_sections() -> None:
    problems = problems_of("format: dt-solo-position/1\n")
    expect(problems, "rooms")
    expect(problems, "characters")


@pytest.mark.parametrize("fmt", ["dt-solo-position/2", "dt-solo-room/1", "''"])
def test_wrong_format(fmt: str) -> None:
    text = position_text(characters=ME).replace("format: dt-solo-position/1", f"format: {fmt}")
    expect(problems_of(text), "format")


def test_missing_format() -> None:
    text = position_text(characters=ME).replace("format: dt-solo-position/1\n", "")
    expect(problems_of(text), "format")


@pytest.mark.parametrize("cls", ["wizzard", "Cleric", "goblin", "1"])
def test_unknown_class(cls: str) -> None:
    problems = problems_of(position_text(characters=f"- {{id: me, side: player, class: {cls}, at: c3}}"))
    expect(problems, "characters[me].class", cls)


def test_bad_side() -> None:
    problems = problems_of(position_text(characters="- {id: me, side: blue, class: cleric, at: c3}"))
    expect(problems, "characters[me].side", "blue")


@pytest.mark.parametrize("kind", ["sword", "Rope", "wounded"])
def test_unknown_object_kind(kind: str) -> None:
    problems = problems_of(position_text(characters=ME, objects=f"- {{kind: {kind}, at: c4}}"))
    expect(problems, "objects[0].kind", kind)


def test_unknown_carried_thing() -> None:
    problems = problems_of(position_text(
        characters="- {id: me, side: player, class: cleric, at: c3, carries: sword}"))
    expect(problems, "characters[me].carries", "sword")


def test_duplicate_id() -> None:
    problems = problems_of(position_text(characters="""
        - {id: me, side: player, class: cleric, at: c3}
        - {id: me, side: player, class: naga, at: c5}
        """))
    expect_naming(problems, "me", "twice")


@pytest.mark.parametrize("rotation", ["4", "-1", "x", "true", "1.0", "[1]"])
def test_bad_rotation(rotation: str) -> None:
    text = position_text(characters=ME).replace("2: {layout: room2, rotation: 0}",
                                                f"2: {{layout: room2, rotation: {rotation}}}")
    problem = expect(problems_of(text), "rooms.2.rotation")
    assert yaml.safe_load(rotation).__repr__() in problem.text


@pytest.mark.parametrize("difficulty", ["0", "7", "hard", "true", "2.5"])
def test_bad_difficulty(difficulty: str) -> None:
    problem = expect(problems_of(position_text(characters=ME, extra=f"difficulty: {difficulty}")),
                     "difficulty")
    assert repr(yaml.safe_load(difficulty)) in problem.text


def test_bad_score() -> None:
    problems = problems_of(position_text(characters=ME, extra="score: {player: -1, npc: many}"))
    expect(problems, "score.player", "-1")
    expect(problems, "score.npc", "many")


def test_turn_names_unknown_character() -> None:
    problems = problems_of(position_text(characters=ME, extra="turn: {side: npc, acted: [ghost]}"))
    expect(problems, "turn.acted", "ghost")


def test_bad_wounded_flag() -> None:
    problems = problems_of(position_text(
        characters="- {id: me, side: player, class: cleric, at: c3, wounded: maybe}"))
    expect(problems, "characters[me].wounded", "maybe")


def test_broken_inline_layout_names_its_grid_line() -> None:
    grid = OPEN_GRID.replace(" . . G . .", " . . G . x")
    assert grid != OPEN_GRID
    problems = problems_of(position_text(characters=ME, grids={4: grid}))
    expect_naming(problems, "room4", "'x'")


# -- several problems -----------------------------------------------------------------------------

def test_several_problems_are_reported_together() -> None:
    text = position_text(
        characters="""
        - {id: me, side: player, class: wizzard, at: c3}
        - {id: you, side: player, class: naga, at: k9}
        - {id: bad, side: npc, card: nosuchcard, at: c4}
        - {id: two, side: player, class: naga, at: d4}
        - {id: too, side: player, class: cleric, at: d4}
        - {id: hid, side: player, class: cleric, at: a7}
        """,
        objects="- {kind: sword, at: e5}",
        grids={1: MARK_GRID},
        portcullises="- {between: [a5, a3], state: open}",
        rooms={3: "hidden"},
        extra="difficulty: 9\ncolour: red",
    ).replace("2: {layout: room2, rotation: 0}", "2: {layout: room2, rotation: 5}")
    problems = problems_of(text)
    expect(problems, "characters[me].class", "wizzard")
    expect(problems, "characters[you].at", "k9")
    expect(problems, "characters[bad].card", "nosuchcard")
    expect_naming(problems, "d4", "two", "too")
    expect_naming(problems, "hid", "a7")
    expect(problems, "objects[0].kind", "sword")
    expect(problems, "portcullises[0].between", "a3")
    expect(problems, "difficulty", "9")
    expect(problems, "colour")
    expect(problems, "rooms.2.rotation", "5")
    assert len(problems) >= 10


def test_load_position_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(position_text(characters="- {id: me, side: player, class: cleric, at: k1}"),
                    encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_position(path)
    assert all(p.source == str(path) for p in info.value.problems)
    assert str(path) in str(info.value)
    with pytest.raises(DataError):
        load_position(tmp_path / "missing.yaml")


# -- garbage never raises anything but DataError ---------------------------------------------------

def _read_or_data_error(text: str) -> Position | None:
    try:
        return read_position(text, "fuzz")
    except DataError as exc:
        assert exc.problems
        assert all(isinstance(p, Problem) for p in exc.problems)
        return None


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_random_text_is_a_data_error_or_a_position(text: str) -> None:
    _read_or_data_error(text)


_KEYS = sorted({"format", "rooms", "layouts", "cards", "portcullises", "characters", "objects",
                "turn", "score", "difficulty", "layout", "rotation", "hidden", "id", "side",
                "class", "card", "at", "wounded", "carries", "kind", "between", "state", "acted",
                "healed", "player", "npc", "pair", "sense", "grid", "name"})
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 25), st.floats(allow_nan=True),
    st.sampled_from(["hidden", "c3", "a0", "j21", "k1", "player", "npc", "cleric", "nolock", "rope",
                     "open", "broken", "closed", "room1", "demo-1a", "dt-solo-position/1", "cw",
                     "", OPEN_GRID, "../rules/classes", "wounded:me"]),
    st.text(max_size=8),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(_KEYS), st.integers(0, 9), st.text(max_size=4)),
                        inner, max_size=4),
    ),
    max_leaves=20,
)


@given(st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=8))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_yaml_structures_are_a_data_error_or_a_position(data: dict[str, Any]) -> None:
    _read_or_data_error(yaml.safe_dump(data))


_VALID: dict[str, Any] = yaml.safe_load(position_text(
    characters="""
    - {id: nolock, side: npc, card: nolock, at: c7}
    - {id: me, side: player, class: cleric, at: e4, carries: key}
    - {id: hurt, side: player, class: naga, at: b2, wounded: true}
    """,
    objects="- {kind: rope, at: f3}",
    grids={1: MARK_GRID},
    portcullises="- {between: [a5, a4], state: open}",
    extra="turn: {side: npc, acted: [nolock]}\nscore: {player: 1, npc: 0}\ndifficulty: 2",
))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    result = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            result += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            result += _paths(v, (*prefix, i))
    return result


_VALID_PATHS = [p for p in _paths(_VALID) if p]


@given(st.lists(st.tuples(st.sampled_from(_VALID_PATHS), _VALUES), min_size=1, max_size=3))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_valid_position_is_a_data_error_or_a_position(changes: list[tuple[Any, Any]]) -> None:
    data = yaml.safe_load(yaml.safe_dump(_VALID))
    for path, value in changes:
        target = data
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    _read_or_data_error(yaml.safe_dump(data))


def test_valid_mutation_base_reads() -> None:
    assert read_position(yaml.safe_dump(_VALID)).character("me").carries == "key"


@pytest.mark.parametrize("text", [
    "? [a, b]\n: 1\n",                        # a list as a mapping key
    "? {a: 1}\n: 1\nformat: dt-solo-position/1\n",  # a mapping as a mapping key
    "rooms:\n  ? [1, 2]\n  : hidden\n",
])
def test_complex_yaml_keys_are_a_data_error(text: str) -> None:
    with pytest.raises(DataError):
        read_position(text, "fuzz")


def test_deeply_nested_garbage_is_a_data_error() -> None:
    with pytest.raises(DataError):
        read_position("[" * 1000 + "]" * 1000, "fuzz")


@pytest.mark.parametrize("text", [
    "", "~", "[]", "42", "'x'", "format: dt-solo-position/1\nrooms: hidden\ncharacters: {}\n",
    "format: dt-solo-position/1\nrooms: {1: 7}\ncharacters: [1, [2]]\n",
    "\x00", "a: !!python/object:os.system x", "a: &x [*x]",
    "format: dt-solo-position/1\nrooms: {}\ncharacters: []\nlayouts: [1]\ncards: [2]\n",
    "format: dt-solo-position/1\nrooms: {}\ncharacters: []\nlayouts: {x: 1}\ncards: {y: 2}\n",
    "format: dt-solo-position/1\nrooms: {}\ncharacters: []\nobjects: {}\nportcullises: 3\n",
    "format: dt-solo-position/1\nrooms: {}\ncharacters: []\nturn: {side: npc, acted: 3}\n",
])
def test_specific_garbage_is_a_data_error(text: str) -> None:
    with pytest.raises(DataError):
        read_position(text, "fuzz")


# -- canonical writing ----------------------------------------------------------------------------

def _stable(text: str) -> str:
    once = write_position(read_position(text))
    twice = write_position(read_position(once))
    assert twice == once
    return once


def test_write_read_is_stable_on_builder_positions() -> None:
    text = position_text(
        characters="""
        - {id: zed, side: player, class: wizard, at: a0}
        - {id: nolock, side: npc, card: nolock, at: c12}
        - {id: brik, side: npc, card: brikoltou, at: f9, carries: yom}
        - {id: yom, side: npc, card: yom, wounded: true}
        """,
        objects="- {kind: wand, at: j1}\n- {kind: rope, at: c4}",
        grids={1: MARK_GRID},
        rooms={3: "hidden", 1: 2},
        portcullises="- {between: [e2, e1], state: broken}",
        extra="score: {player: 0, npc: 3}",
    )
    out = _stable(text)
    # canonical: sorted characters, smaller square first in `between`, fixed key order
    assert out.index("id: brik") < out.index("id: nolock") < out.index("id: yom") < out.index("id: zed")
    assert "- {between: [e1, e2], state: broken}" in out
    assert out.splitlines()[0] == "format: dt-solo-position/1"


def test_written_text_does_not_depend_on_input_order() -> None:
    a = position_text(characters="- {id: a, side: player, class: cleric, at: c3}\n"
                                 "- {id: b, side: player, class: naga, at: c5}",
                      objects="- {kind: rope, at: d1}\n- {kind: key, at: a1}")
    b = position_text(characters="- {id: b, side: player, class: naga, at: c5}\n"
                                 "- {id: a, side: player, class: cleric, at: c3}",
                      objects="- {kind: key, at: a1}\n- {kind: rope, at: d1}")
    assert write_position(read_position(a)) == write_position(read_position(b))


def test_demo_position_reads_without_problems() -> None:
    if not DEMO_POSITION.exists():
        pytest.skip("rules/positions/demo.yaml does not exist yet")
    position = load_position(DEMO_POSITION)
    assert position.status() == []
    _stable(DEMO_POSITION.read_text(encoding="utf-8"))


# -- hypothesis round trip ------------------------------------------------------------------------

_SEEN_SLOT1 = 1  # slot holding MARK_GRID


@st.composite
def valid_positions(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A valid position text and what it holds (characters, objects, rooms, markers...)."""
    hidden = draw(st.sets(st.sampled_from(SLOTS), max_size=5))
    rotations = {s: draw(st.integers(0, 3)) for s in SLOTS}
    rooms: dict[int, str | int] = {s: ("hidden" if s in hidden else rotations[s]) for s in SLOTS}
    room_squares = [sq for s in SLOTS if s not in hidden for sq in slot_squares(s)]
    pit = None
    if _SEEN_SLOT1 not in hidden:
        pit = parse_square(MARK_SQUARES[rotations[1]][3])
    free = [sq for sq in room_squares if sq != pit]
    yellow = [parse_square(f"{f}0") for f in "abcdefghij"]
    blue = [parse_square(f"{f}21") for f in "abcdefghij"]

    n = draw(st.integers(0, 7))
    lines: list[str] = []
    expected_chars: dict[str, tuple[str, str, str | None, bool, str | None]] = {}
    used: set[int] = set()
    for i in range(n):
        cid = f"c{i}"
        npc = draw(st.booleans())
        wounded = draw(st.booleans())
        # a figure may stand on its own line but not on the opponent's (B-EXIT-2)
        choices = free + (blue if npc else yellow)
        sq = draw(st.sampled_from(choices).filter(lambda s: s not in used))
        used.add(sq)
        carries = None
        if not wounded and draw(st.booleans()):
            carries = draw(st.sampled_from(OBJECT_KINDS))
        if npc:
            card = draw(st.sampled_from(sorted(NPC_CARDS)))
            fields = f"id: {cid}, side: npc, card: {card}"
            cls = NPC_CARDS[card]
        else:
            cls = draw(st.sampled_from(CLASS_IDS))
            fields = f"id: {cid}, side: player, class: {cls}"
            card = None
        fields += f", at: {square_name(sq)}"
        if wounded:
            fields += ", wounded: true"
        if carries:
            fields += f", carries: {carries}"
        lines.append("- {" + fields + "}")
        expected_chars[cid] = (cls, square_name(sq), card, wounded, carries)

    # a carried wounded friend, sometimes
    carriers = [cid for cid, v in expected_chars.items() if not v[3] and v[4] is None]
    carry: bool = draw(st.booleans())
    if carriers and carry:
        carrier = draw(st.sampled_from(carriers))
        npc = expected_chars[carrier][2] is not None
        cid = "carried"
        if npc:
            card = draw(st.sampled_from(sorted(NPC_CARDS)))
            lines.append(f"- {{id: {cid}, side: npc, card: {card}, wounded: true}}")
            expected_chars[cid] = (NPC_CARDS[card], "", card, True, None)
        else:
            lines.append(f"- {{id: {cid}, side: player, class: telepath, wounded: true}}")
            expected_chars[cid] = ("telepath", "", None, True, None)
        index = next(i for i, line in enumerate(lines) if line.startswith(f"- {{id: {carrier},"))
        lines[index] = lines[index][:-1] + f", carries: {cid}}}"
        c = expected_chars[carrier]
        expected_chars[carrier] = (c[0], c[1], c[2], c[3], cid)

    figure_squares = {parse_square(v[1]) for v in expected_chars.values() if v[1] and not v[3]}
    object_lines: list[str] = []
    objects: list[tuple[str, str]] = []
    object_used: set[int] = set()
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(OBJECT_KINDS))
        sq = draw(st.sampled_from(free + yellow + blue).filter(
            lambda s: s not in figure_squares and s not in object_used))
        object_used.add(sq)
        object_lines.append(f"- {{kind: {kind}, at: {square_name(sq)}}}")
        objects.append((kind, square_name(sq)))

    markers: dict[tuple[str, str], str] = {}
    portcullis_lines: list[str] = []
    if _SEEN_SLOT1 not in hidden:
        first, slit, below, _ = MARK_SQUARES[rotations[1]]
        state = draw(st.sampled_from(["closed", "open", "broken", None]))
        if state is not None:
            portcullis_lines.append(f"- {{between: [{below}, {first}], state: {state}}}")
            if state != "closed":
                markers[tuple(sorted((first, below), key=parse_square))] = state  # type: ignore[index]
        slit_state = draw(st.sampled_from(["broken", None]))
        if slit_state:
            portcullis_lines.append(f"- {{between: [{first}, {slit}], state: {slit_state}}}")
            markers[tuple(sorted((first, slit), key=parse_square))] = slit_state  # type: ignore[index]

    extra: list[str] = []
    turn = None
    if draw(st.booleans()):
        ids = sorted(expected_chars)
        turn = (draw(st.sampled_from(["player", "npc"])),
                draw(st.lists(st.sampled_from(ids), unique=True)) if ids else [],
                draw(st.lists(st.sampled_from(ids), unique=True)) if ids else [],
                draw(st.lists(st.sampled_from(ids), unique=True)) if ids else [])
        extra.append(f"turn: {{side: {turn[0]}, acted: [{', '.join(turn[1])}], "
                     f"healed: [{', '.join(turn[2])}], wounded: [{', '.join(turn[3])}]}}")
    score = None
    if draw(st.booleans()):
        score = (draw(st.integers(0, 20)), draw(st.integers(0, 20)))
        extra.append(f"score: {{player: {score[0]}, npc: {score[1]}}}")
    difficulty = draw(st.one_of(st.none(), st.integers(1, 6)))
    if difficulty is not None:
        extra.append(f"difficulty: {difficulty}")

    text = position_text(characters="\n".join(lines), objects="\n".join(object_lines),
                         portcullises="\n".join(portcullis_lines), grids={1: MARK_GRID},
                         rooms=rooms, extra="\n".join(extra))
    expected = {"characters": expected_chars, "objects": sorted(objects), "markers": markers,
                "rooms": {s: (None if s in hidden else (f"room{s}", rotations[s])) for s in SLOTS},
                "turn": turn, "score": score, "difficulty": difficulty}
    return text, expected


def _summary(position: Position) -> dict[str, Any]:
    board = position.board
    rooms: dict[int, Any] = {}
    for s in SLOTS:
        room = board.room(s)
        rooms[s] = None if room is None or room.hidden else (room.layout.id, room.rotation)
    turn = position.turn
    return {
        "characters": {c.id: (c.class_id, square_name(c.at) if c.at is not None else "", c.card,
                              c.wounded, c.carries) for c in position.characters.values()},
        "objects": sorted((o.kind, square_name(o.at)) for o in position.objects),
        "markers": {(square_name(a), square_name(b)): s.value for (a, b), s in board.markers().items()},
        "rooms": rooms,
        "turn": None if turn is None else (turn.side.value, turn.acted, turn.healed, turn.wounded),
        "score": None if position.score is None else (position.score.player, position.score.npc),
        "difficulty": position.difficulty,
    }


@given(valid_positions())
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_round_trip_random_valid_positions(generated: tuple[str, dict[str, Any]]) -> None:
    text, expected = generated
    first = read_position(text, "generated")
    assert _summary(first) == expected
    written = write_position(first)
    second = read_position(written, "written")
    assert _summary(second) == expected
    assert write_position(second) == written
    assert second.characters == first.characters
