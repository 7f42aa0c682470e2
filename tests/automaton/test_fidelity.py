"""Issue 14: NPC decisions checked against the French solo rulebook's text (items 1-3 and 5).

The row of an NP turn (S-TURN-8, S-PERS-BONSOINS) and Nolock's tally (S-PERS-NOLOCK)."""

from __future__ import annotations

from corridor_boards import build, card, corridors, kinds, sq
from npc_builders import npc_card, npc_position

from solo.automaton.activation import run_activation
from solo.automaton.table import Notice, Request, ScriptedTable
from solo.automaton.turn import ACTIVATION_DONE, np_turn, run_np_turn
from solo.table.board import MarkerState
from solo.table.position import Character, Side
from solo.table.squares import square_name

RUNNER = npc_card("colossus", "exit 2*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")
BONSOINS = npc_card("cleric", "heal 3*, exit 1, fight 1, take_object 1, regroup 1, rotation 1",
                    effects=[{"kind": "heal_acts_now"}])


def test_s_turn_8_newcomers_of_any_origin_join_the_row_in_arrival_order() -> None:
    # Two NPCs arrive during a's activation (as a combat's reinforcements do, S-REINF-3): "zed" first,
    # then "bob". The row lists them as they arrived, not alphabetically (S-REINF-4, S-TURN-8).
    cards = {"a": RUNNER, "zed": RUNNER, "bob": RUNNER}
    position = npc_position("- {id: a, side: npc, card: a, at: a16}", cards)
    table = ScriptedTable(orders=[["a"]])
    turn = np_turn(position)
    request: Request = next(turn)
    record = None
    try:
        while True:
            if isinstance(request, Notice) and request.event == ACTIVATION_DONE and request.npc == "a":
                for name, at in (("zed", "d16"), ("bob", "g16")):
                    position.characters[name] = Character(name, Side.NPC, "colossus", sq(at), card=name)
            request = turn.send(table.answer(request))
    except StopIteration as done:
        record = done.value
    assert record is not None
    assert record.row == ["a", "zed", "bob"]
    assert [e.npc for e in record.activations] == ["a", "zed", "bob"]


def test_s_pers_bonsoins_a_wounded_npc_whose_place_has_passed_acts_once_healed() -> None:
    # w's card lies left of Père Bonsoins': skipped as wounded (S-TURN-6), then healed by him: its card
    # moves to the right end of the row and it acts this turn (AMB-PERS-BONSOINS).
    position = npc_position("""
        - {id: c, side: npc, card: c, at: c13}
        - {id: w, side: npc, card: w, at: c11, wounded: true}
        """, {"c": BONSOINS, "w": RUNNER})
    record = run_np_turn(position, ScriptedTable(orders=[["w", "c"]]))
    assert [(n, r.english()) for n, r in record.skipped] == [("w", "wounded: its card is tilted (S-TURN-6)")]
    assert record.row == ["c", "w"]  # every NPC once: the healed card moved to the right end
    assert [e.npc for e in record.activations] == ["c", "w"]
    assert kinds(record.activations[0])[-1] == "heal"
    assert record.activations[1].ap_used > 0 and position.turn is not None and "w" in position.turn.acted


def test_s_pers_bonsoins_a_healed_npc_still_to_come_acts_in_its_place() -> None:
    position = npc_position("""
        - {id: c, side: npc, card: c, at: c13}
        - {id: w, side: npc, card: w, at: c11, wounded: true}
        - {id: a, side: npc, card: a, at: j16}
        """, {"c": BONSOINS, "w": RUNNER, "a": RUNNER})
    record = run_np_turn(position, ScriptedTable(orders=[["c", "w", "a"]]))
    assert record.row == ["c", "w", "a"]  # its card untilted where it lies
    assert [e.npc for e in record.activations] == ["c", "w", "a"]
    assert record.skipped == []


