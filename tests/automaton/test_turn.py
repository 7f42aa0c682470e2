"""The NP's turn (S-TURN-5..9): the row of cards, who is activated, newcomers, healed NPCs."""

from __future__ import annotations

from npc_builders import npc_card, npc_position

from solo.automaton.table import RevealAnswer, ScriptedTable, ShuffleRequest
from solo.automaton.turn import run_np_turn
from solo.table.position import Character, Side, Turn
from solo.table.squares import parse_square, square_name

# A Colossus (2 squares a move) heading for the exit (2 AP); from a room's corner its gear (the room's
# centre, builders.OPEN_GRID) is 2 AP away, out of Rotation's 1 AP.
RUNNER = npc_card("colossus", "exit 2*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")
REVEALER = npc_card("backstabber", "reveal 1*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
NEWCOMER = npc_card("mechanork", "exit 5*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")


def test_s_turn_5_7_cards_laid_out_in_the_shuffled_order_and_activated_left_to_right() -> None:
    position = npc_position("""
        - {id: a, side: npc, card: a, at: a16}
        - {id: b, side: npc, card: b, at: j16}
        """, {"a": RUNNER, "b": RUNNER})
    table = ScriptedTable(orders=[["b", "a"]])
    record = run_np_turn(position, table)
    shuffle = [r for r, _ in table.log if isinstance(r, ShuffleRequest)]
    assert len(shuffle) == 1 and sorted(shuffle[0].cards) == ["a", "b"]
    assert record.row == ["b", "a"]
    assert [e.npc for e in record.activations] == ["b", "a"]
    assert position.turn is not None and position.turn.acted == ["b", "a"]
    # Neither can exit within 2 AP from rank 16: both go 4 squares straight towards the yellow line.
    assert square_name(position.character("a").at or 0) == "a12"
    assert square_name(position.character("b").at or 0) == "j12"
    assert all(e.ap_used == 2 for e in record.activations)


def test_s_turn_6_wounded_npcs_are_not_activated() -> None:
    position = npc_position("""
        - {id: a, side: npc, card: a, at: a16}
        - {id: w, side: npc, card: w, at: h15, wounded: true}
        """, {"a": RUNNER, "w": RUNNER})
    record = run_np_turn(position, ScriptedTable(orders=[["w", "a"]]))
    assert record.row == ["w", "a"]
    assert [e.npc for e in record.activations] == ["a"]
    assert [(n, r.english()) for n, r in record.skipped] == [("w", "wounded: its card is tilted (S-TURN-6)")]
    assert position.character("w").at == parse_square("h15")


def test_s_turn_9_an_npc_healed_this_turn_is_not_activated() -> None:
    position = npc_position("""
        - {id: a, side: npc, card: a, at: a16}
        - {id: h, side: npc, card: h, at: j16}
        """, {"a": RUNNER, "h": RUNNER}, extra="turn: {side: npc, acted: [], healed: [h], wounded: []}")
    record = run_np_turn(position, ScriptedTable(orders=[["a", "h"]]))
    assert [e.npc for e in record.activations] == ["a"]
    skipped = [(n, r.english()) for n, r in record.skipped]
    assert ("h", "healed this turn: not activated (S-TURN-9)") in skipped
    assert position.character("h").at == parse_square("j16")


def test_s_turn_8_an_npc_entering_by_a_reveal_is_appended_and_acts_this_turn() -> None:
    position = npc_position("- {id: r, side: npc, card: r, at: c5}", {"r": REVEALER, "n": NEWCOMER},
                            rooms={3: "hidden"})
    newcomer = Character("n", Side.NPC, "mechanork", parse_square("b8"), card="n")
    table = ScriptedTable(reveals=[RevealAnswer("room3", 0, [newcomer])])
    record = run_np_turn(position, table)
    assert record.row == ["r", "n"]
    assert [e.npc for e in record.activations] == ["r", "n"]
    reveal = [s for s in record.activations[0].steps if s.kind == "reveal"]
    assert reveal[0].fields == {"slot": 3, "entered": ["n"]}
    assert position.board.is_revealed(3)
    # The newcomer acted at once: from b8 (3 squares a move) it reaches the yellow line in 3 AP.
    assert [s.kind for s in record.activations[1].steps][-1] == "exit"
    assert record.activations[1].ap_used == 3 and "n" not in position.characters


def test_s_turn_5_an_npc_that_exited_is_out_of_the_next_turn() -> None:
    position = npc_position("""
        - {id: a, side: npc, card: a, at: a2}
        - {id: b, side: npc, card: b, at: j16}
        """, {"a": RUNNER, "b": RUNNER})
    first = run_np_turn(position, ScriptedTable(orders=[["a", "b"]]))
    assert [s.kind for s in first.activations[0].steps][-1] == "exit"
    assert "a" not in position.characters and position.score is not None and position.score.npc == 1
    position.turn = Turn(Side.PLAYER)
    second = run_np_turn(position, ScriptedTable())
    assert second.row == ["b"]


def test_s_pers_bonsoins_a_character_he_heals_acts_in_the_same_turn() -> None:
    healer_effects = [{"kind": "heal_acts_now"}]
    healer = npc_card("cleric", "heal 3*, exit 1, fight 1, take_object 1, regroup 1, rotation 1",
                      effects=healer_effects)
    plain_healer = npc_card("cleric", "heal 3*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
    for card, acts in ((healer, True), (plain_healer, False)):
        position = npc_position("""
            - {id: c, side: npc, card: c, at: c13}
            - {id: w, side: npc, card: w, at: c11, wounded: true}
            """, {"c": card, "w": RUNNER})
        record = run_np_turn(position, ScriptedTable(orders=[["c", "w"]]))
        assert [s.kind for s in record.activations[0].steps][-1] == "heal"
        assert not position.character("w").wounded
        assert ([e.npc for e in record.activations] == ["c", "w"]) is acts  # S-TURN-9 otherwise
