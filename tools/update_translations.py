"""Update the French translation of the app: gather every string of ``solo/ui/**/*.py`` into
``assets/translations/dt_solo_fr.ts`` (keeping the translations already made, dropping strings the
code no longer has), then compile it into ``dt_solo_fr.qm`` for the app. lupdate reads copies of
the sources in which a module's translation wrapper (``def _tr(text): return
QCoreApplication.translate("Context", text)``) is written out at each call, so its strings count too.

A count is written with Qt's plural forms: ``QCoreApplication.translate("Context", "%n problem(s)",
None, n)`` or ``self.tr("%n problem(s)", "", n)``. Its French has a form for 0-1 and one for more,
and since the source "(s)" must not show in English either, ``dt_solo_en.ts``/``.qm`` hold the
English forms of those messages only (lupdate ``-pluralonly``).

Usage: ``python tools/update_translations.py`` (then translate the new ``unfinished`` messages,
e.g. with Qt Linguist: ``pyside6-linguist assets/translations/dt_solo_fr.ts``, and run it again to
compile), or ``--check`` to only report what is missing or untranslated (exit status 1).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI_DIR = ROOT / "solo" / "ui"
TRANSLATIONS_DIR = ROOT / "assets" / "translations"
LANGUAGE = "fr"
TS_FILE = TRANSLATIONS_DIR / f"dt_solo_{LANGUAGE}.ts"
QM_FILE = TRANSLATIONS_DIR / f"dt_solo_{LANGUAGE}.qm"
PLURAL_LANGUAGE = "en"
"""The source language: it is translated only where a count chooses the words (its plural forms)."""
PLURAL_TS_FILE = TRANSLATIONS_DIR / f"dt_solo_{PLURAL_LANGUAGE}.ts"
PLURAL_QM_FILE = TRANSLATIONS_DIR / f"dt_solo_{PLURAL_LANGUAGE}.qm"

Key = tuple[str, str, str]
"""A message: (context, source text, disambiguation comment)."""


def tool(name: str) -> str:
    """The path of a Qt Linguist tool installed with PySide6."""
    path = shutil.which(name)
    if path is None:
        raise SystemExit(f"{name} not found: install PySide6 (it ships {name})")
    return path


def sources(ui_dir: Path = UI_DIR) -> list[Path]:
    """Every Python file of the app's interface, sub-folders included."""
    return sorted(p for p in ui_dir.rglob("*.py") if p.is_file() and not p.name.startswith("."))


_WRAPPER = re.compile(
    r'^def (\w+)\((\w+)(?:\s*:\s*str)?\)\s*(?:->\s*str\s*)?:[ \t]*\n'
    r'(?:[ \t]+(?:"""[^\n]*"""|#[^\n]*)\n)*'
    r'[ \t]+return QCoreApplication\.translate\(\s*(\w+|"[^"\n]*")\s*,\s*\2\s*\)[ \t]*$',
    re.MULTILINE,
)
"""A module's one-line wrapper ``def _tr(text): return QCoreApplication.translate("Context", text)``."""


def expand_wrappers(text: str) -> str:
    """The source with each call of a translation wrapper written out as ``QCoreApplication.translate``
    (lupdate only sees the literal calls); the context may be a module constant (``CONTEXT = "…"``)."""
    for match in _WRAPPER.finditer(text):
        name, context = match.group(1), match.group(3)
        if not context.startswith('"'):
            constant = re.search(rf'^{context}\s*(?::\s*\w+\s*)?=\s*("[^"\n]*")', text, re.MULTILINE)
            if constant is None:
                continue
            context = constant.group(1)
        text = re.sub(rf"(?<![\w.])(?<!def ){name}\(", f"QCoreApplication.translate({context}, ", text)
    return text


_NUMERUS = re.compile(
    r'QCoreApplication\.translate\(\s*(\w+|"[^"\n]*")\s*,\s*("(?:[^"\\\n]|\\.)*")\s*,'
    r'\s*(None|"[^"\n]*")\s*,'
)
"""The start of a call with a count, ``QCoreApplication.translate("Context", "%n …", None, n)``."""


