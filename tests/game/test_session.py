"""A game played one step at a time (solo.game.session): pauses, answers, abandon, undo, autosave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solo.automaton.table import Notice, Request, ShuffleRequest, drive
from solo.automaton.turn import ACTIVATION_DONE, TurnRecord
from solo.errors import IllegalActionError
from solo.game.autoplay import AutoTable, auto_player_turn
from solo.game.npturn import end_np_turn, np_turn_in_game
from solo.game.player import play_action_card
from solo.game.saves import game_state, load_autosave
from solo.game.session import Session, StepInProgressError
from solo.game.setup import new_game
from solo.game.state import COMPONENTS, Game
from solo.table.position import Side, Turn


def _np_turn_game(seed: int = 3, table: tuple[str, ...] = ()) -> Game:
    """A game played by the built-in Player until NPCs are in the dungeon at the start of an NP turn."""
    modes = {c: ("table" if c in table else "app") for c in COMPONENTS}
    game = new_game(1, seed=seed, modes=modes)
    auto = AutoTable(game)
    for _ in range(10):
        drive(auto_player_turn(game), auto)
        if any(c.side is Side.NPC and c.at is not None for c in game.position.characters.values()):
            assert game.position.turn == Turn(Side.NPC)
            return game
        drive(np_turn_in_game(game), auto)
        game.turn_number += 1
    raise AssertionError("no NPC entered the dungeon")


def _answer_all(session: Session, first: Request | None, table: AutoTable) -> list[Request]:
    """Answer every request like the built-in table does; the requests seen, in order."""
    seen: list[Request] = []
    request = first
    while request is not None:
        seen.append(request)
        request = session.answer(table.answer(request))
    return seen


def test_np_turn_pauses_after_each_activation(tmp_path: Path) -> None:  # S-TURN-5..9
    game = _np_turn_game()
    session = Session(game, folder=tmp_path)
    request = session.np_turn()
    pauses = 0
    while request is not None:
        assert isinstance(request, Notice) and request.event == ACTIVATION_DONE
        assert session.record is not None
        assert session.record.activations[-1].npc == request.npc  # the explanation is there to show
        pauses += 1
        request = session.answer(None)
    assert session.record is not None
    assert pauses == len(session.record.activations) > 0
    assert isinstance(session.result, TurnRecord)
    assert session.game.turn_number == game.turn_number + 0  # the same game object moves on
    saved, _ = load_autosave(tmp_path)
    assert game_state(saved) == game_state(session.game)  # autosaved after the step


def test_session_plays_the_same_turn_as_the_driven_game(tmp_path: Path) -> None:
    """Pausing and answering through a session changes nothing in what happens."""
    alone = _np_turn_game(seed=5)
    drive(np_turn_in_game(alone), AutoTable(alone))
    end_np_turn(alone)
    session = Session(_np_turn_game(seed=5))
    _answer_all(session, session.np_turn(), AutoTable(session.game))
    ours, theirs = game_state(session.game), game_state(alone)
    assert ours["position"] == theirs["position"]
    assert ours["bag"] == theirs["bag"] and ours["rng"] == theirs["rng"]


def test_table_components_go_out_to_the_player() -> None:  # issue 4 item 8
    session = Session(_np_turn_game(table=("dice",)))
    request = session.np_turn()
    assert isinstance(request, ShuffleRequest)  # the player lays out the cards himself
    order = sorted(request.cards, reverse=True)
    request = session.answer(order)
    assert session.record is not None and session.record.row == order


def test_abandon_leaves_the_game_as_before_the_step() -> None:  # AMB-STEP-ATOMIC
    session = Session(_np_turn_game())
    before = game_state(session.game)
    assert session.np_turn() is not None
    assert game_state(session.game) != before
    session.abandon()
    assert not session.busy and session.pending is None
    assert game_state(session.game) == before


def test_a_second_step_waits_for_the_first() -> None:
    session = Session(_np_turn_game())
    session.np_turn()
    with pytest.raises(StepInProgressError):
        session.end_player_turn()


def test_np_turn_refused_during_the_players_turn() -> None:  # S-TURN-1
    session = Session(new_game(1, seed=1))
    session.game.position.turn = Turn(Side.PLAYER)
    with pytest.raises(IllegalActionError):
        session.np_turn()


def test_undo_comes_back_before_the_last_step() -> None:  # AMB-UNDO
    session = Session(_np_turn_game())
    before = game_state(session.game)
    _answer_all(session, session.np_turn(), AutoTable(session.game))
    assert game_state(session.game) != before
    session.undo()
    assert game_state(session.game) == before


def test_a_failing_step_leaves_nothing_behind() -> None:
    session = Session(new_game(1, seed=1))
    before = game_state(session.game)

    def broken(game: Game) -> Any:
        play_action_card(game, 2)
        yield Notice("", "half-way", "combat_over")
        raise RuntimeError("engine bug")

    with pytest.raises(RuntimeError):
        session.begin("Broken", broken)
    assert not session.busy
    assert game_state(session.game) == before


def test_listeners_hear_every_change() -> None:
    session = Session(_np_turn_game())
    heard: list[bool] = []
    session.listeners.append(lambda s: heard.append(s.busy))
    session.np_turn()
    session.abandon()
    assert heard[0] is True and heard[-1] is False
