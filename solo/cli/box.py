"""``dt-solo box``: the rooms and NPC cards a new game is set up with, where each comes from, and what
is wrong (issue 11); and the ``--content`` choice of ``dt-solo new``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from solo.cli.words import language
from solo.content.box import DEMO, OWN, SOURCE_WORDS, Box, load_box
from solo.content.gamedata import CLASS_IDS
from solo.locations import user_data_dir

Command = Callable[[argparse.Namespace], int]


def box_lines(box: Box) -> list[str]:
    """The box as text: rooms by pair, cards by class, each with its source; gaps filled; problems."""
    whose = "the demo's box" if box.content == DEMO else f"your box (folder {user_data_dir()})"
    ready = "ready to play" if not box.shortfall() else "cannot set up a game"
    lines = [f"Content {box.content}: {whose}: {len(box.rooms)} rooms, {len(box.cards)} NPC cards, {ready}",
             "Rooms:"]
    for room in box.rooms:
        layout = room.layout
        name = f' "{layout.name_in(language())}"' if layout.name else ""
        source = SOURCE_WORDS[room.source]
        lines.append(f"  pair {layout.pair}  {layout.id}{name}, {layout.sense}  ({source})")
    lines.append("NPC cards:")
    for class_id in CLASS_IDS:
        cards = [c for c in box.cards if c.card.class_id == class_id]
        listed = ", ".join(f"{c.card.id} ({SOURCE_WORDS[c.source]})" for c in cards) or "-"
        lines.append(f"  {class_id:12} {len(cards)}: {listed}")
    filled = box.filled()
    if filled:
        lines.append("Filled by the demo:")
        lines += [f"  - {note.text()}" for note in filled]
    problems = box.problems() + [str(p) for p in box.shortfall()]
    lines.append(f"Problems: {len(problems)}" if problems else "Problems: none")
    lines += [f"  - {text}" for text in problems]
    return lines


def cmd_box(args: argparse.Namespace) -> int:
    box = load_box(args.content or OWN)
    if args.json:
        document: dict[str, Any] = {"folder": str(user_data_dir()), **box.to_json()}
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        print("\n".join(box_lines(box)))
    return 1 if box.problems() or box.shortfall() else 0


def add_content_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--content", choices=(OWN, DEMO), default=None,
                        help="own: your rooms and NPC cards, the demo's filling the gaps (the default once "
                             "you have entered any); demo: the demo's only")


def add_box_command(sub: Any, run: Callable[[Command], Command]) -> None:
    box = sub.add_parser("box", help="the rooms and NPC cards a new game is set up with, where each comes "
                                     "from, and every problem (status 1 when there is one)")
    add_content_option(box)
    box.add_argument("--json", action="store_true", help="a machine-readable list")
    box.set_defaults(run=run(cmd_box))
