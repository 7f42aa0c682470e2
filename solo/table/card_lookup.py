"""The NPC card of a character in a position: the position's inline card first, then the card folders.

It lives in the table layer because it reads a :class:`Position`; the card library itself is content.
"""

from __future__ import annotations

from solo.content.cards import CardLibrary, load_card_library
from solo.content.npccard import NpcCard, parse_card
from solo.errors import DataError, Problem, shown
from solo.messages import msg
from solo.table.position import Position


def card_for(position: Position, character_id: str, library: CardLibrary | None = None) -> NpcCard:
    """The card of an NPC in a position: the position's inline card first, then the library.

    Raises DataError naming the character and the card when it is missing or broken. Pass a
    library to avoid reading the card folders on every call."""
    character = position.characters.get(character_id)
    entry = f"characters[{character_id}]"
    if character is None:
        raise DataError([Problem("position", entry, msg("no character {character_id} in the position",
                                                        character_id=shown(character_id)))])
    card_id = character.card
    if card_id is None:
        raise DataError([Problem("position", f"{entry}.card", msg("{character_id} has no NPC card",
                                                                  character_id=shown(character_id)))])
    inline = position.inline_cards.get(card_id)
    if inline is not None:
        source = f"position cards[{card_id}]"
        fields = dict(inline)
        fields.setdefault("id", card_id)  # AMB-INLINE-CARD-ID: the key is the card's id
        try:
            return parse_card(fields, source, expected_id=card_id)
        except DataError as exc:
            raise DataError([Problem("position", f"{entry}.card",
                                     msg("the card {card_id} of {character_id} is broken",
                                         card_id=shown(card_id), character_id=shown(character_id))),
                             *exc.problems]) from exc
    if library is None:
        library = load_card_library()
    card = library.get(card_id)
    if card is not None:
        return card
    if card_id in library.broken:
        raise DataError([Problem("position", f"{entry}.card",
                                 msg("the card {card_id} of {character_id} is broken",
                                     card_id=shown(card_id), character_id=shown(character_id))),
                         *library.broken[card_id]])
    raise DataError([Problem("position", f"{entry}.card",
                             msg("the card {card_id} of {character_id} is neither in the position's `cards` "
                                 "nor in a card folder", card_id=shown(card_id),
                                 character_id=shown(character_id)))])

