"""Table edits (solo.game.edits): each changes the game the way the player changed his table, keeps an edit
that breaks a rule (status names the rule) and refuses, with ValueError, one that cannot be done."""

from __future__ import annotations

import pytest
from builders import two_rooms_game

from solo.game import edits
from solo.game.setup import new_game
from solo.game.state import Game
from solo.table.board import MarkerState
from solo.table.position import ObjectToken
from solo.table.squares import parse_square

# Seed 1 deals demo-4b (rotation 3) face down in slot 1 and demo-2a (rotation 0) in slot 2; the
# Player's team stands on b0 (backstabber), d0 (cleric), g0 (telepath), i0 (wizard).
# Slot 1 then has pits on b3, c3, c4 and portcullises a3|a4, e3|e4, e3|f3.


def sq(name: str) -> int:
    return parse_square(name)


def _rules(game: Game) -> str:
    return "\n".join(p.text for p in game.position.status())


@pytest.fixture
def game() -> Game:
    """The seed-1 demo game with rooms 1 and 2 revealed as the app dealt them."""
    return two_rooms_game()


def test_names() -> None:
    game = new_game(1, seed=1)
    edits.add_token(game, "npc:serpico", "a0")
    assert edits.character_name(game, "cleric") == "Cleric"
    assert edits.character_name(game, "serpico") == "Serpico"
    assert edits.token_name("object:rope:yellow") == "Rope (yellow)"
    assert edits.object_index(edits.piece_of_object(3)) == 3
    assert edits.object_index("cleric") is None


# -- moves -----------------------------------------------------------------------------------------

