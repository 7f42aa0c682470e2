"""Melee, group and ranged combat, the Telescoping spear and the Fireball wand (B-CMB, B-GRP, B-RNG,
B-BOW, B-SHIELD, B-SPEAR, B-WAND, B-VP), on small positions built with ``builders.make_position``.

Slot 1 (files a-e, ranks 1-5) at rotation 0: grid line 2r-1 / column 2c-1 is row r, column c, that
is rank 6-r, file c. Its gear is c3; every other room is open.
"""

from __future__ import annotations

import pytest
from builders import class_position as position
from builders import grid

from solo.actions.combat import (
    CombatSides,
    attack_adjacent,
    attack_squares,
    may_attack,
    melee_sides,
    ranged_sides,
    ranged_targets,
    resolve_combat,
    spear_targets,
)
from solo.actions.wand import apply_wand, wand_targets
from solo.errors import IllegalActionError
from solo.table.board import MarkerState
from solo.table.position import ObjectToken, Side
from solo.table.squares import Direction
from solo.table.squares import parse_square as sq

N, E, S, W = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST


EDGE_C3_C4 = (4, 5)
EDGE_C3_D3 = (5, 6)


# -- adjacency (B-CMB-2, B-EDGE-8) ----------------------------------------------------------------

def test_b_cmb_2_adjacency_orthogonal_only_and_never_across_walls_portcullises_or_slits() -> None:
    p = position("", grids={1: grid((*EDGE_C3_C4, "-"), (*EDGE_C3_D3, ":"))})
    assert attack_adjacent(p, sq("c3"), sq("b3"))
    assert attack_adjacent(p, sq("c3"), sq("c2"))
    assert not attack_adjacent(p, sq("c3"), sq("d4"))  # diagonal
    assert not attack_adjacent(p, sq("c3"), sq("c4"))  # wall
    assert not attack_adjacent(p, sq("c3"), sq("d3"))  # arrow slit
    assert not attack_adjacent(p, sq("c3"), sq("c5"))  # not neighbours
    assert sorted(attack_squares(p, sq("c3"))) == sorted([sq("b3"), sq("c2")])


def test_b_cmb_2_closed_portcullis_blocks_open_or_broken_does_not() -> None:
    p = position("", grids={1: grid((*EDGE_C3_C4, "#"))})
    assert not attack_adjacent(p, sq("c3"), sq("c4"))
    p.board.set_marker(sq("c3"), sq("c4"), MarkerState.OPEN)
    assert attack_adjacent(p, sq("c3"), sq("c4"))
    p.board.set_marker(sq("c3"), sq("c4"), MarkerState.BROKEN)
    assert sq("c4") in attack_squares(p, sq("c3"))


def test_attack_squares_include_starting_line_squares_and_skip_off_board() -> None:
    # B-GRP-9, B-CMB-9: a1 touches a0 on the yellow line and b1; nothing west of file a.
    p = position("")
    assert sorted(attack_squares(p, sq("a1"))) == sorted([sq("a0"), sq("a2"), sq("b1")])


# -- may_attack (B-CMB-1/2/8/9/10/11/12) ------------------------------------------------------------

def test_may_attack_reasons_cite_the_rule() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c3}
        - {id: cleric, side: player, class: cleric, at: c2}
        - {id: colossus, side: npc, card: n-colossus, at: d3}
        - {id: far, side: npc, card: n-mechanork, at: h8}
        - {id: diag, side: npc, card: n-telepath, at: b4}
        - {id: hurt, side: player, class: wizard, at: a1, wounded: true}
        - {id: carrier, side: npc, card: n-naga, at: e1, carries: carried}
        - {id: carried, side: npc, card: n-cleric, wounded: true}
    """)
    ch = p.character
    assert may_attack(p, ch("naga"), ch("colossus")) is None
    assert "B-CMB-2" in str(may_attack(p, ch("naga"), ch("far")))
    assert "B-CMB-2" in str(may_attack(p, ch("naga"), ch("diag")))
    assert "B-CMB-1" in str(may_attack(p, ch("naga"), ch("cleric")))
    assert "B-CMB-11" in str(may_attack(p, ch("hurt"), ch("colossus")))
    ch("naga").at = sq("e2")
    assert "B-CMB-12" in str(may_attack(p, ch("naga"), ch("carried")))
    assert may_attack(p, ch("naga"), ch("carrier")) is None


def test_b_cmb_8_no_attack_on_a_character_wounded_this_turn() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c3}
        - {id: mech, side: npc, card: n-mechanork, at: d3, wounded: true}
    """, turn="{side: player, wounded: [mech]}")
    assert "B-CMB-8" in str(may_attack(p, p.character("naga"), p.character("mech")))
    with pytest.raises(IllegalActionError, match="B-CMB-8"):
        melee_sides(p, "naga", "mech")
    p.turn = None
    assert may_attack(p, p.character("naga"), p.character("mech")) is None


