"""How good a table is for the Player, in points (100 = 1 VP): the built-in Player's evaluation.

The planner (:mod:`solo.game.planner`) scores every legal action by the change it makes to this
value, and plays the best. The terms, each a count of what a player sees on the table:

- **VP**: 100 per VP of the Player, -100 per VP of the NP (S-END-1: 5 VP win).
- **Way out**: -``STEP`` per AP a figure still needs to reach the blue line on the relaxed board
  (closed portcullises passable for 1 AP, figures ignored: AMB-APPROACH); a figure with no known way
  counts ``FAR`` AP (hidden rooms are not known yet).
- **Threats**: an unwounded NPC figure whose card has a Fight objective threatens the classes its
  character priority lists within its movement plus one square (as the crow flies): -``WOUND`` x
  the chance the figure loses at least one of those fights (the Player answering with about +3).
- **Wounded**: a wounded figure of the Player counts -``WOUND`` (an NPC that finishes it scores);
  carried by a friend it is worth +``WOUND`` x 2/3, less a VP x the carrier's risk (it dies with its
  carrier, B-CARRY-12). Taking one away from an NPC's reach (carrying or healing it) is worth
  ``RESCUE`` of a VP more. A wounded NPC counts +``WOUND``.
- **NPCs near their exit**: wounding an NPC is worth more the nearer it is to the yellow line
  (``NEAR`` per AP under ``FAR``): it would score on its way out.
- **Objects held**: ``OBJECTS`` by kind; a Jump card spent costs ``JUMP_CARD``, and a reinforcement
  more at a level whose Jump cards bear its icon (black, S-REINF-2; AMB-SIM-REINFORCEMENT).
- **Cards**: a combat card played is gone (``CARD`` per point of its value; only the +0 comes back,
  B-CARD-3), and a card bearing the level's icon, the Player's or (by its chance) the NP's next one,
  brings an NPC in: it lands in a revealed room (S-REINF-4), so it costs -``VP`` x the mean chance an
  NPC of those rooms' rows walks out (``EXIT_CHANCE``, as for reveals) x ``NEWCOMER_SHARE``, plus
  ``REINFORCEMENT`` for the fights it may bring: the level's icons weigh on every combat.
- **Rooms turned** (AMB-SIM-ROTATION): a figure standing on a gear may turn its room or the twin;
  the room is turned on a copy of the table and read, and the rotation scores the change of the
  Player's figures' ways out and threats and of ``npc_pressure``: -``NPC_STEP`` per AP an NPC figure
  standing level with the room or farther from the yellow line is nearer than ``FAR`` to it (a room
  turned to block its way gains). A figure that knows no way out and can reach no hidden room counts
  -``LOST_STEP`` per AP to the nearest gear, and a move onto a gear counts the best rotation it opens
  this turn, as a move next to an NPC counts its attack.
- **Reveals**: three tokens come out of the bag; by the bag's make-up (what is left of the set-up's
  tokens, never their order) each may be an NPC, worth -``VP`` x the chance it walks out through the
  yellow line (``EXIT_CHANCE``, by the room's row from the yellow line), one of the Player's own
  characters (+``NEW_FIGURE``) or an object (+``NEW_OBJECT``). A figure that knows no way to the
  blue line counts the reveal ``NO_WAY_OUT`` more (:mod:`solo.game.planner`) only when the room is
  the farthest from the yellow line among the hidden rooms it can get to (``extends_way``): a
  second room beside the yellow line shows it nothing new when a farther one is within its reach.

Only what a player at the table knows is read: the board as revealed, the pieces, the score, his own
hand and the NP's face-up discard pile (the NP's deck is the box's deck less that discard; its order,
the bag's, the reinforcement deck's and the face-down rooms' are never read). The NP's cards are
face down once played (B-CARD-3), but the Player saw each one turned over and may remember them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from solo.actions.combat import CombatSides
from solo.errors import DataError
from solo.game.components import components
from solo.game.content import npc_card
from solo.game.distances import FAR, Distances, room_row
from solo.game.fight import value
from solo.game.state import Game
from solo.table.position import Character, Side, item_character
from solo.table.squares import Square

VP = 100
STEP = 10
WOUND = 30
NEAR = 12
JUMP_CARD = 8
CARD = 6
REINFORCEMENT = 10
"""A reinforcement's cost besides its chance of walking out: the fights it may start."""
NEWCOMER_SHARE = 0.5
"""The share of a revealed room's ``EXIT_CHANCE`` a reinforcement is counted to walk out with: it lands
where the dice put it, often behind the NPCs already there (AMB-SIM-REINFORCEMENT, round 5)."""
NEW_FIGURE = 40
NEW_OBJECT = 4
RESCUE = 0.5
"""The share of a VP a wounded friend in the NPCs' reach is worth taken out of it (carried, healed)."""
LOST_STEP = 3
"""Points per AP a figure with no way out stands from the nearest gear, where it may turn a room."""
NPC_STEP = 4
"""Points per AP an NPC figure stands nearer the yellow line than ``FAR``: what a room turned to block
its way is worth (AMB-SIM-ROTATION)."""
EXIT_CHANCE = (0.7, 0.45, 0.3, 0.2)
"""The chance an NPC entering a room of each row (from the yellow line) scores by its exit."""
OBJECTS = {"rope": 6, "key": 6, "spear": 4, "bow": 4, "shield": 4, "wand": 3}


