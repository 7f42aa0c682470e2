"""Render the app's main screens into ``docs/screenshots/`` for the README (offscreen, seeded).

    QT_QPA_PLATFORM=offscreen python tools/screenshots.py [--out docs/screenshots]

Each screen is set up through the same calls a player's clicks make, on the bundled demo game.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRect, QSettings
from PySide6.QtWidgets import QApplication, QWidget

import solo.ui  # noqa: F401 - the PySide6 workaround before any Qt call
from solo.automaton.table import Notice
from solo.game.saves import load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME, NPC_CARDS_DIR, RULES_DIR
from solo.table.position import Side
from solo.ui.main_window import MainWindow
from solo.ui.settings import AppSettings
from solo.ui.window_layout import SCREEN_SHARE

SIZE = (1500, 950)


def _save(widget: QWidget, path: Path) -> Path:
    QApplication.processEvents()
    widget.grab().save(str(path))
    print(f"wrote {path}")
    return path


def _window(folder: Path) -> MainWindow:
    settings = AppSettings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(Session(load_game(DEMO_GAME), folder=folder / "autosave"), settings)
    window.show()
    window.first_start_layout(QRect(0, 0, round(SIZE[0] / SCREEN_SHARE), round(SIZE[1] / SCREEN_SHARE)))
    window.view.fit()
    return window


def render(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert app is not None
    written = []
    with tempfile.TemporaryDirectory() as temp:
        window = _window(Path(temp))
        written.append(_save(window, out / "main-window.png"))
        # The NP's turn, paused after its first activation: the card, the objectives, the path.
        window.np_panel.play()
        if isinstance(window.model.pending, Notice):
            window.np_panel.select_npc(window.model.pending.npc)
        written.append(_save(window, out / "np-turn.png"))
        written.append(_save(window.table_card, out / "your-table.png"))  # her reveal, for the table
        while window.model.session.busy:
            if isinstance(window.model.pending, Notice):
                window.np_panel.done()
            else:
                window.model.abandon()
        # The Player's turn: a card played, a figure selected, its reachable squares shaded.
        window.turn_tabs.setCurrentWidget(window.player_panel)
        cards = [c for c in window.model.game.player.actions]
        window.player_panel.play_card(min(cards))
        figure = next(c for c in window.model.position.characters.values()
                      if c.side is Side.PLAYER and c.is_figure)
        window.player_panel.select_figure(figure.id)
        written.append(_save(window, out / "player-turn.png"))
        from solo.game.reveal import RoomRequest
        from solo.ui.requests import dialog_for

        game = window.model.game
        from solo.messages import msg
        from solo.table import naming

        options = tuple(game.rooms_unrevealed)
        asked = msg(
            "Turn over {room}: which room is it, and how does it lie (LAYOUT:ROTATION, rotation in "
            "clockwise quarter turns)? One of {layouts} (S-REVEAL-1)",
            room=naming.room(5), layouts=", ".join(options),
        )
        prompt = dialog_for(RoomRequest("", asked, 5, options), window, game.content)
        prompt.show()
        written.append(_save(prompt, out / "room-prompt.png"))
        prompt.close()
        window.close()
    from solo.ui.new_game import NewGameWizard

    wizard = NewGameWizard()
    wizard.resize(700, 520)
    wizard.show()
    written.append(_save(wizard, out / "new-game.png"))
    wizard.close()
    from solo.ui.card_editor import CardEditor

    editor = CardEditor()
    editor.open_card_file(NPC_CARDS_DIR / "demo" / "serpico.yaml")
    editor.resize(1100, 760)
    editor.show()
    written.append(_save(editor, out / "card-editor.png"))
    editor.close()
    from solo.ui.room_editor import RoomEditor

    rooms = RoomEditor()
    rooms.open_room_file(RULES_DIR / "rooms" / "demo-1a.yaml")
    rooms.resize(900, 640)
    rooms.show()
    written.append(_save(rooms, out / "room-editor.png"))
    rooms.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "screenshots"))
    args = parser.parse_args()
    render(Path(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
