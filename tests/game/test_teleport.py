"""Teleportation (S-REVEAL-4..7, S-COMP-3, AMB-TELEPORT-FRAME, AMB-TELEPORT-ONE, AMB-REVEAL-PLACE)."""

from __future__ import annotations

from typing import Any

import pytest
from builders import make_position
from game_tables import ListTable

from solo.automaton.table import DieRequest, QuestionRequest, Request, drive
from solo.game.state import COMPONENTS, Game
from solo.game.teleport import (
    TeleportChoiceRequest,
    card_square,
    teleport,
    teleport_landing,
)
from solo.table.board import PlacedRoom
from solo.table.position import ObjectToken
from solo.table.squares import parse_square

# Slot 1 at rotation 0: row 1 along the far (blue) side = rank 5, column 1 = file a. Column 5 is all
# pits, (1, 2) is a pit, the gear is (3, 3); the cleric stands on (1, 3) = c5.
PIT_GRID = """\
+ + + + + +
 . O . . O
+ + + + + +
 . . . . O
+ + + + + +
 . . G . O
+ + + + + +
 . . . . O
+ + + + + +
 . . . . O
+ + + + + +
"""


def make_game(rotation: int = 0, *, dice: str = "table", characters: str = "") -> Game:
    characters = characters or "- {id: cleric, side: player, class: cleric, at: c5}"
    rooms: dict[int, str | int] = {slot: "hidden" for slot in range(2, 9)}
    rooms[1] = rotation
    position = make_position(characters=characters, grids={1: PIT_GRID}, rooms=rooms)
    modes = {**dict.fromkeys(COMPONENTS, "app"), "dice": dice}
    return Game(position, difficulty=1, modes=modes)


def run(game: Game, token: str, answers: list[Any], **kwargs: Any) -> tuple[Any, ListTable]:
    table = ListTable(list(answers))
    result, missing = drive(teleport(game, token, 1, **kwargs), table)
    assert missing is None, missing
    assert table.answers == [], "every scripted answer is used"
    return result, table


def test_s_reveal_4_red_is_the_row_white_the_column() -> None:
    game = make_game()
    square, table = run(game, "object:rope:purple", [2, 4])
    assert square == parse_square("d4")  # row 2 = rank 4, column 4 = file d
    assert [r.purpose for r in table.asked if isinstance(r, DieRequest)] == ["teleport-red", "teleport-white"]


@pytest.mark.parametrize(("rotation", "expected"), [(0, "a5"), (1, "e5"), (2, "e1"), (3, "a1")])
def test_s_comp_3_room_card_turned_like_the_room(rotation: int, expected: str) -> None:
    """AMB-TELEPORT-FRAME: the card's row 1 / column 1 corner follows the room's own corner."""
    game = make_game(rotation, characters="- {id: cleric, side: player, class: cleric, at: b0}")
    square, _ = run(game, "object:key:yellow", [1, 1])
    assert square == parse_square(expected)
    assert card_square(1, rotation, 1, 1) == parse_square(expected)


def test_s_reveal_6_a_pit_is_rerolled() -> None:
    game = make_game()
    square, table = run(game, "object:bow:purple", [1, 2, 2, 2])  # (1, 2) is a pit
    assert square == parse_square("b4")
    assert sum(isinstance(r, DieRequest) for r in table.asked) == 4


def test_s_reveal_6_an_occupied_square_is_rerolled() -> None:
    game = make_game()
    square, _ = run(game, "player:wizard", [1, 3, 5, 1])  # (1, 3) holds the cleric
    assert square == parse_square("a1")


def test_s_reveal_6_a_token_of_any_kind_blocks_objects_and_wounded() -> None:
    game = make_game(characters="- {id: naga, side: player, class: naga, at: a5, wounded: true}")
    game.position.objects.append(ObjectToken("key", parse_square("b4")))
    square, _ = run(game, "npc:muldon", [1, 1, 2, 2, 3, 1])  # a5 wounded token, b4 (41) an object
    assert square == parse_square("a3")


def test_s_reveal_6_earlier_landings_count_through_taken() -> None:
    game = make_game()
    square, _ = run(game, "object:shield:yellow", [2, 2, 3, 1], taken={parse_square("b4")})
    assert square == parse_square("a3")


def test_s_reveal_5_red_six_player_chooses_the_row_among_valid_ones() -> None:
    game = make_game()
    # red 6, white 3: column 3 holds the cleric in row 1 and the gear in row 3 (a gear is valid).
    square, table = run(game, "player:naga", [6, 3, 7, "x", 1, 3])
    choices = [r for r in table.asked if isinstance(r, TeleportChoiceRequest)]
    assert choices[0].axis == "row" and choices[0].options == (2, 3, 4, 5) and choices[0].fixed == 3
    assert len(choices) == 4, "an invalid choice (7, 'x', the cleric's row 1) is asked again"
    assert square == parse_square("c3")  # the gear square (B-REV-7)


def test_s_reveal_5_white_six_player_chooses_the_column() -> None:
    game = make_game()
    square, table = run(game, "npc:mungdu", [1, 6, "4"])
    choice = next(r for r in table.asked if isinstance(r, TeleportChoiceRequest))
    assert choice.axis == "column" and choice.options == (1, 4) and choice.npc == "mungdu"
    assert square == parse_square("d5")


