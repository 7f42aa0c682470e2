"""The French translation is complete, compiled from the current .ts, covers every string of
``solo/ui``, and the app speaks French once it is installed."""

from __future__ import annotations

import importlib.util
import logging
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo

from solo.ui import i18n
from solo.ui.new_game import NewGameWizard

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "assets" / "translations" / "dt_solo_fr.ts"
QM = ROOT / "assets" / "translations" / "dt_solo_fr.qm"
EN_TS = ROOT / "assets" / "translations" / "dt_solo_en.ts"
EN_QM = ROOT / "assets" / "translations" / "dt_solo_en.qm"
needs_tools = pytest.mark.skipif(
    shutil.which("pyside6-lupdate") is None or shutil.which("pyside6-lrelease") is None,
    reason="the Qt Linguist tools of PySide6 are not installed",
)


def _tool() -> ModuleType:
    """tools/update_translations.py (tools/ is not a package)."""
    path = ROOT / "tools" / "update_translations.py"
    spec = importlib.util.spec_from_file_location("update_translations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("update_translations", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def french(qapp: Any) -> Iterator[Any]:
    translator = i18n.install(qapp, "fr")
    yield translator
    i18n.uninstall(qapp)


def test_every_message_is_translated() -> None:
    tool = _tool()
    assert len(tool.messages(TS)) > 0
    problems = tool.problems(TS)
    assert not problems, "untranslated in dt_solo_fr.ts:\n" + "\n".join(problems)


def test_translations_keep_the_placeholders() -> None:
    """A translation must fill the same {name}/%1/%n slots as its source, or the app fails to format it
    (a French form of a name, ``{name:a}`` « au Clerc », fills the slot ``{name}``)."""
    tool = _tool()
    slots = re.compile(r"\{[^{}:]*|%\d|%n")
    wrong = []
    for (context, source, _), message in tool.messages(TS).items():
        translation = message.find("translation")
        forms = translation.findall("numerusform") if translation is not None else []
        texts = [f.text or "" for f in forms] or [translation.text or "" if translation is not None else ""]
        for text in texts:
            if sorted(slots.findall(text)) != sorted(slots.findall(source)):
                wrong.append(f"{context}: {source!r} -> {text!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_no_formatted_string_is_looked_up() -> None:
    """tr(f"...") is looked up after formatting, so it is never found: format after translating."""
    tool = _tool()
    call = re.compile(r"""(?:\btr|QCoreApplication\.translate)\((?:\s*(?:"[^"]*"|\w+)\s*,)?\s*f["']""")
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in tool.sources()
        for match in call.finditer(tool.expand_wrappers(path.read_text(encoding="utf-8")))
    ]
    assert not found, "\n".join(found)


def test_ui_strings_are_double_quoted() -> None:
    """A single-quoted tr('...') inside an f-string escapes lupdate (it was missed once): the UI's
    translation calls use double quotes."""
    call = re.compile(r"""(?:\b_?tr|QCoreApplication\.translate)\((?:\s*"[^"]*"\s*,)?\s*'""")
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _tool().sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if call.search(line)
    ]
    assert not found, "\n".join(found)


@needs_tools
def test_every_ui_string_is_in_the_ts() -> None:
    """lupdate run into a temporary .ts: a string added to solo/ui and not yet translated fails here
    (fix: python tools/update_translations.py, translate, run it again)."""
    tool = _tool()
    start = time.monotonic()
    missing = tool.missing(TS)
    assert time.monotonic() - start < 10
    assert not missing, "not in dt_solo_fr.ts:\n" + "\n".join(f"{c}: {s!r}" for c, s, _ in missing)


@needs_tools
def test_the_qm_is_compiled_from_the_current_ts(tmp_path: Path) -> None:
    tool = _tool()
    fresh = tmp_path / "dt_solo_fr.qm"
    tool.lrelease(TS, fresh)
    assert QM.is_file(), "run python tools/update_translations.py"
    stale = "dt_solo_fr.qm is not compiled from the current .ts: run python tools/update_translations.py"
    assert QM.read_bytes() == fresh.read_bytes(), stale


