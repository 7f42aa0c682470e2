"""The solo rulebook's worked examples Schémas 2, 3, 4, 6 and 7, rebuilt as positions, and the rules
they exercise (S-ACT, S-FIGHT, S-REVEAL-NPC, S-EXIT, S-PROX, S-REGROUP-2, AMB-TIE, AMB-APPROACH).

The pictures of the rulebook are lost (solo-examples.md): each board below is designed so that the
caption's facts hold on it, and each test asserts what solo-examples.md says a rebuild must assert.
The cards are given inline in the positions, so every test states the card it relies on; where the
rulebook does not print a field (Weak Ed's and Hur-Ban's class and lists, Lissandra's purple
objective) the value is chosen here and said so.

Board coordinates (formats.md section 1): files a-e are the left column of rooms, f-j the right one;
rank 0 is the yellow line (where NPCs exit), rank 21 the blue one. Slot 1 = a1-e5, 2 = f1-j5,
3 = a6-e10, 4 = f6-j10, 5 = a11-e15, 6 = f11-j15, 7 = a16-e20, 8 = f16-j20. Rooms are open 5x5 rooms
with the gear in the centre (builders.OPEN_GRID) unless a test draws the board with
:func:`board_grids` (rotation 0, from board-level squares and edges).
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable
from typing import Any

import pytest
from builders import make_position

from solo.automaton.activation import run_activation
from solo.automaton.explanation import Explanation, Step
from solo.automaton.table import RevealAnswer, RevealRequest, ScriptedTable
from solo.table.position import Position
from solo.table.search import cheapest_paths, npc_means
from solo.table.squares import (
    Direction,
    direction_between,
    neighbour,
    parse_square,
    rank_of,
    slot_of,
    slot_origin,
    square_name,
)

# -- building boards and cards ------------------------------------------------------------------

CLASSES = ("cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath")
FILES = "abcdefghij"
CENTRES = {1: "c3", 2: "h3", 3: "c8", 4: "h8", 5: "c13", 6: "h13", 7: "c18", 8: "h18"}


def _frame(name: str) -> tuple[int, int, int]:
    """(slot, row, column) of a room square in its layout at rotation 0 (row 1 = the blue side)."""
    sq = parse_square(name)
    slot = slot_of(sq)
    assert slot is not None, f"{name} is not a room square"
    f0, r0 = slot_origin(slot)
    return slot, 5 - (sq // 10 - r0), sq % 10 - f0 + 1


def board_grids(
    *,
    pits: Iterable[str] = (),
    gears: dict[int, str] | None = None,
    walls: Iterable[tuple[str, str]] = (),
    portcullises: Iterable[tuple[str, str]] = (),
) -> dict[int, str]:
    """The 11-line grid of every slot (formats.md section 2), drawn from board squares.

    Each edge (a, b) is two neighbouring squares; its mark is drawn on the side of every room square
    of the pair (so an edge between two rooms is marked on both, one towards a starting line on the
    room only). A slot's gear is its centre unless ``gears`` names another square.
    """
    gears = gears or {}
    grids = {s: [["+" if i % 2 == 0 and j % 2 == 0 else " " for j in range(11)] for i in range(11)]
             for s in range(1, 9)}
    for lines in grids.values():
        for r in range(1, 6):
            for c in range(1, 6):
                lines[2 * r - 1][2 * c - 1] = "."
    for name in pits:
        s, r, c = _frame(name)
        grids[s][2 * r - 1][2 * c - 1] = "O"
    for s in range(1, 9):
        _, r, c = _frame(gears.get(s, CENTRES[s]))
        assert grids[s][2 * r - 1][2 * c - 1] == ".", f"slot {s}: the gear cannot be on a pit"
        grids[s][2 * r - 1][2 * c - 1] = "G"
    for (horizontal, vertical), pairs in ((("-", "|"), walls), (("#", "#"), portcullises)):
        for a, b in pairs:
            for here, there in ((a, b), (b, a)):
                if slot_of(parse_square(here)) is None:
                    continue
                s, r, c = _frame(here)
                d = direction_between(parse_square(here), parse_square(there))
                assert d is not None, f"{a} and {b} are not neighbours"
                if d is Direction.NORTH:
                    grids[s][2 * (r - 1)][2 * c - 1] = horizontal
                elif d is Direction.SOUTH:
                    grids[s][2 * r][2 * c - 1] = horizontal
                elif d is Direction.WEST:
                    grids[s][2 * r - 1][2 * (c - 1)] = vertical
                else:
                    grids[s][2 * r - 1][2 * c] = vertical
    return {s: "\n".join("".join(line) for line in lines) + "\n" for s, lines in grids.items()}


def walled_in(name: str) -> tuple[tuple[str, str], ...]:
    """The edges all round a square (a gear no one can reach)."""
    sq = parse_square(name)
    return tuple((name, square_name(n)) for d in Direction if (n := neighbour(sq, d)) is not None)


def card(
    class_id: str,
    objectives: list[tuple[str, int]],
    objects: list[str],
    characters: list[str],
    default: int = 1,
    name: str = "Test NPC",
) -> dict[str, Any]:
    """A complete inline NPC card (formats.md section 5); ``characters`` is completed with the
    classes it does not name, in the order of CLASSES; ``default`` is the purple objective's rank."""
    return {
        "format": "dt-solo-card/1", "name": name, "class": class_id,
        "objectives": [{"mode": mode, "ap": ap, **({"default": True} if rank == default else {})}
                       for rank, (mode, ap) in enumerate(objectives, start=1)],
        "objects": list(objects),
        "characters": list(characters) + [c for c in CLASSES if c not in characters],
        "personality": {"text": "", "effects": []},
        "source": "custom", "unknown": [],
    }


