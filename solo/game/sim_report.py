"""The difficulty report of simulated games: per level and Vision, wins with a 95 % interval, VP by
source, reinforcements, game length, the NPCs that scored most, and whether the levels differ
(issue 17).

Intervals are Wilson score intervals (they stay inside 0-100 % for few games or extreme rates); the
difference between two levels is judged by Fisher's exact test, one-sided (is the NP's win rate
higher at the harder level?), exact for any number of games; the rise over all the levels run by the
Cochran-Armitage test for trend, one-sided (levels scored 1 to 6), which uses every level's games.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from solo.game.components import components
from solo.messages import Message, Param, decimal, literal, msg, msg_n, translated
from solo.records import field, record

if TYPE_CHECKING:
    from solo.game.simulate import GameResult

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""
TOP_NPCS = 5
SOURCES = ("player_exits", "player_eliminations", "npc_exits", "npc_eliminations", "npc_personalities")


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0-1), (0, 1) when there are no trials."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # The interval holds p; rounding alone put 0 of 3 at a low of 5.6e-17 (a negative error bar).
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def fisher_greater(k1: int, n1: int, k2: int, n2: int) -> float:
    """One-sided p-value of Fisher's exact test that the rate k2/n2 exceeds k1/n1: the chance, were
    both the same, that the second group holds at least k2 of the k1 + k2 successes."""
    total, successes = n1 + n2, k1 + k2
    if total == 0:
        return 1.0
    denominator = math.comb(total, successes)
    tail = sum(math.comb(n2, k) * math.comb(n1, successes - k)
               for k in range(k2, min(n2, successes) + 1) if successes - k <= n1)
    return min(1.0, tail / denominator)


def cochran_armitage(successes: list[int], trials: list[int], scores: list[int]) -> float:
    """One-sided p-value of the Cochran-Armitage test that the success rate rises with the score."""
    total = sum(trials)
    if total == 0:
        return 1.0
    p = sum(successes) / total
    statistic = sum(s * (k - n * p) for s, k, n in zip(scores, successes, trials, strict=True))
    spread = sum(n * s * s for s, n in zip(scores, trials, strict=True)) \
        - sum(n * s for s, n in zip(scores, trials, strict=True)) ** 2 / total
    variance = p * (1 - p) * spread
    if variance <= 0:
        return 1.0
    return 1.0 - NormalDist().cdf(statistic / math.sqrt(variance))


def level_name(level: int) -> str:
    """The level as the rules name it: pink, level 2 … level 5, black (S-SETUP-1)."""
    try:
        return components().levels[level].name
    except KeyError:
        return f"level {level}"


def level_words(level: int) -> Param:
    """The level's name in the reader's language (« rose » in French), for the report's sentences."""
    icons = components().levels.get(level)
    if icons is None:
        return msg("level {level}", level=level)
    if icons.names is None:
        return icons.name
    return translated(icons.name, tuple((lang, text) for lang, text in icons.names.pairs if lang))


@record
class LevelReport:
    """The games of one level and Vision."""

    difficulty: int
    vision: bool = False
    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Games stopped by an engine error (an invariant broken): a bug to report (English, for the JSON)."""
    failures: list[Message] = field(default_factory=list)
    """The same errors told as messages (the command line renders them in the reader's language)."""

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self, side: str) -> int:
        return sum(1 for r in self.results if r.winner == side)

    def rate(self, side: str) -> tuple[float, float, float]:
        """(rate, low, high) of the games won by ``side`` (``player`` or ``npc``), 95 % interval."""
        n, k = self.games, self.wins(side)
        low, high = wilson(k, n)
        return (k / n if n else 0.0), low, high

    def vp_per_game(self) -> dict[str, float]:
        n = max(self.games, 1)
        return {s: sum(r.vp.get(s, 0) for r in self.results) / n for s in SOURCES}

    def top_npcs(self, count: int = TOP_NPCS) -> list[tuple[str, int]]:
        """The NPCs that scored most VP over these games, by the name on their card."""
        total: Counter[str] = Counter()
        for r in self.results:
            total.update(r.npc_vp)
        return sorted(total.items(), key=lambda item: (-item[1], item[0]))[:count]

    def to_json(self) -> dict[str, Any]:
        player, npc = self.rate("player"), self.rate("npc")
        turns = [r.turns for r in self.results]
        return {
            "difficulty": self.difficulty,
            "level": level_name(self.difficulty),
            "vision": self.vision,
            "games": self.games,
            "player_wins": self.wins("player"),
            "npc_wins": self.wins("npc"),
            "unfinished": self.wins("none"),
            "player_win_rate": player[0],
            "player_win_interval": [player[1], player[2]],
            "npc_win_rate": npc[0],
            "npc_win_interval": [npc[1], npc[2]],
            "vp_per_game": self.vp_per_game(),
            "reinforcements_per_game": statistics.mean(r.reinforcements for r in self.results)
            if self.results else 0.0,
            "turns_median": statistics.median(turns) if turns else 0,
            "turns_range": [min(turns), max(turns)] if turns else [0, 0],
            "top_npcs": [{"name": name, "vp": vp} for name, vp in self.top_npcs()],
            "games_played": [
                {"seed": r.seed, "winner": r.winner, "score": list(r.score), "turns": r.turns,
                 "reinforcements": r.reinforcements}
                for r in self.results
            ],
            "errors": list(self.errors),
        }

    def lines(self) -> list[Message]:
        """The report of these games in a few lines (messages: the command line renders them)."""
        p, lo, hi = self.rate("player")
        vp = self.vp_per_game()
        turns = [r.turns for r in self.results]
        reinf = statistics.mean(r.reinforcements for r in self.results) if self.results else 0.0
        shown: dict[str, Param] = {
            "level": level_words(self.difficulty), "number": self.difficulty,
            "wins": self.wins("player"), "rate": f"{100 * p:.0f}", "low": f"{100 * lo:.0f}",
            "high": f"{100 * hi:.0f}", "losses": self.wins("npc"), "unfinished": self.wins("none")}
        head = (msg_n("{level} ({number}), with the Vision: {games} game; the Player wins {wins} = {rate} % "
                      "(95 % interval {low}-{high} %), the NP {losses}, unfinished {unfinished}",
                      "{level} ({number}), with the Vision: {games} games; the Player wins {wins} = {rate} % "
                      "(95 % interval {low}-{high} %), the NP {losses}, unfinished {unfinished}",
                      "games", games=self.games, **shown)
                if self.vision else
                msg_n("{level} ({number}), without the Vision: {games} game; the Player wins {wins} = "
                      "{rate} % (95 % interval {low}-{high} %), the NP {losses}, unfinished {unfinished}",
                      "{level} ({number}), without the Vision: {games} games; the Player wins {wins} = "
                      "{rate} % (95 % interval {low}-{high} %), the NP {losses}, unfinished {unfinished}",
                      "games", games=self.games, **shown))
        failed = msg_n("{text}; {count} game FAILED", "{text}; {count} games FAILED", text=head,
                       count=len(self.errors))
        lines = [failed if self.errors else head]
        if self.results:
            lines.append(msg(
                "    VP a game: Player exits {player_exits}, eliminations {player_eliminations}; NP exits "
                "{npc_exits}, eliminations {npc_eliminations}, personalities {personalities}; "
                "{reinforcements} reinforcements; {turns} turns (median, {fewest}-{most})",
                player_exits=decimal(vp["player_exits"]),
                player_eliminations=decimal(vp["player_eliminations"]),
                npc_exits=decimal(vp["npc_exits"]), npc_eliminations=decimal(vp["npc_eliminations"]),
                personalities=decimal(vp["npc_personalities"]), reinforcements=decimal(reinf),
                turns=decimal(statistics.median(turns), "g"), fewest=min(turns), most=max(turns)))
            top = tuple(msg("{npc} {vp} VP", npc=name, vp=vp_) for name, vp_ in self.top_npcs())
            if top:
                lines.append(msg("    NPCs that scored most: {npcs}", npcs=top))
        return lines


