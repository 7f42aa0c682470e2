"""Messages into words, in English or French, at the edge (the app, the command line, the log export).

English is the source language: a message's text is its gettext ``msgid``. The French catalogue is
``solo/locale/fr/LC_MESSAGES/dt_solo.mo``, compiled from the ``.po`` by tools/update_catalogues.py
(Babel). A parameter that is a game thing (:class:`~solo.messages.Ref`) is named as printed: an NPC by
its card's name, a Player figure by its class (``le Magicien``), an object by its name and colour.
French templates may ask for the forms after a preposition, ``{who:de}`` (``du Magicien``, ``de
Lissandra``) and ``{who:a}`` (``au Magicien``), or a capital, ``{who:cap}``.
"""

from __future__ import annotations

import _string  # type: ignore[import-not-found]  # str.format's own parser, as string.Formatter uses it
import gettext
import os
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from solo.glossary import CLASS_NAMES, CLASSES, MODES, OBJECTS, SIDES
from solo.locations import PROJECT_ROOT
from solo.messages import Message, Param, Ref, msg

DOMAIN = "dt_solo"
LOCALE_DIR = PROJECT_ROOT / "solo" / "locale"
"""The catalogues beside this module (the project's folder already resolved: one ``resolve`` a start)."""
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "fr")


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English, or a missing file: the English texts)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The user's language from the locale variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                break
    return SOURCE_LANGUAGE


def translate(context: str, text: str, language: str) -> str:
    """One text in ``language`` (with its gettext context when it has one)."""
    cat = catalogue(language)
    return cat.pgettext(context, text) if context else cat.gettext(text)


def count_of(value: object) -> int:
    """The number that chooses a plural form: a number, a list's length, digits (2 when it is none)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return len(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return 2


def template(message: Message, language: str) -> str:
    """A message's text in ``language``: for a plural message, the form its count asks for there
    (``ngettext``: French « 0 » and « 1 » take the singular, English only « 1 »)."""
    if not message.plural:
        return translate(message.context, message.text, language)
    cat, n = catalogue(language), count_of(message.args.get(message.count))
    if message.context:
        return cat.npgettext(message.context, message.text, message.plural, n)
    return cat.ngettext(message.text, message.plural, n)


DECIMAL_SIGNS = {"en": ".", "fr": ","}
"""The sign between a number's units and its decimals in each language (« 12,5 % » in French)."""


def decimal_text(text: str, language: str) -> str:
    """A number written with a point (``12.5``, ``1.2e-05``) with the language's decimal sign instead."""
    return text.replace(".", DECIMAL_SIGNS.get(language, "."))


def term(entry: tuple[str, str], language: str) -> str:
    """A glossary term in ``language``."""
    return translate(entry[0], entry[1], language)


class Phrase:
    """A rendered name with its forms after ``de`` and ``à`` (French) and with a capital."""

    def __init__(self, text: str, language: str) -> None:
        self.text, self.language = text, language

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        if spec == "cap":
            return self.text[:1].upper() + self.text[1:]
        if spec in ("de", "a") and self.language == "fr":
            return _french_after(spec, self.text)
        return self.text


def _french_after(preposition: str, text: str) -> str:
    """``du Magicien``, ``de la Corde``, ``de l'Arc``, ``d'Arthos``; ``au Magicien``, ``à la Corde``."""
    lowered = text.lower()
    if lowered.startswith("le "):
        return ("du " if preposition == "de" else "au ") + text[3:]
    if lowered.startswith("les "):
        return ("des " if preposition == "de" else "aux ") + text[4:]
    if lowered.startswith(("la ", "l'", "l’")):
        return ("de " if preposition == "de" else "à ") + text
    if preposition == "de":
        return ("d'" if lowered[:1] in "aeiouyéèêâîôûh" else "de ") + text
    return "à " + text


def _pretty(key: str) -> str:
    """An id made readable when no name is known (a card a position names but no folder holds)."""
    return " ".join(word.capitalize() for word in key.replace("_", "-").split("-"))


