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


def test_clicking_a_square_swaps_floor_and_pit_and_g_moves_the_gear(editor: RoomEditor, qtbot: Any) -> None:
    canvas = editor.canvas
    point = _inside(canvas, 1, 1)
    with qtbot.waitSignal(editor.problems_changed):
        _click(qtbot, canvas, point)
    assert editor.room.squares[(1, 1)] is SquareKind.PIT
    assert _pixel(canvas, point) != RoomCanvas.SQUARE_COLORS[SquareKind.FLOOR]
    assert editor.modified
    _click(qtbot, canvas, point)
    assert editor.room.squares[(1, 1)] is SquareKind.FLOOR
    assert editor.room == load_room(DEMO_1A)
    qtbot.mouseMove(canvas, point.toPoint())
    qtbot.keyClick(canvas, "g")  # the gear moves there: still exactly one
    assert editor.room.squares[(1, 1)] is SquareKind.GEAR and editor.room.squares[(2, 5)] is SquareKind.FLOOR
    assert _pixel(canvas, point) == RoomCanvas.GEAR_COLOR
    assert all("warning" in row[2] for row in editor.problem_table.row_texts())  # one gear, no error
    _click(qtbot, canvas, point)  # a click leaves the gear where it is
    assert editor.room.squares[(1, 1)] is SquareKind.GEAR


def test_clicking_an_edge_walls_or_opens_it_and_keys_pick_the_mark(editor: RoomEditor, qtbot: Any) -> None:
    canvas = editor.canvas
    edge = Edge(True, 3, 3)  # between columns 3 and 4 of row 3: open
    start, end = canvas.edge_line(edge)
    quarter = start + (end - start) * 0.3
    assert editor.room.vertical[edge.key] is Mark.OPEN
    _click(qtbot, canvas, canvas.edge_center(edge))
    assert editor.room.vertical[edge.key] is Mark.WALL
    assert _pixel(canvas, quarter) == RoomCanvas.MARK_COLORS[Mark.WALL]
    qtbot.mouseMove(canvas, canvas.edge_center(edge).toPoint())
    for key, expected in (("s", Mark.SLIT), ("p", Mark.PORTCULLIS), ("w", Mark.WALL), ("o", Mark.OPEN)):
        qtbot.keyClick(canvas, key)
        assert editor.room.vertical[edge.key] is expected, key
        if expected is not Mark.OPEN:
            assert _pixel(canvas, quarter) == RoomCanvas.MARK_COLORS[expected]
    _click(qtbot, canvas, canvas.edge_center(edge))
    editor.press_key(edge, "p")
    _click(qtbot, canvas, canvas.edge_center(edge))  # a portcullis opens with one click
    assert editor.room.vertical[edge.key] is Mark.OPEN
    assert editor.room == load_room(DEMO_1A)


def test_the_right_click_menu_picks_the_mark_directly(editor: RoomEditor, qtbot: Any) -> None:
    canvas = editor.canvas
    edge = Edge(False, 2, 2)
    with qtbot.waitSignal(canvas.menu_requested) as asked:
        qtbot.mouseClick(canvas, Qt.MouseButton.RightButton, pos=canvas.edge_center(edge).toPoint())
    assert asked.args[0] == edge
    assert editor.menu is not None
    labels = [action.text() for action in editor.menu.actions()]
    assert labels == ["Wall (W)", "Arrow slit (S)", "Portcullis (P)", "Open (O)"]
    editor.menu.actions()[1].trigger()
    assert editor.room.horizontal[edge.key] is Mark.SLIT
    square_labels = [label for label, _ in editor.menu_actions((4, 4))]
    assert square_labels == ["Floor (F)", "Pit (O)", "Gear here (G)"]


def test_undo_takes_each_change_back(editor: RoomEditor, qtbot: Any) -> None:
    assert not editor.undo_button.isEnabled()
    editor.click((1, 1))
    editor.click(Edge(True, 3, 3))
    editor.name_edit.setText("X")
    qtbot.keyClick(editor, "z", Qt.KeyboardModifier.ControlModifier)
    assert editor.room.name == "The Gaoler's Cloister" and editor.name_edit.text() == "The Gaoler's Cloister"
    editor.undo()
    editor.undo()
    assert editor.room == load_room(DEMO_1A) and not editor.undo_button.isEnabled()


