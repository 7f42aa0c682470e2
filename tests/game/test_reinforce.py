"""Reinforcements (S-REINF-1..5, AMB-EMPTYREINF, AMB-REINF-NOROOM, AMB-REINF-66) and the icons."""

from __future__ import annotations

import pytest
from game_tables import PlayerListTable

from solo.automaton.table import DieRequest, drive
from solo.content.gamedata import OBJECT_KINDS
from solo.game.components import components
from solo.game.reinforce import icon_triggers, reinforcement, vision_triggers
from solo.game.reveal import reveal_and_place
from solo.game.setup import new_game
from solo.game.state import Game
from solo.game.teleport import DrawRequest
from solo.table.position import Side
from solo.table.squares import slot_of

TEAM = ["cleric", "colossus", "naga", "wizard"]
DICE = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 1, 3, 3, 1, 2, 4, 4, 2, 5, 1, 1, 5)
"""Teleport rolls without a 6, tried in turn until one lands on a free floor or gear square."""
VALUES = ("+0", "+1", "+2", "+3", "+4", "+5", "+6")


def revealed_game(difficulty: int = 1, seed: int = 4, slots: tuple[int, ...] = (1, 2), **modes: str) -> Game:
    game = new_game(difficulty, seed=seed, team=TEAM, modes=modes or None)
    for slot in slots:
        _, missing = drive(reveal_and_place(game, slot, "cleric"), PlayerListTable())
        assert missing is None
    return game


def token_count(game: Game) -> int:
    position = game.position
    carried = sum(1 for c in position.characters.values() if c.carries in OBJECT_KINDS)
    return len(game.bag) + len(position.characters) + len(position.objects) + carried + len(game.removed)


def test_s_reinf_4_the_top_card_enters_a_revealed_room_at_the_right_end_of_the_row() -> None:
    game = revealed_game()
    game.modes["dice"] = "table"
    top, deck = game.reinforcements[0], len(game.reinforcements)
    row, revealed, before = list(game.row), sorted(game.rooms_revealed), token_count(game)
    dice = list(DICE)
    npc, missing = drive(reinforcement(game), PlayerListTable(dice))
    assert missing is None
    assert npc == top and game.reinforcements[0] != top and len(game.reinforcements) == deck - 1
    assert game.row == [*row, top]  # S-REINF-4 step 1, S-TURN-8: untilted, at the right end
    newcomer = game.position.character(top)
    assert newcomer.side is Side.NPC and not newcomer.wounded and newcomer.at is not None
    assert slot_of(newcomer.at) in (1, 2)  # step 3: a revealed room
    assert sorted(game.rooms_revealed) == revealed  # step 5: the Room card back on its pile
    assert token_count(game) == before + 1
    assert game.log[-2].kind == "reinforcement" and game.log[-1].kind == "enter"


def test_s_reinf_4_read_from_the_table() -> None:
    game = revealed_game(seed=9)
    game.modes.update(dice="table", reinforcements="table", room_cards="table")
    deck = list(game.reinforcements)
    card, layout = sorted(deck)[3], sorted(game.rooms_revealed)[1]
    slot = next(s for s in (1, 2) if (r := game.position.board.room(s)) is not None and r.layout.id == layout)
    dice = list(DICE)
    table = PlayerListTable(["not-a-card", card, "demo-9z", layout, *dice])
    npc, missing = drive(reinforcement(game), table)
    assert missing is None and npc == card
    draws = [r for r in table.asked if isinstance(r, DrawRequest)]
    assert [d.pile for d in draws] == ["reinforcements", "reinforcements", "room_cards", "room_cards"]
    assert draws[0].options == tuple(sorted(deck)) and draws[2].options == tuple(sorted(game.rooms_revealed))
    assert card not in game.reinforcements and len(game.reinforcements) == len(deck) - 1
    assert any(isinstance(r, DieRequest) and r.purpose == "teleport-red" for r in table.asked)
    assert game.row[-1] == card
    at = game.position.character(card).at
    assert at is not None and slot_of(at) == slot


def test_amb_reinf_66_a_reinforcement_rolling_6_6_leaves_the_game() -> None:
    game = revealed_game()
    game.modes["dice"] = "table"
    top, row = game.reinforcements[0], list(game.row)
    npc, missing = drive(reinforcement(game), PlayerListTable([6, 6]))
    assert missing is None and npc is None
    assert game.removed[-1] == f"npc:{top}" and game.row == row and top not in game.reinforcements
    assert top not in game.position.characters


