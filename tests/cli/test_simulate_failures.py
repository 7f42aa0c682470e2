"""A game of ``dt-solo simulate`` stopped by an engine error is reported in the reader's language,
with the figures, objects and NPCs named as printed, never by an id (the JSON keeps the English)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cli_running import run

import solo.game.simulate as simulate
from solo.game.census import Snapshot
from solo.game.state import Game

ARGS = ("simulate", "--games", "1", "--difficulty", "1", "--seed", "3", "--jobs", "1", "--quiet",
        "--player", "simple")


@pytest.fixture
def lost_wizard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The census before the Player's first turn counts one Wizard more than the table will hold."""
    real = simulate.snapshot

    def snapshot(game: Game) -> Snapshot:
        taken = real(game)
        taken.census["player:wizard"] += 1
        return taken

    monkeypatch.setattr(simulate, "snapshot", snapshot)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "level 1, seed 3: turn 1, the Player's turn: tokens not conserved: gained nothing, "
           "lost 1 × the Wizard"),
    ("fr", "niveau 1, graine 3 : tour 1, tour du Joueur : pions non conservés (en trop : rien ; "
           "manquants : 1 × le Magicien)"),
])
def test_a_broken_invariant_is_told_in_the_language(capsys: pytest.CaptureFixture[str], lost_wizard: None,
                                                    language: str, expected: str) -> None:
    code, out, _ = run(capsys, "--lang", language, *ARGS)
    assert code == 1
    assert out.splitlines()[-1] == expected
    assert "player:" not in out and "wizard" not in out and "InvariantError" not in out


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "level 1, seed 3: engine error RuntimeError: Père Bonsoins dropped the yellow Bow on {c3}"),
    ("fr", "niveau 1, graine 3 : erreur du moteur RuntimeError : Père Bonsoins dropped l'Arc jaune on {c3}"),
])
def test_an_unexpected_error_names_its_tokens_as_printed(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         language: str, expected: str) -> None:
    def broken(*_: Any) -> Any:
        raise RuntimeError("npc:pere-bonsoins dropped object:bow:yellow on {c3}")  # Python's words stay

    monkeypatch.setattr(simulate, "np_turn_in_game", broken)
    code, out, _ = run(capsys, "--lang", language, *ARGS)
    assert code == 1
    line = out.splitlines()[-1]
    assert line == expected and "npc:" not in line and "object:" not in line


def test_the_json_report_keeps_the_english_error(capsys: pytest.CaptureFixture[str],
                                                 lost_wizard: None) -> None:
    code, out, err = run(capsys, "--lang", "fr", *ARGS, "--json")
    assert code == 1
    errors = json.loads(out)["levels"][0]["errors"]
    assert errors == ["seed 3: InvariantError: turn 1, the Player's turn: tokens not conserved: gained "
                      "nothing, lost 1 × the Wizard"]
    last = err.splitlines()[-1]
    assert last.startswith("niveau 1, graine 3 : tour 1, tour du Joueur : pions non conservés")
