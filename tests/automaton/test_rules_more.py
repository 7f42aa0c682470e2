"""More rule tests for the NPC automaton: free and paid abilities (S-ACT-2/3, S-BREAK-3), Fight
(S-FIGHT-1/6/7), Reveal room (S-REVEAL-NPC-1/3/4), Take object (S-TAKE-4/6), Rotation (S-ROT-1/2),
Open portcullis (S-OPEN-2/3), objects (S-OBJ-3/6/7), personalities (S-PERS-LISSANDRA, ask effects,
S-COMBAT-5), the explanation's JSON (formats.md section 4) and incomplete cards.

Every test states the card it relies on inline (never the demo deck) and draws its board with
:func:`corridors`: every edge is a wall except along the paths and inside the areas given, so the
ways an NPC can take, and their costs, are exactly the ones the test names. Classes move: Telepath
3 squares, Mechanork 3, Colossus 2, Cleric/Backstabber/Wizard/Banshee 4, Naga 6 (rules/classes.yaml).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from builders import make_position
from corridor_boards import at, build, card, corridors, exam, kinds, of_kind, sq

from solo.automaton.activation import run_activation
from solo.automaton.explanation import Explanation
from solo.automaton.table import (
    CombatRequest,
    DieRequest,
    QuestionRequest,
    RevealAnswer,
    RevealRequest,
    ScriptedTable,
)
from solo.content.npccard import IncompleteCardError, load_card
from solo.content.personality import MODES
from solo.table.board import MarkerState
from solo.table.position import Character, Position, Side
from solo.table.squares import square_name

ROOT = Path(__file__).resolve().parents[2]


# -- cards ---------------------------------------------------------------------------------------------


def other_card(cls: str, objects: list[str] | None = None) -> dict[str, Any]:
    """The card of an NPC that only stands there in a test (never activated)."""
    return card(cls, "exit 4*, regroup 4, take_object 3, fight 2, reveal 3, rotation 2", objects or ["key"])


# -- boards --------------------------------------------------------------------------------------------


# -- reading an activation ----------------------------------------------------------------------------


def combats(table: ScriptedTable) -> list[CombatRequest]:
    return [r for r, _ in table.log if isinstance(r, CombatRequest)]


def requests(table: ScriptedTable) -> list[str]:
    """The kinds of the requests the activation made, in order."""
    return [r.kind for r, _ in table.log]


def exited(position: Position, npc_id: str) -> bool:
    return npc_id not in position.characters or position.character(npc_id).at is None


def npc_score(position: Position) -> int:
    return position.score.npc if position.score is not None else 0


# == S-ACT-2: free abilities count for achievability ============================================
def exiter(cls: str) -> dict[str, Any]:
    """Exit first with a quota of 1 AP; nothing else on the card can be done on the boards below."""
    return card(cls, "exit 1, fight 2, take_object 3, reveal 3, rotation 2, regroup 2*", ["key"])


@pytest.mark.parametrize(("cls", "achievable"), [("naga", True), ("telepath", False)])
def test_s_act_2_a_naga_exits_through_an_arrow_slit(cls: str, achievable: bool) -> None:
    # S-ACT-2: Contortionist is a free ability (B-NAGA-2). The only way out from c3 is c3-c2, through
    # the arrow slit c2-c1, then c1-c0: 3 squares, one move. A Telepath (control) cannot pass the slit.
    position = build("- {id: npc, side: npc, card: x, at: c3}", {"x": exiter(cls)},
                     grids=corridors("c3 c2", "c1 c0", slits=("c2-c1",)))
    explanation = run_activation(position, "npc", ScriptedTable())
    assert exam(explanation, "exit").achievable is achievable
    if achievable:
        assert exam(explanation, "exit").cost == (1, 3)
        assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 1, "default": False}
        assert kinds(explanation) == ["move", "exit"]
        assert explanation.steps[0].fields["path"] == ["c3", "c2", "c1", "c0"]
        assert explanation.ap_used == 1
        assert exited(position, "npc") and npc_score(position) == 1
    else:
        assert explanation.steps == []
        assert at(position, "npc") == "c3" and npc_score(position) == 0


@pytest.mark.parametrize(("cls", "achievable"), [("wizard", True), ("telepath", False)])
def test_s_act_2_a_wizard_levitates_over_a_pit_to_exit(cls: str, achievable: bool) -> None:
    # S-ACT-2: Levitation is free (B-WIZ-2): from c3 the Wizard crosses the pit c2 in one move
    # c3-c2-c1-c0 (1 AP). Anyone else must jump it (1 AP) and then move (1 AP): 2 AP > 1.
    position = build("- {id: npc, side: npc, card: x, at: c3}", {"x": exiter(cls)},
                     grids=corridors("c3 c2 c1 c0", pits=("c2",)))
    explanation = run_activation(position, "npc", ScriptedTable())
    exit_exam = exam(explanation, "exit")
    assert exit_exam.achievable is achievable
    if achievable:
        assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 1, "default": False}
        assert kinds(explanation) == ["move", "exit"]
        assert explanation.steps[0].fields["path"] == ["c3", "c2", "c1", "c0"]
        assert explanation.ap_used == 1 and npc_score(position) == 1
    else:
        assert exit_exam.cost == (2, 3)  # the jump and a move: over the quota
        assert npc_score(position) == 0


@pytest.mark.parametrize(("cls", "target"), [("wizard", "cleric"), ("telepath", "naga")])
def test_s_act_2_a_wizard_levitates_over_an_enemy_to_reach_its_target(cls: str, target: str) -> None:
    # S-ACT-2, B-WIZ-2: the Player's Naga (last but one on the list) blocks the corridor on c4; the
    # Cleric (1st) is on c1. The Wizard crosses the Naga (c5-c4-c3-c2, 1 AP) and attacks the Cleric
    # (1 AP); a Telepath (control) cannot cross it and can only fight the Naga.
    fighter = card(cls, "fight 2, exit 5*, take_object 4, reveal 3, regroup 3, rotation 2", ["key"],
                   ["cleric"])
    position = build("""
        - {id: npc, side: npc, card: x, at: c5}
        - {id: naga, side: player, class: naga, at: c4}
        - {id: cleric, side: player, class: cleric, at: c1}
        """, {"x": fighter}, grids=corridors("c5 c4 c3 c2 c1"))
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, "fight").target == target
    assert next(c.defenders for c in combats(table)) == (target,)
    if cls == "wizard":
        assert explanation.steps[0].fields["path"] == ["c5", "c4", "c3", "c2"]
        assert at(position, "npc") == "c2"
        assert position.character("cleric").wounded and not position.character("naga").wounded


# == S-ACT-3, S-BREAK-3: paid abilities only in their own objective ==============================
def cell(cls: str, objectives: str) -> Position:
    """An NPC on c3 whose only way out is c3-c2, a closed portcullis c2-c1, then c1-c0."""
    return build("- {id: npc, side: npc, card: x, at: c3}", {"x": card(cls, objectives, ["rope"])},
                 grids=corridors("c3 c2", "c1 c0", portcullises=("c2-c1",)))


def test_s_act_3_a_backstabber_does_not_lock_pick_its_way_out() -> None:
    # S-ACT-3: lock-picking costs 1 AP; move, pick, move would exit within 5 AP, but the ability may
    # be used only in Open portcullis mode, which this card does not have. No objective is achievable:
    # it approaches its default Exit (AMB-APPROACH: next to the portcullis) and opens nothing.
    position = cell("backstabber", "exit 5*, fight 4, take_object 4, reveal 3, regroup 3, rotation 2")
    explanation = run_activation(position, "npc", ScriptedTable())
    assert not exam(explanation, "exit").achievable
    assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": True}
    assert "open" not in kinds(explanation)
    assert at(position, "npc") == "c2"
    assert position.board.marker_state(sq("c2"), sq("c1")) is MarkerState.CLOSED
    assert npc_score(position) == 0


def test_s_break_3_a_colossus_does_not_break_its_way_out() -> None:
    # S-BREAK-3 (S-ACT-3): breaking would open the way out within the Exit quota, but a Colossus
    # breaks only in Break portcullis mode. Exit (1st) is not achievable; Break portcullis (2nd) is:
    # it breaks c2-c1 and stops there (it does not go on to exit: that is another objective).
    position = cell("colossus", "exit 5, break_portcullis 3, take_object 4, reveal 3, regroup 3, rotation 2*")
    explanation = run_activation(position, "npc", ScriptedTable())
    assert not exam(explanation, "exit").achievable
    assert explanation.chosen == {"rank": 2, "mode": "break_portcullis", "quota": 3, "default": False}
    assert kinds(explanation) == ["move", "break"]
    assert of_kind(explanation, "break")[0].fields["between"] == ["c2", "c1"]
    assert explanation.ap_used == 2
    assert position.board.marker_state(sq("c2"), sq("c1")) is MarkerState.BROKEN
    assert at(position, "npc") == "c2" and npc_score(position) == 0


# == S-FIGHT-1: reach an adjacent square and attack within the quota ============================
@pytest.mark.parametrize("quota", [3, 2])
def test_s_fight_1_achievable_exactly_at_the_quota(quota: int) -> None:
    # S-FIGHT-1: the Telepath (3 squares a move) on c3, the Cleric on c8 down a corridor: c7 is 4
    # squares away (2 moves) and the attack 1 AP more: 3 AP. Quota 3: achievable; quota 2: not.
    fighter = card("telepath", f"fight {quota}, exit 5*, take_object 4, reveal 3, regroup 3, rotation 2",
                   ["key"])
    position = build("""
        - {id: npc, side: npc, card: x, at: c3}
        - {id: cleric, side: player, class: cleric, at: c8}
        """, {"x": fighter}, grids=corridors("c3 c4 c5 c6 c7 c8"))
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    fight = exam(explanation, "fight")
    assert fight.cost == (3, 4) and fight.target == "cleric"
    if quota == 3:
        assert fight.achievable
        assert kinds(explanation) == ["move", "move", "attack"]
        assert [s.ap for s in explanation.steps] == [1, 1, 1]
        assert explanation.end == "c7" and position.character("cleric").wounded
    else:
        assert not fight.achievable
        assert explanation.chosen is not None and explanation.chosen["mode"] != "fight"
        assert combats(table) == [] and not position.character("cleric").wounded


# == S-FIGHT-6: group combats ===================================================================
def test_s_fight_6_a_friendly_npc_next_to_the_target_joins_the_attack() -> None:
    # S-FIGHT-6, B-GRP-1..3: the NPC attacks the Cleric on c5 from c4; its friend on d5 is adjacent to
    # the Cleric and must join; the Player's Wizard on e5, adjacent to that friend, joins the defence.
    fighter = card("telepath", "fight 2, exit 5*, take_object 4, reveal 3, regroup 3, rotation 2", ["key"],
                   ["cleric", "wizard"])
    position = build("""
        - {id: npc, side: npc, card: x, at: c3}
        - {id: friend, side: npc, card: friend, at: d5}
        - {id: cleric, side: player, class: cleric, at: c5}
        - {id: wizard, side: player, class: wizard, at: e5}
        """, {"x": fighter, "friend": other_card("colossus")}, grids=corridors(areas=("a1:e5",)))
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    [combat] = combats(table)
    assert combat.attackers == ("npc", "friend")
    assert combat.defenders == ("cleric", "wizard")
    assert not combat.ranged
    [attack] = of_kind(explanation, "attack")
    assert attack.fields["target"] == "cleric" and attack.fields["outcome"] == "win"
    assert attack.ap == 1 and explanation.ap_used == 2
    assert position.character("cleric").wounded and position.character("wizard").wounded
    assert not position.character("npc").wounded and not position.character("friend").wounded


# == S-FIGHT-7: an NPC with a Bow shoots first =================================================
BOWMAN = card("telepath", "fight 3, exit 5*, take_object 4, reveal 3, regroup 3, rotation 2", ["bow"],
              ["cleric", "wizard"])


def bowman(characters: str, quota: int = 3, grids: dict[int, str] | None = None) -> Position:
    archer = dict(BOWMAN, objectives=[{"mode": "fight", "ap": quota}, *BOWMAN["objectives"][1:]])
    return build(characters, {"x": archer}, grids=grids or corridors(areas=("a1:e5",)))


def test_s_fight_7_shoots_rather_than_walking_to_melee() -> None:
    # S-FIGHT-7: the Cleric on c5 is in line of sight of the NPC on c1, 4 squares away. Melee (c4,
    # then attack: 2 AP) is within the quota too, but the Bow comes first: one shot, no move.
    position = bowman("""
        - {id: npc, side: npc, card: x, at: c1, carries: bow}
        - {id: cleric, side: player, class: cleric, at: c5}
        """)
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, "fight").target == "cleric"
    assert kinds(explanation) == ["shoot"]
    assert explanation.steps[0].fields["target"] == "cleric" and explanation.steps[0].ap == 1
    [combat] = combats(table)
    assert combat.ranged and combat.defenders == ("cleric",)
    assert at(position, "npc") == "c1" and position.character("npc").carries == "bow"
    assert position.character("cleric").wounded


def test_s_fight_7_moves_to_shoot_the_best_ranked_enemy() -> None:
    # The Wizard (2nd) on c4 is in line from c1 at once; the Cleric (1st) on e3 only from e1 (d1-e1,
    # 1 move: 2 squares; c3 and d3 touch an enemy, B-BOW-4). It moves to e1 and shoots the Cleric.
    position = bowman("""
        - {id: npc, side: npc, card: x, at: c1, carries: bow}
        - {id: cleric, side: player, class: cleric, at: e3}
        - {id: wizard, side: player, class: wizard, at: c4}
        """, quota=2)
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, "fight").target == "cleric"
    assert kinds(explanation) == ["move", "shoot"]
    assert explanation.steps[0].fields["path"] == ["c1", "d1", "e1"]
    assert explanation.steps[1].fields["target"] == "cleric"
    assert [c.ranged for c in combats(table)] == [True]
    assert position.character("cleric").wounded and not position.character("wizard").wounded


def test_s_fight_7_a_shielded_best_target_the_next_listed_one_is_shot() -> None:
    # B-SHIELD-1: the Cleric (1st) on c5 carries the Large shield; the Wizard (2nd) on e1 can be shot.
    # "Only if no listed character can be shot" does it look for melee: it shoots the Wizard.
    position = bowman("""
        - {id: npc, side: npc, card: x, at: c1, carries: bow}
        - {id: cleric, side: player, class: cleric, at: c5, carries: shield}
        - {id: wizard, side: player, class: wizard, at: e1}
        """, quota=2)
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert kinds(explanation)[0] == "shoot"
    assert explanation.steps[0].fields["target"] == "wizard"
    assert combats(table)[0].ranged
    assert not position.character("cleric").wounded and position.character("wizard").wounded


def test_s_fight_7_no_enemy_can_be_shot_shielded_target_melee() -> None:
    # The only enemy carries the Large shield (B-SHIELD-1): no shot is possible, melee instead.
    position = bowman("""
        - {id: npc, side: npc, card: x, at: c1, carries: bow}
        - {id: cleric, side: player, class: cleric, at: c5, carries: shield}
        """)
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert kinds(explanation) == ["move", "attack"]
    assert explanation.steps[0].fields["path"] == ["c1", "c2", "c3", "c4"]
    assert explanation.steps[1].fields["target"] == "cleric"
    [combat] = combats(table)
    assert not combat.ranged and combat.attackers == ("npc",)
    assert position.character("cleric").wounded


def test_s_fight_7_an_enemy_adjacent_to_the_npc_no_shot_melee() -> None:
    # A corridor c1..c5: the Wizard (2nd) on c2 touches the NPC on c3, so it cannot shoot from there
    # (B-BOW-4); on c4 it would touch the Cleric (1st) on c5. No listed enemy can be shot anywhere:
    # it walks to c4 and attacks the Cleric in melee (the best-ranked, S-FIGHT-2).
    position = bowman("""
        - {id: npc, side: npc, card: x, at: c3, carries: bow}
        - {id: cleric, side: player, class: cleric, at: c5}
        - {id: wizard, side: player, class: wizard, at: c2}
        """, quota=2, grids=corridors("c1 c2 c3 c4 c5"))
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, "fight").target == "cleric"
    assert kinds(explanation) == ["move", "attack"]
    assert explanation.steps[0].fields["path"] == ["c3", "c4"]
    assert [c.ranged for c in combats(table)] == [False]
    assert position.character("cleric").wounded and not position.character("wizard").wounded


def test_s_fight_5_with_a_bow_the_next_target_is_attacked_even_if_another_can_be_shot() -> None:
    # S-FIGHT-5 with S-FIGHT-7 (AMB-FIGHT-NEXT): corridors c1..c5 and c1 d1 d2. The NPC on c1 shoots
    # the Cleric (1st) on c4 and wounds it; 3 AP left. The next target is the Wizard (2nd) on d2: no
    # square in line with it can see it (walls), but d1 touches it: 1 move, 1 attack. The Colossus
    # (3rd) on a1 could be shot from c1, but the NPC does not switch to a lower-ranked enemy: it
    # walks to d1 and attacks the Wizard in melee (before: it only moved closer, no attack). With its
    # last AP it shoots the Colossus from d1, the next target (the wounded Wizard does not stop a shot).
    position = bowman("""
        - {id: npc, side: npc, card: x, at: c1, carries: bow}
        - {id: cleric, side: player, class: cleric, at: c4}
        - {id: wizard, side: player, class: wizard, at: d2}
        - {id: colossus, side: player, class: colossus, at: a1}
        """, quota=4, grids=corridors("a1 b1 c1", "c1 c2 c3 c4 c5", "c1 d1 d2"))
    table = ScriptedTable(combats=["win", "win", "win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, "fight").target == "cleric"
    assert kinds(explanation) == ["shoot", "move", "attack", "shoot"]
    assert explanation.steps[1].fields["path"] == ["c1", "d1"]
    assert explanation.steps[2].fields["target"] == "wizard"
    assert explanation.steps[3].fields["target"] == "colossus"
    assert [c.ranged for c in combats(table)] == [True, False, True]
    assert all(position.character(c).wounded for c in ("cleric", "wizard", "colossus"))
    assert at(position, "npc") == "d1" and explanation.ap_used == 4


# == Reveal room (S-REVEAL-NPC-1/3/4) =========================================================
REVEALER = card("telepath", "reveal 3, exit 5*, take_object 4, fight 3, regroup 3, rotation 2", ["key"])


def room(slot: int, *characters: Character) -> RevealAnswer:
    """The hidden slot turns out to be the position's own layout ``room<slot>`` (builders.py)."""
    return RevealAnswer(layout=f"room{slot}", rotation=0, characters=list(characters), objects=[])