def group_results(results: list[GameResult]) -> list[LevelReport]:
    """One report per level and Vision, in the order the results come (errors counted apart)."""
    reports: dict[tuple[bool, int], LevelReport] = {}
    for r in results:
        report = reports.setdefault((r.vision, r.difficulty), LevelReport(r.difficulty, r.vision))
        if r.error is not None:
            report.errors.append(r.error)
            report.failures.append(r.failure or literal(r.error))
        else:
            report.results.append(r)
    return list(reports.values())


@record(frozen=True)
class Trend:
    """The NP's win rate at the easiest and hardest levels run, and the test of their difference."""

    vision: bool
    easy: int
    hard: int
    easy_rate: float
    hard_rate: float
    p_value: float
    trend_p_value: float = 1.0
    """The Cochran-Armitage test over every level run (the same as Fisher's for two levels, near)."""
    levels: int = 2

    def to_json(self) -> dict[str, Any]:
        return {"vision": self.vision, "from": self.easy, "to": self.hard,
                "npc_win_rate_from": self.easy_rate, "npc_win_rate_to": self.hard_rate,
                "test": "Fisher's exact test, one-sided", "p_value": self.p_value,
                "trend_test": "Cochran-Armitage test for trend, one-sided, over the levels run",
                "levels": self.levels, "trend_p_value": self.trend_p_value}

    def line(self) -> Message:
        """The test's outcome in one sentence (a message: the command line renders it)."""
        rise, flat = msg("a significant rise (p < 0.05)"), msg("not significant")
        text = (msg("With the Vision, the NP wins {easy_rate} % at {easy} and {hard_rate} % at {hard}: "
                    "Fisher's exact test (one-sided) p = {p}, {verdict}; over the {levels} levels run, the "
                    "Cochran-Armitage test for trend (one-sided) p = {trend_p}, {trend}") if self.vision else
                msg("Without the Vision, the NP wins {easy_rate} % at {easy} and {hard_rate} % at {hard}: "
                    "Fisher's exact test (one-sided) p = {p}, {verdict}; over the {levels} levels run, the "
                    "Cochran-Armitage test for trend (one-sided) p = {trend_p}, {trend}"))
        return msg(text.text, easy_rate=f"{100 * self.easy_rate:.0f}", easy=level_words(self.easy),
                   hard_rate=f"{100 * self.hard_rate:.0f}", hard=level_words(self.hard),
                   p=decimal(self.p_value, ".2g"),
                   verdict=rise if self.p_value < 0.05 else flat, levels=self.levels,
                   trend_p=decimal(self.trend_p_value, ".2g"),
                   trend=rise if self.trend_p_value < 0.05 else flat)


def trends(reports: list[LevelReport]) -> list[Trend]:
    """Per Vision, the easiest against the hardest level run (none when only one level was run)."""
    found = []
    for vision in (False, True):
        mine = sorted((r for r in reports if r.vision is vision and r.games), key=lambda r: r.difficulty)
        if len(mine) < 2:
            continue
        easy, hard = mine[0], mine[-1]
        found.append(Trend(
            vision, easy.difficulty, hard.difficulty, easy.rate("npc")[0], hard.rate("npc")[0],
            fisher_greater(easy.wins("npc"), easy.games, hard.wins("npc"), hard.games),
            cochran_armitage([r.wins("npc") for r in mine], [r.games for r in mine],
                             [r.difficulty for r in mine]),
            len(mine),
        ))
    return found
