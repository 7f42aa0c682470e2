"""Starting the app (AMB-RESUME): the named game, the demo, or the last autosave; a broken file never
stops the app."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.game.saves import autosave, game_state, load_game, save_game
from solo.game.setup import new_game
from solo.locations import DEMO_GAME, autosave_dir, demo_autosave_dir
from solo.ui.app import start_session


@pytest.fixture(autouse=True)
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


def test_first_start_opens_the_demo_game() -> None:
    session, path, problems = start_session(None, demo=False)
    assert path is None and problems == []
    assert game_state(session.game) == game_state(load_game(DEMO_GAME))
    assert session.folder == demo_autosave_dir()  # AMB-DEMO-AUTOSAVE: never over the player's game


def test_resumes_the_last_autosave_unless_the_demo_is_asked() -> None:
    game = new_game(4, seed=8)
    autosave(game, autosave_dir())
    session, _, _ = start_session(None, demo=False)
    assert session.game.difficulty == 4 and session.game.seed == 8
    demo, _, _ = start_session(None, demo=True)
    assert game_state(demo.game) == game_state(load_game(DEMO_GAME))


def test_a_named_game_file_is_opened(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    save_game(new_game(5, seed=2), path)
    session, opened, problems = start_session(path, demo=False)
    assert opened == path and problems == [] and session.game.difficulty == 5


def test_a_broken_file_is_reported_and_the_app_still_starts(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: dt-solo-game/1\nend: true\n")
    session, opened, problems = start_session(path, demo=False)
    assert opened is None and problems and all(str(path) in p for p in problems)
    assert session.game is not None  # the demo game instead
    (autosave_dir()).mkdir(parents=True)
    (autosave_dir() / "autosave.yaml").write_text("cut sho")
    session, _, problems = start_session(None, demo=False)
    assert problems and game_state(session.game) == game_state(load_game(DEMO_GAME))


def test_the_demos_progress_is_resumed_when_the_player_has_no_game_of_his_own() -> None:
    game = load_game(DEMO_GAME)
    game.record("note", "played on")
    autosave(game, demo_autosave_dir())
    session, _, _ = start_session(None, demo=False)
    assert session.game.log[-1].text.english() == "played on" and session.folder == demo_autosave_dir()
