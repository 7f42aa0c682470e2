"""``dt-solo box``, ``dt-solo new --content own|demo`` and ``dt-solo check`` on a broken card (issue 11)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from box_builders import ROOM_IDS, demo_card_ids, own_card_id, write_card, write_room, write_whole_box
from builders import position_text
from cli_running import play_until_npcs_are_in, run

from solo.game.content import reload_content
from solo.game.saves import load_game, save_game
from solo.game.state import Game, token_parts


@pytest.fixture
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The player's data folder, empty to start with."""
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(folder))
    reload_content()
    yield folder
    reload_content()


def game_ids(game: Game) -> tuple[set[str], set[str]]:
    """(room ids, NPC card ids) anywhere in a game: board, room cards, bag, face-up pile, deck."""
    rooms = set(game.rooms_unrevealed) | set(game.rooms_revealed)
    rooms |= {placed.layout.id for placed in game.position.board.rooms().values() if placed is not None}
    cards = {token_parts(t)[1] for t in game.bag if token_parts(t)[0] == "npc"}
    cards |= set(game.npc_pile) | set(game.reinforcements)
    cards |= {c.card for c in game.position.characters.values() if c.card is not None}
    return rooms, cards


def test_new_with_the_players_whole_box_deals_only_his_ids_and_plays(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_whole_box(user)
    path = tmp_path / "game.yaml"
    code, out, _ = run(capsys, "new", "--difficulty", "1", "--seed", "3", "-o", str(path))
    assert code == 0 and "rooms and NPC cards: your box's (own)" in out  # own by default: he entered some
    game = load_game(path)
    assert game.content == "own"
    rooms, cards = game_ids(game)
    assert rooms == set(ROOM_IDS.values())
    assert cards == {own_card_id(i) for i in demo_card_ids()}
    assert len(game.npc_pile) == 8 and len(game.reinforcements) == 24
    # the built-in Player reveals rooms until NPCs are in, then `dt-solo play np-turn` activates them
    play_until_npcs_are_in(game)
    save_game(game, path)
    code, out, _ = run(capsys, "play", str(path), "np-turn", "--json")
    assert code == 0
    activations = json.loads(out)["turn"]["activations"]
    assert activations and all(a["npc"].startswith("my-") for a in activations)
    rooms, cards = game_ids(load_game(path))
    assert rooms == set(ROOM_IDS.values()) and all(c.startswith("my-") for c in cards)


def test_new_with_the_demo_content_ignores_the_players_box(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_whole_box(user)
    path = tmp_path / "game.yaml"
    code, out, _ = run(capsys, "new", "--difficulty", "1", "--content", "demo", "-o", str(path))
    assert code == 0 and "the demo's (demo)" in out
    rooms, cards = game_ids(load_game(path))
    assert rooms == set(ROOM_IDS) and cards == set(demo_card_ids())


def test_new_without_anything_entered_plays_the_demo(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.yaml"
    assert run(capsys, "new", "--difficulty", "2", "-o", str(path))[0] == 0
    assert load_game(path).content == "demo"


def test_new_tells_what_the_demo_filled(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_room(user / "rooms", "demo-2a", "crypt-2a")
    write_card(user / "npc_cards", "djenh", "clank")
    path = tmp_path / "game.yaml"
    code, out, _ = run(capsys, "new", "--difficulty", "1", "--seed", "1", "-o", str(path))
    assert code == 0
    assert "filled by the demo: demo-2b (demo) is the twin of your crypt-2a in pair 2" in out
    assert ("filled by the demo: you have 1 of 4 Wizard cards: demo cards Amystyn, Djenh and "
            "Ley-Vite added") in out
    assert "problem in your box (left out): " in out
    rooms, cards = game_ids(load_game(path))
    assert "crypt-2a" in rooms and "demo-2a" not in rooms and "clank" in cards and "muldon" not in cards


def test_box_lists_each_room_and_card_with_its_source(
    user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_room(user / "rooms", "demo-1a", "crypt-1a")
    write_room(user / "rooms", "demo-1b", "crypt-1b")
    write_card(user / "npc_cards", "amystyn", "amystyn")
    write_card(user / "npc_cards", "djenh", "Clank")
    code, out, _ = run(capsys, "box")
    assert code == 1  # there are problems to fix
    assert "pair 1  The Gaoler's Cloister (crypt-1a), turns clockwise  (yours)" in out
    assert "pair 2  The Warden's Crossing (demo-2a), turns clockwise  (demo)" in out
    assert "Amystyn (rulebook card completed by you)" in out
    assert "'Clank' is not a valid id" in out
    assert "you have 1 Wizard card: a box has 4 per class" in out
    code, out, _ = run(capsys, "box", "--json")
    document = json.loads(out)
    assert document["complete"] is True and document["folder"] == str(user)
    sources = {c["id"]: c["source"] for c in document["cards"]}
    assert sources["amystyn"] == "completed" and sources["djenh"] == "demo"
    assert {r["id"]: r["source"] for r in document["rooms"]}["crypt-1b"] == "yours"
    assert any("'Clank' is not a valid id" in p for p in document["problems"])


def test_a_box_that_cannot_make_a_game_is_refused_with_its_reasons(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the player replaced every demo Cleric with a card that cannot be played: no Cleric left to fill
    for demo_id in ("frere-tisane", "mungdu", "pere-bonsoins", "pere-tabass"):
        write_card(user / "npc_cards", demo_id, demo_id, unknown=["personality"])
    path = tmp_path / "game.yaml"
    code, _, err = run(capsys, "new", "--difficulty", "1", "-o", str(path))
    assert code == 1 and not path.exists()
    assert "28 NPC cards of 32" in err and "the demo has no more Cleric card to fill the gap" in err


def test_check_reports_a_broken_card_a_position_uses(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_card(user / "npc_cards", "nolock", "nolock", objects="rope")  # objects must be a list
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(characters="- {id: me, side: player, class: cleric, at: c3}\n"
                                             "- {id: nolock, side: npc, card: nolock, at: c12}",
                                  rooms={8: "hidden"}), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "OK" not in out
    assert "characters[nolock].card: the card 'nolock' of 'nolock' is broken" in out
    assert "nolock.yaml: objects" in out
    assert out.splitlines()[-1] == f"{path}: 2 problems found"
    code, out, _ = run(capsys, "check", str(path), "--lang", "fr")
    assert code == 1 and "problem" not in out
    assert out.splitlines()[-1] == f"{path} : 2 problèmes trouvés"
    assert all(line.startswith(f"{path} : ") for line in out.splitlines())
    write_card(user / "npc_cards", "nolock", "nolock", unknown=["personality"])
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "cannot be activated: the personality is unknown" in out


def test_room_and_level_names_follow_the_language(
    user: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """AMB-ROOM-NAMES: the bundled rooms and levels are named in the command line's language."""
    code, out, _ = run(capsys, "box", "--content", "demo", "--lang", "fr")
    assert code == 0
    assert "Le Cloître du Geôlier (demo-1a)" in out and "Gaoler" not in out
    code, out, _ = run(capsys, "rooms", "--lang", "fr")
    assert "La Chapelle noyée" in out and "Drowned" not in out
    # The gear's sense in words, not the file's cw/ccw.
    assert "dans le sens antihoraire La Chapelle noyée" in out and " ccw " not in out
    assert "anticlockwise The Drowned Chapel" in run(capsys, "rooms", "--lang", "en")[1]
    assert json.loads(run(capsys, "box", "--json", "--lang", "fr")[1])["rooms"][0]["name"] == \
        "The Gaoler's Cloister"  # the JSON keeps the English (AMB-I18N-JSON)
    game_file = str(tmp_path / "game.yaml")
    assert run(capsys, "new", "--difficulty", "rose", "--seed", "3", "-o", game_file)[0] == 0  # French name
    code, out, _ = run(capsys, "status", game_file, "--lang", "fr")
    assert code == 0 and "difficulté 1 (rose)" in out
    assert "difficulty 1 (pink)" in run(capsys, "status", game_file, "--lang", "en")[1]
    assert json.loads(run(capsys, "status", "--json", game_file, "--lang", "fr")[1])["difficulty"] == \
        {"level": 1, "name": "pink"}


def test_a_card_left_out_says_its_gaps_in_french(user: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 12: a card's gaps are messages, told in the reader's language (they were English text).
    card = write_card(user / "npc_cards", "yom", "gappy", unknown=["personality"])
    said = {}
    for language in ("en", "fr"):
        _, out, _ = run(capsys, "box", "--lang", language)
        said[language] = [line.strip() for line in out.splitlines() if "activ" in line]
    assert said == {
        "en": [f"- {card}: card Yom cannot be activated (the personality is unknown): left out"],
        "fr": [f"- {card} : la carte Yom ne peut pas être activée (la personnalité est inconnue) : "
               "laissée de côté"]}
