"""Render the French app into ``docs/screenshots/fr/``: the NP panel after an activation, the Player
panel, a reveal prompt, the game log and the rules reference (issue 12), offscreen or on a real X display.

    QT_QPA_PLATFORM=offscreen python tools/screenshots_fr.py [--out docs/screenshots/fr]
    DISPLAY=:99 QT_QPA_PLATFORM=xcb python tools/screenshots_fr.py --out /tmp/real
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

import solo.ui  # noqa: F401 - the PySide6 workaround before any Qt call
from solo.automaton.table import Notice
from solo.game.reveal import RoomRequest
from solo.game.saves import load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.messages import msg
from solo.table import naming
from solo.table.position import Side
from solo.ui import i18n
from solo.ui.main_window import MainWindow
from solo.ui.requests import dialog_for
from solo.ui.rules_reference import RulesReference
from solo.ui.settings import AppSettings

SIZE = (1500, 950)


def _save(widget: QWidget, path: Path) -> Path:
    for _ in range(3):
        QApplication.processEvents()
    widget.grab().save(str(path))
    print(f"wrote {path}")
    return path


def render(out: Path, language: str = "fr") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    i18n.install(app, language)
    written = []
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        settings = AppSettings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
        window = MainWindow(Session(load_game(DEMO_GAME), folder=folder / "autosave"), settings)
        window.resize(*SIZE)
        window.show()
        window.view.fit()
        window.np_panel.play()  # paused after the first activation
        if isinstance(window.model.pending, Notice):
            window.np_panel.select_npc(window.model.pending.npc)
        written.append(_save(window, out / "np-panel.png"))
        window.log_dock.raise_()
        written.append(_save(window.log_dock, out / "log.png"))
        slot = next(s for s in range(1, 9) if not window.model.position.board.is_revealed(s))
        asked = msg(
            "Turn over {room}: which room is it, and how does it lie (LAYOUT:ROTATION, rotation in "
            "clockwise quarter turns)? One of {layouts} (S-REVEAL-1)",
            room=naming.room(slot), layouts=", ".join(window.model.game.rooms_unrevealed),
        )
        prompt = dialog_for(RoomRequest("", asked, slot, tuple(window.model.game.rooms_unrevealed)), window)
        prompt.show()
        written.append(_save(prompt, out / "reveal-prompt.png"))
        prompt.close()
        while window.model.session.busy:
            if isinstance(window.model.pending, Notice):
                window.np_panel.done()
            else:
                window.model.abandon()
        window.turn_tabs.setCurrentWidget(window.player_panel)
        window.player_panel.play_card(min(window.model.game.player.actions))
        figure = next(c for c in window.model.position.characters.values()
                      if c.side is Side.PLAYER and c.is_figure)
        window.player_panel.select_figure(figure.id)
        written.append(_save(window, out / "player-panel.png"))
        window.close()
    reference = RulesReference()
    reference.resize(980, 600)
    reference.show()
    reference.show_rule("S-FIGHT")  # a group: its title and each rule, with links
    written.append(_save(reference, out / "rules-reference.png"))
    reference.search.setText("herse")  # the list filtered by French words, one rule shown
    reference.show_rule("S-OPEN-1")
    written.append(_save(reference, out / "rules-reference-search.png"))
    reference.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[1] / "docs" / "screenshots" / "fr"
    parser.add_argument("--out", default=str(default))
    parser.add_argument("--lang", default="fr", choices=i18n.LANGUAGES)
    args = parser.parse_args()
    render(Path(args.out), args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
