"""The Arch-Mage's Vision (S-VISION-1..3): a card bearing the Vision icon reveals a room.

The Vision cards each designate one of the 8 room slots (the deck in ``game.vision_deck``, top first,
S-VISION-1). Turned over one at a time, a card designating a revealed room leaves the game; the
first that designates a face-down room has it revealed normally (S-REVEAL), and it leaves the game
too (AMB-VISION-USED).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.automaton.table import Request
from solo.game.reveal import RevealPlan, commit_reveal, place_reveal, plan_reveal
from solo.game.state import Game
from solo.game.teleport import DrawRequest, as_int, keep_rng_on_close
from solo.messages import Ref, msg
from solo.table.squares import SLOTS


def _turn_over(game: Game, deck: list[int]) -> Generator[Request, Any, int]:
    """The top Vision card: the app's deck, or the one the player turned over (removed from ``deck``)."""
    if game.app_runs("vision"):
        return deck.pop(0)
    options = tuple(str(slot) for slot in sorted(deck))
    text = msg(
        "Arch-Mage's Vision: turn over the top Vision card, orient it with the starting lines' colours; "
        "which room position (1-8) does it designate? (S-VISION-3)"
    )
    while True:
        slot = as_int((yield DrawRequest("", text, "vision", options)))
        if slot is not None and str(slot) in options:
            deck.remove(slot)
            return slot


def _vision(game: Game) -> Generator[Request, Any, tuple[list[int], list[int], RevealPlan | None]]:
    """Turn over cards until one designates a face-down room and decide that room's reveal; returns the
    deck left, the cards turned over and the reveal's plan (None: no card designates one)."""
    board = game.position.board
    deck = list(game.vision_deck)
    turned: list[int] = []
    while deck:
        slot = yield from _turn_over(game, deck)
        turned.append(slot)
        if not board.is_revealed(slot):
            plan = yield from plan_reveal(game, slot, None)
            return deck, turned, plan
    return deck, turned, None


def vision_reveal(game: Game) -> Generator[Request, Any, int | None]:
    """S-VISION-2/3: reveal the room the Vision designates (position included); returns its slot, or
    None when every room is already revealed (no card is turned over) or no card is left. The game
    changes only once every request is answered."""
    board = game.position.board
    if all(board.is_revealed(slot) for slot in SLOTS):
        game.record(
            "vision",
            msg("The Arch-Mage's Vision: every room is already revealed, nothing happens (S-VISION-2)"),
            slot=None,
        )
        return None
    deck, turned, plan = yield from keep_rng_on_close(game, _vision(game))  # AMB-STEP-ATOMIC
    game.vision_deck[:] = deck
    discarded = turned[:-1] if plan is not None else turned
    gone = ", ".join(map(str, discarded))
    if plan is None:
        said = (
            msg("The Arch-Mage's Vision: cards for revealed rooms {slots} leave the game (S-VISION-3); "
                "no Vision card is left, nothing happens", slots=gone)
            if discarded
            else msg("The Arch-Mage's Vision: no Vision card is left, nothing happens")
        )
        game.record("vision", said, slot=None, discarded=discarded)
        return None
    said = (
        msg("The Arch-Mage's Vision: cards for revealed rooms {slots} leave the game (S-VISION-3); "
            "{room} is revealed", slots=gone, room=Ref("room", str(plan.slot)))
        if discarded
        else msg("The Arch-Mage's Vision: {room} is revealed", room=Ref("room", str(plan.slot)))
    )
    game.record("vision", said, slot=plan.slot, discarded=discarded)
    answer = commit_reveal(game, plan)
    place_reveal(game, plan.slot, answer)
    return plan.slot