@pytest.mark.parametrize("edge", ["open", "wall", "portcullis", "slit"])
def test_s_reveal_npc_1_only_through_a_side_with_direct_access(edge: str) -> None:
    # S-REVEAL-NPC-1, B-REV-3: a corridor a3..e3 in slot 1; room 2 (hidden) touches it only on the
    # side e3-f3. Open: revealed from e3 (1 move, 1 AP). A wall, a closed portcullis or an arrow slit
    # gives no direct access: Reveal room is not achievable and no room is revealed.
    paths = ["a3 b3 c3 d3 e3"] + (["e3 f3"] if edge == "open" else [])
    marks = {"portcullis": {"portcullises": ("e3-f3",)}, "slit": {"slits": ("e3-f3",)}}.get(edge, {})
    position = build("- {id: npc, side: npc, card: x, at: b3}", {"x": REVEALER},
                     grids=corridors(*paths, **marks), rooms={2: "hidden", 8: "hidden"})
    table = ScriptedTable(reveals=[room(2)])
    explanation = run_activation(position, "npc", table)
    reveal = exam(explanation, "reveal")
    if edge == "open":
        assert reveal.achievable and reveal.target == 2 and reveal.cost == (2, 3)
        assert kinds(explanation) == ["move", "reveal"]
        assert explanation.steps[1].fields["slot"] == 2
        assert position.board.is_revealed(2)
    else:
        assert not reveal.achievable
        assert not any(isinstance(r, RevealRequest) for r, _ in table.log)
        assert not position.board.is_revealed(2)