def test_s_reveal_6_no_valid_square_in_the_chosen_line_rerolls() -> None:
    game = make_game()
    # red 6 with white 5: column 5 is all pits, so no row can be chosen: reroll.
    landing, missing = drive(teleport_landing(game, "object:wand:yellow", 1), ListTable([6, 5, 2, 1]))
    assert missing is None and landing is not None
    assert landing.rolls == [(6, 5), (2, 1)] and landing.square == parse_square("a4")


def test_s_reveal_6_no_valid_square_in_the_row_of_a_white_six_rerolls() -> None:
    game = make_game(characters="""
        - {id: cleric, side: player, class: cleric, at: c5}
        - {id: naga, side: player, class: naga, at: a5}
        - {id: wizard, side: player, class: wizard, at: d5}""")
    # red 1, white 6: row 1 is a5 taken, b5 pit, c5 taken, d5 taken, e5 pit: no column, reroll.
    landing, missing = drive(teleport_landing(game, "object:spear:purple", 1), ListTable([1, 6, 5, 1]))
    assert missing is None and landing is not None
    assert landing.rolls == [(1, 6), (5, 1)] and landing.square == parse_square("a1")


def test_amb_teleport_one_a_single_valid_line_is_no_choice() -> None:
    game = make_game(characters="""
        - {id: cleric, side: player, class: cleric, at: c5}
        - {id: naga, side: player, class: naga, at: a5}""")
    # red 1, white 6: row 1 has a5 taken, b5 pit, c5 taken, e5 pit: only column 4 is valid.
    square, table = run(game, "object:rope:yellow", [1, 6])
    assert square == parse_square("d5")
    assert not any(isinstance(r, TeleportChoiceRequest) for r in table.asked)


def test_s_reveal_5_six_six_leaves_the_game() -> None:
    game = make_game()
    landing, _ = drive(teleport_landing(game, "npc:muldon", 1), ListTable([6, 6]))
    assert landing is not None and landing.square is None and landing.how == "removed"


def test_s_reveal_6_app_dice_always_land_validly() -> None:
    game = make_game(dice="app")
    game.rng.seed(5)
    taken = {parse_square("c5")}
    valid = {card_square(1, 0, r, c) for r in range(1, 6) for c in range(1, 5)} - {parse_square("b5")} - taken

    class LastOption(ListTable):
        def answer(self, request: Request) -> Any:
            assert isinstance(request, TeleportChoiceRequest), "the app rolls the dice itself"
            return request.options[-1]

    outcomes = set()
    for _ in range(60):
        landing, missing = drive(teleport_landing(game, "object:key:purple", 1, taken=taken), LastOption([]))
        assert missing is None and landing is not None
        assert landing.square is None or landing.square in valid
        outcomes.add(landing.how)
    assert {"dice", "choice"} <= outcomes


def test_s_reveal_7_dekrou_goes_on_the_gear_without_dice() -> None:
    game = make_game()
    square, table = run(game, "npc:dekrou", ["gear"])
    assert square == parse_square("c3")
    question = table.asked[0]
    assert isinstance(question, QuestionRequest) and question.choices == ("gear", "roll")
    assert "rotation gear" in question.personality  # his summary, in our words


def test_s_reveal_7_dekrou_rolls_when_the_gear_is_taken() -> None:
    game = make_game(characters="- {id: cleric, side: player, class: cleric, at: c3}")
    square, table = run(game, "npc:dekrou", ["gear", "z9", "roll", 2, 1])
    questions = [r for r in table.asked if isinstance(r, QuestionRequest)]
    assert questions[0].choices == ("roll",) and len(questions) == 3, "gear (taken) and z9 are asked again"
    assert square == parse_square("a4")


def test_amb_reveal_place_a_square_answer_places_the_token() -> None:
    game = make_game()
    square, _ = run(game, "npc:dekrou", ["e5", "b2"])  # e5 is a pit: asked again
    assert square == parse_square("b2")


def test_s_reveal_4_a_face_down_room_needs_its_layout() -> None:
    game = make_game()
    with pytest.raises(ValueError, match="not face up"):
        drive(teleport(game, "object:key:purple", 2), ListTable([1, 1]))
    hidden = game.position.board.room(1)
    assert hidden is not None
    room = PlacedRoom(hidden.layout, 2)
    square, _ = run(game, "object:key:purple", [1, 1], room=room)
    assert square == parse_square("e1")


def test_amb_reroll_bound_a_die_that_never_lands_validly_ends_the_loop() -> None:
    """Issue 15: a source of dice that always rolls a pit (1-2) stops after MAX_REROLLS rolls, the
    token out of the game as on 6-6, instead of rolling forever."""
    from solo.automaton.table import MAX_REROLLS

    game = make_game()
    landing, missing = drive(teleport_landing(game, "object:bow:purple", 1), ListTable([1, 2] * MAX_REROLLS))
    assert missing is None and landing is not None
    assert landing.square is None and landing.how == "removed"
    assert len(landing.rolls) == MAX_REROLLS
    assert f"no valid square in {MAX_REROLLS} rolls" in landing.describe().english()
    assert len(landing.describe().english()) < 200
