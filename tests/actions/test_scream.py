"""The Banshee's Repelling scream (B-BANS-2..10) and Wave-Rick's breaking push (S-PERS-WAVERICK).

Slot 1 (files a-e, ranks 1-5) at rotation 0: grid line 2r-1 / column 2c-1 is row r, column c, that
is rank 6-r, file c. Edits below put a pit on c4, a wall, portcullis or slit between c3 and c4, or a
slit between c1 and the yellow line square c0.
"""

from __future__ import annotations

import pytest
from builders import class_position as position
from builders import grid

from solo.actions.scream import apply_push, push_outcome, scream_targets
from solo.errors import IllegalActionError
from solo.table.board import MarkerState, Passage
from solo.table.position import ObjectToken, Position, Side
from solo.table.squares import Direction
from solo.table.squares import parse_square as sq

N, E, S, W = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST

PIT_C4 = (3, 5, "O")
EDGE_C3_C4 = (4, 5)
EDGE_C1_C0 = (10, 5)


def score(p: Position) -> tuple[int, int]:
    return (0, 0) if p.score is None else (p.score.player, p.score.npc)


BANSHEE = "- {id: banshee, side: player, class: banshee, at: c1}\n"


# -- targets (B-BANS-2, B-BANS-10) --------------------------------------------------------------------

def test_b_bans_2_targets_any_character_in_sight_either_colour_wounded_or_not() -> None:
    p = position(BANSHEE + """
        - {id: friend, side: player, class: naga, at: c4}
        - {id: enemy, side: npc, card: n-naga, at: h1, wounded: true}
        - {id: behind, side: npc, card: n-naga, at: c6}
    """, turn="{side: player, wounded: [enemy]}")
    assert scream_targets(p, p.character("banshee")) == [(N, sq("c4")), (E, sq("h1"))]
    # B-BANS-10: wounded this turn may still be pushed.
    outcome = apply_push(p, p.character("banshee"), sq("h1"))
    assert outcome.legal and outcome.to == sq("i1")
    assert p.character("enemy").at == sq("i1")


def test_b_bans_2_only_a_banshee_figure_screams_and_only_at_what_it_sees() -> None:
    p = position("""
        - {id: naga, side: player, class: naga, at: c1}
        - {id: banshee, side: player, class: banshee, at: a1}
        - {id: enemy, side: npc, card: n-naga, at: c3}
        - {id: hidden, side: npc, card: n-naga, at: a5}
        - {id: front, side: player, class: cleric, at: a3}
    """)
    assert scream_targets(p, p.character("naga")) == []
    with pytest.raises(IllegalActionError, match="B-BANS-2"):
        apply_push(p, p.character("naga"), sq("c3"))
    with pytest.raises(IllegalActionError, match="line of sight"):
        apply_push(p, p.character("banshee"), sq("a5"))


# -- a plain push (B-BANS-2..5) --------------------------------------------------------------------

def test_b_bans_5_pushed_figure_keeps_what_it_carries() -> None:
    p = position(BANSHEE + """
        - {id: enemy, side: npc, card: n-naga, at: c3, carries: friend}
        - {id: friend, side: npc, card: n-cleric, wounded: true}
    """)
    outcome = apply_push(p, p.character("banshee"), sq("c3"))
    assert (outcome.legal, outcome.to, outcome.eliminated, outcome.wounded) == (True, sq("c4"), False, False)
    assert p.character("enemy").at == sq("c4") and p.character("enemy").carries == "friend"
    assert p.status() == []


def test_b_bans_3_cannot_cross_a_wall_a_closed_portcullis_or_a_slit() -> None:
    for mark in ("-", "#", ":"):
        p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3}",
                     grids={1: grid((*EDGE_C3_C4, mark))})
        outcome = push_outcome(p, sq("c1"), sq("c3"))
        assert not outcome.legal and "B-BANS-3" in outcome.reason.english(), mark
        with pytest.raises(IllegalActionError, match="B-BANS-3"):
            apply_push(p, p.character("banshee"), sq("c3"))
        assert p.character("enemy").at == sq("c3")


def test_b_bans_3_open_portcullis_lets_the_push_through() -> None:
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3}",
                 grids={1: grid((*EDGE_C3_C4, "#"))}, portcullises="- {between: [c3, c4], state: open}")
    assert apply_push(p, p.character("banshee"), sq("c3")).to == sq("c4")