def test_french_comes_out_once_installed(french: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert french is not None
    assert QCoreApplication.translate("NewGameWizard", "black") == "noir"
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(ROOT / "no such folder"))
    wizard = NewGameWizard()
    qtbot.addWidget(wizard)
    assert wizard.windowTitle() == "Nouvelle partie"
    assert wizard.level_page.title() == "Niveau de difficulté"  # self.tr: the class is the context
    assert "noir" in wizard.level_page.buttons[6].text()
    assert "0 fichier de salle" in wizard.content_page.folder.text()  # a plural form
    assert wizard.level_page.details.text().startswith("Des renforts arrivent")


def test_qt_own_strings_are_translated_too(french: Any) -> None:
    qt_dir = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    if not (qt_dir / "qtbase_fr.qm").is_file():
        pytest.skip("this Qt has no French translation of its own")
    assert QCoreApplication.translate("QWizard", "&Next") != "&Next"


def test_english_and_back(qapp: Any) -> None:
    assert i18n.install(qapp, "fr") is not None
    assert i18n.install(qapp, "en") is None
    assert QCoreApplication.translate("NewGameWizard", "black") == "black"
    assert i18n.resolve("fr") == "fr" and i18n.resolve("system") in i18n.LANGUAGES


def test_a_missing_translation_is_a_warning(
    qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(i18n, "TRANSLATIONS_DIR", tmp_path)
    with caplog.at_level(logging.WARNING, logger="solo.ui.i18n"):
        assert i18n.install(qapp, "fr") is None
    assert "stays in English" in caplog.text
    assert QCoreApplication.translate("NewGameWizard", "black") == "black"


def test_a_count_has_its_plural_forms_in_english_and_french(qapp: Any) -> None:
    """AMB-PLURALS: every message with a count (%n) reads without "(s)" with 1 and with 3, in English
    (dt_solo_en, its plural forms only) and in French (0-1 singular)."""
    tool = _tool()
    counted = [key for key, message in tool.messages(EN_TS).items() if message.get("numerus") == "yes"]
    assert ("BoxSummary", "%n problem(s) in your box:", "") in counted
    assert set(counted) == {key for key, message in tool.messages(TS).items() if message.get("numerus")}
    assert not tool.problems(EN_TS)
    said: dict[str, list[str]] = {}
    try:
        for language in ("en", "fr"):
            i18n.install(qapp, language)
            said[language] = [QCoreApplication.translate(c, s, d or None, n)
                              for c, s, d in counted for n in (1, 3)]
    finally:
        i18n.uninstall(qapp)
    for language, texts in said.items():
        assert not [t for t in texts if "(s)" in t or "%n" in t], language
    assert "1 problem in your box:" in said["en"] and "3 problems in your box:" in said["en"]
    assert "1 problème dans votre boîte :" in said["fr"] and "3 problèmes dans votre boîte :" in said["fr"]
    english = dict(zip(counted, zip(said["en"][::2], said["en"][1::2], strict=True), strict=True))
    assert english[("DifficultyWindow", "%n game(s) stopped on an engine error.", "")] == (
        "1 game stopped on an engine error.", "3 games stopped on an engine error.")


@needs_tools
def test_a_translate_call_with_a_count_is_gathered_as_plural(tmp_path: Path) -> None:
    """lupdate marks only tr() calls plural: update_translations writes translate(…, n) calls as tr()
    calls of a class named after the context, so they get plural forms too."""
    tool = _tool()
    source = tmp_path / "counted.py"
    source.write_text('from PySide6.QtCore import QCoreApplication\n\n\ndef said(n: int) -> str:\n'
                      '    return QCoreApplication.translate(\n        "Counted", "%n thing(s)", None, n)\n'
                      '\n\ndef other() -> str:\n'
                      '    return QCoreApplication.translate("Counted", "no count")\n',
                      encoding="utf-8")
    for language, ts in (("fr", tmp_path / "fr.ts"), ("en", tmp_path / "en.ts")):
        tool.lupdate(ts, [source], language)
        found = {key[1]: message.get("numerus") for key, message in tool.messages(ts).items()}
        wanted = {"%n thing(s)": "yes", "no count": None} if language == "fr" else {"%n thing(s)": "yes"}
        assert found == wanted


@needs_tools
def test_the_english_plurals_are_compiled_and_complete(tmp_path: Path) -> None:
    tool = _tool()
    assert not tool.missing(EN_TS, language="en"), "run python tools/update_translations.py"
    fresh = tmp_path / "dt_solo_en.qm"
    tool.lrelease(EN_TS, fresh)
    assert EN_QM.read_bytes() == fresh.read_bytes(), "run python tools/update_translations.py"
