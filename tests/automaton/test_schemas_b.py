"""The solo rulebook's worked examples, part B, played through NPC activations.

Schémas 8, 9 and 10, the Ley-Vite rotation example and the three exchanges between NPCs
(`solo-examples.md`), plus rule tests for Open/Break portcullis, Heal, Repulse, Take object and the
documented personalities (`solo-rules.md`). Each test rebuilds a board on which the caption's facts
hold and states the cards it relies on inline (they never come from `npc_cards/`).

Boards are drawn with :func:`corridors`: every edge is a wall except along the paths and inside the
areas given, so the ways an NPC can take (and their costs) are exactly the ones the test names.
"""

from __future__ import annotations

from typing import Any

import pytest
from corridor_boards import build, card, corridors, exam, kinds, of_kind, sq

from solo.automaton.activation import options_for, run_activation
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation, Step
from solo.automaton.options import Option
from solo.automaton.table import DieRequest, ScriptedTable
from solo.table.board import MarkerState
from solo.table.card_lookup import card_for
from solo.table.position import Position
from solo.table.squares import square_name

# -- cards ---------------------------------------------------------------------------------------------


SERPICO_EFFECTS = [{"kind": "deliver", "when": {"carries": "wounded"}, "to": "cleric", "rank": 1},
                   {"kind": "deliver", "when": {"carries": "object"}, "to": "wizard", "rank": 1}]
"""S-PERS-SERPICO (docs/personalities.md)."""


def other_card(cls: str, objects: list[str] | None = None) -> dict[str, Any]:
    """The card of an NPC that only stands there in a test (never activated)."""
    return card(cls, "exit 4*, regroup 4, take_object 3, fight 2, reveal 3, rotation 2", objects or ["key"])


# -- boards --------------------------------------------------------------------------------------------


# -- reading an activation ----------------------------------------------------------------------------


def ap_before(explanation: Explanation, step: Step) -> int:
    """AP spent up to and including ``step``."""
    index = next(i for i, s in enumerate(explanation.steps) if s is step)
    return sum(s.ap for s in explanation.steps[:index + 1])


def options(position: Position, npc_id: str, mode: str, budget: int) -> list[Option]:
    """Every way the NPC could carry out ``mode`` within ``budget`` AP, before it acts."""
    npc = position.character(npc_id)
    ctx = Context(position, npc, card_for(position, npc_id), Explanation(npc_id), {},
                  cards=cards_of(position))
    return options_for(ctx, mode, budget)


def cheapest(opts: list[Option]) -> dict[str, tuple[int, int]]:
    """The cheapest (AP, squares) of each target."""
    result: dict[str, tuple[int, int]] = {}
    for o in opts:
        if o.target not in result or o.total < result[o.target]:
            result[o.target] = o.total
    return result


def rotation(position: Position, slot: int) -> int:
    room = position.board.room(slot)
    assert room is not None
    return room.rotation


def rotation_rolls(table: ScriptedTable) -> list[DieRequest]:
    return [r for r, _ in table.log if isinstance(r, DieRequest) and r.purpose == "rotation"]


# == Schéma 8: Regroup mode (S-REGROUP-1..4, S-OBJ-1) ===========================================
BRIKOLTOU = card("mechanork", "rotation 4*, regroup 5, fight 3, take_object 3, exit 4, reveal 3",
                 ["key", "bow", "rope", "spear", "wand", "wounded"],
                 ["cleric", "colossus", "backstabber", "mechanork", "wizard", "telepath", "naga", "banshee"],
                 [{"kind": "gear_lock"}])


def schema_8() -> Position:
    # Slot 1 is a serpentine a5 -> e5, e4 -> a4, a3 -> e3 (the gear), e2 -> a2, a1 -> e1. Brikoltou
    # (Mechanork, 3 squares a move) stands on a5. The gear e3 is 14 squares away (5 AP). Xanth the
    # Telepath (6th on his list) is nearest, Serpico the Naga (7th) next, Père Bonsoins the Cleric (1st)
    # farthest: d3, whose first adjacent square c3 is 12 squares away (4 AP). The Telescoping spear
    # lies on c4, on the way.
    grids = corridors("a5 b5 c5 d5 e5 e4 d4 c4 b4 a4 a3 b3 c3 d3 e3 e2 d2 c2 b2 a2 a1 b1 c1 d1 e1",
                      gears=("e3",))
    return build("""
        - {id: brikoltou, side: npc, card: brikoltou, at: a5}
        - {id: xanth, side: npc, card: xanth, at: e5}
        - {id: serpico, side: npc, card: serpico, at: b4}
        - {id: pere-bonsoins, side: npc, card: pere-bonsoins, at: d3}
        """, {"brikoltou": BRIKOLTOU, "xanth": other_card("telepath"), "serpico": other_card("naga"),
              "pere-bonsoins": other_card("cleric")},
                 objects="- {kind: spear, at: c4}", grids=grids)


def test_schema_8_the_facts_of_the_caption_hold() -> None:
    position = schema_8()
    # No gear within 4 AP (the only one he could walk to costs 5).
    assert options(position, "brikoltou", "rotation", 4) == []
    assert cheapest(options(position, "brikoltou", "rotation", 5)) == {"gear e3": (5, 14)}
    # Three friends within 5 AP; the Cleric is the farthest.
    reach = cheapest(options(position, "brikoltou", "regroup", 5))
    assert set(reach) == {"xanth", "serpico", "pere-bonsoins"}
    assert reach["xanth"][0] < reach["serpico"][0] < reach["pere-bonsoins"][0] == 4


