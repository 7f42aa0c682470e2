"""The app's preferences (language, last game, square names, window geometry) and their dialog.

:class:`AppSettings` is a typed face over ``QSettings`` (organisation and application "dt-solo"):
every value read back is checked, so a hand-edited or older settings file never breaks the app.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from solo.ui import i18n

log = logging.getLogger(__name__)

ORGANISATION = "dt-solo"
APPLICATION = "dt-solo"
LANGUAGE_CHOICES = (i18n.SYSTEM, *i18n.LANGUAGES)


class AppSettings:
    """The player's preferences, kept between runs. Pass a ``QSettings`` to use another store
    (tests use an ini file); by default it is the user's "dt-solo" settings."""

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store if store is not None else QSettings(ORGANISATION, APPLICATION)

    # -- language --------------------------------------------------------------------------------
    @property
    def language(self) -> str:
        """``system`` (default), ``en`` or ``fr``."""
        value = self.store.value("ui/language", i18n.SYSTEM)
        return value if value in LANGUAGE_CHOICES else i18n.SYSTEM

    @language.setter
    def language(self, value: str) -> None:
        if value not in LANGUAGE_CHOICES:
            raise ValueError(f"unknown language {value!r}: expected one of {', '.join(LANGUAGE_CHOICES)}")
        self.store.setValue("ui/language", value)

    # -- files -----------------------------------------------------------------------------------
    @property
    def last_game_path(self) -> Path | None:
        """The game file last saved or opened (None: none yet)."""
        value = self.store.value("files/last_game", "")
        return Path(value) if isinstance(value, str) and value else None

    @last_game_path.setter
    def last_game_path(self, path: Path | None) -> None:
        if path is None:
            self.store.remove("files/last_game")
        else:
            self.store.setValue("files/last_game", str(path))

    # -- board -----------------------------------------------------------------------------------
    @property
    def show_square_names(self) -> bool:
        """Whether the board writes each square's name (a1…) in it."""
        return _as_bool(self.store.value("board/show_square_names", False))

    @show_square_names.setter
    def show_square_names(self, shown: bool) -> None:
        self.store.setValue("board/show_square_names", bool(shown))

    # -- window ----------------------------------------------------------------------------------
    @property
    def window_geometry(self) -> QByteArray | None:
        """The main window's ``saveGeometry()``, for ``restoreGeometry()`` (None: never saved)."""
        return _as_bytes(self.store.value("window/geometry"))

    @window_geometry.setter
    def window_geometry(self, geometry: QByteArray) -> None:
        self.store.setValue("window/geometry", QByteArray(geometry))

    @property
    def window_state(self) -> QByteArray | None:
        """The main window's ``saveState()`` (docks and toolbars), for ``restoreState()``."""
        return _as_bytes(self.store.value("window/state"))

    @window_state.setter
    def window_state(self, state: QByteArray) -> None:
        self.store.setValue("window/state", QByteArray(state))

    # -- the new-game wizard's last choices --------------------------------------------------------
    @property
    def last_new_game(self) -> dict[str, Any]:
        """The choices of the last new game (``GameSettings.to_data()``), to start the wizard from."""
        text = self.store.value("new_game/last", "")
        try:
            data = json.loads(text) if isinstance(text, str) and text else {}
        except ValueError:
            log.warning("ignoring unreadable new-game choices in the settings: %r", text)
            return {}
        return data if isinstance(data, dict) else {}

    @last_new_game.setter
    def last_new_game(self, data: dict[str, Any]) -> None:
        self.store.setValue("new_game/last", json.dumps(data, sort_keys=True))

    def sync(self) -> None:
        """Write the settings to disk now (Qt also does it on its own)."""
        self.store.sync()


def _as_bool(value: Any) -> bool:
    """A boolean read back from QSettings (ini files give the strings "true"/"false")."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def _as_bytes(value: Any) -> QByteArray | None:
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, bytes) and value:
        return QByteArray(value)
    return None


def language_label(language: str) -> str:
    """How a language choice is shown: the system's, or each language in its own tongue."""
    labels = {
        i18n.SYSTEM: QCoreApplication.translate("SettingsDialog", "System language"),
        "en": QCoreApplication.translate("SettingsDialog", "English"),
        "fr": QCoreApplication.translate("SettingsDialog", "Français"),
    }
    return labels.get(language, language)


class SettingsDialog(QDialog):
    """Edit the preferences. On accept they are written; a new language is installed at once
    (``apply_live``: windows that retranslate on ``LanguageChange`` follow, the rest on restart) and
    ``language_changed(str)`` is emitted; ``square_names_changed(bool)`` when that one changes."""

    language_changed = Signal(str)
    square_names_changed = Signal(bool)

    def __init__(
        self, settings: AppSettings, parent: QWidget | None = None, *, apply_live: bool = True
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.apply_live = apply_live
        self.setWindowTitle(self.tr("Settings"))
        self.language = QComboBox()
        for choice in LANGUAGE_CHOICES:
            self.language.addItem(language_label(choice), choice)
        self.language.setCurrentIndex(LANGUAGE_CHOICES.index(settings.language))
        self.square_names = QCheckBox(self.tr("Show the name of each square on the board"))
        self.square_names.setChecked(settings.show_square_names)
        note = QLabel(self.tr("Some texts change language only when the app is started again."))
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Language:"), self.language)
        form.addRow(self.square_names)
        standard = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(standard.Ok | standard.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def chosen_language(self) -> str:
        return str(self.language.currentData())

    def accept(self) -> None:
        """Write what was chosen, then apply it."""
        old_language, old_names = self.settings.language, self.settings.show_square_names
        language, names = self.chosen_language(), self.square_names.isChecked()
        self.settings.language = language
        self.settings.show_square_names = names
        self.settings.sync()
        super().accept()
        if language != old_language:
            app = QCoreApplication.instance()
            if self.apply_live and app is not None:
                i18n.install(app, language)
            self.language_changed.emit(language)
        if names != old_names:
            self.square_names_changed.emit(names)
