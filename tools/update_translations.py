"""Update the French translation of the app: gather every string of ``solo/ui/**/*.py`` into
``assets/translations/dt_solo_fr.ts`` (keeping the translations already made, dropping strings the
code no longer has), then compile it into ``dt_solo_fr.qm`` for the app. lupdate reads copies of
the sources in which a module's translation wrapper (``def _tr(text): return
QCoreApplication.translate("Context", text)``) is written out at each call, so its strings count too.

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


def lupdate(ts_file: Path, files: list[Path] | None = None) -> None:
    """Gather the strings of ``files`` into ``ts_file``, keeping its translations, dropping vanished ones."""
    files = sources() if files is None else files
    ts_file.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        expanded = []
        for i, path in enumerate(files):
            copy = Path(tmp) / f"{i:03d}_{path.name}"
            copy.write_text(expand_wrappers(path.read_text(encoding="utf-8")), encoding="utf-8")
            expanded.append(copy)
        command = [
            tool("pyside6-lupdate"), *map(str, expanded), "-ts", str(ts_file),
            "-no-obsolete", "-locations", "none", "-source-language", "en", "-target-language", LANGUAGE,
            "-silent",
        ]
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


def missing(ts_file: Path = TS_FILE, files: list[Path] | None = None) -> list[Key]:
    """Strings of the code that ``ts_file`` lacks (lupdate run into a temporary file to compare)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / ts_file.name
        lupdate(fresh, files)
        wanted = messages(fresh)
    have = messages(ts_file) if ts_file.is_file() else {}
    return sorted(key for key in wanted if key not in have)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report, change nothing")
    args = parser.parse_args(argv)
    if args.check:
        report = [f"missing: {c}: {s!r}" for c, s, _ in missing()] + problems()
        print("\n".join(report) or "the translation is complete")
        return 1 if report else 0
    lupdate(TS_FILE)
    lrelease()
    todo = problems()
    for line in todo:
        print(f"to translate: {line}")
    print(f"{TS_FILE.relative_to(ROOT)}: {len(messages(TS_FILE))} messages, {len(todo)} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
