"""Simulated games and the difficulty report (issue 17, issue 16 item 5): the same report whatever the
number of processes, intervals and the test of the levels' difference computed right."""

from __future__ import annotations

import pytest

import solo.game.simulate as simulate
from solo.automaton.context import EXACT_TRAILS
from solo.game.sim_report import cochran_armitage, fisher_greater, group_results, trends, wilson
from solo.game.simulate import GameResult, run_tasks, tasks_for


def test_a_seed_gives_the_same_games_on_one_process_or_two() -> None:
    every = tasks_for([1, 6], 2, 40, (False, True))
    first = [(t.difficulty, t.vision, t.seed) for t in every[:3]]
    assert first == [(1, False, 40), (1, False, 41), (6, False, 40)]
    tasks = [t for t in every if t.seed == 40]  # both levels, with and without the Vision (shorter games)
    seen: list[tuple[int, int]] = []
    alone = run_tasks(tasks, jobs=1)
    shared = run_tasks(tasks, jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert alone == shared
    played = [(r.difficulty, r.vision, r.seed) for r in shared]
    assert played == [(1, False, 40), (6, False, 40), (1, True, 40), (6, True, 40)]
    assert seen[-1] == (4, 4) and [d for d, _ in seen] == list(range(1, 5))
    assert all(r.error is None for r in shared)


def test_the_simulated_games_keep_one_way_per_node_and_leave_the_switch_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # AMB-SIM-TRAILS: the difficulty report's games run the NPC searches with one way per node; every
    # other caller (explain, np-turn, play, the app) keeps the rulebook's reading (AMB-DROP-BACK-TRAIL).
    seen: list[bool] = []
    real = simulate.play_game

    def play(*args: object, **kwargs: object) -> object:
        seen.append(EXACT_TRAILS.get())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate, "play_game", play)
    assert EXACT_TRAILS.get() is True
    (result,) = run_tasks(tasks_for([6], 1, 0), jobs=1)
    assert seen == [False] and result.error is None and result.turns >= 1
    assert EXACT_TRAILS.get() is True


def test_cancelling_keeps_only_the_games_played() -> None:
    tasks = tasks_for([6], 5, 0)  # black: shorter games, the same cancelling
    calls: list[int] = []
    results = run_tasks(tasks, jobs=1, progress=lambda done, total: calls.append(done),
                        cancelled=lambda: len(calls) >= 2)
    assert [r.seed for r in results] == [0, 1]


def test_wilson_intervals_match_the_textbook_values() -> None:
    # scipy.stats.binomtest(k, n).proportion_ci(method="wilson")
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753279986288926))
    assert wilson(30, 100) == pytest.approx((0.21894885294932764, 0.39584854633346667))
    assert wilson(0, 0) == (0.0, 1.0)


def test_fishers_exact_test_matches_the_textbook_values() -> None:
    # scipy.stats.fisher_exact([[k2, n2 - k2], [k1, n1 - k1]], alternative="greater")
    assert fisher_greater(1, 10, 8, 10) == pytest.approx(0.002738747320790664)
    assert fisher_greater(120, 200, 150, 200) == pytest.approx(0.0009527723253203482)
    assert fisher_greater(5, 10, 5, 10) > 0.5


def test_the_trend_test_over_two_levels_is_the_two_proportion_z_test() -> None:
    import math
    from statistics import NormalDist

    k1, n1, k2, n2 = 30, 50, 42, 50
    pooled = (k1 + k2) / (n1 + n2)
    z = (k2 / n2 - k1 / n1) / math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    assert cochran_armitage([k1, k2], [n1, n2], [1, 6]) == pytest.approx(1 - NormalDist().cdf(z))
    # A rise over six levels that pink against black alone does not show (p 0.096).
    rise = cochran_armitage([38, 35, 37, 38, 45, 44], [50] * 6, [1, 2, 3, 4, 5, 6])
    assert rise == pytest.approx(0.00568, abs=1e-4)
    assert cochran_armitage([5, 5], [10, 10], [1, 6]) == pytest.approx(0.5)


def _result(level: int, winner: str, seed: int = 0) -> GameResult:
    score = (5, 2) if winner == "player" else (1, 5)
    return GameResult(seed, level, winner, 8, score, 3, vp={"player_exits": score[0], "npc_exits": score[1]},
                      npc_vp={"Serpico": score[1]})


def test_the_report_counts_wins_and_tests_the_rise_from_pink_to_black() -> None:
    results = [_result(1, "player" if i < 6 else "npc", i) for i in range(10)]
    results += [_result(6, "player" if i < 1 else "npc", i) for i in range(10)]
    reports = group_results(results)
    pink, black = reports
    assert (pink.difficulty, pink.games, pink.wins("player"), pink.wins("npc")) == (1, 10, 6, 4)
    assert pink.rate("player")[0] == 0.6
    assert pink.top_npcs() == [("Serpico", 6 * 2 + 4 * 5)]
    data = black.to_json()
    assert data["level"] == "black" and data["player_wins"] == 1 and data["npc_win_rate"] == 0.9
    assert data["vp_per_game"]["npc_exits"] == pytest.approx(4.7)
    (trend,) = trends(reports)
    assert trend.p_value == pytest.approx(fisher_greater(4, 10, 9, 10))
    assert "Fisher's exact test (one-sided) p = 0.029, a significant rise" in trend.line().english()
    assert pink.lines()[0].english().startswith(
        "pink (1), without the Vision: 10 games; the Player wins 6 = 60 %")


def test_cancelling_a_parallel_run_keeps_the_games_finished() -> None:
    # The games already handed to a worker (at most one queued beside each) still finish.
    tasks = tasks_for([6], 12, 0)  # black: shorter games, the same cancelling
    calls: list[int] = []
    results = run_tasks(tasks, jobs=2, progress=lambda done, total: calls.append(done),
                        cancelled=lambda: len(calls) >= 1)
    assert 1 <= len(results) < 12
    assert [r.seed for r in results] == sorted(r.seed for r in results)
    assert all(r.error is None for r in results)


def test_the_wilson_interval_always_holds_the_rate() -> None:
    # The difficulty window draws rate - low and high - rate as error bars: never negative (0 of 3
    # games once gave a low of 5.6e-17 above the rate 0, and the chart raised on a cancelled run).
    for n in range(1, 61):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0, (k, n, low, high)
