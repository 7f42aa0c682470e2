"""Revealing a room in the solo game (S-REVEAL-1..9, S-SETUP-2, S-TURN-8, B-REV-7)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from builders import make_position
from game_tables import ListTable
from npc_builders import npc_card, npc_position

from solo.automaton.activation import run_activation
from solo.automaton.table import QuestionRequest, Request, RevealRequest, UnansweredError, drive
from solo.content.gamedata import OBJECT_KINDS
from solo.game.reveal import RoomRequest, place_reveal, reveal_and_place, reveal_room, room_layout
from solo.game.setup import new_game
from solo.game.state import COMPONENTS, Game
from solo.game.teleport import DrawRequest, TeleportChoiceRequest
from solo.table.board import PlacedRoom, Terrain
from solo.table.squares import SLOTS, parse_square, square_name

TEAM = ["cleric", "colossus", "naga", "wizard"]


class PlayerTable:
    """The Player's side of an app-run game: the first valid row or column, Dékrou on the gear."""

    def answer(self, request: Request) -> Any:
        if isinstance(request, TeleportChoiceRequest):
            return request.options[0]
        if isinstance(request, QuestionRequest):
            return "gear" if "gear" in request.choices else "roll"
        raise UnansweredError(request)


def table_game(tokens: list[str], **modes: str) -> Game:
    """A game on the builders' open rooms (room<s>, gear in the centre), all face down and unknown, the
    cleric on the yellow line; the dice and the Room cards read from the table by default."""
    rooms: dict[int, str | int] = {slot: "hidden" for slot in SLOTS}
    position = make_position(characters="- {id: cleric, side: player, class: cleric, at: b0}", rooms=rooms)
    all_modes = {**dict.fromkeys(COMPONENTS, "app"), "dice": "table", "room_cards": "table", **modes}
    npcs = sorted(t.split(":")[1] for t in tokens if t.startswith("npc:"))
    return Game(position, difficulty=1, modes=all_modes, bag=list(tokens), npc_pile=npcs,
                rooms_unrevealed=[f"room{slot}" for slot in SLOTS])


def run(steps: Any, answers: list[Any]) -> tuple[Any, ListTable]:
    table = ListTable(list(answers))
    result, missing = drive(steps, table)
    assert missing is None, missing
    assert table.answers == [], "every scripted answer is used"
    return result, table


SCHEMA_5_BAG = ["npc:mungdu", "npc:muldon", "object:key:purple", "player:wizard"]


def schema_5(game: Game) -> tuple[Any, ListTable]:
    """Modelled on Schéma 5 (its drawing is lost; its captions: 1st, 2nd, 3rd token drawn, "reroll for
    the Wizard", "the Player chooses the 4th row"; Muldon and Mungdu enter play): three tokens in draw
    order; Muldon (a Wizard) rolls Mungdu's square, taken: reroll; a red 6 for the third token, the
    Player chooses row 4."""
    return run(reveal_room(game, 1, "cleric"), [
        "room1:0",
        2, 2,          # mungdu -> (2, 2) = b4
        2, 2, 3, 4,    # muldon -> (2, 2) taken by Mungdu: reroll -> (3, 4) = d3
        6, 1, 4,       # the key -> red 6, white 1: the Player chooses row 4 -> (4, 1) = a2
    ])


def test_s_reveal_2_4_tokens_in_draw_order_schema_5() -> None:
    game = table_game(SCHEMA_5_BAG)
    answer, table = schema_5(game)
    assert [(c.id, square_name(c.at or 0)) for c in answer.characters] == [("mungdu", "b4"), ("muldon", "d3")]
    assert [(o.kind, square_name(o.at)) for o in answer.objects] == [("key", "a2")]
    assert all(not c.wounded for c in answer.characters)  # B-REV-8: they enter unwounded
    assert answer.characters[1].card == "muldon" and answer.characters[1].class_id == "wizard"
    choice = next(r for r in table.asked if isinstance(r, TeleportChoiceRequest))
    assert choice.token == "object:key:purple"
    assert choice.options == (1, 2, 3, 4, 5)
    assert game.bag == ["player:wizard"]  # S-REVEAL-2: three drawn, the fourth stays
    assert game.log[-3].kind == "reveal" and game.log[-3].data["drawn"] == SCHEMA_5_BAG[:3]


def test_s_reveal_8_newcomers_appended_to_the_row_in_draw_order() -> None:
    game = table_game(SCHEMA_5_BAG)
    game.row = ["nolock"]
    schema_5(game)
    assert game.row == ["nolock", "mungdu", "muldon"]  # S-TURN-8: right end, untilted, in draw order
    assert game.npc_pile == []  # their cards were taken from the face-up pile
    assert [e.data["npc"] for e in game.log if e.kind == "enter"] == ["mungdu", "muldon"]