NOLOCK_EXIT = card("backstabber", "exit 4*, open_portcullis 4, take_object 4, fight 4, reveal 3, regroup 3",
                   ["key", "wounded", "spear", "wand", "bow", "shield", "rope"],
                   effects=[{"kind": "score_every", "counter": "portcullises_opened", "every": 4, "vp": 1}])


def test_s_pers_nolock_a_portcullis_opened_with_her_key_on_the_way_out_counts() -> None:
    # AMB-PERS-NOLOCK: every portcullis she opens counts, whatever her mode: here Exit (S-OBJ-7).
    grids = corridors("e0 e1 e2 e3", portcullises=("e1-e2",))
    position = build("- {id: nolock, side: npc, card: nolock, at: e3, carries: key}", {"nolock": NOLOCK_EXIT},
                     grids=grids)
    tallies = {"nolock:portcullises_opened": 3}
    explanation = run_activation(position, "nolock", ScriptedTable(), tallies=tallies)
    assert explanation.chosen is not None and explanation.chosen["mode"] == "exit"
    assert "open" in kinds(explanation) and kinds(explanation)[-1] == "exit"
    assert tallies["nolock:portcullises_opened"] == 4
    assert explanation.scored == [{"vp": 1, "counter": "portcullises_opened", "count": 4,
                                   "after_step": kinds(explanation).index("open") + 1}]
    assert position.score is not None and position.score.npc == 2  # 1 for the 4th portcullis, 1 for the exit
    assert position.board.marker_state(sq("e1"), sq("e2")) is MarkerState.OPEN




# -- S-OBJ-2: the swap drop (rulebook l.674, AMB-SWAP-DROP) ----------------------------------------------
TAKER = card("backstabber", "take_object 2*, exit 1, fight 1, reveal 1, regroup 1, rotation 1",
             ["wand", "rope", "key"])


