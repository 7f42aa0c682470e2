"""``dt-solo play GAME …``: play a saved game one step at a time, headless.

Each call plays one step through a :class:`solo.game.session.Session` (the NP's turn, an Action
card, the end of the Player's turn, an undo) and writes the game file back atomically. What the
step asks the player is answered from ``--answer`` values, in order; when they run out the step is
abandoned, the file is left as it was, and the command says what it waits for (exit 0, like
``dt-solo explain``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solo.automaton.table import DieRequest, Notice, Request, ShuffleRequest
from solo.automaton.turn import TurnRecord
from solo.cli.automaton import card_of
from solo.cli.game_words import for_game
from solo.cli.words import metavar, plain
from solo.errors import IllegalActionError, MessageError, told
from solo.game.log_export import KINDS
from solo.game.player import legal_action_cards, play_action_card
from solo.game.saves import UndoError, load_game, save_game, undo
from solo.game.session import END_PLAYER_TURN, NP_TURN, Session, instant
from solo.messages import Message, Ref, literal, msg
from solo.table import naming

ACTIONS = ("np-turn", "card", "end-turn", "undo")


class PlayArgumentError(MessageError):
    """A ``dt-solo play`` request the game refuses (reported as a message, never a traceback)."""


def answer_value(request: Request, text: str) -> Any:
    """The engine's value for a command-line answer: a card order for a shuffle, else the text
    (the game flow reads numbers and ``LAYOUT:ROTATION`` from text itself)."""
    if isinstance(request, ShuffleRequest):
        return [part.strip() for part in text.split(",") if part.strip()]
    if isinstance(request, DieRequest) and text.strip().isdigit():
        return int(text.strip())
    return text.strip()


def run_step(session: Session, action: str, card: int | None, answers: list[str]) -> Request | None:
    """Play one step; None when it ended, or the request nobody answered (the step is abandoned)."""
    given = list(answers)
    if action == "np-turn":
        request = session.np_turn()
    elif action == "end-turn":
        request = session.end_player_turn()
    elif action == "card":
        if card is None:
            playable = legal_action_cards(session.game)
            raise PlayArgumentError(msg("card: name the Action card to play ({cards})",
                                        cards=", ".join(str(c) for c in playable)))
        request = session.begin(f"The Player plays his {card} Action card",
                                instant(lambda game: play_action_card(game, card)))
        STEP_TITLES[session.title] = msg("The Player plays his {card} Action card", card=card)
    else:
        raise PlayArgumentError(msg("unknown action {value}: choose among {allowed}", value=repr(action),
                                    allowed=", ".join(ACTIONS)))
    while request is not None:
        if isinstance(request, Notice):
            request = session.answer(None)
        elif given:
            request = session.answer(answer_value(request, given.pop(0)))
        else:
            session.abandon()
            return request
    return None


STEP_TITLES: dict[str, Message] = {
    NP_TURN: msg("The NP's turn"),
    END_PLAYER_TURN: msg("End of the Player's turn"),
}
"""The steps' titles in words (the session names them in English)."""


def cmd_play(args: argparse.Namespace) -> int:
    path = Path(args.game)
    game = load_game(path)
    say = for_game(game)
    if args.action == "undo":
        try:
            game = undo(game)
        except UndoError as exc:
            raise PlayArgumentError(told(exc)) from exc
        save_game(game, path)
        print(say(msg("{file}: the last step is undone; {count} events remain", file=str(path),
                      count=len(game.log))))
        return 0
    session = Session(game)
    logged = len(game.log)
    names = {npc: naming.figure(game.position, npc) for npc in game.position.characters}
    try:
        waiting = run_step(session, args.action, args.card, args.answer or [])
    except IllegalActionError as exc:
        raise PlayArgumentError(told(exc)) from exc
    if waiting is not None:
        if args.json:
            print(json.dumps({"step": session.title, "waiting": waiting.to_json()}, indent=2))
        else:
            title = STEP_TITLES.get(session.title) or literal(session.title)
            print(say(msg("{step}: waits for the table; the game file is unchanged.", step=title)))
            print(f"  {say(waiting.text)}")  # the kind is an internal id: the JSON gives it
            again = msg("answer it with --answer VALUE (in the order asked) and play the step again")
            print("  " + say(again))
        return 0
    save_game(session.game, path)
    events = session.game.log[logged:]
    record = session.result if isinstance(session.result, TurnRecord) else None
    if args.json:
        report: dict[str, Any] = {
            "step": session.title,
            "events": [{"kind": e.kind, "text": e.text.english()} for e in events],
        }
        if record is not None:
            report["turn"] = record.to_json()
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    say = for_game(session.game)
    title = STEP_TITLES.get(session.title) or literal(session.title)
    print(say(msg("{step}: done, saved to {file}", step=title, file=str(path))))
    if record is not None:
        for explanation in record.activations:
            print("\n" + say(msg("{npc}:", npc=Ref("card", card_of(explanation)))))
            for sentence in explanation.sentences(say):
                print(f"  {sentence}")
        for npc, reason in record.skipped:
            who = names.get(npc, Ref("npc", npc))
            print("\n" + say(msg("{npc}: not activated, {reason}", npc=who, reason=reason)))
    print()
    for event in events:
        kind = say(KINDS[event.kind]) if event.kind in KINDS else event.kind
        print(f"  [{kind}] {say(event.text)}")
    score = session.game.position.score
    if score is not None:
        print(say(msg("Score: Player {player} VP, NP {npc} VP", player=score.player, npc=score.npc)))
    return 0


def add_play_command(sub: Any, run: Callable[[Callable[[argparse.Namespace], int]], Any]) -> None:
    """Register ``dt-solo play``; ``run`` wraps the command (bad arguments become a message)."""
    play = sub.add_parser("play",
                          help=plain(msg("play one step of a saved game (the NP's turn, an Action card, "
                                       "the end of the Player's turn, undo) and save it")))
    play.add_argument("game", metavar=metavar("GAME"))
    play.add_argument("action", choices=ACTIONS)
    play.add_argument("card", nargs="?", type=int, default=None, metavar=metavar("CARD"),
                      help=plain(msg("the Action card, for `card`")))
    play.add_argument("--answer", action="append", metavar=metavar("VALUE"),
                      help=plain(msg("what the table answers, in the order asked (a die, a card, LAYOUT:ROT, "
                           "a row of cards as a,b,c…)")))
    play.add_argument("--json", action="store_true")
    play.set_defaults(run=run(cmd_play))
