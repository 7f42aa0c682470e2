"""Game files (``dt-solo-game/1``): a solo game saved whole, so that a loaded game continues identically.

Item 9 of the game-flow issue. The file holds everything in :class:`~solo.game.state.Game`: the table
(embedded in the position format, formats.md section 3, and read back by the position reader so it is
checked the same way), the component modes, the bag in draw order, every deck and discard, the
Player's cards, the NPC row, the tallies, the log, the seeded generator's exact state, and an undo
history. Files are written atomically (a temporary file in the same folder, flushed to disk, then
renamed over the old one) and end with the line ``end: true``, so a file cut short at any byte is
refused instead of being read as a different game (AMB-SAVE-END). Autosaves keep the newest file and
the one before it.
"""

from __future__ import annotations

import copy
import glob
import os
import stat
import tempfile
from contextlib import suppress
from enum import Enum
from pathlib import Path
from typing import Any

from solo.errors import DataError, MessageError, Problem, cut
from solo.formats.position_writer import write_position
from solo.game.save_reader import game_from_data, rng_from_text
from solo.game.saves_format import (
    AUTOSAVE,
    AUTOSAVE_PREVIOUS,
    DUMPER,
    END_KEY,
    END_LINE,
    GAME_FORMAT,
    HEADER,
    HISTORY_LIMIT,
    MT_WORDS,
)
from solo.game.state import COMPONENTS, Event, Game
from solo.messages import msg
from solo.pyyaml import yaml
from solo.yamlio import GAME_LIMITS, dump_readable, load_yaml_text, read_bytes


class UndoError(MessageError):
    """Undo asked of a game with no earlier state kept."""


# -- writing ---------------------------------------------------------------------------------------


