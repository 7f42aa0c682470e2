"""The built-in Player: plans each turn by searching the turn's legal actions (issue 17).

Every decision lists what each of the Player's figures may do now, from the engine's own rules:
every way the path search finds within the AP left (moves, Jump cards, the Key, pick-ups of objects
and wounded friends, lock-picking and breaking portcullises, exits), melee attacks and shots
(:mod:`solo.game.player_options`), reveals and heals. Each is scored by how much it changes the
evaluation of :mod:`solo.game.evaluation` (combats by their expected points with the best combat card,
a move that ends next to an NPC also by the attack it opens), and the best is played; then the next
decision is searched on the new table, until the AP are spent or nothing improves the table, but
for one case: when no figure knows a way out and nothing helps, the turn opens the farthest hidden
room a figure can reach rather than stand still (AMB-SIM-STALL). Rotations of rooms from a gear are
searched as the other actions (:mod:`solo.game.rotation_plan`, AMB-SIM-ROTATION). The Action card is
the one whose AP buy the best action, less what a card kept for later is worth.

Each action goes through :mod:`solo.game.player`, which checks its rule: the Player never plays an
illegal action. It reads only what a player at the table knows (see :mod:`solo.game.evaluation`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from functools import partial
from typing import Any

from solo.actions.combat import melee_sides, ranged_sides
from solo.actions.reveals import LINE_SLOTS
from solo.automaton.table import Request
from solo.errors import IllegalActionError
from solo.game.components import components
from solo.game.distances import FAR, Distances
from solo.game.evaluation import (
    JUMP_CARD,
    VP,
    WOUND,
    Threats,
    card_worth,
    crow_distance,
    extends_way,
    figure_value,
    reinforcement_cost,
    rescue_value,
    reveal_worth,
)
from solo.game.fight import player_options
from solo.game.npturn import game_ended
from solo.game.player import (
    attack,
    end_player_turn,
    legal_action_cards,
    move,
    npc_telepath_rule,
    play_action_card,
    reveal,
    shoot,
)
from solo.game.player_options import attack_targets, shoot_targets
from solo.game.player_powers import heal, healable, rotate
from solo.game.rotation_plan import RotationSearch, TurnedBoards
from solo.game.state import Game
from solo.game.turn_ap import ap_left, must_reveal_first
from solo.records import record
from solo.table.board import Terrain
from solo.table.carrying import OptionalPickups
from solo.table.movement import Means
from solo.table.position import Character, Side, item_character
from solo.table.search import Reach, State, Way, cheapest_paths
from solo.table.squares import Square

Steps = Generator[Request, Any, Any]

NO_WAY_OUT = 60
"""A reveal is worth this more when the revealing figure knows no way to the blue line yet and the
room is the farthest from the yellow line it can get to (``extends_way``)."""
AP_SPENT = 1
"""Each AP an action uses: of two equal actions, the cheaper."""
CARD_KEPT = 4
"""Points per AP of an Action card kept in hand for a later turn of the cycle."""
JUMPS_A_WAY = 1
"""Jump cards one way may use: a second jump in one action is rare, and each multiplies the search."""
FOLLOW_UP = 1.0
"""The share of an attack's (or a rotation's) expected points counted for the move that makes it
possible."""
QUARTER_TURN = 3
"""Points each quarter turn of a room costs (its AP and a margin): a rotation must gain more than
that, so that small changes of the threats never make the Player turn rooms back and forth."""


@record(frozen=True)
class Candidate:
    """One legal action, its cost in AP and its score (the evaluation's expected change)."""

    score: float
    ap: int
    label: str
    run: Callable[[], Steps]
    opening: bool = False
    """A reveal by a figure that knows no way out, of the farthest hidden room it can get to."""


def _figures(game: Game) -> list[Character]:
    return sorted(
        (c for c in game.position.characters.values() if c.side is Side.PLAYER and c.is_figure),
        key=lambda c: c.id,
    )


class Planner:
    """The built-in Player of one game: searches each decision, plays the best (see the module)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.distances = Distances()
        self._seen: dict[tuple[object, ...], float] = {}
        """Tables read for rotations this turn (rooms and pieces alike: the same terms)."""
        self._turned = TurnedBoards()
        """The maps of the board with a room turned, kept while the board is the same."""

    # -- combat cards ------------------------------------------------------------------------------
    def combat(self, sides: Any) -> float:
        """The expected points of a combat with the best card the Player may play."""
        game = self.game
        forced = npc_telepath_rule(game, sides) == "smallest"
        return card_worth(game, sides, player_options(game, sides, forced), self.distances)[1]

    def choose_card(self, options: tuple[str, ...], sides: Any) -> str:
        """The Player's combat card (S-COMBAT-1): the one with the best expected points."""
        if sides is None:  # S-COMBAT-6: his Telepath picks the NP's card among three: the weakest
            return min(options, key=lambda c: int(c))
        return card_worth(self.game, sides, options, self.distances)[0]

    # -- the candidates ------------------------------------------------------------------------------
    def candidates(self, ap: int) -> list[Candidate]:
        """Every action the Player may take now within ``ap`` AP, scored."""
        game = self.game
        found: list[Candidate] = []
        threats = Threats(game)
        self._openings: dict[tuple[str, Square], float] = {}
        self._rotations = RotationSearch(game, self.distances, self._seen, self._turned)
        access = self.distances.access(game.position)
        for figure in _figures(game):
            fid = figure.id
            slots = sorted(access.get(figure.at, {})) if figure.at is not None else []
            if must_reveal_first(game):
                found += [self._reveal(figure, s) for s in slots if s in LINE_SLOTS[Side.PLAYER]]
                continue
            found += [self._reveal(figure, s) for s in slots]
            found += self._moves(figure, ap, threats)
            for target in attack_targets(game, fid):
                worth = self._attack_worth(fid, target, ranged=False)
                if worth is not None:
                    found.append(Candidate(worth - AP_SPENT, 1, f"{fid} attacks {target}",
                                           partial(attack, game, fid, target)))
            for target in shoot_targets(game, fid):
                worth = self._attack_worth(fid, target, ranged=True)
                if worth is not None:
                    found.append(Candidate(worth - AP_SPENT, 1, f"{fid} shoots {target}",
                                           partial(shoot, game, fid, target)))
            for (slot, turns, against), gain in self._rotations.scored(figure, ap):
                found.append(Candidate(gain - QUARTER_TURN * turns, turns,
                                       f"{fid} turns room {slot} by {turns}{' against' if against else ''}",
                                       partial(rotate, game, fid, slot, turns, against)))
            for wounded in healable(game, fid):
                worth = WOUND + rescue_value(game, threats, wounded)
                found.append(Candidate(worth - AP_SPENT, 1, f"{fid} heals {wounded}",
                                       partial(heal, game, fid, wounded)))
        return found

    def _attack_worth(self, figure_id: str, target_id: str, ranged: bool) -> float | None:
        try:
            sides = (ranged_sides if ranged else melee_sides)(self.game.position, figure_id, target_id)
        except IllegalActionError:
            return None
        return self.combat(sides)

    def _reveal(self, figure: Character, slot: int) -> Candidate:
        game, distances = self.game, self.distances
        lost = extends_way(game, distances, figure, slot) and not distances.knows_way(game.position, figure)
        score = reveal_worth(self.game, slot) + (NO_WAY_OUT if lost else 0) - AP_SPENT
        return Candidate(score, 1, f"{figure.id} reveals room {slot}",
                         partial(reveal, self.game, figure.id, slot), opening=lost)

    def _moves(self, figure: Character, ap: int, threats: Threats) -> list[Candidate]:
        """Every way of the figure within ``ap`` AP, scored by the change of its terms."""
        game = self.game
        assert figure.at is not None
        means = Means(jumps=min(game.player.jumps, JUMPS_A_WAY), paid_abilities=True, max_ap=ap)
        reach = cheapest_paths(game.position, figure, means, OptionalPickups())
        here = figure_value(game, self.distances, threats, figure, figure.at, figure.carried_item())
        terrain = game.position.board.geometry().terrain
        lost = self.distances.to_exit(game.position, figure) >= FAR  # a gear is worth a look-ahead
        jump_cost = JUMP_CARD + (reinforcement_cost(game)
                                 if components().levels[game.difficulty].player_jumps else 0.0)
        best: dict[tuple[Square, str | None, bool], tuple[float, State, int]] = {}
        values: dict[tuple[Square, str | None], float] = {}
        """The figure's terms per square and what it carries: many ways end alike."""
        for state, cost in reach.states():
            if cost[0] == 0:
                continue
            after: float
            if state.exited:
                after = VP + (WOUND if state.carried and item_character(state.carried) else 0)  # B-EXIT-4
            else:
                ends = (state.square, state.carried)
                if ends not in values:
                    values[ends] = figure_value(game, self.distances, threats, figure, *ends)
                after = values[ends]
                if cost[0] < ap:
                    after += FOLLOW_UP * max(0.0, self._opening(figure, state.square))
                    if lost and terrain.get(state.square) is Terrain.GEAR:
                        after += FOLLOW_UP * self._rotations.best_from(
                            figure, state.square, ap - cost[0], QUARTER_TURN)
            score = after - here - jump_cost * state.jumps - AP_SPENT * cost[0]
            key = (state.square, state.carried, state.exited)
            if key not in best or score > best[key][0]:
                best[key] = (score, state, cost[0])
        return [Candidate(score, ap_used, f"{figure.id} to {state.square}",
                          partial(self._walk, figure.id, reach, state))
                for score, state, ap_used in best.values()]

    def _walk(self, figure_id: str, reach: Reach, state: State) -> Steps:
        """Play the way the search found to ``state`` (made only for the action played)."""
        way: Way = reach.way_to_state(state)
        yield from move(self.game, figure_id, way)

    def _opening(self, figure: Character, sq: Square) -> float:
        """The best attack the figure would have from ``sq`` (its expected points), 0 when none."""
        key = (figure.id, sq)
        if key not in self._openings:
            self._openings[key] = self._attack_from(figure, sq)
        return self._openings[key]

    def _attack_from(self, figure: Character, sq: Square) -> float:
        position = self.game.position
        near = [c for c in position.characters.values()
                if c.side is Side.NPC and c.at is not None and crow_distance(c.at, sq) == 1]
        if not near:
            return 0.0
        start = figure.at
        figure.at = sq
        try:
            worths = [self._attack_worth(figure.id, c.id, ranged=False) for c in near]
        finally:
            figure.at = start
        return max((w for w in worths if w is not None), default=0.0)

    # -- the turn ------------------------------------------------------------------------------------
    def action_card(self) -> tuple[int, list[Candidate]]:
        """The Action card to play (S-TURN-2/3) and the candidates searched for it."""
        cards = legal_action_cards(self.game)
        found = self.candidates(max(cards))
        if len(cards) == 1:
            return cards[0], found

        def worth(card: int) -> float:
            best = max((c.score for c in found if c.ap <= card), default=0.0)
            return best - CARD_KEPT * card

        return max(cards, key=lambda card: (worth(card), -card)), found

    def _opening_reveal(self, found: list[Candidate]) -> Candidate | None:
        """The best reveal that opens the dungeon when no figure knows a way out and nothing else
        helps (AMB-SIM-STALL): left idle, the game would stand still, as neither side can score."""
        position = self.game.position
        if any(self.distances.knows_way(position, f) for f in _figures(self.game)):
            return None
        return max((c for c in found if c.opening), key=lambda c: c.score, default=None)

    def turn(self) -> Steps:
        """One whole Player turn (S-TURN-4): the Action card, the best action until none helps."""
        game = self.game
        self._seen.clear()
        card, found = self.action_card()
        play_action_card(game, card)
        if must_reveal_first(game):
            found = self.candidates(card)
        found = [c for c in found if c.ap <= card]
        idle = True
        while found and not game_ended(game):
            best = max(found, key=lambda c: c.score)
            if best.score <= 0 and not must_reveal_first(game):  # S-TURN-2: the first reveal is due
                opening = self._opening_reveal(found) if idle else None
                if opening is None:
                    break
                best = opening
            idle = False
            yield from best.run()
            left = ap_left(game)
            if left <= 0:
                break
            found = self.candidates(left)
        yield from end_player_turn(game)

