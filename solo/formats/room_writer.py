"""Writing room layouts in the ``dt-solo-room/1`` format (formats.md §2) and saving the player's rooms.

The text is canonical (fixed key order, the grid as an 11-line literal block), so that
``write_room(load_room(path))`` reads back equal. The player's rooms live in the user folder
(``rooms/``),
where a room wins over the bundled one with the same id (:func:`solo.content.rooms.load_library`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.content.ids import new_id_problem
from solo.content.rooms import ROOM_FORMAT, RoomLayout, parse_room_text
from solo.errors import DataError, Problem
from solo.locations import user_data_dir
from solo.yamlio import dump_readable

__all__ = ["save_room", "user_room_path", "user_rooms_dir", "write_room"]


def _flow(value: Any) -> str:
    """One value as a one-line YAML fragment, keeping accented letters readable."""
    text = dump_readable(value, default_flow_style=True, width=100_000)
    return text.strip().removesuffix("...").strip()


def write_room(layout: RoomLayout) -> str:
    """The canonical text of a room file."""
    out = [f"format: {ROOM_FORMAT}", f"id: {_flow(layout.id)}"]
    if layout.name:
        out.append(f"name: {_flow(layout.name_data())}")
    out += [f"pair: {layout.pair}", f"sense: {_flow(layout.sense)}", "grid: |"]
    out += [f"  {line}" for line in layout.grid_text().splitlines()]
    return "\n".join(out) + "\n"


def user_rooms_dir() -> Path:
    """The player's own room folder."""
    return user_data_dir() / "rooms"


def user_room_path(room_id: str) -> Path:
    """Where the player's room ``room_id`` is saved."""
    return user_rooms_dir() / f"{room_id}.yaml"


def save_room(layout: RoomLayout) -> Path:
    """Write a room to the player's folder as ``<id>.yaml`` and return the path; a room the engine
    would refuse raises DataError and nothing is written."""
    path = user_room_path(layout.id)
    bad_id = new_id_problem(layout.id)
    if bad_id is not None:  # it names the file and the Room card (issue 11)
        raise DataError([Problem(str(path), "id", bad_id)])
    text = write_room(layout)
    parse_room_text(text, str(path))  # raises DataError listing every problem
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
