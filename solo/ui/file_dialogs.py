"""File dialogs in the app's language: Qt's own file dialog leaves « Look in: » and « Files of type: » in
English even with its French translation installed, so the app names those labels itself."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget


def _tr(text: str) -> str:
    """Our strings, translated (tools/update_translations.py writes this call out for lupdate)."""
    return QCoreApplication.translate("FileDialogs", text)


def file_dialog(parent: QWidget | None, title: str, name: str, filters: str, *, save: bool) -> QFileDialog:
    """A dialog choosing a file to open (``save`` False) or to write, every label in the app's language."""
    dialog = QFileDialog(parent, title, "", filters)
    dialog.setObjectName("file-dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    if name:
        dialog.selectFile(name)
    dialog.setLabelText(QFileDialog.DialogLabel.LookIn, _tr("Look in:"))
    dialog.setLabelText(QFileDialog.DialogLabel.FileType, _tr("Files of type:"))
    dialog.setLabelText(QFileDialog.DialogLabel.FileName, _tr("File name:"))
    dialog.setLabelText(QFileDialog.DialogLabel.Accept, _tr("Save") if save else _tr("Open"))
    dialog.setLabelText(QFileDialog.DialogLabel.Reject, _tr("Cancel"))
    return dialog


def ask_file_name(parent: QWidget | None, title: str, name: str, filters: str, *, save: bool) -> str:
    """The file the player chose, or "" when he cancelled."""
    dialog = file_dialog(parent, title, name, filters, save=save)
    if not dialog.exec():
        return ""
    chosen = dialog.selectedFiles()
    return chosen[0] if chosen else ""
