"""What a finished Player step did, in words: the combat's result and what to do on the real table
(the room turned over, the tokens drawn and where they landed, the cards played, the reinforcements)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from solo.combat import CombatResult
from solo.game.session import Steps
from solo.game.state import Game

SHOWN_EVENTS = 12
"""At most this many of the step's events are told in the panel (all are in the log)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlayerTurnPanel", text)


def result_text(result: CombatResult) -> str:
    """A combat's outcome and who was wounded or eliminated."""
    outcomes = {"win": _tr("won"), "lose": _tr("lost"), "tie": _tr("a tie")}
    text = _tr("Combat {outcome}.").format(outcome=outcomes.get(result.outcome, result.outcome))
    if result.wounded:
        text += " " + _tr("Wounded: {names}.").format(names=", ".join(result.wounded))
    if result.eliminated:
        text += " " + _tr("Eliminated: {names}.").format(names=", ".join(result.eliminated))
    return text


def table_instructions(game: Game, start: int) -> str:
    """The events a step logged from ``start`` on, to mirror on the table (empty when none)."""
    events = [event.text for event in game.log[start:] if event.kind != "action_card"]
    if not events:
        return ""
    shown = events[:SHOWN_EVENTS]
    more = len(events) - len(shown)
    lines = [_tr("On your table:"), *(f"• {text}" for text in shown)]
    if more:
        lines.append(_tr("… and {n} more in the game log.").format(n=more))
    return "\n".join(lines)


def instant(change: Callable[[Game], object]) -> Callable[[Game], Steps]:
    """A step that asks nothing: ``change`` applied to the game."""

    def start(game: Game) -> Steps:
        change(game)
        return
        yield  # a generator without requests

    return start
