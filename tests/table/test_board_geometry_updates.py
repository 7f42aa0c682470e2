"""A marker change, a broken wall or a room turned, revealed or hidden updates the board geometry in
place of a rebuild (issue 16): the tables after any sequence of such changes are exactly those a full
rebuild gives, in the same order (the search's order, hence a seeded game's replay, depends on it)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.rooms import Mark, load_library
from solo.errors import EditRefusedError
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.board import Board, Geometry, MarkerState, Passage, Terrain
from solo.table.geometry import with_passage
from solo.table.squares import SLOTS, Edge, parse_square, slot_squares


def _marked_edges(board: Board) -> list[Edge]:
    return sorted(e for e, p in board.geometry().passages.items() if p in (Passage.PORTCULLIS, Passage.SLIT))


DEMO = load_position(RULES_DIR / "positions" / "demo.yaml")
EDGES = _marked_edges(DEMO.board)


def test_the_demo_table_has_markers_to_change() -> None:
    assert len(EDGES) >= 4


CHANGES = st.lists(st.tuples(st.sampled_from(EDGES), st.sampled_from(list(MarkerState))), max_size=12)


@settings(max_examples=40, deadline=None)
@given(CHANGES.filter(bool))
def test_marker_changes_give_the_geometry_of_a_rebuild(changes: list[tuple[Edge, MarkerState]]) -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    for (a, b), state in changes:
        before = board.geometry()
        board.set_marker(a, b, state)
        after = board.geometry()
        rebuilt = board._build_geometry()
        assert after.passages == rebuilt.passages
        assert after.neighbours == rebuilt.neighbours  # same order too
        assert after.terrain == rebuilt.terrain
        if after is not before:
            assert before.passages != after.passages  # a new object: older readers keep their table


def test_an_opened_portcullis_is_open_at_once_and_closed_again() -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    closed = next(e for e in EDGES if board.geometry().passages[e] is Passage.PORTCULLIS)
    board.set_marker(*closed, MarkerState.OPEN)
    assert board.geometry().passages[closed] is Passage.OPEN
    assert (closed[1], Passage.OPEN) in board.geometry().neighbours[closed[0]]
    board.set_marker(*closed, MarkerState.CLOSED)
    assert board.geometry().passages[closed] is Passage.PORTCULLIS


# -- rooms turned, revealed and hidden, walls broken, markers laid, in any order ------------------
LAYOUTS = load_library(RULES_DIR / "rooms", RULES_DIR / "no-such-folder")
LAYOUT_IDS = sorted(LAYOUTS.rooms)


def _same_as_rebuilt(board: Board) -> None:
    """The board's tables equal a full rebuild's, entry for entry and in the same order."""
    after, rebuilt = board.geometry(), board._build_geometry()
    assert list(after.terrain.items()) == list(rebuilt.terrain.items())
    assert list(after.passages.items()) == list(rebuilt.passages.items())
    assert list(after.neighbours.items()) == list(rebuilt.neighbours.items())


def _tables(geometry: Geometry) -> list[list[tuple[object, object]]]:
    return [list(table.items()) for table in (geometry.terrain, geometry.passages, geometry.neighbours)]


def _edges_marked(board: Board, marks: set[Mark]) -> list[Edge]:
    """The board's edges with one of ``marks`` printed on either side, in order."""
    return sorted(e for e in board.geometry().passages if board.edge_marks(*e) & marks)


def _apply(board: Board, change: tuple[str, int, int]) -> None:
    """One change of the table, picked among those the board allows now."""
    kind, a, b = change
    slot = SLOTS[a % len(SLOTS)]
    if kind == "rotate" and board.is_revealed(slot):
        board.rotate(slot, b % 7 - 3)  # -3 … 3 quarter turns
    elif kind == "reveal" and not board.is_revealed(slot):
        board.reveal(slot, LAYOUTS.get(LAYOUT_IDS[b % len(LAYOUT_IDS)]), b % 4)
    elif kind == "hide" and board.is_revealed(slot):
        room = board.room(slot)
        assert room is not None
        room.hidden = True
        board.place(slot, room)
    elif kind == "marker" and (edges := _edges_marked(board, {Mark.PORTCULLIS, Mark.SLIT})):
        board.set_marker(*edges[a % len(edges)], list(MarkerState)[b % 3])
    elif kind == "wall" and (edges := _edges_marked(board, {Mark.WALL})):
        board.set_wall(*edges[a % len(edges)], b % 2 == 0)