def _coords(sq: Square) -> tuple[int, int]:
    return sq // 10, sq % 10


def crow_distance(a: Square, b: Square) -> int:
    """Squares between two squares, ignoring walls (the Manhattan distance)."""
    (ra, fa), (rb, fb) = _coords(a), _coords(b)
    return abs(ra - rb) + abs(fa - fb)


def fight_classes(game: Game, npc_id: str) -> frozenset[str]:
    """The classes an NPC's card fights (S-CARD-5), none when the card has no Fight objective."""
    try:
        card = npc_card(npc_id, game.content)
    except DataError:
        return frozenset()
    if not any(o is not None and o.mode == "fight" for o in card.objectives):
        return frozenset()
    return frozenset(card.characters)


def npc_deck_left(game: Game) -> list[str]:
    """The NP's combat cards not in its face-up discard pile: what its next card may be (S-COMBAT-3)."""
    left = Counter(components().npc_deck)
    left.subtract(game.npc_combat.discard)
    cards = [card for card, n in left.items() for _ in range(max(0, n))]
    return cards or list(components().npc_deck)


def odds(mine: int, theirs: int, deck: Iterable[str]) -> tuple[float, float]:
    """(win, lose) chances of the Player's side at ``mine`` against ``theirs`` plus one NP card."""
    cards = list(deck)
    win = sum(1 for c in cards if mine > theirs + value(c)) / len(cards)
    lose = sum(1 for c in cards if mine < theirs + value(c)) / len(cards)
    return win, lose


def wound_value(game: Game, distances: Distances, character: Character) -> int:
    """What taking one level of health from a character is worth to the Player: a wounded one is
    eliminated (1 VP), an unwounded one is wounded (more when it stood near its exit)."""
    sign = 1 if character.side is Side.NPC else -1
    if character.wounded:
        return sign * VP
    worth = WOUND
    if character.side is Side.NPC and character.at is not None:
        worth += NEAR * (FAR - distances.to_exit(game.position, character))
    carried = game.position.characters.get(character.carries or "")
    if carried is not None:
        worth += VP  # B-CARRY-12: the wounded it carries is eliminated
    return sign * worth


def combat_stakes(game: Game, distances: Distances, sides: CombatSides) -> tuple[int, int]:
    """(gain if the Player's side wins, loss if it loses), in points, from who would be hurt."""
    position = game.position
    attackers = [position.characters[c] for c in sides.attackers if c != sides.spear]
    defenders = [position.characters[c] for c in sides.defenders]
    player_attacks = bool(sides.attackers or sides.shooters) and position.characters[
        (sides.shooters or sides.attackers)[0]].side is Side.PLAYER
    player_losers, npc_losers = (attackers, defenders) if player_attacks else (defenders, attackers)
    gain = sum(wound_value(game, distances, c) for c in npc_losers)
    loss = -sum(wound_value(game, distances, c) for c in player_losers)
    return gain, loss


def reinforcement_cost(game: Game) -> float:
    """What one more NPC costs the Player: it lands in a revealed room (S-REINF-4) and may walk out
    through the yellow line (``EXIT_CHANCE`` by the room's row) or fight (``REINFORCEMENT``)."""
    rows = [room_row(slot) for slot in game.position.board.revealed_slots()]
    chance = sum(EXIT_CHANCE[min(r, len(EXIT_CHANCE) - 1)] for r in rows) / len(rows) if rows else 0.0
    return VP * chance * NEWCOMER_SHARE + REINFORCEMENT


def card_worth(game: Game, sides: CombatSides, options: Iterable[str], distances: Distances,
               ) -> tuple[str, float]:
    """The Player's best combat card among ``options`` and the combat's expected points with it."""
    position = game.position
    first = (sides.shooters or sides.attackers)[0]
    player_attacks = position.characters[first].side is Side.PLAYER
    mine = sides.attack_value if player_attacks else sides.defence_value
    theirs = sides.defence_value if player_attacks else sides.attack_value
    gain, loss = combat_stakes(game, distances, sides)
    deck = npc_deck_left(game)
    level = components().levels[game.difficulty]
    best: tuple[float, str] | None = None
    npc_icon = sum(1 for c in deck if level.on_combat("npc", c)) / len(deck)
    newcomer = reinforcement_cost(game)
    for card in sorted(set(options), key=value):
        win, lose = odds(mine + value(card), theirs, deck)
        worth = win * gain - lose * loss - CARD * value(card) - npc_icon * newcomer
        if level.on_combat("player", card):
            worth -= newcomer
        if best is None or worth > best[0]:
            best = (worth, card)
    assert best is not None
    return best[1], best[0]


