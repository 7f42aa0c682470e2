"""A game plays all game long with the content it was set up with (AMB-CONTENT)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from solo.game.content import card_library, npc_card, reload_content
from solo.game.saves import game_from_data, game_to_data, load_game, save_game
from solo.game.setup import new_game
from solo.locations import NPC_CARDS_DIR


@pytest.fixture
def own_yom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The player's own Yom card, in his folder, named differently from the demo's."""
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    folder = tmp_path / "npc_cards"
    folder.mkdir()
    text = (NPC_CARDS_DIR / "demo" / "yom.yaml").read_text(encoding="utf-8")
    assert 'name: "Yom"' in text
    (folder / "yom.yaml").write_text(text.replace('name: "Yom"', 'name: "My own Yom"'), encoding="utf-8")
    reload_content()
    yield "My own Yom"
    reload_content()


def test_the_demo_content_leaves_the_players_cards_out(own_yom: str) -> None:
    assert npc_card("yom", "own").name == own_yom
    assert npc_card("yom", "demo").name != own_yom
    assert "yom" in card_library("demo").cards


def test_the_game_keeps_its_content_through_a_save(own_yom: str, tmp_path: Path) -> None:
    game = new_game(2, seed=3, content="demo")
    assert game.content == "demo"
    path = tmp_path / "game.yaml"
    save_game(game, path)
    assert load_game(path).content == "demo"


def test_a_game_file_from_before_the_content_reads_as_the_players_own() -> None:
    data = game_to_data(new_game(1, seed=1))
    del data["content"]
    for entry in data["history"]:
        entry.pop("content", None)
    assert game_from_data(data, "old file").content == "own"


def test_an_unknown_content_is_named() -> None:
    data = game_to_data(new_game(1, seed=1))
    data["content"] = "mine"
    with pytest.raises(Exception, match="content"):
        game_from_data(data, "bad file")
