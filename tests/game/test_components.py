"""The solo box's components (S-COMP-1..7) as a new game deals them: each rule asserted on the game."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from builders import make_position
from game_tables import ListTable

from solo.automaton.table import DieRequest, drive, rotation_die
from solo.errors import DataError
from solo.game.components import components, load_components
from solo.game.content import card_library
from solo.game.setup import new_game
from solo.game.state import COMPONENTS, Game
from solo.game.teleport import teleport
from solo.locations import RULES_DIR
from solo.table.position import ObjectToken
from solo.table.squares import SLOTS, parse_square, slot_of


def test_s_comp_1_32_npc_cards_4_per_class_one_purple_token_each() -> None:
    library = card_library("demo")
    assert len(library.cards) == 32
    assert set(Counter(card.class_id for card in library.cards.values()).values()) == {4}
    game = new_game(1, seed=3)
    tokens = [t.split(":")[1] for t in game.bag if t.startswith("npc:")] + list(game.reinforcements)
    assert sorted(tokens) == sorted(library.cards)  # each NPC once: in the bag or the reinforcements


def test_s_comp_2_six_purple_object_tokens_one_of_each_kind() -> None:
    game = new_game(1, seed=3)
    purple = sorted(t.split(":")[1] for t in game.bag if t.startswith("object:") and t.endswith(":purple"))
    assert purple == ["bow", "key", "rope", "shield", "spear", "wand"]


def test_s_comp_3_one_room_card_per_room() -> None:
    game = new_game(1, seed=3)
    dealt = sorted(room.layout.id for slot in SLOTS if (room := game.position.board.room(slot)) is not None)
    assert len(game.rooms_unrevealed) == 8 and sorted(game.rooms_unrevealed) == dealt
    assert game.rooms_revealed == []


def test_s_comp_4_eight_vision_cards_one_per_room_position() -> None:
    assert sorted(new_game(1, seed=3, vision=True).vision_deck) == list(SLOTS)
    assert new_game(1, seed=3).vision_deck == []


def test_s_comp_5_two_teleport_dice_red_the_row_white_the_column() -> None:
    rooms: dict[int, str | int] = {slot: "hidden" for slot in range(2, 9)}
    rooms[1] = 0
    position = make_position(characters="", rooms=rooms)
    game = Game(position, difficulty=1, modes={**dict.fromkeys(COMPONENTS, "app"), "dice": "table"})
    table = ListTable([2, 4])
    square, missing = drive(teleport(game, "object:rope:purple", 1), table)
    assert missing is None
    dice = [r for r in table.asked if isinstance(r, DieRequest)]
    assert [d.purpose for d in dice] == ["teleport-red", "teleport-white"]
    assert square == parse_square("d4") and slot_of(square) == 1  # row 2 = rank 4, column 4 = file d
    assert ObjectToken("rope", parse_square("d4")) not in position.objects  # placing is the caller's


def test_s_comp_6_the_rotation_die_shows_a_sense_and_1_to_3_ap() -> None:
    faces = rotation_die()
    assert len(faces) == 6
    assert {(f.sense, f.ap) for f in faces} == {(s, ap) for s in ("cw", "ccw") for ap in (1, 2, 3)}


def test_s_comp_7_the_bag_holds_the_tokens_and_the_np_starts_with_no_vp() -> None:
    game = new_game(1, seed=3)
    kinds = Counter(t.split(":")[0] for t in game.bag)
    assert kinds == {"object": 12, "npc": 8, "player": 4}
    assert game.position.score is not None and game.position.score.npc == 0


def test_levels_are_named_in_french_and_english_as_the_rulebooks_do() -> None:
    """AMB-ROOM-NAMES: « niveau rose » … « niveau noir » in the French solo rulebook."""
    levels = components().levels
    assert (levels[1].name, levels[1].name_in("fr")) == ("pink", "rose")
    assert (levels[6].name, levels[6].name_in("fr")) == ("black", "noir")
    assert (levels[3].name_in("en"), levels[3].name_in("fr")) == ("level 3", "niveau 3")


def test_a_broken_level_name_names_the_file_and_the_entry(tmp_path: Path) -> None:
    for name in ("combat_cards.yaml", "difficulty.yaml"):
        shutil.copy(RULES_DIR / name, tmp_path / name)
    path = tmp_path / "difficulty.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{en: pink, fr: rose}", "{en: pink}"),
                    encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_components(tmp_path)
    assert [(p.source, p.entry, p.text) for p in info.value.problems] == [
        (str(path), "levels.1.name", "fr: missing (every language is needed)")]
    plain = path.read_text(encoding="utf-8").replace("{en: pink}", "my pink")  # a plain name: every language
    path.write_text(plain, encoding="utf-8")
    assert load_components(tmp_path).levels[1].name_in("fr") == "my pink"
