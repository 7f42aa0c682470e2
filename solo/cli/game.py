"""``dt-solo new`` and ``dt-solo status``: start a solo game file, and see where a game stands.

Item 10 of the game-flow issue. ``new`` deals a game (S-SETUP-1..8) with the app running every
random or hidden component except those the player names with ``--table`` (item 8), and writes the
game file (``solo.game.saves``). ``status`` reads a game file and tells its state: level, score,
turn, the board, the bag, the piles, the Player's cards, the NPC row and the last events.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solo.cli.box import add_content_option
from solo.cli.game_words import for_game
from solo.cli.play import PlayArgumentError, add_play_command
from solo.cli.simulate import add_simulate_command
from solo.cli.words import language as cli_language
from solo.cli.words import metavar, plain
from solo.cli.words import say as say_plain
from solo.content.box import DEMO, Box, default_content, load_box
from solo.content.gamedata import CLASS_IDS
from solo.errors import MessageError, told
from solo.formats.render import LEGEND_MESSAGE, draw_board
from solo.game.components import components
from solo.game.log_export import KINDS
from solo.game.saves import UndoError, load_game, save_game
from solo.game.setup import TEAM_SIZE, new_game
from solo.game.state import COMPONENTS, Game, token_parts
from solo.messages import Message, Param, Ref, literal, msg
from solo.table import naming
from solo.table.position import Side
from solo.table.squares import square_name

Command = Callable[[argparse.Namespace], int]
LAST_EVENTS = 10
ALL_COMPONENTS = "all"


class GameArgumentError(MessageError):
    """A command-line value that cannot be used (reported as a message, never a traceback)."""


def guarded(command: Command) -> Command:
    """Run a command; a bad argument or a file that cannot be written becomes a message and status 2.
    A DataError (a bad game file) goes on to ``solo.cli.parser.main``, which lists its problems."""
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except (GameArgumentError, PlayArgumentError, UndoError) as exc:
            print(f"dt-solo: {say_plain(told(exc))}", file=sys.stderr)
            return 2
        except BrokenPipeError:
            raise  # output piped into `head`: solo.cli.parser.main handles it
        except OSError as exc:
            print("dt-solo: " + say_plain(msg("cannot write the game file: {error}", error=str(exc))),
                  file=sys.stderr)
            return 2
    return run


# -- arguments -------------------------------------------------------------------------------------

def level_name(level: int, language: str = "en") -> str:
    """The level's name from ``rules/difficulty.yaml`` in ``language`` (pink … black, S-SETUP-1)."""
    icons = components().levels.get(level)
    return icons.name_in(language) if icons is not None else say_plain(msg("level {level}", level=level))


def parse_difficulty(text: str) -> int:
    """``1`` … ``6`` or a level's name (``pink``, ``black``)."""
    value = text.strip().lower()
    if value.isdigit() and 1 <= int(value) <= 6:
        return int(value)
    names: dict[str, int] = {}
    for level, icons in components().levels.items():  # the level's name in any language: pink, rose
        spelled = [icons.name, *(text for _, text in icons.names.pairs)] if icons.names else [icons.name]
        names.update((name.lower(), level) for name in spelled)
    if value in names:
        return names[value]
    raise GameArgumentError(msg("--difficulty: {value} is not a level 1 (pink) to 6 (black) (S-SETUP-1)",
                                value=repr(text)))


def parse_team(text: str) -> list[str]:
    """Four different classes, comma-separated (S-SETUP-5)."""
    team = [item.strip().lower() for item in text.split(",") if item.strip()]
    unknown = [c for c in team if c not in CLASS_IDS]
    if unknown:
        raise GameArgumentError(msg("--team: unknown class {classes}; choose among {allowed}",
                                    classes=", ".join(map(repr, unknown)), allowed=", ".join(CLASS_IDS)))
    if len(team) != TEAM_SIZE or len(set(team)) != TEAM_SIZE:
        raise GameArgumentError(msg("--team: choose {count} different classes (S-SETUP-5), got {value}",
                                    count=TEAM_SIZE, value=repr(text)))
    return team