def test_b_cmb_9_and_b_cmb_10_starting_lines() -> None:
    # An enemy on a line may be attacked only from a room; a figure on its own line may attack into a room.
    p = position("""
        - {id: naga, side: player, class: naga, at: c0}
        - {id: room-npc, side: npc, card: n-naga, at: c1}
        - {id: line-npc, side: npc, card: n-naga, at: d0, wounded: true}
        - {id: cleric, side: player, class: cleric, at: d1}
    """)
    ch = p.character
    assert may_attack(p, ch("naga"), ch("room-npc")) is None  # B-CMB-10
    assert "B-CMB-9" in str(may_attack(p, ch("naga"), ch("line-npc")))
    assert may_attack(p, ch("cleric"), ch("line-npc")) is None  # B-CMB-9: from a room


def test_b_cmb_2_no_attack_through_a_wall() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c3}
        - {id: npc, side: npc, card: n-naga, at: c4}
    """, grids={1: grid((*EDGE_C3_C4, "-"))})
    with pytest.raises(IllegalActionError, match="B-CMB-2"):
        melee_sides(p, "naga", "npc")


# -- group combat (B-GRP) ----------------------------------------------------------------------------

GRP_10 = """
    - {id: naga, side: player, class: naga, at: c3}
    - {id: backstabber, side: player, class: backstabber, at: d4}
    - {id: cleric, side: player, class: cleric, at: a3}
    - {id: colossus, side: npc, card: n-colossus, at: d3}
    - {id: mechanork, side: npc, card: n-mechanork, at: c2, wounded: true}
