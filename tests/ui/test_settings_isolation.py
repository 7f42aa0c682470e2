"""Running the tests never touches the player's own app settings (window layout, language)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings

from solo.ui.settings import AppSettings


def test_default_settings_live_in_a_throw_away_folder(qtbot: object) -> None:
    store = AppSettings().store
    where = Path(store.fileName()).resolve()
    assert Path(os.environ["XDG_CONFIG_HOME"]).resolve() in where.parents
    assert Path(tempfile.gettempdir()).resolve() in where.parents
    assert Path.home().resolve() / ".config" not in where.parents


def test_qt_user_settings_are_not_at_home(qtbot: object) -> None:
    settings = QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, "dt-solo", "dt-solo")
    assert not Path(settings.fileName()).resolve().is_relative_to(Path.home().resolve() / ".config")
