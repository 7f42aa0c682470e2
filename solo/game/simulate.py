"""Simulated solo games: the built-in Player against the automaton, with the rules checked after every
step (issue 4, ``dt-solo simulate``)."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from solo.automaton.table import drive
from solo.errors import DataError
from solo.game.autoplay import AutoTable, auto_player_turn, game_over
from solo.game.census import InvariantError, account_np_turn, account_player_turn, check_census, snapshot
from solo.game.npturn import end_np_turn, np_turn_in_game
from solo.game.saves import game_from_state, game_state
from solo.game.setup import new_game
from solo.game.state import Game

MAX_TURNS = 40
"""A game still running after this many turns of each side is stopped and counted as unfinished."""


def check(game: Game, where: str) -> None:
    """After every step: a legal table (two figures never share a square, nothing on a pit without a
    Rope, the golden rules: Position.status)."""
    problems = game.position.status(where)
    if problems:
        raise InvariantError("; ".join(str(p) for p in problems))


@dataclass
class GameResult:
    seed: int
    difficulty: int
    winner: str
    """``player``, ``npc`` or ``none`` (stopped after MAX_TURNS)."""
    turns: int
    score: tuple[int, int]
    reinforcements: int


def check_save(game: Game, where: str) -> None:
    """The game written as a save and read back is the same game (a save after this step would load)."""
    state = game_state(game)
    try:
        again = game_state(game_from_state(state))
    except DataError as error:
        raise InvariantError(f"{where}: the game cannot be saved and read back: {error}") from error
    if again != state:
        changed = sorted(k for k in state if state[k] != again.get(k))
        raise InvariantError(f"{where}: the game read back from its save differs in {', '.join(changed)}")


def play_game(
    difficulty: int, seed: int, vision: bool = False, saves: bool = False
) -> tuple[GameResult, Game]:
    """One whole game: Player and NP turns alternate until 5 VP (S-END-1) or MAX_TURNS. With ``saves``
    the game is also written and read back after every step (slower)."""
    game = new_game(difficulty, seed=seed, vision=vision)
    table = AutoTable(game)
    check(game, "set-up")
    while game.turn_number <= MAX_TURNS and not game_over(game):
        before = snapshot(game)
        _, waiting = drive(auto_player_turn(game), table)
        if waiting is not None:
            raise InvariantError(f"the Player's turn waits for {waiting.kind}")
        check(game, f"turn {game.turn_number}, Player")
        if saves:
            check_save(game, f"turn {game.turn_number}, Player")
        check_census(game, before, f"turn {game.turn_number}, Player")
        account_player_turn(game, before, f"turn {game.turn_number}, Player")
        if game_over(game):
            break
        before = snapshot(game)
        record, waiting = drive(np_turn_in_game(game), table)
        if waiting is not None or record is None:
            raise InvariantError(f"the NP's turn waits for {waiting.kind if waiting else '?'}")
        check(game, f"turn {game.turn_number}, NP")
        if saves:
            check_save(game, f"turn {game.turn_number}, NP")
        account_np_turn(game, before, record.activations)
        check_census(game, before, f"turn {game.turn_number}, NP")
        end_np_turn(game)
    score = game.position.score
    assert score is not None
    winner = "player" if score.player >= 5 else "npc" if score.npc >= 5 else "none"
    reinforcements = sum(1 for e in game.log if e.kind == "reinforcement" and e.data.get("npc"))
    return GameResult(
        seed, difficulty, winner, game.turn_number, (score.player, score.npc), reinforcements
    ), game


@dataclass
class LevelReport:
    difficulty: int
    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Games stopped by an engine error (an invariant broken): a bug to report."""

    def to_json(self) -> dict[str, object]:
        wins = Counter(r.winner for r in self.results)
        return {
            "difficulty": self.difficulty,
            "games": len(self.results),
            "npc_wins": wins["npc"],
            "player_wins": wins["player"],
            "unfinished": wins["none"],
            "turns": [r.turns for r in self.results],
            "reinforcements": [r.reinforcements for r in self.results],
            "scores": [list(r.score) for r in self.results],
            "errors": list(self.errors),
        }

    def line(self) -> str:
        wins = Counter(r.winner for r in self.results)
        n = len(self.results)
        turns = statistics.median(r.turns for r in self.results) if n else 0
        reinf = statistics.mean(r.reinforcements for r in self.results) if n else 0
        return (
            f"level {self.difficulty}: {n} games, NP wins {wins['npc']} "
            f"({100 * wins['npc'] / max(n, 1):.0f}%), "
            f"Player wins {wins['player']}, unfinished {wins['none']}; median {turns} turns; "
            f"{reinf:.1f} reinforcements a game"
            + (f"; {len(self.errors)} games FAILED" if self.errors else "")
        )


def simulate_levels(levels: list[int], games: int, seed: int, vision: bool = False) -> list[LevelReport]:
    """``games`` seeded games at each level (seeds ``seed`` … ``seed + games - 1``, the same deals at every
    level, so the levels differ only by their icons)."""
    reports = []
    for level in levels:
        report = LevelReport(level)
        for n in range(games):
            try:
                result, _ = play_game(level, seed + n, vision)
            except Exception as error:
                report.errors.append(f"seed {seed + n}: {type(error).__name__}: {error}")
                continue
            report.results.append(result)
        reports.append(report)
    return reports
