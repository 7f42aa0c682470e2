"""Issue 12's rule for the game's refusals: the Player's powers, the table edits and the reveals are
refused in French and in English, naming figures and rooms as printed, never by an id."""

from __future__ import annotations

import re
from collections.abc import Callable, Generator
from typing import Any

import pytest

from solo.automaton.table import DieRequest, Request, drive
from solo.errors import IllegalActionError, told
from solo.game.autoplay import AutoTable
from solo.game.edits import add_token, remove_object, rotate_room, wound
from solo.game.log_export import game_renderer
from solo.game.player import play_action_card
from solo.game.player_powers import fire_wand, heal, rotate
from solo.game.reveal import which_room
from solo.game.session import NP_TURN, Session
from solo.game.setup import new_game
from solo.game.state import Game
from solo.messages import Ref, msg
from solo.table.squares import Direction

RAW_ID = re.compile(r"\b(npc|player|object):")
ENGLISH = re.compile(r"\b(the|is|not|cannot|room|on|of|or|turn|quarter|already|up|no)\b")
TEAM = ["cleric", "mechanork", "wizard", "backstabber"]


def _game() -> Game:
    """Room 1 revealed, the Player's turn 2 with a 4 played (past S-TURN-2's first reveal)."""
    game = new_game(1, seed=9, team=TEAM)
    game.position.board.reveal(1)
    game.turn_number = 2
    game.player.first_cycle = False
    play_action_card(game, 4)
    return game


CASES: list[tuple[str, Callable[[Game], object], str, str]] = [
    ("heal nobody wounded", lambda g: drive(heal(g, "cleric", "wizard"), AutoTable(g)),
     "Le Clerc ne peut pas soigner le Magicien maintenant (B-CLER-2..7)",
     "The Cleric cannot heal the Wizard now (B-CLER-2..7)"),
    ("wand not carried", lambda g: drive(fire_wand(g, "wizard", Direction.NORTH), AutoTable(g)),
     "Le Magicien ne peut pas lancer la Boule de feu vers le nord (B-WAND)",
     "The Wizard cannot fire the wand north (B-WAND)"),
    ("rotation too far", lambda g: drive(rotate(g, "cleric", 1, 1), AutoTable(g)),
     "Le Clerc n'est pas sur l'engrenage de la salle 1 ni de sa jumelle, ou la salle est face cachée "
     "(B-ROT-1, B-ROT-3, B-ROT-8)",
     "The Cleric is not on the gear of room 1 or of its twin, or the room is face down "
     "(B-ROT-1, B-ROT-3, B-ROT-8)"),
    ("not a Player figure", lambda g: drive(heal(g, "nobody", "wizard"), AutoTable(g)),
     "Nobody n'est pas une des figurines du Joueur sur le plateau",
     "Nobody is not one of the Player's figures on the board"),
    ("reveal a face-up room", lambda g: drive(which_room(g, 1), AutoTable(g)),
     "La salle 1 est déjà face visible", "Room 1 is already face up"),
    ("edit: turn a face-down room", lambda g: rotate_room(g, 2, 1),
     "La salle 2 est face cachée : seules les salles révélées tournent (B-ROT-8)",
     "Room 2 is face down: only revealed rooms turn (B-ROT-8)"),
    ("edit: no such object", lambda g: remove_object(g, 99),
     "aucun objet au sol numéro 99 sur le plateau", "no loose object number 99 on the board"),
    ("edit: no such character", lambda g: wound(g, "ghost"),
     "aucun personnage 'ghost' en jeu", "no character 'ghost' in play"),
    ("edit: not a token", lambda g: add_token(g, "dragon", "c3"),
     "pas un pion : 'dragon'", "not a token: 'dragon'"),
]


@pytest.mark.parametrize(("act", "french", "english"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_a_refusal_of_the_game_is_told_in_both_languages_with_printed_names(
        act: Callable[[Game], object], french: str, english: str) -> None:
    game = _game()
    with pytest.raises((IllegalActionError, ValueError)) as refused:
        act(game)
    said = told(refused.value)
    words = {lang: game_renderer(game, lang).render(said) for lang in ("fr", "en")}
    assert words == {"fr": french, "en": english}
    assert not RAW_ID.search(words["fr"] + words["en"])
    assert not ENGLISH.search(words["fr"]), words["fr"]


def test_a_step_begun_while_another_waits_is_refused_in_both_languages() -> None:
    game = _game()
    session = Session(game)

    def waits(_: Game) -> Generator[Request, Any, None]:
        yield DieRequest("", msg("{npc} rolls the rotation die (S-ROT-3): enter the face number 1-6",
                                 npc=Ref("npc", "brikoltou")))

    assert session.begin(NP_TURN, waits) is not None
    with pytest.raises(IllegalActionError) as refused:
        session.begin("another", waits)
    words = {lang: game_renderer(game, lang).render(told(refused.value)) for lang in ("fr", "en")}
    assert words == {
        "en": "The NP's turn is still waiting for: Brikoltou rolls the rotation die (S-ROT-3): enter the "
              "face number 1-6",
        "fr": "Le tour du NJ attend encore : Brikoltou lance le dé de rotation (S-ROT-3) : indiquez le "
              "numéro de la face, 1 à 6"}
    session.abandon()
    idle = Session(_game())
    with pytest.raises(IllegalActionError) as nothing:
        idle.answer(3)
    assert game_renderer(game, "fr").render(told(nothing.value)) == "aucune étape n'attend de réponse"
