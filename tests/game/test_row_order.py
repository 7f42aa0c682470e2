"""Issue 14 items 1-2: newcomers join the NP's row in the order they arrive (S-TURN-8, S-REINF-4),
and a character healed by Père Bonsoins acts this turn (S-PERS-BONSOINS, AMB-PERS-BONSOINS)."""

from __future__ import annotations

from typing import Any

from solo.actions.combat import attack_squares
from solo.automaton.table import Request, drive
from solo.game.autoplay import AutoTable
from solo.game.npturn import np_turn_in_game
from solo.game.setup import new_game
from solo.table.board import Terrain
from solo.table.position import Character, Side, Turn
from solo.table.squares import slot_squares

BLACK = 6


def test_s_turn_8_s_reinf_4_two_reinforcements_of_one_combat_join_the_row_in_draw_order() -> None:
    # Black level (S-REINF-2): the Player's +0 and the NP's +1 both bear the icon, so one combat
    # brings two reinforcements; Xanth is drawn first, then Amystyn (alphabetically earlier).
    game = new_game(BLACK, seed=9, team=["cleric", "naga", "wizard", "backstabber"])
    game.position.board.reveal(1)
    game.rooms_revealed.append(game.rooms_unrevealed.pop(0))
    layout = game.position.board.room(1)
    assert layout is not None
    game.rooms_revealed[-1] = layout.layout.id
    floor = [sq for sq in slot_squares(1) if game.position.board.terrain(sq) is Terrain.FLOOR]
    here = next(sq for sq in floor if any(n in floor for n in attack_squares(game.position, sq)))
    there = next(n for n in attack_squares(game.position, here) if n in floor)
    game.position.characters["naga"].at = here
    game.position.characters["kassbarr"] = Character("kassbarr", Side.NPC, "colossus", there, card="kassbarr")
    game.player.combat = ["+0"]
    game.npc_combat.cards = ["+1", "+3", "+5"]
    game.reinforcements = ["xanth", "amystyn", "weak-ed"]
    game.position.turn = Turn(Side.NPC)
    asked: list[Request] = []

    class Table(AutoTable):
        def answer(self, request: Request) -> Any:
            asked.append(request)
            return super().answer(request)

    record, waiting = drive(np_turn_in_game(game, pause_each_activation=False), Table(game))
    assert waiting is None and record is not None
    entered = [e.data["npc"] for e in game.log if e.kind == "enter"]
    assert entered[:2] == ["xanth", "amystyn"]
    # Every newcomer, whatever brought it (these two by the combat, others by their reveals), joins
    # the row's right end in the order it arrived, and the row is activated left to right.
    assert record.row == ["kassbarr", *entered]
    assert game.row == record.row
    acted = [e.npc for e in record.activations]
    assert acted == [n for n in record.row if n in acted]
    assert set(entered) <= set(acted) | {n for n, _ in record.skipped}
