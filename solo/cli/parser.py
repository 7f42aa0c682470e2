"""The ``dt-solo`` command line: the engine, headless."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solo.cli.argparse_words import speak_argparse
from solo.cli.automaton import ArgumentError, TableCommands, add_commands
from solo.cli.words import (
    LanguageError,
    metavar,
    plain,
    renderer,
    say,
    set_language,
    take_language,
    use_rooms,
)
from solo.cli.words import language as cli_language
from solo.content.cards import find_card, load_card_library
from solo.content.rooms import load_library
from solo.errors import DataError, IllegalActionError, MessageError, Problem, problems_found, told
from solo.formats.position_io import load_position
from solo.formats.render import LEGEND_MESSAGE, draw_board
from solo.i18n import LANGUAGES
from solo.messages import Message, Param, Ref, chain, literal, msg
from solo.table import naming
from solo.table.card_lookup import card_for
from solo.table.movement import Means
from solo.table.position import Character, Position, Side
from solo.table.sight import visible_squares
from solo.table.squares import Square, parse_square, square_name

if TYPE_CHECKING:
    from solo.table.carrying import PickupPolicy
    from solo.table.search import Reach, Way


class CliError(MessageError):
    """A mistake in the command's arguments, reported without a traceback."""


def _load(path: str) -> Position:
    library = load_library()
    use_rooms(library)
    for problem in library.problems:
        print(say(msg("warning: {problem}", problem=problem.words(say))), file=sys.stderr)
    return load_position(Path(path), library)


def _character_on(position: Position, name: str) -> Character:
    try:
        sq = parse_square(name)
    except ValueError as exc:
        raise CliError(told(exc)) from exc
    figure = position.figure_at(sq)
    if figure is None:
        wounded = position.wounded_at(sq)
        if wounded is not None:
            raise CliError(msg("{figure} on {square} is wounded: wounded characters never move (B-WND-1)",
                               figure=naming.figure(position, wounded.id), square=name))
        raise CliError(msg("no figure stands on {square}", square=name))
    return figure


def npc_policy(position: Position, character: Character) -> PickupPolicy | None:
    """An NPC picks up by its card's object priority (S-OBJ-1/2); None = the Player's choice."""
    if character.side is not Side.NPC or character.card is None:
        return None
    from solo.table.carrying import PriorityPickups  # the search's modules: paths alone needs them

    card = find_card(character.card, position.inline_cards) or {}
    objects = card.get("objects") or []
    return PriorityPickups(tuple(str(o) for o in objects))


def _actions_of(way: Way) -> list[str]:
    return [a.kind for a in way.actions]


def paths_report(position: Position, character: Character, reach: Reach) -> dict[str, Any]:
    """The ``dt-solo paths --json`` document (formats.md section 6)."""
    result: dict[str, Any] = {}
    for sq in reach.squares():
        way = reach.way(sq)
        if way is None:
            continue
        ap, squares = reach.best[sq]
        entry: dict[str, Any] = {"ap": ap, "squares": squares,
                                 "path": [square_name(s) for s in way.squares_path]}
        kinds = _actions_of(way)
        if any(k != "move" for k in kinds):
            entry["actions"] = kinds
        if len(reach.ways(sq)) > 1:
            entry["ties"] = len(reach.ways(sq))
        result[square_name(sq)] = entry
    assert character.at is not None
    return {"from": square_name(character.at), "character": character.id, "reach": result}


def card_problems(position: Position) -> list[Problem]:
    """Every NPC card the position uses that cannot be played: missing, broken or with gaps (issue 11)."""
    library = load_card_library(ids={c.card for c in position.characters.values()  # the table's only
                                     if c.side is Side.NPC and c.card is not None})
    problems: list[Problem] = []
    for character in sorted(position.characters.values(), key=lambda c: c.id):
        if character.side is not Side.NPC or character.card is None:
            continue
        try:
            card = card_for(position, character.id, library)
        except DataError as exc:
            problems += exc.problems
            continue
        if not card.playable:
            problems.append(Problem("position", f"characters[{character.id}].card", msg(
                "the card {card} ({file}) of {figure} cannot be activated: {missing}",
                card=Ref("card", card.id), file=card.origin, figure=naming.figure(position, character.id),
                missing=chain(card.missing()))))
    return problems


def cmd_check(args: argparse.Namespace) -> int:
    position = _load(args.file)
    problems = card_problems(position)
    words = renderer(position)  # the file's own cards' names (its cards only: never the whole deck)
    if problems:
        for problem in problems:
            print(words(msg("{file}: {problem}", file=args.file, problem=literal(problem.words(words)))))
        print(words(msg("{file}: {problem}", file=args.file, problem=problems_found(len(problems)))))
        return 1
    revealed = len(position.board.revealed_slots())
    print(words(msg("{file}: OK ({characters} characters, {objects} objects, {revealed} revealed rooms)",
                  file=args.file, characters=len(position.characters), objects=len(position.objects),
                  revealed=revealed)))
    return 0