TABLE_CHANGES = st.lists(
    st.tuples(st.sampled_from(["rotate", "rotate", "reveal", "hide", "marker", "wall"]),
              st.integers(0, 400), st.integers(0, 400)),
    min_size=1, max_size=10,
)


@settings(max_examples=60, deadline=None)
@given(TABLE_CHANGES)
def test_any_table_changes_give_the_geometry_of_a_rebuild(changes: list[tuple[str, int, int]]) -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    for change in changes:
        before = board.geometry()
        tables = _tables(before)
        before.squares_but((Terrain.PIT,))  # sets found on the old tables (shared where the terrain is)
        before.squares_of(Terrain.GEAR)
        _apply(board, change)
        _same_as_rebuilt(board)
        assert _tables(before) == tables  # untouched: a search holding them never sees a change
        after = board.geometry()
        kinds = list(after.terrain.items())
        assert after.squares_but((Terrain.PIT,)) == {sq for sq, t in kinds if t is not Terrain.PIT}
        assert after.squares_of(Terrain.GEAR) == tuple(sq for sq, t in kinds if t is Terrain.GEAR)


def test_a_rotation_updates_the_tables_without_a_rebuild(monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    before = board.geometry()
    builds: list[Board] = []
    original = Board._build_geometry

    def counted(self: Board) -> Geometry:
        builds.append(self)
        return original(self)

    monkeypatch.setattr(Board, "_build_geometry", counted)
    board.rotate(4, 1)  # demo-4a, rotation 2 -> 3
    after = board.geometry()
    assert builds == []
    assert after is not before
    far = parse_square("a1")  # room 1: nothing of it changed
    assert after.neighbours[far] is before.neighbours[far]
    assert [sq for sq in slot_squares(4) if after.neighbours[sq] != before.neighbours[sq]]
    monkeypatch.undo()
    _same_as_rebuilt(board)


def test_a_rotation_turned_back_gives_the_geometry_of_a_rebuild() -> None:
    """A rotation tried and undone leaves the tables a rebuild gives, turned and back."""
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    start = board.geometry()
    board.rotate(4, 1)
    assert board.geometry() is not start
    _same_as_rebuilt(board)
    board.rotate(4, -1)
    _same_as_rebuilt(board)


def test_a_change_between_a_rotation_and_its_undoing_is_not_forgotten() -> None:
    """A marker changed while the room was turned, even one no table shows (a portcullis behind a
    wall), makes another state: the geometry is worked out again, as a rebuild gives it."""
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    start = board.geometry()
    board.rotate(4, 1)
    room = board.room(4)
    assert room is not None
    key = next(iter(room.layout.vertical))  # any edge of the layout, in its own frame
    room.markers[key] = MarkerState.BROKEN
    board.rotate(4, -1)
    assert board.geometry() is not start
    _same_as_rebuilt(board)


def test_the_sets_a_search_starts_from_belong_to_one_geometry() -> None:
    """``Geometry.squares_but`` is found once per geometry (issue 16): a room turned or a wall
    broken makes a new geometry with its own sets, the old one's are left as they were."""
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    kinds = (Terrain.PIT, Terrain.BLUE_LINE)
    differed = 0
    for change in [("rotate", 3, 4), ("wall", 0, 0), ("reveal", 5, 2), ("hide", 3, 0)]:
        before = board.geometry()
        old_sets = before.squares_but(kinds), before.squares_but()
        _apply(board, change)
        after = board.geometry()
        assert after.squares_but(kinds) == {sq for sq, t in after.terrain.items() if t not in kinds}
        assert after.squares_but() == set(after.terrain)
        assert (before.squares_but(kinds), before.squares_but()) == old_sets
        assert old_sets[0] == {sq for sq, t in before.terrain.items() if t not in kinds}
        differed += after.squares_but(kinds) != old_sets[0]
    assert differed >= 2  # a room turned moves its pits; a room hidden takes its squares away


def _apply_unread(board: Board, change: tuple[str, int, int], edges: dict[bool, list[Edge]]) -> None:
    """One change as :func:`_apply` makes it, without reading the geometry to pick its edge (from
    ``edges``, the table's marked edges and walls at the start: refused where the room has moved)."""
    kind, a, b = change
    if kind in ("marker", "wall"):
        pool = edges[kind == "wall"]
        try:
            if kind == "marker":
                board.set_marker(*pool[a % len(pool)], list(MarkerState)[b % 3])
            else:
                board.set_wall(*pool[a % len(pool)], b % 2 == 0)
        except EditRefusedError:
            pass
        return
    _apply(board, change)


@settings(max_examples=60, deadline=None)
@given(TABLE_CHANGES)
def test_changes_read_only_after_the_last_give_the_geometry_of_a_rebuild(
    changes: list[tuple[str, int, int]],
) -> None:
    """Changes made in a row with the geometry read only after the last (rooms turned, revealed or
    hidden and walls changed are applied together when it is read): the tables a rebuild gives."""
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    before = board.geometry()
    tables = _tables(before)
    edges = {False: _edges_marked(board, {Mark.PORTCULLIS, Mark.SLIT}),
             True: _edges_marked(board, {Mark.WALL})}
    for change in changes:
        _apply_unread(board, change, edges)
    _same_as_rebuilt(board)
    assert _tables(before) == tables


def test_two_rooms_turned_in_a_row_are_one_update(monkeypatch: pytest.MonkeyPatch) -> None:
    """Yom turns his room and then its twin (S-PERS-YOM) with nothing read between: the tables are
    worked out once, for both rooms, and equal a rebuild's."""
    import solo.table.board as board_module

    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    before = board.geometry()
    calls: list[tuple[frozenset[int], frozenset[Edge]]] = []
    original = board_module.updated

    def counted(old: Geometry, *args: object, slots: frozenset[int] = frozenset(),
                edges: frozenset[Edge] = frozenset()) -> Geometry:
        calls.append((frozenset(slots), frozenset(edges)))
        return original(old, *args, slots=slots, edges=edges)  # type: ignore[arg-type]

    monkeypatch.setattr(board_module, "updated", counted)
    board.rotate(4, 1)
    board.rotate(3, -1)
    assert calls == []
    after = board.geometry()
    assert calls == [(frozenset({3, 4}), frozenset())]
    assert board.geometry() is after and len(calls) == 1
    assert after is not before
    monkeypatch.undo()
    _same_as_rebuilt(board)


def test_a_marker_changed_keeps_the_sets_of_squares_found_on_the_same_terrain() -> None:
    """A portcullis opened leaves every square's terrain as it was: the new geometry shares the old
    one's terrain, and the sets of squares found from it (issue 16 round 18); a room turned does not."""
    board = load_position(RULES_DIR / "positions" / "demo.yaml").board
    kinds = (Terrain.PIT, Terrain.BLUE_LINE)
    before = board.geometry()
    found = before.squares_but(kinds)
    closed = next(e for e in EDGES if before.passages[e] is Passage.PORTCULLIS)
    board.set_marker(*closed, MarkerState.OPEN)
    after = board.geometry()
    assert after is not before and after.terrain is before.terrain
    assert after.squares_but(kinds) is found
    board.rotate(4, 1)
    turned = board.geometry()
    assert turned.squares_but(kinds) is not found
    assert turned.squares_but(kinds) == {sq for sq, t in turned.terrain.items() if t not in kinds}


@pytest.mark.parametrize("passage", [Passage.PORTCULLIS, Passage.SLIT, Passage.OPEN])
def test_an_edge_given_a_passage_is_listed_under_that_passage_alone(passage: Passage) -> None:
    """``with_passage`` carries the old lists of edges by passage over: the edge is under its new passage
    only, and stays there when the passage is the one it already had."""
    old = DEMO.board.geometry()
    kinds = (Passage.PORTCULLIS, Passage.SLIT, Passage.OPEN)
    for e in EDGES:
        listed = {kind: old.edges_of(kind) for kind in kinds}  # the lists the new tables start from
        new = with_passage(old, e, passage)
        for kind in kinds:
            assert (e in new.edges_of(kind)) is (kind is passage), (e, kind)
            assert [x for x in new.edges_of(kind) if x != e] == [x for x in listed[kind] if x != e]
