"""Finding NPC cards by id: inline in a position, the player's own cards, the demo deck, or the
rulebook transcriptions in ``npc_cards/``.

``find_card`` is the raw lookup the position reader uses to learn an NPC's class (how it moves);
:class:`CardLibrary` holds the validated cards (``solo.content.npccard``) the automaton plays.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from solo.content.ids import is_id
from solo.content.npccard import SUMMARY_LANGUAGES, NpcCard, parse_card
from solo.errors import DataError, Problem, told
from solo.locations import NPC_CARDS_DIR, user_data_dir
from solo.messages import msg
from solo.records import field, record
from solo.yamlio import CARD_LIMITS, load_yaml_file


def card_folders() -> list[Path]:
    """Card folders in lookup order: the player's own cards win, then the complete demo deck, then the
    raw rulebook transcriptions (which have gaps)."""
    return [user_data_dir() / "npc_cards", NPC_CARDS_DIR / "demo", NPC_CARDS_DIR]


def find_card(card_id: str, inline: dict[str, dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """The raw fields of a card, or None when no folder has it; a broken file raises DataError."""
    found = locate_card(card_id, inline)
    return found[0] if found is not None else None


def locate_card(
    card_id: str, inline: dict[str, dict[str, Any]] | None = None, folders: list[Path] | None = None
) -> tuple[dict[str, Any], Path | None] | None:
    """The raw fields of a card and its file (None: inline in the position), so that a problem of the
    card is blamed on the card; None when nothing has it. ``folders``: :func:`card_folders`, worked out
    once by a caller that locates many cards (the player's folder is platformdirs' answer each time)."""
    if inline and card_id in inline:
        return inline[card_id], None
    if not is_id(card_id):  # never a file name: no file can hold it (the reader says what is wrong)
        return None
    for folder in card_folders() if folders is None else folders:
        path = folder / f"{card_id}.yaml"
        if path.is_file():
            data = _read(path)
            if not isinstance(data, dict):
                raise DataError([Problem(str(path), "", msg("a card must be a mapping of fields"))])
            return copied(data), path
    return None


_READ: dict[Path, tuple[tuple[int, int], Any]] = {}
"""Card files already parsed, by path, with the (modification time, size) they had: a command reads
a card once even though the position reader and the automaton both look it up."""


def _read(path: Path) -> Any:
    """The parsed YAML of a card file, read again only when the file changed."""
    try:
        stat = path.stat()
    except OSError:
        return load_yaml_file(path, CARD_LIMITS)  # names the file and the error
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _READ.get(path)
    if known is None or known[0] != stamp:
        known = _READ[path] = (stamp, load_yaml_file(path, CARD_LIMITS))
    return known[1]


def copied(data: Any) -> Any:
    """A copy of parsed YAML data that shares nothing mutable with it (``copy.deepcopy`` for what a
    YAML file holds: mappings, lists, sets and pairs of plain values, a value met twice copied once),
    many times as fast: a card read once is copied for each of its readers. ``marshal`` copies it in
    one pass in C (a value met twice is written once, read back once); what it cannot hold (a date,
    a YAML timestamp) is copied value by value instead (issue 16 item 6: ~2 M instructions of an
    ``explain`` on the demo table before)."""
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:
        return _copied(data, {})


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    kind = value.__class__
    if kind is tuple:  # PyYAML's ordered pairs (!!omap, !!pairs) may hold mappings
        return tuple(_copied(item, memo) for item in value)
    if kind is not dict and kind is not list and kind is not set:
        return value  # a text, number, date, bytes or None: never changed in place
    known = memo.get(id(value))
    if known is not None:
        return known
    made: Any = {} if kind is dict else [] if kind is list else set(value)
    memo[id(value)] = made
    if kind is dict:
        for key, item in value.items():
            made[key] = _copied(item, memo)
    elif kind is list:
        made.extend(_copied(item, memo) for item in value)
    return made


# -- the library ----------------------------------------------------------------------------------
@record(eq=False)  # compared by identity (issue 16: no __eq__ to generate)
class CardLibrary:
    """Every card found in the card folders, and the problems of the files that failed to load."""

    cards: dict[str, NpcCard]
    problems: list[Problem]
    broken: dict[str, list[Problem]] = field(default_factory=dict)
    """Card ids whose winning file is broken, with that file's problems."""

    def get(self, card_id: str) -> NpcCard | None:
        return self.cards.get(card_id)


def load_card_library(folders: list[Path] | None = None, ids: Iterable[str] | None = None) -> CardLibrary:
    """Load the cards of ``folders`` (default: the player's own, the demo deck, the rulebook's);
    with ``ids``, only those cards (a table reads the cards it uses, not the whole deck).

    The first folder holding a file for an id wins, even when that file is broken: a broken file is
    reported in ``problems`` and its id stays unavailable (never raises)."""
    library = CardLibrary({}, [])
    wanted = None if ids is None else sorted(set(ids))
    for folder in card_folders() if folders is None else folders:
        try:
            if wanted is None:
                paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
            else:  # the ids no earlier folder had, in a folder there is (a missing one holds no file)
                left = [card_id for card_id in wanted if card_id not in library.cards
                        and card_id not in library.broken]
                named = (folder / f"{card_id}.yaml" for card_id in left)
                paths = [path for path in named if path.is_file()] if left and folder.is_dir() else []
        except OSError as exc:
            library.problems.append(Problem(str(folder), "", msg("cannot list the folder: {exc}",
                                                                 exc=told(exc))))
            continue
        for path in paths:
            card_id = path.stem
            # AMB-CARD-LOOKUP: the first folder with a file for the id wins, even a broken one.
            if card_id in library.cards or card_id in library.broken:
                continue
            try:
                fields = copied(_read(path))
                library.cards[card_id] = parse_card(fields, str(path), expected_id=card_id)
            except DataError as exc:
                library.problems.extend(exc.problems)
                library.broken[card_id] = list(exc.problems)
    return library


def card_names(cards: Iterable[NpcCard]) -> dict[str, str]:
    """What the renderer (solo.i18n) needs to name NPCs as printed: ``<id>`` the card's name,
    ``title:<id>`` its name and epithet, ``summary.<lang>:<id>`` its personality in each language."""
    names: dict[str, str] = {}
    for card in cards:
        names[card.id] = card.name
        names[f"title:{card.id}"] = f"{card.name}, {card.epithet}" if card.epithet else card.name
        for language in SUMMARY_LANGUAGES:
            summary = card.summary_in(language)
            if summary:
                names[f"summary.{language}:{card.id}"] = summary
    return names
