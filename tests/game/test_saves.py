"""Game files, autosaves and undo (issue 4 item 9; AMB-SAVE-END, AMB-UNDO, AMB-AUTOSAVE).

A saved game holds everything, the generator's exact state included, so that a loaded game goes on
exactly as if it had never been saved; files are written atomically and end with ``end: true`` so
that a file cut short is refused; undo gives back the exact state before a step.
"""

from __future__ import annotations

import copy
import os
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo import records
from solo.automaton.table import QuestionRequest, Request, UnansweredError, drive
from solo.errors import DataError
from solo.game import saves
from solo.game.reinforce import reinforcement
from solo.game.reveal import reveal_and_place
from solo.game.saves import (
    AUTOSAVE,
    AUTOSAVE_PREVIOUS,
    END_LINE,
    GAME_FORMAT,
    HISTORY_LIMIT,
    UndoError,
    autosave,
    checkpoint,
    dump_game_data,
    game_from_data,
    game_to_data,
    history,
    load_autosave,
    load_game,
    save_game,
    undo,
)
from solo.game.setup import new_game
from solo.game.state import COMPONENTS, Game
from solo.game.teleport import TeleportChoiceRequest
from solo.table.position import Side
from solo.table.squares import parse_square
from solo.yamlio import load_yaml_text

EXAMPLES = int(os.environ.get("DT_SOLO_PROPERTY_EXAMPLES", "40"))
SETTINGS = settings(max_examples=max(EXAMPLES // 2, 5), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@cache
def _fresh(difficulty: int, vision: bool, seed: int, table: tuple[str, ...]) -> dict[str, Any]:
    modes = {c: ("table" if c in table else "app") for c in COMPONENTS}
    return game_to_data(new_game(difficulty, vision=vision, seed=seed, modes=modes))


def fresh_game(difficulty: int = 3, *, vision: bool = False, seed: int = 1,
               table: tuple[str, ...] = ()) -> Game:
    """A new game (set up once per arguments, then copied through its data)."""
    return game_from_data(copy.deepcopy(_fresh(difficulty, vision, seed, table)), "<fresh>")


def play_a_little(game: Game, steps: int, seed: int = 0) -> None:
    """Change every pile the way a game does (not by the rules: only to fill every field)."""
    chooser = random.Random(seed)
    for step in range(steps):
        what = chooser.randrange(7)
        if what == 0 and game.bag:
            token = game.bag.pop(0)
            game.removed.append(token)
            game.record("draw", f"drew {token}", token=token, step=step)
        elif what == 1 and game.npc_combat.cards:
            card = game.npc_combat.cards.pop(0)
            game.npc_combat.discard.append(card)
            game.record("np-card", f"the NP plays {card}", card=card, values=(1, 2))
        elif what == 2 and game.player.actions:
            card = game.player.actions.pop(0)
            game.player.played.append(card)
            game.player.first_cycle = False
            game.record("action", f"the Player plays Action {card}", card=card, side=Side.PLAYER)
        elif what == 3 and game.rooms_unrevealed:
            room = game.rooms_unrevealed.pop()
            game.rooms_revealed.append(room)
            game.record("reveal", f"room {room} revealed", room=room, squares={"red": 3, "white": 6})
        elif what == 4:
            game.tallies["nolock:portcullises_opened"] = game.tallies.get("nolock:portcullises_opened", 0) + 1
            game.row.append(game.reinforcements.pop(0) if game.reinforcements else "xanth")
            game.record("reinforcement", "a reinforcement arrives ⚔ (S-REINF-3)",
                        nested={"a": [1, {"b": None}]})
        elif what == 5:
            assert game.position.score is not None
            game.position.score.npc += 1
            game.turn_number += 1
            game.position.turn.side = game.position.turn.side.other  # type: ignore[union-attr]
            game.record("turn", "the turn passes")
        else:
            game.rng.gauss(0, 1)  # leaves a pending Gaussian value in the generator's state
            game.rng.shuffle(game.bag)
            game.record("shuffle", "the bag is shuffled")


def through_file(game: Game, folder: Path, name: str = "game.yaml") -> Game:
    return load_game(save_game(game, folder / name))


# -- round trip (item 9: "a versioned YAML game file holding everything") ---------------------------

@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), difficulty=st.integers(1, 6), vision=st.booleans(),
       table=st.sets(st.sampled_from(COMPONENTS)), steps=st.integers(0, 12), undo_points=st.integers(0, 3))
