"""The game log panel: every event of the game, newest last, exportable as Markdown (issue 5 item 7)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QListWidget, QPushButton, QVBoxLayout, QWidget

from solo.game.log_export import log_markdown
from solo.ui.file_dialogs import ask_file_name
from solo.ui.i18n import current_language
from solo.ui.model import GameModel
from solo.ui.words import renderer


def tr(text: str) -> str:
    return QCoreApplication.translate("LogPanel", text)


class LogPanel(QWidget):
    """The log, redrawn from the model; only the events added since the last redraw are appended."""

    def __init__(self, model: GameModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.events = QListWidget(self)
        self.events.setWordWrap(True)
        self.export_button = QPushButton(tr("Export as Markdown…"), self)
        self.export_button.clicked.connect(self.export_with_dialog)
        layout = QVBoxLayout(self)
        layout.addWidget(self.events)
        layout.addWidget(self.export_button)
        self._retell = QTimer(self)
        self._retell.setSingleShot(True)
        self._retell.setInterval(0)
        self._retell.timeout.connect(self.refresh)
        model.changed.connect(self.refresh)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """The language changed: the button, and every event told again in the new language."""
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "export_button"):
            self.export_button.setText(tr("Export as Markdown…"))
            self._retell.start()  # a child timer: it dies with the panel, never calls a deleted one
        super().changeEvent(event)

    def refresh(self) -> None:
        """Show the game's log; an undo shortens it, a step lengthens it."""
        say = renderer(self._model.game)
        texts = [f"{n}. {say(event.text)}" for n, event in enumerate(self._model.game.log, start=1)]
        shown = self.shown()
        if shown != texts[: len(shown)]:
            self.events.clear()
            shown = []
        self.events.addItems(texts[len(shown):])
        self.events.scrollToBottom()

    def shown(self) -> list[str]:
        """The lines on screen, read from the list's model: no Python wrapper of an item is made (a
        wrapper left behind by a cleared list can pose as another object later, PySide 6)."""
        model = self.events.model()
        return [str(model.data(model.index(row, 0))) for row in range(model.rowCount())]

    def export(self, path: Path) -> Path:
        """Write the log as Markdown to ``path``."""
        path.write_text(log_markdown(self._model.game, language=current_language()), encoding="utf-8")
        return path

    def export_with_dialog(self) -> Path | None:
        name = ask_file_name(self, tr("Export the game log"), "game-log.md", tr("Markdown (*.md)"), save=True)
        return self.export(Path(name)) if name else None
