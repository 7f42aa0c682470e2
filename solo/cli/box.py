"""``dt-solo box``: the rooms and NPC cards a new game is set up with, where each comes from, and what
is wrong (issue 11); and the ``--content`` choice of ``dt-solo new``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from solo.cli.words import plain, say
from solo.content.box_sources import COMPLETED, DEMO, FROM_DEMO, OWN, YOURS
from solo.content.gamedata import CLASS_IDS
from solo.locations import user_data_dir
from solo.messages import Message, Ref, msg

if TYPE_CHECKING:
    from solo.content.box import Box

Command = Callable[[argparse.Namespace], int]


SOURCE_WORDS: dict[str, Message] = {
    YOURS: msg("yours"), COMPLETED: msg("rulebook card completed by you"), FROM_DEMO: msg("demo"),
}
SENSE_WORDS: dict[str, Message] = {"cw": msg("turns clockwise"), "ccw": msg("turns anticlockwise")}


def box_lines(box: Box) -> list[Message]:
    """The box in words: rooms by pair, cards by class, each with its source; gaps filled; problems."""
    whose = msg("the demo's box") if box.content == DEMO else msg("your box (folder {folder})",
                                                                    folder=str(user_data_dir()))
    ready = msg("ready to play") if not box.shortfall() else msg("cannot set up a game")
    lines = [msg("Content {content}: {whose}: {rooms} rooms, {cards} NPC cards, {ready}", content=box.content,
                 whose=whose, rooms=len(box.rooms), cards=len(box.cards), ready=ready), msg("Rooms:")]
    for room in box.rooms:
        layout = room.layout
        lines.append(msg("  pair {pair}  {room} ({id}), {sense}  ({source})", pair=layout.pair,
                         room=Ref("layout", layout.id), id=layout.id,
                         sense=SENSE_WORDS.get(layout.sense, layout.sense), source=SOURCE_WORDS[room.source]))
    lines.append(msg("NPC cards:"))
    for class_id in CLASS_IDS:
        cards = [c for c in box.cards if c.card.class_id == class_id]
        listed = tuple(msg("{card} ({source})", card=Ref("npc", c.card.id), source=SOURCE_WORDS[c.source])
                       for c in cards) or "-"
        lines.append(msg("  {class}: {count}: {cards}", **{"class": Ref("class", class_id)}, count=len(cards),
                         cards=listed))
    filled = box.filled()
    if filled:
        lines.append(msg("Filled by the demo:"))
        lines += [msg("  - {note}", note=note.message()) for note in filled]
    problems = box.problem_messages() + [p.as_message() for p in box.shortfall()]
    lines.append(msg("Problems: {count}", count=len(problems)) if problems else msg("Problems: none"))
    lines += [msg("  - {note}", note=problem) for problem in problems]
    return lines


def cmd_box(args: argparse.Namespace) -> int:
    from solo.content.box import load_box  # only this command puts a box together

    box = load_box(args.content or OWN)
    if args.json:
        document: dict[str, Any] = {"folder": str(user_data_dir()), **box.to_json()}
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        print("\n".join(say(line) for line in box_lines(box)))
    return 1 if box.problems() or box.shortfall() else 0


def add_content_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--content", choices=(OWN, DEMO), default=None,
                        help=plain(msg("own: your rooms and NPC cards, the demo's filling the gaps (the "
                                     "default once you have entered any); demo: the demo's only")))


def add_box_command(sub: Any, run: Callable[[Command], Command]) -> None:
    box = sub.add_parser("box",
                         help=plain(msg("the rooms and NPC cards a new game is set up with, where each comes "
                                     "from, and every problem (status 1 when there is one)")))
    add_content_option(box)
    box.add_argument("--json", action="store_true", help=plain(msg("a machine-readable list")))
    box.set_defaults(run=run(cmd_box))
