"""Carrying out actions on a position: a way found by the search, or a single portcullis action.

The search (``solo.table.search``) only plans; these functions change the table, checking legality and
raising :class:`IllegalActionError` with the rule at stake when an action is not allowed.
"""

from __future__ import annotations

from solo.content.rooms import Mark
from solo.errors import IllegalActionError
from solo.messages import msg
from solo.records import field, record
from solo.table import naming
from solo.table.board import MarkerState, Terrain
from solo.table.position import Character, ObjectToken, Position, Side, item_character
from solo.table.search import Way
from solo.table.squares import Square, direction_between, square_name


@record
class Outcome:
    """What a way did besides moving the figure: pick-ups, drops, markers, an exit."""

    exited: bool = False
    left_the_game: list[str] = field(default_factory=list)
    """Items carried out of the dungeon by an exiting figure (objects discarded, wounded rescued)."""
    fallen: list[str] = field(default_factory=list)
    """Wounded whose Rope the figure took from their pit: they fell and are eliminated (B-ROPE-9)."""


def _remove_item(position: Position, sq: Square, item: str) -> None:
    char_id = item_character(item)
    if char_id is not None:
        position.characters[char_id].at = None
        return
    for index, token in enumerate(position.objects):
        if token.at == sq and token.kind == item:
            del position.objects[index]
            return
    raise IllegalActionError(msg("{item:cap} does not lie on {square}", item=naming.item(position, item),
                                 square=square_name(sq)))


def _add_item(position: Position, sq: Square, item: str) -> None:
    char_id = item_character(item)
    if char_id is not None:
        position.characters[char_id].at = sq
    else:
        position.objects.append(ObjectToken(item, sq))


def _hand_over(position: Position, mover: Character, sq: Square, item: str, kind: str) -> None:
    """An item taken from (``receive``) or given to (``give``) the friend standing on ``sq`` (S-OBJ-4/5)."""
    friend = next(
        (c for c in position.characters.values() if c.at == sq and not c.wounded and c.id != mover.id), None
    )
    if friend is None:
        raise IllegalActionError(msg("nobody stands on {square} to exchange items with",
                                     square=square_name(sq)))
    char_id = item_character(item)
    if kind == "receive":
        if friend.carried_item() != item:
            raise IllegalActionError(msg("{figure:cap} does not carry {item}",
                                         figure=naming.figure(position, friend.id),
                                         item=naming.item(position, item)))
        friend.carries = None
        return
    if friend.carries is not None:
        raise IllegalActionError(msg("{figure:cap} already carries {item} (B-CARRY-1)",
                                     figure=naming.figure(position, friend.id),
                                     item=naming.item(position, friend.carries)))
    if char_id is not None:
        position.characters[char_id].at = None
    friend.carries = char_id or item


def apply_way(position: Position, character: Character | str, way: Way) -> Outcome:
    """Play a way from :func:`solo.table.search.cheapest_paths` on ``position`` (changing it)."""
    if isinstance(character, str):
        character = position.character(character)
    final = way.final
    outcome = Outcome()
    held_before = character.carried_item()
    order = {"take": 0, "receive": 1}
    changes = sorted(final.delta, key=lambda c: (order.get(c[0], 2), repr(c)))  # one order, any hash seed
    for change in changes:
        if len(change) == 3:
            kind, sq, item = change
            if kind in ("receive", "give"):
                _hand_over(position, character, sq, item, kind)
            elif kind == "take":
                _remove_item(position, sq, item)
            else:
                _add_item(position, sq, item)
        else:
            kind, (a, b) = change
            position.board.set_marker(a, b, MarkerState.BROKEN if kind == "break" else MarkerState.OPEN)
    if held_before is not None and held_before != final.carried:
        dropped = any(len(c) == 3 and c[0] in ("drop", "give") and c[2] == held_before for c in final.delta)
        if not dropped:
            raise IllegalActionError(msg("{figure:cap} lost {item} without dropping it",
                                         figure=naming.figure(position, character.id),
                                         item=naming.item(position, held_before)))
    carried_id = item_character(final.carried) if final.carried else None
    if carried_id is not None:
        position.characters[carried_id].at = None
    character.carries = carried_id or final.carried
    if final.exited:
        outcome.exited = True
        if carried_id is not None:
            del position.characters[carried_id]  # B-EXIT-4: rescued, leaves the game
            outcome.left_the_game.append(carried_id)
        elif final.carried is not None:
            outcome.left_the_game.append(final.carried)  # B-EXIT-3: discarded
        del position.characters[character.id]
        character.at = None  # off the board (B-EXIT-1)
        outcome.fallen = _falls(position, character.side)  # a Rope taken on the way out (B-ROPE-9)
        return outcome
    character.at = final.square
    if character.carries is None and character.side is Side.PLAYER:
        settle_carrying(position, character)
    outcome.fallen = _falls(position, character.side)
    return outcome


