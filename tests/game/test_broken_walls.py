"""Issue 14 item 6: a wall Wave-Rick broke is a state of the table (rulebook l.774-778,
S-PERS-WAVERICK): edited, saved and read back, and open to movement and sight like a broken
portcullis."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import two_rooms_game

from solo.game import edits
from solo.game.saves import game_from_state, game_state, load_game, save_game
from solo.game.state import Game
from solo.table.board import Passage
from solo.table.carrying import OptionalPickups
from solo.table.movement import Means
from solo.table.position import Character, Side
from solo.table.search import cheapest_paths
from solo.table.sight import sees
from solo.table.squares import parse_square

# Seed 1, room 1 demo-4b at rotation 3: a wall between a1 and b1 (both floor), open a1-a2-b2-b1.


def sq(name: str) -> int:
    return parse_square(name)


@pytest.fixture
def game() -> Game:
    return two_rooms_game()


def test_s_pers_waverick_a_broken_wall_is_edited_and_open(game: Game) -> None:
    board = game.position.board
    assert board.wall_broken(sq("a1"), sq("b1")) is False
    assert board.passage(sq("a1"), sq("b1")) is Passage.WALL
    edits.set_wall(game, "a1", "b1", True)
    assert board.wall_broken(sq("b1"), sq("a1")) is True
    assert board.passage(sq("a1"), sq("b1")) is Passage.OPEN and board.adjacent(sq("a1"), sq("b1"))
    assert game.log[-1].text.english().endswith("wall between a1 and b1 broken")
    with pytest.raises(ValueError, match="already broken"):
        edits.set_wall(game, "b1", "a1", True)
    with pytest.raises(ValueError, match="no wall"):
        edits.set_wall(game, "a1", "a2", True)
    with pytest.raises(ValueError, match="not neighbours"):
        edits.set_wall(game, "a1", "c1", True)
    edits.set_wall(game, "a1", "b1", False)
    assert board.passage(sq("a1"), sq("b1")) is Passage.WALL
    assert game.log[-1].text.english().endswith("wall between a1 and b1 mended")


def test_s_pers_waverick_movement_and_sight_go_through_a_broken_wall(game: Game) -> None:
    position = game.position
    position.characters["cleric"].at = sq("a1")
    cleric = position.characters["cleric"]
    position.characters["kassbarr"] = Character("kassbarr", Side.NPC, "colossus", sq("c1"), card="kassbarr")

    def squares_to_b1() -> int:
        reach = cheapest_paths(position, cleric, Means(jumps=0, max_ap=2), OptionalPickups())
        costs = [cost[1] for state, cost in reach.states() if state.square == sq("b1")]
        return min(costs)

    around = squares_to_b1()
    assert around == 3  # a1-a2-b2-b1 round the wall
    assert not sees(position, sq("a1"), sq("c1"))
    edits.set_wall(game, "a1", "b1", True)
    assert squares_to_b1() == 1  # straight through the breach
    assert sees(position, sq("a1"), sq("c1"))  # line of sight through it (B-LOS)


def test_s_pers_waverick_a_broken_wall_is_saved_and_read_back(game: Game, tmp_path: Path) -> None:
    edits.set_wall(game, "a1", "b1", True)
    again = game_from_state(game_state(game))
    assert again.position.board.wall_broken(sq("a1"), sq("b1")) is True
    path = save_game(game, tmp_path / "game.yaml")
    text = path.read_text(encoding="utf-8")
    assert "  walls:\n  - between: [a1, b1]\n    state: broken\n" in text
    read = load_game(path)
    assert read.position.board.passage(sq("a1"), sq("b1")) is Passage.OPEN
    assert game_state(read) == game_state(game)