def test_schema_8_brikoltou_joins_the_cleric_picking_up_the_spear() -> None:
    position = schema_8()
    explanation = run_activation(position, "brikoltou", ScriptedTable())
    rotation = exam(explanation, "rotation")
    assert rotation.rank == 1 and not rotation.achievable  # S-ACT-1: no gear within 4 AP
    regroup = exam(explanation, "regroup")
    assert regroup.achievable and regroup.target == "pere-bonsoins"  # S-REGROUP-3: not Xanth, nearer
    assert explanation.chosen == {"rank": 2, "mode": "regroup", "quota": 5, "default": False}
    assert [(s.fields["at"], s.fields["item"]) for s in of_kind(explanation, "pick_up")] == [("c4", "spear")]
    assert explanation.ap_used == 4
    assert explanation.end == "c3"  # the first square adjacent to the Cleric (S-REGROUP-4)
    brikoltou = position.character("brikoltou")
    assert brikoltou.at == sq("c3") and brikoltou.carries == "spear"
    assert position.board.adjacent(brikoltou.at, position.character("pere-bonsoins").at)
    assert not any(o.kind == "spear" for o in position.objects)
    assert explanation.deactivated  # deactivated on arrival, 1 AP of the quota unused
    assert "S-REGROUP-4" in explanation.deactivated.english()


# == Schéma 9: Take object mode and a personality (S-TAKE-1..6, S-PERS-SERPICO) =================
SERPICO = card("naga", "take_object 5, exit 4*, fight 3, reveal 3, regroup 4, rotation 2",
               ["wounded", "wand", "key", "rope", "bow", "spear"],
               ["cleric", "wizard", "backstabber", "telepath", "naga", "mechanork", "banshee", "colossus"],
               SERPICO_EFFECTS)


def schema_9(cleric: dict[str, Any] | None = None) -> Position:
    # Serpico (Naga, 6 squares a move) on a10. The wounded Xanth lies 15 squares away along the top
    # and right corridor (h6); from him an arrow slit (h4-h3) leads to the friendly Cleric Père
    # Bonsoins (f3), and 3 squares beyond the Cleric lies the Fireball wand (c3), 3 squares from the
    # yellow line (c2, c1, c0). The wand can also be reached down the left corridor (a10 ... a3, b3),
    # 9 squares: nearer than Xanth, but Xanth ranks higher.
    # The Cleric's card is not in the caption: his object list puts the wounded first, as Père
    # Bonsoins' does in the demo deck.
    grids = corridors("a10 b10 c10 d10 e10 f10 g10 h10 i10 j10 j9 j8 j7 j6 i6 h6 h5 h4",
                      "h3 g3 f3 e3 d3 c3 c2 c1 c0", "a10 a9 a8 a7 a6 a5 a4 a3 b3 c3", slits=("h4-h3",))
    cleric = cleric or other_card("cleric", ["wounded", "rope"])
    return build("""
        - {id: serpico, side: npc, card: serpico, at: a10}
        - {id: xanth, side: npc, card: xanth, at: h6, wounded: true}
        - {id: pere-bonsoins, side: npc, card: pere-bonsoins, at: f3}
        """, {"serpico": SERPICO, "xanth": other_card("telepath"), "pere-bonsoins": cleric},
                 objects="- {kind: wand, at: c3}", grids=grids)


def test_schema_9_the_wand_and_the_wounded_are_both_within_5_ap() -> None:
    reach = cheapest(options(schema_9(), "serpico", "take_object", 5))
    assert reach == {"wounded xanth": (3, 15), "wand on c3": (2, 9)}


def test_schema_9_serpico_takes_the_wounded_first_and_hands_it_to_the_cleric() -> None:
    position = schema_9()
    explanation = run_activation(position, "serpico", ScriptedTable())
    first = exam(explanation, "take_object")
    assert first.achievable and first.target == "xanth"  # S-TAKE-2: rank before proximity
    # He reaches Xanth with his 3rd AP and 3 squares of that move left...
    pick_ups = of_kind(explanation, "pick_up")
    assert [s.fields["item"] for s in pick_ups] == ["wounded xanth", "wand"]  # wounded before wand
    assert ap_before(explanation, pick_ups[0]) == 3
    after = explanation.steps[explanation.steps.index(pick_ups[0]) + 1]
    # ...which he uses to pass through the arrow slit (S-TAKE-6, movement-model.md).
    assert after.kind == "move" and after.ap == 0 and after.fields["path"] == ["h6", "h5", "h4", "h3"]
    # His 4th AP crosses the Cleric and hands him the wounded (S-PERS-SERPICO).
    [handover] = of_kind(explanation, "drop")
    assert handover.fields == {"at": "f3", "item": "wounded xanth", "to": "pere-bonsoins"}
    assert ap_before(explanation, handover) == 4
    assert position.character("pere-bonsoins").carries == "xanth"
    assert position.character("xanth").at is None and position.character("xanth").wounded
    research = [(o.mode, o.achievable) for o in explanation.objectives if o.research]
    assert research[0] == ("deliver", True)
    assert exam(explanation, "deliver", research=True).target == "pere-bonsoins"


