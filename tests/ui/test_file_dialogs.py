"""The file dialogs (open, save, export the log) speak the app's language: Qt's own dialog left « Look in: »
and « Files of type: » in English in the French app."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QLabel

from solo.ui import i18n
from solo.ui.file_dialogs import file_dialog

pytestmark = pytest.mark.gui


def test_the_save_dialog_is_all_in_french(qtbot: Any, qapp: Any) -> None:
    try:
        i18n.install(qapp, "fr")
        dialog = file_dialog(None, "Enregistrer la partie", "game.yaml", "Parties dt-solo (*.yaml)",
                             save=True)
        qtbot.addWidget(dialog)
        labels = {label.text() for label in dialog.findChildren(QLabel)}
        assert {"Voir dans\xa0:", "Fichiers de type\xa0:", "Nom de fichier\xa0:"} <= labels
        assert not {"Look in:", "Files of type:"} & labels
        assert dialog.labelText(QFileDialog.DialogLabel.Accept) == "Enregistrer"
        assert dialog.acceptMode() is QFileDialog.AcceptMode.AcceptSave
    finally:
        i18n.uninstall(qapp)


def test_the_open_dialog_in_english(qtbot: Any) -> None:
    dialog = file_dialog(None, "Open a game", "", "dt-solo games (*.yaml)", save=False)
    qtbot.addWidget(dialog)
    assert dialog.labelText(QFileDialog.DialogLabel.LookIn) == "Look in:"
    assert dialog.labelText(QFileDialog.DialogLabel.Accept) == "Open"
    assert dialog.fileMode() is QFileDialog.FileMode.ExistingFile
