"""Carrying out ways and portcullis actions on a position (B-KEY, B-BACK-4, B-COLO-2/3, B-EXIT)."""

from __future__ import annotations

import pytest
from builders import make_position

from solo.actions.core import apply_way, set_portcullis
from solo.errors import IllegalActionError
from solo.table.board import MarkerState, Passage
from solo.table.carrying import PriorityPickups
from solo.table.movement import Means
from solo.table.search import cheapest_paths
from solo.table.squares import parse_square as sq

# Slot 1 split by a wall between ranks 3 and 4, with a portcullis between c3 and c4.
PORTCULLIS_ROOM = """\
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . . . .|
+-+-+#+-+-+
|. . G . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
"""


def test_apply_way_moves_the_figure_and_the_key_it_picked_up() -> None:
    # S-OBJ-1, S-OBJ-6, B-KEY-2: the NPC picks up the Key on its way and opens the portcullis.
    p = make_position(
        characters="- {id: nolock, side: npc, card: nolock, at: a1}",
        objects="- {kind: key, at: c2}",
        grids={1: PORTCULLIS_ROOM},
    )
    reach = cheapest_paths(p, "nolock", Means(), PriorityPickups(("key",)))
    way = reach.way(sq("c5"))
    assert way is not None
    assert [a.kind for a in way.actions] == ["move", "open", "move"]
    apply_way(p, "nolock", way)
    assert p.character("nolock").at == sq("c5")
    assert p.character("nolock").carries == "key"
    assert p.objects == []
    assert p.board.passage(sq("c3"), sq("c4")) is Passage.OPEN
    assert p.status() == []


def test_apply_way_exit_removes_the_figure_and_discards_its_object() -> None:
    # B-EXIT-1, B-EXIT-3: an NPC entering the yellow line leaves the game with its object.
    p = make_position(characters="- {id: serpico, side: npc, card: serpico, at: c2, carries: wand}")
    reach = cheapest_paths(p, "serpico")
    way = reach.way(sq("c0"))
    assert way is not None and way.final.exited
    outcome = apply_way(p, "serpico", way)
    assert outcome.exited and outcome.left_the_game == ["wand"]
    assert "serpico" not in p.characters


def test_apply_way_exit_rescues_a_carried_wounded() -> None:
    # B-EXIT-4: the carried wounded leaves the game with its carrier.
    p = make_position(characters="""
        - {id: serpico, side: npc, card: serpico, at: c2, carries: arthos}
        - {id: arthos, side: npc, card: arthos, wounded: true}
    """)
    way = cheapest_paths(p, "serpico").way(sq("c0"))
    assert way is not None
    outcome = apply_way(p, "serpico", way)
    assert outcome.left_the_game == ["arthos"]
    assert p.characters == {}


def test_key_opens_and_closes_an_adjacent_portcullis() -> None:
    # B-KEY-2, B-KEY-3, B-KEY-4
    p = make_position(characters="- {id: me, side: player, class: cleric, at: c3, carries: key}",
                      grids={1: PORTCULLIS_ROOM})
    set_portcullis(p, "me", sq("c4"), MarkerState.OPEN)
    assert p.board.adjacent(sq("c3"), sq("c4"))
    set_portcullis(p, "me", sq("c4"), MarkerState.CLOSED)
    assert p.board.passage(sq("c3"), sq("c4")) is Passage.PORTCULLIS


def test_opening_needs_a_key_or_lock_picking() -> None:
    # B-KEY-2, B-BACK-4
    p = make_position(characters="""
        - {id: me, side: player, class: cleric, at: c3}
        - {id: nolock, side: npc, card: nolock, at: d4}
    """, grids={1: PORTCULLIS_ROOM})
    with pytest.raises(IllegalActionError, match="B-KEY-2"):
        set_portcullis(p, "me", sq("c4"), MarkerState.OPEN)
    with pytest.raises(IllegalActionError, match="B-BACK-4"):
        set_portcullis(p, "me", sq("c4"), MarkerState.OPEN, ability="lock_picking")
    p.character("nolock").at = sq("c4")
    set_portcullis(p, "nolock", sq("c3"), MarkerState.OPEN, ability="lock_picking")
    assert p.board.marker_state(sq("c3"), sq("c4")) is MarkerState.OPEN


