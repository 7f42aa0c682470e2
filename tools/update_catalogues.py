"""Update the engine's gettext catalogues with Babel: extract every message of ``solo/`` into
``solo/locale/dt_solo.pot``, merge it into ``solo/locale/fr/LC_MESSAGES/dt_solo.po`` (keeping the
translations made, marking new texts untranslated), then compile ``dt_solo.mo`` for the program.

The markers are ``msg("…", name=…)``, ``msg_n("one …", "many …", "counted", …)`` (a plural entry: a
``msgid_plural`` and a ``msgstr[i]`` per form of the language's ``Plural-Forms``), ``msg_ctx("context",
"…")`` (solo/messages.py) and ``term("context", "…")`` (solo/glossary.py). The same can be done by hand
with ``pybabel extract -k msg -k msg_n:1,2 -k msg_ctx:1c,2 -k term:1c,2 -o solo/locale/dt_solo.pot solo``,
``pybabel update -D dt_solo -d solo/locale -i solo/locale/dt_solo.pot`` and ``pybabel compile -D dt_solo
-d solo/locale``.

Usage: ``python tools/update_catalogues.py`` (then translate the new entries of the ``.po``, e.g. with
Poedit or any editor, and run it again to compile), or ``--check`` to only report what is missing,
untranslated or not compiled (exit status 1). The compiled ``.mo`` is committed, so a fresh clone runs.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCE_DIR = ROOT / "solo"
LOCALE_DIR = SOURCE_DIR / "locale"
DOMAIN = "dt_solo"
LANGUAGES = ("fr",)
KEYWORDS = {"msg": None, "msg_n": (1, 2), "msg_ctx": ((1, "c"), 2), "term": ((1, "c"), 2)}
METHOD_MAP = [("**.py", "python")]


def template() -> Catalog:
    """Every message of the code, with where it is used."""
    catalog = Catalog(project="dt-solo", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(SOURCE_DIR), METHOD_MAP, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(f"solo/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    path = po_path(language)
    if not path.is_file():
        return Catalog(locale=language, domain=DOMAIN, project="dt-solo", charset="utf-8")
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def said(mo: bytes) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """What a compiled catalogue says: its headers but the Babel release that compiled it
    (``Generated-By``), and every message with its context and translation."""
    catalog = read_mo(io.BytesIO(mo))
    headers = [(key, value) for key, value in catalog.mime_headers if key != "Generated-By"]
    return headers, sorted((repr(m.id), repr(m.context), repr(m.string)) for m in catalog if m.id)


def same_messages(mo: bytes, catalog: Catalog) -> bool:
    """Whether ``mo`` is ``catalog`` compiled, whichever Babel release compiled either."""
    return said(mo) == said(compiled(catalog))


def translated(string: object, forms: int) -> bool:
    """Every form of a text is translated: one text, or ``forms`` texts for a plural entry."""
    texts = list(string) if isinstance(string, (list, tuple)) else [string]
    return len(texts) == forms and all(isinstance(text, str) and text for text in texts)


def problems(language: str) -> list[str]:
    """What is missing, untranslated, fuzzy or not compiled in ``language`` (empty: all current)."""
    catalog = read(language)
    found: list[str] = []
    for message in template():
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        if have is None:
            found.append(f"missing: {message.context or ''}|{message.id!r}")
        elif not translated(have.string, catalog.num_plurals if message.pluralizable else 1) or have.fuzzy:
            found.append(f"untranslated: {message.context or ''}|{message.id!r}")
    mo = po_path(language).with_suffix(".mo")
    if not found and (not mo.is_file() or not same_messages(mo.read_bytes(), catalog)):
        found.append(f"{mo.relative_to(ROOT)} is not compiled from the current .po")
    return found


def update(language: str) -> None:
    pot = template()
    catalog = read(language)
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=110, sort_by_file=True, include_previous=False)
    path.with_suffix(".mo").write_bytes(compiled(catalog))
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, pot, width=110, sort_by_file=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report what is missing (exit 1)")
    args = parser.parse_args(argv)
    status = 0
    for language in LANGUAGES:
        if not args.check:
            update(language)
        found = problems(language)
        for line in found:
            print(f"{language}: {line}")
        status |= bool(found)
    return status


if __name__ == "__main__":
    sys.exit(main())