def test_schema_9_serpico_then_takes_the_wand_and_exits_with_his_5th_ap() -> None:
    position = schema_9()
    explanation = run_activation(position, "serpico", ScriptedTable())
    wand = of_kind(explanation, "pick_up")[1]
    assert wand.fields["at"] == "c3" and ap_before(explanation, wand) == 4
    # Reached with 1 square of the 4th move left: that move (from h3) went 5 of the Naga's 6 squares.
    start = next(i for i, s in enumerate(explanation.steps)
                 if s.kind == "move" and s.ap == 1 and s.fields["path"][0] == "h3")
    end = explanation.steps.index(wand)
    walked = sum(len(s.fields["path"]) - 1 for s in explanation.steps[start:end] if s.kind == "move")
    assert walked == 5
    # No friendly Wizard in reach: down his list, Exit is achievable with the AP left.
    research = [(o.mode, o.achievable) for o in explanation.objectives if o.research]
    assert research == [("deliver", True), ("take_object", True), ("deliver", False), ("exit", True)]
    # Still in Take object mode with its 5 AP (S-ACT-4), although Exit's own quota is 4.
    assert explanation.chosen == {"rank": 1, "mode": "take_object", "quota": 5, "default": False}
    assert kinds(explanation)[-1] == "exit"
    assert ap_before(explanation, explanation.steps[-1]) == 5 == explanation.ap_used
    assert explanation.steps[-1].fields["at"] == "c0"  # the yellow line
    assert "serpico" not in position.characters  # he left the dungeon...
    assert position.score is not None and position.score.npc == 1  # ...and the NP scores 1 VP
    assert all(o.kind != "wand" for o in position.objects)  # the wand left the game with him
    assert all(c.carries != "wand" for c in position.characters.values())


def test_s_pers_serpico_does_not_take_back_the_wounded_he_handed_over() -> None:
    # The same board with a Cleric whose card does not list the wounded. Serpico's personality has
    # him hand Xanth over; "once rid of the wounded, he heads for the wand" (rulebook, Schéma 9): he
    # must not take Xanth back from the Cleric as the next crossing would under S-OBJ-4.
    position = schema_9(cleric=other_card("cleric", ["rope"]))
    explanation = run_activation(position, "serpico", ScriptedTable())
    assert [s.fields["to"] for s in of_kind(explanation, "drop")] == ["pere-bonsoins"]
    assert [s.fields["item"] for s in of_kind(explanation, "pick_up")] == ["wounded xanth", "wand"]
    assert position.character("pere-bonsoins").carries == "xanth"
    assert kinds(explanation)[-1] == "exit" and explanation.ap_used == 5
    assert position.score is not None and position.score.npc == 1


# == Schéma 10: Break portcullis mode (S-BREAK-1..3, S-OBJ-1) ===================================
ARTHOS = card("colossus", "break_portcullis 5, fight 4*, take_object 3, exit 4, reveal 3, regroup 2",
              ["rope", "wand", "spear", "wounded", "bow", "shield"],
              effects=[{"kind": "score_every", "counter": "portcullises_broken", "every": 3, "vp": 1}])


def schema_10() -> Position:
    # Arthos (Colossus, 2 squares a move) on a3, in a corridor closed by three portcullises: c3-d3,
    # e3-f3, g3-h3. The Fireball wand lies on d3, between the first two.
    grids = corridors("a3 b3 c3 d3 e3 f3 g3 h3 i3 j3", portcullises=("c3-d3", "e3-f3", "g3-h3"))
    return build("- {id: arthos, side: npc, card: arthos, at: a3}", {"arthos": ARTHOS},
                 objects="- {kind: wand, at: d3}", grids=grids)


def test_schema_10_arthos_breaks_two_portcullises_and_approaches_the_third() -> None:
    position = schema_10()
    explanation = run_activation(position, "arthos", ScriptedTable())
    assert explanation.chosen == {"rank": 1, "mode": "break_portcullis", "quota": 5, "default": False}
    assert exam(explanation, "break_portcullis").target == "c3-d3"  # the nearest (S-BREAK-2)
    assert [k for k in kinds(explanation) if k != "pick_up"] == ["move", "break", "move", "break", "move"]
    assert [s.ap for s in explanation.steps if s.kind != "pick_up"] == [1, 1, 1, 1, 1]
    [wand] = of_kind(explanation, "pick_up")
    assert wand.fields == {"at": "d3", "item": "wand"}
    assert kinds(explanation).index("pick_up") == 3  # during the second move
    assert [s.fields["between"] for s in of_kind(explanation, "break")] == [["c3", "d3"], ["e3", "f3"]]
    assert explanation.ap_used == 5
    arthos = position.character("arthos")
    assert arthos.carries == "wand"
    assert arthos.at == sq("g3")  # as close as possible to the third, with no AP left to break it
    board = position.board
    assert board.marker_state(sq("c3"), sq("d3")) is MarkerState.BROKEN
    assert board.marker_state(sq("e3"), sq("f3")) is MarkerState.BROKEN
    assert board.marker_state(sq("g3"), sq("h3")) is MarkerState.CLOSED


