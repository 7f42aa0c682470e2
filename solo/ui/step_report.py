"""The Player panel's words: what a finished step did (the combat's result, what to mirror on the
real table), why an action is not available, what a way costs."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from solo.actions.combat import CombatResult
from solo.game import player_options as po
from solo.game.state import Game
from solo.table.search import Way
from solo.ui.words import figure_name, renderer

SHOWN_EVENTS = 12
"""At most this many of the step's events are told in the panel (all are in the log)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlayerTurnPanel", text)


def result_text(result: CombatResult) -> str:
    """A combat's outcome and who was wounded or eliminated."""
    outcomes = {"win": _tr("won"), "lose": _tr("lost"), "tie": _tr("a tie")}
    text = _tr("Combat {outcome}.").format(outcome=outcomes.get(result.outcome, result.outcome))
    if result.wounded:
        names = ", ".join(figure_name(c) for c in result.wounded)
        text += " " + _tr("Wounded: {names}.").format(names=names)
    if result.eliminated:
        names = ", ".join(figure_name(c) for c in result.eliminated)
        text += " " + _tr("Eliminated: {names}.").format(names=names)
    return text


def table_instructions(game: Game, start: int) -> str:
    """The events a step logged from ``start`` on, to mirror on the table (empty when none)."""
    say = renderer(game)
    events = [say(event.text) for event in game.log[start:] if event.kind != "action_card"]
    if not events:
        return ""
    shown = events[:SHOWN_EVENTS]
    more = len(events) - len(shown)
    lines = [_tr("On your table:"), *(f"• {text}" for text in shown)]
    if more:
        lines.append(_tr("… and {n} more in the game log.").format(n=more))
    return "\n".join(lines)


def block_text(code: str | None) -> str:
    """Why an Action card or an action is not available now, with its rule (player_options codes)."""
    texts = {
        po.OVER: _tr("The game is over (S-END-1)."),
        po.NP_TURN: _tr("The NP's turn is due."),
        po.NO_CARD: _tr("Play an Action card first (S-TURN-4)."),
        po.NO_AP: _tr("No AP left: end the turn (B-TURN-3)."),
        po.CARD_DOWN: _tr("An Action card is already played this turn (B-TURN-2)."),
        po.PLAYED: _tr("Already played in this cycle (B-TURN-5)."),
        po.FIRST_TURN: _tr("S-TURN-2: the first turn uses the 2."),
        po.FIRST_CYCLE: _tr("S-TURN-3: in the first cycle the cards go up in order (2, 3, 4, 5)."),
    }
    return texts.get(code or "", "")


def cost_text(way: Way) -> str:
    """A way's cost for the board: its AP, and "+J" per Jump card ("1+J", "3+2J")."""
    jumps = po.jumps_used(way)
    if jumps == 0:
        return str(way.cost[0])
    if jumps == 1:
        return _tr("{ap}+J").format(ap=way.cost[0])
    return _tr("{ap}+{jumps}J").format(ap=way.cost[0], jumps=jumps)