def test_b_bans_3_against_a_friend_figure_or_any_enemy_character() -> None:
    # AMB-B-PUSHREL: friendly and enemy relative to the pushed character.
    for blocker in ("- {id: b, side: npc, card: n-cleric, at: c4}",               # its friend figure
                    "- {id: b, side: player, class: cleric, at: c4}",            # an enemy figure
                    "- {id: b, side: player, class: cleric, at: c4, wounded: true}"):  # an enemy wounded
        p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3}\n" + blocker)
        outcome = push_outcome(p, sq("c1"), sq("c3"))
        assert not outcome.legal and "B-BANS-3" in outcome.reason.english(), blocker
        assert outcome.to is None


def test_b_bans_4_onto_a_friendly_wounded_and_onto_an_object() -> None:
    # A Player figure pushed onto its own wounded carries it (AMB-B-CARRY); an NPC pushed onto an
    # object stands on it (AMB-UNLISTED-STOP).
    p = position("""
        - {id: banshee, side: npc, card: n-banshee, at: c1}
        - {id: naga, side: player, class: naga, at: c3}
        - {id: hurt, side: player, class: cleric, at: c4, wounded: true}
    """)
    assert apply_push(p, p.character("banshee"), sq("c3")).to == sq("c4")
    assert p.character("naga").carries == "hurt" and p.character("hurt").at is None
    assert p.status() == []
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3}", objects="- {kind: bow, at: c4}")
    apply_push(p, p.character("banshee"), sq("c3"))
    assert p.character("enemy").carries is None and p.objects == [ObjectToken("bow", sq("c4"))]
    assert p.status() == []


def test_b_bans_4_a_pushed_wounded_onto_a_friendly_figure_and_golden_rules() -> None:
    p = position("""
        - {id: banshee, side: npc, card: n-banshee, at: c1}
        - {id: hurt, side: player, class: cleric, at: c3, wounded: true}
        - {id: naga, side: player, class: naga, at: c4}
    """)
    apply_push(p, p.character("banshee"), sq("c3"))
    assert p.character("naga").carries == "hurt" and p.character("hurt").at is None
    assert p.status() == []
    # B-GOLD-3: a figure carrying an object cannot land on another object.
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3, carries: key}",
                 objects="- {kind: bow, at: c4}")
    outcome = push_outcome(p, sq("c1"), sq("c3"))
    assert not outcome.legal and "two objects" in outcome.reason.english()


def test_amb_push_under_a_wounded_takes_its_object_along() -> None:
    p = position(BANSHEE + "- {id: hurt, side: npc, card: n-naga, at: c3, wounded: true}",
                 objects="- {kind: shield, at: c3}")
    apply_push(p, p.character("banshee"), sq("c3"))
    assert p.character("hurt").at == sq("c4")
    assert p.objects == [ObjectToken("shield", sq("c4"))]


# -- pits (B-BANS-6, B-BANS-7, B-VP-2, B-VP-5) --------------------------------------------------------

def test_b_bans_6_pushed_into_a_pit_without_a_rope_is_eliminated_b_bans_7_object_stays() -> None:
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-wizard, at: c3, carries: key}",
                 grids={1: grid(PIT_C4)})
    outcome = push_outcome(p, sq("c1"), sq("c3"))
    assert outcome.legal and outcome.eliminated and outcome.to is None and outcome.casualties == ("enemy",)
    apply_push(p, p.character("banshee"), sq("c3"))
    assert "enemy" not in p.characters
    assert p.objects == [ObjectToken("key", sq("c3"))]
    assert score(p) == (1, 0)
    assert p.status() == []


def test_b_vp_5_pushing_ones_own_character_into_a_pit_scores_nothing() -> None:
    p = position(BANSHEE + "- {id: friend, side: player, class: naga, at: c3}", grids={1: grid(PIT_C4)})
    apply_push(p, p.character("banshee"), sq("c3"))
    assert "friend" not in p.characters and score(p) == (0, 0)


def test_b_bans_6_a_rope_carried_or_lying_in_the_pit_saves() -> None:
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3, carries: rope}",
                 grids={1: grid(PIT_C4)})
    outcome = apply_push(p, p.character("banshee"), sq("c3"))
    assert not outcome.eliminated and p.character("enemy").at == sq("c4")
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: c3}",
                 grids={1: grid(PIT_C4)}, objects="- {kind: rope, at: c4}")
    assert apply_push(p, p.character("banshee"), sq("c3")).to == sq("c4")
    assert p.status() == []


def test_amb_push_carried_the_wounded_of_a_falling_carrier_stays_behind() -> None:
    p = position(BANSHEE + """
        - {id: enemy, side: npc, card: n-naga, at: c3, carries: friend}
        - {id: friend, side: npc, card: n-cleric, wounded: true}
    """, grids={1: grid(PIT_C4)})
    apply_push(p, p.character("banshee"), sq("c3"))
    assert "enemy" not in p.characters
    assert p.character("friend").at == sq("c3") and p.character("friend").wounded
    assert score(p) == (1, 0)
    assert p.status() == []


