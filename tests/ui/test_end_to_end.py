"""A seeded game played through the app's window to its end (issue 5 item 9).

The Player's turns go through the Player's panel (card, figure, reveal, attack, move, exit, end of
turn) and the NP's turns through the NP panel (Play, Done); every question goes through the request
router, answered here by a scripted asker that answers as the table would. Nothing calls the engine
directly: what the app does is what is tested.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from solo.actions.reveals import LINE_SLOTS
from solo.automaton.table import Notice, Request
from solo.game import player_options as po
from solo.game.autoplay import AutoTable
from solo.game.saves import load_autosave
from solo.game.session import Session
from solo.game.setup import new_game
from solo.game.turn_ap import ap_left, must_reveal_first
from solo.table.position import Side
from solo.table.squares import rank_of
from solo.ui import i18n
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings

MAX_TURNS = 30


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    result = MainWindow(Session(new_game(6, seed=11), folder=tmp_path / "autosave"), settings)
    qtbot.addWidget(result)

    def table_answer(request: Request, parent: Any = None) -> Any:
        return AutoTable(result.model.game).answer(request)

    result.router.asker = table_answer
    result.player_panel.confirm = lambda position, sides, widget: True
    result.player_panel.use_jumps.setChecked(False)
    return result


def _settle(window: MainWindow, qtbot: Any) -> None:
    """Let the router answer what the step asks, until the step is over."""
    qtbot.waitUntil(lambda: not window.model.session.busy, timeout=10_000)


def _player_action(window: MainWindow, qtbot: Any) -> bool:
    """One action of the Player's turn through the panel: exit, attack, reveal, else advance."""
    game = window.model.game
    panel = window.player_panel
    figures = [c for c in game.position.characters.values() if c.side is Side.PLAYER and c.is_figure]
    for figure in figures:
        panel.select_figure(figure.id)
        options = panel.options
        assert options is not None
        if options.exit is not None:
            return panel.exit_dungeon()
        if options.targets:
            return panel.attack_target(options.targets[0])
        if options.reveals:
            first = [s for s in options.reveals
                     if not must_reveal_first(game) or s in LINE_SLOTS[Side.PLAYER]]
            if first:
                return panel.reveal_room(first[0])
    best: tuple[int, str, int] | None = None
    for figure in figures:
        panel.select_figure(figure.id)
        assert panel.options is not None and figure.at is not None
        for square in panel.options.moves:
            gain = rank_of(square) - rank_of(figure.at)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, figure.id, square)
    if best is None:
        return False
    panel.select_figure(best[1])
    return panel.square_chosen(best[2])


def test_a_seeded_game_is_played_through_the_window_to_its_end(window: MainWindow, qtbot: Any,
                                                                tmp_path: Path) -> None:
    _play_to_the_end(window, qtbot, tmp_path)
    assert "VP" in window.end_box.text()


def test_the_same_game_in_french_reads_french_to_its_end(window: MainWindow, qtbot: Any, qapp: Any,
                                                         tmp_path: Path) -> None:
    # Issue 12, done when: a French player plays a game in the app to its end and never reads
    # English or an id: the whole log, the end of game and the status bar, as shown.
    assert i18n.install(qapp, "fr") is not None
    try:
        _play_to_the_end(window, qtbot, tmp_path)
        shown = [*window.log_panel.shown(), window.end_box.text(), window.statusBar().currentMessage()]
        assert len(shown) > 40
        bad = [line for line in shown if ENGLISH.search(RULE_ID.sub("", line)) or RAW_ID.search(line)]
        assert not bad, bad[:5]
        assert "PV" in window.end_box.text()
        assert any("révèle la salle" in line for line in shown)
    finally:
        i18n.install(qapp, "en")


RAW_ID = re.compile(r"\b(npc|player|object):")
RULE_ID = re.compile(r"\b(AMB|[SB])-[A-Z0-9-]+")
"""Rule IDs (B-VP-1) are the same in both languages."""
ENGLISH = re.compile(
    r"\b(the|moves|achievable|nothing|with|AP|VP|ends on|Deactivated|picks up|reveals|turns|attacks|"
    r"shoots|wounded|Tie|rolled|enters play|Turn|Draw|which|done|saved|waits|Player|room)\b|Note:|Mode:"
)
"""Words that give away an English sentence in the French app."""


def _play_to_the_end(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    model = window.model
    for _ in range(MAX_TURNS):
        # The Player's turn (S-TURN-4): the highest card allowed, then actions while AP remain.
        cards = [c for c, why in po.action_cards(model.game).items() if why is None]
        assert cards, po.action_cards(model.game)
        assert window.player_panel.play_card(max(cards))
        for _ in range(10):
            if session_over(window) or ap_left(model.game) == 0 or not _player_action(window, qtbot):
                break
            _settle(window, qtbot)
        if session_over(window):
            break
        assert window.player_panel.end_turn()
        _settle(window, qtbot)
        # The NP's turn: Play, then Done until it is over (the router answers the questions).
        window.np_panel.play()
        for _ in range(2000):  # a request nobody answers fails the test instead of hanging it
            if not model.session.busy:
                break
            if isinstance(model.pending, Notice):
                window.np_panel.done()
            else:
                qtbot.wait(5)
        assert not model.session.busy, f"the NP's turn waits for {model.pending}"
        assert model.position.turn is not None
        if session_over(window):
            break
        assert model.position.turn.side is Side.PLAYER  # S-TURN-1: the turns alternate
    score = model.position.score
    assert score is not None and max(score.player, score.npc) >= 5, "the game ended (S-END-1)"
    assert window.end_box.isVisible()
    saved, _ = load_autosave(tmp_path / "autosave")
    assert saved.position.score == score  # every step autosaved: closing now loses nothing
    assert model.undo_stack.count() > 10


def session_over(window: MainWindow) -> bool:
    return window.model.session.over
