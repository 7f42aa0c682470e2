"""Write the bundled demo game (``rules/games/demo.yaml``) the app opens on a first start.

A seeded level-1 game played by the built-in Player until NPCs are in the dungeon, stopped at the
start of the NP's turn, so that the first thing to do in the app is to watch the automaton play.
Run it again (``python tools/make_demo_game.py``) when the game file format changes.
"""

from __future__ import annotations

import sys

from solo.automaton.table import drive
from solo.game.autoplay import AutoTable, auto_player_turn
from solo.game.npturn import np_turn_in_game
from solo.game.saves import history, save_game
from solo.game.setup import new_game
from solo.locations import DEMO_GAME
from solo.table.position import Side

SEED = 3
NPCS_WANTED = 3


def make_demo() -> None:
    game = new_game(1, seed=SEED)
    table = AutoTable(game)
    for _ in range(12):
        drive(auto_player_turn(game), table)
        npcs = [c for c in game.position.characters.values() if c.side is Side.NPC and c.at is not None]
        if len(npcs) >= NPCS_WANTED:
            break
        drive(np_turn_in_game(game), table)
        game.turn_number += 1
    history(game).clear()  # a fresh start: nothing to undo before the demo
    DEMO_GAME.parent.mkdir(parents=True, exist_ok=True)
    save_game(game, DEMO_GAME)
    print(f"{DEMO_GAME}: turn {game.turn_number}, {len(npcs)} NPCs in the dungeon, "
          f"{len(game.position.board.revealed_slots())} rooms revealed")


if __name__ == "__main__":
    make_demo()
    sys.exit(0)
