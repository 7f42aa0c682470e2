"""Table edits: the game changed the way the player changed his real table, one small step each.

The app mirrors the real table: when the player moves, wounds, heals, hands over, removes or adds a
piece, turns a portcullis marker, rotates or reveals a room, he tells the app with one of these
functions (the app wraps them in undoable commands, ``solo.ui.model.GameModel.edit``). An edit that
breaks a rule is carried out all the same (``Position.status()`` then names the rule, the app warns);
only an edit that cannot be carried out at all (a square off the board or inside a face-down room, an
unknown character or object, a token that is nowhere to be found) raises ValueError, changing nothing
the caller keeps. Every edit leaves an ``edit`` event in the game log.
"""

from __future__ import annotations

from solo.actions.combat import eliminate
from solo.actions.combat import wound as combat_wound
from solo.actions.core import settle_carrying
from solo.content.gamedata import game_data
from solo.errors import EditRefusedError
from solo.game.board_edits import reveal_room as reveal_room
from solo.game.board_edits import rotate_room as rotate_room
from solo.game.board_edits import set_portcullis as set_portcullis
from solo.game.board_edits import set_wall as set_wall
from solo.game.content import OWN, card_library
from solo.game.edit_base import any_square, log_edit
from solo.game.state import Game, character_token, object_token, token_parts
from solo.messages import Param, Ref, msg
from solo.table import naming
from solo.table.position import Character, ObjectToken, Position, Side
from solo.table.squares import (
    Square,
    slot_of,
    square_name,
)

COLOURS = ("yellow", "purple")
"""The two colours of object tokens (S-COMP-2)."""
OBJECT_PIECE = "object:"
"""A loose object as a piece the board drags: ``object:<index in position.objects>``."""


# -- names -----------------------------------------------------------------------------------------

def character_name(game: Game, character_id: str) -> str:
    """What the player calls a character: its NPC card's name, or its Player class's name."""
    character = game.position.characters.get(character_id)
    if character is None:
        return character_id
    if character.side is Side.NPC:
        card = card_library(game.content).get(character.card or character.id)
        return card.name if card is not None else character.id
    cls = game_data().classes.get(character.class_id)
    return cls.name if cls is not None else character.id


def object_name(kind: str) -> str:
    """An object kind's printed name (Rope, Key…)."""
    found = game_data().objects.get(kind)
    return found.name if found is not None else kind


def token_name(token: str, content: str = OWN) -> str:
    """What a bag token shows: the NPC's or class's name, or the object's name and colour."""
    kind, name, colour = token_parts(token)
    if kind == "object":
        return f"{object_name(name)} ({colour})"
    if kind == "npc":
        card = card_library(content).get(name)
        return card.name if card is not None else name
    cls = game_data().classes.get(name)
    return cls.name if cls is not None else name


def piece_of_object(index: int) -> str:
    """The piece id of the loose object ``position.objects[index]`` (for drag and drop)."""
    return f"{OBJECT_PIECE}{index}"


def object_index(piece: str) -> int | None:
    """The index of a loose object's piece id, None for a character id."""
    if piece.startswith(OBJECT_PIECE) and piece[len(OBJECT_PIECE):].isdigit():
        return int(piece[len(OBJECT_PIECE):])
    return None


# -- checks shared by the edits ----------------------------------------------------------------------

def board_square(game: Game, value: Square | str) -> Square:
    """A square a piece can be put on: on the board and not inside a face-down room; else ValueError."""
    sq = any_square(value)
    board = game.position.board
    if board.exists(sq):
        return sq
    slot = slot_of(sq)
    if slot is not None and not board.is_revealed(slot):
        raise EditRefusedError(msg("{square} is inside the face-down {room}: reveal it first",
                              square=square_name(sq), room=naming.room(slot)))
    raise EditRefusedError(msg("{square} is not a square of the board", square=square_name(sq)))


def _character(game: Game, character_id: str) -> Character:
    character = game.position.characters.get(character_id)
    if character is None:
        raise EditRefusedError(msg("no character {id} in play", id=repr(character_id)))
    return character


def _object(game: Game, index: int) -> ObjectToken:
    objects = game.position.objects
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(objects):
        raise EditRefusedError(msg("no loose object number {index} on the board", index=repr(index)))
    return objects[index]


def _object_kind(kind: str) -> str:
    if kind not in game_data().objects:
        raise EditRefusedError(msg("no object {kind} (one of {choices})", kind=repr(kind),
                                   choices=", ".join(game_data().objects)))
    return kind


def _named(game: Game, character_id: str) -> Ref:
    return naming.figure(game.position, character_id)


def _who(game: Game, character: Character) -> Ref:
    return naming.figure(game.position, character.id)