"""


def test_b_grp_10_worked_example_naga_attacks_the_colossus() -> None:
    # B-GRP-1/2/4, B-BACK-2: the Backstabber also touches the Colossus and joins with Stab; the
    # Cleric touches nobody; the wounded Mechanork is not the target and stays out.
    p = position(GRP_10)
    sides = melee_sides(p, "naga", "colossus")
    assert sides.attackers == ("naga", "backstabber")
    assert sides.defenders == ("colossus",)
    assert sides.shooters == ()
    assert (sides.attack_value, sides.defence_value) == (2 + (2 + 2), 5)
    assert sides.is_group
    result = resolve_combat(p, sides, "win", Side.PLAYER)
    assert result.outcome == "win" and result.wounded == ["colossus"] and result.eliminated == []
    assert result.vp == {Side.PLAYER: 0, Side.NPC: 0}
    assert p.character("colossus").wounded and p.character("colossus").at == sq("d3")
    assert p.turn is not None and p.turn.wounded == ["colossus"]
    assert not p.character("naga").wounded and not p.character("backstabber").wounded
    assert p.score is None or (p.score.player, p.score.npc) == (0, 0)
    assert p.status() == []


def test_b_grp_10_variant_the_colossus_defends_its_wounded_mechanork() -> None:
    # B-GRP-5/7, B-GRP-3 (AMB-B-CHAIN): the Colossus touches the Naga and defends (5 + 0); the
    # Backstabber touches the Colossus, a defender, and joins. On a loss the Colossus is wounded and
    # the Mechanork eliminated: 1 VP (B-VP-2).
    p = position(GRP_10)
    sides = melee_sides(p, "naga", "mechanork")
    assert sides.defenders == ("mechanork", "colossus")
    assert sides.attackers == ("naga", "backstabber")
    assert (sides.attack_value, sides.defence_value) == (6, 5 + 0)
    result = resolve_combat(p, sides, "win", Side.PLAYER)
    assert result.eliminated == ["mechanork"] and result.wounded == ["colossus"]
    assert result.vp == {Side.PLAYER: 1, Side.NPC: 0}
    assert "mechanork" not in p.characters
    assert p.character("colossus").wounded
    assert p.score is not None and (p.score.player, p.score.npc) == (1, 0)
    assert p.status() == []


def test_b_grp_7_attackers_lose_every_attacker_is_wounded() -> None:
    p = position(GRP_10)
    sides = melee_sides(p, "naga", "colossus")
    result = resolve_combat(p, sides, "lose", Side.PLAYER)
    assert result.wounded == ["naga", "backstabber"] and result.eliminated == []
    assert p.character("naga").wounded and p.character("backstabber").wounded
    assert not p.character("colossus").wounded
    assert p.turn is not None and p.turn.wounded == ["naga", "backstabber"]


def test_b_cmb_6_tie_changes_nothing() -> None:
    p = position(GRP_10)
    sides = melee_sides(p, "naga", "colossus")
    result = resolve_combat(p, sides, "tie", Side.PLAYER)
    assert (result.wounded, result.eliminated) == ([], [])
    assert not any(c.wounded for c in p.characters.values() if c.id != "mechanork")
    assert p.turn is None


def test_resolve_combat_refuses_an_unknown_outcome() -> None:
    p = position(GRP_10)
    sides = melee_sides(p, "naga", "colossus")
    with pytest.raises(IllegalActionError, match="outcome"):
        resolve_combat(p, sides, "draw", Side.PLAYER)
    with pytest.raises(IllegalActionError, match="active side"):
        resolve_combat(p, sides, "win", Side.NPC)


def test_b_cmb_13_duel_is_not_a_group_and_b_back_2_no_stab_alone() -> None:
    p = position("""
        - {id: backstabber, side: player, class: backstabber, at: c3}
        - {id: npc, side: npc, card: n-naga, at: d3}
    """)
    sides = melee_sides(p, "backstabber", "npc")
    assert not sides.is_group
    assert (sides.attack_value, sides.defence_value) == (2, 2)


def test_b_back_2_stab_in_defence_and_b_grp_3_chain() -> None:
    # The NPC Naga attacks the Player Mechanork; the Player Backstabber touches the attacker and
    # defends with Stab; the NPC Colossus touches the Backstabber (a defender) and joins in turn.
    p = position("""
        - {id: naga, side: npc, card: n-naga, at: c3}
        - {id: mech, side: player, class: mechanork, at: c4}
        - {id: back, side: player, class: backstabber, at: c2}
        - {id: colossus, side: npc, card: n-colossus, at: c1}
        - {id: far, side: npc, card: n-cleric, at: a1}
    """)
    sides = melee_sides(p, "naga", "mech")
    assert sides.attackers == ("naga", "colossus")
    assert sides.defenders == ("mech", "back")
    assert (sides.attack_value, sides.defence_value) == (2 + 5, 2 + (2 + 2))


def test_b_grp_4_wounded_never_join() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c3}
        - {id: hurt, side: player, class: colossus, at: c4, wounded: true}
        - {id: npc, side: npc, card: n-naga, at: d3}
        - {id: npc-hurt, side: npc, card: n-colossus, at: c2, wounded: true}
    """)
    sides = melee_sides(p, "naga", "npc")
    assert sides.participants == ("naga", "npc")


