"""Boards drawn as corridors, complete inline NPC cards and readers of an activation, shared by the
automaton's rule tests (tests/automaton/).

:func:`corridors` draws a board where every edge is a wall except along the paths and inside the
areas given, so the ways an NPC can take, and their costs, are exactly the ones a test names.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from builders import make_position

from solo.automaton.explanation import Explanation, ObjectiveExam, Step
from solo.table.card_lookup import card_for
from solo.table.position import Position
from solo.table.squares import file_of, parse_square, rank_of, slot_origin, square, square_name

CLASSES = ("cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath")


def card(cls: str, objectives: str, objects: list[str], characters: list[str] | None = None,
         effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A complete inline card (formats.md §5). ``objectives`` reads "fight 3, exit 4*, ..." (``*`` marks
    the purple default); ``characters`` gives the head of the priority list, the other classes follow."""
    lines = []
    for part in objectives.split(","):
        mode, ap = part.split()
        line: dict[str, Any] = {"mode": mode, "ap": int(ap.rstrip("*"))}
        if ap.endswith("*"):
            line["default"] = True
        lines.append(line)
    head = list(characters or [])
    return {"format": "dt-solo-card/1", "name": cls.capitalize(), "class": cls, "objectives": lines,
            "objects": objects, "characters": head + [c for c in CLASSES if c not in head],
            "personality": {"text": "", "effects": effects or []}, "source": "custom", "unknown": []}


def _pair(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def _edges(specs: list[str]) -> set[frozenset[int]]:
    result = set()
    for spec in specs:
        a, b = (parse_square(x) for x in spec.split("-"))
        assert abs(file_of(a) - file_of(b)) + abs(rank_of(a) - rank_of(b)) == 1, spec
        result.add(_pair(a, b))
    return result


def corridors(*paths: str, areas: tuple[str, ...] = (), slits: tuple[str, ...] = (),
              portcullises: tuple[str, ...] = (), pits: tuple[str, ...] = (),
              gears: tuple[str, ...] = ()) -> dict[int, str]:
    """The 8 room grids of a board where every edge is a wall except between consecutive squares of
    a path ("a3 b3 c3", a step onto rank 0 opens onto the yellow line) and inside an area
    ("a1:e5", a rectangle); ``slits``/``portcullises`` are edges "h4-h3". A room's gear is the one
    listed in ``gears``, else a square no path or area uses (walled in), else its centre."""
    opened: set[frozenset[int]] = set()
    used: set[int] = set()
    for path in paths:
        names = path.split()
        opened |= _edges([f"{a}-{b}" for a, b in itertools.pairwise(names)])
        used |= {parse_square(n) for n in names}
    for area in areas:
        lo, hi = (parse_square(x) for x in area.split(":"))
        inside = [square(f, r) for r in range(rank_of(lo), rank_of(hi) + 1)
                  for f in range(file_of(lo), file_of(hi) + 1)]
        used |= set(inside)
        opened |= {_pair(a, b) for a in inside for b in inside if a < b
                   and abs(file_of(a) - file_of(b)) + abs(rank_of(a) - rank_of(b)) == 1}
    slit_edges, portcullis_edges = _edges(list(slits)), _edges(list(portcullises))
    pit_squares = {parse_square(p) for p in pits}
    gear_squares = {parse_square(g) for g in gears}

    def mark(f1: int, r1: int, f2: int, r2: int, wall: str) -> str:
        if not (0 <= f1 < 10 and 0 <= f2 < 10 and 0 <= r1 <= 21 and 0 <= r2 <= 21):
            return wall
        e = _pair(square(f1, r1), square(f2, r2))
        if e in slit_edges:
            return ":"
        if e in portcullis_edges:
            return "#"
        return " " if e in opened else wall

    grids = {}
    for slot in range(1, 9):
        f0, r0 = slot_origin(slot)
        mine = [square(f0 + x, r0 + y) for y in range(5) for x in range(5)]
        gear = [s for s in mine if s in gear_squares]
        if not gear:
            free = [s for s in mine if s not in used and s not in pit_squares]
            gear = [free[len(free) // 2] if free else mine[12]]
        lines = [["+" if i % 2 == 0 and j % 2 == 0 else " " for j in range(11)] for i in range(11)]
        for row in range(1, 6):  # rotation 0: row 1 is the slot's highest rank
            rank = r0 + 5 - row
            for col in range(1, 6):
                sq_ = square(f0 + col - 1, rank)
                lines[2 * row - 1][2 * col - 1] = "G" if sq_ in gear else "O" if sq_ in pit_squares else "."
            for c in range(6):
                lines[2 * row - 1][2 * c] = mark(f0 + c - 1, rank, f0 + c, rank, "|")
        for r in range(6):
            for col in range(1, 6):
                lines[2 * r][2 * col - 1] = mark(f0 + col - 1, r0 + 5 - r, f0 + col - 1, r0 + 4 - r, "-")
        grids[slot] = "\n".join("".join(line) for line in lines) + "\n"
    return grids


def build(characters: str, cards: dict[str, dict[str, Any]], objects: str = "",
          grids: dict[int, str] | None = None, rooms: dict[int, str | int] | None = None,
          turn: bool = False) -> Position:
    """A legal position with its NPC cards inline, the score at 0-0."""
    extra = "cards:\n" + "".join(f"  {key}: {json.dumps(value)}\n" for key, value in cards.items())
    extra += "score: {player: 0, npc: 0}\n" + ("turn: {side: npc}\n" if turn else "")
    position = make_position(characters=characters, objects=objects, grids=grids, rooms=rooms, extra=extra)
    assert position.status() == [], position.status()
    for c in position.characters.values():
        if c.card is not None:
            card_for(position, c.id)  # every inline card is complete and valid
    return position


def sq(name: str) -> int:
    return parse_square(name)


def at(position: Position, character_id: str) -> str | None:
    where = position.character(character_id).at
    return None if where is None else square_name(where)


def exam(explanation: Explanation, mode: str, research: bool = False) -> ObjectiveExam:
    return next(o for o in explanation.objectives if o.mode == mode and o.research == research)


def kinds(explanation: Explanation) -> list[str]:
    return [s.kind for s in explanation.steps]


def of_kind(explanation: Explanation, kind: str) -> list[Step]:
    return [s for s in explanation.steps if s.kind == kind]
