"""Undo and redo never lie (issue 13): any sequence of steps and table edits, interleaved with undos
and redos, leaves the model, the board, the panels, the log and the autosave exactly as a replay of
the same history from the start.

Each drawn operation is played through the app's window (panels, edit menu, history); those that add
a command to the history are remembered, so the history at any moment is a list of operations that a
second window replays from the same game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings

from solo.automaton.table import Notice
from solo.game import player_options as po
from solo.game.autoplay import AutoTable
from solo.game.saves import game_to_data, load_autosave, load_game, whole_state
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.table.position import Side
from solo.table.squares import Square
from solo.ui import edit_menu
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings

KINDS = ("np_turn", "card", "move", "attack", "shoot", "reveal", "rotate", "heal", "end_turn", "edit",
         "undo", "redo")
Op = tuple[str, int, int]


def _window(qtbot: Any, folder: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(Session(load_game(DEMO_GAME), folder=folder / "autosave"), settings)
    qtbot.addWidget(window)
    window.router.asker = lambda request, parent=None: AutoTable(window.model.game).answer(request)
    window.player_panel.confirm = lambda position, sides, widget: True
    return window


def _settle(window: MainWindow) -> None:
    """Answer the NP turn's pauses and let the router answer what a step asks, until it is over."""
    for _ in range(500):
        if not window.model.session.busy:
            return
        if isinstance(window.model.pending, Notice):
            window.np_panel.done()
        else:
            window.router.ask_pending()
    raise AssertionError(f"a step still waits for {window.model.pending}")


def _figures(window: MainWindow) -> list[str]:
    position = window.model.position
    return sorted(c.id for c in position.characters.values()
                  if c.side is Side.PLAYER and c.is_figure and c.at is not None)


def _pick(items: list[Any], index: int) -> Any:
    return items[index % len(items)] if items else None


def _figure_options(window: MainWindow, a: int) -> po.FigureOptions | None:
    figure = _pick(_figures(window), a)
    if figure is None:
        return None
    window.player_panel.select_figure(figure)
    return window.player_panel.options


def _apply(window: MainWindow, op: Op) -> None:
    """Play one operation through the window (nothing happens when it is not possible now)."""
    kind, a, b = op
    panel = window.player_panel
    if kind == "np_turn":
        if window.np_panel.play_button.isEnabled():
            window.np_panel.play()
    elif kind == "card":
        card = _pick([c for c, why in po.action_cards(window.model.game).items() if why is None], a)
        if card is not None:
            panel.play_card(card)
    elif kind == "end_turn":
        if panel.end_button.isEnabled():
            panel.end_turn()
    elif kind == "edit":
        pieces = sorted(window.model.position.characters)
        edit_menu.move_piece(window.model, _pick(pieces, a), Square(b % 100), on_refused=lambda _m: None)
    else:
        _figure_action(window, kind, _figure_options(window, a), b)
    _settle(window)


def _figure_action(window: MainWindow, kind: str, options: po.FigureOptions | None, b: int) -> None:
    panel = window.player_panel
    if options is None:
        return
    if kind == "move" and options.moves:
        panel.square_chosen(_pick(sorted(options.moves), b))
    elif kind == "attack" and options.targets:
        panel.attack_target(_pick(list(options.targets), b))
    elif kind == "shoot" and options.shots:
        panel.shoot_target(_pick(list(options.shots), b))
    elif kind == "reveal" and options.reveals:
        panel.reveal_room(_pick(list(options.reveals), b))
    elif kind == "rotate" and options.rotations:
        panel.powers.rotation.setCurrentIndex(b % len(options.rotations))
        panel.powers.turn_room()
    elif kind == "heal" and options.heals:
        panel.powers.heal(_pick(list(options.heals), b))