@pytest.mark.parametrize(("friend", "stop"), [(False, "e3"), (True, "e4")])
def test_s_reveal_npc_3_stops_on_the_first_valid_adjacent_square(friend: bool, stop: str) -> None:
    # S-REVEAL-NPC-3: the Naga (6 squares a move) on a3; e3 and e4 both touch room 2 (open sides
    # e3-f3, e4-f4). It stops on e3, 4 squares along, with steps left in its move; when a friendly
    # NPC stands on e3 (not a valid stop) it crosses it and stops on e4.
    naga = card("naga", "reveal 2, exit 5*, take_object 4, fight 3, regroup 3, rotation 2", ["key"])
    characters = "- {id: npc, side: npc, card: x, at: a3}\n"
    cards = {"x": naga}
    if friend:
        characters += "- {id: friend, side: npc, card: friend, at: e3}\n"
        cards["friend"] = other_card("mechanork")
    position = build(characters, cards, grids=corridors("a3 b3 c3 d3 e3 f3", "e3 e4 f4"),
                     rooms={2: "hidden", 8: "hidden"})
    explanation = run_activation(position, "npc", ScriptedTable(reveals=[room(2)]))
    assert kinds(explanation) == ["move", "reveal"]
    assert explanation.steps[0].fields["path"][-1] == stop
    assert explanation.steps[0].ap == 1 and explanation.ap_used == 2
    assert explanation.end == stop and at(position, "npc") == stop


@pytest.mark.parametrize("quota", [4, 3])
def test_s_reveal_npc_4_with_ap_left_the_next_nearest_room_newcomers_enter(quota: int) -> None:
    # S-REVEAL-NPC-4: the Telepath on c3 reveals room 2 from e3 (1 move, 1 AP). A naga NPC token is
    # teleported into it (S-REVEAL-8: it enters play). With 2 AP left it goes down to e6 (3 squares,
    # 1 AP), which touches room 4 (side e6-f6), and reveals it. With a quota of 3 it only gets there.
    revealer = dict(REVEALER, objectives=[{"mode": "reveal", "ap": quota}, *REVEALER["objectives"][1:]])
    position = build("- {id: npc, side: npc, card: x, at: c3}", {"x": revealer, "newbie": other_card("naga")},
                     grids=corridors("c3 d3 e3 f3", "e3 e4 e5 e6 f6"),
                     rooms={2: "hidden", 4: "hidden", 8: "hidden"})
    newbie = Character("newbie", Side.NPC, "naga", sq("g3"), card="newbie")
    table = ScriptedTable(reveals=[room(2, newbie), room(4)])
    explanation = run_activation(position, "npc", table)
    first = explanation.steps[1]
    assert first.kind == "reveal" and first.fields["slot"] == 2 and first.fields["entered"] == ["newbie"]
    assert at(position, "newbie") == "g3" and position.character("newbie").side is Side.NPC
    assert not position.character("newbie").wounded
    assert explanation.steps[2].kind == "move"
    assert explanation.steps[2].fields["path"] == ["e3", "e4", "e5", "e6"]
    assert at(position, "npc") == "e6"
    if quota == 4:
        assert kinds(explanation) == ["move", "reveal", "move", "reveal"]
        assert explanation.steps[3].fields == {"slot": 4, "entered": []}
        assert [r.slot for r, _ in table.log if isinstance(r, RevealRequest)] == [2, 4]
        assert position.board.is_revealed(4)
    else:
        assert kinds(explanation) == ["move", "reveal", "move"]
        assert not position.board.is_revealed(4)
    assert explanation.ap_used == quota