def cmd_rooms(args: argparse.Namespace) -> int:
    from solo.content.roomcheck import room_warnings  # networkx: only for this command

    library = load_library()
    use_rooms(library)
    say = renderer()  # the cards and rooms read once for every line, not at each
    senses = {sense: say(naming.SENSES[sense]) for sense in ("cw", "ccw")}  # the words, not cw/ccw
    width = max(len(words) for words in senses.values())
    for room in sorted(library.rooms.values(), key=lambda r: (r.pair, r.id)):
        sense = senses.get(room.sense, room.sense)
        print(say(msg("{room} pair {pair} {sense} {name}  ({file})", room=f"{room.id:12}",
                      pair=f"{room.pair:<3}", sense=f"{sense:{width}}", name=room.name_in(cli_language()),
                      file=room.source)))
        for warning in room_warnings(room):
            print("  " + say(msg("warning: {problem}", problem=warning)))
    for problem in library.problems:
        print(say(msg("problem: {problem}", problem=problem.words(say))))
    return 1 if library.problems else 0


def cmd_show(args: argparse.Namespace) -> int:
    position = _load(args.file)
    words = renderer(position)  # its cards read once, and only its cards
    print(draw_board(position))
    print(words(LEGEND_MESSAGE))
    for c in sorted(position.characters.values(), key=lambda c: (c.side.value, c.id)):
        who = naming.figure(position, c.id)
        where: Param = square_name(c.at) if c.at is not None else msg("carried")
        line = (msg("{figure:cap} on {square}, wounded", figure=who, square=where) if c.wounded
                else msg("{figure:cap} on {square}", figure=who, square=where))
        if c.carries:
            line = msg("{text}, carries {item}", text=line, item=naming.item(position, str(c.carries)))
        print(f"  {c.side.value:6} {c.id:16} {words(line)}")
    for o in position.objects:
        on = msg("{object:cap} on {square}", object=Ref("object", o.kind), square=square_name(o.at))
        print("  " + words(on))
    return 0


def cmd_paths(args: argparse.Namespace) -> int:
    from solo.table.search import cheapest_paths  # only paths searches (explain through the automaton)

    position = _load(args.file)
    character = _character_on(position, args.origin)
    npc = character.side is Side.NPC
    means = Means(jumps=0 if args.no_jumps else None, paid_abilities=args.abilities,
                  max_ap=args.max_ap)
    reach = cheapest_paths(position, character, means, npc_policy(position, character) if npc else None)
    report = paths_report(position, character, reach)
    if args.json:
        import json  # only for --json

        print(json.dumps(report, indent=2))
        return 0
    words = renderer(position)  # its cards read once, and only its cards
    print(words(msg("{figure:cap} from {square}: {count} squares reachable",
                    figure=naming.figure(position, character.id), square=report["from"],
                    count=len(report["reach"]))))
    print(words(msg("square  AP  sq  path")))
    for name, entry in report["reach"].items():
        extra = f"  [{', '.join(entry['actions'])}]" if "actions" in entry else ""
        ties = "  " + words(msg("({count} tied ways)", count=entry["ties"])) if "ties" in entry else ""
        print(f"{name:>6} {entry['ap']:>3} {entry['squares']:>3}  {' '.join(entry['path'])}{extra}{ties}")
    return 0


def cmd_sight(args: argparse.Namespace) -> int:
    position = _load(args.file)
    try:
        origin: Square = parse_square(args.origin)
    except ValueError as exc:
        raise CliError(told(exc)) from exc
    if not position.board.exists(origin):
        raise CliError(msg("{square} is inside a hidden room", square=args.origin))
    lines = visible_squares(position, origin)
    if args.json:
        import json  # only for --json

        doc = {"from": args.origin,
               "sees": {d.name.lower(): [square_name(s) for s in sqs] for d, sqs in lines.items()}}
        print(json.dumps(doc, indent=2))
        return 0
    words = renderer(position)  # its cards read once, and only its cards
    print(words(msg("Seen from {square}:", square=square_name(origin))))
    for direction, squares in lines.items():
        print("  " + words(sight_line(position, direction.name, squares)))
    return 0


def sight_line(position: Position, direction: str, squares: Sequence[Square]) -> Message:
    """One direction of ``dt-solo sight``: the squares seen in order, a figure named after its square."""
    where = naming.direction(direction)
    if not squares:
        return msg("{direction:cap}: nothing", direction=where)
    seen: list[Param] = [
        msg("{square} ({figure})", square=square_name(sq), figure=naming.figure(position, who.id))
        if (who := position.character_at(sq)) else square_name(sq)
        for sq in squares]
    return msg("{direction:cap}: {squares}", direction=where, squares=chain_commas(seen))


