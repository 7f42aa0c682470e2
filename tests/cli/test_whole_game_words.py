"""Issue 12, "done when": the demo game played with ``dt-solo play`` from its first NP turn to its end, in
French and in English; every line printed is checked: no untranslated message, no raw id."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from cli_running import run

from solo.automaton.table import ShuffleRequest
from solo.cli.play import run_step
from solo.game.autoplay import AutoTable, game_over
from solo.game.player import legal_action_cards
from solo.game.saves import load_game
from solo.game.session import Session
from solo.locations import DEMO_GAME
from solo.table.position import Side
from solo.table.words import names

RAW_ID = re.compile(r"\b(npc|player|object):|^\s*(player_card|die|room|shuffle|question|reveal):")
ENGLISH = re.compile(
    r"\b(the|moves|achievable|nothing|with|AP used|ends on|Deactivated|picks up|reveals|turns|attacks|"
    r"shoots|wounded|Tie|rolled|enters play|Turn over|Draw|which|done|saved|waits|Score: Player)\b"
    r"|Note:|Mode:"
)
"""Words that give away an English sentence in the French text (room layout names are data, apart)."""
FRENCH = re.compile(
    r"\b(le|la|les|PNJ|NJ|PA|PV|salle|se déplace|réalisable|aucune?|Désactivé|Égalité|fait)\b")
ROOM_NAMES = re.compile(r"\(The [A-Z][\w' ]+\)")
"""Room layout names stay as the data holds them (another issue makes them data in both languages)."""
MAX_STEPS = 120


def _answer(game_path: Path, action: str, card: int | None, answers: list[str]) -> str:
    """What the table answers to the question a step waits for (the built-in Player's choice)."""
    game = load_game(game_path)
    waiting = run_step(Session(game), action, card, answers)
    assert waiting is not None
    value = AutoTable(game).answer(waiting)
    return ",".join(value) if isinstance(waiting, ShuffleRequest) else str(value)


def _step(capsys: pytest.CaptureFixture[str], path: Path, language: str, action: str,
          card: int | None = None) -> list[str]:
    """One step through ``dt-solo play``, answering each question it waits for; every line printed."""
    answers: list[str] = []
    printed: list[str] = []
    for _ in range(40):
        argv = ["play", str(path), action, *([str(card)] if card is not None else [])]
        argv += [word for answer in answers for word in ("--answer", answer)]
        code, out, err = run(capsys, *argv, "--lang", language)
        assert code == 0, out + err
        printed += (out + err).splitlines()
        if not re.search(r"waits for the table|attend la table", out):
            return printed
        answers.append(_answer(path, action, card, answers))
    raise AssertionError(f"{action}: more than 40 questions")


def _without(line: str, titles: list[str]) -> str:
    for title in titles:
        line = line.replace(title, "")
    return line


def _cards(path: Path) -> list[str]:
    game = load_game(path)
    return sorted({c.card for c in game.position.characters.values() if c.card} | set(game.npc_pile)
                  | set(game.row))


@pytest.mark.slow
@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_demo_game_played_to_its_end_reads_in_one_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.yaml"
    shutil.copy(DEMO_GAME, path)
    cards = _cards(path)
    printed: list[str] = []
    for _ in range(MAX_STEPS):
        game = load_game(path)
        if game_over(game) or game.position.turn is None:
            break
        if game.position.turn.side is Side.NPC:
            printed += _step(capsys, path, language, "np-turn")
        else:
            playable = legal_action_cards(game)
            if playable and not game.player.played:
                printed += _step(capsys, path, language, "card", playable[0])
            printed += _step(capsys, path, language, "end-turn")
    assert game_over(load_game(path)), "the game did not reach its end"
    _, out, err = run(capsys, "status", str(path), "--lang", language)
    printed += (out + err).splitlines()
    wrong = ENGLISH if language == "fr" else FRENCH
    assert len(printed) > 100
    titles = [title for key, title in names().items() if key.startswith("title:")]
    printed = [_without(line, titles) for line in printed]  # a card's printed title is French on both
    bad = [line for line in printed if wrong.search(ROOM_NAMES.sub("", line)) or RAW_ID.search(line)
           # a card's id where its printed name belongs (case matters: "Nolock" is a name)
           or any(re.search(rf"(?<![\w/-]){re.escape(card)}(?![\w-])", line) for card in cards)]
    assert not bad, "\n".join(bad[:20])
