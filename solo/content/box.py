"""The box a game is set up with (issue 11): 8 rooms in 4 twin pairs and 32 NPC cards, 4 per class.

The player's box is what his data folder holds; where it lacks something the demo fills the gap, and
every gap filled and every problem found is a :class:`Note` saying what and why. The words here are
English; the app words the same notes itself (``Note.code`` and ``Note.args``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.content.box_sources import COMPLETED as COMPLETED  # the names, said where they belong
from solo.content.box_sources import DEMO as DEMO
from solo.content.box_sources import FROM_DEMO as FROM_DEMO
from solo.content.box_sources import OWN as OWN
from solo.content.box_sources import YOURS as YOURS
from solo.content.card_types import gap_reason
from solo.content.cards import load_card_library
from solo.content.gamedata import CLASS_IDS
from solo.content.ids import new_id_problem
from solo.content.npccard import NpcCard, load_card
from solo.content.rooms import RoomLayout, load_room
from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR, RULES_DIR, user_data_dir
from solo.messages import Message, Param, Ref, chain, msg, msg_ctx, msg_n
from solo.records import field, record, replace

PAIRS = 4
CARDS_PER_CLASS = 4
SOURCE_WORDS = {YOURS: "yours", COMPLETED: "rulebook card completed by you", FROM_DEMO: "demo"}

NOTE_TEXTS: dict[str, Message] = {
    # problems: something of the player's that the box cannot use as it is
    "bad_id": msg("{id} is not a valid id: use lowercase letters a-z, digits and hyphens (like crypt-1a)"),
    "same_id": msg("two room files have the id {id}: {file} is used"),
    "pair_one_room": msg("pair {pair} has one room ({room}): its twin is missing"),
    "pair_too_many": msg("pair {pair} has {count} rooms ({rooms}): a pair is two twin rooms; left out"),
    "twins_same_sense": msg("twin rooms {room} and {twin} (pair {pair}) both turn {sense}: twins turn in "
                            "opposite senses; left out"),
    "too_many_pairs": msg("{count} complete pairs: a box has 4; pairs {used} are used, {extra} left out"),
    "card_unplayable": msg("card {card} cannot be activated ({missing}): left out"),
    "class_too_many": msg("{count} {class} cards: a box has 4 per class; {extra} left out"),
    "class_too_few": msg_n("you have {count} {class} card: a box has 4 per class",
                           "you have {count} {class} cards: a box has 4 per class"),
    "demo_short": msg_n("the demo has no more {class} card to fill the gap: {count} missing",
                        "the demo has no more {class} card to fill the gap: {count} missing"),
    "demo_rooms_short": msg_n("the demo has no pair left to fill the gap: {count} pair missing",
                              "the demo has no pair left to fill the gap: {count} pairs missing"),
    # filled: what the demo put in the box, and why
    "no_rooms": msg("you have entered no rooms: the demo's 8 rooms are used"),
    "no_cards": msg("you have entered no NPC cards: the demo's 32 cards are used"),
    "twin_filled": msg("{twin} (demo) is the twin of your {room} in pair {pair}"),
    "pairs_filled": msg_n("you have {count} of 4 complete pairs: demo pair {added} added",
                          "you have {count} of 4 complete pairs: demo pairs {added} added", "added"),
    "cards_filled": msg_n("you have {count} of 4 {class} cards: demo card {added} added",
                          "you have {count} of 4 {class} cards: demo cards {added} added", "added"),
}
_SENSES: dict[str, Param] = {"cw": msg_ctx("sense", "clockwise"), "ccw": msg_ctx("sense", "anticlockwise")}

CARD_LISTS = frozenset({("class_too_many", "extra"), ("cards_filled", "added"), ("card_unplayable", "card")})
"""Note arguments that list NPC cards (named as printed)."""
PAIR_LISTS = frozenset({("pairs_filled", "added")})
"""Note arguments that list pair numbers (their count chooses the plural: « paires 3 et 4 ajoutées »)."""


def _argument(code: str, name: str, value: str) -> Param:
    """A note's argument as the message shows it: a class, a sense, cards by their printed names."""
    if name == "class":
        return Ref("class", value)
    if name == "sense":
        return _SENSES.get(value, value)
    if (code, name) in CARD_LISTS:
        return tuple(Ref("npc", card) for card in value.split(", "))
    if (code, name) in PAIR_LISTS:
        return tuple(value.split(", "))
    if (code, name) == ("card_unplayable", "missing"):  # the card's gaps, each in words
        return chain([gap_reason(field) for field in value.split(", ")])
    return value


