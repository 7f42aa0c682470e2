"""Table edits of the board: a portcullis marker turned, a wall broken or mended, a room rotated or
revealed, as the player did it on his real table (see solo.game.edits for what every edit promises)."""

from __future__ import annotations

from solo.content.rooms import Mark
from solo.errors import EditRefusedError
from solo.game.edit_base import any_square, log_edit
from solo.game.reveal import room_layout
from solo.game.state import Game
from solo.messages import Message, Ref, msg, msg_n
from solo.table import naming
from solo.table.board import MarkerState
from solo.table.squares import SLOTS, Square, direction_between, square_name


def _between(a: Square, b: Square) -> Message:
    """The two squares of an edge, in the reader's language (« c3 et c4 »)."""
    return msg("{first} and {last}", first=square_name(a), last=square_name(b))


def _edge_data(a: Square, b: Square) -> str:
    """The edge as the log's data keeps it (English, as saved games have it)."""
    return f"{square_name(a)} and {square_name(b)}"


def set_portcullis(game: Game, a: Square | str, b: Square | str, state: MarkerState) -> None:
    """Open, close or break the portcullis between two neighbouring squares (the marker laid on the
    real table; even when no figure could have done it)."""
    sa, sb = (any_square(value) for value in (a, b))
    board = game.position.board
    where = _between(sa, sb)
    if direction_between(sa, sb) is None:
        raise EditRefusedError(msg("{first} and {second} are not neighbours", first=square_name(sa),
                              second=square_name(sb)))
    if Mark.PORTCULLIS not in board.edge_marks(sa, sb):
        raise EditRefusedError(msg("no portcullis between {where} on a face-up room", where=where))
    if board.marker_state(sa, sb) is state:
        raise EditRefusedError({
            MarkerState.OPEN: msg("the portcullis between {where} is already open", where=where),
            MarkerState.CLOSED: msg("the portcullis between {where} is already closed", where=where),
            MarkerState.BROKEN: msg("the portcullis between {where} is already broken", where=where),
        }[state])
    board.set_marker(sa, sb, state)
    said = {
        MarkerState.OPEN: msg("portcullis between {where} open", where=where),
        MarkerState.CLOSED: msg("portcullis between {where} closed", where=where),
        MarkerState.BROKEN: msg("portcullis between {where} broken", where=where),
    }[state]
    log_edit(game, said, edge=_edge_data(sa, sb), state=state.value)


def set_wall(game: Game, a: Square | str, b: Square | str, broken: bool) -> None:
    """Break (or mend) the wall between two neighbouring squares: a broken marker laid on it, as
    when Wave-Rick pushes a character through it (S-PERS-WAVERICK); a broken wall is open."""
    sa, sb = (any_square(value) for value in (a, b))
    where = _between(sa, sb)
    if direction_between(sa, sb) is None:
        raise EditRefusedError(msg("{first} and {second} are not neighbours", first=square_name(sa),
                                   second=square_name(sb)))
    state = game.position.board.wall_broken(sa, sb)
    if state is None:
        raise EditRefusedError(msg("no wall between {where} on a face-up room", where=where))
    if state is broken:
        raise EditRefusedError(msg("the wall between {where} is already broken", where=where) if broken
                               else msg("the wall between {where} is already whole", where=where))
    game.position.board.set_wall(sa, sb, broken)
    said = (msg("wall between {where} broken", where=where) if broken
            else msg("wall between {where} mended", where=where))
    log_edit(game, said, edge=_edge_data(sa, sb), broken=broken)


def rotate_room(game: Game, slot: int, quarter_turns: int) -> None:
    """Turn a face-up room by clockwise quarter turns (negative: anticlockwise); the pieces on it and
    its markers turn with it (B-ROT-6)."""
    if slot not in SLOTS:
        raise EditRefusedError(msg("no room slot {slot} (1 … 8)", slot=repr(slot)))
    if quarter_turns % 4 == 0:
        raise EditRefusedError(msg("a whole number of turns changes nothing"))
    game.position.rotate_room(slot, quarter_turns)  # ValueError for a face-down room (B-ROT-8)
    log_edit(game, msg_n("{room:cap} turned {turns} quarter turn clockwise",
                         "{room:cap} turned {turns} quarter turns clockwise", "turns",
                      room=naming.room(slot), turns=quarter_turns % 4),
            slot=slot,
            quarter_turns=quarter_turns)


def reveal_room(game: Game, slot: int, layout_id: str, rotation: int) -> None:
    """Turn the face-down room in ``slot`` over as ``layout_id`` lying at ``rotation`` (clockwise
    quarter turns); its Room card goes from the "not yet revealed" pile to the "revealed" one
    (S-REVEAL-3/9). If the app had dealt that room face down elsewhere, the two swap. No token is
    drawn: the player adds the tokens he drew (:func:`add_token`)."""
    if slot not in SLOTS:
        raise EditRefusedError(msg("no room slot {slot} (1 … 8)", slot=repr(slot)))
    board = game.position.board
    here = board.room(slot)
    if here is not None and not here.hidden:
        raise EditRefusedError(msg("{room:cap} is already face up", room=naming.room(slot)))
    layout = room_layout(game, layout_id)
    if layout is None:
        raise EditRefusedError(msg("no room layout {layout}", layout=repr(layout_id)))
    dealt = {s: r for s in SLOTS if (r := board.room(s)) is not None and r.layout.id == layout_id}
    for other, room in dealt.items():
        if not room.hidden:
            raise EditRefusedError(msg("the Room card {layout} is already face up in {room}",
                                       layout=layout_id, room=naming.room(other)))
    if layout_id not in game.rooms_unrevealed and not dealt:
        raise EditRefusedError(msg("no Room card {layout} is left among the rooms not yet revealed",
                                   layout=layout_id))
    for other, room in dealt.items():
        if other != slot:  # the room the app put here lies face down there instead (or an unknown one)
            if here is not None:
                room.layout = here.layout
            board.place(other, room if here is not None else None)
    board.reveal(slot, layout, rotation % 4)
    if layout_id in game.rooms_unrevealed:
        game.rooms_unrevealed.remove(layout_id)
    if layout_id not in game.rooms_revealed:
        game.rooms_revealed.append(layout_id)
    log_edit(game, msg("{room:cap} revealed, rotation {rotation}", room=Ref("room", f"{slot}:{layout_id}"),
                      rotation=rotation % 4), slot=slot, layout=layout_id,
            rotation=rotation % 4)