def test_move_character(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    assert game.position.characters["cleric"].at == sq("a1")
    assert game.log[-1].kind == "edit"
    assert game.position.status() == []


def test_move_onto_a_pit_is_kept_and_names_the_rule(game: Game) -> None:
    edits.move_character(game, "cleric", "b3")
    assert game.position.characters["cleric"].at == sq("b3")
    assert "B-MOVE-12" in _rules(game)


@pytest.mark.parametrize(
    ("where", "message"), [("a6", "face-down room 3"), (999, "not a square"), ("k2", "not a square name")]
)
def test_move_where_no_piece_can_be_refused(game: Game, where: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        edits.move_character(game, "cleric", where)  # type: ignore[arg-type]


def test_move_unknown_character_refused(game: Game) -> None:
    with pytest.raises(ValueError, match="no character 'nobody'"):
        edits.move_character(game, "nobody", "a1")


def test_player_figure_moved_onto_an_object_carries_it(game: Game) -> None:
    game.position.objects.append(ObjectToken("rope", sq("a2")))
    edits.move_character(game, "cleric", "a2")
    assert game.position.characters["cleric"].carries == "rope"
    assert game.position.objects == []


def test_moved_wounded_takes_its_object_along_and_a_carried_one_leaves_its_carrier(game: Game) -> None:
    position = game.position
    edits.move_character(game, "cleric", "a1")
    edits.give_object(game, "cleric", "key")
    edits.wound(game, "cleric")
    edits.move_character(game, "cleric", "a2")
    assert position.characters["cleric"].at == sq("a2")
    assert [(o.kind, o.at) for o in position.objects] == [("key", sq("a2"))]
    edits.move_character(game, "backstabber", "a2")  # carries the wounded: its key stays on a2
    assert position.characters["backstabber"].carries == "cleric"
    edits.move_character(game, "cleric", "d1")
    assert position.characters["backstabber"].carries is None
    assert position.characters["cleric"].at == sq("d1")


def test_move_object_and_a_figure_there_takes_it(game: Game) -> None:
    game.position.objects.append(ObjectToken("bow", sq("a2")))
    edits.move_object(game, 0, "a1")
    assert game.position.objects[0].at == sq("a1")
    edits.move_character(game, "cleric", "b1")
    edits.move_object(game, 0, "b1")
    assert game.position.characters["cleric"].carries == "bow"
    with pytest.raises(ValueError, match="no loose object number 0"):
        edits.move_object(game, 0, "a1")


# -- wounds ----------------------------------------------------------------------------------------

def test_wound_leaves_the_object_under_the_wounded(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    edits.give_object(game, "cleric", "rope")
    edits.wound(game, "cleric")
    cleric = game.position.characters["cleric"]
    assert cleric.wounded and cleric.carries is None and cleric.at == sq("a1")
    assert [(o.kind, o.at) for o in game.position.objects] == [("rope", sq("a1"))]  # B-CARRY-11
    assert game.position.turn is not None and "cleric" in game.position.turn.wounded
    with pytest.raises(ValueError, match="already wounded"):
        edits.wound(game, "cleric")


def test_wounding_a_carrier_lays_its_wounded_down_and_warns(game: Game) -> None:
    position = game.position
    edits.move_character(game, "cleric", "a1")
    edits.wound(game, "cleric")
    edits.move_character(game, "backstabber", "a1")  # a Player figure on a friendly wounded carries it
    assert position.characters["backstabber"].carries == "cleric"
    edits.wound(game, "backstabber")
    assert position.characters["cleric"].at == sq("a1")
    assert position.characters["backstabber"].carries is None
    assert "two wounded on one square" in _rules(game)


def test_heal_takes_the_object_back(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    edits.give_object(game, "cleric", "rope")
    edits.wound(game, "cleric")
    edits.heal(game, "cleric")
    cleric = game.position.characters["cleric"]
    assert not cleric.wounded and cleric.carries == "rope" and game.position.objects == []
    assert game.position.turn is not None and "cleric" not in game.position.turn.wounded
    with pytest.raises(ValueError, match="not wounded"):
        edits.heal(game, "cleric")


def test_healing_a_carried_wounded_stands_it_on_its_carriers_square(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    edits.wound(game, "cleric")
    edits.move_character(game, "backstabber", "a1")
    edits.heal(game, "cleric")
    assert game.position.characters["cleric"].at == sq("a1")
    assert game.position.characters["backstabber"].carries is None
    assert "B-GOLD-3" in _rules(game)


# -- carried objects -------------------------------------------------------------------------------

def test_give_object_from_its_square_the_bag_or_out_of_the_game(game: Game) -> None:
    position = game.position
    position.objects.append(ObjectToken("shield", sq("d0")))
    edits.give_object(game, "cleric", "shield")  # the one lying under it
    assert position.characters["cleric"].carries == "shield" and position.objects == []
    bag = list(game.bag)
    edits.give_object(game, "backstabber", "rope")  # from the bag, the Player's colour first
    assert position.characters["backstabber"].carries == "rope"
    assert [t for t in bag if t != "object:rope:yellow"] == game.bag
    with pytest.raises(ValueError, match="already carries"):
        edits.give_object(game, "backstabber", "key")
    with pytest.raises(ValueError, match="no object 'sword'"):
        edits.give_object(game, "telepath", "sword")


def test_give_object_when_none_is_left_is_refused(game: Game) -> None:
    game.bag = [t for t in game.bag if not t.startswith("object:bow:")]
    game.removed.append("object:bow:purple")
    edits.give_object(game, "telepath", "bow")
    assert game.removed == []
    with pytest.raises(ValueError, match="The Bow is neither on"):
        edits.give_object(game, "wizard", "bow")


def test_a_wounded_is_given_nothing(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    edits.wound(game, "cleric")
    with pytest.raises(ValueError, match="wounded and carries nothing"):
        edits.give_object(game, "cleric", "rope")


def test_drop_an_object_or_a_wounded(game: Game) -> None:
    position = game.position
    edits.move_character(game, "cleric", "a1")
    edits.give_object(game, "cleric", "key")
    edits.drop_item(game, "cleric")
    assert position.characters["cleric"].carries is None
    assert [(o.kind, o.at) for o in position.objects] == [("key", sq("a1"))]
    edits.move_character(game, "backstabber", "b1")
    edits.wound(game, "backstabber")
    edits.move_character(game, "telepath", "b1")
    edits.drop_item(game, "telepath")
    assert position.characters["backstabber"].at == sq("b1")
    assert "B-MOVE-13" in _rules(game)  # a Player figure standing on a friendly wounded should carry it
    with pytest.raises(ValueError, match="carries nothing"):
        edits.drop_item(game, "wizard")


# -- out of the game and back ------------------------------------------------------------------------

def test_remove_a_character_leaves_its_object(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    edits.give_object(game, "cleric", "key")
    edits.remove_character(game, "cleric")
    assert "cleric" not in game.position.characters
    assert game.removed == ["player:cleric"]
    assert [(o.kind, o.at) for o in game.position.objects] == [("key", sq("a1"))]  # B-CARRY-13
    assert game.position.score is not None and game.position.score.npc == 0


def test_remove_an_object(game: Game) -> None:
    edits.add_token(game, "object:rope:purple", "a1")
    edits.remove_object(game, 0)
    assert game.position.objects == []
    assert game.removed == ["object:rope:purple"]
    with pytest.raises(ValueError, match="no loose object"):
        edits.remove_object(game, 0)


def test_add_an_npc_from_the_bag(game: Game) -> None:
    edits.add_token(game, "npc:serpico", "c1")
    serpico = game.position.characters["serpico"]
    assert serpico.at == sq("c1") and serpico.card == "serpico" and serpico.class_id
    assert "npc:serpico" not in game.bag
    assert "serpico" not in game.npc_pile and game.row == ["serpico"]
    with pytest.raises(ValueError, match="neither in the bag"):
        edits.add_token(game, "npc:serpico", "c2")


def test_add_a_player_character_and_back_from_out_of_the_game(game: Game) -> None:
    edits.add_token(game, "player:naga", "e1")
    assert game.position.characters["naga"].at == sq("e1")
    edits.remove_character(game, "naga")
    edits.add_token(game, "player:naga", "e2")
    assert game.removed == [] and game.position.characters["naga"].at == sq("e2")


def test_add_refused_where_no_piece_can_lie(game: Game) -> None:
    bag = list(game.bag)
    with pytest.raises(ValueError, match="face-down room"):
        edits.add_token(game, "object:key:yellow", "a8")
    with pytest.raises(ValueError, match="not a token"):
        edits.add_token(game, "sword", "a1")
    assert game.bag == bag


def test_add_an_object_under_a_player_figure_is_carried(game: Game) -> None:
    edits.add_token(game, "object:key:yellow", "d0")
    assert game.position.characters["cleric"].carries == "key"


# -- portcullises and rooms --------------------------------------------------------------------------

def test_open_close_break_a_portcullis(game: Game) -> None:
    board = game.position.board
    edits.set_portcullis(game, "a3", "a4", MarkerState.OPEN)
    assert board.marker_state(sq("a3"), sq("a4")) is MarkerState.OPEN
    edits.set_portcullis(game, "a4", "a3", MarkerState.CLOSED)
    assert board.marker_state(sq("a3"), sq("a4")) is MarkerState.CLOSED
    edits.set_portcullis(game, "e3", "f3", MarkerState.BROKEN)
    assert board.marker_state(sq("e3"), sq("f3")) is MarkerState.BROKEN
    with pytest.raises(ValueError, match="already broken"):
        edits.set_portcullis(game, "e3", "f3", MarkerState.BROKEN)
    with pytest.raises(ValueError, match="no portcullis"):
        edits.set_portcullis(game, "a1", "a2", MarkerState.OPEN)
    with pytest.raises(ValueError, match="not neighbours"):
        edits.set_portcullis(game, "a1", "c1", MarkerState.OPEN)


def test_rotate_a_room_turns_its_pieces(game: Game) -> None:
    edits.move_character(game, "cleric", "a1")
    edits.rotate_room(game, 1, 1)
    room = game.position.board.room(1)
    assert room is not None and room.rotation == 0
    assert game.position.characters["cleric"].at == sq("a5")  # the corner turns clockwise
    edits.rotate_room(game, 1, -1)
    assert game.position.characters["cleric"].at == sq("a1")
    with pytest.raises(ValueError, match="Room 3 is face down: only revealed rooms turn"):
        edits.rotate_room(game, 3, 1)
    with pytest.raises(ValueError, match="changes nothing"):
        edits.rotate_room(game, 1, 4)


def test_reveal_keeps_the_room_piles() -> None:
    game = new_game(1, seed=1)
    edits.reveal_room(game, 1, "demo-4b", 2)
    room = game.position.board.room(1)
    assert room is not None and not room.hidden and room.rotation == 2
    assert "demo-4b" not in game.rooms_unrevealed and game.rooms_revealed == ["demo-4b"]
    with pytest.raises(ValueError, match="already face up"):
        edits.reveal_room(game, 1, "demo-4b", 0)
    with pytest.raises(ValueError, match="already face up in room 1"):
        edits.reveal_room(game, 2, "demo-4b", 0)
    with pytest.raises(ValueError, match="no room layout"):
        edits.reveal_room(game, 2, "nowhere", 0)
    with pytest.raises(ValueError, match="no room slot"):
        edits.reveal_room(game, 9, "demo-2a", 0)


def test_reveal_another_room_than_dealt_swaps_them() -> None:
    game = new_game(1, seed=1)
    edits.reveal_room(game, 1, "demo-2a", 1)  # the app had dealt demo-2a face down in slot 2
    one, two = game.position.board.room(1), game.position.board.room(2)
    assert one is not None and one.layout.id == "demo-2a" and not one.hidden and one.rotation == 1
    assert two is not None and two.layout.id == "demo-4b" and two.hidden
    assert game.rooms_revealed == ["demo-2a"] and "demo-4b" in game.rooms_unrevealed


def test_reveal_a_room_not_in_the_pile_is_refused() -> None:
    game = new_game(1, seed=1)
    for slot in range(1, 9):
        game.position.board.place(slot, None)  # the table dealt the rooms
    game.rooms_unrevealed.remove("demo-1a")
    with pytest.raises(ValueError, match="no Room card demo-1a"):
        edits.reveal_room(game, 1, "demo-1a", 0)
    edits.reveal_room(game, 1, "demo-1b", 0)
    assert game.position.board.is_revealed(1) and "demo-1b" in game.rooms_revealed
