"""What is wrong with one value of a game file (a token of the bag, a card, a slot, an event's data),
as a message in the reader's language, or None when it is good; solo.game.save_reader reads the
file's sections with them."""

from __future__ import annotations

from typing import Any

from solo.content.gamedata import CLASS_IDS, OBJECT_KINDS
from solo.content.ids import id_problem, is_id
from solo.errors import cut, shown
from solo.game.state import token_parts
from solo.messages import Message, msg
from solo.table.squares import SLOTS


def card_or_room_id(item: Any) -> Message | None:
    """What is wrong with a card or room id in a pile, a row or the rooms left (see content.ids)."""
    return id_problem(item)


def plain_problem(value: Any, entry: str, depth: int = 0) -> tuple[str, Message] | None:
    """The first part of an event's data a game file cannot hold again (plain YAML data only: text,
    numbers, true/false, null, lists, and mappings with text or whole-number keys), as (entry, what)."""
    if value is None or isinstance(value, str | bool | int | float):
        return None
    if depth > 20:
        return entry, msg("nested too deeply")
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found = plain_problem(item, f"{entry}[{i}]", depth + 1)
            if found:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str | int) or isinstance(key, bool):
                return entry, msg("the key {key} is neither text nor a whole number", key=shown(key))
            found = plain_problem(item, f"{entry}.{shown(key) if not isinstance(key, str) else cut(key)}",
                                  depth + 1)
            if found:
                return found
        return None
    return entry, msg("{value} is not plain data (text, numbers, lists, mappings)", value=shown(value))


def bag_token(item: Any) -> Message | None:
    """What is wrong with a bag token (``npc:<card>``, ``player:<class>``, ``object:<kind>:<colour>``)."""
    try:
        kind, name, colour = token_parts(item) if isinstance(item, str) else ("", "", "")
    except ValueError:
        kind, name, colour = "", "", ""
    if kind == "npc" and is_id(name):
        return None
    if kind == "player" and name in CLASS_IDS:
        return None
    if kind == "object" and name in OBJECT_KINDS and colour in ("purple", "yellow"):
        return None
    return msg("expected a token npc:<card>, player:<class> or object:<{kinds}>:<purple|yellow>, got {value}",
               kinds="|".join(OBJECT_KINDS), value=shown(item))


def removed_token(item: Any) -> Message | None:
    """A token out of the game: a bag token, or ``object:<kind>`` (colour unknown, AMB-OBJECT-COLOUR)."""
    if isinstance(item, str) and item.count(":") == 1 and item.split(":")[0] == "object":
        kind = item.split(":")[1]
        if kind in OBJECT_KINDS:
            return None
        return msg("unknown object kind {kind} in {token}", kind=shown(kind), token=shown(item))
    return bag_token(item)


def combat_card(item: Any) -> Message | None:
    """What is wrong with a combat card's value (``+3``)."""
    if isinstance(item, str) and item.startswith("+") and item[1:].isdigit():
        return None
    return msg('expected a combat card value like "+3", got {value}', value=shown(item))


def action_card(item: Any) -> Message | None:
    """What is wrong with an Action card (2 to 5)."""
    if isinstance(item, int) and not isinstance(item, bool) and 2 <= item <= 5:
        return None
    return msg("expected an Action card 2 to 5, got {value}", value=shown(item))


def room_slot(item: Any) -> Message | None:
    """What is wrong with a room slot (1 to 8)."""
    if isinstance(item, int) and not isinstance(item, bool) and item in SLOTS:
        return None
    return msg("expected a room slot 1 to 8, got {value}", value=shown(item))
