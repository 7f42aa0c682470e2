"""The board's edit menu, drag-and-drop moves and the history dock: every kind of table edit is one
undoable command that undo restores exactly and redo re-applies; a rule broken is warned, never
blocked; a refused edit pushes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from solo.game import edits
from solo.game.saves import game_state
from solo.table.board import MarkerState
from solo.table.squares import parse_square
from solo.ui.edit_menu import build_menu, move_piece, reveal
from solo.ui.model import GameModel
from solo.ui.undo_view import UndoDock, WarningsBar

pytestmark = pytest.mark.gui

# The model's demo game (seed 1): the Player's figures on b0 (backstabber), d0 (cleric), g0 (telepath)
# and i0 (wizard); room 1 is demo-4b at rotation 3 (pits b3 c3 c4, portcullis a3|a4), room 2 demo-2a.


def sq(name: str) -> Any:
    return parse_square(name)


class Refusals(list[str]):
    """Collects what ``on_refused`` was told."""

    def __call__(self, message: str) -> None:
        self.append(message)


def _setup(model: GameModel, *changes: Callable[[Any], None]) -> None:
    """Set the table up with edits (each its own command), rooms 1 and 2 face up first."""
    model.edit("Reveal 1", lambda g: edits.reveal_room(g, 1, "demo-4b", 3))
    model.edit("Reveal 2", lambda g: edits.reveal_room(g, 2, "demo-2a", 0))
    for change in changes:
        model.edit("Set up", change)


def _action(menu: QMenu, name: str) -> QAction:
    action = menu.findChild(QAction, name)
    assert action is not None, f"no action {name!r} in {[a.objectName() for a in menu.findChildren(QAction)]}"
    assert action.isEnabled()
    return action


def _undo_redo(model: GameModel, do: Callable[[], object], title: str | None = None) -> tuple[Any, Any]:
    """Do one edit; assert it is one command, that undo restores the game exactly and redo re-applies
    it. Returns the game states before and after."""
    before = game_state(model.game)
    count = model.undo_stack.count()
    do()
    after = game_state(model.game)
    assert after != before
    assert model.undo_stack.count() == count + 1
    if title is not None:
        assert model.undo_stack.undoText() == title
    model.undo_stack.undo()
    assert game_state(model.game) == before
    model.undo_stack.redo()
    assert game_state(model.game) == after
    return before, after


def _trigger(model: GameModel, square: str, name: str, refusals: Refusals | None = None) -> str:
    """Build the square's menu, trigger one of its actions; returns the action's text."""
    menu = build_menu(model, sq(square), None, on_refused=refusals if refusals is not None else Refusals())
    action = _action(menu, name)
    action.trigger()
    return action.text()


Case = tuple[str, list[Callable[[Any], None]], str, str, str, Callable[[GameModel], bool]]
CASES: list[Case] = [
    ("wound", [], "d0", "wound:cleric", "Wound the Cleric",
     lambda m: m.position.characters["cleric"].wounded),
    ("heal", [lambda g: edits.wound(g, "cleric")], "d0", "heal:cleric", "Heal the Cleric",
     lambda m: not m.position.characters["cleric"].wounded),
    ("give", [], "d0", "give:cleric:rope", "Give the Rope to the Cleric",
     lambda m: m.position.characters["cleric"].carries == "rope"),
    ("drop", [lambda g: edits.give_object(g, "cleric", "key")], "d0", "drop:cleric",
     "The Cleric drops the Key",
     lambda m: m.position.objects_at(sq("d0")) == ["key"]),
    ("remove character", [], "d0", "remove:cleric", "Remove the Cleric from the game",
     lambda m: "cleric" not in m.position.characters and m.game.removed == ["player:cleric"]),
    ("remove object", [lambda g: edits.add_token(g, "object:bow:purple", "a1")], "a1", "remove-object:0",
     "Remove the Bow from the game",
     lambda m: m.position.objects == [] and m.game.removed == ["object:bow:purple"]),
    ("open portcullis", [], "a3", "portcullis:open:a3-a4", "Open the portcullis a3–a4",
     lambda m: m.position.board.marker_state(sq("a3"), sq("a4")) is MarkerState.OPEN),
    ("close portcullis", [lambda g: edits.set_portcullis(g, "a3", "a4", MarkerState.OPEN)], "a4",
     "portcullis:closed:a4-a3", "Close the portcullis a4–a3",
     lambda m: m.position.board.marker_state(sq("a3"), sq("a4")) is MarkerState.CLOSED),
    ("break portcullis", [], "a3", "portcullis:broken:a3-a4", "Break the portcullis a3–a4",
     lambda m: m.position.board.marker_state(sq("a3"), sq("a4")) is MarkerState.BROKEN),
    ("rotate left", [lambda g: edits.move_character(g, "cleric", "a1")], "a1", "rotate:1:-1",
     "Turn room 1 a quarter left", lambda m: m.position.characters["cleric"].at == sq("e1")),
    ("rotate right", [], "c2", "rotate:1:1", "Turn room 1 a quarter right",
     lambda m: m.position.board.room(1).rotation == 0),
    ("half turn", [], "c2", "rotate:1:2", "Turn room 1 half a turn",
     lambda m: m.position.board.room(1).rotation == 1),
    ("add from the bag", [], "a1", "add:npc:serpico", "Put Serpico on a1",
     lambda m: m.position.characters["serpico"].at == sq("a1") and "npc:serpico" not in m.game.bag),
    ("add an object", [], "a1", "add:object:key:yellow", "Put the yellow Key on a1",
     lambda m: m.position.objects_at(sq("a1")) == ["key"]),
    ("bring back", [lambda g: edits.remove_character(g, "cleric")], "a1", "bring-back:player:cleric",
     "Put the Cleric on a1",
     lambda m: m.position.characters["cleric"].at == sq("a1") and m.game.removed == []),
]


@pytest.mark.parametrize(
    ("what", "setup", "square", "name", "title", "check"), CASES, ids=[c[0] for c in CASES]
)
def test_undo_of_every_kind_of_edit(
    model: GameModel, what: str, setup: list[Callable[[Any], None]], square: str, name: str, title: str,
    check: Callable[[GameModel], bool],
) -> None:
    _setup(model, *setup)
    _undo_redo(model, lambda: _trigger(model, square, name), title=title)
    assert check(model), what


def test_undo_of_a_drag_and_drop_move(model: GameModel) -> None:
    _setup(model, lambda g: edits.add_token(g, "object:rope:yellow", "a2"))
    _undo_redo(model, lambda: move_piece(model, "cleric", sq("a1"), Refusals()),
               title="Move the Cleric to a1")
    assert model.position.characters["cleric"].at == sq("a1")
    _undo_redo(
        model, lambda: move_piece(model, "object:0", sq("c1"), Refusals()), title="Move the Rope to c1"
    )
    assert model.position.objects_at(sq("c1")) == ["rope"]
    count = model.undo_stack.count()
    assert move_piece(model, "cleric", sq("a1"), Refusals()) is None  # dropped where it was: nothing
    assert model.undo_stack.count() == count


def test_undo_of_a_reveal(model: GameModel) -> None:
    requested: list[int] = []
    menu = build_menu(model, sq("a6"), None, reveal_requested=requested.append, on_refused=Refusals())
    _action(menu, "reveal:3").trigger()
    assert requested == [3]  # the main window's dialog takes it from here
    _undo_redo(model, lambda: reveal(model, 3, "demo-1a", 3, Refusals()),
               title="Reveal room 3 (The Gaoler's Cloister)")
    assert model.position.board.is_revealed(3) and model.game.rooms_revealed == ["demo-1a"]


def test_reveal_needs_a_callback(model: GameModel) -> None:
    menu = build_menu(model, sq("a6"), None)
    action = menu.findChild(QAction, "reveal:3")
    assert action is not None and not action.isEnabled()


def test_menu_lists_what_makes_sense_on_the_square(model: GameModel) -> None:
    _setup(model, lambda g: edits.give_object(g, "cleric", "rope"))
    menu = build_menu(model, sq("d0"), None)
    names = {a.objectName() for a in menu.findChildren(QAction) if a.objectName()}
    assert {"wound:cleric", "drop:cleric", "remove:cleric"} <= names
    assert not any(n.startswith(("give:", "heal:", "add:", "rotate:")) for n in names)  # hands full, a line
    menu = build_menu(model, sq("a1"), None)
    empty = {a.objectName() for a in menu.findChildren(QAction) if a.objectName()}
    assert {"rotate:1:1", "rotate:1:-1", "rotate:1:2", "add:npc:serpico", "add:object:rope:purple"} <= empty
    assert not any(n.startswith(("wound:", "portcullis:", "reveal:")) for n in empty)


def test_rule_breaking_edit_is_kept_and_shown_in_the_warnings_bar(model: GameModel, qtbot: Any) -> None:
    dock = UndoDock(model)
    qtbot.addWidget(dock)
    bar = dock.warnings_bar
    _setup(model)
    assert bar.isHidden()
    with qtbot.waitSignal(model.warnings):
        move_piece(model, "cleric", sq("b3"), Refusals())  # a pit, and no Rope
    assert model.position.characters["cleric"].at == sq("b3")  # kept
    assert not bar.isHidden()
    assert "The Cleric: stands on the pit b3 without a Rope (B-MOVE-12)" in bar.text()
    move_piece(model, "cleric", sq("a1"), Refusals())  # a clean edit clears it
    assert bar.isHidden() and bar.problems == []
    model.undo_stack.undo()
    assert "B-MOVE-12" in bar.text()  # back to the pit: warned again
    assert dock.view.stack() is model.undo_stack


def test_warnings_bar_alone_names_the_rule_of_a_menu_edit(model: GameModel, qtbot: Any) -> None:
    bar = WarningsBar(model)
    qtbot.addWidget(bar)
    _setup(model, lambda g: edits.move_character(g, "cleric", "a1"))
    _trigger(model, "b0", "wound:backstabber")
    _trigger(model, "a1", "add:object:spear:yellow")  # the Cleric carries the spear: clean
    assert bar.isHidden()
    _trigger(model, "b0", "add:object:wand:yellow")  # an object under a wounded: clean
    assert bar.isHidden()
    move_piece(model, "telepath", sq("b0"), Refusals())  # a figure, a wounded and an object together
    assert "B-GOLD-3" in bar.text()


def test_refused_edit_calls_on_refused_and_pushes_nothing(model: GameModel) -> None:
    refusals = Refusals()
    before = game_state(model.game)
    assert move_piece(model, "cleric", sq("a6"), refusals) is None  # inside a face-down room
    assert refusals == ["a6 is inside the face-down room 3: reveal it first"]
    assert model.undo_stack.count() == 0 and game_state(model.game) == before
    model.edit("No bow left", lambda g: setattr(g, "bag", [t for t in g.bag if "bow" not in t]))
    count = model.undo_stack.count()
    state = game_state(model.game)
    _trigger(model, "i0", "give:wizard:bow", refusals)
    assert refusals[-1].startswith("The Bow is neither on")
    assert model.undo_stack.count() == count and game_state(model.game) == state


def test_undo_dock_shows_the_history(model: GameModel, qtbot: Any) -> None:
    dock = UndoDock(model)
    qtbot.addWidget(dock)
    assert dock.view.emptyLabel() == "Table as set up"
    assert _trigger(model, "d0", "wound:cleric") == "Wound the Cleric"
    assert dock.view.model().rowCount() == 2  # the empty label, then the edit
    assert dock.view.model().index(1, 0).data() == "Wound the Cleric"


def test_the_menu_names_figures_objects_and_tokens_as_printed_in_french(model: GameModel, qapp: Any) -> None:
    """The menu and the history said « Wound Cleric », « Bow (purple) », « Colossus »: the engine's English
    ids; in French they are the names printed on the tokens, with « au » where French needs it."""
    from solo.ui import i18n

    _setup(model)
    try:
        i18n.install(qapp, "fr")
        menu = build_menu(model, sq("d0"), None, on_refused=Refusals())
        assert _action(menu, "wound:cleric").text() == "Blesser le Clerc"
        give = _action(menu, "give:cleric:rope")
        assert give.text() == "La Corde"
        give.trigger()
        assert model.undo_stack.undoText() == "Donner la Corde au Clerc"
        menu = build_menu(model, sq("d0"), None, on_refused=Refusals())
        assert _action(menu, "drop:cleric").text() == "Le Clerc pose la Corde"
        menu = build_menu(model, sq("a1"), None, on_refused=Refusals())
        bag = {a.objectName(): a.text() for a in menu.findChildren(QAction)
               if a.objectName().startswith("add:")}
        assert bag["add:object:bow:purple"] == "L'Arc violet"
        assert bag["add:player:colossus"] == "Le Colosse"
        assert bag["add:npc:serpico"] == "Serpico"
        _action(menu, "add:object:bow:purple").trigger()
        assert model.undo_stack.undoText() == "Placer l'Arc violet en a1"
        reveal(model, 3, "demo-1a", 3, Refusals())
        assert model.undo_stack.undoText() == "Révéler la salle 3 (Le Cloître du Geôlier)"
    finally:
        i18n.uninstall(qapp)


def test_the_bag_is_offered_in_two_menus_that_fit_a_small_screen(model: GameModel) -> None:
    """One « Add from the bag » menu held the 24 tokens of the bag and ran off a 768-pixel screen: the
    figures and the objects now have a menu each."""
    _setup(model)
    menu = build_menu(model, sq("a1"), None, on_refused=Refusals())
    figures = menu.findChild(QMenu, "add")
    things = menu.findChild(QMenu, "add-object")
    assert figures is not None and things is not None
    assert figures.title() == "Add a figure from the bag" and things.title() == "Add an object from the bag"
    names = [a.objectName() for a in figures.actions()]
    assert "add:npc:serpico" in names and "add:player:colossus" in names
    assert not any(n.startswith("add:object:") for n in names)
    assert all(a.objectName().startswith("add:object:") for a in things.actions())
    for sub in (figures, things):
        assert sub.sizeHint().height() < 768 - 200, [a.text() for a in sub.actions()]


def test_the_warnings_bar_in_french_names_the_figure_as_printed(
    model: GameModel, qtbot: Any, qapp: Any,
) -> None:
    """The bar said « Cleric: … » in the French app (the engine's English name, an English colon)."""
    from solo.ui import i18n

    bar = WarningsBar(model)
    qtbot.addWidget(bar)
    _setup(model)
    try:
        i18n.install(qapp, "fr")
        move_piece(model, "cleric", sq("b3"), Refusals())  # a pit, and no Rope
        assert "Le Clerc\xa0: " in bar.text() and "(B-MOVE-12)" in bar.text()
        assert "Cleric:" not in bar.text()
    finally:
        i18n.uninstall(qapp)
