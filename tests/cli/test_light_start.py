"""The command line's own cost (issue 16 item 6): `explain` and `check` import neither Qt nor
networkx nor the game modules, and a command on a position reads only the cards it uses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solo.locations import RULES_DIR

PROBE = """
import contextlib, io, sys
from solo.content import cards
from solo.cli.parser import main
read = []
original = cards.load_yaml_file
cards.load_yaml_file = lambda path, *more: read.append(path.stem) or original(path, *more)
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
heavy = sorted({m.split(".")[0] for m in sys.modules} & {"PySide6", "networkx", "shiboken6"})
game = sorted(m for m in sys.modules if m.startswith("solo.game") or m.startswith("solo.ui"))
unused = sorted({"json", "solo.cli.box", "solo.automaton.turn", "platformdirs"} & set(sys.modules))
activates = "solo.automaton.activation" in sys.modules
searches = "solo.table.search" in sys.modules
import json
print(json.dumps({"status": status, "heavy": heavy, "game": game, "read": sorted(read), "unused": unused,
                  "activates": activates, "searches": searches}))
"""

DEMO = str(RULES_DIR / "positions" / "demo.yaml")
DEMO_NPCS = ["arthos", "brikoltou", "lissandra", "nolock", "pere-bonsoins", "serpico", "yom"]


def _run(*args: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_explain_imports_no_qt_no_networkx_no_game_and_reads_the_tables_cards_only() -> None:
    result = _run("explain", DEMO, "--npc", "nolock", "--seed", "1")
    assert result["status"] == 0
    assert result["heavy"] == [] and result["game"] == []
    # json only for --json, the box and the NP turn only for their commands, platformdirs only to find
    # the player's folder when DT_SOLO_USER_DIR does not name it (the tests' conftest names it)
    assert result["unused"] == []
    assert result["activates"] is True
    assert result["read"] == DEMO_NPCS  # the 7 NPCs of the demo table, each read once, not the deck


def test_check_imports_no_qt_no_networkx() -> None:
    result = _run("check", DEMO)
    assert result["status"] == 0
    assert result["heavy"] == [] and result["game"] == []
    assert result["activates"] is False  # the automaton's activation is explain's alone
    assert result["searches"] is False  # and the search's modules are for paths and explain
    assert result["read"] == DEMO_NPCS  # the table's cards, each once: its OK line read the whole deck


@pytest.mark.parametrize("command", [["show", DEMO], ["sight", DEMO, "--from", "d9"],
                                     ["paths", DEMO, "--from", "d9"]])
def test_the_other_table_commands_read_the_tables_cards_only(command: list[str]) -> None:
    result = _run(*command)
    assert result["status"] == 0 and result["heavy"] == [] and result["activates"] is False
    assert result["searches"] is (command[0] == "paths")
    assert result["read"] == DEMO_NPCS


def test_the_game_commands_are_still_there() -> None:
    command = [sys.executable, "-m", "solo.cli", "--help"]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    for command in ("new", "status", "simulate", "play", "explain", "check"):
        assert command in out.stdout


def _options(parser: object) -> dict[str, list[str]]:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: [a.dest for a in sub._actions if a.dest != "help"] for name, sub in subs.choices.items()}


def test_a_command_on_a_position_builds_only_its_own_parser() -> None:
    # Only the command run is built (each parser ~0.5 M instructions, issue 16 item 6); the others are
    # named still, so that the main parser's usage (its "unrecognized arguments" error) reads the same.
    # An unknown command (its "invalid choice" error lists them) and --help build every one.
    from solo.cli.parser import TABLE_COMMANDS, build_parser

    whole_parser = build_parser(game_commands=False)
    light_parser = build_parser(game_commands=False, command="explain")
    whole, light = _options(whole_parser), _options(light_parser)
    assert list(whole) == [*TABLE_COMMANDS, "app"] and list(light) == ["explain"]
    assert light["explain"] == whole["explain"] and "npc" in light["explain"] and "seed" in light["explain"]
    assert whole["np-turn"][:2] == ["file", "order"] and whole["paths"][:2] == ["file", "origin"]
    assert light_parser.format_usage() == whole_parser.format_usage()
    assert "{check,rooms,show,paths,sight,explain,np-turn,app}" in light_parser.format_usage()
    unknown = _options(build_parser(game_commands=True, command="frobnicate"))
    assert list(unknown)[: len(TABLE_COMMANDS)] == list(TABLE_COMMANDS) and "new" in unknown
    assert all(unknown[name] == [] for name in TABLE_COMMANDS)


def test_an_error_of_the_main_parser_reads_the_same_for_a_command_built_alone() -> None:
    # dt-solo explain … extra: the main parser refuses the extra argument with its whole usage.
    command = [sys.executable, "-m", "solo.cli", "explain", DEMO, "--npc", "nolock", "extra-argument",
               "--lang", "en"]
    out = subprocess.run(command, capture_output=True, text=True, check=False,
                         env={**os.environ, "COLUMNS": "80"})
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == (
        "usage: dt-solo [-h] [--lang {en,fr}]\n"
        "               {check,rooms,show,paths,sight,explain,np-turn,app} ...\n"
        "dt-solo: error: unrecognized arguments: extra-argument\n")


def test_the_player_s_folder_is_platformdirs_own_without_override(monkeypatch: pytest.MonkeyPatch) -> None:
    # platformdirs is imported only when the folder is asked for without DT_SOLO_USER_DIR: the same folder.
    import platformdirs

    from solo.locations import user_data_dir

    monkeypatch.delenv("DT_SOLO_USER_DIR")
    assert str(user_data_dir()) == platformdirs.user_data_dir("dt-solo", appauthor=False)
    monkeypatch.setenv("DT_SOLO_USER_DIR", "/somewhere/else")
    assert str(user_data_dir()) == "/somewhere/else"


def test_platformdirs_patterns_wait_for_their_first_use_and_read_as_its_own(tmp_path: Path) -> None:
    # Loaded for the player's folder, platformdirs' patterns (its reader of the XDG user folders file)
    # are compiled at their first use (issue 16 item 6); that file then reads as when it loads alone.
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "user-dirs.dirs").write_text(
        'XDG_DOCUMENTS_DIR="$HOME/Mes \\"documents\\""\r\nXDG_MUSIC_DIR=$HOME/Mu\\ sique\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DT_SOLO_USER_DIR", "XDG_"))}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    asked = ("import platformdirs as p; print(p.user_documents_dir()); print(p.user_music_dir()); "
             "print(p.user_data_dir('dt-solo', appauthor=False))")
    ours = ("import re; from solo.locations import user_data_dir; folder = user_data_dir(); "
            "import platformdirs.unix as u; print(isinstance(u._USER_DIRS_LINE, re.Pattern)); "
            "print(re.compile.__module__); " + asked + "; print(folder)")
    alone, deferred = (subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                      check=True, env=env) for code in (asked, ours))
    lines = alone.stdout.splitlines()
    assert lines[0] == f"{tmp_path}/Mes \"documents\"" and lines[1] == f"{tmp_path}/Mu sique"
    assert deferred.stdout.splitlines() == ["False", "re", *lines, lines[2]]


def test_a_message_parameter_s_type_holds_no_forward_reference() -> None:
    # A quoted name in a Union is a ForwardRef, whose compile() is a player's process's first and sets
    # up the ast module's types (~9.6 M instructions of every start, issue 16 item 6).
    import typing

    from solo.messages import Message, Param, Ref

    assert not any(isinstance(arg, typing.ForwardRef) for arg in typing.get_args(Param))
    assert {int, str, Ref, Message} <= set(typing.get_args(Param))
