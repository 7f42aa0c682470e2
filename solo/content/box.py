"""The box a game is set up with (issue 11): 8 rooms in 4 twin pairs and 32 NPC cards, 4 per class.

The player's box is what his data folder holds; where it lacks something the demo fills the gap, and
every gap filled and every problem found is a :class:`Note` saying what and why. The words here are
English; the app words the same notes itself (``Note.code`` and ``Note.args``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.content.cards import load_card_library
from solo.content.gamedata import CLASS_IDS
from solo.content.npccard import NpcCard, load_card
from solo.content.rooms import RoomLayout, load_room
from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR, RULES_DIR, user_data_dir

OWN = "own"
DEMO = "demo"
PAIRS = 4
CARDS_PER_CLASS = 4
YOURS = "yours"
COMPLETED = "completed"
"""A rulebook card (``npc_cards/<id>.yaml``, with gaps) that the player completed under its id."""
FROM_DEMO = "demo"
SOURCE_WORDS = {YOURS: "yours", COMPLETED: "rulebook card completed by you", FROM_DEMO: "demo"}
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
MAX_ID = 40

NOTE_TEXTS = {
    # problems: something of the player's that the box cannot use as it is
    "bad_id": "{0} is not a valid id: use lowercase letters a-z, digits and hyphens (like crypt-1a)",
    "same_id": "two room files have the id {0}: {1} is used",
    "pair_one_room": "pair {0} has one room ({1}): its twin is missing",
    "pair_too_many": "pair {0} has {1} rooms ({2}): a pair is two twin rooms; left out",
    "twins_same_sense": "twin rooms {1} and {2} (pair {0}) both turn {3}: twins turn in opposite senses; "
                        "left out",
    "too_many_pairs": "{0} complete pairs: a box has 4; pairs {1} are used, {2} left out",
    "card_unplayable": "card {0} cannot be activated ({1}): left out",
    "class_too_many": "{1} {0} cards: a box has 4 per class; {2} left out",
    "class_too_few": "you have {1} {0} card(s): a box has 4 per class",
    "demo_short": "the demo has no more {0} card to fill the gap: {1} missing",
    "demo_rooms_short": "the demo has no pair left to fill the gap: {0} pair(s) missing",
    # filled: what the demo put in the box, and why
    "no_rooms": "you have entered no rooms: the demo's 8 rooms are used",
    "no_cards": "you have entered no NPC cards: the demo's 32 cards are used",
    "twin_filled": "{1} (demo) is the twin of your {2} in pair {0}",
    "pairs_filled": "you have {0} complete pair(s) of 4: demo pair(s) {1} added",
    "cards_filled": "you have {1} {0} card(s) of 4: demo card(s) {2} added",
}
FILL_CODES = frozenset({"no_rooms", "no_cards", "twin_filled", "pairs_filled", "cards_filled"})


def entered_anything(user: Path | None = None) -> bool:
    """Whether the player's folder holds a room or a card file (then ``own`` is the default)."""
    folder = user if user is not None else user_data_dir()
    subfolders = (folder / "rooms", folder / "npc_cards")
    return any(sub.is_dir() and any(sub.glob("*.yaml")) for sub in subfolders)


def default_content(user: Path | None = None) -> str:
    """``own`` when the player has entered anything, else ``demo``."""
    return OWN if entered_anything(user) else DEMO


def id_problem(value: str) -> str | None:
    """Why ``value`` cannot be a room or card id (it names a file and a bag token), None when it can."""
    if not _ID.match(value) or len(value) > MAX_ID:
        return NOTE_TEXTS["bad_id"].format(repr(value))
    return None


@dataclass(frozen=True)
class Note:
    """One thing the player is told about his box: a gap the demo filled, or a problem."""

    code: str
    args: tuple[str, ...] = ()
    file: str = ""

    @property
    def filled(self) -> bool:
        return self.code in FILL_CODES

    def text(self) -> str:
        words = NOTE_TEXTS[self.code].format(*self.args)
        return f"{self.file}: {words}" if self.file else words


@dataclass(frozen=True)
class BoxRoom:
    layout: RoomLayout
    source: str


@dataclass(frozen=True)
class BoxCard:
    card: NpcCard
    source: str