def cards_section(cards: dict[str, dict[str, Any]]) -> str:
    """The position's ``cards:`` section (JSON is YAML)."""
    return "cards: " + json.dumps(cards)


def position(characters: str, cards: dict[str, dict[str, Any]], objects: str = "", **kwargs: Any) -> Position:
    pos = make_position(characters=characters, objects=objects, extra=cards_section(cards), **kwargs)
    assert pos.status() == []
    return pos


def at(pos: Position, character_id: str) -> str | None:
    sq = pos.character(character_id).at
    return None if sq is None else square_name(sq)


def kinds(explanation: Explanation) -> list[str]:
    return [s.kind for s in explanation.steps]


def steps_of(explanation: Explanation, kind: str) -> list[Step]:
    return [s for s in explanation.steps if s.kind == kind]


def attacks(explanation: Explanation) -> list[str]:
    return [s.fields["target"] for s in explanation.steps if s.kind == "attack"]


# -- the cards of the examples ---------------------------------------------------------------------

# Weak Ed (Schémas 2-4): objectives, quotas and the purple Exit are the rulebook's (lines 214-282).
# His class and lists are not printed: class telepath (movement 3, as in the demo deck), objects
# without the Fireball wand (line 216: the wand is not on his list), Cleric first among characters
# (line 218: the Cleric is the highest on his list of the enemies he can reach).
WEAK_ED = card("telepath",
               [("exit", 5), ("take_object", 4), ("fight", 4), ("reveal", 3), ("rotation", 2),
                ("regroup", 2)],
               ["rope", "key", "wounded", "shield", "bow", "spear"],
               ["cleric", "wizard", "banshee", "backstabber", "naga", "mechanork", "telepath", "colossus"],
               default=1, name="Weak Ed")

# Hur-Ban (Schéma 6): objective 1 Fight 5 AP, Cleric 1st and Wizard 2nd (line 413); the yellow
# Backstabber is his 3rd target on that board, so 3rd here. The rest is the demo deck's (banshee,
# movement 4).
HUR_BAN = card("banshee",
               [("fight", 5), ("repulse", 4), ("exit", 4), ("take_object", 3), ("reveal", 3), ("regroup", 2)],
               ["wounded", "bow", "spear", "shield", "rope", "key"],
               ["cleric", "wizard", "backstabber", "naga", "mechanork", "colossus", "banshee", "telepath"],
               default=3, name="Hur-Ban")

# Lissandra (Schéma 7) as printed (lines 478-512; Backstabber, movement 4); her purple objective is
# not identifiable in the text: Reveal room here, as in the demo deck. No personality effect is
# needed (she never carries a Rope here).
LISSANDRA = card("backstabber",
                 [("reveal", 5), ("exit", 3), ("take_object", 4), ("open_portcullis", 3), ("fight", 4),
                  ("rotation", 2)],
                 ["rope", "wounded", "spear", "bow", "shield", "wand"],
                 ["wizard", "banshee", "cleric", "mechanork", "naga", "telepath", "backstabber", "colossus"],
                 default=1, name="Lissandra")


# == Schéma 2: finding the first achievable objective (S-ACT-1, S-ACT-3, S-FIGHT-2) ================
#
# Walls close rank 1 from rank 2 across the whole board except at c2-c1, where the yellow
# Backstabber stands on c1: the only way to the yellow line goes through her (a fight). Pits fill
# rank 8 of slot 3: from c4 the Cleric on c13 is reached by c4-c7 (1 AP), a jump over c8 (1 AP) and
# c9-c12 (1 AP), then attacked (1 AP). The Wizard on e2 and the Backstabber are nearer, lower on his
# list. The wand on a4 is one move away; the Rope (on his list) is far out of reach on j20.

SCHEMA_2_WALLS = tuple((f + "1", f + "2") for f in FILES if f != "c")
SCHEMA_2_PITS = ("a8", "b8", "c8", "d8", "e8")


def schema_2(*, backstabber: bool = True, weak_ed: dict[str, Any] = WEAK_ED) -> Position:
    return position(
        """
        - {id: weak-ed, side: npc, card: weak-ed, at: c4}
        - {id: wizard, side: player, class: wizard, at: e2}
        - {id: cleric, side: player, class: cleric, at: c13}
        """ + ("- {id: backstabber, side: player, class: backstabber, at: c1}" if backstabber else ""),
        {"weak-ed": weak_ed},
        objects="""
        - {kind: wand, at: a4}
        - {kind: rope, at: j20}
        """,
        grids=board_grids(pits=SCHEMA_2_PITS, walls=SCHEMA_2_WALLS, gears={3: "a10"}),
    )


def test_schema_2_s_act_1_fight_is_the_first_achievable_objective() -> None:
    pos = schema_2()
    explanation = run_activation(pos, "weak-ed", ScriptedTable(combats=["win"]))
    assert [(o.rank, o.mode, o.achievable) for o in explanation.objectives] == [
        (1, "exit", False), (2, "take_object", False), (3, "fight", True)]
    assert explanation.chosen == {"rank": 3, "mode": "fight", "quota": 4, "default": False}


def test_schema_2_s_act_3_exit_through_an_enemy_is_not_achievable() -> None:
    explanation = run_activation(schema_2(), "weak-ed", ScriptedTable(combats=["win"]))
    assert explanation.objectives[0].mode == "exit"
    assert not explanation.objectives[0].achievable
    # Control: the Backstabber is the only obstacle; without her he exits within his 5 AP.
    control = run_activation(schema_2(backstabber=False), "weak-ed", ScriptedTable())
    assert control.objectives[0].achievable
    assert control.chosen is not None and control.chosen["mode"] == "exit"