def test_s_pers_arthos_every_third_portcullis_broken_scores() -> None:
    position = schema_10()
    tallies = {"arthos:portcullises_broken": 1}  # one broken in an earlier turn
    explanation = run_activation(position, "arthos", ScriptedTable(), tallies=tallies)
    [score] = explanation.scored
    assert {k: score[k] for k in ("vp", "counter", "count")} == {"vp": 1, "counter": "portcullises_broken",
                                                                 "count": 3}
    assert position.score is not None and position.score.npc == 1
    assert tallies["arthos:portcullises_broken"] == 3


# == The Ley-Vite rotation example (S-ROT-3..7) and the Mechanorks (S-PERS-YOM, -BRIKOLTOU) ====
LEY_VITE = card("wizard", "rotation 3, exit 4*, reveal 4, take_object 3, regroup 3, fight 2",
                ["wand", "rope", "bow", "wounded", "key", "spear"])


def ley_vite(rooms: dict[int, str | int] | None = None) -> Position:
    # Open rooms (a gear in each centre). Ley-Vite (Wizard) on c5, 2 squares from the gear c3 of
    # slot 1, whose rotation arrow turns clockwise; its twin, slot 2, turns counter-clockwise.
    return build("- {id: ley-vite, side: npc, card: ley-vite, at: c5}", {"ley-vite": LEY_VITE}, rooms=rooms)


def test_ley_vite_rolls_3_clockwise_and_turns_his_room_half_a_turn() -> None:
    position = ley_vite()
    room = position.board.room(1)
    assert room is not None and room.layout.sense == "cw"
    table = ScriptedTable(dice=[3])  # face 3 = "3, clockwise" (rules/rotation_die.yaml)
    explanation = run_activation(position, "ley-vite", table)
    assert explanation.chosen == {"rank": 1, "mode": "rotation", "quota": 3, "default": False}
    assert exam(explanation, "rotation").target == "c3"
    move, rotate = explanation.steps
    assert move.kind == "move" and move.ap == 1 and move.fields["path"][-1] == "c3"
    # The die's sense is his own room's; only 2 AP are left: a half turn (S-ROT-6).
    assert rotate.kind == "rotate" and rotate.ap == 2
    assert rotate.fields == {"slot": 1, "quarter_turns": 2, "sense": "cw"}
    assert rotation(position, 1) == 2
    assert rotation(position, 2) == 0
    assert position.character("ley-vite").at == sq("c3")  # the gear is the room's centre
    assert len(rotation_rolls(table)) == 1 and table.dice == []  # one roll only (S-ROT-7)
    assert explanation.ap_used == 3 and "S-ROT-7" in explanation.deactivated.english()


def test_s_rot_4_the_die_sense_of_the_twin_turns_the_twin() -> None:
    position = ley_vite()
    table = ScriptedTable(dice=[4, 4])  # face 4 = "1, counter-clockwise": the twin's sense
    explanation = run_activation(position, "ley-vite", table)
    rotate = of_kind(explanation, "rotate")
    assert [s.fields for s in rotate] == [{"slot": 2, "quarter_turns": 1, "sense": "ccw"}]
    assert rotation(position, 2) == 3
    assert rotation(position, 1) == 0
    assert len(rotation_rolls(table)) == 1  # with 1 AP left he does not roll again (S-ROT-7)
    assert explanation.ap_used == 2 and explanation.deactivated


def test_s_rot_5_the_die_points_at_a_hidden_twin_nothing_happens() -> None:
    position = ley_vite(rooms={2: "hidden"})
    table = ScriptedTable(dice=[5, 5])  # face 5 = "2, counter-clockwise": the hidden twin
    explanation = run_activation(position, "ley-vite", table)
    assert kinds(explanation) == ["move"]
    assert explanation.ap_used == 1
    assert rotation(position, 1) == 0
    assert not position.board.is_revealed(2)
    assert len(rotation_rolls(table)) == 1 and explanation.deactivated


YOM = card("mechanork", "rotation 5*, reveal 3, take_object 4, regroup 3, exit 4, fight 2",
           ["key", "rope", "spear", "wounded", "shield", "bow"], effects=[{"kind": "rotate_twin"}])


def test_s_pers_yom_rolls_for_his_room_then_for_the_twin() -> None:
    # Yom already stands on the gear h3 of slot 2 (counter-clockwise room).
    position = build("- {id: yom, side: npc, card: yom, at: h3}", {"yom": YOM})
    table = ScriptedTable(dice=[3, 6])  # "3, clockwise" then "3, counter-clockwise"
    explanation = run_activation(position, "yom", table)
    # His own room follows the die's sense (not chosen by it, AMB-PERS-YOM); the twin gets the AP left.
    assert [s.fields for s in of_kind(explanation, "rotate")] == [
        {"slot": 2, "quarter_turns": 3, "sense": "cw"}, {"slot": 1, "quarter_turns": 2, "sense": "ccw"}]
    assert rotation(position, 2) == 3
    assert rotation(position, 1) == 2
    assert len(rotation_rolls(table)) == 2
    assert explanation.ap_used == 5