def parse_table(items: list[str] | None) -> dict[str, str]:
    """The components read from the real table (item 8); every other one is run by the app."""
    modes = dict.fromkeys(COMPONENTS, "app")
    for item in items or []:
        for name in (part.strip().lower().replace("-", "_") for part in item.split(",")):
            if not name:
                continue
            if name == ALL_COMPONENTS:
                modes = dict.fromkeys(COMPONENTS, "table")
            elif name in COMPONENTS:
                modes[name] = "table"
            else:
                raise GameArgumentError(msg(
                    "--table: {value} is not a component; choose among {allowed} or {all}",
                    value=repr(name), allowed=", ".join(COMPONENTS), all=ALL_COMPONENTS))
    return modes


def parse_seed(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise GameArgumentError(msg("--seed: {value} is not a whole number", value=repr(text))) from None


# -- summaries -------------------------------------------------------------------------------------

def bag_counts(tokens: list[str]) -> dict[str, int]:
    """How many tokens of each kind: NPCs, Player characters, purple and yellow objects."""
    counts: Counter[str] = Counter()
    for token in tokens:
        kind, _, colour = token_parts(token)
        counts[f"{colour} objects" if kind == "object" else f"{kind} characters"] += 1
    order = ("npc characters", "player characters", "purple objects", "yellow objects")
    return {key: counts[key] for key in order}


def _cards(values: list[Any]) -> str:
    return " ".join(str(v) for v in values) if values else "-"


def _names(cards: list[str]) -> Param:
    """NPC cards by their printed names ("-" for none)."""
    return tuple(Ref("npc", c) for c in cards) if cards else "-"


def status_report(game: Game, path: str) -> dict[str, Any]:
    """The ``dt-solo status --json`` document: what can be seen of the game (decks by size only)."""
    position = game.position
    turn = position.turn.side.value if position.turn is not None else None
    score = position.score
    return {
        "file": path,
        "difficulty": {"level": game.difficulty, "name": level_name(game.difficulty)},
        "vision": game.vision,
        "seed": game.seed,
        "turn_number": game.turn_number,
        "turn": turn,
        "score": {"player": score.player if score else 0, "npc": score.npc if score else 0},
        "modes": dict(game.modes),
        "characters": [
            {"id": c.id, "side": c.side.value, "at": square_name(c.at) if c.at is not None else None,
             "wounded": c.wounded, "carries": c.carries}
            for c in sorted(position.characters.values(), key=lambda c: (c.side.value, c.id))
        ],
        "bag": {"size": len(game.bag), **bag_counts(game.bag)},
        "npc_pile": list(game.npc_pile),
        "reinforcements": len(game.reinforcements),
        "room_cards": {"revealed": list(game.rooms_revealed), "unrevealed": len(game.rooms_unrevealed)},
        "npc_combat": {"deck": len(game.npc_combat.cards), "discard": len(game.npc_combat.discard)},
        "vision_deck": len(game.vision_deck),
        "player_cards": {
            "actions": list(game.player.actions),
            "played": list(game.player.played),
            "first_cycle": game.player.first_cycle,
            "jumps": game.player.jumps,
            "combat": list(game.player.combat),
            "combat_discard": list(game.player.combat_discard),
        },
        "row": list(game.row),
        "removed": list(game.removed),
        "tallies": dict(game.tallies),
        "warnings": [str(p) for p in position.status(path)],
        "events": len(game.log),
        "last_events": [
            {"number": i + 1, "kind": e.kind, "text": e.text.english()}
            for i, e in enumerate(game.log) if i >= len(game.log) - LAST_EVENTS
        ],
    }


def print_status(game: Game, report: dict[str, Any]) -> None:
    """The game on the table, in the command line's language, every piece named as printed."""
    say = for_game(game)
    position = game.position
    level = (msg("{file}: difficulty {level} ({name}), with the Arch-Mage's Vision, seed {seed}")
             if game.vision else msg("{file}: difficulty {level} ({name}), seed {seed}"))
    name = level_name(game.difficulty, cli_language())  # the JSON's name stays English (AMB-I18N-JSON)
    print(say(msg(level.text, file=report["file"], level=game.difficulty, name=name, seed=game.seed)))
    turn = report["turn"]
    whose = msg("the Player's turn") if turn == Side.PLAYER.value else msg("the NP's turn") if turn \
        else msg("no side to play")
    print(say(msg("Turn {number}, {whose}; score: Player {player} VP, NP {npc} VP", number=game.turn_number,
                  whose=whose, player=report["score"]["player"], npc=report["score"]["npc"])))
    table = [c for c in COMPONENTS if game.modes.get(c) == "table"]
    print(say(msg("Read from the table: {components}", components=", ".join(table)) if table
              else msg("Read from the table: nothing (the app runs every component)")))
    print()
    print(draw_board(position))
    print(say(LEGEND_MESSAGE))
    for c in report["characters"]:
        who = naming.figure(position, c["id"])
        where: Param = c["at"] or msg("carried")
        line = msg("{figure:cap} on {square}", figure=who, square=where)
        if c["wounded"]:
            line = msg("{figure:cap} on {square}, wounded", figure=who, square=where)
        if c["carries"]:
            line = msg("{text}, carries {item}", text=line, item=naming.item(position, str(c["carries"])))
        side = say(msg("Player") if c["side"] == Side.PLAYER.value else msg("NPC"))
        print(f"  {side:7} {say(line)}")
    print()
    bag = report["bag"]
    print(say(msg("Bag: {size} tokens ({npcs} NPCs, {players} Player characters, {purple} purple and "
                  "{yellow} yellow objects)", size=bag["size"], npcs=bag["npc characters"],
                  players=bag["player characters"], purple=bag["purple objects"],
                  yellow=bag["yellow objects"])))
    print(say(msg("NPC cards of the bag: {cards}", cards=_names(game.npc_pile))))
    print(say(msg("Reinforcements: {count} cards left", count=report["reinforcements"])))
    rooms = report["room_cards"]
    print(say(msg("Room cards: {revealed} revealed ({rooms}), {unrevealed} unrevealed",
                  revealed=len(rooms["revealed"]), rooms=_cards(rooms["revealed"]),
                  unrevealed=rooms["unrevealed"])))
    print(say(msg("NP combat deck: {deck} cards, discard {discard}", deck=report["npc_combat"]["deck"],
                  discard=report["npc_combat"]["discard"])))
    if game.vision:
        print(say(msg("Vision deck: {count} cards left", count=report["vision_deck"])))
    cards = game.player
    hand = msg("The Player's cards: Action {actions} (played this cycle: {played}, first cycle), {jumps} "
               "Jump cards, combat {combat} (discarded: {discarded})") if cards.first_cycle \
        else msg("The Player's cards: Action {actions} (played this cycle: {played}), {jumps} Jump cards, "
                 "combat {combat} (discarded: {discarded})")
    print(say(msg(hand.text, actions=_cards(cards.actions), played=_cards(cards.played), jumps=cards.jumps,
                  combat=_cards(cards.combat), discarded=_cards(cards.combat_discard))))
    print(say(msg("NPC row: {cards}", cards=_names(game.row))))
    if game.removed:
        print(say(msg("Out of the game: {tokens}", tokens=tuple(naming.token(t) for t in game.removed))))
    say = for_game(game)
    for problem in game.position.status(report["file"]):
        words = problem.message if isinstance(problem.message, str) else say(problem.message)
        where = f"{problem.source}: {problem.entry}" if problem.entry else problem.source
        print(say(msg("Warning (the table breaks a rule, AMB-TABLE-WARNS): {warning}",
                      warning=literal(f"{where}: {words}"))))
    print()
    shown = report["last_events"]
    say = for_game(game)
    if shown:
        print(say(msg("Last events ({shown} of {count}):", shown=len(shown), count=report["events"])))
    else:
        print(say(msg("No events yet.")))
    for event in shown:
        logged = game.log[event["number"] - 1]
        kind = say(KINDS[logged.kind]) if logged.kind in KINDS else logged.kind
        print(f"  {event['number']:>4}. [{kind}] {say(logged.text)}")


# -- commands --------------------------------------------------------------------------------------

def cmd_new(args: argparse.Namespace) -> int:
    difficulty = parse_difficulty(args.difficulty)
    team = parse_team(args.team) if args.team is not None else None
    modes = parse_table(args.table)
    seed = parse_seed(args.seed)
    output = Path(args.output)
    if output.exists() and not args.force:
        raise GameArgumentError(msg("{file} exists: choose another file or add --force to replace it",
                                    file=str(output)))
    if not output.parent.is_dir():
        raise GameArgumentError(msg("-o: the folder {folder} does not exist", folder=str(output.parent)))
    content = args.content or default_content()
    box = load_box(content)
    game = new_game(difficulty, vision=args.vision, seed=seed, team=team, modes=modes, content=content,
                    box=box)
    save_game(game, output)
    say = for_game(game)
    for line in new_game_lines(game, output, box):
        print(say(line))
    return 0


def new_game_lines(game: Game, output: Path, box: Box) -> list[Message]:
    """What ``dt-solo new`` tells of the game it dealt: level, team, components, box, piles."""
    position = game.position
    team = tuple(msg("{figure} ({square})", figure=naming.figure(position, c.id), square=square_name(c.at))
                 for c in position.characters.values() if c.at is not None)
    table = [c for c in game.modes if game.modes[c] == "table"]
    level = (msg("  difficulty {level} ({name}), with the Arch-Mage's Vision, seed {seed}") if game.vision
             else msg("  difficulty {level} ({name}), without the Vision, seed {seed}"))
    whose = (msg("  rooms and NPC cards: the demo's ({content}); rooms {rooms}") if game.content == DEMO
             else msg("  rooms and NPC cards: your box's ({content}); rooms {rooms}"))
    lines = [
        msg("New game written to {file}", file=str(output)),
        msg(level.text, level=game.difficulty, name=level_name(game.difficulty, cli_language()),
            seed=game.seed),
        msg("  the Player's team on the yellow line: {team}", team=team),
        msg("  read from the table: {components}", components=", ".join(table)) if table
        else msg("  read from the table: nothing (the app runs every component)"),
        msg(whose.text, content=game.content, rooms=tuple(Ref("layout", r) for r in box.room_ids())),
    ]
    lines += [msg("  filled by the demo: {note}", note=note.message()) for note in box.filled()]
    lines += [msg("  problem in your box (left out): {problem}", problem=problem)
              for problem in box.problem_messages()]
    lines.append(msg("  bag: {tokens} tokens; reinforcements: {cards} cards; NP combat deck: {combat} cards",
                     tokens=len(game.bag), cards=len(game.reinforcements), combat=len(game.npc_combat.cards)))
    lines.append(msg("  the Player plays first (S-TURN-1)"))
    return lines


def cmd_status(args: argparse.Namespace) -> int:
    game = load_game(Path(args.game))
    report = status_report(game, args.game)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_status(game, report)
    return 0


def add_commands(sub: Any, run: Callable[[Command], Command] = guarded) -> None:
    """Register ``new`` and ``status`` on the ``dt-solo`` subcommands; ``run`` wraps each command
    (by default ``guarded``: bad arguments become a message)."""
    new = sub.add_parser("new", help=plain(msg("start a solo game and write its game file (S-SETUP)")))
    new.add_argument("--difficulty", required=True, metavar="N",
                     help=plain(msg("1 (pink, the easiest) to 6 (black, the hardest), or the "
                                        "level's name")))
    new.add_argument("--vision", action="store_true",
                     help=plain(msg("play with the Arch-Mage's Vision (S-VISION)")))
    new.add_argument("--seed", default=None, metavar="S",
                     help=plain(msg("seed of the app's dice and shuffles")))
    new.add_argument("--team", default=None, metavar=metavar("CLASS,CLASS,CLASS,CLASS"),
                     help=plain(msg("the Player's 4 starting characters among {classes} (default: 4 "
                                        "drawn at random)", classes=", ".join(CLASS_IDS))))
    new.add_argument("--table", action="extend", nargs="+", metavar=metavar("COMPONENT"),
                     help=plain(msg("components read from the real table instead of run by the app: "
                                        "{components} or {all}", components=", ".join(COMPONENTS),
                                        all=ALL_COMPONENTS)))
    add_content_option(new)
    new.add_argument("-o", "--output", required=True, metavar=metavar("GAME"),
                     help=plain(msg("the game file to write")))
    new.add_argument("--force", action="store_true", help=plain(msg("replace GAME if it exists")))
    new.set_defaults(run=run(cmd_new))
    status = sub.add_parser("status",
                            help=plain(msg("where a solo game stands: level, score, board, piles, log")))
    status.add_argument("game", metavar=metavar("GAME"))
    status.add_argument("--json", action="store_true", help=plain(msg("a machine-readable summary")))
    status.set_defaults(run=run(cmd_status))
    add_play_command(sub, run)
    add_simulate_command(sub, run, GameArgumentError)