def _set_down_carried(position: Position, figure: Character) -> None:
    """A wounded the figure carries is laid on its square (a wounded or a character taken away carries
    nothing, AMB-WAVERICK)."""
    carried = position.characters.get(figure.carries) if figure.carries is not None else None
    if carried is not None:
        figure.carries = None
        carried.at = figure.at


def _settle(position: Position, sq: Square) -> None:
    """A Player figure with empty hands on ``sq`` carries what lies there (B-MOVE-13, AMB-B-CARRY)."""
    figure = position.figure_at(sq)
    if figure is not None and figure.side is Side.PLAYER and figure.carries is None:
        settle_carrying(position, figure)


# -- pieces ------------------------------------------------------------------------------------------

def move_character(game: Game, character_id: str, to: Square | str) -> None:
    """Put a figure or a wounded on a square. A figure keeps what it carries; a carried wounded leaves
    its carrier, a lying one takes the object under it along (B-CARRY-11, AMB-PUSH-UNDER); a Player
    figure with empty hands carries what it lands on (AMB-B-CARRY)."""
    character = _character(game, character_id)
    sq = board_square(game, to)
    position = game.position
    if character.at == sq:
        raise EditRefusedError(msg("{figure:cap} is already on {square}", figure=_named(game, character_id),
                              square=square_name(sq)))
    carrier = position.carrier_of(character.id)
    if carrier is not None:
        carrier.carries = None
    elif character.wounded and character.at is not None:
        under = next((o for o in position.objects if o.at == character.at), None)
        if under is not None:
            under.at = sq
    character.at = sq
    _settle(position, sq)
    log_edit(game, msg("{figure:cap} put on {square}", figure=_who(game, character), square=square_name(sq)),
            character=character.id, to=square_name(sq))


def move_object(game: Game, index: int, to: Square | str) -> None:
    """Put the loose object ``position.objects[index]`` on a square (a Player figure with empty hands
    standing there carries it, AMB-B-CARRY)."""
    token = _object(game, index)
    sq = board_square(game, to)
    if token.at == sq:
        raise EditRefusedError(msg("{object:cap} is already on {square}", object=Ref("object", token.kind),
                              square=square_name(sq)))
    token.at = sq
    _settle(game.position, sq)
    log_edit(game, msg("{object:cap} put on {square}", object=Ref("object", token.kind),
                       square=square_name(sq)), object=token.kind, to=square_name(sq))


def wound(game: Game, character_id: str) -> None:
    """The figure becomes a wounded token on its square (B-CMB-5, solo.actions.combat.wound): its object stays
    under it (B-CARRY-11), a wounded it carried is laid beside it on the square (a wounded carries
    nothing, AMB-WAVERICK; remove it if it was eliminated, B-CARRY-12)."""
    character = _character(game, character_id)
    if character.wounded:
        raise EditRefusedError(msg("{figure:cap} is already wounded", figure=_named(game, character_id)))
    position = game.position
    _set_down_carried(position, character)
    turn = position.turn
    combat_wound(position, character, turn.side if turn is not None else character.side.other)
    position.turn = turn  # an edit starts no turn (wound() lists it in the turn in progress, B-CMB-8)
    log_edit(game, msg("{figure:cap} wounded", figure=_who(game, character)), character=character.id)


def heal(game: Game, character_id: str) -> None:
    """The wounded stands up again on its square (a carried one on its carrier's square) and carries
    the object under it (AMB-HEAL-OBJECT)."""
    character = _character(game, character_id)
    if not character.wounded:
        raise EditRefusedError(msg("{figure:cap} is not wounded", figure=_named(game, character_id)))
    position = game.position
    carrier = position.carrier_of(character.id)
    if carrier is not None:
        carrier.carries = None
        character.at = carrier.at
    if character.at is None:
        raise EditRefusedError(msg("{figure:cap} is nowhere on the board", figure=_named(game, character_id)))
    character.wounded = False
    if position.turn is not None and character.id in position.turn.wounded:
        position.turn.wounded.remove(character.id)
    if character.carries is None:
        settle_carrying(position, character)
    log_edit(game, msg("{figure:cap} healed", figure=_who(game, character)), character=character.id)


def _take_token(tokens: list[str], kind: str, first: str) -> str | None:
    """Remove and return an object token of ``kind`` from a pile, colour ``first`` preferred."""
    found = [t for t in tokens if token_parts(t)[0] == "object" and token_parts(t)[1] == kind]
    if not found:
        return None
    found.sort(key=lambda t: token_parts(t)[2] != first)
    tokens.remove(found[0])
    return found[0]


