"""``dt-solo explain`` and ``dt-solo np-turn``: the NPC automaton on the command line."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from solo.automaton.table import OUTCOMES, RevealAnswer, ScriptedTable
from solo.cli.words import metavar, plain, renderer, say
from solo.content.cards import load_card_library
from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.errors import DataError, MessageError, Problem, told
from solo.formats.render import draw_board
from solo.i18n import Renderer
from solo.messages import Message, Ref, msg
from solo.table import naming
from solo.table.position import Character, ObjectToken, Position, Side
from solo.table.squares import parse_square

if TYPE_CHECKING:
    from solo.automaton.explanation import Explanation


class ArgumentError(MessageError):
    """A command-line value that cannot be read."""


def _list(text: str | None, what: str) -> list[str]:
    return [item.strip() for item in (text or "").split(",") if item.strip()]


def parse_combats(text: str | None) -> list[str]:
    outcomes = _list(text, "combat")
    for value in outcomes:
        if value not in OUTCOMES:
            raise ArgumentError(msg("--combat: {value} is not one of win, lose, tie", value=repr(value)))
    return outcomes


def parse_dice(text: str | None) -> list[int]:
    values = []
    for item in _list(text, "dice"):
        if not item.isdigit() or not 1 <= int(item) <= 6:
            raise ArgumentError(msg("--dice: {value} is not a die value 1-6", value=repr(item)))
        values.append(int(item))
    return values


def parse_reveal(text: str) -> RevealAnswer:
    """``LAYOUT[:ROTATION]`` or ``-`` (the hidden room's known identity), then ``,TOKEN@SQUARE`` items:
    ``npc:<card>``, ``player:<class>`` or an object kind."""
    head, *tokens = [t.strip() for t in text.split(",")]
    layout: str | None = None
    rotation: int | None = None
    if head and head != "-":
        layout, _, rot = head.partition(":")
        if rot:
            if not rot.isdigit():
                raise ArgumentError(msg("--reveal: rotation {value} is not 0-3", value=repr(rot)))
            rotation = int(rot) % 4
    answer = RevealAnswer(layout, rotation)
    for token in tokens:
        what, _, where = token.partition("@")
        try:
            sq = parse_square(where)
        except ValueError as exc:
            raise ArgumentError(msg("--reveal: {value}: {error}", value=repr(token),
                                    error=told(exc))) from exc
        kind, _, name = what.partition(":")
        if kind == "npc" and name:
            answer.characters.append(Character(name, Side.NPC, "", sq, card=name))
        elif kind == "player" and name in CLASS_IDS:
            answer.characters.append(Character(name, Side.PLAYER, name, sq))
        elif what in OBJECT_KINDS:
            answer.objects.append(ObjectToken(what, sq))
        else:
            raise ArgumentError(msg(
                "--reveal: {value} is not npc:<card>@SQ, player:<class>@SQ or <object>@SQ",
                value=repr(token)))
    return answer


def parse_order(text: str, position: Position) -> list[str]:
    """``--order``: the NPC cards in play (S-TURN-5), each once, by their ids in the file."""
    from solo.automaton.turn import active_cards  # only np-turn's --order reads the turn's rules

    order = _list(text, "order")
    in_play = active_cards(position)
    for index, npc in enumerate(order):
        if npc not in in_play:
            raise ArgumentError(msg("--order: {value} is not an NPC in play (their ids in the file: {ids})",
                                    value=repr(npc), ids=", ".join(in_play)))
        if npc in order[:index]:
            raise ArgumentError(msg("--order: {npc} is given twice", npc=naming.figure(position, npc)))
    return order


def _card_known(position: Position, card_id: str) -> bool:
    """A card of the position's ``cards`` or of a card folder (a broken one included: its problems follow)."""
    library = load_card_library(ids=[card_id])
    return any(card_id in found for found in (position.inline_cards, library.cards, library.broken))


def _npc_classes(position: Position, answer: RevealAnswer) -> None:
    """An NPC token's class comes from its card (formats.md §3)."""
    from solo.table.card_lookup import card_for

    for character in answer.characters:
        if character.side is Side.NPC:
            if not _card_known(position, character.id):
                raise ArgumentError(msg("--reveal: {value}: no NPC card {card} in the position's `cards` nor "
                                        "in a card folder", value=repr(f"npc:{character.id}"),
                                        card=repr(character.id)))
            in_play = position.characters.get(character.id)  # a token already in play: refused later
            position.characters[character.id] = character
            try:
                card = card_for(position, character.id)
            finally:
                if in_play is None:
                    del position.characters[character.id]
                else:
                    position.characters[character.id] = in_play
            if card.class_id is None:
                raise DataError([Problem("--reveal", character.id, msg("its card has no class"))])
            character.class_id = card.class_id


def make_table(args: argparse.Namespace, position: Position) -> ScriptedTable:
    reveals = [parse_reveal(text) for text in args.reveal or []]
    for answer in reveals:
        _npc_classes(position, answer)
    orders = [parse_order(args.order, position)] if getattr(args, "order", None) else []
    return ScriptedTable(
        combats=parse_combats(args.combat),
        dice=parse_dice(args.dice),
        reveals=reveals,
        answers=list(args.answer or []),
        orders=orders,
        rng=random.Random(args.seed),
    )


def parse_tallies(items: list[str] | None) -> dict[str, int]:
    tallies = {}
    for item in items or []:
        key, _, value = item.partition("=")
        if not value.isdigit():
            raise ArgumentError(msg("--tally: {value} is not NPC:COUNTER=N", value=repr(item)))
        tallies[key] = int(value)
    return tallies


def print_explanation(explanation: Explanation, say: Renderer) -> None:
    """One activation in the command line's language, headed by the NPC's card name and epithet."""
    print(f"== {say.ref(Ref('card', card_of(explanation)))}")
    for line in explanation.sentences(say):
        print(line)


def card_of(explanation: Explanation) -> str:
    """The card id of the NPC an explanation is about."""
    who = explanation.who
    return who.key if who is not None and who.kind == "npc" else explanation.npc


def cmd_explain(args: argparse.Namespace, position: Position) -> int:
    if args.npc not in position.characters:
        raise ArgumentError(msg("no character {value} in the position", value=repr(args.npc)))
    from solo.automaton.activation import run_activation  # only explain activates: check, show… need not
    from solo.automaton.context import cards_of

    table = make_table(args, position)
    # The table's cards, read once for the names and the activation (AMB-CARD-READS).
    library = load_card_library(ids={c.card for c in position.characters.values() if c.card})
    say = renderer(position, library)
    explanation = run_activation(position, args.npc, table, parse_tallies(args.tally),
                                 cards=cards_of(position, library))
    if args.json:
        import json  # only for --json

        print(json.dumps(explanation.to_json(), indent=2, ensure_ascii=False))
    else:
        print_explanation(explanation, say)
        print()
        print(draw_board(position))
    _write(args, position)
    return 0


def cmd_np_turn(args: argparse.Namespace, position: Position) -> int:
    table = make_table(args, position)
    say = renderer(position)
    names = {npc: naming.figure(position, npc) for npc in position.characters}
    from solo.automaton.turn import run_np_turn  # only this command plays a whole turn

    record = run_np_turn(position, table, parse_tallies(args.tally))
    if args.json:
        import json  # only for --json

        doc: dict[str, Any] = record.to_json()
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        row = tuple(names.get(npc, Ref("npc", npc)) for npc in record.row)
        print(say(msg("Row of cards, left to right, as the turn ends: {cards}", cards=row)))
        for npc, reason in record.skipped:
            print("  " + say(msg("{npc}: {reason}", npc=names.get(npc, Ref("npc", npc)), reason=reason)))
        for explanation in record.activations:
            print()
            print_explanation(explanation, say)
        print()
        print(draw_board(position))
        if position.score is not None:
            print(say(msg("Score: Player {player} VP, NP {npc} VP", player=position.score.player,
                          npc=position.score.npc)))
    _write(args, position)
    return 0


def _write(args: argparse.Namespace, position: Position) -> None:
    if args.write:
        from solo.formats.position_writer import write_position  # only with --write

        with open(args.write, "w", encoding="utf-8") as out:
            out.write(write_position(position))
        print(say(msg("position after written to {file}", file=args.write)), file=sys.stderr)


class TableCommands:
    """The commands on a position file: each is listed with its help; only the one run gets its
    options (``command``; None: every one, as for ``dt-solo --help``). When ``command`` is one of
    ``known``, the others are not built at all, only named (:meth:`name_all`), so that an error of the
    main parser shows the same usage (issue 16 item 6: a parser costs ~0.5 M instructions)."""

    def __init__(self, sub: Any, command: str | None, known: Collection[str] = ()) -> None:
        self.sub = sub
        self.command = command
        self.lean = command is not None and command in known
        self.names: list[str] = []

    def add(self, name: str, help: Message,
            run: Callable[[argparse.Namespace], int] | None) -> argparse.ArgumentParser | None:
        """The command's parser to add its options to, or None when another command is run (``run``:
        None for a command the main function runs itself, as ``app``)."""
        self.names.append(name)
        if self.lean and self.command != name:
            return None
        parser: argparse.ArgumentParser = self.sub.add_parser(name, help=plain(help))
        if run is None or (self.command is not None and self.command != name):
            return None
        parser.set_defaults(run=run)
        return parser

    def name_all(self) -> None:
        """Once every command is added: when only the one run was built, the main parser's usage still
        names them all (``{check,rooms,…}``, argparse's own way of writing its choices)."""
        if self.lean:
            self.sub.metavar = "{" + ",".join(self.names) + "}"


def add_commands(table: TableCommands, run: Any) -> None:
    """Register ``explain`` and ``np-turn`` on the main parser's subcommands."""
    explain = table.add("explain", msg("what one NPC does in a position, and why"), run(cmd_explain))
    if explain is not None:
        explain.add_argument("file", metavar=metavar("FILE"))
        explain.add_argument("--npc", required=True, metavar=metavar("NPC"))
    np_turn = table.add("np-turn", msg("a whole NP turn: every activation and the position after it"),
                        run(cmd_np_turn))
    if np_turn is not None:
        np_turn.add_argument("file", metavar=metavar("FILE"))
        np_turn.add_argument("--order", metavar=metavar("ORDER"),
                             help=plain(msg("the shuffled cards, left to right (comma-separated ids)")))
    for parser in (explain, np_turn):
        if parser is None:
            continue
        parser.add_argument("--seed", type=int, default=None, metavar=metavar("SEED"),
                            help=plain(msg("seed of the app's dice and combats")))
        parser.add_argument("--combat", metavar=metavar("COMBAT"),
                            help=plain(msg("combat outcomes for the NPC side, in order: win,lose,tie,…")))
        parser.add_argument("--dice", metavar=metavar("DICE"),
                            help=plain(msg("die values in order (tie-breaks, rotation die faces 1-6)")))
        parser.add_argument(
            "--reveal", metavar=metavar("REVEAL"),
            action="append",
            help=plain(msg("a reveal's result: LAYOUT[:ROT] or -, then ,npc:<card>@SQ / "
            "player:<class>@SQ / <object>@SQ (repeat per reveal)")),
        )
        parser.add_argument("--answer", action="append", metavar=metavar("ANSWER"),
                            help=plain(msg("an answer to a personality question")))
        parser.add_argument(
            "--tally", action="append", metavar=metavar("TALLY"),
            help=plain(msg("a game-long count, e.g. nolock:portcullises_opened=3"))
        )
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--write", metavar=metavar("FILE"),
                            help=plain(msg("write the position after to FILE")))
