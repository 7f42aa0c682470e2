"""The command line refuses a step or a request the rules forbid in the reader's language (issue 12): the
rule ID kept, no English in the French, no internal id, and the game file left as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from builders import position_text
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


def test_a_refused_request_on_a_position_is_told_in_french_and_in_english(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``explain`` of a wounded NPC (S-TURN-6) names it by its card; a square that is none is quoted."""
    path = tmp_path / "position.yaml"
    path.write_text(position_text(characters="""
        - {id: tisane, side: npc, card: frere-tisane, at: c3, wounded: true}
        - {id: wiz, side: player, class: wizard, at: a1}
    """), encoding="utf-8")
    cases = {
        ("explain", "--npc", "tisane"): (
            "dt-solo: Frère Tisane est blessé ou n'est pas sur le plateau : il n'est pas activé (S-TURN-6)",
            "dt-solo: Frère Tisane is wounded or not on the board: it is not activated (S-TURN-6)"),
        ("sight", "--from", "c40"): (
            "dt-solo: 'c40' est hors du plateau (les rangées vont de 0 à 21)",
            "dt-solo: 'c40' is off the board (ranks run 0 … 21)"),
    }
    for argv, expected in cases.items():
        said = []
        for language in ("fr", "en"):
            code, out, err = run(capsys, "--lang", language, *argv, str(path))
            assert code == 2 and out == ""
            said.append(err.strip())
        assert tuple(said) == expected
        assert "tisane" not in said[0] + said[1]
