"""The app's languages: install the French (or another) translation of the interface and of Qt itself.

Our translations are ``assets/translations/dt_solo_<lang>.qm`` (made from the ``.ts`` by
``tools/update_translations.py``; ``dt_solo_en.qm`` holds only the English plural forms of counts,
"%n card(s)" read "1 card", "3 cards"); Qt's own strings (the wizard's Next/Back, standard dialogs) come
from Qt's ``qtbase_<lang>.qm`` when the installed Qt has it. English is the source language.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

TRANSLATIONS_DIR = Path(__file__).resolve().parents[2] / "assets" / "translations"
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "fr")
"""The languages the interface is written or translated in."""
SYSTEM = "system"
"""The language setting meaning "the system's language when we have it, else English"."""

_current = SOURCE_LANGUAGE
"""The language last installed: the engine's messages are rendered in it (solo.ui.words)."""

_installed: list[QTranslator] = []
"""Translators installed by the last :func:`install`, removed by the next one (live switching)."""


def qm_path(language: str) -> Path:
    """Where the compiled translation of the interface into ``language`` lives."""
    return TRANSLATIONS_DIR / f"dt_solo_{language}.qm"


def system_language() -> str:
    """The system's language if the interface has it, else English."""
    code = QLocale.system().name().split("_")[0]
    return code if code in LANGUAGES else SOURCE_LANGUAGE


def resolve(language: str) -> str:
    """The language to show for a setting (``system`` becomes the system's language)."""
    return system_language() if language == SYSTEM else language


def current_language() -> str:
    """The language the interface shows now (``en`` or ``fr``)."""
    return _current


def uninstall(app: QCoreApplication) -> None:
    """Remove the translators installed by :func:`install` (back to English)."""
    global _current
    _current = SOURCE_LANGUAGE
    while _installed:
        translator = _installed.pop()
        app.removeTranslator(translator)
        translator.deleteLater()


def _install_plurals(app: QCoreApplication) -> None:
    """Install the English plural forms (``dt_solo_en.qm``): a count's source text says "card(s)", its
    English translation "1 card", "3 cards". Without the file the "(s)" shows, with a warning."""
    translator = QTranslator(app)
    path = qm_path(SOURCE_LANGUAGE)
    if not path.is_file() or not translator.load(str(path)):
        log.warning("no English plural forms (%s): counts read 'card(s)'", path)
        translator.deleteLater()
        return
    app.installTranslator(translator)
    _installed.append(translator)


def install(app: QCoreApplication, language: str) -> QTranslator | None:
    """Translate the app into ``language`` (``en``, ``fr`` or ``system``), replacing any earlier language.

    Returns our translator, or None for English (only its plural forms are installed, the source
    being English) or when the ``.qm`` file is missing or unreadable
    (a logged warning: the app then stays in English, it never fails for that). Qt's own strings
    are translated too when Qt ships that language."""
    global _current
    uninstall(app)
    language = resolve(language)
    _current = language if language in LANGUAGES else SOURCE_LANGUAGE
    if language == SOURCE_LANGUAGE:
        _install_plurals(app)
        return None
    path = qm_path(language)
    translator = QTranslator(app)
    if not path.is_file() or not translator.load(str(path)):
        log.warning("no translation of the interface into %r (%s): it stays in English", language, path)
        _current = SOURCE_LANGUAGE
        translator.deleteLater()
        _install_plurals(app)
        return None
    app.installTranslator(translator)
    _installed.append(translator)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qt_translator = QTranslator(app)
    if qt_translator.load(f"qtbase_{language}", qt_dir):
        app.installTranslator(qt_translator)
        _installed.append(qt_translator)
    else:
        log.info("Qt has no %r translation of its own strings in %s", language, qt_dir)
        qt_translator.deleteLater()
    return translator
