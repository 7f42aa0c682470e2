"""The built-in Player's room rotations, planned like his other actions (issue 17, AMB-SIM-ROTATION).

A figure standing on a gear may turn its room or the twin (B-ROT-1..9, S-PERS-BRIKOLTOU: the rules
are :func:`solo.game.player_powers.rotations`). Each rotation is scored by the change it makes to the
terms a turned room can change: every figure of the Player's way out and threats
(:func:`solo.game.evaluation.figure_value`) and how near the NPC figures stand to the yellow line
(:func:`solo.game.evaluation.npc_pressure`). The room is turned on the table, read, and turned back:
nothing hidden is read (a turned room is face up).
"""

from __future__ import annotations

from solo.game.evaluation import Distances, Threats, figure_value, npc_pressure
from solo.game.player_powers import Rotation, rotations
from solo.game.state import Game
from solo.table.position import Character, Side
from solo.table.squares import Square


def table_terms(game: Game, distances: Distances) -> float:
    """The terms a turned room may change: the Player's figures' values and the NPCs' pressure."""
    threats = Threats(game)
    figures = [c for c in game.position.characters.values() if c.side is Side.PLAYER and c.is_figure]
    own = sum(figure_value(game, distances, threats, f, f.at, f.carried_item())  # type: ignore[arg-type]
              for f in figures)
    return own + npc_pressure(game, distances)


def quarter_turns(game: Game, rotation: Rotation) -> int:
    """The signed quarter turns of a rotation (clockwise positive), as ``player_powers.rotate`` turns."""
    slot, turns, against = rotation
    room = game.position.board.room(slot)
    assert room is not None
    clockwise = (room.layout.sense == "cw") != against
    return turns if clockwise else -turns


def rotation_gain(game: Game, distances: Distances, rotation: Rotation, before: float) -> float:
    """How much the terms gain when the room is turned so (``before``: their value now)."""
    position = game.position
    turns = quarter_turns(game, rotation)
    saved = distances.saved()
    position.rotate_room(rotation[0], turns)
    try:
        after = table_terms(game, distances)
    finally:
        position.rotate_room(rotation[0], -turns)
        distances.restore(position, saved)
    return after - before


class RotationSearch:
    """The rotations a figure may make, scored, with the values kept for one decision."""

    def __init__(self, game: Game, distances: Distances) -> None:
        self.game = game
        self.distances = distances
        self._before: float | None = None
        self._best: dict[tuple[str, Square, int], float] = {}

    def before(self) -> float:
        """The terms on the table as it is (computed once per decision)."""
        if self._before is None:
            self._before = table_terms(self.game, self.distances)
        return self._before

    def scored(self, figure: Character, ap: int, before: float | None = None) -> list[tuple[Rotation, float]]:
        """Each rotation the figure may make now within ``ap`` AP, with its gain (AP not counted)."""
        found = rotations(self.game, figure.id, ap)
        if not found:
            return []
        now = self.before() if before is None else before
        return [(r, rotation_gain(self.game, self.distances, r, now)) for r in found]

    def best_from(self, figure: Character, sq: Square, ap: int, ap_cost: float) -> float:
        """The best gain, less ``ap_cost`` per quarter turn, of a rotation the figure could make from
        the gear ``sq`` with ``ap`` AP left; 0 when none helps."""
        key = (figure.id, sq, ap)
        if key not in self._best:
            start = figure.at
            figure.at = sq
            try:
                if rotations(self.game, figure.id, ap):
                    here = table_terms(self.game, self.distances)
                    gains = [g - ap_cost * r[1] for r, g in self.scored(figure, ap, here)]
                else:
                    gains = []
            finally:
                figure.at = start
            self._best[key] = max(gains, default=0.0)
        return max(0.0, self._best[key])