# == Take object (S-TAKE-4, S-TAKE-6) ===========================================================
def carrier(objects: list[str]) -> dict[str, Any]:
    return card("telepath", "take_object 4, fight 4*, exit 5, reveal 3, regroup 3, rotation 2", objects,
                ["cleric"])


def wounded_friend_board(objects: list[str], cleric: bool = True) -> Position:
    # A corridor c1..c5: the NPC on c1, its wounded friend Xanth on c3, the Player's Cleric on c5.
    characters = """
        - {id: npc, side: npc, card: x, at: c1}
        - {id: xanth, side: npc, card: xanth, at: c3, wounded: true}
        """ + ("- {id: cleric, side: player, class: cleric, at: c5}" if cleric else "")
    return build(characters, {"x": carrier(objects), "xanth": other_card("mechanork")},
                 grids=corridors("c1 c2 c3 c4 c5"))


@pytest.mark.parametrize("listed", [True, False])
def test_s_take_4_a_wounded_friend_is_an_object_to_take(listed: bool) -> None:
    # S-TAKE-4, S-CARD-4: "wounded" on the card's list makes the wounded Xanth (on c3, 2 squares from
    # the NPC on c1) a target of Take object; without the entry it is never wanted: Take object is not
    # achievable and Xanth stays where he lies.
    position = wounded_friend_board(["wounded", "key"] if listed else ["key"], cleric=False)
    explanation = run_activation(position, "npc", ScriptedTable())
    take = exam(explanation, "take_object")
    assert take.achievable is listed
    if listed:
        assert take.target == "xanth" and take.cost == (1, 2)
        assert explanation.chosen == {"rank": 1, "mode": "take_object", "quota": 4, "default": False}
        assert of_kind(explanation, "pick_up")[0].fields == {"at": "c3", "item": "wounded xanth"}
        assert position.character("npc").carries == "xanth"
        assert position.character("xanth").at is None and position.character("xanth").wounded
    else:
        assert position.character("npc").carries is None
        assert at(position, "xanth") == "c3"
    assert position.status() == []


def test_s_take_6_after_the_pick_up_the_objectives_are_searched_again_from_1() -> None:
    # S-TAKE-6: Xanth picked up on c3 with the 1st AP (1 step of that move left). With 3 AP left the
    # objectives are searched again from 1: Take object (nothing better than the wounded it holds)
    # no, Fight yes: the last step to c4 (no AP) and the attack on the Cleric (1 AP).
    position = wounded_friend_board(["wounded", "key"])
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert [(o.rank, o.mode, o.achievable, o.research) for o in explanation.objectives] == [
        (1, "take_object", True, False), (1, "take_object", False, True), (2, "fight", True, True)]
    assert exam(explanation, "fight", research=True).target == "cleric"
    # Still in Take object mode with its quota (S-ACT-4).
    assert explanation.chosen == {"rank": 1, "mode": "take_object", "quota": 4, "default": False}
    assert kinds(explanation) == ["move", "pick_up", "move", "attack"]
    assert explanation.steps[2].fields["path"] == ["c3", "c4"] and explanation.steps[2].ap == 0
    assert explanation.ap_used == 2
    assert position.character("npc").carries == "xanth" and at(position, "npc") == "c4"
    assert position.character("cleric").wounded


# == Rotation (S-ROT-1, S-ROT-2) ================================================================
def rotor(quota: int) -> dict[str, Any]:
    return card("telepath", f"rotation {quota}, exit 5*, take_object 4, fight 3, regroup 3, reveal 2",
                ["key"])


def rotation_rolls(table: ScriptedTable) -> list[DieRequest]:
    return [r for r, _ in table.log if isinstance(r, DieRequest) and r.purpose == "rotation"]


def test_s_rot_1_reaching_the_gear_with_no_ap_left_still_rotation_mode() -> None:
    # S-ROT-1: open rooms; the gear c3 is 2 squares from c5 (1 AP), the whole quota. It enters
    # Rotation mode, reaches the gear and does nothing more: no roll of the rotation die.
    position = build("- {id: npc, side: npc, card: x, at: c5}", {"x": rotor(1)})
    table = ScriptedTable(dice=[1])
    explanation = run_activation(position, "npc", table)
    assert explanation.chosen == {"rank": 1, "mode": "rotation", "quota": 1, "default": False}
    assert exam(explanation, "rotation").target == "c3"
    assert kinds(explanation) == ["move"] and explanation.steps[0].fields["path"] == ["c5", "c4", "c3"]
    assert explanation.ap_used == 1
    assert rotation_rolls(table) == [] and table.log == []
    assert at(position, "npc") == "c3"
    own = position.board.room(1)
    assert own is not None and own.rotation == 0
    assert explanation.deactivated


@pytest.mark.parametrize(("start", "gear", "slot"), [("c5", "c3", 1), ("c6", "c8", 3)])
def test_s_rot_2_of_two_reachable_gears_the_nearest(start: str, gear: str, slot: int) -> None:
    # S-ROT-2: open rooms; from c5 the gear c3 (2 squares) and the gear c8 (3 squares) both cost 1 AP:
    # fewest squares (S-PROX-2). From c6 it is the other way round. Die face 1 = 1 AP clockwise:
    # slots 1 and 3 turn clockwise (builders.py), so the room of the gear reached turns.
    position = build(f"- {{id: npc, side: npc, card: x, at: {start}}}", {"x": rotor(3)})
    table = ScriptedTable(dice=[1])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, "rotation").target == gear
    assert explanation.ties == []
    assert at(position, "npc") == gear
    assert [s.fields for s in of_kind(explanation, "rotate")] == [
        {"slot": slot, "quarter_turns": 1, "sense": "cw"}]
    assert len(rotation_rolls(table)) == 1
    turned = position.board.room(slot)
    assert turned is not None and turned.rotation == 1


# == Open portcullis (S-OPEN-2, S-OPEN-3) =======================================================
def test_s_open_2_after_opening_the_next_nearest_from_where_it_stands() -> None:
    # A corridor a3 ... j3 closed at a3-b3, f3-g3 and h3-i3; the Backstabber (4 squares a move) on e3.
    # f3-g3 first (1 square, then open: 2 AP; b3 is 3 squares away). From f3 the next nearest is
    # h3-i3 (f3-g3-h3 through the opened portcullis, 2 squares), not a3-b3 (4 squares).
    opener = card("backstabber", "open_portcullis 4, exit 5*, take_object 4, fight 3, regroup 3, rotation 2",
                  ["rope"])
    position = build("- {id: npc, side: npc, card: x, at: e3}", {"x": opener},
                     grids=corridors("a3 b3 c3 d3 e3 f3 g3 h3 i3 j3",
                                     portcullises=("a3-b3", "f3-g3", "h3-i3")))
    explanation = run_activation(position, "npc", ScriptedTable())
    assert explanation.chosen == {"rank": 1, "mode": "open_portcullis", "quota": 4, "default": False}
    assert exam(explanation, "open_portcullis").cost == (2, 1)
    assert kinds(explanation) == ["move", "open", "move", "open"]
    assert [s.fields["between"] for s in of_kind(explanation, "open")] == [["f3", "g3"], ["h3", "i3"]]
    assert explanation.steps[2].fields["path"] == ["f3", "g3", "h3"]
    assert explanation.ap_used == 4
    board = position.board
    assert board.marker_state(sq("f3"), sq("g3")) is MarkerState.OPEN
    assert board.marker_state(sq("h3"), sq("i3")) is MarkerState.OPEN
    assert board.marker_state(sq("a3"), sq("b3")) is MarkerState.CLOSED


