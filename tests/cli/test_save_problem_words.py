"""A broken game file's problems in the reader's language (issue 12): a position problem inside the
game file keeps its French words, and a log message that is no message is told as one."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_running import run

from solo.locations import RULES_DIR

DEMO_GAME = (RULES_DIR / "games" / "demo.yaml").read_text(encoding="utf-8")


def status_in_both(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[str, str]:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    said = []
    for language in ("en", "fr"):
        code, out, err = run(capsys, "--lang", language, "status", str(path))
        assert (code, out) == (1, "")
        said.append(err.replace(str(path), "FILE"))
    assert path.read_text(encoding="utf-8") == text  # a refused file is never written over
    return said[0], said[1]


def test_a_position_problem_inside_a_game_file_is_told_in_french(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = DEMO_GAME.replace("{id: yom, side: npc, card: yom, at: b1}",
                               "{id: yom, side: npc, card: yom, at: b1, carries: dragon}")
    assert broken != DEMO_GAME
    english, french = status_in_both(tmp_path, capsys, broken)
    assert english == ("FILE: position.characters[yom].carries: 'dragon' is neither an object kind "
                       "(key, rope, spear, bow, shield, wand) nor a character id\n1 problem found\n")
    assert french == ("FILE: position.characters[yom].carries: 'dragon' n'est ni un type d'objet (key, rope, "
                      "spear, bow, shield, wand) ni un identifiant de personnage\n1 problème trouvé\n")


def test_a_log_message_that_is_no_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = DEMO_GAME.split("\n")
    first = lines.index("  message:")
    end = next(n for n in range(first + 1, len(lines)) if not lines[n].startswith("    "))
    broken = "\n".join([*lines[:first], "  message: [1, 2]", *lines[end:]])
    english, french = status_in_both(tmp_path, capsys, broken)
    assert english == ("FILE: log[0].message: expected a message as the game saves it (its text and "
                       "parameters), got [1, 2]\n1 problem found\n")
    assert french == ("FILE: log[0].message: message attendu tel que la partie l'enregistre (son texte et "
                      "ses paramètres), reçu [1, 2]\n1 problème trouvé\n")
