"""The automaton's refusals in the reader's language (issue 12): a reveal's tokens that cannot land, a
room dealt unknown, a broken rotation die, and the two dead ends of an activation, through
``dt-solo explain``: the words in English and French, the position file untouched, no traceback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from builders import position_text
from cli_running import run
from npc_builders import npc_card

from solo.automaton import activation, goals
from solo.automaton import table as automaton_table
from solo.table.movement import Mover

REVEALER = npc_card("backstabber", "reveal 1*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")
NEWCOMER = npc_card("mechanork", "exit 5*, fight 1, take_object 1, reveal 1, regroup 1, rotation 1")
TURNER = npc_card("backstabber", "rotation 3*, reveal 1, exit 1, fight 1, take_object 1, regroup 1")
HEALER = npc_card("cleric", "heal 2*, fight 1, exit 1, take_object 1, regroup 1, rotation 1")
WAITER = npc_card("backstabber", "fight 1*, reveal 1, exit 1, take_object 1, regroup 1, rotation 1")


def write(tmp_path: Path, cards: dict[str, Any], characters: str, **kwargs: Any) -> str:
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(characters=characters, extra="cards: " + json.dumps(cards), **kwargs),
                    encoding="utf-8")
    return str(path)


def both(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """The refusal of ``dt-solo ARGV`` in English, then in French (exit status 2, nothing printed)."""
    words = []
    for language in ("en", "fr"):
        code, out, err = run(capsys, "--lang", language, *argv)
        assert (code, out) == (2, "")
        words.append(err.strip())
    return words[0], words[1]


def test_tokens_that_cannot_land_are_named_as_printed_and_the_room_stays_hidden(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S-REVEAL-6 / B-REV-7: each token on an empty floor or gear square of the room revealed.
    path = write(tmp_path, {"r": REVEALER, "n": NEWCOMER}, "- {id: r, side: npc, card: r, at: c5}",
                 rooms={3: "hidden"})
    before = Path(path).read_text(encoding="utf-8")
    after = tmp_path / "after.yaml"
    english, french = both(capsys, "explain", path, "--npc", "r", "--write", str(after), "--reveal",
                           "room3:0,npc:n@c5,npc:r@b10,player:wizard@b8,rope@c4,bow@b8")
    assert english == (
        "dt-solo: reveal of room 3: N on c5 is not on a floor or gear square of the room; "
        "R is already in play; the Rope on c4 is not on a floor or gear square of the room; "
        "the Bow on b8: the square is already taken by a token")
    assert french == (
        "dt-solo: révélation de la salle 3 : N en c5 n'est pas sur une case de sol ou d'engrenage de la "
        "salle ; R est déjà en jeu ; la Corde en c4 n'est pas sur une case de sol ou d'engrenage de la "
        "salle ; l'Arc en b8 : la case est déjà occupée par un pion")
    assert not after.exists() and Path(path).read_text(encoding="utf-8") == before


def test_a_room_dealt_unknown_needs_its_room_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `--reveal -` keeps the face-down room's identity, but the position does not know it.
    path = write(tmp_path, {"r": REVEALER}, "- {id: r, side: npc, card: r, at: c5}", rooms={3: "hidden"})
    english, french = both(capsys, "explain", path, "--npc", "r", "--reveal", "-")
    assert english == "dt-solo: Room 3 lies face down and unknown: which Room card was turned over is needed"
    assert french == ("dt-solo: La salle 3 est face cachée et inconnue : il faut dire quelle carte Salle a "
                      "été retournée")


@pytest.fixture
def broken_die(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """rules/rotation_die.yaml with one face that is no face (the cached die read again, then forgotten)."""
    folder = tmp_path / "rules"
    folder.mkdir()
    faces = [{"sense": "cw", "ap": 1}] * 5 + [{"sense": "up", "ap": 4}]
    (folder / "rotation_die.yaml").write_text(json.dumps({"faces": faces}), encoding="utf-8")
    monkeypatch.setattr(automaton_table, "RULES_DIR", folder)
    automaton_table.rotation_die.cache_clear()
    yield folder / "rotation_die.yaml"
    automaton_table.rotation_die.cache_clear()


def test_a_broken_rotation_die_is_reported_by_file_and_face(
        tmp_path: Path, broken_die: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"r": TURNER}, "- {id: r, side: npc, card: r, at: c2}")
    said = []
    for language in ("en", "fr"):
        automaton_table.rotation_die.cache_clear()
        code, out, err = run(capsys, "--lang", language, "explain", path, "--npc", "r", "--dice", "1")
        assert (code, out) == (1, "")
        said.append(err.splitlines())
    assert said[0] == [f"{broken_die}: faces[5]: expected {{sense: cw|ccw, ap: 1-3}}, got "
                       "{'sense': 'up', 'ap': 4}", "1 problem found"]
    assert said[1] == [f"{broken_die}: faces[5]: {{sense: cw|ccw, ap: 1-3}} attendu, reçu "
                       "{'sense': 'up', 'ap': 4}", "1 problème trouvé"]


def test_a_rotation_die_that_is_no_list(broken_die: Path) -> None:
    from solo.errors import DataError
    from solo.i18n import Renderer

    broken_die.write_text("faces: 6\n", encoding="utf-8")
    with pytest.raises(DataError) as refused:
        automaton_table.rotation_die()
    [problem] = refused.value.problems
    assert problem.words(Renderer("en")) == f"{broken_die}: faces: expected a list of 6 faces, got 6"
    assert problem.words(Renderer("fr")) == f"{broken_die}: faces: liste de 6 faces attendue, reçu 6"


def test_a_cleric_boxed_in_with_the_wounded_it_carries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # S-HEAL-3: drop the wounded, step next to it, heal. The heal option checks first that a square
    # is free (goals._can_drop_and_step); forced past that check, the step finds none and says so.
    monkeypatch.setattr(goals, "_can_drop_and_step", lambda *_: True)
    path = write(tmp_path, {"c": HEALER, "w": WAITER}, """
        - {id: c, side: npc, card: c, at: c12, carries: w}
        - {id: w, side: npc, card: w, wounded: true}
        - {id: p1, side: player, class: wizard, at: b12}
        - {id: p2, side: player, class: naga, at: d12}
        - {id: p3, side: player, class: banshee, at: c11}
        - {id: p4, side: player, class: colossus, at: c13}""")
    english, french = both(capsys, "explain", path, "--npc", "c")
    assert english == "dt-solo: C has no free square next to W (wounded) to heal it from (S-HEAL-3)"
    assert french == "dt-solo: C n'a aucune case libre à côté de W (blessé) d'où le soigner (S-HEAL-3)"


def test_an_npc_left_where_it_may_not_stop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # B-MOVE-12: an action ends on a valid square. A legal position never leaves an NPC stuck where
    # it may not stop; the last check forced to refuse every square shows the words it would say.
    class Stuck(Mover):
        def valid_stop(self, *_: object) -> bool:
            return False

    monkeypatch.setattr(activation, "Mover", Stuck)
    path = write(tmp_path, {"r": WAITER}, "- {id: r, side: npc, card: r, at: a10}")
    english, french = both(capsys, "explain", path, "--npc", "r")
    assert english == "dt-solo: R is left on c8, where it may not stop, with no step left (B-MOVE-12)"
    assert french == ("dt-solo: R reste en c8, où il ne peut pas s'arrêter, sans plus aucune case de "
                      "mouvement (B-MOVE-12)")
