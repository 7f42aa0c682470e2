"""A snapshot of the table: the board plus characters, objects, turn and score.

``Position`` is the engine's central value, like python-chess's ``Board``: it answers what stands
where, who is friend or foe, and :meth:`Position.status` lists everything illegal about it.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from solo.content.gamedata import CharacterClass, game_data
from solo.errors import Problem
from solo.messages import Ref, msg
from solo.records import field, record
from solo.table.board import Board, Terrain
from solo.table.squares import Square, square_name


class Side(Enum):
    """The two camps: the Player (yellow) and the non-player (purple NPCs)."""

    PLAYER = "player"
    NPC = "npc"

    @property
    def other(self) -> Side:
        return Side.NPC if self is Side.PLAYER else Side.PLAYER

    @property
    def own_line(self) -> Terrain:
        """Own starting line: yellow for the Player, blue for the NP (AMB-BLUELINE)."""
        return Terrain.YELLOW_LINE if self is Side.PLAYER else Terrain.BLUE_LINE

    @property
    def exit_line(self) -> Terrain:
        """The opponent's line, where this side's figures exit (B-EXIT-1, S-EXIT-1)."""
        return Terrain.BLUE_LINE if self is Side.PLAYER else Terrain.YELLOW_LINE


WOUNDED_ITEM_PREFIX = "wounded:"


def wounded_item(character_id: str) -> str:
    """The item name of a carried wounded character (objects are named by their kind)."""
    return WOUNDED_ITEM_PREFIX + character_id


def item_character(item: str) -> str | None:
    """The character id of a wounded item, None for an object kind."""
    return item[len(WOUNDED_ITEM_PREFIX):] if item.startswith(WOUNDED_ITEM_PREFIX) else None


@record
class Character:
    """A character on the table: a figure (unwounded) or a wounded token, maybe carried."""

    id: str
    side: Side
    class_id: str
    at: Square | None
    card: str | None = None
    wounded: bool = False
    carries: str | None = None
    """An object kind, or a carried wounded friend's id."""

    @property
    def character_class(self) -> CharacterClass:
        return game_data().classes[self.class_id]

    @property
    def is_figure(self) -> bool:
        """Unwounded and standing on the board (able to act)."""
        return not self.wounded and self.at is not None

    def carried_item(self) -> str | None:
        """What this figure carries as a search item: an object kind or ``wounded:<id>``."""
        if self.carries is None:
            return None
        if self.carries in game_data().objects:
            return self.carries
        return wounded_item(self.carries)


@record
class ObjectToken:
    """An object lying on a square (alone or under a wounded); carried objects are not listed."""

    kind: str
    at: Square


@record
class Turn:
    side: Side
    acted: list[str] = field(default_factory=list)
    healed: list[str] = field(default_factory=list)
    wounded: list[str] = field(default_factory=list)


@record
class Score:
    player: int = 0
    npc: int = 0


