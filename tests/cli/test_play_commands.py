"""``dt-solo play GAME …``: one step of a saved game at a time, headless (AMB-SESSION)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_running import play_until_npcs_are_in, run

from solo.game.saves import game_state, load_game, save_game
from solo.game.setup import new_game
from solo.table.position import Side


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    save_game(new_game(2, seed=4), path)
    return path


def test_the_first_action_card_is_the_2(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-TURN-2/3: refused with the rule, and the file is untouched
    before = game_file.read_bytes()
    code, _, err = run(capsys, "play", str(game_file), "card", "3")
    assert code == 2 and "S-TURN-2/3" in err
    assert game_file.read_bytes() == before
    code, out, _ = run(capsys, "play", str(game_file), "card", "2")
    assert code == 0 and "plays his 2 Action card" in out
    assert load_game(game_file).player.actions == [3, 4, 5]


def test_end_turn_then_undo(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:  # AMB-UNDO
    run(capsys, "play", str(game_file), "card", "2")
    before = game_state(load_game(game_file))
    code, _, _ = run(capsys, "play", str(game_file), "end-turn")
    assert code == 0
    game = load_game(game_file)
    assert game.position.turn is not None and game.position.turn.side is Side.NPC
    code, _, _ = run(capsys, "play", str(game_file), "undo")
    assert code == 0
    assert game_state(load_game(game_file)) == before


def _game_with_npcs(path: Path, dice: str = "app") -> Path:
    """A saved game at the start of an NP turn with NPCs in the dungeon (the built-in Player played)."""
    game = new_game(1, seed=3)
    play_until_npcs_are_in(game)
    game.modes["dice"] = dice
    save_game(game, path)
    return path


def test_np_turn_in_a_saved_game_tells_each_activation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _game_with_npcs(tmp_path / "game.yaml")
    turn = load_game(path).turn_number
    code, out, _ = run(capsys, "play", str(path), "np-turn", "--json")
    assert code == 0
    activations = json.loads(out)["turn"]["activations"]
    assert activations and all(a["chosen"] or a.get("end") for a in activations)
    assert load_game(path).turn_number == turn + 1


def test_a_step_waiting_for_the_table_leaves_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # item 8: the dice are the real table's, so the shuffled row of cards is asked (S-TURN-5); without
    # --answer the step is abandoned and the file unchanged (AMB-STEP-ATOMIC); with it, it is played.
    path = _game_with_npcs(tmp_path / "game.yaml", dice="table")
    before = path.read_bytes()
    code, out, _ = run(capsys, "play", str(path), "np-turn", "--json")
    waiting = json.loads(out)["waiting"]
    assert code == 0 and waiting["for"] == "shuffle"
    assert path.read_bytes() == before
    order = list(reversed(waiting["cards"]))
    answers = ["--answer", ",".join(order)]
    for _ in range(80):  # play the step again with one more answer each time, as a player would
        code, out, _ = run(capsys, "play", str(path), "np-turn", "--json", *answers)
        report = json.loads(out)
        if "waiting" not in report:
            break
        asked = report["waiting"]
        die = str(len(answers) % 5 + 1)  # varied rolls: a reroll of the same values would never end
        choice = die if asked["for"] == "die" or not asked.get("options") else str(asked["options"][0])
        answers += ["--answer", choice]
    assert code == 0 and "waiting" not in report
    assert report["turn"]["row"][: len(order)] == order


def test_a_broken_game_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: dt-solo-game/1\n")
    code, _, err = run(capsys, "play", str(path), "np-turn")
    assert code == 1 and str(path) in err


def test_status_warns_of_a_table_breaking_a_rule(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # AMB-TABLE-WARNS: two figures stacked by the player still load; status names the rule
    game = load_game(game_file)
    first, second = list(game.position.characters.values())[:2]
    second.at = first.at
    save_game(game, game_file)
    code, out, _ = run(capsys, "status", str(game_file), "--json")
    assert code == 0
    assert any("B-GOLD-3" in w for w in json.loads(out)["warnings"])


def test_the_demo_game_played_in_french_reads_french(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 12, "done when": dt-solo play on the demo game, from its first NP turn, in French.
    import re
    import shutil

    from solo.locations import DEMO_GAME

    path = tmp_path / "demo.yaml"
    shutil.copy(DEMO_GAME, path)
    code, out, _ = run(capsys, "play", str(path), "np-turn", "--lang", "fr")
    assert code == 0 and "Au tour du NJ : fait, enregistré dans" in out
    assert "PA dépensés" in out and "[Activation]" in out and "Score : Joueur" in out
    assert not re.search(r"\b(npc|player|object):", out)
    assert not re.search(r"\b(moves|achievable|nothing to aim|AP used|Deactivated|the|done|saved)\b", out)
    for card in ("pere-bonsoins", "migrene", "serpico", "yom"):
        assert card not in out  # the cards' names, never their ids
