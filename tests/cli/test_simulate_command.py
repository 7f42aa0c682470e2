"""``dt-solo simulate`` (issue 17): the report as text or JSON, progress on stderr, bad values as messages."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from solo.cli.game import add_commands
from solo.cli.words import set_language


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="dt-solo")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    code = int(args.run(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_json_report_per_level_with_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "1", "--difficulty", "pink,black", "--seed", "7",
                         "--jobs", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "dt-solo-simulate/2" and data["player"] == "search" and data["jobs"] == 1
    assert [(lv["level"], lv["vision"], lv["games"]) for lv in data["levels"]] == [("pink", False, 1),
                                                                                ("black", False, 1)]
    pink = data["levels"][0]
    assert pink["games_played"][0]["seed"] == 7
    assert pink["player_wins"] + pink["npc_wins"] + pink["unfinished"] == 1
    assert sum(pink["vp_per_game"][k] for k in ("player_exits", "player_eliminations")) == \
        pink["games_played"][0]["score"][0]
    assert data["trends"][0]["test"] == "Fisher's exact test, one-sided"
    assert "games 2/2" in err and "elapsed" in err and "left" in err


def test_text_report_names_the_level_and_the_interval(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "1", "--difficulty", "1", "--jobs", "1", "--quiet",
                       "--player", "simple")
    assert code == 0
    assert "the simple built-in Player" in out
    # One game, one process: the singular, not "1 games" or "process(es)".
    assert out.startswith("1 game per level, seed 0, the simple"), out
    assert re.search(r"\(1 game in [^)]* on 1 process, ", out), out
    assert "pink (1), without the Vision: 1 game; the Player wins" in out and "95 % interval" in out
    assert "VP a game: Player exits" in out
    code, out, _ = run(capsys, "simulate", "--games", "2", "--difficulty", "1", "--jobs", "2", "--quiet",
                       "--player", "simple")
    assert out.startswith("2 games per level, seeds 0 to 1,"), out
    assert re.search(r"\(2 games in [^)]* on 2 processes, ", out), out
    assert "pink (1), without the Vision: 2 games; the Player wins" in out


def test_bad_values_give_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--jobs", "0")
    assert code == 2 and "--jobs: expected at least 1" in err
    code, _, err = run(capsys, "simulate", "--difficulty", "purple")
    assert code == 2 and "--difficulty" in err


def test_french_report_writes_decimals_with_a_comma(capsys: pytest.CaptureFixture[str]) -> None:
    """AMB-NUMBERS: « 1,0 renforts » in French, « 1.0 reinforcements » in English; the JSON keeps numbers."""
    set_language("fr")
    code, out, _ = run(capsys, "simulate", "--games", "1", "--difficulty", "1", "--jobs", "1", "--quiet",
                       "--player", "simple")
    assert code == 0
    assert "rose (1), sans la Vision : 1 partie ; le Joueur" in out and "pink" not in out  # French words
    assert out.startswith("1 partie par niveau, graine 0, le Joueur"), out
    assert re.search(r"\(1 partie en [^)]* sur 1 processus, ", out), out
    vp_line = next(line for line in out.splitlines() if "PV par partie" in line)
    assert re.search(r"Joueur sorties \d,\d, éliminations \d,\d ;", vp_line), vp_line
    assert re.search(r"; \d+,\d renforts ;", vp_line) and not re.search(r"\d\.\d", vp_line), vp_line
    set_language("en")
    out = run(capsys, "simulate", "--games", "1", "--difficulty", "1", "--jobs", "1", "--quiet",
              "--player", "simple")[1]
    assert re.search(r"; \d+\.\d reinforcements;", out) and not re.search(r"\d,\d", out), out
    set_language("fr")
    data = json.loads(run(capsys, "simulate", "--games", "1", "--difficulty", "1", "--jobs", "1", "--quiet",
                          "--player", "simple", "--json")[1])
    assert isinstance(data["levels"][0]["reinforcements_per_game"], int | float)
    assert isinstance(data["levels"][0]["vp_per_game"]["player_exits"], float)
