"""The built-in Player's room rotations, planned like his other actions (issue 17, AMB-SIM-ROTATION).

A figure standing on a gear may turn its room or the twin (B-ROT-1..9, S-PERS-BRIKOLTOU: the rules
are :func:`solo.game.player_powers.rotations`). Each rotation is scored by the change it makes to the
terms a turned room can change: every figure of the Player's way out and threats
(:func:`solo.game.evaluation.figure_value`) and how near the NPC figures stand to the yellow line
(:func:`npc_pressure`). The room is turned on the table, read, and turned back:
nothing hidden is read (a turned room is face up).
"""

from __future__ import annotations

from solo.game.evaluation import FAR, NPC_STEP, STEP, Distances, Threats, figure_value
from solo.game.player_powers import Rotation, rotations
from solo.game.state import Game
from solo.table.position import Character, Side
from solo.table.squares import YELLOW_RANK, Square, slot_origin


def npc_pressure(game: Game, distances: Distances, from_rank: int = YELLOW_RANK) -> float:
    """The NPC figures' nearness to the yellow line, -``NPC_STEP`` per AP under ``FAR`` each (what a
    room turned may change for them; no other action moves the board under them), counting those
    standing on ``from_rank`` or farther from the yellow line (a room turned behind an NPC seldom
    changes its way)."""
    position = game.position
    return -NPC_STEP * sum(FAR - distances.to_exit(position, c) for c in position.characters.values()
                           if c.side is Side.NPC and c.is_figure and c.at is not None
                           and c.at // 10 >= from_rank)


Seen = dict[tuple[object, ...], float]
"""The terms of the tables already read in a turn, by what a rotation changes (rooms and pieces)."""


def _table_key(game: Game) -> tuple[object, ...]:
    position = game.position
    board = position.board
    rooms = tuple(room.rotation if (room := board.room(s)) is not None else -1 for s in range(1, 9))
    pieces = tuple(sorted((c.id, c.at or 0, c.carries or "", c.wounded)
                          for c in position.characters.values()))
    ropes = tuple(sorted(o.at for o in position.objects if o.kind == "rope"))
    return rooms, pieces, ropes


def table_terms(game: Game, distances: Distances, seen: Seen | None = None, from_rank: int = 0) -> float:
    """The terms a turned room may change: the Player's figures' ways out and threats, and the NPCs'
    nearness to the yellow line from ``from_rank`` on (a gear's distance left out: a turned room is
    judged by the ways)."""
    key = (*_table_key(game), from_rank)
    if seen is not None and key in seen:
        return seen[key]
    threats = Threats(game)
    own = sum(figure_value(game, distances, threats, f, f.at, f.carried_item(), gear=False)
              for f in game.position.characters.values()
              if f.side is Side.PLAYER and f.is_figure and f.at is not None)
    terms = own + npc_pressure(game, distances, from_rank)
    if seen is not None:
        seen[key] = terms
    return terms


def quarter_turns(game: Game, rotation: Rotation) -> int:
    """The signed quarter turns of a rotation (clockwise positive), as ``player_powers.rotate`` turns."""
    slot, turns, against = rotation
    room = game.position.board.room(slot)
    assert room is not None
    clockwise = (room.layout.sense == "cw") != against
    return turns if clockwise else -turns


def rotation_gain(game: Game, distances: Distances, rotation: Rotation, seen: Seen | None = None) -> float:
    """How much the terms gain when the room is turned so (NPCs behind the room left out)."""
    position = game.position
    from_rank = slot_origin(rotation[0])[1]
    before = table_terms(game, distances, seen, from_rank)
    turns = quarter_turns(game, rotation)
    saved = distances.saved(position)
    position.rotate_room(rotation[0], turns)
    try:
        after = table_terms(game, distances, seen, from_rank)
    finally:
        position.rotate_room(rotation[0], -turns)
        distances.restore(position, saved)
    return after - before


class RotationSearch:
    """The rotations a figure may make, scored, with the values kept for one decision."""

    def __init__(self, game: Game, distances: Distances, seen: Seen | None = None) -> None:
        self.game = game
        self.distances = distances
        self.seen: Seen = {} if seen is None else seen
        self._best: dict[tuple[str, Square, int], float] = {}

    def scored(self, figure: Character, ap: int) -> list[tuple[Rotation, float]]:
        """Each rotation the figure may make now within ``ap`` AP, with its gain (AP not counted)."""
        return [(r, rotation_gain(self.game, self.distances, r, self.seen))
                for r in rotations(self.game, figure.id, ap)]

    def best_from(self, figure: Character, sq: Square, ap: int, ap_cost: float) -> float:
        """The best gain of the figure's own way out (``STEP`` per AP), less ``ap_cost`` per quarter
        turn, of a rotation it could make from the gear ``sq`` with ``ap`` AP left; 0 when none helps
        (only its own way is read: a look-ahead for a figure with no way out, kept cheap)."""
        key = (figure.id, sq, ap)
        if key not in self._best:
            start = figure.at
            figure.at = sq
            try:
                gains = [self._own_gain(figure, r) - ap_cost * r[1]
                         for r in rotations(self.game, figure.id, ap)]
            finally:
                figure.at = start
            self._best[key] = max(gains, default=0.0)
        return max(0.0, self._best[key])

    def _own_gain(self, figure: Character, rotation: Rotation) -> float:
        position, distances = self.game.position, self.distances
        before = distances.to_exit(position, figure)
        turns = quarter_turns(self.game, rotation)
        saved = distances.saved(position)
        position.rotate_room(rotation[0], turns)
        try:
            after = distances.to_exit(position, figure)
        finally:
            position.rotate_room(rotation[0], -turns)
            distances.restore(position, saved)
        return STEP * (before - after)
