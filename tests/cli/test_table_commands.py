"""The ``dt-solo`` command line (check, show, paths, sight), through ``solo.cli.parser.main``.

Paths JSON follows formats.md section 6; bad input gives a message and an exit status, never a
traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from builders import OPEN_GRID, position_text

from solo.cli.parser import main

FILES = "abcdefghij"

# c3 (the gear) closed in by walls except a portcullis to the north (c3|c4).
CELL_GRID = """\
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + +#+ + +
 . .|G|. .
+ + +-+ + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""


def write(tmp_path: Path, name: str = "pos.yaml", **kwargs: Any) -> str:
    path = tmp_path / name
    path.write_text(position_text(**kwargs), encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# -- check ----------------------------------------------------------------------------------------

def test_check_good_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3}\n"
                                      "- {id: nolock, side: npc, card: nolock, at: c12}",
                 objects="- {kind: rope, at: d4}", rooms={8: "hidden"})
    code, out, err = run(capsys, "check", path)
    assert code == 0
    assert "OK" in out
    assert path in out
    assert "2 characters" in out and "1 objects" in out and "7 revealed" in out
    assert err == ""
    code, out, _ = run(capsys, "check", path, "--lang", "fr")
    assert code == 0
    assert out == f"{path} : OK (2 personnages, 1 objets, 7 salles révélées)\n"


def test_check_broken_position_lists_every_problem(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: wizzard, at: c3}\n"
                                      "- {id: you, side: player, class: naga, at: k1}",
                 objects="- {kind: sword, at: d4}", extra="difficulty: 9")
    code, out, err = run(capsys, "check", path)
    assert code == 1
    assert "OK" not in out
    lines = err.strip().splitlines()
    for words in (("characters[me].class", "wizzard"), ("characters[you].at", "k1"),
                  ("objects[0].kind", "sword"), ("difficulty", "9")):
        assert any(all(w in line for w in words) and line.startswith(path) for line in lines), words
    assert "4 problems found" in lines[-1]


def test_check_invalid_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: dt-solo-position/1\nrooms: [1\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert str(path) in err and "line" in err


def test_check_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(tmp_path / "nope.yaml"))
    assert code == 1
    assert "nope.yaml" in err


def test_check_garbage_keys_never_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "weird.yaml"
    path.write_text("? [a, b]\n: 1\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert "weird.yaml" in err


# -- paths ----------------------------------------------------------------------------------------

def paths_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "paths", *argv, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_paths_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # formats.md section 6
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3}")
    doc = paths_json(capsys, path, "--from", "c3")
    assert set(doc) == {"from", "character", "reach"}
    assert doc["from"] == "c3" and doc["character"] == "me"
    reach = doc["reach"]
    assert "c3" not in reach  # its own square is left out
    assert len(reach) == 200 + 20 - 1  # every room square and both lines, open board
    for name, entry in reach.items():
        assert {"ap", "squares", "path"} <= set(entry) <= {"ap", "squares", "path", "actions", "ties"}
        assert isinstance(entry["ap"], int) and entry["ap"] >= 1
        assert isinstance(entry["squares"], int) and entry["squares"] >= 1
        assert entry["path"][0] == "c3"
        assert entry["path"][-1] == name
        assert "actions" not in entry  # all moves on an open board
    # S-PROX-1/2 on an open board: cleric moves 4 squares per AP
    assert reach["c4"] == {"ap": 1, "squares": 1, "path": ["c3", "c4"]}
    assert reach["c7"]["ap"] == 1 and reach["c7"]["squares"] == 4
    assert reach["c8"]["ap"] == 2 and reach["c8"]["squares"] == 5


def test_paths_lists_opponent_line_when_the_figure_can_exit(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    # formats.md section 6: "A square of the opponent's starting line appears when the character
    # can exit there"; the Player exits on the blue line (rank 21)
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c18}")
    reach = paths_json(capsys, path, "--from", "c18")["reach"]
    assert {f"{f}21" for f in FILES} <= set(reach)
    assert reach["c21"]["ap"] == 1 and reach["c21"]["path"] == ["c18", "c19", "c20", "c21"]


