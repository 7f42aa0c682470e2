"""The NP's turn inside a game: the automaton's requests answered with the game's components.

The automaton asks the table for reveals, combats and dice; within a game those answers come from the
bag and the teleport dice (:mod:`solo.game.reveal`), the combat cards (:mod:`solo.game.fight`) and the
game's generator for what the app runs. A combat's reinforcements (and Vision reveals) arrive right
after it, before the NPC does anything else (S-REINF-3, S-VISION-2).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions.combat import CombatSides
from solo.automaton.explanation import Explanation
from solo.automaton.table import (
    CombatRequest,
    DieRequest,
    Notice,
    QuestionRequest,
    RevealRequest,
    ShuffleRequest,
)
from solo.automaton.table import Request as TableRequest
from solo.automaton.turn import ACTIVATION_DONE, TurnRecord, np_turn
from solo.game.content import card_library
from solo.game.fight import play_cards
from solo.game.reinforce import reinforcement
from solo.game.reveal import reveal_room
from solo.game.state import Game
from solo.game.vision import vision_reveal
from solo.messages import Message, Param, Ref, chain, msg
from solo.table.position import Side, Turn

Steps = Generator[TableRequest, Any, Any]


def game_ended(game: Game, goal: int = 5) -> bool:
    """S-END-1: the game ends as soon as the Player or the NP has 5 VP."""
    score = game.position.score
    return score is not None and (score.player >= goal or score.npc >= goal)


def winner(game: Game, goal: int = 5) -> Side | None:
    """S-END-1: the side that reached 5 VP, or None while the game goes on."""
    score = game.position.score
    if score is None:
        return None
    if score.player >= goal:
        return Side.PLAYER
    if score.npc >= goal:
        return Side.NPC
    return None


def player_telepath_duel(game: Game, sides: CombatSides, ranged: bool) -> bool:
    """S-COMBAT-6/7: the Player's unwounded Telepath alone against one NPC in melee, no NP Telepath."""
    if ranged or sides.is_group:
        return False
    people = [game.position.characters.get(c) for c in sides.participants]
    telepaths = [
        c for c in people if c is not None and c.character_class.has("mind_control") and not c.wounded
    ]
    return any(c.side is Side.PLAYER for c in telepaths) and not any(c.side is Side.NPC for c in telepaths)


def after_combat(game: Game, reinforcements: int, visions: int) -> Steps:
    """What a combat's cards brought: each reinforcement, then each Vision reveal (S-REINF-3)."""
    for _ in range(reinforcements):
        yield from reinforcement(game)
    for _ in range(visions):
        yield from vision_reveal(game)


def activation_summary(explanation: Explanation) -> Message:
    """One line for the game log: the NPC, its mode, what it did, the AP it used."""
    chosen = explanation.chosen or {}
    mode: Param = Ref("mode", str(chosen["mode"])) if "mode" in chosen else msg("no objective")
    if chosen.get("default"):
        mode = msg("towards its default objective ({mode})", mode=mode)
    done: list[Param] = [step.text for step in explanation.steps]
    if explanation.deactivated is not None:
        done.append(explanation.deactivated)
    who = explanation.who or Ref("npc", explanation.npc)
    return msg(
        "{npc} ({mode}): {done} [{ap} AP]",
        npc=who, mode=mode, done=chain(done) if done else msg("stays where it is"), ap=explanation.ap_used,
    )


def log_activation(game: Game, record: TurnRecord) -> None:
    """Each NPC's activation goes into the game log, with the score after it (issue 4 item 9)."""
    if not record.activations:
        return
    explanation = record.activations[-1]
    score = game.position.score
    game.record(
        "activation",
        activation_summary(explanation),
        npc=explanation.npc,
        mode=(explanation.chosen or {}).get("mode"),
        ap=explanation.ap_used,
        score=[score.player, score.npc] if score is not None else [0, 0],
    )


def end_np_turn(game: Game) -> None:
    """S-TURN-1: the NP's turn is over; the next turn is the Player's."""
    game.turn_number += 1
    game.position.turn = Turn(Side.PLAYER)
    game.record("turn", msg("Turn {number}: the Player's turn", number=game.turn_number))


def np_turn_in_game(
    game: Game, record: TurnRecord | None = None, pause_each_activation: bool = False
) -> Generator[TableRequest, Any, TurnRecord]:
    """S-TURN-5..9 with the game's components; what only the player can answer goes out.

    With ``pause_each_activation`` the end of each activation goes out too (a Notice with the event
    ``activation_done``), so that the app can show it before the next NPC acts."""
    record = record if record is not None else TurnRecord()
    # S-END-1 (AMB-END-ACTIVATION): the game ends as soon as a side has 5 VP: no NPC acts after that.
    cards = card_library(game.content)
    inner = np_turn(game.position, game.tallies, record, cards, until=lambda _: game_ended(game))
    pending = (0, 0)
    answer: Any = None
    try:
        request = next(inner)
        while True:
            if isinstance(request, RevealRequest):
                answer = yield from reveal_room(game, request.slot, request.npc)
            elif isinstance(request, CombatRequest) and request.sides is not None:
                play = yield from play_cards(
                    game,
                    request.sides,
                    Side.NPC,
                    ranged=request.ranged,
                    forces_smallest=request.card_rule == "smallest",
                    player_telepath_duel=player_telepath_duel(game, request.sides, request.ranged),
                )
                pending = (play.reinforcements, play.vision)
                answer = play.outcome
            elif isinstance(request, Notice):
                if request.event == "combat_over" and pending != (0, 0):
                    yield from after_combat(game, *pending)
                    pending = (0, 0)
                elif request.event == ACTIVATION_DONE:
                    log_activation(game, record)
                    if pause_each_activation:
                        yield request
                answer = None
            elif isinstance(request, QuestionRequest) and request.moment == "reveal":
                # AMB-REVEAL-PLACE: in a game the reveal procedure asks it for each object it places.
                answer = "asked at the placement of the room's objects"
            elif isinstance(request, ShuffleRequest) and game.app_runs("dice"):
                answer = list(request.cards)
                game.rng.shuffle(answer)
            elif isinstance(request, DieRequest) and game.app_runs("dice"):
                answer = game.rng.randint(1, 6)
            else:
                answer = yield request
            request = inner.send(answer)
    except StopIteration as done:
        result: TurnRecord = done.value
        game.row = list(result.row)
        return result
