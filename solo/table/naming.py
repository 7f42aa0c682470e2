"""Game things of a position as message parameters, so that they are named as printed (issue 12).

A character becomes its card (``Ref("npc", card)``) or its class (``Ref("player", class)``), an item it
carries an object (``Ref("object", kind)``) or a wounded friend; the renderer gives the words.
"""

from __future__ import annotations

from solo.messages import Message, Param, Ref, msg, msg_ctx, msg_n
from solo.table.position import Position, item_character, naming_figure


def figure(position: Position, char_id: str) -> Ref:
    """A character by its card (an NPC) or its class (a Player figure)."""
    return naming_figure(position, char_id)


def named_by_class(position: Position, char_id: str) -> bool:
    """A character whose printed name is its class's (a Player figure, « le Traître »): a heading that
    names it need not give its class again."""
    character = position.characters.get(char_id)
    return character is not None and figure(position, char_id) == Ref("player", character.class_id)


def item(position: Position, name: str) -> Param:
    """What a character carries: an object by its name, a wounded friend by its own."""
    char_id = item_character(name)
    if char_id is not None:
        return wounded(position, char_id)
    return Ref("object", name)


def wounded(position: Position, char_id: str) -> Message:
    """A wounded character carried or lying on the table."""
    return msg("{who} (wounded)", who=figure(position, char_id))


def room(slot: int | str) -> Ref:
    return Ref("room", str(slot))


def mode(name: str) -> Ref:
    return Ref("mode", name)


def figures(position: Position) -> dict[str, Ref]:
    """Every character's name before a change that may take some off the board (a fireball, an exit)."""
    return {char_id: figure(position, char_id) for char_id in position.characters}


DIRECTIONS = {
    "north": msg_ctx("direction", "north"),
    "east": msg_ctx("direction", "east"),
    "south": msg_ctx("direction", "south"),
    "west": msg_ctx("direction", "west"),
}


def direction(name: str) -> Param:
    """A direction on the board (north is the blue side, seen from the yellow line)."""
    return DIRECTIONS.get(name.lower(), name)


SENSES = {
    "cw": msg_ctx("sense", "clockwise"),
    "ccw": msg_ctx("sense", "anticlockwise"),
    "clockwise": msg_ctx("sense", "clockwise"),
    "anticlockwise": msg_ctx("sense", "anticlockwise"),
    "counterclockwise": msg_ctx("sense", "anticlockwise"),
}


def sense(name: str) -> Param:
    """A turning sense."""
    return SENSES.get(name.lower(), name)


def token(name: str) -> Ref:
    """A bag token (``npc:<card>``, ``player:<class>``, ``object:<kind>[:<colour>]``) by what it shows."""
    kind, _, rest = name.partition(":")
    if kind in ("npc", "player", "object") and rest:
        return Ref(kind, rest)
    return Ref("figure", name)


def squares(count: int) -> Message:
    """A number of squares with its plural as the language has it (« 1 case », "1 square")."""
    return msg_n("{count} square", "{count} squares", count=count)