def give_object(game: Game, character_id: str, kind: str) -> None:
    """The figure now carries an object of ``kind``: the one lying on its square, else a token taken
    from the bag, else one from out of the game (its side's colour first)."""
    character = _character(game, character_id)
    kind = _object_kind(kind)
    who = _named(game, character_id)
    if character.wounded or character.at is None:
        raise EditRefusedError(msg("{figure:cap} is wounded and carries nothing: put the object on its "
                                   "square instead", figure=who))
    if character.carries is not None:
        raise EditRefusedError(msg("{figure:cap} already carries something: drop it first (B-CARRY-1)",
                                   figure=who))
    position = game.position
    lying = next((i for i, o in enumerate(position.objects) if o.at == character.at and o.kind == kind), None)
    if lying is not None:
        del position.objects[lying]
        source: Param = square_name(character.at)
    else:
        colour = "yellow" if character.side is Side.PLAYER else "purple"
        token = _take_token(game.bag, kind, colour)
        source = msg("the bag")
        if token is None:
            token = _take_token(game.removed, kind, colour)
            source = msg("out of the game")
        if token is None:
            raise EditRefusedError(msg("{object:cap} is neither on {square}, nor in the bag, nor out of the "
                                       "game",
                                  object=Ref("object", kind), square=square_name(character.at)))
    character.carries = kind
    log_edit(game, msg("{figure:cap} is given {object} from {source}", figure=_who(game, character),
                      object=Ref("object", kind), source=source), character=character.id, object=kind)


def drop_item(game: Game, character_id: str) -> None:
    """The figure lays what it carries (an object or a wounded friend) on its own square."""
    character = _character(game, character_id)
    if character.carries is None or character.at is None:
        raise EditRefusedError(msg("{figure:cap} carries nothing", figure=_named(game, character_id)))
    item = character.carries
    position = game.position
    if item in position.characters:
        _set_down_carried(position, character)
    else:
        character.carries = None
        position.objects.append(ObjectToken(item, character.at))
    log_edit(game, msg("{figure:cap} drops {item} on {square}", figure=_who(game, character),
                      item=naming.item(position, item) if item not in position.characters
                      else naming.figure(position, item), square=square_name(character.at)),
            character=character.id)


def remove_character(game: Game, character_id: str) -> None:
    """Take a character out of the game (its token goes to ``game.removed``, nobody scores): its
    object stays on its square (B-CARRY-13), a wounded it carried is laid there."""
    character = _character(game, character_id)
    position = game.position
    who = _who(game, character)
    _set_down_carried(position, character)
    eliminate(position, character, None)
    game.removed.append(character_token(character))
    log_edit(game, msg("{figure:cap} out of the game", figure=who), character=character.id)


def _colour_in_play(game: Game, kind: str) -> str:
    """The colour of an object token on the board: the one neither in the bag nor out of the game."""
    for colour in COLOURS:
        token = object_token(kind, colour)
        if token not in game.bag and token not in game.removed:
            return colour
    return COLOURS[0]


def remove_object(game: Game, index: int) -> None:
    """Take the loose object ``position.objects[index]`` out of the game (to ``game.removed``)."""
    token = _object(game, index)
    del game.position.objects[index]
    game.removed.append(object_token(token.kind, _colour_in_play(game, token.kind)))
    log_edit(game, msg("{object:cap} on {square} out of the game", object=Ref("object", token.kind),
                      square=square_name(token.at)), object=token.kind)


def add_token(game: Game, token: str, to: Square | str) -> None:
    """Put a token on a square, taken from the bag (else from out of the game): an NPC enters play
    (its card leaves the face-up pile for the row, as on a reveal, S-REVEAL-8), a Player character
    or an object lies there (a Player figure with empty hands carries what it shares a square with)."""
    sq = board_square(game, to)
    kind, name, _ = token_parts(token)
    pile = game.bag if token in game.bag else game.removed if token in game.removed else None
    if pile is None:
        raise EditRefusedError(msg("{token:cap} is neither in the bag nor out of the game",
                                   token=naming.token(token)))
    position = game.position
    if kind == "object":
        _object_kind(name)
        position.objects.append(ObjectToken(name, sq))
    else:
        if name in position.characters:
            raise EditRefusedError(msg("{token:cap} is already in play", token=naming.token(token)))
        if kind == "npc":
            card = card_library(game.content).get(name)
            if card is None or card.class_id is None:
                raise EditRefusedError(msg("the NPC card {card} is unknown or has no class: "
                                           "it cannot enter play", card=repr(name)))
            position.characters[name] = Character(name, Side.NPC, card.class_id, sq, card=name)
            if name in game.npc_pile:
                game.npc_pile.remove(name)
            if name not in game.row:
                game.row.append(name)
        else:
            if name not in game_data().classes:
                raise EditRefusedError(msg("no character class {name}", name=repr(name)))
            position.characters[name] = Character(name, Side.PLAYER, name, sq)
    pile.remove(token)
    _settle(position, sq)
    log_edit(game, msg("{token:cap} put on {square}", token=naming.token(token), square=square_name(sq)),
            token=token, to=square_name(sq))