@dataclass
class Box:
    """The rooms and NPC cards a game is set up with, where each comes from, and what was said."""

    content: str
    rooms: list[BoxRoom] = field(default_factory=list)
    cards: list[BoxCard] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    file_problems: list[Problem] = field(default_factory=list)
    """The player's files that cannot be read, as the readers report them (left out of the box)."""

    def room_ids(self) -> list[str]:
        return sorted(r.layout.id for r in self.rooms)

    def card_ids(self) -> list[str]:
        return sorted(c.card.id for c in self.cards)

    def filled(self) -> list[Note]:
        return [n for n in self.notes if n.filled]

    def problems(self) -> list[str]:
        """Every problem in the player's words: unreadable files, then the box's own problems."""
        return [str(p) for p in self.file_problems] + [n.text() for n in self.notes if not n.filled]

    def shortfall(self) -> list[Problem]:
        """Why no game can be set up with this box (empty when it can)."""
        found: list[Problem] = []
        if len(self.rooms) != 2 * PAIRS:
            found.append(Problem("box", "rooms", f"{len(self.rooms)} rooms of 8 (4 twin pairs)"))
        if len(self.cards) != CARDS_PER_CLASS * len(CLASS_IDS):
            found.append(Problem("box", "cards", f"{len(self.cards)} NPC cards of 32 (4 per class)"))
        return found

    def to_json(self) -> dict[str, Any]:
        """The ``dt-solo box --json`` document."""
        return {
            "content": self.content,
            "complete": not self.shortfall(),
            "rooms": [{"id": r.layout.id, "name": r.layout.name, "pair": r.layout.pair,
                       "sense": r.layout.sense, "source": r.source, "file": r.layout.source}
                      for r in self.rooms],
            "cards": [{"id": c.card.id, "name": c.card.name, "class": c.card.class_id, "source": c.source,
                       "file": c.card.origin} for c in self.cards],
            "filled": [{"code": n.code, "args": list(n.args), "text": n.text()} for n in self.filled()],
            "problems": self.problems(),
        }


def load_box(content: str = OWN, user: Path | None = None) -> Box:
    """The box of a content: the demo's, or the player's folder with the demo filling the gaps."""
    box = Box(content)
    demo_rooms = _read_rooms(RULES_DIR / "rooms", box, demo=True)
    demo_cards = load_card_library([NPC_CARDS_DIR / "demo"]).cards
    if content == DEMO:
        box.rooms = [BoxRoom(r, FROM_DEMO) for r in sorted(demo_rooms.values(), key=lambda r: r.id)]
        box.cards = [BoxCard(c, FROM_DEMO) for c in sorted(demo_cards.values(), key=lambda c: c.id)]
        return box
    folder = user if user is not None else user_data_dir()
    _fill_rooms(box, _read_rooms(folder / "rooms", box, demo=False), demo_rooms)
    _fill_cards(box, folder / "npc_cards", demo_cards)
    return box


# -- rooms -----------------------------------------------------------------------------------------
def _read_rooms(folder: Path, box: Box, demo: bool) -> dict[str, RoomLayout]:
    """The rooms of a folder by id; a broken file or a bad id is noted and left out."""
    rooms: dict[str, RoomLayout] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            room = load_room(path)
        except DataError as exc:
            box.file_problems.extend(exc.problems)
            continue
        if not demo and id_problem(room.id):
            box.notes.append(Note("bad_id", (repr(room.id),), str(path)))
            continue
        if room.id in rooms and not demo:
            box.notes.append(Note("same_id", (room.id, str(path))))
        rooms[room.id] = room
    return rooms


