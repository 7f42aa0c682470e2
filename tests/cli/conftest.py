"""The command line speaks the user's language: the tests read its English unless they ask otherwise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solo.cli.words import set_language


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language(None)
    yield
    set_language(None)  # a test's --lang fr does not follow the next test that runs a command directly