def test_s_reveal_3_9_room_card_piles() -> None:
    game = table_game(SCHEMA_5_BAG)
    schema_5(game)
    assert "room1" not in game.rooms_unrevealed and len(game.rooms_unrevealed) == 7
    assert game.rooms_revealed == ["room1"]


def test_reveal_room_leaves_the_position_to_place_reveal() -> None:
    game = table_game(SCHEMA_5_BAG)
    answer, _ = schema_5(game)
    assert game.position.board.room(1) is None and "muldon" not in game.position.characters
    assert answer.layout == "room1" and answer.rotation == 0
    entered = place_reveal(game, 1, answer)
    assert entered == ["mungdu", "muldon"]
    assert game.position.board.is_revealed(1)
    assert square_name(game.position.character("muldon").at or 0) == "d3"
    assert [square_name(o.at) for o in game.position.objects] == ["a2"]
    with pytest.raises(ValueError):  # applying the same reveal twice is refused, not doubled
        place_reveal(game, 1, answer)


def test_s_reveal_1_the_table_says_which_room_and_how_it_lies() -> None:
    game = table_game(["object:rope:purple"])
    answer, table = run(reveal_and_place(game, 3, "cleric"),
                        ["nope", ("room9", 0), ("room3", "x"), ("room3", 1), 1, 1])
    rooms = [r for r in table.asked if isinstance(r, RoomRequest)]
    assert len(rooms) == 4 and rooms[0].slot == 3 and "room3" in rooms[0].options
    assert answer.layout == "room3" and answer.rotation == 1
    placed = game.position.board.room(3)
    assert placed is not None and placed.rotation == 1 and not placed.hidden
    assert answer.objects[0].at == parse_square("e10")  # row 1 column 1 at rotation 1: the far right corner


def test_s_reveal_1_a_room_the_app_dealt_is_not_asked() -> None:
    game = table_game(["object:rope:purple"], room_cards="app")
    layout = room_layout(game, "room5")
    assert layout is not None
    game.position.board.place(5, PlacedRoom(layout, 2, hidden=True))
    answer, table = run(reveal_and_place(game, 5, None), [1, 1])
    assert answer.layout is None and answer.rotation is None  # the board knows it (RevealAnswer)
    assert not any(isinstance(r, RoomRequest) for r in table.asked)
    assert answer.objects[0].at == parse_square("e11") and game.rooms_revealed == ["room5"]
    with pytest.raises(ValueError, match="already face up"):
        drive(reveal_room(game, 5), ListTable([]))


def test_s_reveal_2_the_table_says_which_token_was_drawn() -> None:
    game = table_game(["npc:muldon", "object:key:purple", "object:key:yellow", "player:wizard"], bag="table")
    answer, table = run(reveal_room(game, 1, "cleric"), [
        "room1:0", "object:key:yellow", "npc:nolock", "object:key:purple", "player:wizard", 1, 1, 1, 2, 1, 3])
    draws = [r for r in table.asked if isinstance(r, DrawRequest)]
    assert draws[0].pile == "bag"
    assert draws[0].options == ("npc:muldon", "object:key:purple", "object:key:yellow", "player:wizard")
    assert draws[1].options == ("npc:muldon", "object:key:purple", "player:wizard")
    assert len(draws) == 4, "a token that is not in the bag is asked again"
    assert [o.kind for o in answer.objects] == ["key", "key"]
    assert game.bag == ["npc:muldon"]


def test_s_reveal_5_six_six_sends_the_token_out_of_the_game() -> None:
    game = table_game(SCHEMA_5_BAG)
    answer, _ = run(reveal_room(game, 1, "cleric"), ["room1:0", 1, 1, 6, 6, 1, 2])
    assert [c.id for c in answer.characters] == ["mungdu"] and len(answer.objects) == 1
    assert game.removed == ["npc:muldon"]  # S-REVEAL-5: out of the game, nobody scores
    assert game.row == ["mungdu"] and game.npc_pile == []
    assert any(e.kind == "removed" and e.data["token"] == "npc:muldon" for e in game.log)


@pytest.mark.parametrize(("bag", "drawn"), [(2, 2), (0, 0)])
def test_s_setup_2_an_empty_bag_draws_fewer(bag: int, drawn: int) -> None:
    game = table_game(["object:key:purple", "object:bow:purple"][:bag])
    answer, _ = run(reveal_and_place(game, 2, "cleric"), ["room2:0", *[1, 1, 1, 2][: 2 * drawn]])
    assert len(answer.objects) == drawn and game.bag == []
    assert game.position.board.is_revealed(2)