def _fill_rooms(box: Box, yours: dict[str, RoomLayout], demo: dict[str, RoomLayout]) -> None:
    """4 complete pairs: the player's, a lone room with the demo twin of its number, then demo pairs."""
    if not yours:
        box.rooms = [BoxRoom(r, FROM_DEMO) for r in sorted(demo.values(), key=lambda r: r.id)]
        box.notes.append(Note("no_rooms"))
        return
    free_demo = {i: r for i, r in demo.items() if i not in yours}
    pairs: dict[int, list[BoxRoom]] = {}
    for number, rooms in sorted(_by_pair(list(yours.values())).items()):
        ids = ", ".join(r.id for r in rooms)
        if len(rooms) > 2:
            box.notes.append(Note("pair_too_many", (str(number), str(len(rooms)), ids)))
        elif len(rooms) == 2 and rooms[0].sense == rooms[1].sense:
            args = (str(number), rooms[0].id, rooms[1].id, rooms[0].sense)
            box.notes.append(Note("twins_same_sense", args))
        elif len(rooms) == 2:
            pairs[number] = [BoxRoom(r, YOURS) for r in rooms]
        else:
            box.notes.append(Note("pair_one_room", (str(number), rooms[0].id), rooms[0].source))
            twin = next((r for r in sorted(free_demo.values(), key=lambda r: r.id)
                         if r.pair == number and r.sense != rooms[0].sense), None)
            if twin is not None:
                pairs[number] = [BoxRoom(rooms[0], YOURS), BoxRoom(twin, FROM_DEMO)]
                box.notes.append(Note("twin_filled", (str(number), twin.id, rooms[0].id)))
    if len(pairs) > PAIRS:
        used, extra = sorted(pairs)[:PAIRS], sorted(pairs)[PAIRS:]
        box.notes.append(Note("too_many_pairs", (str(len(pairs)), _join(used), _join(extra))))
        pairs = {n: pairs[n] for n in used}
    own_pairs = sum(1 for rooms in pairs.values() if all(r.source == YOURS for r in rooms))
    added: list[int] = []
    for number, rooms in sorted(_by_pair(list(free_demo.values())).items()):
        if len(pairs) >= PAIRS:
            break
        if number not in pairs and len(rooms) == 2:
            pairs[number] = [BoxRoom(r, FROM_DEMO) for r in rooms]
            added.append(number)
    if added:
        box.notes.append(Note("pairs_filled", (str(own_pairs), _join(added))))
    if len(pairs) < PAIRS:
        box.notes.append(Note("demo_rooms_short", (str(PAIRS - len(pairs)),)))
    box.rooms = [room for number in sorted(pairs) for room in pairs[number]]


def _by_pair(rooms: list[RoomLayout]) -> dict[int, list[RoomLayout]]:
    grouped: dict[int, list[RoomLayout]] = {}
    for room in sorted(rooms, key=lambda r: r.id):
        grouped.setdefault(room.pair, []).append(room)
    return grouped


def _join(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


# -- cards -----------------------------------------------------------------------------------------
def _fill_cards(box: Box, folder: Path, demo: dict[str, NpcCard]) -> None:
    """4 playable cards per class: the player's, then demo cards whose id he has not taken."""
    paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not paths:
        box.cards = [BoxCard(c, FROM_DEMO) for c in sorted(demo.values(), key=lambda c: c.id)]
        box.notes.append(Note("no_cards"))
        return
    by_class: dict[str, list[NpcCard]] = {c: [] for c in CLASS_IDS}
    for path in paths:
        if id_problem(path.stem):
            box.notes.append(Note("bad_id", (repr(path.stem),), str(path)))
            continue
        try:
            card = load_card(path)
        except DataError as exc:
            box.file_problems.extend(exc.problems)
            continue
        if not card.playable or card.class_id is None:
            box.notes.append(Note("card_unplayable", (card.id, "; ".join(card.missing())), str(path)))
            continue
        by_class[card.class_id].append(card)
    taken = {p.stem for p in paths}
    for class_id in CLASS_IDS:
        cards = by_class[class_id]
        if len(cards) > CARDS_PER_CLASS:
            left = ", ".join(c.id for c in cards[CARDS_PER_CLASS:])
            box.notes.append(Note("class_too_many", (class_id, str(len(cards)), left)))
            cards = cards[:CARDS_PER_CLASS]
        box.cards += [BoxCard(c, COMPLETED if (NPC_CARDS_DIR / f"{c.id}.yaml").is_file() else YOURS)
                      for c in cards]
        if len(cards) == CARDS_PER_CLASS:
            continue
        box.notes.append(Note("class_too_few", (class_id, str(len(cards)))))
        fills = [c for i, c in sorted(demo.items()) if c.class_id == class_id and i not in taken]
        fills = fills[:CARDS_PER_CLASS - len(cards)]
        if fills:
            added = ", ".join(c.id for c in fills)
            box.notes.append(Note("cards_filled", (class_id, str(len(cards)), added)))
            box.cards += [BoxCard(c, FROM_DEMO) for c in fills]
        if len(cards) + len(fills) < CARDS_PER_CLASS:
            box.notes.append(Note("demo_short", (class_id, str(CARDS_PER_CLASS - len(cards) - len(fills)))))