def test_paths_npc_exits_on_the_yellow_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: nolock, side: npc, card: nolock, at: c3}")
    reach = paths_json(capsys, path, "--from", "c3")["reach"]
    assert {f"{f}0" for f in FILES} <= set(reach)
    assert reach["c0"]["path"] == ["c3", "c2", "c1", "c0"]


def test_paths_no_exit_when_the_line_is_walled_off(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # the top border of slots 7 and 8 is walled: no square of rank 21 can be reached or exited on
    walled = OPEN_GRID.replace("+ + + + + +", "+-+-+-+-+-+", 1)
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c18}",
                 grids={7: walled, 8: walled})
    reach = paths_json(capsys, path, "--from", "c18")["reach"]
    assert not any(name.endswith("21") for name in reach)


def test_paths_actions_only_when_not_all_moves(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # B-KEY: the figure opens the portcullis with its Key before moving out
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3, carries: key}",
                 grids={1: CELL_GRID})
    reach = paths_json(capsys, path, "--from", "c3")["reach"]
    assert reach["c4"]["path"] == ["c3", "c4"]
    assert reach["c4"]["actions"] == ["open", "move"]
    assert reach["c4"]["ap"] == 2
    for name, entry in reach.items():
        assert "open" in entry.get("actions", []), name  # every way out starts by opening
        assert entry["path"][0] == "c3"


def test_paths_max_ap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3}")
    reach = paths_json(capsys, path, "--from", "c3", "--max-ap", "1")["reach"]
    assert reach and all(entry["ap"] == 1 for entry in reach.values())
    assert "c7" in reach and "c8" not in reach


def test_paths_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3, carries: key}",
                 grids={1: CELL_GRID})
    code, out, _ = run(capsys, "paths", path, "--from", "c3")
    assert code == 0
    assert "The Cleric from c3" in out
    assert any(line.split()[:1] == ["c4"] and "open" in line for line in out.splitlines())


def test_paths_on_empty_square(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3}")
    code, out, err = run(capsys, "paths", path, "--from", "d4", "--json")
    assert code == 2
    assert out == ""
    assert "d4" in err


def test_paths_on_wounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3, wounded: true}")
    code, _, err = run(capsys, "paths", path, "--from", "c3")
    assert code == 2
    assert "dt-solo: the Cleric on c3 is wounded" in err  # AMB-CAPITALS: small after `dt-solo: `


@pytest.mark.parametrize("bad", ["k1", "c99", "x"])
def test_paths_bad_square_name(tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3}")
    code, _, err = run(capsys, "paths", path, "--from", bad)
    assert code == 2
    assert bad in err


def test_paths_on_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: wizzard, at: c3}")
    code, _, err = run(capsys, "paths", path, "--from", "c3", "--json")
    assert code == 1
    assert "wizzard" in err


def test_paths_needs_from(tmp_path: Path) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: c3}")
    with pytest.raises(SystemExit) as info:
        main(["paths", path])
    assert info.value.code == 2


# -- sight ----------------------------------------------------------------------------------------

SIGHT_CHARS = ("- {id: me, side: player, class: cleric, at: c3}\n"
               "- {id: you, side: player, class: naga, at: c6}")


def test_sight_lists_squares_seen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # B-LOS: straight lines, the first character stops the line (and is seen)
    path = write(tmp_path, characters=SIGHT_CHARS)
    code, out, _ = run(capsys, "sight", path, "--from", "c3")
    assert code == 0
    heading, *rest = out.splitlines()
    assert heading == "Seen from c3:"
    lines = {line.split(":", 1)[0].strip(): line.split(":", 1)[1].strip().split(", ") for line in rest}
    assert lines["North"] == ["c4", "c5", "c6 (the Naga)"]  # a figure by its name, never its id
    assert lines["South"] == ["c2", "c1", "c0"]
    assert lines["East"] == ["d3", "e3", "f3", "g3", "h3", "i3", "j3"]
    assert lines["West"] == ["b3", "a3"]