def _seen(window: MainWindow) -> dict[str, Any]:
    """What the player sees of the game: the board's pieces, the panels, the log, the title bar."""
    scene, panel = window.scene, window.player_panel
    return {
        "pieces": sorted((item.piece_id, item.pos().x(), item.pos().y()) for item in scene.figure_items()
                         + scene.token_items()),
        "rooms": sorted((slot, item.rotation()) for slot, item in scene.room_items().items()),
        "ap": panel.ap_label.text(),
        "jumps": panel.jumps_label.text(),
        "hint": panel.hint_label.text(),
        "cards": [b.isEnabled() for b in panel.card_buttons.values()],
        "end": panel.end_button.isEnabled(),
        "np_row": window.np_panel.row_states(),
        "np_play": window.np_panel.play_button.isEnabled(),
        "log": window.log_panel.shown(),
        "score": window.score_label.text(),
        "history": [window.model.undo_stack.text(i) for i in range(window.model.undo_stack.index())],
    }


def _replay(window: MainWindow, done: list[Op]) -> None:
    window.set_session(Session(load_game(DEMO_GAME), folder=window.model.session.folder), None)
    for op in done:
        before = window.model.undo_stack.index()
        _apply(window, op)
        assert window.model.undo_stack.index() == before + 1, f"the replay of {op} did not add to the history"


def _check(window: MainWindow, replay: MainWindow, done: list[Op]) -> None:
    _replay(replay, done)
    assert whole_state(window.model.game) == whole_state(replay.model.game)
    assert window.model.session.record == replay.model.session.record
    assert _seen(window) == _seen(replay)
    folder = window.model.session.folder
    assert folder is not None
    if (folder / "autosave.yaml").exists():
        saved, _ = load_autosave(folder)
        assert game_to_data(saved) == whole_state(replay.model.game)


operations = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 9), st.integers(0, 99)),
                      min_size=1, max_size=7)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations)
def test_undo_and_redo_equal_a_replay(ops: list[Op], qtbot: Any, tmp_path_factory: Any) -> None:
    _run(ops, qtbot, tmp_path_factory)


def _run(ops: list[Op], qtbot: Any, tmp_path_factory: Any) -> None:
    window = _window(qtbot, tmp_path_factory.mktemp("played"))
    replay = _window(qtbot, tmp_path_factory.mktemp("replayed"))
    history: list[Op] = []
    for op in [("np_turn", 0, 0), *ops]:  # the demo game starts with the NP's turn
        stack = window.model.undo_stack
        index = stack.index()
        if op[0] == "undo":
            window.undo()
        elif op[0] == "redo":
            window.redo()
        else:
            _apply(window, op)
            if stack.index() == index + 1:
                history[index:] = [op]
        _check(window, replay, history[: stack.index()])


def test_the_issue_repro_undoes_twice_exactly(qtbot: Any, tmp_path_factory: Any) -> None:
    """Issue 13's repro: the NP's turn, a card, a move, an attack, then two undos and two redos; the
    second undo used to be refused (history[4].log_length) while the history moved on."""
    _run([("card", 0, 0), ("move", 0, 3), ("attack", 0, 0), ("undo", 0, 0), ("undo", 0, 0),
          ("redo", 0, 0), ("redo", 0, 0), ("undo", 0, 0), ("edit", 1, 44), ("undo", 0, 0),
          ("undo", 0, 0)], qtbot, tmp_path_factory)


def test_a_few_fixed_sequences_equal_a_replay(qtbot: Any, tmp_path_factory: Any) -> None:
    """The default suite's share of the property (the slow test draws many more)."""
    _run([("card", 1, 0), ("reveal", 0, 0), ("undo", 0, 0), ("rotate", 0, 1), ("heal", 0, 0),
          ("redo", 0, 0), ("end_turn", 0, 0), ("undo", 0, 0), ("undo", 0, 0), ("redo", 0, 0),
          ("redo", 0, 0), ("redo", 0, 0), ("np_turn", 0, 0)], qtbot, tmp_path_factory)
