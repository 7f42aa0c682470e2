"""The built-in Player's room rotations, planned like his other actions (issue 17, AMB-SIM-ROTATION).

A figure standing on a gear may turn its room or the twin (B-ROT-1..9, S-PERS-BRIKOLTOU: the rules
are :func:`solo.game.player_powers.rotations`). Each rotation is scored by the change it makes to the
terms a turned room can change: every figure of the Player's way out and threats
(:func:`solo.game.evaluation.figure_value`) and how near the NPC figures stand to the yellow line
(:func:`npc_pressure`). The room is turned on a copy of the table, never on the table: nothing hidden
is read (a turned room is face up).

What it costs (round 6): a turned board is read once per decision however many rotations lead to it
(a room turned 1 clockwise or 3 against is the same board), and its distance maps are kept while the
table's board is the same (its geometry and the Ropes on its pits: moves leave it alone), for every
decision of the turn and the turns after, and dropped at the first change of the board.
"""

from __future__ import annotations

from solo.automaton.context import table_copy
from solo.game.distances import FAR, Distances, roped_pits
from solo.game.evaluation import NPC_STEP, STEP, Threats, figure_value
from solo.game.player_powers import Rotation, rotations
from solo.game.state import Game
from solo.records import replace
from solo.table.board import Board, Geometry
from solo.table.placed_room import turned_squares
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


class TurnedBoards:
    """The board with one room turned and its distance maps, by (slot, quarter turns clockwise mod
    4), kept while the table's board is the same: its geometry object (a change of the board makes a
    new one) and the Ropes on its pits. The maps read only the board, never the pieces."""

    def __init__(self) -> None:
        self._board: tuple[Geometry, frozenset[Square]] | None = None
        self._turned: dict[tuple[int, int], tuple[Board, Distances]] = {}

    def turned(self, game: Game, turned: tuple[int, int]) -> tuple[Board, Distances] | None:
        """The table's board with ``turned`` = (slot, quarter turns) and its maps, None until kept."""
        position = game.position
        geometry = position.board.geometry()
        board = (geometry, roped_pits(position, geometry))
        if self._board is None or self._board[0] is not geometry or self._board[1] != board[1]:
            self._board, self._turned = board, {}
        return self._turned.get(turned)

    def keep(self, turned: tuple[int, int], board: Board, maps: Distances) -> None:
        """Keep a turned board (never edited after) and its maps for the next decisions."""
        self._turned[turned] = (board, maps)


class RotationSearch:
    """The rotations a figure may make, scored, with the values kept for one decision (one table)."""

    def __init__(self, game: Game, distances: Distances, seen: Seen | None = None,
                 boards: TurnedBoards | None = None) -> None:
        self.game = game
        self.distances = distances
        self.seen: Seen = {} if seen is None else seen
        self.boards = TurnedBoards() if boards is None else boards
        self._best: dict[tuple[str, Square, int], float] = {}
        self._tables: dict[tuple[int, int], tuple[Game, dict[Square, Square], Distances]] = {}
        self._gains: dict[tuple[int, int], float] = {}

    def turned(self, slot: int, turns: int) -> tuple[Game, dict[Square, Square], Distances]:
        """The table with the room of ``slot`` turned ``turns`` quarter turns clockwise (a copy: the
        table is left alone), where its squares go, and the maps of that board."""
        key = (slot, turns % 4)
        found = self._tables.get(key)
        if found is None:
            squares = turned_squares(slot, turns)
            position = table_copy(self.game.position)
            kept = self.boards.turned(self.game, key)
            if kept is None:
                position.rotate_room(slot, turns)
                maps: Distances = Distances()
                self.boards.keep(key, position.board, maps)
            else:  # the board turned alike for an earlier decision: only the pieces turn with it
                position.board, maps = kept
                for c in position.characters.values():  # as Position.rotate_room (B-ROT-6)
                    if c.at is not None and c.at in squares:
                        c.at = squares[c.at]
                for o in position.objects:
                    if o.at in squares:
                        o.at = squares[o.at]
            view = replace(self.game, position=position)
            found = self._tables[key] = (view, squares, maps)
        return found

    def gain(self, rotation: Rotation) -> float:
        """How much the terms gain when the room is turned so (NPCs behind the room left out)."""
        slot = rotation[0]
        key = (slot, quarter_turns(self.game, rotation) % 4)
        if key not in self._gains:
            from_rank = slot_origin(slot)[1]
            before = table_terms(self.game, self.distances, self.seen, from_rank)
            view, _, maps = self.turned(*key)
            self._gains[key] = table_terms(view, maps, self.seen, from_rank) - before
        return self._gains[key]

    def scored(self, figure: Character, ap: int) -> list[tuple[Rotation, float]]:
        """Each rotation the figure may make now within ``ap`` AP, with its gain (AP not counted)."""
        return [(r, self.gain(r)) for r in rotations(self.game, figure.id, ap)]

    def best_from(self, figure: Character, sq: Square, ap: int, ap_cost: float) -> float:
        """The best gain of the figure's own way out (``STEP`` per AP), less ``ap_cost`` per quarter
        turn, of a rotation it could make from the gear ``sq`` with ``ap`` AP left; 0 when none helps
        (only its own way is read: a look-ahead for a figure with no way out, kept cheap)."""
        key = (figure.id, sq, ap)
        if key not in self._best:
            start = figure.at
            figure.at = sq
            try:
                tried = rotations(self.game, figure.id, ap)
            finally:
                figure.at = start
            gains = [self._own_gain(figure, sq, r) - ap_cost * r[1] for r in tried]
            self._best[key] = max(gains, default=0.0)
        return max(0.0, self._best[key])

    def _own_gain(self, figure: Character, sq: Square, rotation: Rotation) -> float:
        before = self.distances.to_exit(self.game.position, figure, sq, figure.carries)
        view, squares, maps = self.turned(rotation[0], quarter_turns(self.game, rotation))
        after = maps.to_exit(view.position, figure, squares.get(sq, sq), figure.carries)
        return STEP * (before - after)