def test_b_carry_12_losing_carrier_loses_its_wounded_and_drops_its_object() -> None:
    # B-CARRY-11/12, B-VP-2: the loser carrying a wounded: the wounded is eliminated (1 VP to the
    # winner); a loser carrying an object: it lies under the new wounded token.
    p = position("""
        - {id: naga, side: player, class: naga, at: c3, carries: key}
        - {id: npc, side: npc, card: n-naga, at: d3, carries: friend}
        - {id: friend, side: npc, card: n-cleric, wounded: true}
    """)
    sides = melee_sides(p, "naga", "npc")
    result = resolve_combat(p, sides, "win", Side.PLAYER)
    assert result.eliminated == ["friend"] and result.wounded == ["npc"]
    assert result.vp == {Side.PLAYER: 1, Side.NPC: 0}
    assert "friend" not in p.characters and p.character("npc").carries is None
    assert p.status() == []
    p2 = position("""
        - {id: naga, side: player, class: naga, at: c3, carries: key}
        - {id: npc, side: npc, card: n-naga, at: d3}
    """)
    result = resolve_combat(p2, melee_sides(p2, "naga", "npc"), "lose", Side.PLAYER)
    assert result.wounded == ["naga"]
    assert p2.character("naga").carries is None
    assert p2.objects == [ObjectToken("key", sq("c3"))]
    assert p2.status() == []


def test_b_carry_13_object_under_an_eliminated_wounded_stays() -> None:
    p = position("""
        - {id: naga, side: npc, card: n-naga, at: c3}
        - {id: hurt, side: player, class: cleric, at: d3, wounded: true}
    """, objects="- {kind: shield, at: d3}")
    result = resolve_combat(p, melee_sides(p, "naga", "hurt"), "win", Side.NPC)
    assert result.eliminated == ["hurt"] and result.vp == {Side.PLAYER: 0, Side.NPC: 1}
    assert p.objects == [ObjectToken("shield", sq("d3"))]
    assert p.score is not None and p.score.npc == 1


def test_b_wnd_4_a_wounded_target_that_wins_wounds_its_attacker() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c3}
        - {id: hurt, side: npc, card: n-cleric, at: d3, wounded: true}
    """)
    sides = melee_sides(p, "naga", "hurt")
    assert (sides.attack_value, sides.defence_value) == (2, 0)
    result = resolve_combat(p, sides, "lose", Side.PLAYER)
    assert result.wounded == ["naga"] and "hurt" in p.characters


# -- ranged combat (B-RNG, B-BOW, B-SHIELD) ----------------------------------------------------------

def test_b_rng_13_cleric_shoots_the_mechanork_backstabber_joins_with_stab() -> None:
    # 1 + (2+2) = 5 against 2; the target side's Wizard, who carries a Bow, cannot take part.
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c1, carries: bow}
        - {id: back, side: player, class: backstabber, at: d5}
        - {id: mech, side: npc, card: n-mechanork, at: c5}
        - {id: wiz, side: npc, card: n-wizard, at: h5, carries: bow}
    """)
    assert ranged_targets(p, p.character("cleric")) == [(N, sq("c5"))]
    sides = ranged_sides(p, "cleric", "mech")
    assert sides.shooters == ("cleric",)
    assert sides.attackers == ("back",)
    assert sides.defenders == ("mech",)
    assert (sides.attack_value, sides.defence_value) == (1 + (2 + 2), 2)
    assert sides.is_group


def test_b_rng_13_wizard_shoots_the_backstabber_no_stab_for_her() -> None:
    # 1 + 2 = 3 against 2: no friend of hers takes part; her side's Cleric with a Bow stays out.
    p = position("""
        - {id: wiz, side: npc, card: n-wizard, at: c1, carries: bow}
        - {id: mech, side: npc, card: n-mechanork, at: d5}
        - {id: back, side: player, class: backstabber, at: c5}
        - {id: cleric, side: player, class: cleric, at: h5, carries: bow}
    """)
    sides = ranged_sides(p, "wiz", "back")
    assert (sides.shooters, sides.attackers, sides.defenders) == (("wiz",), ("mech",), ("back",))
    assert (sides.attack_value, sides.defence_value) == (1 + 2, 2)


