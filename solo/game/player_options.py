"""What the Player may do now, for the app to offer: Action cards, AP left, ways, targets, reveals.

Read-only: nothing here changes the game. The AP spent this turn are read from the game log (the
``move``, ``reveal`` and ``attack`` events since the turn's ``action_card`` event), so undo and saved
games need no extra field. Legality comes from the engine (:mod:`solo.table.search`,
:mod:`solo.actions.combat`,
:mod:`solo.actions.reveals`, :mod:`solo.game.player`); this module only gathers it for one figure.
"""

from __future__ import annotations

from solo.actions.combat import melee_sides, ranged_targets
from solo.actions.reveals import LINE_SLOTS, reveal_access
from solo.errors import IllegalActionError
from solo.game.npturn import game_ended
from solo.game.player import legal_action_cards
from solo.game.player_powers import (
    SCREAM_COST,
    Rotation,
    healable,
    rotations,
    scream_squares,
    wand_directions,
)
from solo.game.state import ACTION_CARDS, Game
from solo.game.turn_ap import (
    ap_left,
    must_reveal_first,
    turn_card,
)
from solo.records import field, record
from solo.table.carrying import OptionalPickups
from solo.table.movement import Means
from solo.table.position import Character, Side
from solo.table.search import Way, cheapest_paths
from solo.table.squares import Direction, Square

# Why an Action card or an action is not available now (the app words them, with the rule).
OVER = "over"
"""S-END-1: a side has 5 VP."""
NP_TURN = "np_turn"
"""The NP's turn is due (S-TURN-1)."""
NO_CARD = "no_card"
"""No Action card is played yet this turn (S-TURN-4 phase 1)."""
NO_AP = "no_ap"
"""Every AP of the turn's Action card is spent (B-TURN-3)."""
CARD_DOWN = "card_down"
"""An Action card is already played this turn (B-TURN-2)."""
PLAYED = "played"
"""The card was played earlier in this cycle (B-TURN-5)."""
FIRST_TURN = "first_turn"
"""S-TURN-2: the first turn uses the 2."""
FIRST_CYCLE = "first_cycle"
"""S-TURN-3: in the first cycle the cards go up in order."""


# -- the turn ------------------------------------------------------------------------------------

def np_turn_due(game: Game) -> bool:
    """The Player ended his turn and the NP's has not been played yet (S-TURN-1): the NP's side is to
    play (``end_np_turn`` gives the turn back to the Player)."""
    turn = game.position.turn
    return turn is not None and turn.side is Side.NPC


def blocked(game: Game) -> str | None:
    """Why the Player can take no action now (OVER, NP_TURN, NO_CARD, NO_AP), or None."""
    if game_ended(game):
        return OVER
    if np_turn_due(game):
        return NP_TURN
    if turn_card(game) is None:
        return NO_CARD
    if ap_left(game) <= 0:
        return NO_AP
    return None


def action_cards(game: Game) -> dict[int, str | None]:
    """Each of the four Action cards: None when it may be played now, else why not (a code above)."""
    result: dict[int, str | None] = {}
    legal = legal_action_cards(game)
    general = OVER if game_ended(game) else NP_TURN if np_turn_due(game) else None
    if general is None and turn_card(game) is not None:
        general = CARD_DOWN
    for card in ACTION_CARDS:
        if general is not None:
            result[card] = general
        elif card not in game.player.actions:
            result[card] = PLAYED
        elif card not in legal:
            result[card] = FIRST_TURN if game.turn_number == 1 else FIRST_CYCLE
        else:
            result[card] = None
    return result


# -- one figure ----------------------------------------------------------------------------------

def _figure(game: Game, figure_id: str) -> Character | None:
    figure = game.position.characters.get(figure_id)
    if figure is None or figure.side is not Side.PLAYER or not figure.is_figure:
        return None
    return figure


def jumps_used(way: Way) -> int:
    """The Jump cards a way needs (B-JUMP-1)."""
    return sum(1 for action in way.actions if action.kind == "jump")


def _ways(game: Game, figure_id: str, ap: int, jumps: bool) -> tuple[dict[Square, Way], dict[Square, Way]]:
    """The cheapest way to each square at rest and to each exit square, within ``ap`` AP: least AP,
    then fewest Jump cards (a card is never spent when a way as cheap needs none), then fewest squares."""
    figure = _figure(game, figure_id)
    if figure is None or ap <= 0:
        return {}, {}
    rest: dict[Square, Way] = {}
    out: dict[Square, Way] = {}
    for cards in range(game.player.jumps + 1 if jumps else 1):
        means = Means(jumps=cards, paid_abilities=True, max_ap=ap)
        reach = cheapest_paths(game.position, figure, means, OptionalPickups())
        for sq in reach.squares():
            for state in reach.finals[sq]:
                target = out if state.exited else rest
                known = target.get(sq)
                if known is None or known.cost[0] > reach.cost[state][0]:
                    target[sq] = reach.way_to_state(state)
    return rest, out


