"""A position's board sections read on their own (solo/formats/board_reader.py): rooms, portcullis
markers and walls, every problem collected with its entry, in the reader's language."""

from __future__ import annotations

from solo.formats.board_reader import BoardReader
from solo.i18n import Renderer
from solo.messages import Message


def _read() -> tuple[BoardReader, bool, bool]:
    reader = BoardReader("t.yaml", None)
    rooms: dict[int, object] = {slot: "hidden" for slot in range(2, 9)}
    rooms.update({1: {"layout": "demo-1a", "rotation": 0}, 9: "hidden"})
    board = reader.rooms(rooms, {})
    reader.portcullises([{"between": ["a1", "c1"], "state": "open"},
                         {"between": ["a1", "a2"], "state": "ajar"}], board)
    reader.walls([{"between": ["a1", "z9"], "state": "broken"}], board)
    return reader, board.is_revealed(1), board.is_revealed(2)


def test_the_board_sections_collect_every_problem() -> None:
    reader, first, second = _read()
    assert (first, second) == (True, False)
    assert [(p.entry, p.text) for p in reader.problems] == [
        ("rooms.9", "no room slot 9 (slots are 1 … 8)"),
        ("portcullises[0].between", "a1-c1: the squares are not neighbours"),
        ("portcullises[1].state", "expected closed, open or broken, got 'ajar'"),
        ("walls[0].between", "square 'z9' is off the board: 'z9' is not a square name (a0 … j21)"),
    ]


def test_the_board_problems_read_french() -> None:
    reader, _, _ = _read()
    french = Renderer("fr")
    words = [french.render(p.message) for p in reader.problems if isinstance(p.message, Message)]
    assert len(words) == 4 and not any(" the " in w or "expected" in w for w in words), words


def test_a_list_section_gives_its_mappings_with_their_entries() -> None:
    reader = BoardReader("t.yaml", None)
    allowed = frozenset({"kind", "at"})
    assert list(reader.entries("objects", None, "{kind: …}", allowed)) == []
    assert list(reader.entries("objects", "rope", "{kind: …}", allowed)) == []
    got = list(reader.entries("objects", [{"kind": "rope", "at": "a1"}, 3, {"kind": "key", "colour": "red"}],
                              "{kind: …}", allowed))
    assert got == [("objects[0]", {"kind": "rope", "at": "a1"}),
                   ("objects[2]", {"kind": "key", "colour": "red"})]
    assert [(p.entry, p.text) for p in reader.problems] == [
        ("objects", "expected a list of {kind: …}"),
        ("objects[1]", "expected a mapping, got 3"),
        ("objects[2].colour", "unknown key 'colour'"),
    ]