def test_b_rng_13_through_a_slit_it_touches_but_not_behind_another_character() -> None:
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c3, carries: bow}
        - {id: npc, side: npc, card: n-naga, at: c7}
        - {id: behind, side: npc, card: n-naga, at: a3}
        - {id: front, side: npc, card: n-telepath, at: b3, wounded: true}
    """, grids={1: grid((*EDGE_C3_C4, ":"))})
    targets = ranged_targets(p, p.character("cleric"))
    assert (N, sq("c7")) in targets  # B-LOS-4: the shooter touches the slit
    # West: the wounded telepath on b3 is first and adjacent (B-BOW-4); a3 is hidden behind it.
    assert all(t[1] != sq("a3") for t in targets)
    assert all(t[1] != sq("b3") for t in targets)
    p.character("cleric").at = sq("c2")
    assert (N, sq("c7")) not in ranged_targets(p, p.character("cleric"))  # no longer touching


def test_b_rng_2_only_enemies_and_the_first_character_in_line() -> None:
    p = position("""
        - {id: shooter, side: player, class: mechanork, at: c1, carries: bow}
        - {id: friend, side: player, class: naga, at: c4}
        - {id: enemy, side: npc, card: n-naga, at: c6}
        - {id: east, side: npc, card: n-naga, at: h1}
    """)
    assert ranged_targets(p, p.character("shooter")) == [(E, sq("h1"))]
    with pytest.raises(IllegalActionError, match="B-RNG"):
        ranged_sides(p, "shooter", "enemy")


def test_b_bow_4_no_shot_while_touching_an_enemy_figure() -> None:
    p = position("""
        - {id: shooter, side: player, class: mechanork, at: c1, carries: bow}
        - {id: touching, side: npc, card: n-naga, at: d1}
        - {id: enemy, side: npc, card: n-naga, at: c6}
    """)
    assert ranged_targets(p, p.character("shooter")) == []
    p.character("touching").wounded = True  # a touching enemy wounded does not stop the shot
    assert ranged_targets(p, p.character("shooter")) == [(N, sq("c6"))]


def test_b_rng_1_needs_a_bow() -> None:
    p = position("""
        - {id: shooter, side: player, class: mechanork, at: c1}
        - {id: enemy, side: npc, card: n-naga, at: c6}
    """)
    assert ranged_targets(p, p.character("shooter")) == []


def test_b_shield_1_2_and_b_shield_3() -> None:
    # The Large shield protects its carrier, and a wounded lying on it (AMB-B-SHIELDWND), from
    # shots only: melee is still allowed.
    p = position("""
        - {id: shooter, side: player, class: mechanork, at: c1, carries: bow}
        - {id: shielded, side: npc, card: n-naga, at: c6, carries: shield}
        - {id: lying, side: npc, card: n-naga, at: h1, wounded: true}
        - {id: naga, side: player, class: naga, at: c7}
    """, objects="- {kind: shield, at: h1}")
    assert ranged_targets(p, p.character("shooter")) == []
    assert may_attack(p, p.character("naga"), p.character("shielded")) is None


def test_b_rng_6_no_shot_at_a_character_wounded_this_turn() -> None:
    p = position("""
        - {id: shooter, side: player, class: mechanork, at: c1, carries: bow}
        - {id: hurt, side: npc, card: n-naga, at: c6, wounded: true}
    """, turn="{side: player, wounded: [hurt]}")
    assert ranged_targets(p, p.character("shooter")) == []


def test_b_rng_8_other_bow_carriers_join_as_shooters() -> None:
    # AMB-B-SHOOTERS: a second Bow carrier seeing the same target joins; one touching an enemy does not.
    p = position("""
        - {id: s1, side: player, class: mechanork, at: c1, carries: bow}
        - {id: s2, side: player, class: naga, at: a6, carries: bow}
        - {id: s3, side: player, class: naga, at: c9, carries: bow}
        - {id: blocker, side: npc, card: n-cleric, at: c10}
        - {id: target, side: npc, card: n-naga, at: c6}
    """)
    sides = ranged_sides(p, "s1", "target")
    assert sides.shooters == ("s1", "s2")
    assert sides.attackers == () and sides.defenders == ("target",)
    assert (sides.attack_value, sides.defence_value) == (2, 2)


def test_b_rng_4_shooters_never_wounded_melee_joiners_are() -> None:
    p = position("""
        - {id: cleric, side: player, class: cleric, at: c1, carries: bow}
        - {id: back, side: player, class: backstabber, at: d5}
        - {id: mech, side: npc, card: n-mechanork, at: c5}
    """)
    result = resolve_combat(p, ranged_sides(p, "cleric", "mech"), "lose", Side.PLAYER)
    assert result.wounded == ["back"]
    assert not p.character("cleric").wounded and p.character("cleric").carries == "bow"


def test_b_rng_10_no_melee_joiner_nobody_else_joins() -> None:
    p = position("""
        - {id: shooter, side: player, class: mechanork, at: c1, carries: bow}
        - {id: target, side: npc, card: n-naga, at: c6}
        - {id: friend, side: npc, card: n-colossus, at: d6}
    """)
    sides = ranged_sides(p, "shooter", "target")
    assert sides.participants == ("shooter", "target")
    assert not sides.is_group
    result = resolve_combat(p, sides, "win", Side.PLAYER)
    assert result.wounded == ["target"] and not p.character("friend").wounded


# -- Telescoping spear (B-SPEAR) ---------------------------------------------------------------------

def test_b_spear_1_2_reach_two_squares_over_an_empty_square() -> None:
    p = position("""
        - {id: lancer, side: player, class: naga, at: c1, carries: spear}
        - {id: target, side: npc, card: n-naga, at: c3}
        - {id: blocked, side: npc, card: n-naga, at: e1}
        - {id: middle, side: player, class: cleric, at: d1}
    """)
    assert spear_targets(p, p.character("lancer")) == [sq("c3")]
    sides = melee_sides(p, "lancer", "target")
    assert sides.spear == "lancer" and sides.attackers == ("lancer",)
    with pytest.raises(IllegalActionError, match="B-CMB-2"):
        melee_sides(p, "lancer", "blocked")  # a character in between (B-SPEAR-2)


def test_b_spear_5_not_while_touching_an_enemy_figure_and_b_spear_4_adjacent_is_plain_melee() -> None:
    p = position("""
        - {id: lancer, side: player, class: naga, at: c1, carries: spear}
        - {id: target, side: npc, card: n-naga, at: c3}
        - {id: touching, side: npc, card: n-naga, at: b1}
    """)
    assert spear_targets(p, p.character("lancer")) == []
    sides = melee_sides(p, "lancer", "touching")
    assert sides.spear is None


def test_b_spear_3_through_an_arrow_slit_both_touch() -> None:
    p = position("""
        - {id: lancer, side: player, class: naga, at: c3, carries: spear}
        - {id: target, side: npc, card: n-naga, at: c4}
    """, grids={1: grid((*EDGE_C3_C4, ":"))})
    assert spear_targets(p, p.character("lancer")) == [sq("c4")]


def test_b_spear_7_the_user_is_never_wounded_and_the_spear_breaks_on_a_loss() -> None:
    p = position("""
        - {id: lancer, side: player, class: naga, at: c1, carries: spear}
        - {id: target, side: npc, card: n-colossus, at: c3}
        - {id: friend, side: player, class: cleric, at: d3}
    """)
    sides = melee_sides(p, "lancer", "target")
    assert sides.attackers == ("lancer", "friend")  # B-SPEAR-9: adjacent friends join
    result = resolve_combat(p, sides, "lose", Side.PLAYER)
    assert result.spear_broken and result.wounded == ["friend"]
    assert not p.character("lancer").wounded and p.character("lancer").carries is None
    assert all(o.kind != "spear" for o in p.objects)


def test_b_spear_8_on_a_win_the_spear_stays() -> None:
    p = position("""
        - {id: lancer, side: player, class: naga, at: c1, carries: spear}
        - {id: target, side: npc, card: n-naga, at: c3}
    """)
    result = resolve_combat(p, melee_sides(p, "lancer", "target"), "win", Side.PLAYER)
    assert not result.spear_broken and p.character("lancer").carries == "spear"
    assert p.character("target").wounded


# -- Fireball wand (B-WAND) -------------------------------------------------------------------------

def test_b_wand_3_6_first_character_friend_or_foe_and_not_through_characters() -> None:
    p = position("""
        - {id: wizard, side: player, class: wizard, at: c1, carries: wand}
        - {id: friend, side: player, class: naga, at: c3}
        - {id: enemy, side: npc, card: n-naga, at: c6}
        - {id: touching, side: npc, card: n-naga, at: d1}
    """)
    assert wand_targets(p, p.character("wizard")) == [(N, sq("c3")), (E, sq("d1"))]
    eliminated = apply_wand(p, p.character("wizard"), N)
    assert eliminated == ["friend"]
    assert "friend" not in p.characters and "enemy" in p.characters
    assert p.character("wizard").carries is None  # B-WAND-1: discarded
    assert p.score is None or (p.score.player, p.score.npc) == (0, 0)  # B-VP-5


def test_b_wand_5_figure_and_the_wounded_it_carries_b_carry_13_objects_stay() -> None:
    p = position("""
        - {id: wizard, side: npc, card: n-wizard, at: c1, carries: wand}
        - {id: carrier, side: player, class: colossus, at: c6, carries: hurt}
        - {id: hurt, side: player, class: cleric, wounded: true}
        - {id: other, side: player, class: naga, at: h1, carries: key}
    """, turn="{side: npc, wounded: [hurt]}")
    assert apply_wand(p, p.character("wizard"), N) == ["carrier", "hurt"]
    assert p.score is not None and (p.score.player, p.score.npc) == (0, 2)
    assert p.turn is not None and p.turn.wounded == []
    p.character("wizard").carries = "wand"
    assert apply_wand(p, p.character("wizard"), E) == ["other"]
    assert p.objects == [ObjectToken("key", sq("h1"))]
    assert p.score.npc == 3
    assert p.status() == []


def test_b_wand_8_shield_and_wounded_this_turn_do_not_protect() -> None:
    p = position("""
        - {id: wizard, side: player, class: wizard, at: c1, carries: wand}
        - {id: enemy, side: npc, card: n-naga, at: c2, wounded: true}
    """, objects="- {kind: shield, at: c2}", turn="{side: player, wounded: [enemy]}")
    assert apply_wand(p, p.character("wizard"), N) == ["enemy"]
    assert p.objects == [ObjectToken("shield", sq("c2"))]


def test_b_wand_2_only_a_wizard_carrying_it() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c1, carries: wand}
        - {id: wizard, side: player, class: wizard, at: a1}
        - {id: enemy, side: npc, card: n-naga, at: c6}
    """)
    assert wand_targets(p, p.character("naga")) == []
    with pytest.raises(IllegalActionError, match="B-WAND-2"):
        apply_wand(p, p.character("naga"), N)
    with pytest.raises(IllegalActionError, match="B-WAND-1"):
        apply_wand(p, p.character("wizard"), N)
    p.character("wizard").carries = "wand"
    with pytest.raises(IllegalActionError, match="B-WAND-3"):
        apply_wand(p, p.character("wizard"), W)  # off the board at once: nobody in sight
    assert p.character("wizard").carries == "wand"


