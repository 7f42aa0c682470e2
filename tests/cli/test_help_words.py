"""``dt-solo --help``, every command's help and argparse's own words (usage, errors) in the command
line's language (issue 12): a help text written as English only fails here."""

from __future__ import annotations

import argparse

import pytest

from solo.cli.parser import build_parser, main
from solo.cli.words import set_language
from solo.locations import RULES_DIR

DEMO = str(RULES_DIR / "positions" / "demo.yaml")


def helps(language: str) -> dict[tuple[str, str], str]:
    """(command, option) -> its help text, for the whole command line in ``language``."""
    set_language(language)
    parser = build_parser(game_commands=True)
    found = {("", "description"): str(parser.description)}
    parsers = [("", parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            parsers += list(action.choices.items())
            found.update((("", choice.dest), str(choice.help)) for choice in action._choices_actions)
    for command, sub in parsers:
        found.update(((command, action.dest), action.help) for action in sub._actions
                     if action.help and action.dest != "help")
    return found


def test_every_help_text_exists_in_french() -> None:
    english, french = helps("en"), helps("fr")
    assert english.keys() == french.keys() and len(english) > 40
    assert [key for key in english if english[key] == french[key]] == []
    assert french[("np-turn", "order")] == (
        "les cartes mélangées, de gauche à droite (identifiants séparés par des virgules)")
    assert english[("", "np-turn")] == "a whole NP turn: every activation and the position after it"


def test_help_reads_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "fr", "np-turn", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("utilisation : dt-solo np-turn [-h] [--order ORDRE]")
    assert "\narguments:\n" in out and "\noptions:\n" in out
    assert any(line.split() == ["-h,", "--help", *["affiche", "cette", "aide", "et", "s'arrête"]]
               for line in out.splitlines())
    assert "usage" not in out and "show this help" not in out
    assert "[--write FICHIER]\n" in out and "\narguments:\n  FICHIER\n" in out  # the placeholders too
    assert "FILE" not in out and "REVEAL" not in out


def test_the_commands_list_reads_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    out = capsys.readouterr().out
    assert "ouvrir l'application : dt-solo app [PARTIE] [--demo]" in out and "GAME" not in out


@pytest.mark.parametrize(("argv", "english", "french"), [
    (["explain", DEMO], "dt-solo explain: error: the following arguments are required: --npc",
     "dt-solo explain : erreur : ces arguments sont obligatoires : --npc"),
    (["simulate", "--vision", "maybe"],
     "dt-solo simulate: error: argument --vision: invalid choice: 'maybe' (choose from 'both', 'no', 'yes')",
     "dt-solo simulate : erreur : argument --vision : choix invalide : 'maybe' (au choix : 'both', 'no', "
     "'yes')"),
])
def test_argparse_errors_in_both_languages(capsys: pytest.CaptureFixture[str], argv: list[str], english: str,
                                           french: str) -> None:
    said = []
    for language in ("en", "fr"):
        with pytest.raises(SystemExit) as done:
            main(["--lang", language, *argv])
        assert done.value.code == 2
        said.append(capsys.readouterr().err.splitlines()[-1])
    assert said == [english, french]
