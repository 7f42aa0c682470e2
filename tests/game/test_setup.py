"""Setting up a solo game (S-SETUP-1..8) and the component data (AMB-B-DECK, AMB-ICONS)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from solo.errors import DataError
from solo.game.components import components, load_components
from solo.game.setup import new_game
from solo.game.state import token_parts
from solo.table.board import Terrain
from solo.table.squares import SLOTS


def test_s_setup_1_six_levels_pink_to_black() -> None:
    levels = components().levels
    assert sorted(levels) == [1, 2, 3, 4, 5, 6]
    assert levels[1].name == "pink" and levels[6].name == "black"
    for bad in (0, 7):
        with pytest.raises(DataError, match="difficulty"):
            new_game(bad, seed=1)


def test_s_reinf_2_the_documented_icons() -> None:
    pink, black = components().levels[1], components().levels[6]
    assert pink.source == black.source == "rulebook"
    assert pink.npc_combat == {"+0", "+1", "+2"} and not pink.player_combat and not pink.player_actions
    assert black.npc_combat == {"+0", "+1", "+6"} and black.player_combat == {"+0", "+4", "+6"}
    assert black.player_actions == {2, 5} and black.player_jumps


def test_s_setup_2_rooms_face_down_in_twin_pairs() -> None:
    game = new_game(2, seed=7)
    board = game.position.board
    assert board.revealed_slots() == []
    rooms = [board.room(slot) for slot in SLOTS]
    assert all(r is not None and r.hidden for r in rooms)
    pairs = Counter(r.layout.pair for r in rooms if r is not None)
    assert sorted(pairs.values()) == [2, 2, 2, 2]
    unknown = new_game(2, seed=7, modes={"room_cards": "table"})
    assert all(unknown.position.board.room(slot) is None for slot in SLOTS)  # the box decides


def test_s_setup_3_to_5_the_bag_the_piles_and_the_team() -> None:
    game = new_game(3, seed=11, team=["cleric", "naga", "wizard", "backstabber"])
    kinds = Counter(token_parts(t)[0] for t in game.bag)
    assert kinds == {"npc": 8, "player": 4, "object": 12}  # 24 tokens (S-SETUP-5)
    colours = Counter(token_parts(t)[2] for t in game.bag if t.startswith("object"))
    assert colours == {"purple": 6, "yellow": 6}
    npcs = sorted(token_parts(t)[1] for t in game.bag if t.startswith("npc"))
    assert npcs == game.npc_pile
    assert len(game.reinforcements) == 24 and not set(game.reinforcements) & set(game.npc_pile)
    team = {c.id: c for c in game.position.characters.values()}
    assert sorted(team) == ["backstabber", "cleric", "naga", "wizard"]
    assert all(game.position.board.terrain(c.at) is Terrain.YELLOW_LINE for c in team.values() if c.at)
    assert sorted(token_parts(t)[1] for t in game.bag if t.startswith("player")) == [
        "banshee",
        "colossus",
        "mechanork",
        "telepath",
    ]
    assert game.position.status() == []


def test_s_setup_6_to_8_nothing_on_the_blue_line_room_cards_and_decks() -> None:
    game = new_game(4, seed=3)
    assert all(c.side.value == "player" for c in game.position.characters.values())  # S-SETUP-6
    assert len(game.rooms_unrevealed) == 8 and game.rooms_revealed == []  # S-SETUP-7
    assert sorted(game.npc_combat.cards) == sorted(components().npc_deck)  # S-SETUP-8
    assert game.npc_combat.discard == [] and sorted(game.player.combat) == sorted(components().player_deck)
    assert game.player.actions == [2, 3, 4, 5] and game.player.jumps == 3
    assert game.position.turn is not None and game.position.turn.side.value == "player"  # S-TURN-1


def test_a_seed_deals_the_same_game() -> None:
    a, b = new_game(5, seed=42, vision=True), new_game(5, seed=42, vision=True)
    assert (
        a.bag == b.bag and a.reinforcements == b.reinforcements and a.npc_combat.cards == b.npc_combat.cards
    )
    assert sorted(a.vision_deck) == list(SLOTS)  # S-VISION-1
    assert new_game(5, seed=43).bag != a.bag


def test_what_the_table_runs_is_a_set_not_an_order() -> None:
    game = new_game(1, seed=5, modes={"bag": "table", "npc_combat": "table"})
    assert game.bag == sorted(game.bag) and game.npc_combat.cards == sorted(game.npc_combat.cards)


@pytest.mark.parametrize(
    "team", [["cleric"], ["cleric", "cleric", "naga", "wizard"], ["dragon", "a", "b", "c"]]
)
def test_s_setup_5_a_team_is_four_different_classes(team: list[str]) -> None:
    with pytest.raises(DataError, match="team"):
        new_game(1, seed=1, team=team)


def test_a_bad_component_mode_is_refused() -> None:
    with pytest.raises(DataError, match="modes"):
        new_game(1, seed=1, modes={"dice": "maybe"})


def test_broken_component_files_are_reported_with_every_problem(tmp_path: Path) -> None:
    (tmp_path / "combat_cards.yaml").write_text("player: [3]\nnpc: ['+1']\n", encoding="utf-8")
    (tmp_path / "difficulty.yaml").write_text("levels: {1: {npc_combat: [x]}}\n", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_components(tmp_path)
    text = str(error.value)
    assert "player" in text and "+0" in text and "levels" in text