def test_schema_2_s_take_1_an_object_off_his_list_is_not_achievable() -> None:
    explanation = run_activation(schema_2(), "weak-ed", ScriptedTable(combats=["win"]))
    assert explanation.objectives[1].mode == "take_object"
    assert not explanation.objectives[1].achievable
    # Control: the wand is within 4 AP: a card that lists it (and has no Exit first) takes it.
    with_wand = card("telepath", [("take_object", 4), ("exit", 5), ("fight", 4), ("reveal", 3),
                                  ("rotation", 2), ("regroup", 2)],
                     ["wand", "rope"], ["cleric"], default=2)
    control = run_activation(schema_2(weak_ed=with_wand), "weak-ed", ScriptedTable(combats=["win"]))
    assert control.objectives[0].achievable
    assert control.objectives[0].target == "a4" and "wand on a4" in control.objectives[0].reason


def test_schema_2_s_fight_2_targets_the_cleric_with_exactly_4_ap() -> None:
    pos = schema_2()
    explanation = run_activation(pos, "weak-ed", ScriptedTable(combats=["win"]))
    fight = explanation.objectives[2]
    assert fight.target == "cleric"  # not the nearer Wizard (2nd) or Backstabber (4th)
    assert kinds(explanation) == ["move", "jump", "move", "attack"]
    assert [s.fields["path"] for s in explanation.steps[:3]] == [
        ["c4", "c5", "c6", "c7"], ["c7", "c9"], ["c9", "c10", "c11", "c12"]]
    assert sum(s.ap for s in explanation.steps if s.kind != "attack") == 3
    assert attacks(explanation) == ["cleric"]
    assert explanation.ap_used == 4
    assert explanation.end == "c12"
    assert at(pos, "weak-ed") == "c12"
    assert pos.character("cleric").wounded
    assert not pos.character("wizard").wounded and not pos.character("backstabber").wounded


def picker_cell(carries: str = "") -> Position:
    """A Backstabber NPC on c3 shut in by walls, its only way out a closed portcullis c3-c2."""
    picker = card("backstabber", [("exit", 5), ("take_object", 4), ("fight", 4), ("reveal", 3),
                                  ("open_portcullis", 3), ("rotation", 2)], ["key", "rope"], ["cleric"],
                  default=1, name="Picker")
    held = f", carries: {carries}" if carries else ""
    return position(f"- {{id: npc, side: npc, card: picker, at: c3{held}}}", {"picker": picker},
                    grids=board_grids(walls=(("c3", "c4"), ("c3", "b3"), ("c3", "d3")),
                                      portcullises=(("c3", "c2"),), gears={1: "a1"}))


def test_s_act_3_exit_needing_a_paid_ability_is_not_achievable() -> None:
    # Lock-picking (1 AP) would open the way out within the Exit quota, but a paid ability is used
    # only inside its own objective: Exit is not achievable, Open portcullis (objective 5) is.
    pos = picker_cell()
    explanation = run_activation(pos, "npc", ScriptedTable())
    assert explanation.objectives[0].mode == "exit" and not explanation.objectives[0].achievable
    assert explanation.chosen == {"rank": 5, "mode": "open_portcullis", "quota": 3, "default": False}
    assert explanation.steps[0].kind == "open" and explanation.steps[0].fields["between"] == ["c3", "c2"]
    assert pos.score is None or pos.score.npc == 0  # it did not exit


def test_s_obj_7_with_a_key_the_exit_through_the_portcullis_is_achievable() -> None:
    pos = picker_cell(carries="key")
    explanation = run_activation(pos, "npc", ScriptedTable())
    assert explanation.objectives[0].achievable
    assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": False}
    assert kinds(explanation)[0] == "open" and kinds(explanation)[-1] == "exit"
    assert explanation.ap_used == 2  # open (1 AP), c2-c1-c0 (1 AP)
    assert pos.score is not None and pos.score.npc == 1


# == Schéma 3: the default objective (S-ACT-5, AMB-APPROACH) ========================================
#
# Walls across the board between ranks 10 and 11 (gap at j) and between ranks 5 and 6 (gap at a)
# make the way out from d13 a zigzag: d13 -> j11 -> j10 -> a6 -> a5 -> a0, 28 squares = 10 AP for
# a telepath. Every gear is walled in (no gear in reach), slot 8 is face down and walled off from
# the rooms (revealable only from the blue line, 4 AP away), the Rope and the Cleric lie beyond the wall of
# ranks 5/6 and the friendly Mechanork is 3 AP away.

SCHEMA_3_WALLS = (
    tuple((f + "10", f + "11") for f in FILES if f != "j")
    + tuple((f + "5", f + "6") for f in FILES if f != "a")
    + tuple((f + "15", f + "16") for f in "fghij")
    + tuple(("e" + str(r), "f" + str(r)) for r in range(16, 21))
    + tuple(edge for g in CENTRES.values() for edge in walled_in(g))
)
FRIEND = card("mechanork", [("rotation", 4), ("regroup", 5), ("fight", 3), ("take_object", 3), ("exit", 4),
                           ("reveal", 3)], ["key", "bow", "rope", "spear", "wand", "wounded"], ["cleric"],
             default=5, name="Friend")


def schema_3() -> Position:
    return position(
        """
        - {id: weak-ed, side: npc, card: weak-ed, at: d13}
        - {id: friend, side: npc, card: friend, at: a19}
        - {id: cleric, side: player, class: cleric, at: i2}
        """,
        {"weak-ed": WEAK_ED, "friend": FRIEND},
        objects="- {kind: rope, at: b1}",
        grids=board_grids(walls=SCHEMA_3_WALLS),
        rooms={8: "hidden"},
    )


