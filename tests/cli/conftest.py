"""The command line speaks the user's language: the tests read its English unless they ask otherwise."""

from __future__ import annotations

import pytest

from solo.cli.words import set_language


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language(None)  # a command run before with --lang fr leaves no trace