def test_item9_save_load_gives_equal_data(seed: int, difficulty: int, vision: bool, table: set[str],
                                          steps: int, undo_points: int) -> None:
    game = fresh_game(difficulty, vision=vision, seed=seed, table=tuple(sorted(table)))
    for point in range(undo_points):
        checkpoint(game)
        play_a_little(game, steps, seed + point)
    data = game_to_data(game)
    text = dump_game_data(data)
    assert text.endswith("\n" + END_LINE)
    again = game_from_data(load_yaml_text(text, "<test>"), "<test>")
    assert game_to_data(again) == data
    assert again.rng.getstate() == game.rng.getstate()
    assert dump_game_data(game_to_data(again)) == text  # the file is canonical


def test_item9_every_field_is_saved(tmp_path: Path) -> None:
    game = fresh_game(6, vision=True, seed=11, table=("bag",))
    play_a_little(game, 40, seed=3)
    loaded = through_file(game, tmp_path)
    for name in ("difficulty", "vision", "seed", "modes", "bag", "npc_pile", "reinforcements",
                 "rooms_unrevealed", "rooms_revealed", "npc_combat", "player", "vision_deck", "row",
                 "tallies", "removed", "turn_number"):
        assert getattr(loaded, name) == getattr(game, name), name
    assert loaded.modes["bag"] == "table"
    assert loaded.rng.getstate() == game.rng.getstate()
    assert game_to_data(loaded) == game_to_data(game)
    assert [(e.kind, e.text) for e in loaded.log] == [(e.kind, e.text) for e in game.log]
    # Tuples and enums in event data are saved as plain data.
    event = next(e for e in loaded.log if e.kind == "np-card")
    assert event.data["values"] == [1, 2]


def test_item9_every_game_field_has_its_key() -> None:
    """A field added to Game without its place in the file would be lost on load: caught here."""
    data = game_to_data(fresh_game())
    assert {f.name for f in records.fields(Game)} <= set(data)


def test_item9_file_is_versioned_and_readable(tmp_path: Path) -> None:
    path = save_game(fresh_game(1, seed=2), tmp_path / "g.yaml")
    text = path.read_text(encoding="utf-8")
    assert "format: dt-solo-game/1\n" in text
    assert "  format: dt-solo-position/1\n" in text  # the table in the position format (formats.md §3)
    assert text.endswith("\nend: true\n")


# -- continuing (issue 4: "Save → load → continue gives the same game as never saving") -------------

def continue_game(game: Game) -> list[Any]:
    """What the game's generator does next: 20 numbers, a shuffle, a die, a Gaussian value."""
    numbers = [game.rng.random() for _ in range(20)]
    game.rng.shuffle(game.bag)
    return [numbers, list(game.bag), game.rng.randint(1, 6), game.rng.gauss(0, 1)]


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789])
def test_item9_save_load_continue_is_never_saving(tmp_path: Path, seed: int) -> None:
    never_saved = fresh_game(3, vision=True, seed=seed)
    saved = fresh_game(3, vision=True, seed=seed)
    for game in (never_saved, saved):
        play_a_little(game, 15, seed)
    saved = through_file(saved, tmp_path)
    assert continue_game(saved) == continue_game(never_saved)
    play_a_little(saved, 15, seed + 1)
    play_a_little(never_saved, 15, seed + 1)
    saved = through_file(saved, tmp_path)  # a second round trip, later in the game
    assert continue_game(saved) == continue_game(never_saved)
    assert game_to_data(saved) == game_to_data(never_saved)


def test_item9_pending_gaussian_value_survives(tmp_path: Path) -> None:
    game = fresh_game(seed=5)
    game.rng.gauss(0, 1)
    assert game.rng.getstate()[2] is not None
    loaded = through_file(game, tmp_path)
    assert loaded.rng.gauss(0, 1) == game.rng.gauss(0, 1)


class PlayerTable:
    """The Player's side of an app-run game: the first valid line, Dékrou on the gear."""

    def answer(self, request: Request) -> Any:
        if isinstance(request, TeleportChoiceRequest):
            return request.options[0]
        if isinstance(request, QuestionRequest):
            return "gear" if "gear" in request.choices else "roll"
        raise UnansweredError(request)