def _plain(value: Any, entry: str) -> Any:
    """Event data as plain YAML data (tuples become lists, enums their value); anything else is a bug."""
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, Enum):
        return _plain(value.value, entry)
    if isinstance(value, list | tuple):
        return [_plain(v, f"{entry}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str | int) or isinstance(key, bool):
                raise TypeError(f"{entry}: key {key!r} cannot be saved (keys are text or whole numbers)")
        return {k: _plain(v, f"{entry}.{k}") for k, v in value.items()}
    raise TypeError(f"{entry}: {value!r} cannot be saved in a game file (plain data only)")


def rng_to_data(state: tuple[Any, ...]) -> list[Any]:
    """random.Random.getstate() as YAML data: [version, [624 words and the index], gauss_next]."""
    version, internal, gauss_next = state
    return [version, list(internal), gauss_next]


def _rng_to_text(state: tuple[Any, ...]) -> str:
    """The generator state in one compact line, for the undo history (AMB-UNDO): version, the 625
    numbers in hexadecimal, then the pending Gaussian value or ``none``."""
    version, internal, gauss_next = state
    words = "".join(f"{w:08x}" for w in internal[:MT_WORDS])
    gauss = "none" if gauss_next is None else float(gauss_next).hex()
    return f"{version} {words} {internal[MT_WORDS]} {gauss}"


def _state_data(game: Game) -> dict[str, Any]:
    """Everything in the game but its log and history, as fresh YAML data."""
    return {
        "format": GAME_FORMAT,
        "difficulty": game.difficulty,
        "vision": game.vision,
        "seed": game.seed,
        "turn_number": game.turn_number,
        "modes": {c: game.modes.get(c, "app") for c in COMPONENTS},
        "content": game.content,
        "position": yaml.safe_load(write_position(game.position)),
        "bag": list(game.bag),
        "npc_pile": list(game.npc_pile),
        "reinforcements": list(game.reinforcements),
        "rooms_unrevealed": list(game.rooms_unrevealed),
        "rooms_revealed": list(game.rooms_revealed),
        "npc_combat": {"cards": list(game.npc_combat.cards), "discard": list(game.npc_combat.discard)},
        "player": {
            "actions": list(game.player.actions),
            "played": list(game.player.played),
            "first_cycle": game.player.first_cycle,
            "jumps": game.player.jumps,
            "combat": list(game.player.combat),
            "combat_discard": list(game.player.combat_discard),
        },
        "vision_deck": list(game.vision_deck),
        "row": list(game.row),
        "tallies": dict(sorted(game.tallies.items())),
        "removed": list(game.removed),
        "rng": rng_to_data(game.rng.getstate()),
    }


def _event_data(event: Event, index: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": event.kind, "text": event.text.english()}
    entry["message"] = event.text.to_data()  # the words in any language; "text" for readers of old saves
    if event.data:
        entry["data"] = _plain(event.data, f"log[{index}].data")
    return entry


def game_to_data(game: Game) -> dict[str, Any]:
    """The whole game as YAML data (the ``dt-solo-game/1`` mapping without its ``end`` marker)."""
    data = _state_data(game)
    data["log"] = [_event_data(event, i) for i, event in enumerate(game.log)]
    data["history"] = copy.deepcopy(history(game))
    return data


def game_state(game: Game) -> dict[str, Any]:
    """The game as data, log included but not the undo history: what an app's undo command keeps
    before and after an edit (restored with :func:`game_from_state`)."""
    data = _state_data(game)
    data["log"] = [_event_data(event, i) for i, event in enumerate(game.log)]
    return data


def whole_state(game: Game) -> dict[str, Any]:
    """The game as data, undo history included: what an app's undo command keeps before and after a
    change, so that putting it back gives the game exactly as it was, its history matching its log
    (a state with another moment's history is refused by the reader: issue 13)."""
    return game_to_data(game)


def game_from_state(state: dict[str, Any], history_of: Game | None = None) -> Game:
    """The game a :func:`game_state` or :func:`whole_state` describes; ``history_of`` lends its undo
    history to the result, else the state's own history is kept (none: an empty one)."""
    data = copy.deepcopy(state)
    if history_of is not None:
        data["history"] = copy.deepcopy(history(history_of))
    else:
        data.setdefault("history", [])
    return game_from_data(data, "<state>")


def dump_game_data(data: dict[str, Any]) -> str:
    """The text of a game file: a header comment, the data, and the end marker line (AMB-SAVE-END)."""
    body = dump_readable({**data, END_KEY: True}, DUMPER, sort_keys=False, default_flow_style=None, width=110)
    if not body.endswith("\n" + END_LINE):
        raise ValueError(f"a game's data must not hold the key {END_KEY!r}")
    return HEADER + body


def clear_leftovers(path: Path) -> list[Path]:
    """Delete the temporary files a save of ``path`` killed mid-write left beside it (``.NAME.*.tmp``);
    the file itself is never touched. Returns what was deleted (a file that cannot be is left)."""
    removed = []
    with suppress(OSError):
        for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
            with suppress(OSError):
                leftover.unlink()
                removed.append(leftover)
    return removed


def _write_temp(path: Path, text: str) -> Path:
    """Write ``text`` to a new temporary file beside ``path``, flushed to the disk; the caller renames it.
    Leftovers of earlier saves killed mid-write are deleted first (issue 15)."""
    clear_leftovers(path)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        with suppress(OSError):  # keep the permissions of the file being replaced
            os.chmod(temp, stat.S_IMODE(path.stat().st_mode))
    except BaseException:
        with suppress(OSError):
            temp.unlink()
        raise
    return temp


def _replace(temp: Path, path: Path) -> None:
    """Rename the finished temporary file over ``path`` (atomic), then flush the folder entry."""
    try:
        os.replace(temp, path)
    except BaseException:
        with suppress(OSError):
            temp.unlink()
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX; a no-op elsewhere)."""
    with suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def save_game(game: Game, path: Path | str) -> Path:
    """Write the game file atomically: a crash or a full disk mid-write leaves the old file as it was.

    Raises OSError when the file cannot be written (the old file is then untouched)."""
    path = Path(path)
    _replace(_write_temp(path, dump_game_data(game_to_data(game))), path)
    return path


def is_complete(path: Path) -> bool:
    """Whether a file ends with the end marker line (a quick check, not a full read)."""
    try:
        with path.open("rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            wanted = len(END_LINE) + 1
            if size < wanted:
                return False
            handle.seek(size - wanted)
            return handle.read() == ("\n" + END_LINE).encode()
    except OSError:
        return False


def autosave(game: Game, folder: Path | str) -> Path:
    """Save the game as ``autosave.yaml`` in ``folder``, the previous autosave kept as
    ``autosave.prev.yaml`` (only a complete one: a damaged newest file never pushes out the good one)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    newest, previous = folder / AUTOSAVE, folder / AUTOSAVE_PREVIOUS
    temp = _write_temp(newest, dump_game_data(game_to_data(game)))
    try:
        if is_complete(newest):
            os.replace(newest, previous)
    except BaseException:
        with suppress(OSError):
            temp.unlink()
        raise
    _replace(temp, newest)
    return newest


def load_game(path: Path | str) -> Game:
    """Read a game file. Anything wrong, a file cut short included, is a DataError naming the file."""
    path = Path(path)
    source = str(path)
    raw = read_bytes(path, GAME_LIMITS)
    try:
        text = raw.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError as exc:
        raise DataError([Problem(source, "", msg("not UTF-8 text (cut short or damaged?): {value}",
                                                 value=cut(str(exc))))]) from exc
    if not text.endswith("\n" + END_LINE):
        raise DataError(
            [
                Problem(
                    source,
                    END_KEY,
                    msg(
                        "the file is incomplete (cut short?): a game file's last line is `{value}` "
                        "(AMB-SAVE-END)",
                        value=END_LINE.strip()),
                )
            ]
        )
    data = load_yaml_text(text, source, GAME_LIMITS)
    if not isinstance(data, dict) or list(data)[-1:] != [END_KEY]:
        raise DataError(
            [
                Problem(
                    source,
                    END_KEY,
                    msg("the file is incomplete: `{value}` must be its last entry (AMB-SAVE-END)",
                        value=END_LINE.strip()),
                )
            ]
        )
    return game_from_data(data, source)


def load_autosave(folder: Path | str) -> tuple[Game, Path]:
    """The newest autosave that can be read in ``folder`` (the previous one when the newest is broken)."""
    folder = Path(folder)
    problems: list[Problem] = []
    for path in (folder / AUTOSAVE, folder / AUTOSAVE_PREVIOUS):
        clear_leftovers(path)  # the app starts here: a save killed last time left its temporary file
        try:
            return load_game(path), path
        except DataError as exc:
            problems.extend(exc.problems)
    raise DataError(problems)


# -- undo ------------------------------------------------------------------------------------------


def history(game: Game) -> list[dict[str, Any]]:
    """The game's earlier states for undo, oldest first (AMB-UNDO), kept with the game object."""
    found = vars(game).get("history")
    if not isinstance(found, list):
        found = []
        vars(game)["history"] = found
    return found


def checkpoint(game: Game) -> None:
    """Remember the game as it is now, before a step changes it: ``undo`` comes back here (AMB-UNDO).

    The state is kept whole (generator included, so a step done again rolls the same dice) but for
    its log, which only grows: the entry keeps the log's length. At most HISTORY_LIMIT are kept."""
    snapshot = _state_data(game)
    snapshot["rng"] = _rng_to_text(game.rng.getstate())
    snapshot["log_length"] = len(game.log)
    kept = history(game)
    kept.append(snapshot)
    del kept[:-HISTORY_LIMIT]


def undo(game: Game) -> Game:
    """The game as it was at its last checkpoint, exactly (log, decks, generator); the earlier states
    stay available for further undos. ``game`` itself is left as it was."""
    kept = history(game)
    if not kept:
        raise UndoError(msg("nothing to undo: no earlier state is kept"))
    snapshot = kept[-1]
    length = snapshot["log_length"]
    if length > len(game.log):
        raise UndoError(msg("cannot undo: the log has {count} events, the earlier state had {length}",
                              count=len(game.log), length=length))
    data = {k: v for k, v in copy.deepcopy(snapshot).items() if k != "log_length"}
    if isinstance(data["rng"], str):  # the compact form checkpoint writes; a list reads as it is
        data["rng"] = rng_from_text(data["rng"])
    data["log"] = [_event_data(event, i) for i, event in enumerate(game.log[:length])]
    data["history"] = copy.deepcopy(kept[:-1])
    try:
        return game_from_data(data, "<undo>")
    except DataError as exc:  # its position is read only now: name the earlier state at fault
        entry = f"history[{len(kept) - 1}]"
        raise DataError([Problem("<undo>", entry, msg("this earlier state cannot be restored")),
                         *(Problem(p.source, f"{entry}.{p.entry}" if p.entry else entry, p.message)
                           for p in exc.problems)]) from exc
