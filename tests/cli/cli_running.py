"""Running the command line in a test: its exit status and what it printed, never a traceback."""

from __future__ import annotations

import pytest

from solo.automaton.table import drive
from solo.cli.parser import main
from solo.game.autoplay import AutoTable, auto_player_turn
from solo.game.npturn import np_turn_in_game
from solo.game.state import Game
from solo.table.position import Side


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``dt-solo ARGV``: exit status, standard output and standard error (no traceback in either)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def play_until_npcs_are_in(game: Game) -> None:
    """The built-in Player reveals rooms (and the NP plays its turns) until an NPC is in the dungeon."""
    auto = AutoTable(game)
    for _ in range(10):
        drive(auto_player_turn(game), auto)
        if any(c.side is Side.NPC and c.at is not None for c in game.position.characters.values()):
            return
        drive(np_turn_in_game(game), auto)
        game.turn_number += 1
