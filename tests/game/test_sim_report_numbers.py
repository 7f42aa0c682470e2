"""The difficulty report's figures with the reader's decimal sign (AMB-NUMBERS): « 0,5 » in French."""

from __future__ import annotations

from solo.game.sim_report import LevelReport, Trend
from solo.game.simulate import GameResult
from solo.i18n import render


def _report() -> LevelReport:
    results = [GameResult(seed, 1, winner, turns, (0, 0), reinforcements)
               for seed, winner, turns, reinforcements in ((0, "player", 12, 1), (1, "npc", 13, 2))]
    results[0].vp["player_exits"] = 1
    return LevelReport(1, results=results)


def test_vp_and_turns_take_a_decimal_comma_in_french_and_a_point_in_english() -> None:
    line = _report().lines()[1]
    english, french = render(line, "en"), render(line, "fr")
    assert "Player exits 0.5," in english and "1.5 reinforcements" in english and "12.5 turns" in english
    assert "0,5" in french and "1,5" in french and "12,5" in french
    assert "0.5" not in french and "1.5" not in french and "12.5" not in french


def test_a_p_value_takes_the_language_sign() -> None:
    trend = Trend(False, 1, 6, 0.1, 0.6, 0.029, 0.0041, 6)
    english, french = render(trend.line(), "en"), render(trend.line(), "fr")
    assert "p = 0.029" in english and "p = 0.0041" in english
    assert "p = 0,029" in french and "p = 0,0041" in french and "0.029" not in french
    assert "(p < 0,05)" in french
    assert "au niveau rose et 60 % au niveau noir" in french and "at pink and 60 % at black" in english


def test_the_json_keeps_numbers() -> None:
    data = _report().to_json()
    assert data["vp_per_game"]["player_exits"] == 0.5 and data["reinforcements_per_game"] == 1.5
