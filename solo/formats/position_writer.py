"""Writing positions in the ``dt-solo-position/1`` format, canonically (formats.md section 3).

Fixed key order and sorted entries, so that write(read(text)) is stable and two equal tables are
written the same way.
"""

from __future__ import annotations

from typing import Any

from solo.table.position import Position, Side
from solo.table.squares import SLOTS, square_name
from solo.yamlio import dump_flow, dump_readable

POSITION_FORMAT = "dt-solo-position/1"


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "".join(pad + line if line.strip() else line for line in text.splitlines(keepends=True))


def _block(value: Any) -> str:
    return dump_readable(value, sort_keys=False, width=100)


def write_position(position: Position) -> str:
    """The canonical text of a position."""
    out = [f"format: {POSITION_FORMAT}", "rooms:"]
    for slot in SLOTS:
        room = position.board.room(slot)
        if room is None:
            out.append(f"  {slot}: hidden")
            continue
        fields: dict[str, Any] = {"layout": room.layout.id, "rotation": room.rotation}
        if room.hidden:
            fields["hidden"] = True
        out.append(f"  {slot}: {dump_flow(fields)}")
    if position.inline_layouts:
        out.append("layouts:")
        for layout_id in sorted(position.inline_layouts):
            fields = dict(position.inline_layouts[layout_id])
            grid = fields.pop("grid", "")
            out.append(f"  {dump_flow(layout_id)}:")
            out.append(_indent(_block(fields), 4).rstrip("\n"))
            out.append("    grid: |")
            out.append(_indent(str(grid), 6).rstrip("\n"))
    if position.inline_cards:
        out.append("cards:")
        out.append(_indent(_block({k: position.inline_cards[k] for k in sorted(position.inline_cards)}),
                           2).rstrip("\n"))
    markers = position.board.markers()
    if markers:
        out.append("portcullises:")
        for (a, b), state in sorted(markers.items()):
            entry = {"between": [square_name(a), square_name(b)], "state": state.value}
            out.append(f"  - {dump_flow(entry)}")
    walls = position.board.broken_walls()
    if walls:
        out.append("walls:")
        for a, b in walls:
            out.append(f"  - {dump_flow({'between': [square_name(a), square_name(b)], 'state': 'broken'})}")
    out.append("characters:" if position.characters else "characters: []")
    for char_id in sorted(position.characters):
        c = position.characters[char_id]
        fields = {"id": c.id, "side": c.side.value}
        if c.side is Side.NPC:
            fields["card"] = c.card
        else:
            fields["class"] = c.class_id
        if c.at is not None:
            fields["at"] = square_name(c.at)
        if c.wounded:
            fields["wounded"] = True
        if c.carries is not None:
            fields["carries"] = c.carries
        out.append(f"  - {dump_flow(fields)}")
    if position.objects:
        out.append("objects:")
        for o in sorted(position.objects, key=lambda o: (o.at, o.kind)):
            out.append(f"  - {dump_flow({'kind': o.kind, 'at': square_name(o.at)})}")
    if position.turn is not None:
        t = position.turn
        # A character gone from the game this turn (exited, eliminated) is no longer listed: nothing it
        # did this turn matters any more, and the format names only characters of the position.
        def present(ids: list[str]) -> list[str]:
            return [i for i in ids if i in position.characters]

        turn = {"side": t.side.value, "acted": present(t.acted), "healed": present(t.healed),
                "wounded": present(t.wounded)}
        out.append(f"turn: {dump_flow(turn)}")
    if position.score is not None:
        out.append(f"score: {dump_flow({'player': position.score.player, 'npc': position.score.npc})}")
    if position.difficulty is not None:
        out.append(f"difficulty: {position.difficulty}")
    return "\n".join(out) + "\n"