def test_s_obj_2_the_old_object_is_dropped_on_the_last_valid_square_along_the_way() -> None:
    # A Rope lies in the pit c3 (a Key may not lie in a pit, B-CARRY-5) and a Shield, which the card
    # does not list, on b3 (no second object there, B-GOLD-3). Passing over the Rope, the NPC "abandonne
    # l'ancien objet et prend le nouveau": the Key goes to a3, the last valid square along its way.
    grids = corridors("a3 b3 c3 d3 e3", pits=("c3",))
    position = build("- {id: taker, side: npc, card: taker, at: a3, carries: key}", {"taker": TAKER},
                     objects="- {kind: shield, at: b3}\n- {kind: rope, at: c3}\n- {kind: wand, at: e3}",
                     grids=grids)
    explanation = run_activation(position, "taker", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "take_object"
    swaps = [s.fields for s in explanation.steps if s.kind == "swap"]
    assert swaps[0] == {"at": "c3", "drops": "key", "takes": "rope", "dropped_at": "a3"}
    assert "leaving the Key on a3, the last valid square (S-OBJ-2" in explanation.steps[1].text.english()
    # It stops on the Wand (Take object ends there), where no second object may lie: the Rope goes to
    # d3, "la dernière case valide avant de récupérer le nouvel objet" (S-TAKE-5, AMB-DROP-BACK).
    assert swaps[1] == {"at": "e3", "drops": "rope", "takes": "wand", "dropped_at": "d3"}
    assert position.character("taker").carries == "wand" and position.character("taker").at == sq("e3")
    assert sorted((square_name(o.at), o.kind) for o in position.objects) == [
        ("a3", "key"), ("b3", "shield"), ("d3", "rope")]


def test_s_obj_2_s_take_5_stopping_on_the_new_object_drops_the_old_one_further_back() -> None:
    # The NPC stops on the Wand (Take object ends there) carrying the Key: no second object may lie on
    # e3 with the Wand in its hands (B-GOLD-3). The square just behind, d3, holds a Shield its card
    # does not list, so it cannot take the Key either; "abandonner l'objet qu'il transportait sur la
    # dernière case valide avant de récupérer le nouvel objet" (rulebook l.464, l.674): c3.
    grids = corridors("a3 b3 c3 d3 e3")
    position = build("- {id: taker, side: npc, card: taker, at: a3, carries: key}", {"taker": TAKER},
                     objects="- {kind: shield, at: d3}\n- {kind: wand, at: e3}", grids=grids)
    explanation = run_activation(position, "taker", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "take_object"
    assert [s.fields for s in explanation.steps if s.kind == "swap"] == [
        {"at": "e3", "drops": "key", "takes": "wand", "dropped_at": "c3"}]
    swap = next(s for s in explanation.steps if s.kind == "swap")
    assert swap.text.english() == ("takes the Fireball wand on e3, leaving the Key on c3, the last valid "
                                   "square (S-OBJ-2, S-TAKE-5)")
    assert explanation.ap_used == 1
    taker = position.character("taker")
    assert taker.carries == "wand" and taker.at == sq("e3")
    assert sorted((square_name(o.at), o.kind) for o in position.objects) == [("c3", "key"), ("d3", "shield")]


TURNER = card("backstabber", "rotation 3*, exit 1, fight 1, reveal 1, regroup 1, take_object 1", ["key"])


def test_s_obj_3_the_object_it_brought_goes_to_the_last_valid_square_so_it_can_stop() -> None:
    # Rotation mode: the gear e3 holds a Shield, so the NPC may stop there only with empty hands (B-GOLD-3);
    # its Key goes back along the way: not on d3 (a Spear lies there) but on c3 (AMB-DROP-BACK, l.676).
    grids = corridors("a3 b3 c3 d3 e3", gears=("e3",))
    position = build("- {id: turner, side: npc, card: turner, at: a3, carries: key}", {"turner": TURNER},
                     objects="- {kind: spear, at: d3}\n- {kind: shield, at: e3}", grids=grids)
    explanation = run_activation(position, "turner", ScriptedTable(dice=[1]))
    assert explanation.chosen is not None and explanation.chosen["mode"] == "rotation"
    # One move straight onto the gear (1 AP), not a stop on d3 first to leave the Key behind it (2 AP).
    assert explanation.steps[0].fields == {"path": ["a3", "b3", "c3", "d3", "e3"]}
    assert explanation.ap_used == 2  # the move and the rotation
    drop = next(s for s in explanation.steps if s.kind == "drop")
    assert drop.fields == {"at": "c3", "item": "key"}
    assert drop.text.english() == "leaves the Key on c3 to stop where it must (S-OBJ-3)"
    assert position.character("turner").carries is None
    # c3 is the room's centre: the rotation leaves the Key there.
    assert [o.kind for o in position.objects if o.at == sq("c3")] == ["key"]


def test_s_obj_2_a_jump_landing_on_a_better_object_leaves_the_old_one_on_the_take_off_square() -> None:
    # AMB-JUMP-LAND: landing is a stop; the Key may not lie on d3 beside the Wand in its hands, so it
    # is left on b3, the last valid square of its way (S-OBJ-2, S-TAKE-5, AMB-DROP-BACK).
    grids = corridors("a3 b3 c3 d3", pits=("c3",))
    position = build("- {id: taker, side: npc, card: taker, at: a3, carries: key}", {"taker": TAKER},
                     objects="- {kind: wand, at: d3}", grids=grids)
    explanation = run_activation(position, "taker", ScriptedTable())
    assert explanation.chosen is not None and explanation.chosen["mode"] == "take_object"
    assert kinds(explanation)[:3] == ["move", "jump", "swap"] and explanation.ap_used == 2
    assert [s.fields for s in explanation.steps if s.kind == "swap"] == [
        {"at": "d3", "drops": "key", "takes": "wand", "dropped_at": "b3"}]
    taker = position.character("taker")
    assert taker.carries == "wand" and taker.at == sq("d3")
    assert [(square_name(o.at), o.kind) for o in position.objects] == [("b3", "key")]
