"""A text of the game's data in each language the app speaks: ``{en: …, fr: …}`` in a data file.

Rule explanations, room layout names and difficulty level names are data, not messages: their words
live beside them in the data files, one text per language, and the edge picks the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.errors import shown
from solo.messages import Message, msg
from solo.records import record

LANGUAGES = ("en", "fr")
"""The languages every translated data text carries (English first: the fallback)."""


@record(frozen=True)
class Texts:
    """One text in several languages; a plain text (a player's own room name) reads the same in all."""

    pairs: tuple[tuple[str, str], ...]

    @classmethod
    def plain(cls, text: str) -> Texts:
        return cls((("", text),))

    def get(self, language: str) -> str:
        """The text in ``language``, else in English, else the plain text."""
        found = dict(self.pairs)
        return found.get(language) or found.get("en") or found.get("", "")

    @property
    def english(self) -> str:
        return self.get("en")

    def is_plain(self) -> bool:
        return all(language == "" for language, _ in self.pairs)

    def to_data(self) -> str | dict[str, str]:
        """As written in a data file: the plain text, or the ``{en: …, fr: …}`` mapping."""
        return self.get("") if self.is_plain() else {language: text for language, text in self.pairs}

    def __str__(self) -> str:
        return self.english

    def __bool__(self) -> bool:
        return any(text for _, text in self.pairs)


def read_texts(value: Any, *, plain_allowed: bool) -> tuple[Texts | None, list[Message]]:
    """A data text: ``{en: …, fr: …}`` with every language (or a plain text when allowed).

    Returns the texts (None when unusable) and what is wrong (messages), each naming the language."""
    if isinstance(value, str) and plain_allowed:
        return Texts.plain(" ".join(value.split())), []
    if not isinstance(value, Mapping):
        wrong = (msg("expected a text or a mapping {{en: …, fr: …}}, got {value}", value=shown(value))
                 if plain_allowed else
                 msg("expected a mapping {{en: …, fr: …}}, got {value}", value=shown(value)))
        return None, [wrong]
    problems: list[Message] = []
    pairs: list[tuple[str, str]] = []
    for language, text in value.items():
        if language not in LANGUAGES:
            problems.append(msg("unknown language {language} (expected {allowed})", language=shown(language),
                                allowed=", ".join(LANGUAGES)))
        elif not isinstance(text, str) or not text.strip():
            problems.append(msg("{language}: expected a text, got {value}", language=str(language),
                                value=shown(text)))
        else:
            pairs.append((str(language), " ".join(text.split())))
    missing = [language for language in LANGUAGES if language not in value]
    problems.extend(msg("{language}: missing (every language is needed)", language=language)
                    for language in missing)
    if problems:
        return None, problems
    pairs.sort(key=lambda pair: LANGUAGES.index(pair[0]))
    return Texts(tuple(pairs)), []
