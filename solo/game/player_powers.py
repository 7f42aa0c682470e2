"""The Player's other actions (B-AP-2): turning a room from its gear (B-ROT), the Cleric's healing
(B-CLER) and the Fireball wand (B-WAND). Each checks its rules and the turn's AP, then logs an event
whose AP the turn counts (``solo.game.turn_ap``)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from solo.actions.healing import apply_heal, heal_targets
from solo.actions.scream import apply_push, push_outcome, scream_targets
from solo.actions.wand import apply_wand, wand_targets
from solo.automaton.context import cards_of
from solo.automaton.personal import gear_locks
from solo.automaton.table import Request
from solo.errors import IllegalActionError
from solo.game.content import card_library
from solo.game.player import check_action
from solo.game.state import Game, character_token
from solo.messages import Param, Ref, msg, msg_n
from solo.table import naming
from solo.table.board import Terrain
from solo.table.position import Character, Side
from solo.table.squares import Direction, Square, slot_of, square_name

Steps = Generator[Request, Any, Any]
MAX_QUARTER_TURNS = 3
"""B-ROT-2: a quarter, a half or three quarters of a turn (four would change nothing)."""


def _player_figure(game: Game, figure_id: str) -> Character:
    figure = game.position.characters.get(figure_id)
    if figure is None or figure.side is not Side.PLAYER or not figure.is_figure:
        raise IllegalActionError(msg("{figure:cap} is not one of the Player's figures on the board",
                                     figure=naming.figure(game.position, figure_id)))
    return figure


def rotation_slots(game: Game, figure_id: str) -> list[int]:
    """The revealed rooms the figure may turn: its own room and its twin, when it stands on its
    room's gear (B-ROT-1/3/8) and no Brikoltou locks that pair against it (S-PERS-BRIKOLTOU)."""
    figure = game.position.characters.get(figure_id)
    if figure is None:
        return []
    return [s for s in _gear_slots(game, figure_id) if gear_lock(game, figure, s) is None]


def _gear_slots(game: Game, figure_id: str) -> list[int]:
    """The revealed rooms of the gear the Player's figure stands on: its own and its twin (B-ROT-1/3/8)."""
    figure = game.position.characters.get(figure_id)
    if figure is None or figure.side is not Side.PLAYER or not figure.is_figure or figure.at is None:
        return []
    board = game.position.board
    if board.terrain(figure.at) is not Terrain.GEAR:
        return []
    slot = slot_of(figure.at)
    if slot is None:
        return []
    twin = board.twin_slot(slot)
    return [s for s in (slot, twin) if s is not None and board.is_revealed(s)]


def gear_lock(game: Game, figure: Character, slot: int) -> str | None:
    """The NPC whose personality locks room ``slot``'s pair against ``figure`` (S-PERS-BRIKOLTOU:
    only a Mechanork may turn it while he stands unwounded on its gear), or None."""
    if figure.character_class.has("craftsmanship"):
        return None
    room = game.position.board.room(slot)
    if room is None:
        return None
    locks = gear_locks(game.position, cards_of(game.position, card_library(game.content)))
    return locks.get(room.layout.pair)


def free_sense(figure: Character) -> bool:
    """B-ROT-9 / B-MECH-2: the Mechanork turns a room in either sense."""
    return figure.character_class.has("craftsmanship")


Rotation = tuple[int, int, bool]
"""(slot, quarter turns, against the arrow)."""


def rotations(game: Game, figure_id: str, ap: int) -> list[Rotation]:
    """The rotations the figure may make with ``ap`` AP (B-ROT-1..3, B-ROT-9)."""
    figure = game.position.characters.get(figure_id)
    if figure is None:
        return []
    senses = (False, True) if free_sense(figure) else (False,)
    most = min(MAX_QUARTER_TURNS, ap)
    return [(slot, turns, against) for slot in rotation_slots(game, figure_id)
            for against in senses for turns in range(1, most + 1)]


