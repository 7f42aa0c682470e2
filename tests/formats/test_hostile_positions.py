"""Hostile positions (issue 15 items 1, 3, 5): ids have a pattern and a length, a card's problem is
blamed on the card's file, and no message quotes a huge value whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import position_text

from solo.cli.parser import main
from solo.errors import DataError
from solo.formats.position_io import read_position

Capture = pytest.CaptureFixture[str]


def problems(text: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        read_position(text, "pos.yaml")
    return [str(p) for p in caught.value.problems]


def test_a_long_card_id_is_a_message_never_a_file_name(tmp_path: Path, capsys: Capture) -> None:
    card = "n" * 5000
    path = tmp_path / "pos.yaml"
    text = position_text(characters=f"- {{id: x, side: npc, card: {card}, at: c3}}")
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: characters[x].card: a card id of 5,000 characters: at most 64" in err
    assert "Traceback" not in err and len(err) < 2_000


@pytest.mark.parametrize(("card", "expected"), [
    ("../../etc/passwd", "'../../etc/passwd' is not a valid id for a card"),
    ("npc:x", "'npc:x' is not a valid id for a card"),
    ("-x", "'-x' is not a valid id for a card"),
])
def test_a_card_id_with_a_path_or_a_colon_is_refused(card: str, expected: str) -> None:
    found = problems(position_text(characters=f"- {{id: x, side: npc, card: '{card}', at: c3}}"))
    assert any(p.startswith(f"pos.yaml: characters[x].card: {expected}") for p in found), found


def test_a_long_character_id_is_named_by_its_index() -> None:
    found = problems(position_text(characters=f"- {{id: {'c' * 300}, side: player, class: cleric, at: c3}}"))
    assert found == ["pos.yaml: characters[0].id: a character id of 300 characters: at most 64"]


def test_a_long_layout_id_and_inline_card_key_are_refused() -> None:
    text = position_text() + f"cards:\n  {'k' * 100}: {{class: cleric}}\n"
    text = text.replace("layout: room3,", f"layout: {'r' * 70},")
    found = problems(text)
    assert "pos.yaml: rooms.3.layout: a layout id of 70 characters: at most 64" in found
    assert any(p.startswith("pos.yaml: cards.'kkkk") and p.endswith("a card id of 100 characters: at most 64")
               for p in found), found


def test_a_card_without_a_class_names_the_card_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "user"
    (folder / "npc_cards").mkdir(parents=True)
    card_file = folder / "npc_cards" / "nolock.yaml"
    card_file.write_text("format: dt-solo-card/1\nid: nolock\nname: Nolock\n", encoding="utf-8")
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(folder))
    found = problems(position_text(characters="- {id: nolock, side: npc, card: nolock, at: c3}"))
    assert "pos.yaml: characters[nolock].card: the card 'nolock' has no valid class" in found
    assert any(p.startswith(f"{card_file}: class: expected one of ") and p.endswith("got None")
               for p in found), found


def test_an_inline_card_without_a_class_names_its_entry() -> None:
    text = position_text(characters="- {id: x, side: npc, card: mine, at: c3}")
    text += "cards:\n  mine: {class: 7}\n"
    found = problems(text)
    assert any(p.startswith("pos.yaml: cards.mine.class: expected one of ") and p.endswith("got 7")
               for p in found), found


def test_a_huge_value_is_cut_in_the_message() -> None:
    found = problems(position_text(characters=f"- {{id: x, side: player, class: cleric, at: {'z' * 9000}}}"))
    assert len(found) == 1 and "(9,000 characters)" in found[0] and len(found[0]) < 300


def test_an_alias_bomb_position_is_refused_quickly(tmp_path: Path, capsys: Capture) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, 10)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: line 1, column 1: aliases (*name) repeat" in err