def test_the_gear_arrow_and_the_up_edge_are_drawn(editor: RoomEditor) -> None:
    canvas = editor.canvas
    image = canvas.grab().toImage()
    tip = canvas.arrow_tip
    assert tip is not None and canvas.square_rect(2, 5).contains(tip)  # around the gear of demo-1a
    cw_tip = tip
    editor.sense_combo.setCurrentIndex(editor.sense_combo.findData("ccw"))
    canvas.grab()
    assert canvas.arrow_tip is not None and canvas.arrow_tip != cw_tip  # the other way round
    # the "up" words above row 1: dark red pixels in the top margin
    top = [image.pixelColor(x, y) for x in range(0, canvas.width(), 2) for y in range(2, 14)]
    assert any(c.red() > 100 and c.green() < 60 for c in top)


def test_duplicate_as_twin_then_save_and_next(editor: RoomEditor, user_dir: Path) -> None:
    editor.new_room()
    editor.id_edit.setText("crypt-7a")
    editor.pair_spin.setValue(7)
    first = editor.save_and_next()
    assert first == user_dir / "rooms" / "crypt-7a.yaml"
    # the twin is started: same gear number, the other arrow, a twin's id, not yet saved
    assert (editor.room.id, editor.room.pair, editor.room.sense) == ("crypt-7b", 7, "ccw")
    assert editor.path is None and editor.room.squares == load_room(first).squares
    second = editor.save_and_next()
    assert second == user_dir / "rooms" / "crypt-7b.yaml"
    assert editor.room.id == "my-room" and editor.room.pair == 8  # both twins saved: a new room
    editor.open_room_file(DEMO_1A)
    editor.duplicate_as_twin()
    assert (editor.room.id, editor.room.sense) == ("demo-1b", "ccw")
    assert editor.room.name_in("fr") == editor.room.name_in("en") == ""  # no name in any language


def test_an_invalid_room_id_is_refused_at_save_time(editor: RoomEditor) -> None:
    editor.id_edit.setText("My Crypt")
    rows = editor.problem_table.row_texts()
    assert rows and rows[0][1] == "id" and "is not a valid id" in rows[0][2]
    assert not editor.save_button.isEnabled() and editor.save() is None


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
        editor.press_key(edge, "w")
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
    assert all(row[2].startswith("warning") for row in editor.problem_table.row_texts())
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


def test_the_name_field_edits_the_name_in_the_apps_language(editor: RoomEditor, qtbot: Any) -> None:
    """AMB-ROOM-NAMES: a bundled room is named in each language; the field edits the language shown."""
    from PySide6.QtWidgets import QApplication

    from solo.ui import i18n

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        i18n.install(app, "fr")
        qtbot.waitUntil(lambda: editor.name_edit.text() == "Le Cloître du Geôlier")
        items = [editor.rooms.item(i).text() for i in range(editor.rooms.count())]
        assert any("Le Cloître du Geôlier" in text for text in items)
        editor.name_edit.setText("Le Cloître du Vieux Geôlier")
        assert editor.room.name_in("fr") == "Le Cloître du Vieux Geôlier"
        assert editor.room.name_in("en") == "The Gaoler's Cloister"  # English untouched
    finally:
        i18n.uninstall(app)
    qtbot.waitUntil(lambda: editor.name_edit.text() == "The Gaoler's Cloister")
    from solo.formats.room_writer import write_room

    assert 'fr: Le Cloître du Vieux Geôlier' in write_room(editor.room)


def test_in_french_a_new_room_and_the_up_edge_read_in_full(qtbot: Any, qapp: Any, user_dir: Path) -> None:
    """A new room was called « my-room » in the French app, and above a small drawing « ▲ haut (la salle
    telle qu'imprimée) » was cut to « haut (la salle telle qu'imprimée »."""
    from PySide6.QtWidgets import QApplication

    from solo.ui import i18n
    from solo.ui.room_editor import OPENING_SIZE
    from solo.ui.room_editor_canvas import up_text

    try:
        i18n.install(qapp, "fr")
        widget = RoomEditor()
        qtbot.addWidget(widget)
        widget.show()
        qtbot.waitExposed(widget)
        assert widget.room.id == "ma-salle" and widget.id_edit.text() == "ma-salle"
        screen = QApplication.primaryScreen().availableGeometry()
        first = OPENING_SIZE.boundedTo(screen.size()).expandedTo(widget.minimumSizeHint())
        assert widget.size() == first  # no larger than the screen (or than the least the window needs)
        canvas = widget.canvas
        canvas.resize(canvas.width(), 220)  # the least height: a small room
        words = up_text()
        assert words.startswith("▲ haut")
        assert canvas.fontMetrics().horizontalAdvance(words) <= canvas.up_rect().width()
    finally:
        i18n.uninstall(qapp)