def rotate(game: Game, figure_id: str, slot: int, quarter_turns: int, against: bool = False) -> Steps:
    """Turn a room from its gear: 1 AP per quarter turn, in that room's own sense (B-ROT-1..6);
    ``against`` turns it the other way, for the Mechanork only (B-ROT-9)."""
    figure = _player_figure(game, figure_id)
    locked_by = gear_lock(game, figure, slot) if slot in _gear_slots(game, figure_id) else None
    if locked_by is not None:
        raise IllegalActionError(msg("{npc:cap} stands on the gear of this pair of rooms: only a Mechanork "
                                     "may turn {room} (S-PERS-BRIKOLTOU), not {figure}",
                                     npc=naming.figure(game.position, locked_by), room=naming.room(slot),
                                     figure=naming.figure(game.position, figure_id)))
    if slot not in rotation_slots(game, figure_id):
        raise IllegalActionError(msg("{figure:cap} is not on the gear of {room} or of its twin, or the "
                                     "room is face down (B-ROT-1, B-ROT-3, B-ROT-8)",
                                     figure=naming.figure(game.position, figure_id), room=naming.room(slot)))
    if not 1 <= quarter_turns <= MAX_QUARTER_TURNS:
        raise IllegalActionError(msg("turn a room 1 to 3 quarter turns, not {turns} (B-ROT-2)",
                                     turns=quarter_turns))
    if against and not free_sense(figure):
        raise IllegalActionError(msg("only the Mechanork turns a room against its arrow (B-ROT-9), "
                                     "not {figure}",
                                     figure=naming.figure(game.position, figure_id)))
    check_action(game, quarter_turns, msg("{figure} turning {room}",
                                          figure=naming.figure(game.position, figure_id),
                                          room=naming.room(slot)))
    room = game.position.board.room(slot)
    assert room is not None
    clockwise = (room.layout.sense == "cw") != against
    game.position.rotate_room(slot, quarter_turns if clockwise else -quarter_turns)
    said = msg_n(
        "{figure:cap} turns {room} by {turns} quarter turn {sense} (B-ROT, {turns} AP)",
        "{figure:cap} turns {room} by {turns} quarter turns {sense} (B-ROT, {turns} AP)",
        "turns",
        figure=naming.figure(game.position, figure_id), room=naming.room(slot), turns=quarter_turns,
        sense=naming.sense("cw" if clockwise else "ccw"),
    )
    game.record("rotate", said,
                figure=figure_id, slot=slot, quarter_turns=quarter_turns, clockwise=clockwise,
                ap=quarter_turns)
    return
    yield  # asks nothing


def healable(game: Game, figure_id: str) -> list[str]:
    """The wounded friends the Player's Cleric may heal now (B-CLER-2..7)."""
    figure = game.position.characters.get(figure_id)
    if figure is None or figure.side is not Side.PLAYER or not figure.is_figure:
        return []
    if not figure.character_class.has("healing"):
        return []
    return sorted(heal_targets(game.position, figure))


def heal(game: Game, cleric_id: str, wounded_id: str) -> Steps:
    """The Cleric heals an adjacent wounded friend: 1 AP (B-CLER-2); it stands up on its square."""
    cleric = _player_figure(game, cleric_id)
    if wounded_id not in healable(game, cleric_id):
        raise IllegalActionError(msg("{figure:cap} cannot heal {wounded} now (B-CLER-2..7)",
                                     figure=naming.figure(game.position, cleric_id),
                                     wounded=naming.figure(game.position, wounded_id)))
    check_action(game, 1, msg("{figure} healing {wounded}", figure=naming.figure(game.position, cleric_id),
                              wounded=naming.figure(game.position, wounded_id)))
    apply_heal(game.position, cleric, wounded_id)
    said = msg("{figure:cap} heals {wounded} (B-CLER-2, 1 AP)",
               figure=naming.figure(game.position, cleric_id),
               wounded=naming.figure(game.position, wounded_id))
    game.record("heal", said, figure=cleric_id,
                wounded=wounded_id, ap=1)
    return
    yield  # asks nothing


def wand_directions(game: Game, figure_id: str) -> dict[Direction, str]:
    """Where the figure's Fireball wand may strike now: the first character seen in each direction
    (B-WAND-1..3), by direction."""
    figure = game.position.characters.get(figure_id)
    if figure is None or figure.side is not Side.PLAYER or not figure.is_figure:
        return {}
    found: dict[Direction, str] = {}
    for direction, sq in wand_targets(game.position, figure):
        hit = game.position.character_at(sq)
        if hit is not None:
            found[direction] = hit.id
    return found