@pytest.mark.parametrize(("who", "cls", "brikoltou_wounded", "gear"), [
    ("ley-vite", "wizard", False, "h8"),    # locked pair 1: the gear of slot 2 is ignored
    ("ley-vite", "wizard", True, "h3"),     # a wounded Brikoltou locks nothing
    ("manivele", "mechanork", False, "h3"),  # a Mechanork may still rotate the pair
])
def test_s_pers_brikoltou_on_his_gear_locks_the_pair_for_non_mechanorks(
        who: str, cls: str, brikoltou_wounded: bool, gear: str) -> None:
    # Brikoltou on the gear c3 of slot 1 (pair 1 = slots 1 and 2). The other NPC stands on h4, one
    # square from the gear h3 of slot 2 and four from the gear h8 of slot 4 (pair 2).
    rotor = card(cls, "rotation 3*, exit 4, reveal 4, take_object 3, regroup 3, fight 2", ["key"])
    position = build(f"""
        - {{id: brikoltou, side: npc, card: brikoltou, at: c3, wounded: {str(brikoltou_wounded).lower()}}}
        - {{id: {who}, side: npc, card: {who}, at: h4}}
        """, {"brikoltou": BRIKOLTOU, who: rotor})
    explanation = run_activation(position, who, ScriptedTable(dice=[1]))
    assert exam(explanation, "rotation").target == gear
    assert position.character(who).at == sq(gear)
    rotated = of_kind(explanation, "rotate")[0].fields["slot"]
    assert rotated in ((3, 4) if gear == "h8" else (1, 2))


# == Object exchanges between NPCs (S-OBJ-4, S-OBJ-5) ===========================================
def crossing(mover: str, mover_card: dict[str, Any], mover_carries: str | None,
             other: str, other_card_: dict[str, Any], other_carries: str | None,
             extra: str = "", extra_cards: dict[str, dict[str, Any]] | None = None) -> Position:
    """A corridor a3 ... h3: the mover on a3 regroups with the Cleric on g3, crossing ``other`` on c3."""
    def carries(item: str | None) -> str:
        return f", carries: {item}" if item else ""
    return build(f"""
        - {{id: {mover}, side: npc, card: {mover}, at: a3{carries(mover_carries)}}}
        - {{id: {other}, side: npc, card: {other}, at: c3{carries(other_carries)}}}
        - {{id: pere-bonsoins, side: npc, card: pere-bonsoins, at: g3}}
        """ + extra, {mover: mover_card, other: other_card_, "pere-bonsoins": other_card("cleric", ["rope"]),
                      **(extra_cards or {})}, grids=corridors("a3 b3 c3 d3 e3 f3 g3 h3"))