# -- the board's limits (B-BANS-8, AMB-B-PUSHLINE, AMB-B-HIDDEN) --------------------------------------

def test_b_bans_8_not_off_the_board() -> None:
    p = position("""
        - {id: banshee, side: player, class: banshee, at: c3}
        - {id: enemy, side: npc, card: n-naga, at: a3}
    """)
    outcome = push_outcome(p, sq("c3"), sq("a3"))
    said = outcome.reason.english()
    assert not outcome.legal and "off the board" in said and "B-BANS-8" in said


def test_b_bans_8_not_from_a_starting_line_nor_onto_one() -> None:
    p = position("""
        - {id: banshee, side: player, class: banshee, at: c2}
        - {id: on-line, side: npc, card: n-naga, at: c0, wounded: true}
    """)
    outcome = push_outcome(p, sq("c2"), sq("c0"))
    assert not outcome.legal and "B-BANS-8" in outcome.reason.english()
    p = position("""
        - {id: banshee, side: player, class: banshee, at: c3}
        - {id: enemy, side: npc, card: n-naga, at: c1}
    """)
    outcome = push_outcome(p, sq("c3"), sq("c1"))
    assert not outcome.legal and "AMB-B-PUSHLINE" in outcome.reason.english()
    with pytest.raises(IllegalActionError, match="starting line"):
        apply_push(p, p.character("banshee"), sq("c1"))


def test_not_into_a_hidden_room() -> None:
    p = position("""
        - {id: banshee, side: player, class: banshee, at: c3}
        - {id: enemy, side: npc, card: n-naga, at: c5}
    """, rooms={3: "hidden"})
    outcome = push_outcome(p, sq("c3"), sq("c5"))
    assert not outcome.legal and "hidden room" in outcome.reason.english()


def test_push_outcome_needs_a_straight_line() -> None:
    p = position(BANSHEE + "- {id: enemy, side: npc, card: n-naga, at: d3}")
    assert not push_outcome(p, sq("c1"), sq("d3")).legal


# -- Wave-Rick (S-PERS-WAVERICK, AMB-WAVERICK) ---------------------------------------------------------

WAVE_RICK = "- {id: wave-rick, side: npc, card: wave-rick, at: c1}\n"


def test_s_pers_waverick_breaks_a_closed_portcullis_and_lands_the_mechanork_wounded() -> None:
    p = position(WAVE_RICK + "- {id: mech, side: player, class: mechanork, at: c3, carries: key}",
                 grids={1: grid((*EDGE_C3_C4, "#"))})
    assert not push_outcome(p, sq("c1"), sq("c3")).legal  # an ordinary Banshee could not
    outcome = push_outcome(p, sq("c1"), sq("c3"), breaks=True)
    assert outcome.legal and outcome.wounded and outcome.to == sq("c4")
    assert outcome.broken == (sq("c3"), sq("c4"))
    assert p.board.marker_state(sq("c3"), sq("c4")) is MarkerState.CLOSED  # nothing changed yet
    apply_push(p, p.character("wave-rick"), sq("c3"), breaks=True)
    assert p.board.marker_state(sq("c3"), sq("c4")) is MarkerState.BROKEN
    mech = p.character("mech")
    assert mech.at == sq("c4") and mech.wounded and mech.carries is None
    assert p.objects == [ObjectToken("key", sq("c4"))]  # B-CARRY-11
    assert p.turn is not None and p.turn.wounded == ["mech"]
    assert score(p) == (0, 0)
    assert p.status() == []


def test_s_pers_waverick_breaks_an_arrow_slit_and_the_naga_lands_wounded_on_the_starting_line() -> None:
    p = position("""
        - {id: wave-rick, side: npc, card: wave-rick, at: c3}
        - {id: naga, side: player, class: naga, at: c1}
    """, grids={1: grid((EDGE_C1_C0[0], EDGE_C1_C0[1], ":"))})
    outcome = apply_push(p, p.character("wave-rick"), sq("c1"), breaks=True)
    assert outcome.wounded and outcome.to == sq("c0") and outcome.broken == (sq("c1"), sq("c0"))
    assert p.board.marker_state(sq("c1"), sq("c0")) is MarkerState.BROKEN
    assert p.board.passage(sq("c1"), sq("c0")) is Passage.OPEN
    assert p.character("naga").wounded and p.character("naga").at == sq("c0")
    assert p.status() == []


