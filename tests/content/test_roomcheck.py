"""Room advice (solo.content.roomcheck) and the demo room set's promised features (issue: 8 demo rooms)."""

from __future__ import annotations

from builders import OPEN_GRID

from solo.cli.parser import main
from solo.content.roomcheck import room_warnings
from solo.content.rooms import Mark, SquareKind, load_library, parse_room_data


def _room(grid: str, room_id: str = "r"):  # type: ignore[no-untyped-def]
    return parse_room_data({"id": room_id, "pair": 1, "sense": "cw", "grid": grid}, "t",
                           require_format=False)


WALLED_CORNER = """\
+-+-+-+-+-+
|. .|. . .
+-+-+ + + +
 . . . . .
+ + + + + +
 . . G . .
+ + + + + +
 . . . . .
+ + + + + +
 . . . . .
+ + + + + +
"""


def test_open_room_has_no_warning() -> None:
    assert room_warnings(_room(OPEN_GRID)) == []


def test_walled_in_squares_are_reported() -> None:
    warnings = [w.english() for w in room_warnings(_room(WALLED_CORNER))]
    assert warnings == [
        "no border opening leads to row 1 column 1 and row 1 column 2, even through portcullises"]


def test_room_without_border_opening_is_reported() -> None:
    closed = ("+-+-+-+-+-+\n" + "|. . G . .|\n+ + + + + +\n" + "|. . . . .|\n+ + + + + +\n" * 3
              + "|. . . . .|\n+-+-+-+-+-+\n")
    warnings = [w.english() for w in room_warnings(_room(closed))]
    assert any("no opening on its border" in w for w in warnings)
    assert any("gear cannot be reached" in w for w in warnings)


def test_demo_rooms_use_every_feature() -> None:
    # Issue 2 item 3: 4 twin pairs, opposite senses, pits (some adjacent), portcullises, slits, one
    # gear per room, border openings; all squares reachable from a border opening.
    library = load_library()
    demo = {rid: r for rid, r in library.rooms.items() if rid.startswith("demo-")}
    assert sorted(demo) == [f"demo-{n}{s}" for n in range(1, 5) for s in "ab"]
    for n in range(1, 5):
        a, b = demo[f"demo-{n}a"], demo[f"demo-{n}b"]
        assert a.pair == b.pair and {a.sense, b.sense} == {"cw", "ccw"}
    marks = [m for r in demo.values() for m in (*r.vertical.values(), *r.horizontal.values())]
    assert Mark.PORTCULLIS in marks and Mark.SLIT in marks and Mark.OPEN in marks
    adjacent_pits = 0
    for room in demo.values():
        assert room_warnings(room) == []
        pits = {sq for sq, k in room.squares.items() if k is SquareKind.PIT}
        adjacent_pits += sum(1 for r, c in pits if (r + 1, c) in pits or (r, c + 1) in pits)
        border = [room.vertical[(i, c)] for i in range(1, 6) for c in (0, 5)]
        border += [room.horizontal[(r, i)] for i in range(1, 6) for r in (0, 5)]
        assert 2 <= border.count(Mark.OPEN) <= 8, room.id
    assert adjacent_pits >= 2


def test_rooms_command_lists_the_library(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["rooms"]) == 0
    out = capsys.readouterr().out
    assert "demo-1a" in out and "demo-4b" in out and "pair 4" in out