def test_sight_speaks_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters=SIGHT_CHARS)
    code, out, _ = run(capsys, "--lang", "fr", "sight", path, "--from", "c0")
    assert code == 0
    assert out.splitlines() == ["Vu depuis c0 :", "  Nord : c1, c2, c3 (le Clerc)",
                                "  Est : d0, e0, f0, g0, h0, i0, j0", "  Sud : rien", "  Ouest : b0, a0"]
    english = run(capsys, "--lang", "en", "sight", path, "--from", "c0")[1]
    assert "  South: nothing" in english and "c3 (the Cleric)" in english and "Nord" not in english


def test_sight_and_check_follow_the_locale(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, characters=SIGHT_CHARS)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    out = run(capsys, "sight", path, "--from", "c3")[1]
    assert out.startswith("Vu depuis c3 :\n") and "  Nord : c4, c5, c6 (l'Homme-Serpent)" in out
    assert run(capsys, "check", path)[1].startswith(f"{path} : OK (2 personnages")


def test_sight_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters=SIGHT_CHARS, rooms={2: "hidden"})
    code, out, _ = run(capsys, "sight", path, "--from", "c3", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["from"] == "c3"
    assert doc["sees"] == {"north": ["c4", "c5", "c6"], "south": ["c2", "c1", "c0"],
                           "east": ["d3", "e3"], "west": ["b3", "a3"]}  # B-LOS-6: hidden room


def test_sight_from_empty_square_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters=SIGHT_CHARS)
    doc = json.loads(run(capsys, "sight", path, "--from", "c0", "--json")[1])
    assert doc["sees"]["north"] == ["c1", "c2", "c3"]
    assert doc["sees"]["east"] == [f"{f}0" for f in "defghij"]
    assert doc["sees"]["south"] == []


def test_sight_from_hidden_room(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters=SIGHT_CHARS, rooms={4: "hidden"})
    code, _, err = run(capsys, "sight", path, "--from", "f7")
    assert code == 2
    assert "f7" in err


def test_sight_bad_square(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters=SIGHT_CHARS)
    code, _, err = run(capsys, "sight", path, "--from", "a22")
    assert code == 2
    assert "a22" in err


# -- show -----------------------------------------------------------------------------------------

def test_show_draws_the_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path,
                 characters="- {id: me, side: player, class: cleric, at: c3}\n"
                            "- {id: nolock, side: npc, card: nolock, at: h12, carries: rope}\n"
                            "- {id: hurt, side: player, class: naga, at: a1, wounded: true}",
                 objects="- {kind: bow, at: j1}", rooms={7: "hidden"})
    code, out, err = run(capsys, "show", path)
    assert code == 0 and err == ""
    lines = out.splitlines()
    rows = {line[:2].strip(): line for line in lines if line[:2].strip().isdigit()}
    assert set(rows) == {str(r) for r in range(22)}
    assert rows["3"][3:].replace(" ", "")[2] == "P"  # c3
    assert rows["1"][3:].replace(" ", "")[0] == "p"  # a1 wounded
    assert rows["1"][3:].replace(" ", "")[9] == "*"  # j1 object
    assert rows["12"][3:].replace(" ", "")[7] == "N"  # h12
    assert "~" in rows["16"] and "~" not in rows["15"]  # slot 7 hidden
    assert set(rows["0"][3:].replace(" ", "")) == {"="}
    assert any("legend" in line for line in lines)
    listing = "\n".join(lines)
    assert "me" in listing and "nolock" in listing and "carries the Rope" in listing
    assert "hurt" in listing and "wounded" in listing
    assert "The Bow on j1" in listing


def test_show_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, characters="- {id: me, side: player, class: cleric, at: a6}",
                 rooms={3: "hidden"})
    code, _, err = run(capsys, "show", path)
    assert code == 1
    assert "a6" in err
