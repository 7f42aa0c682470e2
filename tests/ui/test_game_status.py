"""Where the game stands (issue 13): level, Vision, turn, score, bag, NPC cards, decks and discards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from solo.automaton.table import Notice
from solo.game.saves import load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.ui.game_status import ROWS
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    result = MainWindow(Session(load_game(DEMO_GAME), folder=tmp_path / "autosave"), settings)
    qtbot.addWidget(result)
    return result


def _shown(window: MainWindow, qtbot: Any) -> Any:
    window.show()
    window.status_dock.raise_()  # the panel's tab in front: it redraws when seen
    qtbot.waitUntil(lambda: window.status_panel.text_of("level") != "")
    return window.status_panel


def test_the_panel_shows_the_game_as_the_table_does(window: MainWindow, qtbot: Any) -> None:
    panel = _shown(window, qtbot)
    game = window.model.game
    assert panel.text_of("level") == "1 (pink)"
    assert panel.text_of("vision") == "not played" and panel.text_of("vision_deck") == ""
    assert panel.text_of("turn") == "Turn 1, the NP's turn"
    assert panel.text_of("score") == "Player 0 VP, NP 0 VP (5 wins)"
    assert panel.text_of("bag").startswith(f"{len(game.bag)} tokens: ")
    assert panel.text_of("npc_pile") == "Brikoltou, Mungdu, Wave-Rick, Weak Ed"  # names, not ids
    assert panel.text_of("reinforcements") == f"{len(game.reinforcements)} cards"
    assert panel.text_of("npc_combat") == f"{len(game.npc_combat.cards)} cards; discard: none"
    assert panel.text_of("actions") == "in hand: 3, 4, 5; played: 2; Jump cards: 3"


def test_the_panel_follows_steps_and_undo(window: MainWindow, qtbot: Any) -> None:
    panel = _shown(window, qtbot)
    window.np_panel.play()
    while window.model.session.busy:
        assert isinstance(window.model.pending, Notice)
        window.np_panel.done()
    assert panel.text_of("turn") == "Turn 2, the Player's turn"
    window.player_panel.play_card(3)
    assert panel.text_of("actions") == "in hand: 4, 5; played: 2, 3; Jump cards: 3"
    window.undo()
    assert panel.text_of("actions") == "in hand: 3, 4, 5; played: 2; Jump cards: 3"


def test_in_french_at_1366x768_every_row_is_read_in_full(window: MainWindow, qtbot: Any, qapp: Any) -> None:
    """The pane cut « 18 jetons : 4 PNJ, 2 personnages du Joueur, » and « en main : 3, 4, 5 ; jouées : 2 ;
    cartes Saut : » to two lines: each row now has the height its words need (the pane scrolls)."""
    from PySide6.QtCore import QRect

    from solo.ui import i18n

    try:
        i18n.install(qapp, "fr")
        window.first_start_layout(QRect(0, 0, 1366, 768))
        panel = _shown(window, qtbot)
        qtbot.waitUntil(lambda: panel.text_of("actions").startswith("en main"))
        qapp.processEvents()
        for key in ROWS:
            _, value = panel.labels[key]
            if not value.isVisibleTo(panel):
                continue
            assert value.height() >= value.heightForWidth(value.width()), (key, value.text())
    finally:
        i18n.uninstall(qapp)