BACKSTABBER = card("backstabber", "fight 4, open_portcullis 2, exit 5*, take_object 4, regroup 3, rotation 2",
                   ["key"], ["cleric"])


def behind_portcullis(npc: str, cards: dict[str, dict[str, Any]]) -> Position:
    # A corridor c3-d3 | e3-f3 with a closed portcullis d3-e3; the Player's Cleric on f3.
    return build(npc + "\n- {id: cleric, side: player, class: cleric, at: f3}", cards,
                 grids=corridors("c3 d3", "e3 f3", portcullises=("d3-e3",)))


def test_s_open_3_a_backstabber_does_not_lock_pick_for_a_fight() -> None:
    # S-OPEN-3 (S-ACT-3): c3-d3, lock-pick, d3-e3, attack = 4 AP, the Fight quota; but lock-picking
    # is for Open portcullis mode only: Fight is not achievable, Open portcullis (2nd) is, and the
    # Backstabber opens d3-e3 and stops there, without attacking.
    position = behind_portcullis("- {id: npc, side: npc, card: x, at: c3}", {"x": BACKSTABBER})
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert not exam(explanation, "fight").achievable
    assert explanation.chosen == {"rank": 2, "mode": "open_portcullis", "quota": 2, "default": False}
    assert kinds(explanation) == ["move", "open"]
    assert combats(table) == [] and not position.character("cleric").wounded
    assert at(position, "npc") == "d3"
    assert position.board.marker_state(sq("d3"), sq("e3")) is MarkerState.OPEN


# == Objects (S-OBJ-3, S-OBJ-6, S-OBJ-7) =======================================================
@pytest.mark.parametrize("mode", ["fight", "regroup"])
def test_s_obj_3_drops_its_object_on_the_last_valid_square_to_stop_there(mode: str) -> None:
    # S-OBJ-3: a corridor c1..c5; the NPC on c1 carries the Key. Its target on c5 (the Player's Cleric
    # to fight, or a friendly Cleric to join) is reached only from c4, where an unlisted Telescoping
    # spear lies: it may not stop there holding the Key (B-GOLD-3, one object a square). The objective
    # comes first: it leaves the Key on c3, the last valid square, and stops on c4 (the spear stays).
    objectives = {"fight": "fight 3, regroup 3, exit 5*, take_object 4, reveal 3, rotation 2",
                  "regroup": "regroup 3, fight 3, exit 5*, take_object 4, reveal 3, rotation 2"}[mode]
    npc_card = card("telepath", objectives, ["key"], ["cleric"])
    side = "player, class: cleric" if mode == "fight" else "npc, card: friend"
    position = build(f"""
        - {{id: npc, side: npc, card: x, at: c1, carries: key}}
        - {{id: cleric, side: {side}, at: c5}}
        """, {"x": npc_card, "friend": other_card("cleric", ["rope"])}, objects="- {kind: spear, at: c4}",
                     grids=corridors("c1 c2 c3 c4 c5"))
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, mode).achievable
    assert explanation.chosen is not None and explanation.chosen["mode"] == mode
    assert explanation.steps[0].kind == "move"
    assert explanation.steps[0].fields["path"] == ["c1", "c2", "c3", "c4"]
    [drop] = of_kind(explanation, "drop")
    assert drop.fields == {"at": "c3", "item": "key"} and drop.ap == 0
    assert at(position, "npc") == "c4" and position.character("npc").carries is None
    assert sorted((o.kind, square_name(o.at)) for o in position.objects) == [("key", "c3"), ("spear", "c4")]
    assert position.status() == []
    if mode == "fight":
        assert kinds(explanation)[-1] == "attack" and position.character("cleric").wounded


@pytest.mark.parametrize(("key_on_c4", "listed", "achievable"), [
    (True, True, True),     # the Key on the way opens c2-c1
    (False, True, False),   # control: no Key
    (True, False, False),   # control: a Key not on its list is never picked up
])
def test_s_obj_6_a_key_picked_up_on_the_way_makes_exit_achievable(
        key_on_c4: bool, listed: bool, achievable: bool) -> None:
    # S-OBJ-6, S-OBJ-1: a Telepath (no paid ability) on c5; the way out is c4-c3-c2, the closed
    # portcullis c2-c1, c1-c0. With the Key lying on c4 it is picked up on the way: move (1 AP), open
    # with the Key (1 AP, S-OBJ-7), move and exit (1 AP): Exit 3 AP is achievable thanks to it.
    exit_card = card("telepath", "exit 3, fight 3, take_object 4, reveal 3, regroup 3, rotation 2*",
                     ["key"] if listed else ["rope"])
    position = build("- {id: npc, side: npc, card: x, at: c5}", {"x": exit_card},
                     objects="- {kind: key, at: c4}" if key_on_c4 else "",
                     grids=corridors("c5 c4 c3 c2", "c1 c0", portcullises=("c2-c1",)))
    explanation = run_activation(position, "npc", ScriptedTable())
    assert exam(explanation, "exit").achievable is achievable
    if achievable:
        assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 3, "default": False}
        assert kinds(explanation) == ["move", "pick_up", "open", "move", "exit"]
        assert explanation.steps[1].fields == {"at": "c4", "item": "key"}
        assert explanation.steps[2].fields["between"] == ["c2", "c1"] and explanation.steps[2].ap == 1
        assert explanation.ap_used == 3
        assert npc_score(position) == 1 and exited(position, "npc")
        assert position.objects == []  # the Key left the game with it (S-EXIT-3)
    else:
        assert npc_score(position) == 0
        assert position.board.marker_state(sq("c2"), sq("c1")) is MarkerState.CLOSED


@pytest.mark.parametrize("mode", ["fight", "regroup"])
def test_s_obj_7_a_key_carrier_opens_portcullises_for_any_objective(mode: str) -> None:
    # S-OBJ-7: the NPC on d3 carries the Key; its target on f3 is behind the closed portcullis d3-e3.
    # Fight: open (1 AP), d3-e3 (1 AP), attack (1 AP); Regroup: open, d3-e3 next to the friend.
    objectives = {"fight": "fight 3, regroup 3, exit 5*, take_object 4, reveal 3, rotation 2",
                  "regroup": "regroup 2, fight 3, exit 5*, take_object 4, reveal 3, rotation 2"}[mode]
    target = ("- {id: cleric, side: player, class: cleric, at: f3}" if mode == "fight"
              else "- {id: cleric, side: npc, card: friend, at: f3}")
    position = build("- {id: npc, side: npc, card: x, at: d3, carries: key}\n" + target,
                     {"x": card("telepath", objectives, ["key"], ["cleric"]), "friend": other_card("cleric")},
                     grids=corridors("c3 d3", "e3 f3", portcullises=("d3-e3",)))
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert exam(explanation, mode).achievable and exam(explanation, mode).target == "cleric"
    assert explanation.chosen is not None and explanation.chosen["mode"] == mode
    assert kinds(explanation)[:2] == ["open", "move"]
    assert explanation.steps[0].fields["between"] == ["d3", "e3"] and explanation.steps[0].ap == 1
    assert position.board.marker_state(sq("d3"), sq("e3")) is MarkerState.OPEN
    assert at(position, "npc") == "e3" and position.character("npc").carries == "key"
    if mode == "fight":
        assert kinds(explanation) == ["open", "move", "attack"] and explanation.ap_used == 3
        assert position.character("cleric").wounded
    else:
        assert kinds(explanation) == ["open", "move"] and explanation.ap_used == 2