def test_combat_sides_is_group_counts_every_participant() -> None:
    assert CombatSides("t", ("a",), ("t",)).is_group is False
    assert CombatSides("t", (), ("t",), ("s1", "s2")).is_group is True


def test_amb_under_figure_a_wounded_under_an_npc_counts_as_carried() -> None:
    # AMB-UNLISTED-STOP lets an NPC stand on a friendly wounded; for combat and the wand it is carried.
    chars = """
        - {id: naga, side: player, class: naga, at: c3}
        - {id: npc, side: npc, card: n-naga, at: d3}
        - {id: hurt, side: npc, card: n-cleric, at: d3, wounded: true}
    """
    p = position(chars)
    assert "AMB-UNDER-FIGURE" in str(may_attack(p, p.character("naga"), p.character("hurt")))
    result = resolve_combat(p, melee_sides(p, "naga", "npc"), "win", Side.PLAYER)
    assert result.eliminated == ["hurt"] and result.wounded == ["npc"]
    assert p.status() == []
    p = position(chars.replace("{id: naga, side: player, class: naga, at: c3}",
                               "{id: wizard, side: player, class: wizard, at: a3, carries: wand}"))
    assert apply_wand(p, p.character("wizard"), E) == ["npc", "hurt"]
    assert p.score is not None and p.score.player == 2
