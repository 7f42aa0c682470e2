"""Issue 14 on the command line: each rules-fidelity item as `dt-solo explain` and `np-turn` show it.

The engine tests (tests/automaton/test_fidelity.py and others) check the rules; these check that the
commands a player types tell the same and write the same table after."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from builders import grid, position_text
from corridor_boards import card, corridors
from npc_builders import npc_card

from solo.cli.parser import main
from solo.formats.position_io import load_position
from solo.table.squares import parse_square, square_name

NEWCOMER = npc_card("mechanork", "exit 5*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")
REVEALER = npc_card("backstabber", "reveal 1*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
RUNNER = npc_card("colossus", "exit 2*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")
BONSOINS = npc_card("cleric", "heal 3*, exit 1, fight 1, take_object 1, regroup 1, rotation 1",
                    effects=[{"kind": "heal_acts_now"}])
NOLOCK = card("backstabber", "exit 4*, open_portcullis 4, take_object 4, fight 4, reveal 3, regroup 3",
              ["key", "wounded", "spear", "wand", "bow", "shield", "rope"],
              effects=[{"kind": "score_every", "counter": "portcullises_opened", "every": 4, "vp": 1}])
TAKER = card("backstabber", "take_object 2*, exit 1, fight 1, reveal 1, regroup 1, rotation 1",
             ["wand", "rope", "key"])
WAVE_RICK = card("banshee", "repulse 4*, fight 3, exit 4, take_object 3, reveal 3, regroup 2",
                 ["bow", "spear", "rope", "key", "shield", "wounded"], ["mechanork", "cleric"],
                 effects=[{"kind": "repulse_breaks"}])


def write(tmp_path: Path, cards: dict[str, Any], **kwargs: Any) -> str:
    path = tmp_path / "pos.yaml"
    extra = "cards: " + json.dumps(cards) + "\nscore: {player: 0, npc: 0}\n"
    path.write_text(position_text(extra=extra, **kwargs), encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_item_1_np_turn_lists_newcomers_of_a_reveal_in_the_order_they_entered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-TURN-8, S-REVEAL-8 (AMB-ROW-ARRIVAL): "zed" is placed before "bob", so it comes first in the row
    # and acts first, not in the alphabetical order of their ids.
    hidden: dict[int, str | int] = {slot: "hidden" for slot in range(2, 9)}
    path = write(tmp_path, {"r": REVEALER, "zed": NEWCOMER, "bob": NEWCOMER},
                 characters="- {id: r, side: npc, card: r, at: c5}", rooms=hidden)
    out = run(capsys, "np-turn", path, "--order", "r", "--reveal", "room3:0,npc:zed@b7,npc:bob@c8", "--json")
    doc = json.loads(out)
    assert doc["row"] == ["r", "zed", "bob"]
    assert [a["npc"] for a in doc["activations"]] == ["r", "zed", "bob"]
    reveal = {"kind": "reveal", "slot": 3, "entered": ["zed", "bob"], "ap": 1}
    assert doc["activations"][0]["steps"][-1] == reveal


def test_item_2_np_turn_a_healed_npc_whose_place_has_passed_acts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-PERS-BONSOINS (AMB-PERS-BONSOINS): w lies left of c, skipped as wounded, healed by c, then acts.
    path = write(tmp_path, {"c": BONSOINS, "w": RUNNER}, characters="""
        - {id: c, side: npc, card: c, at: c13}
        - {id: w, side: npc, card: w, at: c11, wounded: true}
        """)
    out = run(capsys, "np-turn", path, "--order", "w,c")
    assert out.startswith("Row of cards, left to right, as the turn ends: Cleric and Colossus\n"
                          "  Colossus: wounded: its card is tilted (S-TURN-6)")
    assert "- heals Colossus (it may act this turn, S-PERS-BONSOINS) [1 AP]" in out
    assert out.index("== Cleric") < out.index("== Colossus")
    assert "- moves c11 -> c12 -> c13 [1 AP]" in out  # the healed Colossus acted


def test_item_3_explain_counts_a_portcullis_nolock_opens_on_her_way_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-PERS-NOLOCK (AMB-PERS-NOLOCK): her 4th portcullis, opened with her Key in Exit mode, scores 1 VP.
    path = write(tmp_path, {"nolock": NOLOCK}, characters="- {id: nolock, side: npc, card: nolock, at: e3, "
                 "carries: key}", grids=corridors("e0 e1 e2 e3", portcullises=("e1-e2",)))
    after = tmp_path / "after.yaml"
    out = run(capsys, "explain", path, "--npc", "nolock", "--tally", "nolock:portcullises_opened=3",
              "--write", str(after))
    assert "- opens the portcullis e2-e1 with its Key (S-OBJ-7) [1 AP]\n" \
           "Note: the NP scores 1 VP: 4 portcullises opened (personality)" in out
    position = load_position(after)
    assert position.score is not None and position.score.npc == 2  # the 4th portcullis and the exit


def test_item_5_explain_drops_the_old_object_on_the_last_valid_square(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-OBJ-2, S-TAKE-5 (AMB-DROP-BACK): stopping on the Wand, the Key cannot stay on e3, nor on d3 (a
    # Shield lies there): it is left on c3.
    path = write(tmp_path, {"taker": TAKER}, characters="- {id: taker, side: npc, card: taker, at: a3, "
                 "carries: key}", objects="- {kind: shield, at: d3}\n- {kind: wand, at: e3}",
                 grids=corridors("a3 b3 c3 d3 e3"))
    after = tmp_path / "after.yaml"
    out = run(capsys, "explain", path, "--npc", "taker", "--write", str(after))
    assert ("- takes the Fireball wand on e3, leaving the Key on c3, the last valid square (S-OBJ-2, "
            "S-TAKE-5) [0 AP]") in out
    french = run(capsys, "--lang", "fr", "explain", path, "--npc", "taker")
    assert "laisse la Clef en c3, la dernière case valide (S-OBJ-2, S-TAKE-5)" in french
    position = load_position(after)
    taker = position.character("taker")
    assert taker.carries == "wand" and taker.at == parse_square("e3")
    assert sorted((square_name(o.at), o.kind) for o in position.objects) == [("c3", "key"), ("d3", "shield")]


def test_item_6_explain_writes_the_wall_wave_rick_broke(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Rulebook l.774-778 (AMB-WAVERICK): pushed against the wall c3-c4, then through it: the wall breaks.
    path = write(tmp_path, {"wave-rick": WAVE_RICK}, characters="""
        - {id: wave-rick, side: npc, card: wave-rick, at: c1}
        - {id: cleric, side: player, class: cleric, at: c2}
        """, grids={1: grid((4, 5, "-"))})
    after = tmp_path / "after.yaml"
    out = run(capsys, "explain", path, "--npc", "wave-rick", "--write", str(after))
    assert "- repulses the Cleric from c3: to c4, wounded, breaking c3-c4 [2 AP]" in out
    assert "  - {between: [c3, c4], state: broken}" in after.read_text(encoding="utf-8")
    position = load_position(after)
    assert position.board.wall_broken(parse_square("c3"), parse_square("c4"))
    assert position.character("cleric").wounded and position.character("cleric").at == parse_square("c4")


def test_item_7_explain_gives_an_objective_out_of_reach_its_whole_cost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # formats.md §4 (AMB-TRUE-COST): the exit is 6 AP away, more than its quota of 2.
    path = write(tmp_path, {"w": RUNNER}, characters="- {id: w, side: npc, card: w, at: c11}")
    out = run(capsys, "explain", path, "--npc", "w")
    assert "  1. Exit 2 AP: Exit costs 6 AP (c0), more than its 2" in out
    doc = json.loads(run(capsys, "explain", path, "--npc", "w", "--json"))
    assert doc["objectives"][0]["achievable"] is False
    assert doc["objectives"][0]["cost"] == {"ap": 6, "squares": 11}