def test_s_obj_7_b_rev_3_a_key_carrier_opens_a_portcullis_to_reveal_the_room_behind() -> None:
    # S-OBJ-7 ("pour atteindre son objectif, quel qu'il soit") with B-REV-3 (an open portcullis gives
    # direct access): the corridor a3..e3 touches the hidden room 2 only through the closed portcullis
    # e3-f3. Carrying the Key, the Telepath on c3 moves to e3 (1 AP), opens it (1 AP) and reveals room 2
    # (1 AP): Reveal room 3 AP is achievable. Without the Key it is not (the S-REVEAL-NPC-1 test).
    position = build("- {id: npc, side: npc, card: x, at: c3, carries: key}", {"x": REVEALER},
                     grids=corridors("a3 b3 c3 d3 e3", portcullises=("e3-f3",)),
                     rooms={2: "hidden", 8: "hidden"})
    table = ScriptedTable(reveals=[room(2)])
    explanation = run_activation(position, "npc", table)
    reveal = exam(explanation, "reveal")
    assert reveal.achievable and reveal.target == 2
    assert explanation.chosen == {"rank": 1, "mode": "reveal", "quota": 3, "default": False}
    assert kinds(explanation) == ["move", "open", "reveal"]
    assert explanation.steps[0].fields["path"] == ["c3", "d3", "e3"]
    assert explanation.steps[1].fields["between"] == ["e3", "f3"] and explanation.steps[1].ap == 1
    assert explanation.steps[2].fields["slot"] == 2
    assert explanation.ap_used == 3
    assert position.board.is_revealed(2)
    assert position.board.marker_state(sq("e3"), sq("f3")) is MarkerState.OPEN
    assert position.character("npc").carries == "key" and at(position, "npc") == "e3"


def test_s_open_3_s_obj_7_a_backstabber_with_a_key_opens_for_a_fight() -> None:
    # S-OPEN-3's exception: the Key (S-OBJ-7). The same Backstabber carrying the Key: Fight is
    # achievable (4 AP), it opens d3-e3 with the Key, not by lock-picking.
    position = behind_portcullis("- {id: npc, side: npc, card: x, at: c3, carries: key}", {"x": BACKSTABBER})
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "npc", table)
    assert explanation.chosen == {"rank": 1, "mode": "fight", "quota": 4, "default": False}
    assert kinds(explanation) == ["move", "open", "move", "attack"]
    assert "Key" in explanation.steps[1].text.english()
    assert position.character("cleric").wounded


# == S-PERS-LISSANDRA: objective_override =======================================================
# Lissandra as in the rulebook (Schéma 7 and her personality, line 512); her purple objective is not
# identifiable in the text: Rotation here (never achievable on these boards).
LISSANDRA = card("backstabber", "reveal 5, exit 3, take_object 4, open_portcullis 3, fight 4, rotation 2*",
                 ["rope", "wounded", "spear", "bow", "shield", "wand"], ["wizard", "banshee", "cleric"],
                 [{"kind": "objective_override", "when": {"carries": "rope"}, "rank": 1, "mode": "exit",
                   "ap": 5}])


@pytest.mark.parametrize("rope", [True, False])
def test_s_pers_lissandra_with_a_rope_objective_1_becomes_exit_5_ap(rope: bool) -> None:
    # Open rooms; Lissandra (4 squares a move) on e16, next to the hidden room 8 (1 AP to reveal it).
    # The way out e16 ... e0 is 16 squares: 4 AP, more than her printed Exit's 3 AP. Carrying a Rope,
    # her objective 1 reads Exit 5 AP: she exits; without it she reveals room 8.
    carries = ", carries: rope" if rope else ""
    position = build(f"- {{id: lissandra, side: npc, card: l, at: e16{carries}}}", {"l": LISSANDRA},
                     rooms={8: "hidden"})
    table = ScriptedTable(reveals=[room(8)])
    explanation = run_activation(position, "lissandra", table)
    first = explanation.objectives[0]
    if rope:
        assert (first.rank, first.mode, first.quota, first.achievable) == (1, "exit", 5, True)
        assert "personality" in first.reason and "Rope" in first.reason
        assert first.cost == (4, 16)
        assert explanation.chosen == {"rank": 1, "mode": "exit", "quota": 5, "default": False}
        assert kinds(explanation) == ["move"] * 4 + ["exit"]
        assert explanation.ap_used == 4
        assert npc_score(position) == 1 and exited(position, "lissandra")
        assert table.log == []  # no room revealed
    else:
        assert (first.rank, first.mode, first.quota, first.achievable) == (1, "reveal", 5, True)
        assert "personality" not in first.reason
        assert kinds(explanation) == ["reveal"]
        assert npc_score(position) == 0 and position.board.is_revealed(8)


def test_s_pers_lissandra_a_rope_picked_up_changes_objective_1_at_the_next_search() -> None:
    # AMB-PERS-OVERRIDE ("immédiatement"): every room revealed (Reveal room ignored), Exit 3 AP not
    # achievable (4 AP); Take object picks up the Rope on e14 (1 AP). The search made after the pick-up
    # (S-TAKE-6) reads objective 1 as Exit: she exits with the 3 AP left (14 squares, 2 steps of her
    # move in progress included).
    position = build("- {id: lissandra, side: npc, card: l, at: e16}", {"l": LISSANDRA},
                     objects="- {kind: rope, at: e14}")
    explanation = run_activation(position, "lissandra", ScriptedTable())
    assert [(o.rank, o.mode, o.achievable, o.research) for o in explanation.objectives] == [
        (1, "reveal", False, False), (2, "exit", False, False), (3, "take_object", True, False),
        (1, "exit", True, True)]
    research = exam(explanation, "exit", research=True)
    assert research.quota == 5 and "personality" in research.reason
    assert explanation.chosen == {"rank": 3, "mode": "take_object", "quota": 4, "default": False}
    assert kinds(explanation)[:2] == ["move", "pick_up"] and kinds(explanation)[-1] == "exit"
    assert explanation.ap_used == 4 and npc_score(position) == 1


# == Personality questions (ask effects, S-PERS-PERETABASS) =====================================
TABASS_TEXT = "Père Tabass cogne les plus faibles (test text)."


def asker(moment: str) -> dict[str, Any]:
    """A Cleric with objective 1 Fight whose personality asks the player at ``moment``."""
    tabass = card("cleric", "fight 2, exit 5*, take_object 4, reveal 3, regroup 3, heal 2", ["key"],
                  ["wizard"],
                  [{"kind": "ask", "at": moment, "question": "Is every enemy adjacent to him weaker?",
                    "choices": ["yes", "no"]}])
    tabass["personality"]["text"] = TABASS_TEXT
    return tabass


def tabass_board(moment: str) -> Position:
    # The Cleric NPC on c3, the Player's Wizard on c5: c4 (1 AP), then the attack (1 AP).
    return build("""
        - {id: tabass, side: npc, card: t, at: c3}
        - {id: wizard, side: player, class: wizard, at: c5}
        """, {"t": asker(moment)}, grids=corridors(areas=("a1:e5",)))