def expand_numerus(text: str) -> str:
    """The source with each ``QCoreApplication.translate`` call that has a count written as a ``tr``
    call in a class named after its context: lupdate marks only ``tr`` calls as plural (numerus)."""
    calls: dict[str, list[str]] = {}

    def hide(match: re.Match[str]) -> str:
        context = match.group(1)
        if not context.startswith('"'):
            constant = re.search(rf'^{context}\s*(?::\s*\w+\s*)?=\s*("[^"\n]*")', text, re.MULTILINE)
            if constant is None:
                return match.group(0)
            context = constant.group(1)
        name = context.strip('"')
        if not name.isidentifier():
            return match.group(0)
        comment = '""' if match.group(3) == "None" else match.group(3)
        calls.setdefault(name, []).append(f"        self.tr({match.group(2)}, {comment}, 0)")
        return f"_counted({match.group(1)}, {match.group(2)}, {match.group(3)},"

    text = _NUMERUS.sub(hide, text)
    for name, lines in calls.items():
        text += f"\n\nclass {name}(QObject):\n    def _counted(self) -> None:\n" + "\n".join(lines) + "\n"
    return text


def lupdate(ts_file: Path, files: list[Path] | None = None, language: str = LANGUAGE) -> None:
    """Gather the strings of ``files`` into ``ts_file``, keeping its translations, dropping vanished ones
    (only the plural ones for the source language)."""
    files = sources() if files is None else files
    ts_file.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        expanded = []
        for i, path in enumerate(files):
            copy = Path(tmp) / f"{i:03d}_{path.name}"
            text = expand_numerus(expand_wrappers(path.read_text(encoding="utf-8")))
            copy.write_text(text, encoding="utf-8")
            expanded.append(copy)
        command = [
            tool("pyside6-lupdate"), *map(str, expanded), "-ts", str(ts_file),
            "-no-obsolete", "-locations", "none", "-source-language", "en", "-target-language", language,
            "-silent",
        ]
        if language == PLURAL_LANGUAGE:
            command.append("-pluralonly")
        subprocess.run(command, check=True)


def lrelease(ts_file: Path = TS_FILE, qm_file: Path = QM_FILE) -> None:
    """Compile a ``.ts`` into the ``.qm`` the app loads."""
    subprocess.run([tool("pyside6-lrelease"), str(ts_file), "-qm", str(qm_file), "-silent"], check=True)


def messages(ts_file: Path) -> dict[Key, ET.Element]:
    """The messages of a ``.ts`` file by (context, source, comment)."""
    found: dict[Key, ET.Element] = {}
    for context in ET.parse(ts_file).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            found[key] = message
    return found


def untranslated(message: ET.Element) -> str | None:
    """Why a message of the ``.ts`` is not a finished translation, or None when it is."""
    translation = message.find("translation")
    if translation is None:
        return "no translation"
    kind = translation.get("type")
    if kind in ("unfinished", "vanished", "obsolete"):
        return kind
    forms = translation.findall("numerusform")
    texts = [f.text or "" for f in forms] if forms else [translation.text or ""]
    if not all(t.strip() for t in texts):
        return "empty translation"
    return None


def problems(ts_file: Path = TS_FILE) -> list[str]:
    """Every message of ``ts_file`` that is not translated, named by context and source."""
    return [
        f"{context}: {source!r}: {why}"
        for (context, source, _), message in messages(ts_file).items()
        if (why := untranslated(message)) is not None
    ]


def missing(ts_file: Path = TS_FILE, files: list[Path] | None = None, language: str = LANGUAGE) -> list[Key]:
    """Strings of the code that ``ts_file`` lacks (lupdate run into a temporary file to compare);
    a plural string whose ``ts_file`` entry is not plural counts as missing too."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / ts_file.name
        lupdate(fresh, files, language)
        wanted = messages(fresh)
    have = messages(ts_file) if ts_file.is_file() else {}
    return sorted(key for key, message in wanted.items()
                  if key not in have or have[key].get("numerus") != message.get("numerus"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report, change nothing")
    args = parser.parse_args(argv)
    files = ((TS_FILE, QM_FILE, LANGUAGE), (PLURAL_TS_FILE, PLURAL_QM_FILE, PLURAL_LANGUAGE))
    if args.check:
        report = [f"missing in {ts.name}: {c}: {s!r}" for ts, _, language in files
                  for c, s, _ in missing(ts, language=language)]
        report += [f"{ts.name}: {line}" for ts, _, _ in files for line in problems(ts)]
        print("\n".join(report) or "the translation is complete")
        return 1 if report else 0
    for ts, qm, language in files:
        lupdate(ts, language=language)
        lrelease(ts, qm)
        todo = problems(ts)
        for line in todo:
            print(f"to translate in {ts.name}: {line}")
        print(f"{ts.relative_to(ROOT)}: {len(messages(ts))} messages, {len(todo)} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
