"""The room editor: clicks on the drawing cycle squares and edges, the engine's checks are listed,
and saving writes the player's room that the engine reads back equal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from solo.content.room_edit import Edge
from solo.content.rooms import Mark, SquareKind, load_library, load_room
from solo.locations import RULES_DIR
from solo.ui.room_editor import RoomEditor
from solo.ui.room_editor_canvas import RoomCanvas

pytestmark = pytest.mark.gui

DEMO_1A = RULES_DIR / "rooms" / "demo-1a.yaml"


@pytest.fixture
def user_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def editor(qtbot: Any, user_dir: Path) -> RoomEditor:
    widget = RoomEditor()
    widget.discards: list[bool] = []  # type: ignore[attr-defined]
    # Unsaved changes are dropped in these tests; the question itself is tested below.
    widget.confirm_discard = lambda: not widget.discards.append(widget.modified)  # type: ignore[method-assign]
    qtbot.addWidget(widget)
    widget.resize(900, 900)
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.open_room_file(DEMO_1A)
    return widget


def _pixel(canvas: RoomCanvas, point: QPointF) -> QColor:
    return canvas.grab().toImage().pixelColor(point.toPoint())


def _inside(canvas: RoomCanvas, row: int, column: int) -> QPointF:
    """A point of the square off its centre (where the gear's number is written)."""
    return canvas.square_center(row, column) + QPointF(0, canvas.cell() * 0.22)


def _click(qtbot: Any, canvas: RoomCanvas, point: QPointF) -> None:
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=point.toPoint())


def test_opening_a_room_shows_it(editor: RoomEditor) -> None:
    assert editor.id_edit.text() == "demo-1a"
    assert editor.name_edit.text() == "The Gaoler's Cloister"
    assert (editor.pair_spin.value(), editor.sense_combo.currentData()) == (1, "cw")
    canvas = editor.canvas
    assert _pixel(canvas, _inside(canvas, 1, 1)) == RoomCanvas.SQUARE_COLORS[SquareKind.FLOOR]
    assert _pixel(canvas, _inside(canvas, 2, 5)) == RoomCanvas.GEAR_COLOR
    assert editor.problem_table.row_texts() == []
    assert "your own copy" in editor.banner.text() and not editor.banner.isHidden()


def test_clicking_a_square_cycles_its_kind(editor: RoomEditor, qtbot: Any) -> None:
    canvas = editor.canvas
    point = _inside(canvas, 1, 1)
    with qtbot.waitSignal(editor.problems_changed):
        _click(qtbot, canvas, point)
    assert editor.room.squares[(1, 1)] is SquareKind.PIT
    assert _pixel(canvas, point) != RoomCanvas.SQUARE_COLORS[SquareKind.FLOOR]
    assert editor.modified
    _click(qtbot, canvas, point)
    assert editor.room.squares[(1, 1)] is SquareKind.GEAR
    assert _pixel(canvas, point) == RoomCanvas.GEAR_COLOR
    # a second gear: the room cannot be saved, and the editor says why
    assert editor.problem_table.row_texts() == [
        ("demo-1a.yaml", "grid", "a room has exactly one rotation gear 'G', found 2")]
    assert not editor.save_button.isEnabled() and editor.save() is None
    _click(qtbot, canvas, point)
    assert editor.room.squares[(1, 1)] is SquareKind.FLOOR
    assert editor.problem_table.row_texts() == []
    assert editor.room == load_room(DEMO_1A)


def test_clicking_an_edge_cycles_its_mark(editor: RoomEditor, qtbot: Any) -> None:
    canvas = editor.canvas
    edge = Edge(True, 3, 3)  # between columns 3 and 4 of row 3: open
    start, end = canvas.edge_line(edge)
    quarter = start + (end - start) * 0.3
    assert editor.room.vertical[edge.key] is Mark.OPEN
    for expected in (Mark.WALL, Mark.SLIT, Mark.PORTCULLIS, Mark.OPEN):
        _click(qtbot, canvas, canvas.edge_center(edge))
        assert editor.room.vertical[edge.key] is expected
        if expected is not Mark.OPEN:
            assert _pixel(canvas, quarter) == RoomCanvas.MARK_COLORS[expected]
    assert editor.room == load_room(DEMO_1A)


