"""``dt-solo new`` and ``dt-solo status`` (issue 4 item 10; S-SETUP-1, S-SETUP-5, item 8 modes).

The commands are registered on a fresh parser here, and run the way ``solo.cli.parser.main`` runs them
(a DataError lists its problems with status 1); bad values give a message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from solo.cli.game import add_commands
from solo.errors import DataError
from solo.game.saves import game_to_data, load_game, save_game
from solo.game.setup import START_SQUARES
from solo.game.state import COMPONENTS
from solo.table.squares import square_name


def parser() -> argparse.ArgumentParser:
    result = argparse.ArgumentParser(prog="dt-solo")
    add_commands(result.add_subparsers(dest="command", required=True))
    return result


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Like ``solo.cli.parser.main``: a DataError is listed on stderr with status 1."""
    args = parser().parse_args(list(argv))
    try:
        code = int(args.run(args))
    except DataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        code = 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_item10_new_then_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_file = str(tmp_path / "game.yaml")
    code, out, err = run(capsys, "new", "--difficulty", "6", "--vision", "--seed", "42",
                         "--team", "cleric,naga,wizard,backstabber", "-o", game_file)
    assert (code, err) == (0, "")
    assert game_file in out and "black" in out and "seed 42" in out and "with the Arch-Mage's Vision" in out
    game = load_game(game_file)
    assert (game.difficulty, game.vision, game.seed) == (6, True, 42)
    # S-SETUP-5: the chosen team stands on the yellow line.
    assert sorted(game.position.characters) == ["backstabber", "cleric", "naga", "wizard"]
    assert sorted(square_name(c.at) for c in game.position.characters.values() if c.at is not None) == \
        sorted(START_SQUARES)

    code, out, err = run(capsys, "status", game_file)
    assert (code, err) == (0, "")
    assert "difficulty 6 (black)" in out and "Vision" in out
    assert "Turn 1, the Player's turn" in out and "Player 0 VP, NP 0 VP" in out
    assert "a b c d e f g h i j" in out  # the board
    assert f"Bag: {len(game.bag)} tokens" in out
    assert f"Reinforcements: {len(game.reinforcements)} cards left" in out
    assert "Room cards: 0 revealed" in out and "8 unrevealed" in out
    assert f"NP combat deck: {len(game.npc_combat.cards)} cards, discard 0" in out
    assert "Action 2 3 4 5" in out and "3 Jump cards" in out
    assert "NPC row: -" in out
    assert "Last events (1 of 1)" in out and "[Set-up]" in out


def test_item10_status_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_file = str(tmp_path / "game.yaml")
    assert run(capsys, "new", "--difficulty", "pink", "--seed", "3", "-o", game_file)[0] == 0
    code, out, _ = run(capsys, "status", "--json", game_file)
    assert code == 0
    report = json.loads(out)
    game = load_game(game_file)
    assert report["difficulty"] == {"level": 1, "name": "pink"}
    assert report["turn"] == "player" and report["turn_number"] == 1
    assert report["score"] == {"player": 0, "npc": 0}
    assert report["bag"]["size"] == len(game.bag) == sum(v for k, v in report["bag"].items() if k != "size")
    assert report["bag"]["npc characters"] == 8  # S-SETUP-3
    assert report["reinforcements"] == 24  # S-SETUP-4
    assert report["room_cards"] == {"revealed": [], "unrevealed": 8}
    assert report["npc_combat"] == {"deck": len(game.npc_combat.cards), "discard": 0}
    assert report["player_cards"]["actions"] == [2, 3, 4, 5]
    assert [e["kind"] for e in report["last_events"]] == ["setup"]
    assert report["modes"] == dict.fromkeys(COMPONENTS, "app")


