"""A simple built-in Player for simulated games: legal and purposeful (exit, reveal, fight, advance).

It is not a strong player; it is a yardstick: the same strategy at every level tells how much harder
each level makes the game (issue 4, ``dt-solo simulate``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from solo.actions.combat import attack_squares, may_attack, melee_sides
from solo.actions.reveals import reveal_access
from solo.automaton.relaxed import relaxed_distances
from solo.automaton.table import CombatRequest, DieRequest, Notice, QuestionRequest, Request, ShuffleRequest
from solo.game.fight import NpCardRequest, PlayerCardRequest, value
from solo.game.npturn import game_ended
from solo.game.player import attack, end_player_turn, legal_action_cards, move, play_action_card, reveal
from solo.game.reveal import RoomRequest
from solo.game.state import Game
from solo.game.teleport import DrawRequest, TeleportChoiceRequest
from solo.records import record
from solo.table.carrying import OptionalPickups
from solo.table.movement import Means
from solo.table.position import Character, Side
from solo.table.search import Way, cheapest_paths
from solo.table.squares import BLUE_RANK, line_squares

Steps = Generator[Request, Any, Any]


@record
class AutoTable:
    """Answers what the built-in Player decides, and what the table would show, from the game's dice."""

    game: Game
    cards: Callable[[PlayerCardRequest], str] | None = None
    """The Player's choice of combat card; by default always his strongest."""

    def answer(self, request: Request) -> Any:
        rng = self.game.rng
        if isinstance(request, Notice):
            return None
        if isinstance(request, PlayerCardRequest):
            if self.cards is not None:
                return self.cards(request)
            return max(request.options, key=value)  # always its strongest card
        if isinstance(request, (TeleportChoiceRequest, DrawRequest, RoomRequest, NpCardRequest)):
            return request.options[0]
        if isinstance(request, QuestionRequest):
            return request.choices[0] if request.choices else "roll"
        if isinstance(request, ShuffleRequest):
            order = list(request.cards)
            rng.shuffle(order)
            return order
        if isinstance(request, DieRequest):
            return rng.randint(1, 6)
        if isinstance(request, CombatRequest):
            return rng.choice(("win", "lose", "tie"))
        return None


def _figures(game: Game) -> list[Character]:
    return [c for c in game.position.characters.values() if c.side is Side.PLAYER and c.is_figure]


def _exit_way(game: Game, ap: int) -> tuple[Character, Way] | None:
    best: tuple[tuple[int, int], Character, Way] | None = None
    for figure in _figures(game):
        means = Means(jumps=game.player.jumps, paid_abilities=False, max_ap=ap)
        reach = cheapest_paths(game.position, figure, means, OptionalPickups())
        for state, cost in reach.states():
            if state.exited and (best is None or cost < best[0]):
                best = (cost, figure, reach.way_to_state(state))
    return None if best is None else (best[1], best[2])


def _attack(game: Game) -> tuple[str, str] | None:
    """An attack the Player's side would likely win (its value at least the defenders')."""
    for figure in _figures(game):
        assert figure.at is not None
        for target in game.position.characters.values():
            if (
                target.side is not Side.NPC
                or target.at is None
                or figure.at not in attack_squares(game.position, target.at)
            ):
                continue
            if may_attack(game.position, figure, target) is not None:
                continue
            sides = melee_sides(game.position, figure.id, target.id)
            if sides.attack_value >= sides.defence_value:
                return figure.id, target.id
    return None


def _reveal(game: Game) -> tuple[str, int] | None:
    access = reveal_access(game.position, Side.PLAYER)
    for figure in _figures(game):
        slots = access.get(figure.at) if figure.at is not None else None
        if slots:
            return figure.id, min(slots)
    return None


def _advance(game: Game) -> tuple[Character, Way] | None:
    """One move action (no Jump card) bringing a figure nearest to the blue line, or to a hidden room
    it could reveal when no way to the blue line is known yet."""
    goals = [*line_squares(BLUE_RANK), *reveal_access(game.position, Side.PLAYER)]
    best: tuple[tuple[int, int], Character, Way] | None = None
    for figure in _figures(game):
        assert figure.at is not None
        dist = relaxed_distances(game.position, figure, goals)
        here = dist.get(figure.at)
        if here is None:
            continue
        reach = cheapest_paths(game.position, figure, Means(jumps=0, max_ap=1), OptionalPickups())
        for state, _ in reach.states():
            there = dist.get(state.square)
            if state.exited or there is None or there >= here:
                continue
            gain = (there[0] - here[0], there[1] - here[1])
            if best is None or gain < best[0]:
                best = (gain, figure, reach.way_to_state(state))
    return None if best is None else (best[1], best[2])


def choose_action(game: Game, ap: int) -> tuple[int, Callable[[], Steps]] | None:
    """The next action: exit, else fight a winnable combat, else reveal, else advance."""
    found = _exit_way(game, ap)
    if found is not None:
        figure, way = found
        return way.cost[0], lambda: move(game, figure.id, way)
    fight = _attack(game)
    if fight is not None:
        return 1, lambda: attack(game, *fight)
    opening = _reveal(game)
    if opening is not None:
        return 1, lambda: reveal(game, *opening)
    step = _advance(game)
    if step is not None:
        figure, way = step
        return way.cost[0], lambda: move(game, figure.id, way)
    return None


def auto_player_turn(game: Game) -> Steps:
    """One whole Player turn (S-TURN-4) played by the built-in strategy."""
    card = legal_action_cards(game)[-1]
    ap = play_action_card(game, card)
    if game.turn_number == 1:  # S-TURN-2: the first action reveals a room next to the yellow line
        opening = _reveal(game)
        if opening is not None:
            yield from reveal(game, *opening)
            ap -= 1
    while ap > 0 and not game_over(game):
        action = choose_action(game, ap)
        if action is None:
            break
        cost, run = action
        yield from run()
        ap -= cost
    yield from end_player_turn(game)


def game_over(game: Game) -> bool:
    """S-END-1: the game ends as soon as either side has 5 VP."""
    return game_ended(game)
