"""Hostile and damaged game files (issue 15 items 4 and 6): a file that loads never breaks later, and a
save killed mid-write leaves nothing behind for long."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solo.errors import DataError
from solo.game.saves import (
    checkpoint,
    clear_leftovers,
    dump_game_data,
    game_to_data,
    load_autosave,
    load_game,
    rng_to_data,
    save_game,
    undo,
)
from solo.game.setup import new_game


def _game_data() -> dict[str, Any]:
    game = new_game(3, seed=4)
    checkpoint(game)
    game.rng.random()
    return game_to_data(game)


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(dump_game_data(data), encoding="utf-8")
    return path


def _problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_game(path)
    return [str(p) for p in caught.value.problems]


def test_a_log_event_with_a_key_that_is_not_text_is_refused_on_load(tmp_path: Path) -> None:
    data = _game_data()
    data["log"].append({"kind": "teleport", "text": "x", "data": {"landings": [{None: "a5"}]}})
    problems = _problems(_write(tmp_path, data))
    index = len(data["log"]) - 1
    assert any(f"log[{index}].data.landings[0]: the key None is neither text nor a whole number" in p
               for p in problems), problems


def test_a_log_event_with_a_date_is_refused_on_load(tmp_path: Path) -> None:
    data = _game_data()
    data["log"].append({"kind": "note", "text": "x", "data": {"when": "DATE"}})
    path = _write(tmp_path, data)
    path.write_text(path.read_text(encoding="utf-8").replace("DATE", "2001-01-01"), encoding="utf-8")
    assert any("is not plain data" in p for p in _problems(path))


def test_an_undo_snapshot_whose_generator_is_a_list_undoes(tmp_path: Path) -> None:
    game = new_game(2, seed=9)
    checkpoint(game)
    expected = game.rng.getstate()
    game.rng.random()
    data = game_to_data(game)
    data["history"][-1]["rng"] = rng_to_data(expected)
    restored = undo(load_game(_write(tmp_path, data)))
    assert restored.rng.getstate() == expected


def test_an_all_zero_generator_state_is_refused(tmp_path: Path) -> None:
    data = _game_data()
    data["rng"] = [3, [0] * 624 + [624], None]
    problems = _problems(_write(tmp_path, data))
    assert any(p.endswith("rng: the generator's words are all zero: not a generator state") for p in problems)


def test_an_all_zero_generator_in_an_undo_snapshot_is_refused(tmp_path: Path) -> None:
    data = _game_data()
    data["history"][-1]["rng"] = [3, [0] * 624 + [624], None]
    problems = _problems(_write(tmp_path, data))
    assert any("history[0].rng: the generator's words are all zero" in p for p in problems)


@pytest.mark.parametrize("key", ["npc_pile", "reinforcements", "row", "rooms_unrevealed"])
def test_ids_in_piles_have_a_pattern_and_a_length_limit(tmp_path: Path, key: str) -> None:
    data = _game_data()
    data[key] = ["x" * 5000, "a/b"]
    problems = _problems(_write(tmp_path, data))
    assert f"{tmp_path / 'game.yaml'}: {key}[0]: an id of 5,000 characters: at most 64" in problems
    assert any(p.startswith(f"{tmp_path / 'game.yaml'}: {key}[1]: 'a/b' is not a valid id") for p in problems)
    assert max(len(p) for p in problems) < 400


def test_a_long_card_token_in_the_bag_is_refused(tmp_path: Path) -> None:
    data = _game_data()
    data["bag"] = ["npc:" + "y" * 300]
    (problem,) = _problems(_write(tmp_path, data))
    assert "bag[0]: expected a token" in problem and "(304 characters)" in problem


def test_a_game_file_past_its_size_limit_is_refused_before_parsing(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from solo import yamlio

    path = _write(tmp_path, _game_data())
    size = path.stat().st_size
    monkeypatch.setattr(yamlio, "GAME_LIMITS", yamlio.Limits(size - 1, 100_000, 100_000))
    monkeypatch.setattr("solo.game.saves.GAME_LIMITS", yamlio.GAME_LIMITS)
    assert _problems(path) == [f"{path}: the file is {size:,} bytes long: at most {size - 1:,} "
                               "for this kind of file"]


# -- item 6: leftovers of killed saves ------------------------------------------------------------------
def test_a_save_deletes_the_temporary_files_of_killed_saves(tmp_path: Path) -> None:
    game = new_game(1, seed=2)
    path = save_game(game, tmp_path / "game.yaml")
    leftovers = [tmp_path / ".game.yaml.abc123.tmp", tmp_path / ".game.yaml.zz.tmp"]
    for leftover in leftovers:
        leftover.write_text("half a game", encoding="utf-8")
    other = tmp_path / ".other.yaml.abc.tmp"  # another file's: not ours to delete
    other.write_text("x", encoding="utf-8")
    save_game(game, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.yaml.abc.tmp", "game.yaml"]
    assert load_game(path).seed == game.seed


def test_starting_from_the_autosave_deletes_leftovers(tmp_path: Path) -> None:
    from solo.game.saves import autosave

    game = new_game(1, seed=3)
    autosave(game, tmp_path)
    (tmp_path / ".autosave.yaml.k1ll.tmp").write_text("half", encoding="utf-8")
    loaded, path = load_autosave(tmp_path)
    assert path.name == "autosave.yaml" and loaded.seed == 3
    assert not list(tmp_path.glob("*.tmp"))


def test_clear_leftovers_reports_and_never_touches_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my game [1].yaml"  # glob characters in the name are taken literally
    path.write_text("x", encoding="utf-8")
    leftover = tmp_path / ".my game [1].yaml.q.tmp"
    leftover.write_text("y", encoding="utf-8")
    decoy = tmp_path / ".my game 1.yaml.q.tmp"
    decoy.write_text("z", encoding="utf-8")
    assert clear_leftovers(path) == [leftover]
    assert path.exists() and decoy.exists()



def test_an_undo_snapshot_with_a_broken_position_names_the_earlier_state(tmp_path: Path) -> None:
    data = _game_data()
    data["history"][-1]["position"]["characters"] = [{"id": "x", "side": "martian"}]
    game = load_game(_write(tmp_path, data))  # an earlier state's position is read when restored
    with pytest.raises(DataError) as caught:
        undo(game)
    problems = [str(p) for p in caught.value.problems]
    assert problems[0] == "<undo>: history[0]: this earlier state cannot be restored"
    assert "<undo>: history[0].position.characters[x].side: expected player or npc, got 'martian'" in problems
