"""Combat against the NP with the cards (S-COMBAT-1..6)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from solo.actions.combat import CombatSides
from solo.automaton.table import Request
from solo.game.fight import CombatPlay, NpCardRequest, PlayerCardRequest, play_cards
from solo.game.setup import new_game
from solo.game.state import Game, Pile
from solo.table.position import Side

SIDES = CombatSides("target", ("attacker",), ("target",), attack_value=2, defence_value=3)


def run(gen: Generator[Request, Any, CombatPlay], answers: list[Any]) -> tuple[CombatPlay, list[Request]]:
    asked: list[Request] = []
    try:
        request = next(gen)
        while True:
            asked.append(request)
            request = gen.send(answers.pop(0))
    except StopIteration as done:
        return done.value, asked


def game(difficulty: int = 1, npc_deck: list[str] | None = None, **modes: str) -> Game:
    g = new_game(difficulty, seed=1, modes=modes or None)
    if npc_deck is not None:
        g.npc_combat = Pile(list(npc_deck))
    return g


def test_s_combat_1_the_player_chooses_first_then_the_np_card_is_turned_over() -> None:
    g = game(npc_deck=["+4", "+0"])
    play, asked = run(play_cards(g, SIDES, Side.PLAYER), ["+3"])
    assert [type(r) for r in asked] == [PlayerCardRequest]
    assert play.npc_card == "+4" and play.player_card == "+3"
    assert (play.player_total, play.npc_total) == (5, 7)  # 2 + 3 against 3 + 4
    assert play.outcome == "lose"  # the Player attacked


def test_outcome_is_seen_from_the_active_side() -> None:
    g = game(npc_deck=["+0"])
    play, _ = run(play_cards(g, SIDES, Side.NPC), ["+6"])  # the NPC attacks: 2 + 0 against 3 + 6
    assert play.outcome == "lose"
    g = game(npc_deck=["+4"])
    play, _ = run(play_cards(g, SIDES, Side.NPC), ["+3"])  # 2 + 4 against 3 + 3
    assert play.outcome == "tie"


def test_s_combat_2_np_card_discarded_player_plus_zero_back_in_hand() -> None:
    g = game(npc_deck=["+0", "+2"])
    run(play_cards(g, SIDES, Side.PLAYER), ["+0"])
    assert g.npc_combat.discard == ["+0"]  # even the NP's +0
    assert "+0" in g.player.combat and g.player.combat_discard == []
    run(play_cards(g, SIDES, Side.PLAYER), ["+5"])
    assert "+5" not in g.player.combat and g.player.combat_discard == ["+5"]
    assert g.npc_combat.discard == ["+0", "+2"]


def test_s_combat_3_an_empty_np_deck_is_refilled_from_its_discard() -> None:
    g = game(npc_deck=["+1"])
    run(play_cards(g, SIDES, Side.PLAYER), ["+0"])
    assert g.npc_combat.cards == [] and g.npc_combat.discard == ["+1"]
    play, _ = run(play_cards(g, SIDES, Side.PLAYER), ["+0"])
    assert play.npc_card == "+1"
    assert any(e.kind == "reshuffle" for e in g.log)


@pytest.mark.parametrize(
    ("difficulty", "npc_card", "player_card", "expected"),
    [
        (1, "+0", "+6", 1),
        (1, "+2", "+0", 1),
        (1, "+6", "+4", 0),  # pink: only the NP's +0, +1, +2
        (6, "+6", "+4", 2),
        (6, "+3", "+0", 1),
        (6, "+3", "+5", 0),  # black: NP +0/+1/+6, Player +0/+4/+6
    ],
)
def test_s_combat_4_s_reinf_2_icons_bring_reinforcements(
    difficulty: int, npc_card: str, player_card: str, expected: int
) -> None:
    g = game(difficulty, npc_deck=[npc_card])
    play, _ = run(play_cards(g, SIDES, Side.PLAYER), [player_card])
    assert play.reinforcements == expected


def test_s_combat_5_a_telepath_forces_the_smallest_card_but_zero() -> None:
    g = game(npc_deck=["+3"])
    g.player.combat = ["+0", "+2", "+5"]
    play, asked = run(play_cards(g, SIDES, Side.NPC, forces_smallest=True), ["+5", "+2"])
    assert isinstance(asked[0], PlayerCardRequest) and asked[0].options == ("+2",)
    assert play.player_card == "+2" and len(asked) == 2  # +5 refused, asked again


def test_s_combat_6_the_players_telepath_picks_the_np_card_among_three() -> None:
    g = game(npc_deck=["+6", "+1", "+4", "+2", "+0"])
    play, asked = run(play_cards(g, SIDES, Side.PLAYER, player_telepath_duel=True), ["+1", "+3"])
    assert isinstance(asked[0], PlayerCardRequest) and asked[0].options == ("+1", "+4", "+6")
    assert play.npc_card == "+1" and play.player_card == "+3"
    assert g.npc_combat.discard == ["+1"]
    assert sorted(g.npc_combat.cards) == ["+0", "+2", "+4", "+6"]  # the other two shuffled back


def test_a_deck_the_table_runs_is_read_off_the_table() -> None:
    g = game(npc_deck=["+2", "+5"], npc_combat="table")
    play, asked = run(play_cards(g, SIDES, Side.PLAYER), ["+1", "+9", "+5"])
    assert [type(r) for r in asked] == [PlayerCardRequest, NpCardRequest, NpCardRequest]
    assert play.npc_card == "+5" and g.npc_combat.cards == ["+2"]


def test_s_combat_1_the_card_request_tells_the_combat() -> None:
    from solo.actions.combat import CombatSides
    from solo.formats.position_io import read_position
    from solo.game.fight import combat_context
    from solo.locations import RULES_DIR
    from solo.table.position import Side
    from solo.table.words import renderer

    demo = RULES_DIR / "positions" / "demo.yaml"
    position = read_position(demo.read_text(encoding="utf-8"), str(demo))
    english, french = renderer("en", position), renderer("fr", position)
    sides = CombatSides("cleric", ("serpico",), ("cleric",), attack_value=5, defence_value=3)
    text = combat_context(position, sides, Side.NPC, ranged=False, forces_smallest=True)
    assert english(text).startswith("Serpico attacks the Cleric: your side 3, the NP's side 5 before cards.")
    assert "S-COMBAT-5" in english(text)
    assert french(text).startswith(
        "Serpico attaque le Clerc : votre camp 3, le camp du NJ 5 avant les cartes.")
    group = CombatSides("yom", (), ("yom", "arthos"), shooters=("naga",), attack_value=2, defence_value=4)
    shot = combat_context(position, group, Side.PLAYER, ranged=True, forces_smallest=False)
    assert english(shot).startswith(
        "The Naga shoots Yom (3 characters take part, B-CMB-13): your side 2, the NP's side 4")