def test_clicking_a_corner_changes_nothing(editor: RoomEditor, qtbot: Any) -> None:
    with qtbot.assertNotEmitted(editor.canvas.clicked):
        _click(qtbot, editor.canvas, editor.canvas.point(2, 2))
    assert not editor.modified


def test_invalid_fields_and_twins_are_listed(editor: RoomEditor) -> None:
    editor.sense_combo.setCurrentIndex(editor.sense_combo.findData("ccw"))
    rows = editor.problem_table.row_texts()
    assert [row[1] for row in rows] == ["sense"]
    assert "warning" in rows[0][2] and "demo-1b" in rows[0][2]
    assert editor.save_button.isEnabled()  # a warning does not block saving
    editor.id_edit.setText("")
    assert ("id" in [row[1] for row in editor.problem_table.row_texts()])
    assert not editor.save_button.isEnabled()


def test_walled_in_gear_is_warned(editor: RoomEditor) -> None:
    around_gear = (Edge(True, 2, 4), Edge(True, 2, 5), Edge(False, 1, 5), Edge(False, 2, 5))  # gear (2, 5)
    for edge in around_gear:
        while (editor.room.vertical if edge.vertical else editor.room.horizontal)[edge.key] is not Mark.WALL:
            editor.click(edge)
    rows = editor.problem_table.row_texts()
    assert any("rotation gear cannot be reached" in row[2] for row in rows)
    assert all(row[2].startswith("warning") for row in rows)
    assert editor.save_button.isEnabled()


def test_save_round_trips_through_load_room(editor: RoomEditor, user_dir: Path, qtbot: Any) -> None:
    before = DEMO_1A.read_bytes()
    _click(qtbot, editor.canvas, _inside(editor.canvas, 5, 1))
    _click(qtbot, editor.canvas, editor.canvas.edge_center(Edge(False, 0, 4)))
    editor.name_edit.setText("Le Cloître du Geôlier")
    with qtbot.waitSignal(editor.saved) as saved:
        qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    path = user_dir / "rooms" / "demo-1a.yaml"
    assert saved.args == [path]
    assert DEMO_1A.read_bytes() == before
    written = load_room(path)
    assert written == editor.room
    assert written.squares[(5, 1)] is SquareKind.PIT and written.horizontal[(0, 4)] is Mark.WALL
    assert written.name == "Le Cloître du Geôlier"
    assert load_library().get("demo-1a") == written  # the player's room wins
    assert path in editor.rooms.paths()
    assert editor.banner.isHidden() and not editor.modified


def test_new_room_is_valid_and_saves(editor: RoomEditor, user_dir: Path) -> None:
    editor.new_room()
    assert editor.problem_table.row_texts() == []
    assert editor.pair_spin.value() == 5  # a gear number no room uses
    editor.id_edit.setText("cellar")
    path = editor.save()
    assert path == user_dir / "rooms" / "cellar.yaml"
    assert load_room(path) == editor.room


def test_broken_room_file_is_not_opened(editor: RoomEditor, user_dir: Path) -> None:
    broken = user_dir / "rooms" / "bad.yaml"
    broken.parent.mkdir(parents=True)
    broken.write_text("format: dt-solo-room/1\nid: bad\npair: 9\nsense: up\ngrid: |\n  +-+\n",
                      encoding="utf-8")
    editor.rooms.refresh()
    assert "broken" in editor.rooms.item(editor.rooms.count() - 1).text()
    assert not editor.open_room_file(broken)
    entries = [row[1] for row in editor.problem_table.row_texts()]
    assert "sense" in entries and "grid" in entries
    assert editor.room.id == "demo-1a"  # the room being edited stays


def test_unsaved_changes_are_kept_unless_the_player_drops_them(editor: RoomEditor) -> None:
    editor.modified = False
    assert RoomEditor.confirm_discard(editor)  # nothing unsaved: no question
    editor.modified = True
    asked: list[bool] = []
    editor.confirm_discard = lambda: bool(asked.append(True))  # type: ignore[method-assign]  # says no
    before = editor.path
    editor.new_room()
    assert asked and editor.path == before and editor.modified  # kept


def test_closing_with_unsaved_changes_asks_first(editor: RoomEditor) -> None:
    editor.modified = True
    editor.confirm_discard = lambda: False  # type: ignore[method-assign]  # the player says no
    editor.close()
    assert editor.isVisible()
    editor.confirm_discard = lambda: True  # type: ignore[method-assign]
    editor.close()
    assert not editor.isVisible()