def test_item10_status_shows_the_last_ten_events(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_file = tmp_path / "game.yaml"
    assert run(capsys, "new", "--difficulty", "2", "--seed", "1", "-o", str(game_file))[0] == 0
    game = load_game(game_file)
    for i in range(15):
        game.record("step", f"event number {i}")
    save_game(game, game_file)
    code, out, _ = run(capsys, "status", str(game_file))
    assert code == 0 and "Last events (10 of 16)" in out
    assert "event number 14" in out and "event number 5" in out and "event number 4" not in out
    report = json.loads(run(capsys, "status", "--json", str(game_file))[1])
    assert [e["number"] for e in report["last_events"]] == list(range(7, 17))


def test_item8_table_components(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_file = str(tmp_path / "game.yaml")
    code, out, _ = run(capsys, "new", "--difficulty", "3", "--seed", "5", "--table", "dice", "room-cards",
                       "--table", "bag,vision", "-o", game_file)
    assert code == 0 and "read from the table: dice, bag, room_cards, vision" in out
    modes = load_game(game_file).modes
    assert {c for c, m in modes.items() if m == "table"} == {"dice", "bag", "room_cards", "vision"}
    code, out, _ = run(capsys, "new", "--difficulty", "3", "--table", "all", "-o", game_file, "--force")
    assert code == 0 and set(load_game(game_file).modes.values()) == {"table"}
    assert "Read from the table: dice, bag" in run(capsys, "status", game_file)[1]


def test_item10_same_seed_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(tmp_path / f"g{i}.yaml") for i in (1, 2)]
    for name in files:
        assert run(capsys, "new", "--difficulty", "4", "--seed", "77", "-o", name)[0] == 0
    assert game_to_data(load_game(files[0])) == game_to_data(load_game(files[1]))
    assert Path(files[0]).read_text(encoding="utf-8") == Path(files[1]).read_text(encoding="utf-8")


@pytest.mark.parametrize(("argv", "message"), [
    (["--difficulty", "7"], "--difficulty: '7' is not a level"),
    (["--difficulty", "0"], "--difficulty"),
    (["--difficulty", "grey"], "--difficulty"),
    (["--difficulty", "3", "--team", "cleric,naga,wizard"], "choose 4 different classes"),
    (["--difficulty", "3", "--team", "cleric,cleric,wizard,naga"], "choose 4 different classes"),
    (["--difficulty", "3", "--team", "cleric,naga,wizard,ninja"], "unknown class 'ninja'"),
    (["--difficulty", "3", "--table", "dice", "teapot"], "--table: 'teapot' is not a component"),
    (["--difficulty", "3", "--seed", "abc"], "--seed: 'abc' is not a whole number"),
])
def test_item10_bad_new_values_give_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              argv: list[str], message: str) -> None:
    game_file = tmp_path / "game.yaml"
    code, _, err = run(capsys, "new", *argv, "-o", str(game_file))
    assert code == 2 and message in err and err.startswith("dt-solo: ")
    assert not game_file.exists()


def test_item10_new_never_replaces_a_game_unless_forced(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    game_file = tmp_path / "game.yaml"
    assert run(capsys, "new", "--difficulty", "1", "--seed", "1", "-o", str(game_file))[0] == 0
    before = game_file.read_bytes()
    code, _, err = run(capsys, "new", "--difficulty", "2", "--seed", "2", "-o", str(game_file))
    assert code == 2 and "--force" in err and game_file.read_bytes() == before
    assert run(capsys, "new", "--difficulty", "2", "--seed", "2", "-o", str(game_file), "--force")[0] == 0
    assert load_game(game_file).difficulty == 2
    code, _, err = run(capsys, "new", "--difficulty", "2", "-o", str(tmp_path / "no" / "game.yaml"))
    assert code == 2 and "does not exist" in err


def test_item10_missing_difficulty_is_an_argparse_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        parser().parse_args(["new", "-o", "x.yaml"])
    assert stopped.value.code == 2
    assert "--difficulty" in capsys.readouterr().err


def test_item9_status_of_a_broken_game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_file = tmp_path / "game.yaml"
    code, _, err = run(capsys, "status", str(game_file))
    assert code == 1 and str(game_file) in err and "cannot read" in err
    assert run(capsys, "new", "--difficulty", "1", "--seed", "1", "-o", str(game_file))[0] == 0
    text = game_file.read_bytes()
    game_file.write_bytes(text[: len(text) // 2])  # cut short
    code, _, err = run(capsys, "status", str(game_file))
    assert code == 1 and str(game_file) in err and "incomplete" in err


def test_item10_wired_into_dt_solo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Through ``dt-solo`` itself, once ``solo.cli.parser.build_parser`` registers the game commands."""
    from solo.cli.parser import build_parser, main

    try:
        build_parser().parse_args(["status", "x.yaml"])
    except SystemExit:
        pytest.skip("solo.cli.parser does not register the game commands yet")
    capsys.readouterr()
    game_file = str(tmp_path / "game.yaml")
    assert main(["new", "--difficulty", "5", "--seed", "9", "-o", game_file]) == 0
    assert main(["status", game_file]) == 0
    assert main(["new", "--difficulty", "8", "-o", str(tmp_path / "other.yaml")]) == 2
    assert main(["status", str(tmp_path / "missing.yaml")]) == 1
    out, err = capsys.readouterr()
    assert "difficulty 5" in out and "Traceback" not in out + err