class Renderer:
    """Turns messages into words in one language, naming NPCs by their cards' printed names."""

    def __init__(self, language: str = SOURCE_LANGUAGE, names: Mapping[str, str] | None = None) -> None:
        self.language = language if language in LANGUAGES else SOURCE_LANGUAGE
        self.names: Mapping[str, str] = names or {}

    def __call__(self, message: Message) -> str:
        return self.render(message)

    def render(self, message: Message) -> str:
        if not message.text:
            return ""
        if message.context == "literal":
            return str(message.args.get("text", ""))
        if message.context == "number":
            return decimal_text(str(message.args.get("text", "")), self.language)
        if message.context == "translated":
            args = message.args
            return str(args.get(self.language) or args.get("text", ""))
        return self._sentence(message, mid_sentence=False)

    def _sentence(self, message: Message, mid_sentence: bool) -> str:
        """A message's words; ``mid_sentence``: it does not start a sentence where it stands, so its
        ``:cap`` at the very start stays small (« …; the Banshee -> j4 »)."""
        if message.context in ("literal", "number", "translated") or not message.text:
            return self.render(message)
        params = message.args
        for text in (template(message, self.language), template(message, SOURCE_LANGUAGE)):
            # a broken translation never hides the message
            try:
                return self._format(text, params, mid_sentence)
            except (KeyError, IndexError, ValueError, AttributeError):
                continue
        return message.text

    def _format(self, template: str, params: Mapping[str, Param], mid_sentence: bool) -> str:
        """``str.format`` of a template whose fields are game things and messages: a field that does
        not start a sentence (AMB-CAPITALS) is never given a capital, nor is a message inside it."""
        out: list[str] = []
        for literal_text, field, spec, conversion in _fields(template):
            out.append(literal_text)
            if field is None:
                continue
            before = "".join(out)
            mid = mid_sentence if _starts_nothing(before) else not _ends_sentence(before)
            value = _converted(self._value(params[field], mid), conversion)
            out.append(format(value, "" if mid and spec == "cap" else spec or ""))
        return "".join(out)

    def ref(self, ref: Ref) -> str:
        """The name of a game thing as printed, in the language."""
        lang = self.language
        if ref.kind == "npc":
            return self.names.get(ref.key) or _pretty(ref.key)
        if ref.kind == "character":  # a character of a file: its name, and its id when that differs
            kind, _, rest = ref.key.partition(":")
            key, _, char_id = rest.partition(":")
            named = self.ref(Ref(kind, key))
            return f"{named} ({char_id})" if char_id and char_id != key else named
        if ref.kind == "card":
            return self.names.get(f"title:{ref.key}") or self.names.get(ref.key) or _pretty(ref.key)
        if ref.kind == "summary":
            found = self.names.get(f"summary.{lang}:{ref.key}") or self.names.get(f"summary.en:{ref.key}")
            return found or self.render(msg("(none)"))
        if ref.kind == "player" and ref.key in CLASSES:
            return term(CLASSES[ref.key], lang)
        if ref.kind == "class" and ref.key in CLASS_NAMES:
            return term(CLASS_NAMES[ref.key], lang)
        if ref.kind == "object":
            entry = OBJECTS.get(ref.key) or OBJECTS.get(ref.key.split(":")[0])
            return term(entry, lang) if entry else _pretty(ref.key)
        if ref.kind == "mode" and ref.key in MODES:
            return term(MODES[ref.key], lang)
        if ref.kind == "side" and ref.key in SIDES:
            return term(SIDES[ref.key], lang)
        if ref.kind == "layout":
            return self.names.get(f"room.{lang}:{ref.key}") or self.names.get("room:" + ref.key) or ref.key
        if ref.kind == "room":
            slot, _, layout = ref.key.partition(":")
            room = self.render(msg("room {slot}", slot=slot))
            if not layout:
                return room
            name = self.names.get(f"room.{lang}:{layout}") or self.names.get(f"room:{layout}", layout)
            return f"{room} ({name})"
        return self.names.get(ref.key) or _pretty(ref.key)

    def _value(self, value: Param, mid_sentence: bool = False) -> Any:
        if isinstance(value, Ref):
            return Phrase(self.ref(value), self.language)
        if isinstance(value, Message):
            return Phrase(self._sentence(value, mid_sentence), self.language)
        if isinstance(value, tuple):
            parts = [str(self._value(item, mid_sentence or index > 0)) for index, item in enumerate(value)]
            if len(parts) < 2:
                return Phrase("".join(parts), self.language)
            both = msg("{first} and {last}", first=", ".join(parts[:-1]), last=parts[-1])
            return Phrase(self.render(both), self.language)
        return value


def _starts_nothing(before: str) -> bool:
    """Nothing but spaces and a list's dash before a field: it stands where its message stands."""
    return before.strip(" \t-•*") == ""


def _ends_sentence(before: str) -> bool:
    """The text before a field closes a sentence (a full stop, a question, a line, then maybe a list's
    dash): a capital may follow."""
    stripped = before.rstrip(" \t-•*")
    return stripped.endswith(("\n", ".", "!", "?")) and not stripped.endswith("..")


def _fields(template: str) -> Iterator[tuple[str, str | None, str | None, str | None]]:
    """A template's literal texts and fields, as ``string.Formatter.parse`` gives them."""
    fields: Iterator[tuple[str, str | None, str | None, str | None]] = _string.formatter_parser(template)
    return fields


def _converted(value: Any, conversion: str | None) -> Any:
    """A field's ``!s``, ``!r`` or ``!a`` conversion (``string.Formatter.convert_field``'s, without
    loading ``string``: its ``Template`` compiles a pattern as it loads, ~2 M instructions a start)."""
    if conversion is None:
        return value
    if conversion == "s":
        return str(value)
    if conversion == "r":
        return repr(value)
    if conversion == "a":
        return ascii(value)
    raise ValueError(f"Unknown conversion specifier {conversion!s}")

_ENGLISH = Renderer()


def render(message: Message, language: str = SOURCE_LANGUAGE, names: Mapping[str, str] | None = None) -> str:
    """One message in words (``names``: card id to printed name)."""
    if language == SOURCE_LANGUAGE and not names:
        return _ENGLISH.render(message)
    return Renderer(language, names).render(message)