def test_s_pers_snake_places_the_objects_of_the_room_he_reveals() -> None:
    game = table_game(["object:key:purple", "npc:muldon"])
    game.position = make_position(
        characters="- {id: snake-slissken, side: npc, card: snake-slissken, at: c5}",
        rooms={slot: "hidden" for slot in (2, 3, 4, 5, 6, 7, 8)})
    answer, table = run(reveal_room(game, 3, "snake-slissken"), ["room3:0", "c6", 1, 1])
    question = table.asked[1]
    assert isinstance(question, QuestionRequest) and question.npc == "snake-slissken"
    assert answer.objects[0].at == parse_square("c6")
    assert answer.characters[0].at == parse_square("a10")  # Muldon is teleported by the dice


def test_keep_rng_on_close_an_interrupted_reveal_changes_nothing() -> None:
    game = new_game(3, seed=11, team=TEAM, modes={"bag": "table"})
    before = (list(game.bag), list(game.rooms_unrevealed), list(game.row), len(game.log), game.rng.getstate())
    result, missing = drive(reveal_room(game, 1, "cleric"), ListTable([]))
    assert result is None and isinstance(missing, DrawRequest)
    assert (list(game.bag), list(game.rooms_unrevealed), list(game.row), len(game.log),
            game.rng.getstate()) == before


def test_an_npc_reveal_is_applied_once_by_the_automaton() -> None:
    """The game flow answers the automaton's RevealRequest with reveal_room: the automaton's
    apply_reveal puts the tokens on the board, reveal_room only the piles."""
    revealer = npc_card("backstabber", "reveal 1*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
    position = npc_position("- {id: r, side: npc, card: r, at: c5}", {"r": revealer}, rooms={3: "hidden"})
    game = Game(position, difficulty=1, modes={**dict.fromkeys(COMPONENTS, "app"), "dice": "table",
                                               "room_cards": "table"},
                bag=["npc:muldon", "object:key:purple"], npc_pile=["muldon"], rooms_unrevealed=["room3"])

    class GameFlow:
        def answer(self, request: Request) -> Any:
            assert isinstance(request, RevealRequest)
            answer, _ = run(reveal_room(game, request.slot, request.npc), ["room3:0", 1, 1, 1, 2])
            return answer

    explanation = run_activation(position, "r", GameFlow())
    reveal = next(s for s in explanation.steps if s.kind == "reveal")
    assert reveal.fields["entered"] == ["muldon"]
    assert square_name(position.character("muldon").at or 0) == "a10"
    assert [o.kind for o in position.objects] == ["key"] and game.bag == [] and game.row == ["muldon"]


# -- whole games run by the app -----------------------------------------------------------------------
def token_count(game: Game) -> int:
    """Bag + board (figures, wounded, objects lying or carried) + out of the game."""
    position = game.position
    carried = sum(1 for c in position.characters.values() if c.carries in OBJECT_KINDS)
    return len(game.bag) + len(position.characters) + len(position.objects) + carried + len(game.removed)


def check_table(game: Game) -> None:
    squares = [c.at for c in game.position.characters.values() if c.at is not None]
    squares += [o.at for o in game.position.objects]
    assert len(squares) == len(set(squares)), "one token per square (S-REVEAL-6)"
    for at in squares:
        assert game.position.board.terrain(at) in (Terrain.FLOOR, Terrain.GEAR, Terrain.YELLOW_LINE)


@pytest.mark.parametrize("seed", range(12))
def test_token_conservation_over_every_reveal(seed: int) -> None:
    game = new_game(1 + seed % 6, seed=seed, team=TEAM)
    total = token_count(game)
    assert total == 28  # 24 in the bag (S-SETUP-5) + the 4 starting characters
    order = list(SLOTS)
    game.rng.shuffle(order)
    for slot in order:
        _, missing = drive(reveal_and_place(game, slot, "cleric"), PlayerTable())
        assert missing is None
        assert token_count(game) == total
        check_table(game)
    assert game.bag == [] and game.rooms_unrevealed == [] and sorted(game.rooms_revealed) == sorted(
        r.layout.id for r in game.position.board.rooms().values() if r is not None)
    npcs = [c.id for c in game.position.characters.values() if c.side.value == "npc"]
    assert game.row == npcs  # S-TURN-8: every newcomer appended, in the order they entered
    assert len(npcs) + sum(t.startswith("npc:") for t in game.removed) == 8
    assert Counter(e.kind for e in game.log)["reveal"] == 8