@pytest.mark.parametrize("moment", ["fight", "combat"])
def test_s_pers_peretabass_ask_without_an_answer_the_activation_waits(moment: str) -> None:
    # docs/personalities.md, `ask`: at `fight` (about to attack) and at `combat` (with each combat it
    # takes part in) the engine stops and asks the player before the combat; with no answer
    # run_activation returns waiting for the question, with the steps made so far.
    position = tabass_board(moment)
    table = ScriptedTable(combats=["win"])
    explanation = run_activation(position, "tabass", table)
    assert explanation.waiting is not None and explanation.waiting["for"] == "question"
    assert explanation.waiting["question"] == "Is every enemy adjacent to him weaker?"
    assert explanation.waiting["choices"] == ["yes", "no"]
    assert explanation.waiting["personality"] == TABASS_TEXT
    assert kinds(explanation) == ["move"] and explanation.steps[0].fields["path"] == ["c3", "c4"]
    assert combats(table) == []
    assert not position.character("wizard").wounded
    assert json.loads(json.dumps(explanation.to_json()))["waiting"]["for"] == "question"


@pytest.mark.parametrize("moment", ["fight", "combat"])
def test_s_pers_peretabass_ask_the_answer_is_recorded_then_the_combat(moment: str) -> None:
    position = tabass_board(moment)
    table = ScriptedTable(combats=["win"], answers=["yes"])
    explanation = run_activation(position, "tabass", table)
    assert explanation.waiting is None
    assert requests(table) == ["question", "combat"]  # the question comes before the combat
    question = table.log[0][0]
    assert isinstance(question, QuestionRequest) and question.choices == ("yes", "no")
    assert question.personality == TABASS_TEXT
    notes = [note.english() for note in explanation.notes]
    assert any("Is every enemy adjacent to him weaker?" in n and "yes" in n for n in notes)
    assert kinds(explanation) == ["move", "attack"]
    assert position.character("wizard").wounded


# == S-COMBAT-5: a Telepath's combat-card rule ==================================================
MIND = card("telepath", "fight 2, exit 5*, take_object 4, reveal 3, regroup 3, rotation 2", ["key"],
            ["cleric", "telepath"], [{"kind": "combat_card", "rule": "smallest"}])


def test_s_combat_5_the_smallest_card_rule_is_noted_in_the_combat_request() -> None:
    # A one-on-one melee: the Telepath NPC on c3 attacks the Player's Cleric on c5 from c4.
    position = build("""
        - {id: ed, side: npc, card: ed, at: c3}
        - {id: cleric, side: player, class: cleric, at: c5}
        """, {"ed": MIND}, grids=corridors(areas=("a1:e5",)))
    table = ScriptedTable(combats=["win"])
    run_activation(position, "ed", table)
    [combat] = combats(table)
    assert combat.defenders == ("cleric",)
    assert len(combat.notes) == 1
    note = combat.notes[0].english()
    assert "smallest" in note and "+0" in note and "S-COMBAT-5" in note
    assert combat.to_json()["notes"] == [note.english() for note in combat.notes]


@pytest.mark.parametrize("case", ["player_telepath", "group", "ranged"])
def test_s_combat_7_b_tele_4_no_note_where_mind_control_does_not_work(case: str) -> None:
    # AMB-TELEPATH-CARD (docs/personalities.md, combat_card): the rule is shown only where the power
    # works: not against the Player's Telepath (S-COMBAT-7, B-TELE-5), not in a group combat (B-TELE-4:
    # a friendly NPC on b5 next to the Cleric joins the attack), not in a ranged combat (B-TELE-4,
    # B-RNG-5: the Telepath NPC carries a Bow and shoots the Cleric from c3).
    ed = "- {id: ed, side: npc, card: ed, at: c3" + (", carries: bow}" if case == "ranged" else "}")
    characters = {
        "player_telepath": "- {id: mind, side: player, class: telepath, at: c5}",
        "group": "- {id: cleric, side: player, class: cleric, at: c5}\n"
                 "- {id: friend, side: npc, card: friend, at: b5}",
        "ranged": "- {id: cleric, side: player, class: cleric, at: c5}",
    }[case]
    position = build(ed + "\n" + characters, {"ed": MIND, "friend": other_card("naga")},
                     grids=corridors(areas=("a1:e5",)))
    table = ScriptedTable(combats=["tie"])
    run_activation(position, "ed", table)
    combat = combats(table)[0]
    assert combat.ranged is (case == "ranged")
    assert len(combat.attackers) + len(combat.defenders) == (3 if case == "group" else 2)
    assert combat.notes == ()


# == The explanation's JSON (formats.md section 4) ==============================================
STEP_FIELDS = {
    "move": {"path"}, "jump": {"path"}, "open": {"between"}, "break": {"between"},
    "attack": {"target", "outcome"}, "shoot": {"target", "outcome"}, "reveal": {"slot"},
    "rotate": {"slot", "quarter_turns", "sense"}, "pick_up": {"at", "item"}, "drop": {"at", "item"},
    "exit": set(),
}


def checked_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation's JSON, checked against formats.md section 4; returns it after a JSON round trip."""
    data = explanation.to_json()
    assert json.loads(json.dumps(data)) == data
    assert {"npc", "objectives", "chosen", "steps", "ap_used", "end", "ties"} <= set(data)
    assert data["npc"] == explanation.npc
    for o in data["objectives"]:
        assert {"rank", "mode", "quota", "achievable", "cost"} <= set(o)
        assert o["mode"] in MODES and 1 <= o["rank"] <= 6 and o["quota"] >= 1
        assert isinstance(o["achievable"], bool)
        assert o["cost"] is None or (set(o["cost"]) == {"ap", "squares"}
                                     and all(isinstance(v, int) for v in o["cost"].values()))
        if o["achievable"]:
            assert isinstance(o["target"], (str, int)) and o["cost"] is not None
    first = [o for o in data["objectives"] if not o.get("research")]
    assert [o["rank"] for o in first] == list(range(1, len(first) + 1))  # in order, none skipped
    chosen = data["chosen"]
    assert chosen is not None and set(chosen) == {"rank", "mode", "quota", "default"}
    if not chosen["default"]:  # up to and including the chosen one
        assert (first[-1]["rank"], first[-1]["mode"], first[-1]["quota"], first[-1]["achievable"]) == (
            chosen["rank"], chosen["mode"], chosen["quota"], True)
    for step in data["steps"]:
        assert isinstance(step["ap"], int) and step["ap"] >= 0
        assert STEP_FIELDS.get(step["kind"], set()) <= set(step), step
        if step["kind"] in ("move", "jump"):
            assert all(isinstance(s, str) for s in step["path"])
            assert len(step["path"]) == 2 if step["kind"] == "jump" else len(step["path"]) >= 2
        if step["kind"] in ("open", "break"):
            assert len(step["between"]) == 2
        if step["kind"] in ("attack", "shoot"):
            assert step["outcome"] in ("win", "lose", "tie")
        if step["kind"] == "rotate":
            assert step["sense"] in ("cw", "ccw") and 1 <= step["quarter_turns"] <= 3
    assert data["ap_used"] == sum(step["ap"] for step in data["steps"]) == explanation.ap_used
    for tie in data["ties"]:
        assert len(tie["options"]) >= 2 and all(isinstance(x, str) for x in tie["options"])
        assert tie["rolls"] and all(1 <= r <= 6 for r in tie["rolls"])
    return data