class Threats:
    """The NPC figures that could attack next turn, with the chance each would win, for one decision.

    An NPC threatens the classes its card's character priority lists (S-CARD-5), and only when its
    card has a Fight objective (S-FIGHT-1), within its movement plus one square as the crow flies. The
    chance a figure is wounded is that of losing at least one of those fights, each on its own: many
    NPCs around weigh more than one, never more than the wound. The cards are face up on the table: a
    player reads them as the engine does."""

    def __init__(self, game: Game) -> None:
        deck = npc_deck_left(game)
        self._npcs: list[tuple[int, int, int, int, frozenset[str]]] = []
        for npc in game.position.characters.values():
            if npc.side is not Side.NPC or not npc.is_figure or npc.at is None:
                continue
            classes = fight_classes(game, npc.id)
            if classes:
                reach = npc.character_class.movement + 1
                self._npcs.append((*divmod(npc.at, 10), reach, npc.character_class.combat, classes))
        self._seen: dict[tuple[str, Square], float] = {}
        self._lose: dict[tuple[int, int], float] = {}
        self._deck = deck

    def _lose_chance(self, mine: int, theirs: int) -> float:
        known = self._lose.get((mine, theirs))
        if known is None:
            # The NP attacks; the Player answers with about his median card: count his +3.
            known = self._lose[(mine, theirs)] = odds(mine + 3, theirs, self._deck)[1]
        return known

    def exposed(self, sq: Square, class_id: str) -> bool:
        """Whether an NPC figure could reach a square next to ``sq`` and attack a ``class_id`` there."""
        rank, file = divmod(sq, 10)
        return any(abs(npc_rank - rank) + abs(npc_file - file) <= reach and class_id in classes
                   for npc_rank, npc_file, reach, _, classes in self._npcs)

    def at(self, figure: Character, sq: Square) -> float:
        """Points the figure risks on ``sq`` from the NPC figures that could reach and attack it."""
        known = self._seen.get((figure.id, sq))
        if known is None:
            mine = figure.character_class.combat
            rank, file = divmod(sq, 10)
            safe = 1.0  # the chance that no NPC in reach wins against it (each attacks on its own)
            for npc_rank, npc_file, reach, theirs, classes in self._npcs:
                if abs(npc_rank - rank) + abs(npc_file - file) <= reach and figure.class_id in classes:
                    safe *= 1.0 - self._lose_chance(mine, theirs)
            known = self._seen[(figure.id, sq)] = (1.0 - safe) * WOUND
        return known


def rescue_value(game: Game, threats: Threats, wounded_id: str) -> float:
    """What taking a wounded friend out of the NPCs' reach is worth (carried or healed): it would be
    finished where it lies (``RESCUE`` of a VP when an NPC figure can reach it)."""
    wounded = game.position.characters.get(wounded_id)
    if wounded is None or wounded.at is None or not threats.exposed(wounded.at, wounded.class_id):
        return 0.0
    return RESCUE * VP


def figure_value(game: Game, distances: Distances, threats: Threats, figure: Character, at: Square,
                 carries: str | None, gear: bool = True) -> float:
    """The terms of one of the Player's figures standing on ``at`` and carrying ``carries`` (with
    ``gear``, a figure with no way out also counts its distance to the nearest gear)."""
    risk = threats.at(figure, at)
    way = distances.to_exit(game.position, figure, at, carries)
    worth = -STEP * way - risk
    if way >= FAR and gear:  # no way out nor hidden room in reach: head for a gear (AMB-SIM-ROTATION)
        worth -= LOST_STEP * distances.to_gear(game.position, figure, at, carries)
    friend = item_character(carries) if carries is not None else None
    if carries in OBJECTS:
        worth += OBJECTS[carries]
    elif friend is not None:
        worth += WOUND * 2 / 3  # a wounded friend carried is safer than one left lying
        if friend != figure.carries:  # picked up on this way: no longer lying in reach
            worth += rescue_value(game, threats, friend)
        worth -= VP * risk / WOUND  # B-CARRY-12: if its carrier loses a fight, it is eliminated
    return worth


def reveal_worth(game: Game, slot: int) -> float:
    """The expected points of the three tokens a reveal of ``slot`` brings (see the module)."""
    kinds = Counter(token.split(":", 1)[0] for token in game.bag)
    total = sum(kinds.values())
    if total == 0:
        return 0.0
    row = min((slot - 1) // 2, len(EXIT_CHANCE) - 1)
    each = (kinds["npc"] * -VP * EXIT_CHANCE[row] + kinds["player"] * NEW_FIGURE
            + kinds["object"] * NEW_OBJECT) / total
    return min(3, total) * each


def extends_way(game: Game, distances: Distances, figure: Character, slot: int) -> bool:
    """Whether revealing ``slot`` may show the figure more of its way: no hidden room it can get to is
    nearer the blue line (a room beside one it can walk through to a farther hidden room shows it
    nothing new of its way)."""
    return room_row(slot) >= distances.farthest_hidden_row(game.position, figure)

