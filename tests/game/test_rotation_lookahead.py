"""The Player's rotation look-ahead reads a turned room on a copy, as turning the table would, and
keeps what it worked out only while the board is the same (issue 17, round 6: its cost)."""

from __future__ import annotations

from solo.content.gamedata import game_data
from solo.game.distances import Distances
from solo.game.planner import Planner
from solo.game.player import play_action_card
from solo.game.player_powers import rotations
from solo.game.rotation_plan import RotationSearch, TurnedBoards, quarter_turns, table_terms
from solo.game.state import Game
from solo.table.board import Terrain
from solo.table.position import Character, ObjectToken, Side
from solo.table.squares import slot_origin
from tests.game.test_planner_rotation import _shut_in


def _with_an_npc(game: Game) -> Game:
    """The shut-in Cleric's table with an NPC figure behind room 8, so that turns weigh on it too."""
    floor = [sq for sq, t in game.position.board.geometry().terrain.items()
             if t is Terrain.FLOOR and sq // 10 >= slot_origin(7)[1]
             and game.position.character_at(sq) is None]
    game.position.characters["migrene"] = Character("migrene", Side.NPC, "telepath", floor[0], card="migrene")
    return game


def _turned_on_the_table(game: Game, rotation: tuple[int, int, bool]) -> float:
    """The gain read as round 5 read it: the room turned on the table, fresh maps, turned back."""
    position = game.position
    from_rank = slot_origin(rotation[0])[1]
    before = table_terms(game, Distances(), None, from_rank)
    turns = quarter_turns(game, rotation)
    position.rotate_room(rotation[0], turns)
    try:
        return table_terms(game, Distances(), None, from_rank) - before
    finally:
        position.rotate_room(rotation[0], -turns)


def test_every_rotation_scores_on_a_copy_what_it_scores_turned_on_the_table() -> None:
    game = _with_an_npc(_shut_in([4]))
    tried = rotations(game, "cleric", 3)
    assert len(tried) == 6  # rooms 8 and 7 (the twin), 1 to 3 quarter turns
    search = RotationSearch(game, Distances())
    gains = {r: search.gain(r) for r in tried}
    assert gains == {r: _turned_on_the_table(game, r) for r in tried}
    assert len(set(gains.values())) > 1  # the turns differ: the comparison reads something


def _rotations_of(game: Game) -> list[int | None]:
    return [(room.rotation if (room := game.position.board.room(s)) else None) for s in range(1, 9)]


def test_looking_at_turned_rooms_leaves_the_table_alone() -> None:
    game = _with_an_npc(_shut_in([4]))
    play_action_card(game, 4)
    geometry = game.position.board.geometry()
    squares = {c.id: c.at for c in game.position.characters.values()}
    rooms = _rotations_of(game)

    found = Planner(game).candidates(4)

    assert any(" turns room " in c.label for c in found)
    assert game.position.board.geometry() is geometry  # not even turned and back: the same tables
    assert {c.id: c.at for c in game.position.characters.values()} == squares
    assert _rotations_of(game) == rooms


def test_turned_maps_are_kept_while_the_board_is_the_same_and_dropped_when_it_changes() -> None:
    game = _shut_in([4])
    boards = TurnedBoards()
    RotationSearch(game, Distances(), None, boards).turned(8, 1)
    assert boards.turned(game, (8, 1)) is not None
    assert boards.turned(game, (8, 3)) is None  # only the boards looked at are kept

    cleric = game.position.characters["cleric"]
    cleric.at = next(sq for sq, t in game.position.board.geometry().terrain.items()
                     if t is Terrain.FLOOR and game.position.character_at(sq) is None)
    assert boards.turned(game, (8, 1)) is not None  # a piece moved: the same board, the same maps

    pit = next(sq for sq, t in game.position.board.geometry().terrain.items() if t is Terrain.PIT)
    game.position.objects.append(ObjectToken("rope", pit))
    assert boards.turned(game, (8, 1)) is None  # a Rope on a pit changes the relaxed board

    RotationSearch(game, Distances(), None, boards).turned(8, 1)
    game.position.rotate_room(2, 1)
    assert boards.turned(game, (8, 1)) is None  # another room turned: a new board


def test_classes_that_walk_alike_share_a_map_that_reads_as_their_own() -> None:
    game = _shut_in([4])
    position = game.position
    shared = Distances()
    squares = [sq for sq, t in position.board.geometry().terrain.items() if t is not Terrain.PIT]
    walkers = set()
    for class_id in sorted(game_data().classes):
        for side in (Side.PLAYER, Side.NPC):
            probe = Character("probe", side, class_id, squares[0])
            walkers.add(shared.walker(probe))
            own = Distances()  # a map made for this class alone
            assert [shared.to_exit(position, probe, sq, None) for sq in squares] == \
                [own.to_exit(position, probe, sq, None) for sq in squares], (class_id, side)
    assert len(walkers) < len(game_data().classes)  # some classes do share
