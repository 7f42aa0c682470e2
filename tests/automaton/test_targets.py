"""Targets the automaton must not pick: a wounded lying under a friendly figure (AMB-UNDER-FIGURE)."""

from __future__ import annotations

from npc_builders import npc_card, npc_position

from solo.automaton.activation import run_activation
from solo.automaton.table import ScriptedTable
from solo.table.squares import parse_square

HEALER = npc_card("cleric", "heal 3*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
STANDER = npc_card("colossus", "exit 1*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")


def test_s_heal_1_b_cler_7_a_wounded_under_a_friendly_figure_is_not_healed() -> None:
    # The Colossus does not list "wounded": it stands on its wounded friend without carrying it
    # (AMB-UNLISTED-STOP). That wounded counts as carried (AMB-UNDER-FIGURE): no healing (B-CLER-7).
    position = npc_position("""
        - {id: c, side: npc, card: c, at: c11}
        - {id: s, side: npc, card: s, at: d11}
        - {id: w, side: npc, card: s, at: d11, wounded: true}
        """, {"c": HEALER, "s": STANDER})
    explanation = run_activation(position, "c", ScriptedTable(dice=[1]))
    assert not explanation.objectives[0].achievable
    assert position.character("w").wounded and position.character("w").at == parse_square("d11")
    # Once the Colossus has stepped off, the same wounded is healed.
    position.character("s").at = parse_square("e11")
    explanation = run_activation(position, "c", ScriptedTable())
    assert explanation.objectives[0].achievable and explanation.objectives[0].target == "w"
    assert not position.character("w").wounded


def test_b_move_12_an_npc_left_mid_move_on_a_friend_goes_on_to_a_square_it_may_stop_on() -> None:
    # After handing an item over while crossing a friend (S-PERS-SERPICO), the NPC stands on the
    # friend's square with steps left; if nothing else moves it, it still ends its move legally.
    from solo.automaton.activation import finish_move
    from solo.automaton.context import Context, cards_of
    from solo.automaton.explanation import Explanation
    from solo.automaton.table import drive
    from solo.table.card_lookup import card_for

    position = npc_position("""
        - {id: n, side: npc, card: s, at: a11}
        - {id: f, side: npc, card: s, at: c12}
        """, {"s": STANDER})
    npc = position.character("n")
    npc.at = parse_square("c12")  # mid-move, on its friend
    ctx = Context(position, npc, card_for(position, "n"), Explanation("n"), cards=cards_of(position))
    ctx.steps_in_progress = 1
    _, waiting = drive(finish_move(ctx), ScriptedTable(dice=[2, 2]))
    assert waiting is None
    assert npc.at in {parse_square(s) for s in ("b12", "d12", "c11", "c13")}
    assert position.status() == []
    assert ctx.explanation.ap_used == 0