def test_amb_emptyreinf_an_empty_deck_brings_nothing() -> None:
    game = revealed_game()
    game.reinforcements = []
    row, characters = list(game.row), dict(game.position.characters)
    npc, missing = drive(reinforcement(game), PlayerListTable())
    assert (npc, missing) == (None, None)
    assert game.row == row and game.position.characters == characters
    assert "AMB-EMPTYREINF" in game.log[-1].text.english()


def test_amb_reinf_noroom_no_revealed_room_brings_nothing() -> None:
    game = new_game(1, seed=2, team=TEAM)
    deck = list(game.reinforcements)
    npc, _ = drive(reinforcement(game), PlayerListTable())
    assert npc is None and game.reinforcements == deck and "AMB-REINF-NOROOM" in game.log[-1].text.english()


def test_s_reinf_4_interrupted_changes_nothing() -> None:
    game = revealed_game()
    game.modes["room_cards"] = "table"
    deck, revealed, state = list(game.reinforcements), list(game.rooms_revealed), game.rng.getstate()
    npc, missing = drive(reinforcement(game), PlayerListTable())
    assert npc is None and isinstance(missing, DrawRequest) and missing.pile == "room_cards"
    assert (game.reinforcements, game.rooms_revealed, game.rng.getstate()) == (deck, revealed, state)


def test_s_reinf_5_reinforcements_keep_tokens_conserved() -> None:
    for seed in range(6):
        game = revealed_game(6, seed=seed, slots=(1, 2, 3))
        total = token_count(game)
        for _ in range(10):
            _, missing = drive(reinforcement(game), PlayerListTable())
            assert missing is None
            total += 1
            assert token_count(game) == total
        squares = [c.at for c in game.position.characters.values() if c.at is not None]
        squares += [o.at for o in game.position.objects]
        assert len(squares) == len(set(squares))
        assert game.row == [c.id for c in game.position.characters.values() if c.side is Side.NPC]


# -- icons (S-REINF-1/2, S-VISION-2) -------------------------------------------------------------------
@pytest.mark.parametrize("card", VALUES)
def test_s_reinf_2_pink_only_the_nps_combat_cards_0_1_2(card: str) -> None:
    game = new_game(1, seed=1, team=TEAM)
    assert icon_triggers(game, "npc", "combat", card) == (1 if card in ("+0", "+1", "+2") else 0)
    assert icon_triggers(game, "player", "combat", card) == 0
    for action in (2, 3, 4, 5):
        assert icon_triggers(game, "player", "action", action) == 0
    assert icon_triggers(game, "player", "jump") == 0


def test_s_reinf_2_black_level() -> None:
    game = new_game(6, seed=1, team=TEAM)
    npc = {c: icon_triggers(game, "npc", "combat", c) for c in VALUES}
    assert [c for c, n in npc.items() if n] == ["+0", "+1", "+6"]
    player = {c: icon_triggers(game, "player", "combat", c) for c in VALUES}
    assert [c for c, n in player.items() if n] == ["+0", "+4", "+6"]
    assert [a for a in (2, 3, 4, 5) if icon_triggers(game, "player", "action", a)] == [2, 5]
    assert icon_triggers(game, "player", "jump") == 1  # any of his Jump cards
    assert icon_triggers(game, "npc", "jump") == icon_triggers(game, "npc", "action", 2) == 0  # S-SETUP-8
    assert icon_triggers(game, "npc", "combat", 6) == 1  # a value may be given as a number


def test_s_reinf_1_bad_arguments_are_refused() -> None:
    game = new_game(6, seed=1, team=TEAM)
    with pytest.raises(ValueError):
        icon_triggers(game, "blue", "combat", "+0")
    with pytest.raises(ValueError):
        icon_triggers(game, "player", "spell", 1)


def test_s_vision_2_vision_icons_only_with_the_variant_and_never_on_jumps() -> None:
    plain = new_game(6, seed=1, team=TEAM)
    vision = new_game(6, seed=1, team=TEAM, vision=True)
    icons = components().vision
    for card in VALUES:
        assert vision_triggers(plain, "npc", "combat", card) == 0
        assert vision_triggers(vision, "npc", "combat", card) == int(card in icons.npc_combat)
        assert vision_triggers(vision, "player", "combat", card) == int(card in icons.player_combat)
    for action in (2, 3, 4, 5):
        assert vision_triggers(vision, "player", "action", action) == int(action in icons.player_actions)
    assert vision_triggers(vision, "player", "jump") == 0