def open_neighbours(walls: Iterable[tuple[str, str]], hidden_slots: set[int]) -> dict[str, list[str]]:
    """Neighbouring squares with no wall between them, from the test's own wall list (independent of
    the engine's geometry); the yellow line (rank 0) is included, the blue line and hidden rooms not."""
    blocked = {frozenset(pair) for pair in walls}
    squares = [f + str(r) for f in FILES for r in range(0, 21)
               if r == 0 or slot_of(parse_square(f + str(r))) not in hidden_slots]
    result: dict[str, list[str]] = {s: [] for s in squares}
    for s in squares:
        for d in Direction:
            n = neighbour(parse_square(s), d)
            if n is None or square_name(n) not in result or frozenset((s, square_name(n))) in blocked:
                continue
            if rank_of(parse_square(s)) == 0 and rank_of(n) == 0:
                continue  # never along the yellow line: entering it ends the move
            result[s].append(square_name(n))
    return result


def bfs(graph: dict[str, list[str]], sources: Iterable[str], stop_at: set[str]) -> dict[str, int]:
    """Steps from the sources; squares in ``stop_at`` are reached but not walked through."""
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        if here in stop_at and dist[here] > 0:
            continue
        for nxt in graph[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def test_schema_3_board_shortest_way_out_costs_10_ap() -> None:
    pos = schema_3()
    reach = cheapest_paths(pos, pos.character("weak-ed"), npc_means())
    assert min(cost for state, cost in reach.states() if state.exited)[0] == 10


def test_schema_3_s_act_5_no_objective_achievable_default_exit_5_ap() -> None:
    pos = schema_3()
    explanation = run_activation(pos, "weak-ed", ScriptedTable(dice=[2]))
    assert [(o.rank, o.mode) for o in explanation.objectives] == [
        (1, "exit"), (2, "take_object"), (3, "fight"), (4, "reveal"), (5, "rotation"), (6, "regroup")]
    assert not any(o.achievable for o in explanation.objectives)
    assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": True}
    assert explanation.ap_used == 5
    assert set(kinds(explanation)) == {"move"}
    assert at(pos, "weak-ed") == explanation.end


def test_schema_3_s_act_5_stops_at_the_furthest_point_along_a_shortest_way() -> None:
    pos = schema_3()
    explanation = run_activation(pos, "weak-ed", ScriptedTable(dice=[2]))
    # Computed here from the test's own walls: squares within 5 moves of 3 squares (15 steps; the
    # board has no pit and no other figure on the way), and the steps left from each to the yellow
    # line. The best stops leave the fewest steps (hence the fewest AP) to the exit.
    graph = open_neighbours(SCHEMA_3_WALLS, {8})
    yellow = {f + "0" for f in FILES}
    from_start = bfs(graph, ["d13"], yellow)
    to_exit = bfs(graph, sorted(yellow), set())
    shortest = min(from_start[y] for y in yellow if y in from_start)
    assert shortest == 28  # 10 AP of 3 squares
    reachable = [s for s, d in from_start.items() if d <= 15 and s not in yellow]
    best = min(to_exit[s] for s in reachable)
    best_stops = {s for s in reachable if to_exit[s] == best}
    assert best == shortest - 15
    end = explanation.end
    assert end in best_stops
    assert from_start[end] + to_exit[end] == shortest  # on a shortest way out, 15 squares along it
    assert sum(len(s.fields["path"]) - 1 for s in explanation.steps) == 15
    # Several stops are equally far along (different shortest ways): the die decides (S-PROX-3).
    assert len(best_stops) > 1
    assert len(explanation.ties) == 1
    tie = explanation.ties[0].tie
    shown = [re.findall(r"[a-j]\d{1,2}", label)[-1] for label in tie.options]
    assert set(shown) == best_stops
    assert tie.rolls == (2,) and tie.chosen == 1  # AMB-TIE: numbered 1..n, a 2 picks the second
    assert end == shown[1]


# == Schéma 4: "such a small step" (S-ACT-5/6, AMB-APPROACH) =========================================
#
# Weak Ed is locked in a cell b4-c4-d4 (slot 1): walls all round except a closed portcullis on
# d4-d3, the nearest way out. From d4 the way out needs 3 AP (open, d3-d1, d0) on the relaxed board;
# from c4 or b4 one more move. No object, enemy or friend is on the board, every room is revealed
# and the room's gear (c3) lies outside the cell.

SCHEMA_4_WALLS = (("b4", "b5"), ("c4", "c5"), ("d4", "d5"), ("b4", "a4"), ("d4", "e4"), ("b4", "b3"),
                  ("c4", "c3"))


def schema_4(start: str) -> Position:
    return position(f"- {{id: weak-ed, side: npc, card: weak-ed, at: {start}}}", {"weak-ed": WEAK_ED},
                    grids=board_grids(walls=SCHEMA_4_WALLS, portcullises=(("d4", "d3"),)))


def test_schema_4_s_act_5_amb_approach_one_ap_two_squares_against_the_portcullis() -> None:
    pos = schema_4("b4")
    explanation = run_activation(pos, "weak-ed", ScriptedTable())
    assert not any(o.achievable for o in explanation.objectives)
    assert len(explanation.objectives) == 6
    assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": True}
    assert kinds(explanation) == ["move"]
    assert explanation.steps[0].fields["path"] == ["b4", "c4", "d4"]  # 2 squares
    assert explanation.ap_used == 1
    assert explanation.end == "d4" and at(pos, "weak-ed") == "d4"  # touching the portcullis d4-d3
    assert explanation.ties == []


def test_s_act_6_cannot_get_closer_does_nothing() -> None:
    pos = schema_4("d4")
    explanation = run_activation(pos, "weak-ed", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["default"] is True
    assert explanation.steps == []
    assert explanation.ap_used == 0
    assert at(pos, "weak-ed") == "d4"
    assert "S-ACT-6" in explanation.deactivated.english()


# == Schéma 6: Fight mode and its continuation (S-FIGHT-2..5) ========================================
#
# Hur-Ban (banshee, movement 4) on a3; the Cleric on e3 (attacked from d3, 1 AP away), the Wizard
# on d7 (attacked from d6, 1 AP from d3), the yellow Backstabber on d12: from d6 her nearest
# attack square d11 is 5 squares away, more than one move. Open rooms.

def schema_6() -> Position:
    return position(
        """
        - {id: hur-ban, side: npc, card: hur-ban, at: a3}
        - {id: cleric, side: player, class: cleric, at: e3}
        - {id: wizard, side: player, class: wizard, at: d7}
        - {id: backstabber, side: player, class: backstabber, at: d12}
        """,
        {"hur-ban": HUR_BAN},
    )


def test_schema_6_s_fight_2_5_cleric_then_wizard_then_approach_the_backstabber() -> None:
    pos = schema_6()
    table = ScriptedTable(combats=["win", "win"])
    explanation = run_activation(pos, "hur-ban", table)
    assert explanation.chosen == {"rank": 1, "mode": "fight", "quota": 5, "default": False}
    assert explanation.objectives[0].target == "cleric"
    assert kinds(explanation) == ["move", "attack", "move", "attack", "move"]
    assert attacks(explanation) == ["cleric", "wizard"]
    assert [s.fields["outcome"] for s in steps_of(explanation, "attack")] == ["win", "win"]
    assert explanation.steps[0].fields["path"][-1] == "d3"
    assert explanation.steps[2].fields["path"][-1] == "d6"
    assert explanation.ap_used == 5
    # The 5th AP: as close as possible to the Backstabber, no AP left to attack her. d10 is the only
    # square within 4 squares of d6 one step from one of her attack squares (d11 is 5 squares away).
    assert explanation.end == "d10" and at(pos, "hur-ban") == "d10"
    assert explanation.steps[-1].ap == 1
    assert not pos.character("backstabber").wounded
    assert pos.character("cleric").wounded and pos.character("wizard").wounded
    assert len(table.log) == 2  # two combats, no third one


def test_schema_6_b_cmb_8_never_attacks_a_character_wounded_this_turn() -> None:
    pos = schema_6()
    explanation = run_activation(pos, "hur-ban", ScriptedTable(combats=["win", "win"]))
    # After the first win he stands on d3 next to the Cleric, his 1st target, with 3 AP left: the
    # Cleric was wounded this turn and is not attacked again (S-FIGHT-5 goes on to the Wizard).
    assert attacks(explanation).count("cleric") == 1
    assert "cleric" in pos.characters  # still on the board, wounded, not eliminated
    assert pos.turn is not None and {"cleric", "wizard"} <= set(pos.turn.wounded)
    seen: set[str] = set()
    for step in explanation.steps:
        if step.kind == "attack":
            assert step.fields["target"] not in seen
            if step.fields["outcome"] == "win":
                seen.add(step.fields["target"])


def test_s_fight_2_a_wounded_target_keeps_its_class() -> None:
    # The Cleric was wounded in an earlier turn: still a Cleric, still his 1st target (S-FIGHT-2).
    pos = position(
        """
        - {id: hur-ban, side: npc, card: hur-ban, at: a3}
        - {id: cleric, side: player, class: cleric, at: e3, wounded: true}
        - {id: wizard, side: player, class: wizard, at: b4}
        """,
        {"hur-ban": HUR_BAN},
    )
    explanation = run_activation(pos, "hur-ban", ScriptedTable(combats=["win", "win"]))
    assert explanation.objectives[0].target == "cleric"
    assert attacks(explanation)[0] == "cleric"
    assert "cleric" not in pos.characters  # a beaten wounded is eliminated (B-CMB-5)


def test_s_fight_3_a_tie_attacks_the_same_target_again() -> None:
    pos = schema_6()
    explanation = run_activation(pos, "hur-ban", ScriptedTable(combats=["tie", "win", "win"]))
    assert attacks(explanation) == ["cleric", "cleric", "wizard"]
    assert [s.fields["outcome"] for s in steps_of(explanation, "attack")] == ["tie", "win", "win"]
    assert kinds(explanation) == ["move", "attack", "attack", "move", "attack"]
    assert explanation.ap_used == 5
    assert explanation.end == "d6"


def test_s_fight_3_ties_until_the_ap_run_out() -> None:
    pos = schema_6()
    explanation = run_activation(pos, "hur-ban", ScriptedTable(combats=["tie", "tie", "tie", "tie"]))
    assert attacks(explanation) == ["cleric"] * 4
    assert explanation.ap_used == 5
    assert not pos.character("cleric").wounded and not pos.character("hur-ban").wounded


def test_s_fight_4_a_lost_combat_wounds_and_deactivates_the_npc() -> None:
    pos = schema_6()
    table = ScriptedTable(combats=["lose", "win", "win"])
    explanation = run_activation(pos, "hur-ban", table)
    assert kinds(explanation) == ["move", "attack"]
    assert attacks(explanation) == ["cleric"]
    assert explanation.ap_used == 2  # 3 AP of the quota left unused
    assert pos.character("hur-ban").wounded
    assert not pos.character("cleric").wounded
    assert at(pos, "hur-ban") == "d3"
    assert "S-FIGHT-4" in explanation.deactivated.english()
    assert len(table.log) == 1


# == Schéma 7: Reveal mode (S-REVEAL-NPC-2..4, S-OBJ-1, S-ACT-7) =====================================
#
# Lissandra (backstabber, movement 4) on a2 in slot 1; slots 2, 3 and 8 are face down. Walls close
# the side e-f of slot 1 except e2-f2, so room 2 is revealed from e2 (1 move, 4 squares, over the
# Bow on c2: 2 AP with the reveal). Pits fill rank 4 of slot 1, so room 3 (north) is revealed only
# after a jump to rank 5: from a2 that is 3 AP, so room 2 is the nearest. Once revealed, room 2 is
# a dead end at f2 (walled round), so from e2 the way to room 3 is e2-e3 (1 AP), the jump over e4
# to e5 (1 AP), the reveal (1 AP). Slot 8 stays face down, far away.

SCHEMA_7_WALLS = (("e1", "f1"), ("e3", "f3"), ("e4", "f4"), ("e5", "f5"), ("f2", "f3"), ("f2", "g2"),
                  ("f2", "f1"))
SCHEMA_7_PITS = ("a4", "b4", "c4", "d4", "e4")


def schema_7(hidden: tuple[int, ...] = (2, 3, 8)) -> Position:
    return position("- {id: lissandra, side: npc, card: lissandra, at: a2}", {"lissandra": LISSANDRA},
                    objects="- {kind: bow, at: c2}",
                    grids=board_grids(walls=SCHEMA_7_WALLS, pits=SCHEMA_7_PITS, gears={1: "a1"}),
                    rooms=dict.fromkeys(hidden, "hidden"))


def reveals(*slots: int) -> list[RevealAnswer]:
    """Each hidden slot turns out to be the position's own layout ``room<slot>`` (builders.py),
    at rotation 0, with no token landing on it."""
    return [RevealAnswer(layout=f"room{slot}", rotation=0, characters=[], objects=[]) for slot in slots]


def test_schema_7_s_reveal_npc_2_4_nearest_room_bow_on_the_way_jump_second_reveal_5_ap() -> None:
    pos = schema_7()
    table = ScriptedTable(reveals=reveals(2, 3))
    explanation = run_activation(pos, "lissandra", table)
    assert explanation.waiting is None
    assert explanation.objectives[0].achievable and explanation.objectives[0].cost == (2, 4)
    assert explanation.chosen == {"rank": 1, "mode": "reveal", "quota": 5, "default": False}
    assert [r.slot for r, _ in table.log if isinstance(r, RevealRequest)] == [2, 3]  # nearest first
    assert kinds(explanation) == ["move", "pick_up", "reveal", "move", "jump", "reveal"]
    assert explanation.steps[0].fields["path"] == ["a2", "b2", "c2", "d2", "e2"]
    assert explanation.steps[1].fields == {"at": "c2", "item": "bow"}  # S-OBJ-1, in passing
    assert explanation.steps[2].fields["slot"] == 2
    assert explanation.steps[3].fields["path"] == ["e2", "e3"]
    assert explanation.steps[4].fields["path"] == ["e3", "e5"] and explanation.steps[4].ap == 1  # S-ACT-7
    assert explanation.steps[5].fields["slot"] == 3 and explanation.steps[5].ap == 1  # the last AP
    assert explanation.ap_used == 5
    assert explanation.end == "e5" and at(pos, "lissandra") == "e5"
    assert pos.character("lissandra").carries == "bow"
    assert all(o.kind != "bow" for o in pos.objects)
    assert pos.board.is_revealed(2) and pos.board.is_revealed(3) and not pos.board.is_revealed(8)


def test_schema_7_reveal_answers_name_inline_layouts() -> None:
    # The RevealAnswer names a layout the position gives inline (builders: slot s -> "room<s>"):
    # apply_reveal must find it there (it is not in the room library).
    pos = schema_7()
    run_activation(pos, "lissandra", ScriptedTable(reveals=reveals(2, 3)))
    room = pos.board.room(2)
    assert room is not None and room.layout.id == "room2" and room.rotation == 0


def test_schema_7_without_the_table_s_answer_the_activation_waits() -> None:
    pos = schema_7()
    explanation = run_activation(pos, "lissandra", ScriptedTable())
    assert explanation.waiting is not None and explanation.waiting["for"] == "reveal"
    assert explanation.waiting["slot"] == 2
    # formats.md §4: the steps up to and including the one that needs the table (the reveal).
    assert kinds(explanation) == ["move", "pick_up", "reveal"]


def test_s_reveal_npc_5_revealing_the_last_room_deactivates_and_reveal_is_then_ignored() -> None:
    pos = schema_7(hidden=(2,))
    table = ScriptedTable(reveals=reveals(2))
    explanation = run_activation(pos, "lissandra", table)
    assert kinds(explanation) == ["move", "pick_up", "reveal"]
    assert explanation.ap_used == 2  # deactivated at once with 3 AP of the quota left
    assert "S-REVEAL-NPC-5" in explanation.deactivated.english()
    assert all(pos.board.is_revealed(s) for s in range(1, 9))
    # Her next activation: Reveal room is ignored, she goes on down her list.
    again = run_activation(pos, "lissandra", ScriptedTable())
    assert again.objectives[0].mode == "reveal" and not again.objectives[0].achievable
    assert "S-REVEAL-NPC-5" in again.objectives[0].reason
    assert again.chosen is not None and again.chosen["rank"] != 1


# == Proximity (S-PROX-1..4, AMB-TIE) ================================================================
#
# A telepath (movement 3) or a naga (movement 6) whose objective 1 is Fight with a small quota, two
# enemies of the same class (same rank on its list) so that only proximity tells them apart.

def fighter(class_id: str, quota: int) -> dict[str, Any]:
    return card(class_id, [("fight", quota), ("exit", 5), ("take_object", 4), ("reveal", 3), ("rotation", 2),
                           ("regroup", 2)], ["rope", "key"], ["cleric", "wizard"], default=2, name="Fighter")


@pytest.mark.parametrize(("die", "first_chosen"), [(2, True), (4, True), (6, True), (1, False), (3, False),
                                                   (5, False)])
def test_s_prox_3_amb_tie_two_way_tie_even_first_odd_second(die: int, first_chosen: bool) -> None:
    # From c3 each Cleric is attacked from one square 1 step away (b3 for cleric-a on a3, d3 for
    # cleric-b on e3): 2 AP and 1 square each; the die breaks the tie.
    pos = position(
        """
        - {id: npc, side: npc, card: fighter, at: c3}
        - {id: cleric-a, side: player, class: cleric, at: a3}
        - {id: cleric-b, side: player, class: cleric, at: e3}
        """,
        {"fighter": fighter("telepath", 2)},
    )
    explanation = run_activation(pos, "npc", ScriptedTable(combats=["win"], dice=[die]))
    assert len(explanation.ties) == 1
    tie = explanation.ties[0].tie
    assert len(tie.options) == 2 and tie.rolls == (die,)
    assert tie.chosen == (0 if first_chosen else 1)
    listed = [("b3" if "cleric-a" in label else "d3") for label in tie.options]
    assert sorted(listed) == ["b3", "d3"]
    expected = listed[tie.chosen]
    assert explanation.end == expected and at(pos, "npc") == expected
    assert attacks(explanation) == ["cleric-a" if expected == "b3" else "cleric-b"]
    assert explanation.ap_used == 2


def test_s_prox_1_fewest_ap_wins_over_fewer_squares() -> None:
    # A naga on a2; pits fill rank 4. cleric-b on h2 is attacked from g2: one move of 6 squares
    # (2 AP with the attack, 6 squares). cleric-a on a6 is attacked from a5: a2-a3 (1 AP), a jump over
    # a4 (1 AP): 3 AP with the attack but only 3 squares. Fewest AP first: cleric-b.
    pos = position(
        """
        - {id: npc, side: npc, card: fighter, at: a2}
        - {id: cleric-a, side: player, class: cleric, at: a6}
        - {id: cleric-b, side: player, class: cleric, at: h2}
        """,
        {"fighter": fighter("naga", 3)},
        grids=board_grids(pits=[f + "4" for f in FILES]),
    )
    explanation = run_activation(pos, "npc", ScriptedTable(combats=["lose"]))
    assert explanation.objectives[0].target == "cleric-b"
    assert explanation.objectives[0].cost == (2, 6)
    assert explanation.ties == []
    assert explanation.steps[0].kind == "move" and explanation.steps[0].fields["path"][-1] == "g2"
    assert attacks(explanation) == ["cleric-b"]


def test_s_prox_2_equal_ap_fewest_squares() -> None:
    # From c3: cleric-a on c7 is attacked from c6 (1 move of 3 squares), cleric-b on e3 from d3 (1
    # move of 1 square): 2 AP each with the attack; fewer squares: cleric-b.
    pos = position(
        """
        - {id: npc, side: npc, card: fighter, at: c3}
        - {id: cleric-a, side: player, class: cleric, at: c7}
        - {id: cleric-b, side: player, class: cleric, at: e3}
        """,
        {"fighter": fighter("telepath", 2)},
    )
    explanation = run_activation(pos, "npc", ScriptedTable(combats=["win"]))
    assert explanation.objectives[0].target == "cleric-b"
    assert explanation.objectives[0].cost == (2, 1)
    assert explanation.ties == []
    assert explanation.end == "d3"
    assert attacks(explanation) == ["cleric-b"]


def test_s_prox_4_target_priority_before_proximity_in_fight() -> None:
    # The Wizard (2nd) is attacked from d3 for 2 AP; the Cleric (1st) from c7 for 3 AP, within the
    # quota of 3: the Cleric.
    pos = position(
        """
        - {id: npc, side: npc, card: fighter, at: c3}
        - {id: wizard, side: player, class: wizard, at: e3}
        - {id: cleric, side: player, class: cleric, at: c8}
        """,
        {"fighter": fighter("telepath", 3)},
    )
    explanation = run_activation(pos, "npc", ScriptedTable(combats=["win"]))
    assert explanation.objectives[0].target == "cleric"
    assert attacks(explanation) == ["cleric"]
    assert explanation.end == "c7"
    assert not pos.character("wizard").wounded


def test_s_prox_4_s_take_2_best_ranked_object_before_the_nearest() -> None:
    # The Key (2nd on the list) lies next to the NPC on e3, off its way; the Rope (1st) on c8 is 2
    # moves away, within the quota of 4: it goes for the Rope and never takes the Key. Every gear is
    # walled in, so that with its 2 AP left it only approaches its default Exit (S-TAKE-6).
    taker = card("telepath", [("take_object", 4), ("exit", 5), ("fight", 4), ("reveal", 3), ("rotation", 2),
                              ("regroup", 2)], ["rope", "key"], ["cleric"], default=2, name="Taker")
    gears = {**CENTRES, 1: "a1", 3: "a10"}
    pos = position("- {id: npc, side: npc, card: taker, at: c3}", {"taker": taker},
                   objects="""
                   - {kind: key, at: e3}
                   - {kind: rope, at: c8}
                   """,
                   grids=board_grids(gears=gears, walls=[e for g in gears.values() for e in walled_in(g)]))
    explanation = run_activation(pos, "npc", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "take_object"
    assert explanation.objectives[0].target == "c8"  # formats.md §4: the object's square
    picked = [s.fields["item"] for s in explanation.steps if s.kind == "pick_up"]
    assert picked[:1] == ["rope"]
    assert "key" not in picked


# == S-ACT-7 jumps, S-EXIT-1..3 ======================================================================

def exiter(class_id: str = "telepath") -> dict[str, Any]:
    return card(class_id, [("exit", 5), ("take_object", 4), ("fight", 4), ("reveal", 3), ("rotation", 2),
                           ("regroup", 2)], ["rope", "key"], ["cleric"], default=1, name="Exiter")


def test_s_act_7_npc_jumps_for_1_ap_each_as_often_as_needed() -> None:
    # Pits fill ranks 2 and 4 across the board and walls close the yellow line except below c1: from
    # c5 the way out is two jumps (c5 over c4 to c3, c3 over c2 to c1), 1 AP each without any Jump
    # card, then one move onto the yellow line.
    pos = position("- {id: npc, side: npc, card: exiter, at: c5}", {"exiter": exiter()},
                   grids=board_grids(pits=[f + r for f in FILES for r in ("2", "4")],
                                     walls=[(f + "1", f + "0") for f in FILES if f != "c"]))
    explanation = run_activation(pos, "npc", ScriptedTable())
    assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": False}
    assert kinds(explanation) == ["jump", "jump", "move", "exit"]
    assert [s.fields["path"] for s in steps_of(explanation, "jump")] == [["c5", "c3"], ["c3", "c1"]]
    assert [s.ap for s in steps_of(explanation, "jump")] == [1, 1]
    assert explanation.steps[2].fields["path"] == ["c1", "c0"]
    assert explanation.ap_used == 3


def test_s_exit_1_3_exit_scores_1_vp_and_the_npc_leaves_with_its_object() -> None:
    pos = position(
        """
        - {id: npc, side: npc, card: exiter, at: c8, carries: key}
        """,
        {"exiter": exiter()},
        objects="- {kind: key, at: j20}",
    )
    npc_score = pos.score.npc if pos.score is not None else 0
    explanation = run_activation(pos, "npc", ScriptedTable())
    assert explanation.objectives[0].achievable and explanation.objectives[0].cost == (3, 8)
    assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": False}
    # S-EXIT-2: the most direct way, c8 straight down to c0 (3 moves of 3, 3 and 2 squares).
    moves = steps_of(explanation, "move")
    assert [sq for s in moves for sq in s.fields["path"][1:]] == [f"c{r}" for r in range(7, -1, -1)]
    assert kinds(explanation)[-1] == "exit"
    assert explanation.ap_used == 3
    assert pos.score is not None and pos.score.npc == npc_score + 1
    assert "npc" not in pos.characters or pos.character("npc").at is None
    # The Key it carried left the game with it; the other Key (on j20) is untouched.
    assert all(c.carries != "key" for c in pos.characters.values())
    assert [(o.kind, square_name(o.at)) for o in pos.objects] == [("key", "j20")]
    assert "S-EXIT-3" in explanation.deactivated.english()


def test_s_exit_1_not_achievable_beyond_the_quota() -> None:
    # From c17 the yellow line is 17 squares away: 6 AP > 5. No gear within 2 AP (slot 7's is walled
    # in, the others are far). The Exit is then approached as the default: 15 squares down to c2,
    # the only square 15 squares away on rank 2 (every other stop is further from the line).
    pos = position("- {id: npc, side: npc, card: exiter, at: c17}", {"exiter": exiter()},
                   grids=board_grids(gears={5: "a11", 7: "a20", 8: "j20"}, walls=walled_in("a20")))
    explanation = run_activation(pos, "npc", ScriptedTable())
    assert not explanation.objectives[0].achievable
    assert explanation.chosen is not None and explanation.chosen["default"] is True
    assert explanation.end == "c2" and explanation.ap_used == 5
    assert pos.score is None or pos.score.npc == 0


# == S-REGROUP-2 ====================================================================================

def test_s_regroup_2_already_next_to_the_best_friend_skips_regroup() -> None:
    # The NPC on c8 already stands next to the friendly Cleric (1st on its list) on c9; a friendly
    # Wizard (2nd) is reachable on e6. Regroup is skipped; objective 2 (Exit, 3 AP away) is taken.
    rest = [("take_object", 4), ("fight", 4), ("reveal", 3), ("rotation", 2)]
    regrouper = card("telepath", [("regroup", 3), ("exit", 5), *rest], ["rope", "key"], ["cleric", "wizard"],
                     default=2, name="Regrouper")
    friend_cleric = card("cleric", [("heal", 3), ("exit", 5), *rest], ["key"], ["cleric"], default=2,
                         name="Cleric friend")
    friend_wizard = card("wizard", [("regroup", 3), ("exit", 5), *rest], ["key"], ["cleric"], default=2,
                         name="Wizard friend")
    pos = position(
        """
        - {id: npc, side: npc, card: regrouper, at: c8}
        - {id: friend-cleric, side: npc, card: friend-cleric, at: c9}
        - {id: friend-wizard, side: npc, card: friend-wizard, at: e6}
        """,
        {"regrouper": regrouper, "friend-cleric": friend_cleric, "friend-wizard": friend_wizard},
    )
    explanation = run_activation(pos, "npc", ScriptedTable())
    regroup = explanation.objectives[0]
    assert regroup.mode == "regroup" and not regroup.achievable
    assert "S-REGROUP-2" in regroup.reason or "S-REGROUP-2" in regroup.rules
    assert explanation.chosen == {"rank": 2, "mode": "exit", "quota": 5, "default": False}
    assert kinds(explanation)[-1] == "exit"