@record(eq=False)  # by identity: with no Board.__eq__, only a position was ever equal
class Position:
    """Board, pieces and turn state; the unit of everything the engine reads and writes."""

    board: Board
    characters: dict[str, Character] = field(default_factory=dict)
    objects: list[ObjectToken] = field(default_factory=list)
    turn: Turn | None = None
    score: Score | None = None
    difficulty: int | None = None
    inline_layouts: dict[str, dict[str, Any]] = field(default_factory=dict)
    inline_cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    # -- queries -------------------------------------------------------------------------------
    def character(self, character_id: str) -> Character:
        return self.characters[character_id]

    def figure_at(self, sq: Square) -> Character | None:
        """The unwounded figure on a square, if any."""
        for c in self.characters.values():
            if c.at == sq and not c.wounded:
                return c
        return None

    def wounded_at(self, sq: Square) -> Character | None:
        """The wounded token lying on a square (not one being carried), if any."""
        for c in self.characters.values():
            if c.at == sq and c.wounded:
                return c
        return None

    def objects_at(self, sq: Square) -> list[str]:
        return [o.kind for o in self.objects if o.at == sq]

    def carrier_of(self, character_id: str) -> Character | None:
        for c in self.characters.values():
            if c.carries == character_id:
                return c
        return None

    def character_at(self, sq: Square) -> Character | None:
        """The character seen on a square: the figure if any, else the wounded (B-LOS-2)."""
        return self.figure_at(sq) or self.wounded_at(sq)

    def rope_in_pit(self, sq: Square) -> bool:
        """A Rope lies in this square: loose, under a wounded, or carried by a figure (B-ROPE-3)."""
        if "rope" in self.objects_at(sq):
            return True
        figure = self.figure_at(sq)
        return figure is not None and figure.carries == "rope"

    # -- changes -------------------------------------------------------------------------------
    def rotate_room(self, slot: int, quarter_turns: int) -> None:
        """Turn a revealed room; everything on it turns with it (B-ROT-6)."""
        mapping = self.board.rotate(slot, quarter_turns)
        for c in self.characters.values():
            if c.at is not None and c.at in mapping:
                c.at = mapping[c.at]
        for o in self.objects:
            if o.at in mapping:
                o.at = mapping[o.at]

    # -- legality ------------------------------------------------------------------------------
    def status(self, source: str = "<position>") -> list[Problem]:
        """Everything illegal about the pieces: each problem names the entry and the value."""
        problems: list[Problem] = []
        board = self.board
        squares: dict[Square, list[str]] = {}

        def at_problem(entry: str, sq: Square) -> bool:
            terrain = board.terrain(sq)
            if terrain is None:
                problems.append(Problem(source, entry, msg("square {square} is inside a hidden room",
                                                           square=square_name(sq))))
                return True
            return False

        for c in self.characters.values():
            entry = f"characters[{c.id}]"
            if c.at is None:
                carrier = self.carrier_of(c.id)
                if carrier is None:
                    problems.append(Problem(source, entry, msg("has no square (`at`) and nobody carries it")))
                continue
            if at_problem(entry, c.at):
                continue
            terrain = board.terrain(c.at)
            if not c.wounded and terrain is c.side.exit_line:
                problems.append(Problem(source, entry, msg(
                    "a figure cannot stay on the opponent's starting line ({square}, B-EXIT-2)",
                    square=square_name(c.at))))
            if terrain is Terrain.PIT and not self.rope_in_pit(c.at):
                problems.append(Problem(source, entry, msg(
                    "stands on the pit {square} without a Rope (B-MOVE-12)", square=square_name(c.at))))
            squares.setdefault(c.at, []).append(c.id)

        for c in self.characters.values():
            if c.carries is None:
                continue
            entry = f"characters[{c.id}].carries"
            if c.wounded:
                problems.append(Problem(source, entry, msg(
                    "a wounded carries nothing: list the object under it in `objects` with its square")))
                continue
            if c.carries in game_data().objects:
                continue
            carried = self.characters.get(c.carries)
            if carried is None:
                problems.append(Problem(source, entry, msg(
                    "{item} is neither an object kind nor a character id", item=repr(c.carries))))
            elif not carried.wounded:
                problems.append(Problem(source, entry, msg(
                    "{figure} is not wounded: only wounded characters are carried",
                    figure=naming_figure(self, c.carries))))
            elif carried.side is not c.side:
                problems.append(Problem(source, entry, msg(
                    "{figure} is an enemy: only friendly wounded can be carried (B-CARRY-10)",
                    figure=naming_figure(self, c.carries))))
            elif carried.at is not None:
                problems.append(Problem(source, entry, msg("{figure} is carried, so it has no `at`",
                                                           figure=naming_figure(self, c.carries))))
        carriers: dict[str, list[str]] = {}
        for c in self.characters.values():
            if c.carries is not None and c.carries in self.characters:
                carriers.setdefault(c.carries, []).append(c.id)
        for carried_id, ids in carriers.items():
            if len(ids) > 1:
                problems.append(Problem(source, f"characters[{carried_id}]", msg(
                    "carried by several characters: {figures}",
                    figures=tuple(naming_figure(self, i, with_id=True) for i in ids))))

        objects_by_square: dict[Square, list[str]] = {}
        for index, o in enumerate(self.objects):
            entry = f"objects[{index}]"
            if at_problem(entry, o.at):
                continue
            terrain = board.terrain(o.at)
            if terrain is Terrain.PIT and o.kind != "rope":
                problems.append(Problem(source, entry, msg(
                    "only a Rope can lie in a pit ({square}, B-CARRY-5)", square=square_name(o.at))))
            objects_by_square.setdefault(o.at, []).append(o.kind)

        for sq in sorted(set(squares) | set(objects_by_square)):
            name = square_name(sq)
            ids = squares.get(sq, [])
            figures = [i for i in ids if not self.characters[i].wounded]
            wounded = [i for i in ids if self.characters[i].wounded]
            objs = objects_by_square.get(sq, [])
            if len(figures) > 1:
                problems.append(Problem(source, f"square {name}", msg(
                    "two figures on one square: {figures} (B-GOLD-3)",
                    figures=tuple(naming_figure(self, i, with_id=True) for i in figures))))
            if len(wounded) > 1:
                problems.append(Problem(source, f"square {name}", msg(
                    "two wounded on one square: {figures} (B-GOLD-3)",
                    figures=tuple(naming_figure(self, i, with_id=True) for i in wounded))))
            if len(objs) > 1:
                problems.append(Problem(source, f"square {name}", msg(
                    "two objects on one square: {objects} (B-GOLD-3)",
                    objects=tuple(Ref("object", o) for o in objs))))
            held = [str(self.characters[f].carries) for f in figures if self.characters[f].carries]
            held_objects = [item for item in held if item in game_data().objects]
            n_objects = len(objs) + len(held_objects)
            n_wounded = len(wounded) + len(held) - len(held_objects)
            if len(objs) <= 1 and n_objects > 1:
                problems.append(Problem(source, f"square {name}",
                                        msg("two objects on one square, one of them carried (B-GOLD-3)")))
            if figures and n_wounded and n_objects:
                problems.append(Problem(source, f"square {name}",
                                        msg("a figure, a wounded and an object together (B-GOLD-3)")))
            for fid in figures:
                figure = self.characters[fid]
                # AMB-UNLISTED-STOP: an NPC may stand on what its card does not want.
                player = figure.side is Side.PLAYER
                if objs and player:
                    problems.append(Problem(source, f"characters[{fid}]", msg(
                        "stands on {object} at {square}: a figure carries what lies under it, write it as "
                        "`carries` (AMB-B-CARRY)", object=Ref("object", objs[0]), square=name)))
                for wid in wounded:
                    if self.characters[wid].side is not figure.side:
                        problems.append(Problem(source, f"characters[{fid}]", msg(
                            "stands on the enemy wounded {figure} (B-MOVE-12)",
                            figure=naming_figure(self, wid, with_id=True))))
                    elif player:
                        problems.append(Problem(source, f"characters[{fid}]", msg(
                            "stands on the friendly wounded {figure}: it carries it, write `carries: {id}` "
                            "(B-MOVE-13)", figure=naming_figure(self, wid, with_id=True), id=wid)))
        return problems


def naming_figure(position: Position, char_id: str, with_id: bool = False) -> Ref:
    """A character by its card (an NPC) or its class (a Player figure), for messages
    (solo.table.naming.figure, which imports this module, says the same). ``with_id``: a file's
    problem also gives the character's id when it is not its card's or class's (to find the entry)."""
    character = position.characters.get(char_id)
    if character is None or character.side is Side.NPC:
        ref = Ref("npc", (character.card if character is not None else None) or char_id)
    else:
        ref = Ref("player", character.class_id)
    if with_id and char_id != ref.key:
        return Ref("character", f"{ref.kind}:{ref.key}:{char_id}")
    return ref