def chain_commas(parts: Sequence[Param]) -> Param:
    """Squares in their order, separated by commas (a line of sight, not a list joined by "and")."""
    line = parts[0]
    for part in parts[1:]:
        line = msg("{first}, {next}", first=line, next=part)
    return line


TABLE_COMMANDS = ("check", "rooms", "show", "paths", "sight", "explain", "np-turn")
"""Commands on a position file: they never need the game modules (a lighter start)."""


def reads_only(argv: Sequence[str]) -> bool:
    """Whether ``argv`` runs a command on a position file: it reads files and prints, and leaves no file
    open and nothing to save when it returns (``solo.cli.start`` then ends the process at once)."""
    try:
        given = take_language(argv)[1]
    except LanguageError:
        return False
    return given[:1] != [] and given[0] in TABLE_COMMANDS


def build_parser(game_commands: bool = True, command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; without ``game_commands`` only the commands on a position file. With
    ``command``, the other commands are listed with their help but their options are not built
    (a command is run with its own options only: a lighter start); with a command on a position file
    (and no ``game_commands``), the others are only named (``TableCommands``)."""
    parser = argparse.ArgumentParser(prog="dt-solo",
                                     description=plain(msg("Dungeon Twister Prison solo companion")))
    parser.add_argument("--lang", choices=LANGUAGES,
                        help=plain(msg("language of what the program says (default: the user's locale); "
                             "may also follow the command")))
    sub = parser.add_subparsers(dest="command", required=True)
    table = TableCommands(sub, command, known=() if game_commands else TABLE_COMMANDS)
    check = table.add("check", msg("list every problem in a position file"), cmd_check)
    if check is not None:
        check.add_argument("file", metavar=metavar("FILE"))
    table.add("rooms", msg("list the room library (bundled and your own) and its problems"), cmd_rooms)
    show = table.add("show", msg("draw a position's board"), cmd_show)
    if show is not None:
        show.add_argument("file", metavar=metavar("FILE"))
    paths = table.add("paths", msg("cheapest way to every square for the figure on a square"), cmd_paths)
    if paths is not None:
        paths.add_argument("file", metavar=metavar("FILE"))
        paths.add_argument("--from", dest="origin", required=True, metavar=metavar("SQUARE"))
        paths.add_argument("--json", action="store_true")
        paths.add_argument("--abilities", action="store_true",
                           help=plain(msg("allow paid abilities (lock-picking, breaking)")))
        paths.add_argument("--no-jumps", action="store_true")
        paths.add_argument("--max-ap", type=int, default=None, metavar=metavar("MAX_AP"))
    sight = table.add("sight", msg("squares seen from a square"), cmd_sight)
    if sight is not None:
        sight.add_argument("file", metavar=metavar("FILE"))
        sight.add_argument("--from", dest="origin", required=True, metavar=metavar("SQUARE"))
        sight.add_argument("--json", action="store_true")
    add_commands(table, _with_position)
    if game_commands:  # the game modules are not imported for a command on a position file
        from solo.cli.box import add_box_command
        from solo.cli.game import add_commands as add_game_commands
        from solo.cli.game import guarded

        add_game_commands(sub)
        add_box_command(sub, guarded)
    table.add("app", msg("open the desktop companion: dt-solo app [GAME] [--demo]"), None)
    table.name_all()
    return parser


def run_app(argv: Sequence[str]) -> int:
    """Start the app (Qt is imported only here: the rest of the command line never needs it)."""
    from solo.ui.app import main as app_main

    return app_main(argv)


def _with_position(
    command: Callable[[argparse.Namespace, Position], int],
) -> Callable[[argparse.Namespace], int]:
    """Load the position file, then run ``command``; bad argument values become CliError."""
    def run(args: argparse.Namespace) -> int:
        position = _load(args.file)
        try:
            return command(args, position)
        except (ArgumentError, IllegalActionError, ValueError) as exc:
            # A request the rules refuse (a wounded NPC is not activated) or a reveal naming an
            # unknown room: a message, never a traceback.
            raise CliError(told(exc)) from exc
    return run


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["app"]:
        return run_app(given[1:])
    try:
        language, given = take_language(given)
    except LanguageError as exc:
        print(f"dt-solo: {say(exc.message)}", file=sys.stderr)
        return 2
    set_language(language)
    use_rooms(None)
    speak_argparse(plain)  # argparse's own words (usage, errors) in the language too
    command = given[0] if given and not given[0].startswith("-") else None
    game_commands = given[:1] != [] and given[0] not in TABLE_COMMANDS
    args = build_parser(game_commands=game_commands, command=command).parse_args(given)
    try:
        return int(args.run(args))
    except DataError as exc:
        for problem in exc.problems:
            print(problem.words(say), file=sys.stderr)
        print(say(problems_found(len(exc.problems))), file=sys.stderr)
        return 1
    except CliError as exc:
        print(f"dt-solo: {say(exc.message)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and closed early: not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())
