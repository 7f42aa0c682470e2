"""The board's table edits (solo/game/board_edits.py) speak the reader's language: the two squares of
an edge are joined by « et » in French, a wall that cannot be broken or mended is refused with a
message, and the log's data keeps its English edge as saves have it."""

from __future__ import annotations

import pytest
from builders import two_rooms_game

from solo.errors import EditRefusedError
from solo.game import board_edits, edits
from solo.game.setup import new_game
from solo.game.state import Game
from solo.i18n import render
from solo.table.board import MarkerState

# Seed 1, room 1 demo-4b at rotation 3: a wall between a1 and b1 (both floor); room 2 demo-2a.


@pytest.fixture
def game() -> Game:
    return two_rooms_game()


def test_the_edits_module_still_offers_the_board_edits() -> None:
    assert edits.set_wall is board_edits.set_wall and edits.reveal_room is board_edits.reveal_room
    assert edits.set_portcullis is board_edits.set_portcullis and edits.rotate_room is board_edits.rotate_room


def test_a_wall_edit_reads_french_in_french(game: Game) -> None:
    edits.set_wall(game, "a1", "b1", True)
    event = game.log[-1]
    assert render(event.text, "fr") == "Modification de la table : mur entre a1 et b1 brisé"
    assert render(event.text, "en") == "Table edit: wall between a1 and b1 broken"
    assert event.data == {"edge": "a1 and b1", "broken": True}


@pytest.mark.parametrize(("a", "b", "broken", "english", "french"), [
    ("a1", "b1", False, "the wall between a1 and b1 is already whole",
     "le mur entre a1 et b1 est déjà intact"),
    ("a1", "a2", True, "no wall between a1 and a2 on a face-up room",
     "aucun mur entre a1 et a2 sur une salle face visible"),
    ("a1", "c1", True, "a1 and c1 are not neighbours", "a1 et c1 ne sont pas voisines"),
])
def test_a_wall_edit_refused_is_a_message(game: Game, a: str, b: str, broken: bool, english: str,
                                          french: str) -> None:
    with pytest.raises(EditRefusedError) as refused:
        edits.set_wall(game, a, b, broken)
    assert render(refused.value.message, "en") == english
    assert render(refused.value.message, "fr") == french


def test_a_portcullis_edit_names_its_squares_in_the_language() -> None:
    game = new_game(1, seed=1)
    edits.reveal_room(game, 1, "demo-1a", 0)
    board = game.position.board
    a, b = next(e for e in board.geometry().passages if board.marker_state(*e) is MarkerState.CLOSED)
    edits.set_portcullis(game, a, b, MarkerState.OPEN)
    french = render(game.log[-1].text, "fr")
    assert french.startswith("Modification de la table : herse entre ") and " et " in french
    assert " and " not in french and french.endswith(" ouverte")