def real_steps(game: Game, slots: tuple[int, ...]) -> None:
    """Reveals (S-REVEAL) by the Player, then a reinforcement (S-REINF-3), with the app's dice."""
    by = sorted(game.position.characters)[0]
    for slot in slots:
        _, missing = drive(reveal_and_place(game, slot, by), PlayerTable())
        assert missing is None
    _, missing = drive(reinforcement(game), PlayerTable())
    assert missing is None


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_item9_save_load_continue_through_real_reveals(tmp_path: Path, seed: int) -> None:
    never_saved, saved = fresh_game(4, vision=True, seed=seed), fresh_game(4, vision=True, seed=seed)
    for game in (never_saved, saved):
        real_steps(game, (1, 2))
    saved = through_file(saved, tmp_path)
    assert game_to_data(saved) == game_to_data(never_saved)
    for game in (never_saved, saved):
        real_steps(game, (5, 6, 7))
    assert game_to_data(saved) == game_to_data(never_saved)
    assert len(saved.log) > 5 and saved.rooms_revealed


def test_item9_undo_a_real_reveal() -> None:
    game = fresh_game(3, seed=8)
    real_steps(game, (1,))
    before = game_to_data(game)
    checkpoint(game)
    real_steps(game, (2, 3))
    assert game_to_data(game) != before
    game = undo(game)
    assert game_to_data(game) == before
    checkpoint(game)
    real_steps(game, (2, 3))  # done again: the same dice, the same game
    again = fresh_game(3, seed=8)
    real_steps(again, (1,))
    checkpoint(again)
    real_steps(again, (2, 3))
    assert game_to_data(game) == game_to_data(again)


# -- truncated files (issue 4: "a save file truncated at any byte is refused") ---------------------

def test_item9_truncated_at_every_byte_is_refused_amb_save_end(tmp_path: Path) -> None:
    game = fresh_game(4, vision=True, seed=9)
    play_a_little(game, 20, seed=2)
    raw = save_game(game, tmp_path / "full.yaml").read_bytes()
    cut = tmp_path / "cut.yaml"
    for length in range(len(raw)):
        cut.write_bytes(raw[:length])
        with pytest.raises(DataError) as caught:
            load_game(cut)
        assert caught.value.problems and all(p.source == str(cut) for p in caught.value.problems), length
    cut.write_bytes(raw)
    assert game_to_data(load_game(cut)) == game_to_data(game)


def test_item9_cut_files_with_a_forged_end_marker_give_only_data_errors(tmp_path: Path) -> None:
    """Even with ``end: true`` glued back on, a file cut at any line is a DataError or a game,
    never another exception (the reader checks every value)."""
    game = fresh_game(2, seed=4)
    play_a_little(game, 4, seed=1)
    checkpoint(game)
    play_a_little(game, 1, seed=2)
    lines = dump_game_data(game_to_data(game)).splitlines(keepends=True)
    path = tmp_path / "forged.yaml"
    for count in range(len(lines) - 1):
        path.write_text("".join(lines[:count]) + END_LINE, encoding="utf-8")
        try:
            load_game(path)
        except DataError as exc:
            assert all(p.source == str(path) for p in exc.problems)


