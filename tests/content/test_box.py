"""The box a game is set up with (issue 11): the player's rooms and cards, the demo filling each gap."""

from __future__ import annotations

from pathlib import Path

from box_builders import ROOM_IDS, demo_card_ids, own_card_id, write_card, write_room, write_whole_box

from solo.content.box import COMPLETED, FROM_DEMO, YOURS, load_box
from solo.content.gamedata import CLASS_IDS
from solo.content.ids import new_id_problem
from solo.table.words import renderer


def test_the_demo_box_is_the_bundled_rooms_and_cards() -> None:
    box = load_box("demo")
    assert box.room_ids() == sorted(ROOM_IDS)
    assert box.card_ids() == demo_card_ids()
    assert not box.notes and not box.shortfall()


def test_a_whole_box_of_the_players_uses_only_his_ids(tmp_path: Path) -> None:
    write_whole_box(tmp_path)
    box = load_box("own", tmp_path)
    assert box.room_ids() == sorted(ROOM_IDS.values())
    assert box.card_ids() == sorted(own_card_id(i) for i in demo_card_ids())
    assert {r.source for r in box.rooms} == {c.source for c in box.cards} == {YOURS}
    assert box.notes == [] and box.problems() == [] and box.shortfall() == []


def test_an_empty_folder_says_the_demo_box_is_used(tmp_path: Path) -> None:
    box = load_box("own", tmp_path)
    assert box.room_ids() == sorted(ROOM_IDS) and len(box.cards) == 32
    assert [n.text() for n in box.filled()] == [
        "you have entered no rooms: the demo's 8 rooms are used",
        "you have entered no NPC cards: the demo's 32 cards are used",
    ]
    assert box.problems() == []


def test_a_partial_box_names_each_gap_the_demo_fills(tmp_path: Path) -> None:
    # two complete pairs (1 and 2), a lone room of pair 3; two Wizards and a completed rulebook card
    for demo_id in ("demo-1a", "demo-1b", "demo-2a", "demo-2b", "demo-3a"):
        write_room(tmp_path / "rooms", demo_id, ROOM_IDS[demo_id])
    write_card(tmp_path / "npc_cards", "djenh", "clank")
    write_card(tmp_path / "npc_cards", "muldon", "zap")
    write_card(tmp_path / "npc_cards", "amystyn", "amystyn")  # the rulebook's Amystyn, completed
    box = load_box("own", tmp_path)
    rooms = {r.layout.id: r.source for r in box.rooms}
    assert rooms == {"crypt-1a": YOURS, "crypt-1b": YOURS, "crypt-2a": YOURS, "crypt-2b": YOURS,
                     "crypt-3a": YOURS, "demo-3b": FROM_DEMO, "demo-4a": FROM_DEMO, "demo-4b": FROM_DEMO}
    wizards = {c.card.id: c.source for c in box.cards if c.card.class_id == "wizard"}
    assert wizards == {"amystyn": COMPLETED, "clank": YOURS, "zap": YOURS, "djenh": FROM_DEMO}
    assert all(len([c for c in box.cards if c.card.class_id == k]) == 4 for k in CLASS_IDS)
    say = renderer("en")  # cards named as printed
    filled = [say(n.message()) for n in box.filled()]
    assert "demo-3b (demo) is the twin of your crypt-3a in pair 3" in filled
    assert "you have 2 of 4 complete pairs: demo pair 4 added" in filled
    assert "you have 3 of 4 Wizard cards: demo card Djenh added" in filled
    assert ("you have 0 of 4 Cleric cards: demo cards Frère Tisane, Mungdu, Père Bonsoins and "
            "Père Tabass added") in filled
    problems = box.problems()
    assert any("pair 3 has one room (crypt-3a): its twin is missing" in p for p in problems)
    assert "you have 3 Wizard cards: a box has 4 per class" in problems
    assert box.shortfall() == []


def test_problems_of_the_players_box_are_named(tmp_path: Path) -> None:
    rooms, cards = tmp_path / "rooms", tmp_path / "npc_cards"
    write_room(rooms, "demo-1a", "crypt-1a")
    write_room(rooms, "demo-1b", "crypt-1b", sense="cw")  # twins turning the same way
    write_room(rooms, "demo-2a", "Bad Room")  # not a valid id
    (rooms / "torn.yaml").write_text("format: dt-solo-room/1\nid: torn\n", encoding="utf-8")
    for i, demo_id in enumerate(("arthos", "cogne-dur", "gros-bras", "kassbarr", "dekrou")):
        write_card(cards, demo_id if i < 4 else "arthos", f"brute-{i}")  # five Colossi
    write_card(cards, "yom", "gappy", unknown=["personality"])  # cannot be activated
    write_card(cards, "yom", "oddity", colour="blue")  # an unknown field
    box = load_box("own", tmp_path)
    problems = "\n".join(box.problems())
    assert "twin rooms crypt-1a and crypt-1b (pair 1) both turn clockwise" in problems
    assert "'Bad Room' is not a valid id" in problems
    assert "torn.yaml" in problems
    assert "5 Colossus cards: a box has 4 per class; Brute 4 left out" in problems
    assert "card Gappy cannot be activated (the personality is unknown)" in problems
    assert "oddity.yaml: colour: unknown key 'colour'" in problems
    assert "crypt-1a" not in box.room_ids() and len(box.rooms) == 8
    assert [c.card.id for c in box.cards if c.card.class_id == "colossus"] == [f"brute-{i}" for i in range(4)]


def test_a_valid_id_is_lowercase_letters_digits_and_hyphens() -> None:
    assert new_id_problem("crypt-1a") is None and new_id_problem("clank") is None
    for bad in ("Crypt", "crypt 1", "npc:x", "-x", "x-", "", "é", "a" * 41, "../x"):
        assert new_id_problem(bad) is not None, bad