def test_s_pers_waverick_the_cleric_backs_off_then_crosses_the_wall_wounded() -> None:
    p = position(WAVE_RICK + "- {id: cleric, side: player, class: cleric, at: c2}",
                 grids={1: grid((*EDGE_C3_C4, "-"))})
    first = apply_push(p, p.character("wave-rick"), sq("c2"), breaks=True)
    assert (first.to, first.wounded, first.broken) == (sq("c3"), False, None)
    assert not p.character("cleric").wounded
    assert p.board.passage(sq("c3"), sq("c4")) is Passage.WALL
    assert p.board.wall_broken(sq("c3"), sq("c4")) is False
    second = apply_push(p, p.character("wave-rick"), sq("c3"), breaks=True)
    assert (second.to, second.wounded, second.broken) == (sq("c4"), True, (sq("c3"), sq("c4")))
    assert p.character("cleric").wounded and p.character("cleric").at == sq("c4")
    # Rulebook l.774-778: the wall breaks as a slit does ("brisée au même titre qu'un mur"): a broken
    # marker on it, and it is open from now on, like a broken portcullis (S-PERS-WAVERICK).
    assert p.board.wall_broken(sq("c3"), sq("c4")) is True
    assert p.board.passage(sq("c3"), sq("c4")) is Passage.OPEN and p.board.adjacent(sq("c3"), sq("c4"))
    assert p.status() == []


def test_amb_waverick_a_wounded_pushed_through_is_eliminated() -> None:
    p = position(WAVE_RICK + "- {id: hurt, side: player, class: cleric, at: c3, wounded: true}",
                 grids={1: grid((*EDGE_C3_C4, "#"))}, objects="- {kind: rope, at: c3}")
    outcome = apply_push(p, p.character("wave-rick"), sq("c3"), breaks=True)
    assert outcome.eliminated and outcome.to is None and outcome.casualties == ("hurt",)
    assert "hurt" not in p.characters
    assert p.board.marker_state(sq("c3"), sq("c4")) is MarkerState.BROKEN
    assert p.objects == [ObjectToken("rope", sq("c3"))]  # B-BANS-7
    assert score(p) == (0, 1)


def test_amb_waverick_a_carried_wounded_stays_behind_when_its_carrier_is_wounded() -> None:
    p = position(WAVE_RICK + """
        - {id: naga, side: player, class: naga, at: c3, carries: hurt}
        - {id: hurt, side: player, class: cleric, wounded: true}
    """, grids={1: grid((*EDGE_C3_C4, "#"))})
    apply_push(p, p.character("wave-rick"), sq("c3"), breaks=True)
    assert p.character("naga").at == sq("c4") and p.character("naga").wounded
    assert p.character("hurt").at == sq("c3") and "hurt" in p.characters
    assert p.status() == []


def test_s_pers_waverick_still_cannot_push_through_onto_an_enemy_or_off_the_board() -> None:
    p = position(WAVE_RICK + """
        - {id: mech, side: player, class: mechanork, at: c3}
        - {id: npc, side: npc, card: n-naga, at: c4}
    """, grids={1: grid((*EDGE_C3_C4, "#"))})
    outcome = push_outcome(p, sq("c1"), sq("c3"), breaks=True)
    assert not outcome.legal and "B-BANS-3" in outcome.reason.english()
    p = position("""
        - {id: wave-rick, side: npc, card: wave-rick, at: c3}
        - {id: mech, side: player, class: mechanork, at: a3}
    """)
    assert not push_outcome(p, sq("c3"), sq("a3"), breaks=True).legal


def test_s_pers_waverick_a_plain_push_is_still_a_plain_push() -> None:
    p = position(WAVE_RICK + "- {id: mech, side: player, class: mechanork, at: c3}")
    outcome = apply_push(p, p.character("wave-rick"), sq("c3"), breaks=True)
    assert (outcome.to, outcome.wounded, outcome.broken) == (sq("c4"), False, None)
    assert not p.character("mech").wounded
    assert p.turn is None
    assert p.character("mech").side is Side.PLAYER


def test_amb_push_land_a_wounded_pushed_onto_an_npc_lies_under_it() -> None:
    p = position(BANSHEE + """
        - {id: hurt, side: npc, card: n-cleric, at: c3, wounded: true}
        - {id: npc, side: npc, card: n-naga, at: c4}
    """)
    outcome = apply_push(p, p.character("banshee"), sq("c3"))
    assert outcome.to == sq("c4")
    assert p.character("hurt").at == sq("c4") and p.character("npc").carries is None
    assert p.status() == []


def test_amb_under_figure_a_push_moves_the_npc_figure_alone() -> None:
    p = position(BANSHEE + """
        - {id: npc, side: npc, card: n-naga, at: c3}
        - {id: hurt, side: npc, card: n-cleric, at: c3, wounded: true}
    """)
    apply_push(p, p.character("banshee"), sq("c3"))
    assert p.character("npc").at == sq("c4") and p.character("hurt").at == sq("c3")