def test_explanation_json_move_jump_open_attack() -> None:
    # A Telepath carrying the Key on a3: a3-b3 (1 AP), a jump over the pit c3 to d3 (1 AP), the
    # portcullis d3-e3 opened with the Key (1 AP), d3-e3 (1 AP), the attack on the Cleric on e2 (1 AP).
    # Exit (objective 1) has no way within the card's largest quota: cost null (AMB-HORIZON).
    fighter = card("telepath", "exit 2, fight 5, take_object 4, reveal 3, regroup 3, rotation 2*", ["key"],
                   ["cleric"])
    position = build("""
        - {id: npc, side: npc, card: x, at: a3, carries: key}
        - {id: cleric, side: player, class: cleric, at: e2}
        """, {"x": fighter}, grids=corridors("a3 b3 c3 d3", "e3 e2", pits=("c3",), portcullises=("d3-e3",)))
    data = checked_json(run_activation(position, "npc", ScriptedTable(combats=["win"])))
    assert data["npc"] == "npc"
    assert [(o["rank"], o["mode"], o["quota"], o["achievable"], o["cost"]) for o in data["objectives"]] == [
        (1, "exit", 2, False, None), (2, "fight", 5, True, {"ap": 5, "squares": 4})]
    assert data["objectives"][1]["target"] == "cleric"
    assert data["chosen"] == {"rank": 2, "mode": "fight", "quota": 5, "default": False}
    assert data["steps"] == [
        {"kind": "move", "path": ["a3", "b3"], "ap": 1},
        {"kind": "jump", "path": ["b3", "d3"], "ap": 1},
        {"kind": "open", "between": ["d3", "e3"], "ap": 1},
        {"kind": "move", "path": ["d3", "e3"], "ap": 1},
        {"kind": "attack", "target": "cleric", "outcome": "win", "ap": 1},
    ]
    assert data["ap_used"] == 5 and data["end"] == "e3" and data["ties"] == []
    assert "waiting" not in data


def test_explanation_json_ties_list_the_options_and_the_rolls() -> None:
    # Two Clerics on a3 and e3, each attacked from one square next to the NPC on c3 (2 AP each): a tie
    # the die breaks (AMB-TIE: a 3 is odd, the second option).
    fighter = card("telepath", "fight 2, exit 5*, take_object 4, reveal 3, regroup 3, rotation 2", ["key"],
                   ["cleric"])
    position = build("""
        - {id: npc, side: npc, card: x, at: c3}
        - {id: cleric-a, side: player, class: cleric, at: a3}
        - {id: cleric-b, side: player, class: cleric, at: e3}
        """, {"x": fighter}, grids=corridors("a3 b3 c3 d3 e3"))
    data = checked_json(run_activation(position, "npc", ScriptedTable(combats=["win"], dice=[3])))
    [tie] = data["ties"]
    assert len(tie["options"]) == 2 and tie["rolls"] == [3]
    assert "cleric-a" in tie["options"][0] and "cleric-b" in tie["options"][1]
    assert [s["target"] for s in data["steps"] if s["kind"] == "attack"] == ["cleric-b"]
    assert data["end"] == "d3"


def test_explanation_json_break_and_rotate_steps() -> None:
    colossus = cell("colossus", "exit 5, break_portcullis 3, take_object 4, reveal 3, regroup 3, rotation 2*")
    data = checked_json(run_activation(colossus, "npc", ScriptedTable()))
    assert [s for s in data["steps"] if s["kind"] == "break"] == [
        {"kind": "break", "between": ["c2", "c1"], "ap": 1}]
    rotating = build("- {id: npc, side: npc, card: x, at: c5}", {"x": rotor(3)})
    data = checked_json(run_activation(rotating, "npc", ScriptedTable(dice=[2])))  # face 2 = 2 AP clockwise
    assert data["steps"] == [
        {"kind": "move", "path": ["c5", "c4", "c3"], "ap": 1},
        {"kind": "rotate", "slot": 1, "quarter_turns": 2, "sense": "cw", "ap": 2},
    ]
    assert data["ap_used"] == 3 and data["end"] == "c3"


def reveal_board() -> Position:
    return build("- {id: npc, side: npc, card: x, at: c3}",
                 {"x": dict(REVEALER, objectives=[{"mode": "reveal", "ap": 4}, *REVEALER["objectives"][1:]])},
                 grids=corridors("c3 d3 e3 f3", "e3 e4 e5 e6 f6"),
                 rooms={2: "hidden", 4: "hidden", 8: "hidden"})


def test_explanation_json_reveal_steps_and_an_unanswered_reveal_waits() -> None:
    # The board of the S-REVEAL-NPC-4 test. Both reveals answered: two reveal steps with their slot.
    data = checked_json(run_activation(reveal_board(), "npc", ScriptedTable(reveals=[room(2), room(4)])))
    assert [s["slot"] for s in data["steps"] if s["kind"] == "reveal"] == [2, 4]
    assert "waiting" not in data
    # No answer at all: it waits for the first reveal, after the move that brought it to e3.
    data = checked_json(run_activation(reveal_board(), "npc", ScriptedTable()))
    assert data["waiting"]["for"] == "reveal" and data["waiting"]["slot"] == 2
    # formats.md §4: the steps up to and including the one that needs the table (the reveal).
    assert data["steps"] == [{"kind": "move", "path": ["c3", "d3", "e3"], "ap": 1},
                             {"kind": "reveal", "slot": 2, "entered": [], "ap": 1}]
    assert data["end"] == "e3"
    # Only the first answered: the steps up to the second reveal, then waiting for room 4.
    position = reveal_board()
    data = checked_json(run_activation(position, "npc", ScriptedTable(reveals=[room(2)])))
    assert data["waiting"]["for"] == "reveal" and data["waiting"]["slot"] == 4
    assert [s["kind"] for s in data["steps"]] == ["move", "reveal", "move", "reveal"]
    assert data["ap_used"] == 4 and data["end"] == "e6"  # the second reveal (1 AP) is counted
    assert position.board.is_revealed(2) and not position.board.is_revealed(4)


# == Incomplete cards (S-CARD, require_playable) ===============================================
RULEBOOK_SERPICO = ROOT / "npc_cards" / "serpico.yaml"
SERPICO_GAPS = {"objective-3", "objective-4", "objective-5", "objective-6", "default", "objects",
                "characters", "personality"}


def test_incomplete_card_the_rulebook_serpico_is_refused() -> None:
    # npc_cards/serpico.yaml (source: rulebook) lacks objectives 3-6, the default, both lists and the
    # personality: given inline in the position, the activation is refused and says what is missing.
    with RULEBOOK_SERPICO.open(encoding="utf-8") as stream:
        rulebook_card = yaml.safe_load(stream)
    assert rulebook_card["source"] == "rulebook"
    position = make_position(characters="- {id: serpico, side: npc, card: serpico, at: c3}",
                             extra="cards:\n  serpico: " + json.dumps(rulebook_card) + "\n")
    table = ScriptedTable()
    with pytest.raises(IncompleteCardError) as refused:
        run_activation(position, "serpico", table)
    assert {p.entry for p in refused.value.problems} == SERPICO_GAPS
    assert all("serpico" in p.text for p in refused.value.problems)
    assert table.log == [] and at(position, "serpico") == "c3"


def test_incomplete_card_the_rulebook_serpico_passed_as_a_card_is_refused() -> None:
    position = make_position(characters="- {id: serpico, side: npc, card: serpico, at: c3}")
    with pytest.raises(IncompleteCardError) as refused:
        run_activation(position, "serpico", ScriptedTable(), cards={"serpico": load_card(RULEBOOK_SERPICO)})
    assert {p.entry for p in refused.value.problems} == SERPICO_GAPS
    assert all(p.source == str(RULEBOOK_SERPICO) for p in refused.value.problems)


def test_incomplete_card_an_unknown_default_is_refused() -> None:
    # An inline card complete but for its purple objective: `unknown: [default]`, none marked.
    gap = card("telepath", "exit 5, fight 3, take_object 4, reveal 3, regroup 3, rotation 2", ["key"])
    gap["unknown"] = ["default"]
    position = make_position(characters="- {id: npc, side: npc, card: x, at: c3}",
                             extra="cards:\n  x: " + json.dumps(gap) + "\n")
    table = ScriptedTable()
    with pytest.raises(IncompleteCardError) as refused:
        run_activation(position, "npc", table)
    [problem] = refused.value.problems
    assert problem.entry == "default" and "default" in problem.text
    assert problem.source == "position cards[x]"
    assert table.log == [] and at(position, "npc") == "c3"
