"""What the command line says about a broken card, a wrong ``--order`` and the file it wrote, in
English and French, things named as the cards print them (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import position_text
from cli_running import run
from npc_builders import npc_card

from solo.locations import RULES_DIR

DEMO = str(RULES_DIR / "positions" / "demo.yaml")
PLAYABLE = npc_card("backstabber", "reveal 1*, exit 1, fight 1, take_object 1, regroup 1, rotation 1")


def gappy_card_position(tmp_path: Path) -> str:
    """An NPC whose inline card (named Backstabber) lacks objective 3 and its default, and a playable one."""
    card = {**PLAYABLE, "unknown": ["default", "objective-3"]}
    card["objectives"] = [{k: v for k, v in o.items() if k != "default"} for o in card["objectives"]]
    card["objectives"][2] = None
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(
        characters="- {id: r, side: npc, card: r, at: c5}\n- {id: s, side: npc, card: s, at: e5}",
        extra="cards: " + json.dumps({"r": card, "s": PLAYABLE})), encoding="utf-8")
    return str(path)


def test_check_names_the_card_and_its_gaps_in_the_language(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = gappy_card_position(tmp_path)
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and out.splitlines()[0] == (
        f"{path}: position: characters[r].card: the card Backstabber (position cards[r]) of Backstabber "
        "cannot be activated: objective 3 is unknown; no objective is known to be the default (purple) one")
    code, out, _ = run(capsys, "--lang", "fr", "check", path)
    assert code == 1 and out.splitlines()[0] == (
        f"{path} : position: characters[r].card: la carte Backstabber (position cards[r]) de Backstabber ne "
        "peut pas être activée : l'objectif 3 est inconnu ; aucun objectif n'est connu comme celui par "
        "défaut (violet)")


def test_np_turn_tells_why_a_card_cannot_act_in_french(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = gappy_card_position(tmp_path)
    code, out, err = run(capsys, "--lang", "fr", "np-turn", path, "--order", "r,s")
    deactivated = [line for line in out.splitlines() if line.startswith("Désactivé")]
    assert code == 0 and err == ""
    assert deactivated[0] == (
        "Désactivé : sa carte est inutilisable : position cards[r] : objective-3 : l'objectif 3 est "
        "inconnu : complétez la carte 'r' avant qu'elle puisse agir ; position cards[r] : default : aucun "
        "objectif n'est connu comme celui par défaut (violet) : complétez la carte 'r' avant qu'elle puisse "
        "agir")


@pytest.mark.parametrize(("order", "english", "french"), [
    ("nolock,ghost", "dt-solo: --order: 'ghost' is not an NPC in play (their ids in the file: arthos, "
                     "brikoltou, lissandra, nolock, pere-bonsoins, serpico, yom)",
     "dt-solo: --order : 'ghost' n'est pas un PNJ en jeu (leurs identifiants dans le fichier : arthos, "
     "brikoltou, lissandra, nolock, pere-bonsoins, serpico, yom)"),
    ("pere-bonsoins,nolock,pere-bonsoins", "dt-solo: --order: Père Bonsoins is given twice",
     "dt-solo: --order : Père Bonsoins est donné deux fois"),
])
def test_a_wrong_order_is_refused_before_any_npc_acts(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     order: str, english: str, french: str) -> None:
    after = tmp_path / "after.yaml"
    for language, words in (("en", english), ("fr", french)):
        code, out, err = run(capsys, "--lang", language, "np-turn", DEMO, "--order", order,
                             "--write", str(after))
        assert (code, out, err.strip()) == (2, "", words)
    assert not after.exists()


def test_the_file_written_is_said_in_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    after = tmp_path / "after.yaml"
    for language, words in (("en", "position after written to"), ("fr", "position d'après écrite dans")):
        code, _, err = run(capsys, "--lang", language, "explain", DEMO, "--npc", "nolock",
                           "--write", str(after))
        assert code == 0 and err == f"{words} {after}\n"


def test_a_reveal_naming_no_card_is_a_wrong_argument(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # The token comes from --reveal, not from the position file: the argument is named, not the file.
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(characters="- {id: r, side: npc, card: r, at: c5}", rooms={3: "hidden"},
                                  extra="cards: " + json.dumps({"r": PLAYABLE})), encoding="utf-8")
    said = []
    for language in ("en", "fr"):
        code, out, err = run(capsys, "--lang", language, "explain", str(path), "--npc", "r",
                             "--reveal", "room3:0,npc:ghost@b8")
        assert (code, out) == (2, "")
        said.append(err.strip())
    assert said == [
        "dt-solo: --reveal: 'npc:ghost': no NPC card 'ghost' in the position's `cards` nor in a card "
        "folder",
        "dt-solo: --reveal : 'npc:ghost' : aucune carte PNJ 'ghost' ni dans les `cards` de la position ni "
        "dans un dossier de cartes"]


def test_show_gives_its_legend_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    legends = []
    for language in ("en", "fr"):
        code, out, _ = run(capsys, "--lang", language, "show", DEMO)
        assert code == 0
        legends += [line for line in out.splitlines() if line.startswith(("legend", "légende"))]
    assert [legend.split(":")[0] for legend in legends] == ["legend", "légende "]
    assert "fosse" in legends[1] and "pit" not in legends[1]
