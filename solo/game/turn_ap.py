"""The AP of the Player's turn, read from the game log (B-TURN-3, B-AP-2, S-TURN-2).

The AP spent this turn are the ``move``, ``reveal`` and ``attack``/``shoot`` events since the turn's
``action_card`` event, so undo and saved games need no extra field.
"""

from __future__ import annotations

from solo.actions.reveals import LINE_SLOTS
from solo.game.state import Event, Game
from solo.table.position import Side

ACTION_COST = 1
"""B-AP-2: a reveal and an attack (a whole group combat included) cost 1 AP each."""


def _turn_start(game: Game) -> int | None:
    """Index in the log of this turn's ``action_card`` event; None before a card is played."""
    for index in range(len(game.log) - 1, -1, -1):
        kind = game.log[index].kind
        if kind == "turn":
            return None
        if kind == "action_card":
            return index
    return None


def turn_card(game: Game) -> int | None:
    """The Action card played this Player's turn (its value is the turn's AP), or None."""
    start = _turn_start(game)
    return None if start is None else int(game.log[start].data["card"])


def turn_events(game: Game) -> list[Event]:
    """The log since this turn's Action card (empty before it is played)."""
    start = _turn_start(game)
    return [] if start is None else game.log[start + 1:]


def _cost(event: Event) -> int:
    """The AP an event of the log spent: a move or a rotation its AP, a Player's reveal, attack, shot,
    heal or wand 1, a scream 2 (B-AP-2)."""
    if event.kind in ("move", "rotate", "heal", "wand", "scream"):
        return int(event.data.get("ap", 0))
    if event.kind == "reveal" and "figure" in event.data:  # the Player's own reveal, not its account
        return ACTION_COST
    if event.kind in ("attack", "shoot"):
        return ACTION_COST
    return 0


def actions_taken(game: Game) -> int:
    """How many actions the Player took since his Action card."""
    return sum(1 for event in turn_events(game) if _cost(event) > 0)


def ap_spent(game: Game) -> int:
    return sum(_cost(event) for event in turn_events(game))


def ap_left(game: Game) -> int:
    """The AP still to spend this turn (B-TURN-3): the card's value less what the actions cost."""
    card = turn_card(game)
    return 0 if card is None else max(0, card - ap_spent(game))


def must_reveal_first(game: Game) -> bool:
    """S-TURN-2: on the first turn the first action reveals a room next to the Player's starting line.
    (``solo.game.player`` refuses any other action until it is done.)"""
    if game.turn_number != 1 or turn_card(game) is None or actions_taken(game) > 0:
        return False
    return any(not game.position.board.is_revealed(slot) for slot in LINE_SLOTS[Side.PLAYER])