def reachable(game: Game, figure_id: str, ap: int, jumps: bool = True) -> dict[Square, Way]:
    """The cheapest way (AP, then squares) for the figure to end at rest on each square within ``ap``
    AP, using the Player's Jump cards when ``jumps`` (its own square and exits excluded)."""
    return _ways(game, figure_id, ap, jumps)[0]


def exits(game: Game, figure_id: str, ap: int, jumps: bool = True) -> dict[Square, Way]:
    """The cheapest way out of the dungeon (B-EXIT) through each square of the exit line within ``ap``."""
    return _ways(game, figure_id, ap, jumps)[1]


def exit_way(game: Game, figure_id: str, ap: int, jumps: bool = True) -> Way | None:
    """The cheapest way out of the dungeon within ``ap`` AP, or None."""
    found = exits(game, figure_id, ap, jumps)
    return min(found.values(), key=lambda way: way.cost, default=None)


def attack_targets(game: Game, figure_id: str) -> list[str]:
    """The NP's characters the figure may attack now in melee, Telescoping spear included (B-CMB,
    B-SPEAR): what :func:`solo.game.player.attack` plays. Sorted by id."""
    figure = _figure(game, figure_id)
    if figure is None:
        return []
    result = []
    for target in game.position.characters.values():
        if target.side is not Side.NPC or target.at is None:
            continue
        try:
            melee_sides(game.position, figure.id, target.id)
        except IllegalActionError:
            continue
        result.append(target.id)
    return sorted(result)


def shoot_targets(game: Game, figure_id: str) -> list[str]:
    """The NP's characters the figure may shoot with its Bow now (B-RNG, B-BOW-4, B-SHIELD): what
    :func:`solo.game.player.shoot` plays."""
    figure = _figure(game, figure_id)
    if figure is None:
        return []
    found = [game.position.character_at(sq) for _, sq in ranged_targets(game.position, figure)]
    return sorted({c.id for c in found if c is not None and c.side is Side.NPC})


def reveal_slots(game: Game, figure_id: str) -> list[int]:
    """The hidden rooms the figure has direct access to (B-REV-2/3), as :func:`player.reveal` checks."""
    figure = _figure(game, figure_id)
    if figure is None or figure.at is None:
        return []
    return sorted(reveal_access(game.position, Side.PLAYER).get(figure.at, {}))


@record(frozen=True)
class FigureOptions:
    """Everything one figure may do now within the turn's AP and rules (empty when it may not act)."""

    figure_id: str
    moves: dict[Square, Way] = field(default_factory=dict)
    exits: dict[Square, Way] = field(default_factory=dict)
    targets: list[str] = field(default_factory=list)
    reveals: list[int] = field(default_factory=list)
    shots: list[str] = field(default_factory=list)
    """Targets of its Bow (B-RNG)."""
    rotations: list[Rotation] = field(default_factory=list)
    """Rooms it may turn from its gear, and how far (B-ROT)."""
    heals: list[str] = field(default_factory=list)
    """Wounded friends its healing reaches (B-CLER)."""
    wand: dict[Direction, str] = field(default_factory=dict)
    """Where its Fireball wand strikes, by direction (B-WAND)."""
    screams: dict[Square, str] = field(default_factory=dict)
    """Characters its Repelling scream pushes, by square (B-BANS), when 2 AP are left."""

    @property
    def exit(self) -> Way | None:
        """The cheapest exit, if any."""
        return min(self.exits.values(), key=lambda way: way.cost, default=None)


def figure_options(game: Game, figure_id: str, jumps: bool = True) -> FigureOptions:
    """What the figure may do now: nothing when :func:`blocked`, only a reveal of a room next to the
    starting line first on the first turn (S-TURN-2), else moves within the AP left, attacks, reveals."""
    if blocked(game) is not None or _figure(game, figure_id) is None:
        return FigureOptions(figure_id)
    if must_reveal_first(game):
        first = [slot for slot in reveal_slots(game, figure_id) if slot in LINE_SLOTS[Side.PLAYER]]
        return FigureOptions(figure_id, reveals=first)
    ap = ap_left(game)
    moves, out = _ways(game, figure_id, ap, jumps)
    targets = attack_targets(game, figure_id)
    return FigureOptions(
        figure_id, moves, out, targets, reveal_slots(game, figure_id), shoot_targets(game, figure_id),
        rotations=rotations(game, figure_id, ap),
        heals=healable(game, figure_id),
        wand=wand_directions(game, figure_id),
        screams=scream_squares(game, figure_id) if ap >= SCREAM_COST else {},
    )
