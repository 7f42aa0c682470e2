"""The app's preferences survive a restart (a QSettings ini file) and the dialog writes and applies them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

from solo.ui import i18n
from solo.ui.settings import AppSettings, SettingsDialog


def _store(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


@pytest.fixture
def ini(tmp_path: Path) -> Path:
    return tmp_path / "dt-solo.ini"


@pytest.fixture
def english(qapp: Any) -> Iterator[None]:
    """Whatever a test installs, the app is back in English afterwards."""
    yield
    i18n.uninstall(qapp)


def test_defaults_of_a_new_settings_file(ini: Path) -> None:
    settings = AppSettings(_store(ini))
    assert settings.language == "system"
    assert settings.last_game_path is None
    assert settings.show_square_names is False
    assert settings.window_geometry is None and settings.window_state is None
    assert settings.last_new_game == {}


def test_round_trip_through_an_ini_file(ini: Path, tmp_path: Path) -> None:
    settings = AppSettings(_store(ini))
    settings.language = "fr"
    settings.last_game_path = tmp_path / "my game.yaml"
    settings.show_square_names = True
    settings.window_geometry = QByteArray(b"\x01\x02geometry\xff")
    settings.window_state = QByteArray(b"state\x00")
    settings.last_new_game = {"difficulty": 3, "team": None, "modes": {"dice": "table"}}
    settings.sync()
    assert ini.is_file()

    again = AppSettings(_store(ini))
    assert again.language == "fr"
    assert again.last_game_path == tmp_path / "my game.yaml"
    assert again.show_square_names is True
    assert again.window_geometry == QByteArray(b"\x01\x02geometry\xff")
    assert again.window_state == QByteArray(b"state\x00")
    assert again.last_new_game == {"difficulty": 3, "team": None, "modes": {"dice": "table"}}

    again.last_game_path = None
    again.show_square_names = False
    again.sync()
    third = AppSettings(_store(ini))
    assert third.last_game_path is None and third.show_square_names is False


def test_hand_edited_values_fall_back_to_defaults(ini: Path) -> None:
    ini.write_text("[ui]\nlanguage=klingon\n[new_game]\nlast=\"{not json\"\n", encoding="utf-8")
    settings = AppSettings(_store(ini))
    assert settings.language == "system"
    assert settings.last_new_game == {}
    with pytest.raises(ValueError, match="klingon"):
        settings.language = "klingon"


def test_dialog_writes_and_applies_the_choices(qtbot: Any, ini: Path, english: None) -> None:
    settings = AppSettings(_store(ini))
    settings.language = "en"
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.chosen_language() == "en" and not dialog.square_names.isChecked()
    dialog.language.setCurrentIndex(dialog.language.findData("fr"))
    dialog.square_names.setChecked(True)
    heard: list[object] = []
    dialog.language_changed.connect(heard.append)
    dialog.square_names_changed.connect(heard.append)
    dialog.accept()
    assert heard == ["fr", True]
    assert dialog.result() == SettingsDialog.DialogCode.Accepted

    again = AppSettings(_store(ini))
    assert again.language == "fr" and again.show_square_names is True
    # Applied live: new texts come out in French.
    assert QCoreApplication.translate("SettingsDialog", "Settings") == "Paramètres"


def test_dialog_without_live_switch_or_cancelled(qtbot: Any, ini: Path, english: None) -> None:
    settings = AppSettings(_store(ini))
    dialog = SettingsDialog(settings, apply_live=False)
    qtbot.addWidget(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData("fr"))
    with qtbot.waitSignal(dialog.language_changed):
        dialog.accept()
    assert settings.language == "fr"
    assert QCoreApplication.translate("SettingsDialog", "Settings") == "Settings"  # on restart only

    cancelled = SettingsDialog(settings)
    qtbot.addWidget(cancelled)
    cancelled.language.setCurrentIndex(cancelled.language.findData("en"))
    cancelled.square_names.setChecked(True)
    cancelled.reject()
    assert settings.language == "fr" and settings.show_square_names is False
