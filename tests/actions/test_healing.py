"""The Cleric's Healing (B-CLER-2..8, S-HEAL) on small positions built with ``builders.make_position``.

Slot 1 (files a-e, ranks 1-5) at rotation 0; the edit (4, 5) is the edge between c3 and c4.
"""

from __future__ import annotations

import pytest
from builders import class_position as position
from builders import grid

from solo.actions.healing import apply_heal, heal_targets
from solo.errors import IllegalActionError
from solo.table.position import Side
from solo.table.squares import parse_square as sq

EDGE_C3_C4 = (4, 5)


CLERIC = "- {id: cleric, side: player, class: cleric, at: c3}\n"


def test_b_cler_2_heals_a_friendly_wounded_on_an_adjacent_square() -> None:
    p = position(CLERIC + "- {id: hurt, side: player, class: naga, at: d3, wounded: true}",
                 turn="{side: player, wounded: [hurt]}")
    assert heal_targets(p, p.character("cleric")) == ["hurt"]
    apply_heal(p, p.character("cleric"), "hurt")
    hurt = p.character("hurt")
    assert not hurt.wounded and hurt.at == sq("d3") and hurt.is_figure
    assert p.turn is not None and p.turn.healed == ["hurt"]  # B-CLER-3: it may not act this turn
    assert p.status() == []


def test_b_cler_3_creates_the_turn_when_the_position_has_none() -> None:
    p = position(CLERIC + "- {id: hurt, side: player, class: naga, at: c2, wounded: true}")
    apply_heal(p, p.character("cleric"), "hurt")
    assert p.turn is not None and p.turn.healed == ["hurt"] and p.turn.side is Side.PLAYER


def test_amb_heal_object_the_healed_figure_carries_the_object_under_it() -> None:
    p = position(CLERIC + "- {id: hurt, side: player, class: naga, at: d3, wounded: true}",
                 objects="- {kind: shield, at: d3}\n- {kind: key, at: a1}")
    apply_heal(p, p.character("cleric"), "hurt")
    assert p.character("hurt").carries == "shield"
    assert [o.kind for o in p.objects] == ["key"]
    assert p.status() == []


def test_b_cler_4_not_himself_and_b_cler_2_only_a_cleric() -> None:
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c3}
        - {id: naga, side: player, class: naga, at: c2}
        - {id: hurt, side: player, class: colossus, at: d2, wounded: true}
    """)
    with pytest.raises(IllegalActionError, match="B-CLER-4"):
        apply_heal(p, p.character("cleric"), "cleric")
    with pytest.raises(IllegalActionError, match="B-CLER-2"):
        apply_heal(p, p.character("naga"), "hurt")
    assert heal_targets(p, p.character("naga")) == []


def test_b_cler_5_not_the_wounded_he_carries_and_b_cler_7_not_one_carried_by_another() -> None:
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c3, carries: mine}
        - {id: mine, side: player, class: naga, wounded: true}
        - {id: naga, side: player, class: naga, at: d3, carries: theirs}
        - {id: theirs, side: player, class: colossus, wounded: true}
    """)
    assert heal_targets(p, p.character("cleric")) == []
    with pytest.raises(IllegalActionError, match="B-CLER-5"):
        apply_heal(p, p.character("cleric"), "mine")
    with pytest.raises(IllegalActionError, match="B-CLER-7"):
        apply_heal(p, p.character("cleric"), "theirs")
    assert p.character("mine").wounded and p.character("theirs").wounded


def test_b_cler_7_not_under_a_standing_npc_figure() -> None:
    # AMB-UNLISTED-STOP: an NPC may stand on a friendly wounded; healing it would put two figures there.
    p = position("""
        - {id: cleric, side: npc, card: n-cleric, at: c3}
        - {id: hurt, side: npc, card: n-naga, at: d3, wounded: true}
        - {id: standing, side: npc, card: n-naga, at: d3}
    """)
    assert heal_targets(p, p.character("cleric")) == []
    with pytest.raises(IllegalActionError, match="B-CLER-7"):
        apply_heal(p, p.character("cleric"), "hurt")


def test_b_cler_6_not_diagonally_nor_through_a_portcullis_or_a_slit() -> None:
    for mark in ("#", ":", "-"):
        p = position(CLERIC + "- {id: hurt, side: player, class: naga, at: c4, wounded: true}",
                     grids={1: grid((*EDGE_C3_C4, mark))})
        assert heal_targets(p, p.character("cleric")) == [], mark
        with pytest.raises(IllegalActionError, match="B-CLER-6"):
            apply_heal(p, p.character("cleric"), "hurt")
    p = position(CLERIC + "- {id: hurt, side: player, class: naga, at: d4, wounded: true}")
    assert heal_targets(p, p.character("cleric")) == []
    p = position(CLERIC + "- {id: hurt, side: player, class: naga, at: c4, wounded: true}",
                 grids={1: grid((*EDGE_C3_C4, "#"))}, portcullises="- {between: [c3, c4], state: open}")
    assert heal_targets(p, p.character("cleric")) == ["hurt"]


def test_b_cler_8_only_friendly_wounded() -> None:
    p = position(CLERIC + "- {id: enemy, side: npc, card: n-naga, at: d3, wounded: true}")
    assert heal_targets(p, p.character("cleric")) == []
    with pytest.raises(IllegalActionError, match="B-CLER-8"):
        apply_heal(p, p.character("cleric"), "enemy")


def test_b_wnd_1_a_wounded_cleric_does_not_heal() -> None:
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c3, wounded: true}
        - {id: hurt, side: player, class: naga, at: d3, wounded: true}
    """)
    assert heal_targets(p, p.character("cleric")) == []
    with pytest.raises(IllegalActionError, match="B-WND-1"):
        apply_heal(p, p.character("cleric"), "hurt")


def test_b_exit_2_not_a_wounded_lying_on_the_opponents_line() -> None:
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c20}
        - {id: hurt, side: player, class: naga, at: c21, wounded: true}
    """)
    assert heal_targets(p, p.character("cleric")) == []
    p.character("cleric").at = sq("c1")
    p.character("hurt").at = sq("c0")
    assert heal_targets(p, p.character("cleric")) == ["hurt"]  # its own line is fine


def test_heal_targets_lists_every_adjacent_friend_in_position_order() -> None:
    p = position(CLERIC + """
        - {id: a, side: player, class: naga, at: b3, wounded: true}
        - {id: b, side: player, class: colossus, at: c2, wounded: true}
        - {id: far, side: player, class: wizard, at: a3, wounded: true}
    """)
    assert heal_targets(p, p.character("cleric")) == ["a", "b"]