def test_s_obj_4_muldon_crossing_serpico_takes_his_wand() -> None:
    # Muldon carries nothing and ranks the wand 1st; Serpico carries it and ranks it 2nd.
    muldon = card("wizard", "regroup 4, take_object 4, exit 5*, reveal 3, fight 2, rotation 3",
                  ["wand", "key", "wounded", "rope", "bow", "shield"], ["cleric"])
    position = crossing("muldon", muldon, None, "serpico", SERPICO, "wand")
    explanation = run_activation(position, "muldon", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "regroup"
    [taken] = of_kind(explanation, "pick_up")
    assert taken.fields == {"at": "c3", "item": "wand", "from": "serpico"}
    assert position.character("muldon").carries == "wand"
    assert position.character("serpico").carries is None
    assert position.character("muldon").at == sq("f3")


AMYSTYN = card("wizard", "reveal 4, take_object 5*, fight 3, exit 4, regroup 2, rotation 2",
               ["wand", "rope", "key", "shield", "wounded", "bow"])


def test_s_obj_5_arthos_and_amystyn_exchange_wand_and_shield() -> None:
    # Arthos carries the wand (his 2nd) and crosses Amystyn carrying the Large shield (her 4th);
    # she ranks the wand 1st, the single best priority: she forces the exchange.
    arthos = card("colossus", "regroup 4, fight 4*, take_object 3, exit 4, reveal 3, break_portcullis 2",
                  ["rope", "wand", "spear", "wounded", "bow", "shield"], ["cleric"])
    position = crossing("arthos", arthos, "wand", "amystyn", AMYSTYN, "shield")
    explanation = run_activation(position, "arthos", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "regroup"
    assert position.character("arthos").carries == "shield"  # his 6th
    assert position.character("amystyn").carries == "wand"
    assert [s.fields.get("item") for s in explanation.steps if s.kind in ("pick_up", "drop")] == [
        "shield", "wand"]


def test_s_obj_5_pere_tabass_and_djenh_share_the_best_priority_no_exchange() -> None:
    # Père Tabass carries the Key (his 5th), Djenh the wounded Xanth (his 3rd, unlisted Key); both rank
    # the wounded 3rd: the best priority is shared.
    tabass = card("cleric", "regroup 4, heal 3, take_object 4, exit 4*, fight 4, reveal 2",
                  ["shield", "spear", "wounded", "bow", "key", "rope"], ["cleric"])
    djenh = card("wizard", "take_object 4, regroup 4, exit 5*, reveal 3, rotation 2, fight 3",
                 ["wand", "rope", "wounded", "spear", "bow", "shield"])
    position = crossing("pere-tabass", tabass, "key", "djenh", djenh, "xanth",
                        extra="- {id: xanth, side: npc, card: xanth, wounded: true}\n",
                        extra_cards={"xanth": other_card("telepath")})
    explanation = run_activation(position, "pere-tabass", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "regroup"
    assert position.character("pere-tabass").at == sq("f3")  # he did cross Djenh
    assert position.character("pere-tabass").carries == "key"
    assert position.character("djenh").carries == "xanth"
    assert not [s for s in explanation.steps if s.kind in ("pick_up", "drop", "swap")]


def test_s_take_2_an_object_carried_by_a_friend_is_a_target() -> None:
    # Take object mode may aim at the wand Serpico carries, since Muldon would get it (S-OBJ-4).
    muldon = card("wizard", "take_object 4, regroup 4, exit 5*, reveal 3, fight 2, rotation 3",
                  ["wand", "key", "wounded", "rope", "bow", "shield"], ["cleric"])
    position = crossing("muldon", muldon, None, "serpico", SERPICO, "wand")
    explanation = run_activation(position, "muldon", ScriptedTable())
    take = exam(explanation, "take_object")
    assert take.achievable and take.target == "c3"
    assert explanation.chosen is not None and explanation.chosen["mode"] == "take_object"
    assert position.character("muldon").carries == "wand"
    assert position.character("serpico").carries is None


# == Open portcullis (S-OPEN-1/2) and Nolock (S-PERS-NOLOCK) ====================================
NOLOCK = card("backstabber", "open_portcullis 4*, take_object 4, exit 5, fight 4, reveal 3, regroup 3",
              ["wounded", "spear", "wand", "bow", "shield", "rope"],
              effects=[{"kind": "score_every", "counter": "portcullises_opened", "every": 4, "vp": 1}])


def nolock() -> Position:
    # Nolock (Backstabber, 4 squares a move) on e3, in a corridor closed at b3-c3, e3-f3 and h3-i3.
    # e3-f3 is on his side (1 AP to open); then b3-c3 (2 squares back) is nearer than h3-i3 (3 squares).
    grids = corridors("a3 b3 c3 d3 e3 f3 g3 h3 i3 j3", portcullises=("b3-c3", "e3-f3", "h3-i3"))
    return build("- {id: nolock, side: npc, card: nolock, at: e3}", {"nolock": NOLOCK}, grids=grids)


def test_s_open_1_2_backstabber_opens_the_nearest_portcullis_then_the_next() -> None:
    position = nolock()
    explanation = run_activation(position, "nolock", ScriptedTable())
    assert explanation.chosen == {"rank": 1, "mode": "open_portcullis", "quota": 4, "default": False}
    assert exam(explanation, "open_portcullis").target == "e3-f3"
    assert kinds(explanation) == ["open", "move", "open", "move"]
    opened = [sorted(s.fields["between"]) for s in of_kind(explanation, "open")]
    assert opened == [["e3", "f3"], ["b3", "c3"]]
    assert explanation.ap_used == 4
    board = position.board
    assert board.marker_state(sq("e3"), sq("f3")) is MarkerState.OPEN
    assert board.marker_state(sq("b3"), sq("c3")) is MarkerState.OPEN
    assert board.marker_state(sq("h3"), sq("i3")) is MarkerState.CLOSED
    assert position.character("nolock").at == sq("g3")  # as close as possible to the third
    assert position.score is not None and position.score.npc == 0  # no personality count given


def test_s_pers_nolock_the_4th_portcullis_opened_scores_1_vp() -> None:
    position = nolock()
    tallies = {"nolock:portcullises_opened": 3}  # three opened in earlier turns
    explanation = run_activation(position, "nolock", ScriptedTable(), tallies=tallies)
    [score] = explanation.scored
    assert score == {"vp": 1, "counter": "portcullises_opened", "count": 4, "after_step": 1}  # after the 1st
    assert "score" not in kinds(explanation)  # formats.md §4 has no such step kind
    assert position.score is not None and position.score.npc == 1  # the 5th scores nothing more
    assert tallies["nolock:portcullises_opened"] == 5


# == Heal (S-HEAL-1..5) ==========================================================================
FRERE_TISANE = card("cleric", "heal 4*, regroup 4, take_object 3, exit 4, fight 2, reveal 3", ["rope"],
                    ["mechanork", "colossus", "backstabber", "naga"])


def test_s_heal_1_2_4_best_ranked_wounded_first_then_the_nearest() -> None:
    # Open rooms. The Cleric on c3; wounded friends: Serpico (Naga, 4th) on c2, next to him; Brikoltou
    # (Mechanork, 1st) on c5; Gros-Bras (Colossus, 2nd) far away on j10.
    position = build("""
        - {id: frere-tisane, side: npc, card: frere-tisane, at: c3}
        - {id: serpico, side: npc, card: serpico, at: c2, wounded: true}
        - {id: brikoltou, side: npc, card: brikoltou, at: c5, wounded: true}
        - {id: gros-bras, side: npc, card: gros-bras, at: j10, wounded: true}
        """, {"frere-tisane": FRERE_TISANE, "serpico": other_card("naga"),
              "brikoltou": other_card("mechanork"), "gros-bras": other_card("colossus")}, turn=True)
    explanation = run_activation(position, "frere-tisane", ScriptedTable())
    assert exam(explanation, "heal").target == "brikoltou"  # S-HEAL-2: not Serpico, nearer
    assert kinds(explanation) == ["move", "heal", "move", "heal"]
    # Then, with AP left, the nearest wounded (S-HEAL-4): Serpico, not the better-ranked Gros-Bras.
    assert [s.fields["target"] for s in of_kind(explanation, "heal")] == ["brikoltou", "serpico"]
    assert explanation.ap_used == 4
    assert not position.character("brikoltou").wounded and not position.character("serpico").wounded
    assert position.character("gros-bras").wounded
    assert position.turn is not None and position.turn.healed == ["brikoltou", "serpico"]  # S-HEAL-5


def test_s_heal_3_a_cleric_carrying_the_wounded_drops_it_and_heals_it() -> None:
    # The Cleric on c3 carries the wounded Serpico; the only square next to c3 is d3.
    position = build("""
        - {id: frere-tisane, side: npc, card: frere-tisane, at: c3, carries: serpico}
        - {id: serpico, side: npc, card: serpico, wounded: true}
        """, {"frere-tisane": FRERE_TISANE, "serpico": other_card("naga")},
                     grids=corridors("c3 d3"), turn=True)
    explanation = run_activation(position, "frere-tisane", ScriptedTable())
    assert exam(explanation, "heal").target == "serpico"
    assert kinds(explanation) == ["drop", "move", "heal"]
    assert of_kind(explanation, "drop")[0].fields["at"] == "c3"
    assert explanation.ap_used == 2
    cleric, serpico = position.character("frere-tisane"), position.character("serpico")
    assert cleric.at == sq("d3") and cleric.carries is None
    assert serpico.at == sq("c3") and not serpico.wounded
    assert position.turn is not None and position.turn.healed == ["serpico"]


# == Repulse (S-REPULSE-1..4) =====================================================================
def test_s_repulse_1_4_banshee_pushes_the_best_ranked_enemy_into_a_pit() -> None:
    # Slot 1: an open area over ranks 3-5; rank 2 is a corridor a2 ... e2 (e2 a pit) reached from a3
    # and b3, walled above and below from c2 to e2. The Banshee on c5 sees the Player's Wizard (last
    # on her list) on c4 at once; the Cleric (1st) on c2 only from a2 or b2.
    grids = corridors("a2 b2 c2 d2 e2", "a3 a2", "b3 b2", areas=("a3:e5",), pits=("e2",))
    banshee = card("banshee", "repulse 5*, fight 4, exit 4, rotation 2, take_object 3, reveal 3", ["shield"],
                   ["cleric", "naga", "mechanork", "backstabber", "telepath", "colossus", "banshee"])
    position = build("""
        - {id: beuglor, side: npc, card: beuglor, at: c5}
        - {id: wizard, side: player, class: wizard, at: c4}
        - {id: cleric, side: player, class: cleric, at: c2}
        """, {"beuglor": banshee}, grids=grids)
    explanation = run_activation(position, "beuglor", ScriptedTable())
    repulse = exam(explanation, "repulse")
    assert repulse.achievable and repulse.target == "cleric"  # S-REPULSE-2: not the nearer Wizard
    # S-REPULSE-3: the nearest square with a line of sight on her, then 2 AP a scream.
    assert kinds(explanation) == ["move", "repulse", "repulse"]
    assert explanation.steps[0].fields["path"][-1] == "b2"
    first, second = of_kind(explanation, "repulse")
    assert (first.fields["from"], first.fields["to"], first.fields["eliminated"]) == ("c2", "d2", False)
    # S-REPULSE-4: AP enough to repulse her again: into the pit.
    assert (second.fields["from"], second.fields["eliminated"]) == ("d2", True)
    assert explanation.ap_used == 5
    assert "cleric" not in position.characters
    assert position.character("wizard").at == sq("c4")
    assert position.score is not None and position.score.npc == 1


# == Take object (S-TAKE-3, S-TAKE-5, S-TAKE-7) ===================================================
FOURBINE = card("backstabber", "take_object 4, exit 5*, fight 4, reveal 3, regroup 3, rotation 2",
                ["rope", "bow", "key"])


@pytest.mark.parametrize(("pit", "target"), [(True, "a1"), (False, "c4")])
def test_s_take_3_never_the_rope_of_an_npc_standing_on_a_pit(pit: bool, target: str) -> None:
    # Migrene carries the Rope on c4 (a pit, or floor); Fourbine ranks the Rope 1st, Migrene 2nd,
    # so crossing her would give it to Fourbine (S-OBJ-4), except on the pit. A Bow lies on a1.
    migrene = card("wizard", "exit 4*, regroup 4, take_object 3, fight 2, reveal 3, rotation 2",
                   ["key", "rope"])
    position = build("""
        - {id: fourbine, side: npc, card: fourbine, at: c5}
        - {id: migrene, side: npc, card: migrene, at: c4, carries: rope}
        """, {"fourbine": FOURBINE, "migrene": migrene}, objects="- {kind: bow, at: a1}",
                     grids=corridors(areas=("a1:e5",), pits=("c4",) if pit else ()))
    explanation = run_activation(position, "fourbine", ScriptedTable())
    assert exam(explanation, "take_object").target == target
    if pit:
        assert position.character("migrene").carries == "rope"
        assert position.character("fourbine").carries == "bow"
    else:
        assert position.character("migrene").carries is None
        assert position.character("fourbine").carries == "rope"


def test_s_take_5_carrying_an_object_only_a_better_one_is_a_target() -> None:
    # Fourbine carries the Bow (2nd); the Key (3rd) lies next to him on c4, the Rope (1st) on c1.
    position = build("- {id: fourbine, side: npc, card: fourbine, at: c3, carries: bow}",
                     {"fourbine": FOURBINE}, objects="- {kind: key, at: c4}\n- {kind: rope, at: c1}",
                     grids=corridors(areas=("a1:d5",)))
    reach = cheapest(options(position, "fourbine", "take_object", 4))
    assert [(target, cost[0]) for target, cost in reach.items()] == [("rope on c1", 1)]  # never the Key
    explanation = run_activation(position, "fourbine", ScriptedTable())
    take = exam(explanation, "take_object")
    assert take.achievable and take.target == "c1"
    assert explanation.steps[0].fields["path"] == ["c3", "c2", "c1"]
    [swap] = of_kind(explanation, "swap")
    assert (swap.fields["drops"], swap.fields["takes"]) == ("bow", "rope")
    assert position.character("fourbine").carries == "rope"
    assert [o.kind for o in position.objects if o.at == sq("c4")] == ["key"]


def test_s_take_5_carrying_its_best_object_take_object_is_not_achievable() -> None:
    position = build("- {id: fourbine, side: npc, card: fourbine, at: c3, carries: rope}",
                     {"fourbine": FOURBINE}, objects="- {kind: key, at: c4}\n- {kind: bow, at: c1}",
                     grids=corridors(areas=("a1:d5",)))
    explanation = run_activation(position, "fourbine", ScriptedTable())
    take = exam(explanation, "take_object")
    assert not take.achievable
    assert position.character("fourbine").carries == "rope"
    assert sorted(o.kind for o in position.objects) == ["bow", "key"]


def test_s_take_5_the_old_object_is_dropped_on_the_last_valid_square() -> None:
    # Fourbine carries the Bow and has 1 AP for the Rope on c1: he ends his move on c1 holding the
    # Rope. He "must drop the object he carried on the last valid square before picking up the new
    # one" (S-TAKE-5): the Bow lies on c2, and the golden rule holds on c1 (B-GOLD-3).
    fourbine = card("backstabber", "take_object 1, exit 5*, fight 4, reveal 3, regroup 3, rotation 2",
                    ["rope", "bow", "key"])
    position = build("- {id: fourbine, side: npc, card: fourbine, at: c3, carries: bow}",
                     {"fourbine": fourbine}, objects="- {kind: rope, at: c1}",
                     grids=corridors(areas=("a1:d5",)))
    explanation = run_activation(position, "fourbine", ScriptedTable())
    assert exam(explanation, "take_object").target == "c1"
    assert explanation.ap_used == 1
    assert position.character("fourbine").carries == "rope"
    assert position.status() == []
    assert [(o.kind, square_name(o.at)) for o in position.objects] == [("bow", "c2")]


WIZARD_NPC = card("wizard", "take_object 3, exit 4*, fight 2, reveal 3, regroup 3, rotation 2",
                  ["wand", "key"], ["cleric", "colossus", "backstabber", "naga"])


def wand_position(carries: bool) -> Position:
    # Slot 1 open over a1:d5. The Wizard NPC on c5; the Player's Naga (4th on her list) right in front
    # of her on c4, the Player's Cleric (1st) on a2, seen from column a.
    return build(f"""
        - {{id: amystyn, side: npc, card: amystyn, at: c5{', carries: wand' if carries else ''}}}
        - {{id: naga, side: player, class: naga, at: c4}}
        - {{id: cleric, side: player, class: cleric, at: a2}}
        """, {"amystyn": WIZARD_NPC}, objects="" if carries else "- {kind: wand, at: b4}",
                 grids=corridors(areas=("a1:d5",)))


def test_s_take_7_a_wizard_holding_the_wand_eliminates_the_best_ranked_enemy() -> None:
    position = wand_position(carries=True)
    explanation = run_activation(position, "amystyn", ScriptedTable())
    take = exam(explanation, "take_object")
    assert take.achievable and take.target == "cleric"  # not the Naga, in sight already
    assert kinds(explanation)[:2] == ["move", "fireball"]
    assert explanation.steps[0].fields["path"][-1] == "a5"
    [fireball] = of_kind(explanation, "fireball")
    assert fireball.ap == 1 and fireball.fields == {"direction": "south", "eliminated": ["cleric"]}
    assert "cleric" not in position.characters and position.character("naga").at == sq("c4")
    assert position.score is not None and position.score.npc == 1
    assert position.character("amystyn").carries is None  # single use (B-WAND-1)
    assert all(o.kind != "wand" for o in position.objects)


def test_s_take_7_a_wizard_picking_up_the_wand_fires_it_with_the_ap_left() -> None:
    position = wand_position(carries=False)
    explanation = run_activation(position, "amystyn", ScriptedTable())
    assert exam(explanation, "take_object").target == "b4"
    assert kinds(explanation)[:2] == ["move", "pick_up"]
    [fireball] = of_kind(explanation, "fireball")
    assert fireball.fields["eliminated"] == ["cleric"]
    assert ap_before(explanation, fireball) <= 3
    assert "cleric" not in position.characters and "naga" in position.characters
    assert position.score is not None and position.score.npc == 1
    assert position.character("amystyn").carries is None
