"""The room writer and the room editor's logic (solo.content.room_edit): round trips, click cycles, hit
testing, and the engine's checks on an edited layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.room_edit import (
    MARK_CYCLE,
    SQUARE_CYCLE,
    Edge,
    blank_room,
    cycle_edge,
    cycle_square,
    next_mark,
    next_square_kind,
    room_problems,
    target_at,
)
from solo.content.rooms import Mark, RoomLayout, SquareKind, load_library, load_room, parse_room_text
from solo.errors import DataError
from solo.formats.room_writer import save_room, user_room_path, write_room
from solo.locations import RULES_DIR
from solo.records import replace

BUNDLED = sorted((RULES_DIR / "rooms").glob("*.yaml"))
ALL_EDGES = [Edge(True, r, c) for r in range(1, 6) for c in range(6)] + \
            [Edge(False, r, c) for r in range(6) for c in range(1, 6)]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_room_round_trips(path: Path) -> None:
    room = load_room(path)
    text = write_room(room)
    assert parse_room_text(text) == room
    assert write_room(parse_room_text(text)) == text


@st.composite
def _layouts(draw: st.DrawFn) -> RoomLayout:
    squares = {(r, c): draw(st.sampled_from((SquareKind.FLOOR, SquareKind.PIT)))
               for r in range(1, 6) for c in range(1, 6)}
    squares[draw(st.sampled_from(sorted(squares)))] = SquareKind.GEAR
    marks = st.sampled_from(list(Mark))
    vertical = {(r, c): draw(marks) for r in range(1, 6) for c in range(6)}
    horizontal = {(r, c): draw(marks) for r in range(6) for c in range(1, 6)}
    name = draw(st.sampled_from(("", "La Salle aux Échos", "yes", "A: b")))
    return RoomLayout(draw(st.sampled_from(("r1", "my-room", "123"))), draw(st.integers(0, 99)),
                      draw(st.sampled_from(("cw", "ccw"))), squares, vertical, horizontal, name)


@settings(max_examples=80, deadline=None)
@given(_layouts())
def test_any_layout_round_trips(room: RoomLayout) -> None:
    assert parse_room_text(write_room(room)) == room


def test_cycles_follow_the_format() -> None:
    assert [next_square_kind(k) for k in SQUARE_CYCLE] == [SquareKind.PIT, SquareKind.GEAR, SquareKind.FLOOR]
    assert next_mark(Mark.OPEN) is Mark.WALL
    assert next_mark(Mark.WALL) is Mark.SLIT
    assert next_mark(Mark.SLIT) is Mark.PORTCULLIS
    assert next_mark(Mark.PORTCULLIS) is Mark.OPEN
    assert set(MARK_CYCLE) == set(Mark)


def test_cycling_returns_a_new_layout() -> None:
    room = load_room(RULES_DIR / "rooms" / "demo-1a.yaml")
    assert room.squares[(1, 1)] is SquareKind.FLOOR
    changed = cycle_square(room, (1, 1))
    assert changed.squares[(1, 1)] is SquareKind.PIT
    assert room.squares[(1, 1)] is SquareKind.FLOOR  # the original is untouched
    edge = Edge(True, 1, 3)  # between columns 3 and 4 of row 1: a portcullis
    assert room.vertical[(1, 3)] is Mark.PORTCULLIS
    assert cycle_edge(room, edge).vertical[(1, 3)] is Mark.OPEN
    top = Edge(False, 0, 4)  # the opening in the top border
    after = room
    for expected in (Mark.WALL, Mark.SLIT, Mark.PORTCULLIS, Mark.OPEN):
        after = cycle_edge(after, top)
        assert after.horizontal[(0, 4)] is expected
    assert after == room


def test_target_at_finds_squares_edges_and_nothing() -> None:
    for row in range(1, 6):
        for column in range(1, 6):
            assert target_at(column - 0.5, row - 0.5) == (row, column)
    for edge in ALL_EDGES:
        x, y = (edge.b, edge.a - 0.5) if edge.vertical else (edge.b - 0.5, edge.a)
        assert target_at(x + 0.05, y - 0.1) == edge
    assert target_at(2.0, 3.0) is None  # a corner
    assert target_at(-1, 2) is None
    assert target_at(2.5, 5.6) is None
    assert Edge(True, 2, 0).border and Edge(False, 5, 1).border and not Edge(True, 2, 3).border


def test_a_second_gear_is_an_error() -> None:
    room = load_room(RULES_DIR / "rooms" / "demo-1a.yaml")
    broken = cycle_square(cycle_square(room, (1, 1)), (1, 1))
    check = room_problems(broken, "mine.yaml")
    assert [(p.source, p.entry) for p in check.errors] == [("mine.yaml", "grid")]
    assert "found 2" in check.errors[0].text
    assert check.warnings == ()


def test_warnings_from_the_room_checks() -> None:
    room = blank_room("walled")
    for edge in (Edge(True, 3, 2), Edge(True, 3, 3), Edge(False, 2, 3), Edge(False, 3, 3)):
        room = cycle_edge(room, edge)  # open -> wall: the gear (3, 3) is walled in
    check = room_problems(room, "walled.yaml")
    assert check.errors == ()
    assert any("gear cannot be reached" in p.text for p in check.warnings)


def test_twin_rooms_must_turn_in_opposite_senses() -> None:
    library = load_library(user=Path("/nonexistent"))
    room = library.rooms["demo-1a"]
    others = [r for r in library.rooms.values() if r.id != room.id]
    assert room_problems(room, "x", others).warnings == ()
    check = room_problems(replace(room, sense="ccw"), "x", others)
    assert [(p.entry, "opposite senses" in p.text) for p in check.warnings] == [("sense", True)]
    crowded = room_problems(replace(room, id="extra"), "x", library.rooms.values())
    assert [p.entry for p in crowded.warnings] == ["pair"]


def test_blank_room_is_valid_and_walled_all_around() -> None:
    room = blank_room("new")
    check = room_problems(room, "new.yaml")
    assert check.errors == ()  # valid; the warnings say no border opening leads in yet
    assert all("border" in p.text or "cannot be reached" in p.text for p in check.warnings)
    assert {m for (_, c), m in room.vertical.items() if c in (0, 5)} == {Mark.WALL}
    assert {m for (r, _), m in room.horizontal.items() if r in (0, 5)} == {Mark.WALL}
    assert {m for (_, c), m in room.vertical.items() if c not in (0, 5)} == {Mark.OPEN}


def test_save_room_writes_to_the_user_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    bundled = RULES_DIR / "rooms" / "demo-2a.yaml"
    before = bundled.read_bytes()
    room = cycle_square(load_room(bundled), (5, 5))
    path = save_room(room)
    assert path == tmp_path / "rooms" / "demo-2a.yaml" == user_room_path("demo-2a")
    assert load_room(path) == room
    assert bundled.read_bytes() == before
    assert load_library().get("demo-2a") == room  # the player's room wins


def test_save_room_refuses_what_the_engine_would_refuse(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    room = blank_room("two-gears")
    with pytest.raises(DataError):
        save_room(cycle_square(cycle_square(room, (1, 1)), (1, 1)))
    with pytest.raises(DataError):
        save_room(replace(room, id="../out"))
    assert not (tmp_path / "rooms").exists()