def _falls(position: Position, side: Side) -> list[str]:
    """B-ROPE-9: a wounded left in a pit without its Rope falls and is eliminated (1 VP for ``side``
    when it is an enemy, B-VP-2; nothing for one's own, B-VP-5)."""
    from solo.actions.combat import eliminate  # the combat module's elimination keeps objects and VP right

    fallen = []
    for c in list(position.characters.values()):
        if (
            c.wounded
            and c.at is not None
            and position.board.terrain(c.at) is Terrain.PIT
            and not position.rope_in_pit(c.at)
        ):
            eliminate(position, c, side)
            fallen.append(c.id)
    return fallen


def settle_carrying(position: Position, figure: Character) -> None:
    """A Player figure ending on an item with empty hands carries it (B-MOVE-13, AMB-B-CARRY)."""
    assert figure.at is not None
    wounded = position.wounded_at(figure.at)
    if wounded is not None and wounded.side is figure.side:
        wounded.at = None
        figure.carries = wounded.id
        return
    for index, token in enumerate(position.objects):
        if token.at == figure.at and wounded is None:
            figure.carries = token.kind
            del position.objects[index]
            return


def set_portcullis(
    position: Position,
    character: Character | str,
    other: Square,
    state: MarkerState,
    ability: str | None = None,
) -> None:
    """Open or close (Key, Lock-picking) or break (Colossus) a portcullis on a side of the figure.

    B-KEY-1..5, B-BACK-4, B-COLO-2/3; ``ability`` names the ability used instead of a Key.
    """
    if isinstance(character, str):
        character = position.character(character)
    if not character.is_figure or character.at is None:
        raise IllegalActionError(msg("{figure:cap} is not a figure on the board",
                                     figure=naming.figure(position, character.id)))
    at = character.at
    if direction_between(at, other) is None:
        raise IllegalActionError(msg("{square} is not next to {at} (B-KEY-1)", square=square_name(other),
                                     at=square_name(at)))
    current = position.board.marker_state(at, other)
    if current is None or Mark.PORTCULLIS not in position.board.edge_marks(at, other):
        raise IllegalActionError(msg("no portcullis between {first} and {second}", first=square_name(at),
                                     second=square_name(other)))
    if current is MarkerState.BROKEN:
        raise IllegalActionError(msg("a broken portcullis can never be closed or repaired "
                                     "(B-COLO-3, B-KEY-5)"))
    cls = character.character_class
    if state is MarkerState.BROKEN:
        if ability != "breaks_portcullis" or not cls.has("breaks_portcullis"):
            raise IllegalActionError(msg("only a Colossus breaks a portcullis (B-COLO-2)"))
        if current is not MarkerState.CLOSED:
            raise IllegalActionError(msg("only a closed portcullis can be broken (AMB-B-BROKEN)"))
    else:
        if ability == "lock_picking":
            if not cls.has("lock_picking"):
                raise IllegalActionError(msg("only a Backstabber picks locks (B-BACK-4)"))
        elif character.carries != "key":
            raise IllegalActionError(msg("{figure:cap} carries no Key (B-KEY-2)",
                                     figure=naming.figure(position, character.id)))
        if current is state:
            raise IllegalActionError(msg("the portcullis is already open") if state is MarkerState.OPEN
                                     else msg("the portcullis is already closed"))
    position.board.set_marker(at, other, state)