def test_only_a_colossus_breaks_and_a_broken_portcullis_stays_broken() -> None:
    # B-COLO-2, B-COLO-3, B-KEY-5
    p = make_position(characters="""
        - {id: arthos, side: npc, card: arthos, at: c4}
        - {id: me, side: player, class: cleric, at: c3, carries: key}
    """, grids={1: PORTCULLIS_ROOM})
    with pytest.raises(IllegalActionError, match="B-COLO-2"):
        set_portcullis(p, "me", sq("c4"), MarkerState.BROKEN, ability="breaks_portcullis")
    set_portcullis(p, "arthos", sq("c3"), MarkerState.BROKEN, ability="breaks_portcullis")
    assert p.board.marker_state(sq("c3"), sq("c4")) is MarkerState.BROKEN
    with pytest.raises(IllegalActionError, match="B-COLO-3"):
        set_portcullis(p, "me", sq("c4"), MarkerState.CLOSED)


def test_no_portcullis_there_is_refused() -> None:
    p = make_position(characters="- {id: me, side: player, class: cleric, at: c3, carries: key}")
    with pytest.raises(IllegalActionError, match="no portcullis"):
        set_portcullis(p, "me", sq("d3"), MarkerState.OPEN)


ROPE_PIT_ROOM = """\
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
 . . G . .
+ + + + + +
 . O . . .
+ + + + + +
 . . . . .
+ + + + + +
"""


def test_never_takes_the_rope_a_friendly_wounded_hangs_on() -> None:
    # B-ROPE-8/9, AMB-ROPE-FRIEND: the Rope under a friendly wounded in a pit stays there.
    p = make_position(
        characters="""
            - {id: serpico, side: npc, card: serpico, at: a2}
            - {id: arthos, side: npc, card: arthos, at: b2, wounded: true}
            - {id: me, side: player, class: cleric, at: a1}
        """,
        objects="- {kind: rope, at: b2}",
        grids={1: ROPE_PIT_ROOM},
    )
    npc = cheapest_paths(p, "serpico", Means(max_ap=2), PriorityPickups(("rope",)))
    assert all(w.final.carried != "rope" for sq in npc.best for w in npc.ways(sq))
    # The enemy's Rope may be taken by the Player (B-ROPE-9): c2 is reached through the pit.
    player = cheapest_paths(p, "me", Means(max_ap=1))
    assert any(w.final.carried == "rope" for w in player.ways(sq("c1")) + player.ways(sq("c2")))


PIT_GRID = """\
+ + + + + +
 . . . . .
+ + + + + +
 . . . . G
+ + + + + +
 . . O . .
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""


def test_b_rope_9_taking_the_rope_of_an_enemy_wounded_drops_it_into_the_pit() -> None:
    # The NP's Telepath hangs wounded on a Rope in the pit c3; the Player's Backstabber crosses the
    # pit taking that Rope: the wounded falls and is eliminated, 1 VP for the Player (B-VP-2).
    position = make_position(grids={1: PIT_GRID},
                             characters="""
                             - {id: me, side: player, class: backstabber, at: c2}
                             - {id: hanging, side: npc, card: weak-ed, at: c3, wounded: true}
                             """,
                             objects="- {kind: rope, at: c3}", extra="score: {player: 0, npc: 0}")
    reach = cheapest_paths(position, "me", Means(max_ap=1))
    ways = [w for w in reach.ways(sq("c4")) if w.final.carried == "rope"]
    if not ways:  # the Player keeps one way per square: take the one through the pit with the Rope
        ways = [reach.way_to_state(s) for s, _ in reach.states()
                if s.square == sq("c4") and s.carried == "rope"]
    assert ways
    outcome = apply_way(position, "me", ways[0])
    assert outcome.fallen == ["hanging"]
    assert "hanging" not in position.characters
    assert position.score is not None and position.score.player == 1
    assert position.character("me").carries == "rope"


def test_b_rope_9_a_wounded_falls_when_its_rope_is_taken_on_the_way_out() -> None:
    # An NPC takes the Rope the Player's wounded Cleric hangs on in the pit c3 and leaves through the
    # yellow line in the same way: the wounded falls all the same (found by a simulated game, level
    # 4 seed 60, where it stayed in the pit without a Rope, B-MOVE-12).
    position = make_position(grids={1: PIT_GRID},
                             characters="""
                             - {id: runner, side: npc, card: weak-ed, at: c4}
                             - {id: hanging, side: player, class: cleric, at: c3, wounded: true}
                             """,
                             objects="- {kind: rope, at: c3}", extra="score: {player: 0, npc: 0}")
    reach = cheapest_paths(position, "runner", Means(max_ap=3), PriorityPickups(("rope",)))
    out = [reach.way_to_state(s) for s, _ in reach.states() if s.exited and s.carried == "rope"]
    assert out
    outcome = apply_way(position, "runner", out[0])
    assert outcome.exited
    assert outcome.fallen == ["hanging"]
    assert "hanging" not in position.characters
    assert position.status() == []
