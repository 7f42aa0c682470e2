"""Entering a box quickly (issue 11, item 5): a printed room and a printed card entered through the
editors as a player would, every mouse click and key counted. Goal: a room in at most 20 clicks, a
card in at most 25 clicks plus its names and texts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QListWidget, QWidget

from solo.content.npccard import load_card
from solo.content.room_edit import Edge, blank_room
from solo.content.rooms import Mark, RoomLayout, SquareKind, load_room
from solo.locations import NPC_CARDS_DIR, RULES_DIR
from solo.ui.card_editor import CardEditor
from solo.ui.room_editor import RoomEditor

ROOM_GOAL = 20
CARD_GOAL = 25
KEY_FOR_MARK = {Mark.SLIT: "s", Mark.PORTCULLIS: "p"}


class Player:
    """Clicks and keys sent to the editors, counted: ``clicks`` (mouse buttons), ``keys`` (keys that
    choose something), ``text`` (the characters of names and texts, which the goal leaves out)."""

    def __init__(self, qtbot: Any, window: QWidget) -> None:
        self.qtbot = qtbot
        self.window = window
        self.clicks = 0
        self.keys = 0
        self.text = 0

    def click(self, widget: QWidget, pos: QPointF | QPoint | None = None,
              button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
        point = pos.toPoint() if isinstance(pos, QPointF) else pos
        self.qtbot.mouseClick(widget, button, pos=point) if point is not None else \
            self.qtbot.mouseClick(widget, button)
        self.clicks += 1

    def click_entry(self, view: QListWidget, key: str) -> None:
        row = next(r for r in range(view.count()) if view.item(r).data(Qt.ItemDataRole.UserRole) == key)
        self.click(view.viewport(), view.visualItemRect(view.item(row)).center())

    def type(self, text: str, counted_as_text: bool = True) -> None:
        """Type into the widget that has the focus."""
        focus = self.window.focusWidget()
        assert focus is not None
        self.qtbot.keyClicks(focus, text)
        if counted_as_text:
            self.text += len(text)
        else:
            self.keys += len(text)

    def tab(self, times: int = 1) -> None:
        for _ in range(times):
            focus = self.window.focusWidget()
            assert focus is not None
            self.qtbot.keyClick(focus, Qt.Key.Key_Tab)
            self.keys += 1

    def key_on(self, widget: QWidget, where: QPointF, key: str) -> None:
        """Point at ``where`` (no click) and press a key."""
        self.qtbot.mouseMove(widget, where.toPoint())
        self.qtbot.keyClick(widget, key)
        self.keys += 1


# -- a card --------------------------------------------------------------------------------------
@pytest.fixture
def card_editor(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CardEditor:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    editor = CardEditor()
    editor.confirm_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


MODE_KEYS = {"break_portcullis": "Br", "fight": "F", "take_object": "T", "exit": "E", "reveal": "Rev",
             "regroup": "Reg"}


def test_a_printed_card_is_entered_in_at_most_25_clicks(card_editor: CardEditor, qtbot: Any,
                                                       tmp_path: Path) -> None:
    printed = load_card(NPC_CARDS_DIR / "demo" / "arthos.yaml")  # the card on the table
    form = card_editor.form
    player = Player(qtbot, card_editor)
    player.click(form.id_edit)
    player.type("arthos-2")
    player.tab()
    player.type(printed.name)
    player.tab()
    player.type(printed.epithet or "")
    player.tab()
    player.type("Col", counted_as_text=False)  # the class, chosen by its first letters
    player.tab(2)  # past the source (a card entered from a printed one)
    for objective in printed.objectives:
        assert objective is not None
        player.type(MODE_KEYS[objective.mode], counted_as_text=False)
        player.tab()
        player.type(str(objective.ap), counted_as_text=False)
        player.tab()
    default = next(o.rank for o in printed.objectives if o is not None and o.default)
    radio = form.objectives[default - 1].default
    player.click(radio, QPoint(6, radio.height() // 2))
    for kind in printed.objects:
        player.click_entry(form.objects.list, kind)
    for class_id in printed.characters[:-1]:  # the last class is ranked by itself
        player.click_entry(form.characters.list, class_id)
    player.click(form.personality_text)
    player.type("Gives the Non-Player 1 VP for every 3 portcullises he breaks.")
    assert card_editor.problems() == [], card_editor.problems()
    player.click(card_editor.save_next_button)

    saved = load_card(tmp_path / "npc_cards" / "arthos-2.yaml")
    assert (saved.name, saved.epithet, saved.class_id) == (printed.name, printed.epithet, printed.class_id)
    assert saved.objectives == printed.objectives
    assert saved.objects == printed.objects and saved.characters == printed.characters
    assert card_editor.fresh and card_editor.form.id_edit.text() == ""  # the next card is open
    print(f"\ncard: {player.clicks} clicks, {player.keys} keys, {player.text} characters of names and texts")
    assert player.clicks <= CARD_GOAL


def test_a_mode_used_twice_is_flagged(card_editor: CardEditor) -> None:
    form = card_editor.form
    form.objectives[0].mode.setCurrentIndex(form.objectives[0].mode.findData("fight"))
    assert form.twice_text() == ""
    form.objectives[3].mode.setCurrentIndex(form.objectives[3].mode.findData("fight"))
    assert form.twice_text() == "Fight is on objectives 1, 4: check the card."
    assert "background" in form.objectives[3].mode.styleSheet()
    assert form.objectives[1].mode.styleSheet() == ""


def test_priority_lists_are_ranked_by_clicking_in_order(card_editor: CardEditor, qtbot: Any) -> None:
    objects = card_editor.form.objects
    player = Player(qtbot, card_editor)
    for kind in ("bow", "key", "wounded"):
        player.click_entry(objects.list, kind)
    assert objects.values() == ["bow", "key", "wounded"]
    player.click_entry(objects.list, "key")  # clicked again: out of the ranking
    assert objects.values() == ["bow", "wounded"]
    assert objects.order()[2] == "key"
    objects.rank_again()
    assert objects.values() == []
    # every entry is shown at once: the list never scrolls (the wheel scrolls the form)
    view = objects.list
    assert view.visualItemRect(view.item(view.count() - 1)).bottom() <= view.viewport().height()


def test_an_invalid_card_id_is_refused_at_save_time(card_editor: CardEditor) -> None:
    card_editor.open_card_file(NPC_CARDS_DIR / "demo" / "arthos.yaml")
    card_editor.form.id_edit.setText("Arthos II")
    rows = card_editor.problem_table.row_texts()
    assert rows[0][1] == "Id" and "is not a valid id" in rows[0][2]
    assert not card_editor.save_button.isEnabled() and card_editor.save() is None


def test_the_card_editor_opens_at_a_readable_size(card_editor: CardEditor) -> None:
    from solo.ui.card_editor import OPENING_SIZE, opening_size

    screen = card_editor.screen().availableGeometry().size()
    assert card_editor.size() == opening_size(card_editor.sizeHint(), screen)
    assert opening_size(card_editor.sizeHint(), screen.expandedTo(OPENING_SIZE * 2)) == OPENING_SIZE
    small = opening_size(card_editor.sizeHint(), screen / 2)
    assert small.width() <= screen.width() / 2 and small.height() <= screen.height() / 2


# -- a room --------------------------------------------------------------------------------------
@pytest.fixture
def room_editor(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RoomEditor:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    editor = RoomEditor()
    editor.confirm_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(editor)
    editor.resize(900, 900)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def _edges(room: RoomLayout) -> dict[Edge, Mark]:
    found = {Edge(True, r, c): m for (r, c), m in room.vertical.items()}
    found.update({Edge(False, r, c): m for (r, c), m in room.horizontal.items()})
    return found


@pytest.mark.parametrize("printed_id", ["demo-1a", "demo-4b"])
def test_a_printed_room_is_drawn_in_at_most_20_clicks(room_editor: RoomEditor, qtbot: Any, tmp_path: Path,
                                                      printed_id: str) -> None:
    printed = load_room(RULES_DIR / "rooms" / f"{printed_id}.yaml")  # the tile on the table
    canvas = room_editor.canvas
    player = Player(qtbot, room_editor)
    player.click(room_editor.new_button)
    player.click(room_editor.id_edit)
    room_editor.id_edit.selectAll()
    player.type("crypt-x")
    player.tab(2)
    player.type(str(printed.pair), counted_as_text=False)
    if printed.sense == "ccw":
        player.tab()
        player.type("cou", counted_as_text=False)
    blank = blank_room("crypt-x")
    for edge, mark in _edges(printed).items():
        if _edges(blank)[edge] is mark:
            continue
        if mark in KEY_FOR_MARK:
            player.key_on(canvas, canvas.edge_center(edge), KEY_FOR_MARK[mark])
        else:  # wall or open: one click
            player.click(canvas, canvas.edge_center(edge))
    for square, kind in printed.squares.items():
        centre = canvas.square_center(*square) + QPointF(0, canvas.cell() * 0.22)
        if kind is SquareKind.PIT:
            player.click(canvas, centre)
        elif kind is SquareKind.GEAR and blank.squares[square] is not SquareKind.GEAR:
            player.key_on(canvas, centre, "g")
    player.click(room_editor.save_next_button)

    saved = load_room(tmp_path / "rooms" / "crypt-x.yaml")
    assert (saved.squares, saved.vertical, saved.horizontal) == \
        (printed.squares, printed.vertical, printed.horizontal)
    assert (saved.pair, saved.sense) == (printed.pair, printed.sense)
    assert room_editor.room.id == "crypt-x-twin"  # the next room: its twin to draw
    print(f"\nroom {printed_id}: {player.clicks} clicks, {player.keys} keys, {player.text} characters of id")
    assert player.clicks <= ROOM_GOAL