def test_item9_previous_autosave_survives_a_truncated_newest(tmp_path: Path) -> None:
    first, second = fresh_game(seed=1), fresh_game(seed=2)
    autosave(first, tmp_path)
    newest = autosave(second, tmp_path)
    raw = newest.read_bytes()
    for length in (0, 1, len(raw) // 3, len(raw) // 2, len(raw) - 2, len(raw) - 1):
        newest.write_bytes(raw[:length])
        with pytest.raises(DataError, match=r"autosave\.yaml"):
            load_game(newest)
        assert game_to_data(load_game(tmp_path / AUTOSAVE_PREVIOUS)) == game_to_data(first)
        game, path = load_autosave(tmp_path)
        assert path.name == AUTOSAVE_PREVIOUS and game_to_data(game) == game_to_data(first)


# -- autosave (item 9: "autosave after every step, written atomically") -----------------------------

def test_item9_autosave_keeps_newest_and_previous(tmp_path: Path) -> None:
    games = [fresh_game(seed=s) for s in (1, 2, 3)]
    for game in games:
        autosave(game, tmp_path / "saves")
    folder = tmp_path / "saves"
    assert sorted(p.name for p in folder.iterdir()) == sorted([AUTOSAVE, AUTOSAVE_PREVIOUS])
    assert load_game(folder / AUTOSAVE).seed == 3
    assert load_game(folder / AUTOSAVE_PREVIOUS).seed == 2
    game, path = load_autosave(folder)
    assert path.name == AUTOSAVE and game.seed == 3


def test_item9_a_damaged_newest_autosave_never_pushes_out_the_good_previous(tmp_path: Path) -> None:
    autosave(fresh_game(seed=1), tmp_path)
    autosave(fresh_game(seed=2), tmp_path)
    newest = tmp_path / AUTOSAVE
    newest.write_bytes(newest.read_bytes()[:100])  # damaged (not by dt-solo, which writes atomically)
    autosave(fresh_game(seed=3), tmp_path)
    assert load_game(tmp_path / AUTOSAVE).seed == 3
    assert load_game(tmp_path / AUTOSAVE_PREVIOUS).seed == 1


def test_item9_no_autosave_at_all_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_autosave(tmp_path)
    assert {Path(p.source).name for p in caught.value.problems} == {AUTOSAVE, AUTOSAVE_PREVIOUS}


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_item9_atomic_save_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              failing: str) -> None:
    path = save_game(fresh_game(seed=1), tmp_path / "game.yaml")
    before = path.read_bytes()

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    if failing == "write":  # the text is half written when the disk fills up
        real_fdopen = os.fdopen

        def half_open(fd: int, *args: Any, **kwargs: Any) -> Any:
            handle = real_fdopen(fd, *args, **kwargs)
            real_write = handle.write

            def write(text: str) -> int:
                real_write(text[: len(text) // 2])
                raise OSError(28, "No space left on device")

            handle.write = write
            return handle

        monkeypatch.setattr(saves.os, "fdopen", half_open)
    else:
        monkeypatch.setattr(saves.os, failing, boom)
    with pytest.raises(OSError):
        save_game(fresh_game(seed=2), path)
    with pytest.raises(OSError):
        autosave(fresh_game(seed=2), tmp_path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_game(path).seed == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]  # no temporary file left


def test_item9_atomic_autosave_a_failed_write_keeps_both_autosaves(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    autosave(fresh_game(seed=1), tmp_path)
    autosave(fresh_game(seed=2), tmp_path)
    def boom(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(saves.os, "fsync", boom)
    with pytest.raises(OSError):
        autosave(fresh_game(seed=3), tmp_path)
    monkeypatch.undo()
    assert load_game(tmp_path / AUTOSAVE).seed == 2
    assert load_game(tmp_path / AUTOSAVE_PREVIOUS).seed == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([AUTOSAVE, AUTOSAVE_PREVIOUS])


# -- bad files: every problem listed, never another exception --------------------------------------

def test_item9_garbage_values_are_each_listed(tmp_path: Path) -> None:
    data = game_to_data(fresh_game(seed=3))
    data["difficulty"] = 9
    data["vision"] = "yes"
    data["bag"][3] = 42
    data["bag"][4] = "object:sword:yellow"
    data["npc_combat"]["cards"] = "+1 +2"
    data["npc_combat"]["discard"] = ["+x"]
    data["player"]["actions"] = [1, 2]
    data["player"]["jumps"] = -1
    data["modes"]["dice"] = "maybe"
    data["vision_deck"] = [9]
    data["tallies"] = {"nolock:opened": "many"}
    data["rng"] = [3, [1, 2, 3], None]
    data["position"]["characters"][0]["at"] = "z99"
    data["log"][0] = "not an event"
    data["history"] = [{"format": GAME_FORMAT}]
    data["colour"] = "pink"
    del data["row"]
    path = tmp_path / "garbage.yaml"
    path.write_text(dump_game_data(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game(path)
    entries = {p.entry for p in caught.value.problems}
    first_character = data["position"]["characters"][0]["id"]
    for expected in ("difficulty", "vision", "bag[3]", "bag[4]", "npc_combat.cards", "npc_combat.discard[0]",
                     "player.actions[0]", "player.jumps", "modes.dice", "vision_deck[0]",
                     "tallies.nolock:opened", "rng", f"position.characters[{first_character}]", "log[0]",
                     "history[0].log_length", "history[0].bag", "colour", "row"):
        assert any(e == expected or e.startswith(expected + ".") for e in entries), (expected, entries)
    assert all(p.source == str(path) for p in caught.value.problems)
    message = str(caught.value)
    assert "bag[3]" in message and "42" in message


@pytest.mark.parametrize("text", ["", "just text\nend: true\n", "- a list\nend: true\n",
                                  "format: dt-solo-game/2\nend: true\n", "end: true\n",
                                  "a: [unclosed\nend: true\n", "\xe9t\xe9: 1\nend: true\n"])
def test_item9_not_a_game_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game(path)
    assert all(p.source == str(path) for p in caught.value.problems)


def test_item9_unreadable_files_are_data_errors(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_game(tmp_path / "missing.yaml")
    path = tmp_path / "latin1.yaml"
    path.write_bytes("difficult\xe9: 1\nend: true\n".encode("latin-1"))
    with pytest.raises(DataError, match="UTF-8"):
        load_game(path)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:30]):
            found += _paths(item, (*prefix, i))
    return found


def _fuzz_base() -> dict[str, Any]:
    game = fresh_game(5, vision=True, seed=8)
    play_a_little(game, 6, seed=1)
    checkpoint(game)
    play_a_little(game, 3, seed=2)
    return game_to_data(game)


FUZZ_BASE = _fuzz_base()
FUZZ_PATHS = [p for p in _paths(FUZZ_BASE) if p]
GARBAGE = st.one_of(st.none(), st.booleans(), st.integers(-3, 2**40), st.floats(allow_nan=False),
                    st.text(max_size=12), st.lists(st.integers(-1, 9), max_size=3),
                    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
                    st.sampled_from(["+3", "npc:xanth", "object:key:purple", "hidden", "c3", "player"]))


@SETTINGS
@given(changes=st.lists(st.tuples(st.sampled_from(FUZZ_PATHS), GARBAGE), min_size=1, max_size=3))
def test_item9_garbage_anywhere_is_a_data_error_or_a_game(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data = copy.deepcopy(FUZZ_BASE)
    for path, value in changes:
        holder: Any = data
        try:
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
    try:
        game_from_data(data, "<fuzz>")
    except DataError as exc:
        assert exc.problems and all(p.source == "<fuzz>" for p in exc.problems)


# -- undo (item 9: "undo of any event", AMB-UNDO) ---------------------------------------------------

def test_item9_undo_restores_the_exact_previous_state() -> None:
    game = fresh_game(4, vision=True, seed=6)
    play_a_little(game, 5, seed=1)
    states = []
    for step in range(4):
        states.append(game_to_data(game))
        checkpoint(game)
        play_a_little(game, 3, seed=10 + step)
        game.position.characters[sorted(game.position.characters)[0]].at = parse_square("e0")
    for before in reversed(states):
        game = undo(game)
        assert game_to_data(game) == before
    with pytest.raises(UndoError):
        undo(game)


def test_item9_undo_leaves_the_game_itself_unchanged_and_restores_the_dice() -> None:
    game = fresh_game(seed=12)
    checkpoint(game)
    first_roll = [game.rng.randint(1, 6) for _ in range(5)]
    game.record("roll", "dice rolled", dice=first_roll)
    after = game_to_data(game)
    earlier = undo(game)
    assert game_to_data(game) == after
    assert [earlier.rng.randint(1, 6) for _ in range(5)] == first_roll  # the same dice again
    assert len(earlier.log) == len(game.log) - 1


def test_item9_undo_after_save_and_load(tmp_path: Path) -> None:
    game = fresh_game(2, seed=21)
    before = game_to_data(game)
    checkpoint(game)
    play_a_little(game, 6, seed=4)
    loaded = through_file(game, tmp_path)
    assert len(history(loaded)) == 1
    assert game_to_data(undo(loaded)) == before


def test_item9_history_is_bounded() -> None:
    game = fresh_game(seed=13)
    for step in range(HISTORY_LIMIT + 5):
        checkpoint(game)
        game.record("step", f"step {step}")
    kept = history(game)
    assert len(kept) == HISTORY_LIMIT
    assert kept[0]["log_length"] == 1 + 5  # the setup event, then the 5 oldest states dropped
    for _ in range(HISTORY_LIMIT):
        game = undo(game)
    assert len(game.log) == 1 + 5
    with pytest.raises(UndoError, match="nothing to undo"):
        undo(game)


def test_item9_history_entries_are_checked_on_load(tmp_path: Path) -> None:
    game = fresh_game(seed=14)
    checkpoint(game)
    game.record("step", "one")
    data = game_to_data(game)
    data["history"][0]["log_length"] = 5  # more events than the log holds
    data["history"][0]["rng"] = "not a generator"
    with pytest.raises(DataError) as caught:
        game_from_data(data, "h.yaml")
    assert {"history[0].log_length", "history[0].rng"} <= {p.entry for p in caught.value.problems}
