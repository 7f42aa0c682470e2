"""GUI test fixtures: every test in this folder is marked ``gui`` and runs offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solo.game.session import Session
from solo.game.setup import new_game
from solo.ui import i18n


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)


@pytest.fixture
def demo_session(tmp_path: Path) -> Session:
    """A fresh seeded demo game (level 1, pink), autosaved into a temporary folder."""
    return Session(new_game(1, seed=1), folder=tmp_path / "autosave")


@pytest.fixture
def model(qtbot: object, demo_session: Session) -> object:
    from solo.ui.model import GameModel

    return GameModel(demo_session)


@pytest.fixture
def english(qapp: Any) -> Iterator[None]:
    """The app in English as it starts (its plural forms installed: "1 card", "3 cards"), none after."""
    i18n.install(qapp, "en")
    yield
    i18n.uninstall(qapp)
