"""The names a renderer needs to tell a position in words: its NPCs' cards and its rooms' names.

Everything the engine says is a message (solo.messages); the edge (app, command line, log export)
renders it with :func:`renderer`, which knows each card's printed name and personality summary and
each room layout's name, from the card folders and the position's own inline cards.
"""

from __future__ import annotations

from solo.content.cards import CardLibrary, card_names, load_card_library
from solo.content.npccard import NpcCard, parse_card
from solo.content.rooms import RoomLibrary, load_library
from solo.errors import DataError
from solo.i18n import Renderer
from solo.table.position import Position


def names(
    position: Position | None = None, cards: CardLibrary | None = None, rooms: RoomLibrary | None = None
) -> dict[str, str]:
    """Card names, titles and summaries, and room names (``room:<layout>``, ``room.fr:<layout>``)."""
    if cards is not None:
        library = cards
    elif position is not None:  # AMB-CARD-READS: only the cards of the table's NPCs are read
        library = load_card_library(ids={c.card for c in position.characters.values() if c.card})
    else:
        library = load_card_library()
    found: list[NpcCard] = list(library.cards.values())
    for card_id, fields in (position.inline_cards.items() if position is not None else ()):
        try:
            source = f"position cards[{card_id}]"
            found.append(parse_card({"id": card_id, **fields}, source, expected_id=card_id))
        except DataError:
            continue  # a broken inline card is reported where it is used; here it is only not named
    table = card_names(found)
    for room in (rooms if rooms is not None else load_library()).rooms.values():
        if room.name:
            table[f"room:{room.id}"] = room.name
        for language, text in room.names.pairs if room.names is not None else ():
            table[f"room.{language}:{room.id}"] = text
    return table


def renderer(
    language: str,
    position: Position | None = None,
    cards: CardLibrary | None = None,
    rooms: RoomLibrary | None = None,
) -> Renderer:
    """A renderer into ``language`` naming the NPCs and rooms of ``position`` as printed."""
    return Renderer(language, names(position, cards, rooms))
