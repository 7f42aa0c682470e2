"""A game file's values checked one by one (solo/game/save_values.py): what is wrong is a message in the
reader's language, with the entry where it stands (AMB-FILE-PROBLEMS)."""

from __future__ import annotations

import pytest

from solo.errors import DataError
from solo.game.save_reader import game_from_data
from solo.game.save_values import action_card, bag_token, combat_card, plain_problem, removed_token, room_slot
from solo.game.saves import game_state
from solo.game.setup import new_game
from solo.i18n import render
from solo.messages import Message


def test_good_values_pass() -> None:
    assert bag_token("npc:yom") is None and bag_token("object:rope:purple") is None
    assert removed_token("object:rope") is None and combat_card("+3") is None
    assert action_card(2) is None and room_slot(8) is None
    assert plain_problem({"a": [1, "b", None]}, "data") is None


@pytest.mark.parametrize(("problem", "english", "french"), [
    (bag_token("dragon"), "expected a token npc:<card>, player:<class> or object:<",
     "pion npc:<carte>, player:<classe> ou object:<"),
    (removed_token("object:dragon"), "unknown object kind 'dragon' in 'object:dragon'",
     "type d'objet inconnu 'dragon' dans 'object:dragon'"),
    (combat_card("3"), 'expected a combat card value like "+3", got \'3\'',
     "valeur de carte Combat attendue (comme « +3 »), reçu '3'"),
    (action_card(True), "expected an Action card 2 to 5, got True",
     "carte Action de 2 à 5 attendue, reçu True"),
    (room_slot(9), "expected a room slot 1 to 8, got 9", "emplacement de salle de 1 à 8 attendu, reçu 9"),
])
def test_a_bad_value_is_told_in_both_languages(problem: Message | None, english: str, french: str) -> None:
    assert problem is not None
    assert render(problem, "en").startswith(english)
    assert render(problem, "fr").startswith(french)


def test_event_data_that_a_file_cannot_hold() -> None:
    found = plain_problem({"a": [1, {(1, 2): "x"}]}, "log[3].data")
    assert found is not None and found[0] == "log[3].data.a[1]"
    assert render(found[1], "fr") == "la clé (1, 2) n'est ni un texte ni un nombre entier"


def test_a_game_file_with_a_bad_token_names_the_entry_in_french() -> None:
    state = game_state(new_game(1, seed=1))
    state["bag"][0] = "dragon"
    with pytest.raises(DataError) as raised:
        game_from_data(state, "g.yaml")
    [problem] = [p for p in raised.value.problems if p.entry == "bag[0]"]
    assert problem.words(lambda m: render(m, "fr")).startswith(
        "g.yaml: bag[0]: pion npc:<carte>, player:<classe> ou object:<")
