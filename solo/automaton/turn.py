"""The NP's turn (S-TURN-5..9): shuffle the active cards, lay them out, activate left to right."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from solo.automaton.activation import activate
from solo.automaton.context import cards_of
from solo.automaton.explanation import Explanation
from solo.automaton.table import Notice, Request, ShuffleRequest, Table, drive
from solo.content.cards import CardLibrary, load_card_library
from solo.content.npccard import NpcCard
from solo.errors import DataError
from solo.messages import Message, chain, msg
from solo.records import field, record
from solo.table.position import Position, Side, Turn

NPC = Side.NPC
"""Read as a module constant: an Enum class attribute costs about 12 times a global in Python 3.11."""
ACTIVATION_DONE = "activation_done"
"""The Notice event at the end of each activation of an NP turn."""


@record
class TurnRecord:
    """What happened in one NP turn: the row of cards, each activation, each card skipped and why."""

    row: list[str] = field(default_factory=list)
    activations: list[Explanation] = field(default_factory=list)
    skipped: list[tuple[str, Message]] = field(default_factory=list)
    waiting: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "row": list(self.row),
            "activations": [e.to_json() for e in self.activations],
            "skipped": [{"npc": npc, "reason": reason.english()} for npc, reason in self.skipped],
        }
        if self.waiting is not None:
            data["waiting"] = self.waiting
        return data


def active_cards(position: Position) -> list[str]:
    """S-TURN-5: the NPCs in the dungeon, wounded (and carried) included; exited ones are gone."""
    return sorted(c.id for c in position.characters.values() if c.side is Side.NPC and c.card is not None)


def skip_reason(position: Position, npc_id: str) -> Message | None:
    """Why an NPC's card stays tilted this turn, or None when it is activated."""
    npc = position.characters.get(npc_id)
    turn = position.turn
    if npc is None:
        return msg("no longer in the dungeon (S-TURN-5)")
    if npc.wounded or npc.at is None:
        return msg("wounded: its card is tilted (S-TURN-6)")
    if turn is not None and npc_id in turn.healed:
        return msg("healed this turn: not activated (S-TURN-9)")
    if turn is not None and npc_id in turn.acted:
        return msg("already activated this turn (S-TURN-7)")
    return None


def np_turn(
    position: Position,
    tallies: dict[str, int] | None = None,
    record: TurnRecord | None = None,
    library: CardLibrary | None = None,
    until: Callable[[Position], bool] | None = None,
) -> Generator[Request, Any, TurnRecord]:
    """S-TURN-5..9: one NP turn as a sequence of requests; changes ``position`` as it goes."""
    record = record if record is not None else TurnRecord()
    tallies = tallies if tallies is not None else {}
    if position.turn is None or position.turn.side is not Side.NPC:
        position.turn = Turn(Side.NPC)
    turn = position.turn
    library = library or load_card_library()  # the cards are read once per turn
    cards = active_cards(position)
    order = yield ShuffleRequest(
        "", msg("Shuffle the active NPC cards and lay them out left to right (S-TURN-5)"), tuple(cards)
    )
    row = [c for c in order if c in cards] + [c for c in cards if c not in order]
    record.row = row
    known = set(row)
    index = 0
    roster: tuple[tuple[str, str | None], ...] = ()
    npc_cards: dict[str, NpcCard] = {}
    while index < len(row):
        if until is not None and until(position):
            record.skipped.extend((n, msg("the game is over (S-END-1)")) for n in row[index:])
            break
        npc_id = row[index]
        index += 1
        reason = skip_reason(position, npc_id)
        if reason is not None:
            record.skipped.append((npc_id, reason))
            continue
        explanation = Explanation(npc_id)
        record.activations.append(explanation)
        present = _npc_cards(position)
        if present != roster:  # the cards read again when NPCs come or go
            roster, npc_cards = present, cards_of(position, library)
        try:
            yield from activate(position, npc_id, tallies, explanation, npc_cards)
        except DataError as error:
            explanation.deactivated = msg("its card cannot be used: {error}",
                                            error=chain([p.as_message() for p in error.problems]))
            record.skipped.append((npc_id, msg("card incomplete or broken")))
        turn.acted.append(npc_id)
        # A pause point for a step-by-step display (the app's Next button); tables answer it with None.
        yield Notice(npc_id, msg("the activation is over"), ACTIVATION_DONE)
        index = _rejoin_healed(position, row, index, explanation)
        for newcomer in arrivals(position, known):
            known.add(newcomer)
            row.append(newcomer)
    return record


def _npc_cards(position: Position) -> tuple[tuple[str, str | None], ...]:
    """Which NPCs are in play with which card: all that :func:`cards_of` reads of a position."""
    return tuple([(c.id, c.card) for c in position.characters.values() if c.side is NPC])


def arrivals(position: Position, known: set[str]) -> list[str]:
    """S-TURN-8, S-REINF-4, S-REVEAL-8: the NPCs in play not yet in the row, in the order they
    arrived, whatever brought them (reveal, reinforcement, Vision): a newcomer's token joins the table
    after every token already there, so the table's own order is the order of arrival (AMB-ROW-ARRIVAL)."""
    return [c.id for c in position.characters.values()
            if c.side is NPC and c.card is not None and c.id not in known]


def _rejoin_healed(position: Position, row: list[str], index: int, explanation: Explanation) -> int:
    """S-PERS-BONSOINS (AMB-PERS-BONSOINS): an NPC healed so that it may act this turn has its card
    untilted: still to come, it acts in its place; its place passed (skipped as wounded), its card
    moves to the right end of the row. Returns the index of the next card to activate."""
    turn = position.turn
    for step in explanation.steps:
        target = step.fields.get("target")
        if step.kind != "heal" or not step.detail.get("acts_now") or target not in row:
            continue
        if turn is not None and target in turn.acted:
            continue  # S-TURN-7: it has been activated this turn already; its card stays tilted
        place = row.index(target)
        if place >= index:
            continue  # still to come: it acts when its card is reached
        row.pop(place)
        index -= 1
        row.append(target)
    return index


def run_np_turn(
    position: Position,
    table: Table,
    tallies: dict[str, int] | None = None,
    library: CardLibrary | None = None,
) -> TurnRecord:
    """Drive :func:`np_turn` with ``table``; an unanswered request ends it with ``waiting``."""
    record = TurnRecord()
    result, missing = drive(np_turn(position, tallies, record, library), table)
    if missing is not None:
        record.waiting = missing.to_json()
        if record.activations:
            record.activations[-1].waiting = record.waiting
            record.activations[-1].waiting_text = missing.text
    return result or record