NOTE_ARGS = {
    "bad_id": ("id",), "same_id": ("id", "file"), "pair_one_room": ("pair", "room"),
    "pair_too_many": ("pair", "count", "rooms"), "twins_same_sense": ("pair", "room", "twin", "sense"),
    "too_many_pairs": ("count", "used", "extra"), "card_unplayable": ("card", "missing"),
    "class_too_many": ("class", "count", "extra"), "class_too_few": ("class", "count"),
    "demo_short": ("class", "count"), "demo_rooms_short": ("count",), "twin_filled": ("pair", "twin", "room"),
    "pairs_filled": ("count", "added"), "cards_filled": ("class", "count", "added"),
}
"""The names of each note's arguments, in the order a :class:`Note` holds them."""
FILL_CODES = frozenset({"no_rooms", "no_cards", "twin_filled", "pairs_filled", "cards_filled"})


def entered_anything(user: Path | None = None) -> bool:
    """Whether the player's folder holds a room or a card file (then ``own`` is the default)."""
    folder = user if user is not None else user_data_dir()
    subfolders = (folder / "rooms", folder / "npc_cards")
    return any(sub.is_dir() and any(sub.glob("*.yaml")) for sub in subfolders)


def default_content(user: Path | None = None) -> str:
    """``own`` when the player has entered anything, else ``demo``."""
    return OWN if entered_anything(user) else DEMO



@record(frozen=True)
class Note:
    """One thing the player is told about his box: a gap the demo filled, or a problem."""

    code: str
    args: tuple[str, ...] = ()
    file: str = ""

    @property
    def filled(self) -> bool:
        return self.code in FILL_CODES

    def message(self) -> Message:
        """The note as a message, with the file it is about (a class named as the rules print it)."""
        names = NOTE_ARGS.get(self.code, ())
        params: dict[str, Param] = {name: _argument(self.code, name, value)
                                    for name, value in zip(names, self.args, strict=False)}
        words = replace(NOTE_TEXTS[self.code], params=tuple(params.items()))
        return msg("{file}: {note}", file=self.file, note=words) if self.file else words

    def text(self) -> str:
        """The note in English."""
        return self.message().english()


@record(frozen=True)
class BoxRoom:
    layout: RoomLayout
    source: str


@record(frozen=True)
class BoxCard:
    card: NpcCard
    source: str


@record
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
        """Every problem in English: unreadable files, then the box's own problems."""
        return [message.english() for message in self.problem_messages()]

    def problem_messages(self) -> list[Message]:
        """Every problem as a message: unreadable files, then the box's own problems."""
        return [p.as_message() for p in self.file_problems] + [
            n.message() for n in self.notes if not n.filled]

    def shortfall(self) -> list[Problem]:
        """Why no game can be set up with this box (empty when it can)."""
        found: list[Problem] = []
        if len(self.rooms) != 2 * PAIRS:
            found.append(Problem("box", "rooms", msg("{count} rooms of 8 (4 twin pairs)",
                                                     count=len(self.rooms))))
        if len(self.cards) != CARDS_PER_CLASS * len(CLASS_IDS):
            found.append(Problem("box", "cards", msg("{count} NPC cards of 32 (4 per class)",
                                                     count=len(self.cards))))
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
        if not demo and new_id_problem(room.id):
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
        if new_id_problem(path.stem):
            box.notes.append(Note("bad_id", (repr(path.stem),), str(path)))
            continue
        try:
            card = load_card(path)
        except DataError as exc:
            box.file_problems.extend(exc.problems)
            continue
        if not card.playable or card.class_id is None:
            box.notes.append(Note("card_unplayable", (card.id, ", ".join(card.gaps())), str(path)))
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
