"""``dt-solo explain`` and ``dt-solo np-turn`` (issue 3, formats.md §4), through ``solo.cli.parser.main``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from builders import position_text
from npc_builders import npc_card

from solo.cli.parser import main
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.squares import parse_square

DEMO = str(RULES_DIR / "positions" / "demo.yaml")
REVEALER = npc_card("backstabber", "reveal 1*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
NEWCOMER = npc_card("mechanork", "exit 5*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")


def write(tmp_path: Path, cards: dict[str, Any], **kwargs: Any) -> str:
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(extra="cards: " + json.dumps(cards), **kwargs), encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_explain_json_on_the_demo_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", DEMO, "--npc", "nolock", "--json", "--seed", "1")
    assert code == 0
    doc = json.loads(out)
    assert doc["npc"] == "nolock"
    assert set(doc) >= {"objectives", "chosen", "steps", "ap_used", "end", "ties"}
    assert doc["chosen"]["mode"] == "open_portcullis" and doc["chosen"]["default"] is False
    assert doc["ap_used"] == sum(step["ap"] for step in doc["steps"])
    assert doc["objectives"][0] == {**doc["objectives"][0], "rank": 1, "mode": "open_portcullis", "quota": 4}
    assert doc["steps"][0]["kind"] == "open" and doc["steps"][0]["between"] == ["d9", "e9"]


def test_explain_text_and_seeded_runs_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "explain", DEMO, "--npc", "serpico", "--seed", "7")
    second = run(capsys, "explain", DEMO, "--npc", "serpico", "--seed", "7")
    assert first == second and first[0] == 0
    assert "Mode: Take object" in first[1] and "AP used: 5" in first[1]


def test_np_turn_on_the_demo_position_waits_for_a_reveal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "np-turn", DEMO, "--seed", "4", "--json",
                       "--order", "serpico,pere-bonsoins,yom,nolock,arthos,lissandra,brikoltou")
    assert code == 0
    doc = json.loads(out)
    assert doc["row"][:3] == ["serpico", "pere-bonsoins", "yom"]
    assert [a["npc"] for a in doc["activations"]] == ["serpico", "pere-bonsoins", "yom"]
    assert doc["waiting"]["for"] == "reveal" and doc["activations"][-1]["waiting"]["slot"] == 7


def test_np_turn_text_prints_every_activation_and_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "np-turn", DEMO, "--seed", "4", "--order", "nolock,arthos,lissandra",
                       "--combat", "win,win,win")
    assert code == 0
    assert out.startswith("Row of cards, left to right, as the turn ends: Nolock, Arthos, Lissandra")
    assert "== Nolock, la Crocheteuse" in out and "== Arthos" in out and "Score: Player" in out


def test_explain_reveal_answered_on_the_command_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"r": REVEALER, "n": NEWCOMER}, characters="- {id: r, side: npc, card: r, at: c5}",
                 rooms={3: "hidden"})
    code, out, _ = run(capsys, "explain", path, "--npc", "r", "--json")
    assert code == 0 and json.loads(out)["waiting"]["for"] == "reveal"
    after = tmp_path / "after.yaml"
    code, out, _ = run(capsys, "explain", path, "--npc", "r", "--json",
                       "--reveal", "room3:0,npc:n@b8,rope@d9", "--write", str(after))
    assert code == 0
    doc = json.loads(out)
    assert "waiting" not in doc
    assert doc["steps"][-1] == {"kind": "reveal", "slot": 3, "entered": ["n"], "ap": 1}
    position = load_position(after)
    assert position.board.is_revealed(3)
    assert position.character("n").at == parse_square("b8")
    assert [(o.kind, o.at) for o in position.objects] == [("rope", parse_square("d9"))]


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--combat", "win,maybe", "not one of win, lose, tie"),
    ("--dice", "3,7", "not a die value"),
    ("--reveal", "room3,npc:n", "not a square name"),
    ("--reveal", "room3,dragon@b8", "npc:<card>@SQ"),
    ("--tally", "nolock", "NPC:COUNTER=N"),
])
def test_bad_arguments_give_a_message_not_a_traceback(capsys: pytest.CaptureFixture[str], option: str,
                                                      value: str, message: str) -> None:
    code, _, err = run(capsys, "explain", DEMO, "--npc", "nolock", option, value)
    assert code == 2 and message in err


def test_unknown_npc(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explain", DEMO, "--npc", "nobody")
    assert code == 2 and "nobody" in err


def test_an_incomplete_card_is_refused_with_what_is_missing(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    card = {**REVEALER, "unknown": ["default", "objective-3"]}
    card["objectives"] = [{k: v for k, v in o.items() if k != "default"} for o in card["objectives"]]
    card["objectives"][2] = None
    path = write(tmp_path, {"r": card}, characters="- {id: r, side: npc, card: r, at: c5}")
    code, _, err = run(capsys, "explain", path, "--npc", "r")
    assert code == 1
    assert "default" in err and "objective" in err and "3" in err


def test_a_wounded_npc_is_not_activated(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explain", DEMO, "--npc", "yom")  # S-TURN-6: yom lies wounded
    assert code == 2 and "Yom is wounded" in err and "yom " not in err and "Traceback" not in err


def test_a_broken_card_of_the_player_is_reported_by_file_and_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "npc_cards"
    folder.mkdir()
    (folder / "nolock.yaml").write_text(
        "format: dt-solo-card/1\nid: nolock\nname: X\nclass: wizard\n"
        "objectives: [{mode: heal, ap: 3, default: true}]\nobjects: [dragon]\ncharacters: []\n"
        "personality: {text: '', effects: []}\nsource: custom\n", encoding="utf-8")
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    code, _, err = run(capsys, "explain", DEMO, "--npc", "nolock")
    assert code == 1
    path = str(folder / "nolock.yaml")
    assert f"{path}: objectives: expected exactly 6 objectives, got 1" in err
    assert f"{path}: objectives[1].mode: mode heal is for the Cleric only" in err
    assert f"{path}: objects[0]: unknown object kind 'dragon'" in err


def test_a_reveal_landing_off_the_room_is_refused_and_the_room_stays_hidden(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-REVEAL-6 / B-REV-7: tokens land on empty floor or gear squares of the revealed room.
    path = write(tmp_path, {"r": REVEALER, "n": NEWCOMER}, characters="- {id: r, side: npc, card: r, at: c5}",
                 rooms={3: "hidden"})
    after = tmp_path / "after.yaml"
    code, _, err = run(capsys, "explain", path, "--npc", "r", "--reveal", "room3:0,rope@c4,npc:n@c5",
                       "--write", str(after))
    assert code == 2
    assert "the Rope on c4 is not on a floor or gear square of the room" in err
    assert "N on c5 is not on a floor or gear square of the room" in err
    assert not after.exists()


def test_a_refused_reveal_leaves_the_room_face_down() -> None:
    from npc_builders import npc_position

    from solo.automaton.activation import run_activation
    from solo.automaton.table import RevealAnswer, ScriptedTable
    from solo.table.position import ObjectToken

    position = npc_position("- {id: r, side: npc, card: r, at: c5}", {"r": REVEALER}, rooms={3: "hidden"})
    off_room = ObjectToken("rope", parse_square("c4"))
    table = ScriptedTable(reveals=[RevealAnswer("room3", 0, objects=[off_room])])
    with pytest.raises(ValueError, match="the Rope on c4"):
        run_activation(position, "r", table)
    assert not position.board.is_revealed(3)
    assert position.objects == []


def test_np_turn_in_french_names_everything_as_printed(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 12: --lang fr (or a French locale) and the whole turn reads in French, NPCs by their cards.
    import re

    code, out, _ = run(capsys, "np-turn", DEMO, "--seed", "4", "--lang", "fr")
    assert code == 0 and out.startswith("Rangée de cartes, de gauche à droite, en fin de tour : ")
    assert "== Serpico, le Porteur" in out and "PA dépensés" in out and "Mode : " in out
    text = out.split("\n  a b c")[0]  # the sentences, before the board
    assert not re.search(r"\b(npc|player|object):", text)
    assert not re.search(r"\b(moves|achievable|nothing to aim|AP used|Deactivated|the)\b", text)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run(capsys, "np-turn", DEMO, "--seed", "4")[1] == out  # the locale says the same
    english = run(capsys, "np-turn", DEMO, "--seed", "4", "--lang", "en")[1]
    assert english.startswith("Row of cards, left to right, as the turn ends: ")
