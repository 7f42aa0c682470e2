"""Small positions for tests, written in the position format itself (formats.md section 3).

Every slot gets an open 5x5 room (gear in the centre, no walls) unless a test draws its own grid,
so a test states only what matters to the rule it checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo.game.state import Game

from solo.formats.position_io import read_position
from solo.table.position import Position

OPEN_GRID = """\
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
 . . G . .
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""


def position_text(
    *,
    characters: str = "",
    objects: str = "",
    portcullises: str = "",
    grids: dict[int, str] | None = None,
    rooms: dict[int, str | int] | None = None,
    extra: str = "",
) -> str:
    """The text of a test position.

    ``characters``/``objects``/``portcullises`` are YAML list items (one ``- {...}`` per line).
    ``grids`` maps a slot to its own 11-line grid; ``rooms`` maps a slot to ``"hidden"`` or a
    rotation (0-3). Slot s holds layout ``room<s>``, pair (s+1)//2, sense cw for odd slots.
    """
    grids = grids or {}
    rooms = rooms or {}
    out = ["format: dt-solo-position/1", "rooms:"]
    for slot in range(1, 9):
        state = rooms.get(slot, 0)
        if state == "hidden":
            out.append(f"  {slot}: hidden")
        else:
            out.append(f"  {slot}: {{layout: room{slot}, rotation: {state}}}")
    out.append("layouts:")
    for slot in range(1, 9):
        grid = grids.get(slot, OPEN_GRID)
        out.append(f"  room{slot}:")
        out.append(f"    pair: {(slot + 1) // 2}")
        out.append(f"    sense: {'cw' if slot % 2 else 'ccw'}")
        out.append("    grid: |")
        out.extend("      " + line for line in grid.strip("\n").split("\n"))
    out.append("characters:" + ("" if characters.strip() else " []"))
    out.extend("  " + line.strip() for line in characters.strip().splitlines() if line.strip())
    if objects.strip():
        out.append("objects:")
        out.extend("  " + line.strip() for line in objects.strip().splitlines() if line.strip())
    if portcullises.strip():
        out.append("portcullises:")
        out.extend("  " + line.strip() for line in portcullises.strip().splitlines() if line.strip())
    if extra:
        out.append(extra.strip("\n"))
    return "\n".join(out) + "\n"


def make_position(**kwargs: object) -> Position:
    """Build a Position from :func:`position_text` arguments (raises DataError if invalid)."""
    return read_position(position_text(**kwargs), "test-position")  # type: ignore[arg-type]


def grid(*edits: tuple[int, int, str]) -> str:
    """OPEN_GRID with characters replaced at (grid line, grid column) (formats.md section 2)."""
    lines = [list(line.ljust(11)) for line in OPEN_GRID.strip("\n").split("\n")]
    for line, column, char in edits:
        lines[line][column] = char
    return "\n".join("".join(line) for line in lines) + "\n"


CLASS_CARDS = "cards:\n" + "".join(
    f"  n-{c}: {{class: {c}}}\n"
    for c in ("cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath")
)
"""Inline NPC cards ``n-<class>``, one per class: enough for the rules mechanics (movement, combat)."""


def class_position(characters: str, *, turn: str = "", **kwargs: object) -> Position:
    """A legal test position with the ``n-<class>`` NPC cards inline and an optional ``turn``."""
    extra = CLASS_CARDS + (f"turn: {turn}\n" if turn else "")
    position = make_position(characters=characters, extra=extra, **kwargs)
    assert position.status() == []
    return position


def two_rooms_game() -> Game:
    """The seed-1 demo game (pink) with rooms 1 (demo-4b, rotation 3) and 2 (demo-2a) revealed as the
    app deals them: a wall between a1 and b1, both floor."""
    from solo.game import edits
    from solo.game.setup import new_game

    game = new_game(1, seed=1)
    edits.reveal_room(game, 1, "demo-4b", 3)
    edits.reveal_room(game, 2, "demo-2a", 0)
    return game