def fire_wand(game: Game, wizard_id: str, direction: Direction) -> Steps:
    """Fire the Wizard's wand: the first character in that direction is eliminated, with a wounded
    it carries; 1 AP; the wand is discarded (B-WAND-1..9); 1 VP per enemy (B-VP-2)."""
    wizard = _player_figure(game, wizard_id)
    if direction not in wand_directions(game, wizard_id):
        raise IllegalActionError(msg("{figure:cap} cannot fire the wand {direction} (B-WAND)",
                                     figure=naming.figure(game.position, wizard_id),
                                     direction=naming.direction(direction.name)))
    check_action(game, 1, msg("{figure} firing the wand", figure=naming.figure(game.position, wizard_id)))
    tokens = {c.id: character_token(c) for c in game.position.characters.values()}
    at = square_name(wizard.at) if wizard.at is not None else "?"
    names = naming.figures(game.position)
    victims = apply_wand(game.position, wizard, direction)
    game.removed.extend(tokens[v] for v in victims)
    game.removed.append("object:wand")  # B-WAND-1: single use (AMB-OBJECT-COLOUR)
    said = msg_n(
        "{figure:cap} fires the wand {direction} from {square}: {victims} eliminated (B-WAND, 1 AP)",
        "{figure:cap} fires the wand {direction} from {square}: {victims} eliminated (B-WAND, 1 AP)",
        "victims",
        figure=names[wizard_id], direction=naming.direction(direction.name), square=at,
        victims=tuple(names.get(v, Ref("npc", v)) for v in victims),
    )
    game.record("wand", said,
                figure=wizard_id, eliminated=victims, ap=1)
    return
    yield  # asks nothing


SCREAM_COST = 2
"""B-BANS-2 / B-AP-2: the Repelling scream costs 2 AP."""


def scream_squares(game: Game, figure_id: str) -> dict[Square, str]:
    """The characters the Player's Banshee may push now (B-BANS-2..8), by square: the first in line
    of sight in each direction, when the push is legal."""
    figure = game.position.characters.get(figure_id)
    if figure is None or figure.side is not Side.PLAYER or not figure.is_figure or figure.at is None:
        return {}
    found: dict[Square, str] = {}
    for _, sq in scream_targets(game.position, figure):
        target = game.position.character_at(sq)
        if target is not None and push_outcome(game.position, figure.at, sq).legal:
            found[sq] = target.id
    return found


def scream(game: Game, banshee_id: str, target_sq: Square) -> Steps:
    """The Banshee's Repelling scream pushes the first character in a line one square away, 2 AP
    (B-BANS-2..8); a fall or a blow against the wall may eliminate it (1 VP for an enemy, B-VP-2)."""
    banshee = _player_figure(game, banshee_id)
    check_action(game, SCREAM_COST, msg("{figure} screaming",
                                        figure=naming.figure(game.position, banshee_id)))
    if target_sq not in scream_squares(game, banshee_id):
        raise IllegalActionError(msg("{figure:cap} cannot push anyone on {square} (B-BANS)",
                                     figure=naming.figure(game.position, banshee_id),
                                     square=square_name(target_sq)))
    tokens = {c.id: character_token(c) for c in game.position.characters.values()}
    target = game.position.character_at(target_sq)
    assert target is not None
    names = naming.figures(game.position)
    outcome = apply_push(game.position, banshee, target_sq)
    game.removed.extend(tokens[c] for c in outcome.casualties)
    where: Param = square_name(outcome.to) if outcome.to is not None else msg("out of the game")
    said = msg("{figure:cap} screams at {target}: pushed to {square} (B-BANS, 2 AP)",
               figure=names[banshee_id],
               target=names[target.id], square=where)
    if outcome.casualties:
        said = msg_n(
            "{figure:cap} screams at {target}: pushed to {square}, {victims} eliminated (B-BANS, 2 AP)",
            "{figure:cap} screams at {target}: pushed to {square}, {victims} eliminated (B-BANS, 2 AP)",
            "victims",
            figure=names[banshee_id], target=names[target.id], square=where,
            victims=tuple(names.get(c, Ref("npc", c)) for c in outcome.casualties),
        )
    game.record("scream", said,
                figure=banshee_id, target=target.id, eliminated=list(outcome.casualties), ap=SCREAM_COST)
    return
    yield  # asks nothing
