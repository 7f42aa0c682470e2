"""``dt-solo play`` refuses a step the rules forbid in the reader's language (issue 12): the rule ID kept,
no English in the French, no internal id, and the game file left as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_running import run

from solo.game.saves import save_game
from solo.game.setup import new_game

ENGLISH = re.compile(r"\b(the|is|not|cannot|played|now|playable|turn|end|first|it)\b")
RAW_ID = re.compile(r"\b(npc|player|object):")


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    save_game(new_game(2, seed=4), path)
    return path


@pytest.mark.parametrize(("argv", "french", "english"), [
    (("card", "4"),
     "dt-solo: la carte Action 4 ne peut pas être jouée maintenant (S-TURN-2/3 : jouables 2)",
     "dt-solo: the 4 Action card cannot be played now (S-TURN-2/3: playable 2)"),
    (("np-turn",),
     "dt-solo: c'est le tour du Joueur (S-TURN-1) : terminez-le d'abord",
     "dt-solo: it is the Player's turn (S-TURN-1): end it first"),
], ids=["action card", "np turn in the Player's turn"])
def test_a_refused_step_is_told_in_french_and_in_english(
        game_file: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], french: str,
        english: str) -> None:
    before = game_file.read_bytes()
    said = {}
    for language in ("fr", "en"):
        code, out, err = run(capsys, "--lang", language, "play", str(game_file), *argv)
        assert code == 2 and out == ""
        said[language] = err.strip()
    assert said == {"fr": french, "en": english}
    assert not ENGLISH.search(said["fr"]) and not RAW_ID.search(said["fr"] + said["en"])
    assert game_file.read_bytes() == before
