"""Simulated solo games: a built-in Player against the automaton, with the rules checked after every
step (issue 4, ``dt-solo simulate``); the games of many levels spread over processes (issue 16 item 5).

Each game is a pure function of its level, Vision, seed and Player: the report of a set of games is
the same whatever the number of processes that played them (results are kept in the order of the
games, not of their end).
"""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from solo.automaton.context import EXACT_TRAILS
from solo.automaton.explanation import Explanation
from solo.automaton.table import drive
from solo.errors import DataError, Problem
from solo.game.autoplay import AutoTable, auto_player_turn, game_over
from solo.game.census import InvariantError, account_np_turn, account_player_turn, check_census, snapshot
from solo.game.content import npc_card
from solo.game.npturn import end_np_turn, np_turn_in_game
from solo.game.planner import Planner
from solo.game.saves import game_from_state, game_state
from solo.game.setup import new_game
from solo.game.sim_report import LevelReport, group_results
from solo.game.state import Game
from solo.messages import Message, Param, chain, literal, msg
from solo.records import field, record
from solo.table import naming
from solo.table.position import Side

MAX_TURNS = 40
"""A game still running after this many turns of each side is stopped and counted as unfinished."""
PLAYERS = ("search", "simple")
"""The built-in Players: ``search`` plans each turn (solo.game.planner), ``simple`` is issue 4's
yardstick (solo.game.autoplay: exit, else fight, else reveal, else advance)."""
VP_SOURCES = ("player_exits", "player_eliminations", "npc_exits", "npc_eliminations", "npc_personalities")


def check(game: Game, where: Param) -> None:
    """After every step: a legal table (two figures never share a square, nothing on a pit without a
    Rope, the golden rules: Position.status)."""
    problems = game.position.status()
    if problems:
        raise InvariantError(_problems(where, problems))


def _problems(where: Param, problems: list[Problem]) -> Message:
    """Problems found after a step, each with its entry, in the reader's language."""
    return chain([msg("{file}: {entry}: {problem}", file=where, entry=p.entry,
                      problem=p.message if isinstance(p.message, Message) else literal(p.message))
                  for p in problems])


@record
class GameResult:
    seed: int
    difficulty: int
    winner: str
    """``player``, ``npc`` or ``none`` (stopped after MAX_TURNS)."""
    turns: int
    score: tuple[int, int]
    reinforcements: int
    vision: bool = False
    vp: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VP_SOURCES, 0))
    """The game's VP by source (VP_SOURCES)."""
    npc_vp: dict[str, int] = field(default_factory=dict)
    """VP scored by each NPC, by the name on its card."""
    error: str | None = None
    """An engine error that stopped the game (an invariant broken): a bug to report (English, for the
    JSON report)."""
    failure: Message | None = None
    """The same error as a message, told in the reader's language with things named as printed."""


def check_save(game: Game, where: Param) -> None:
    """The game written as a save and read back is the same game (a save after this step would load)."""
    state = game_state(game)
    try:
        again = game_state(game_from_state(state))
    except DataError as error:
        problems = _problems(msg("the save"), error.problems)
        raise InvariantError(msg("{where}: the game cannot be saved and read back: {problems}", where=where,
                                 problems=problems)) from error
    if again != state:
        changed = sorted(k for k in state if state[k] != again.get(k))
        raise InvariantError(msg("{where}: the game read back from its save differs in {fields}", where=where,
                                 fields=", ".join(changed)))


def _npc_name(game: Game, card_id: str) -> str:
    try:
        return npc_card(card_id, game.content).name
    except DataError:
        return card_id


def _player_turn_vp(game: Game, before_log: int, gained: tuple[int, int], result: GameResult) -> None:
    """VP of a Player's turn by source: his exits (B-VP-1), the rest eliminations (B-VP-2)."""
    exits = sum(1 for e in game.log[before_log:] if e.kind == "exit")
    result.vp["player_exits"] += exits
    result.vp["player_eliminations"] += gained[0] - exits
    result.vp["npc_eliminations"] += gained[1]


def _np_turn_vp(game: Game, activations: list[Explanation], sides: dict[str, Side], gained: tuple[int, int],
                result: GameResult) -> None:
    """VP of an NP's turn by source and by NPC: exits, personalities (S-PERS), eliminations."""
    exits = personal = 0
    for e in activations:
        scored = sum(int(s.get("vp", 0)) for s in e.scored)
        exited = int(any(s.kind == "exit" for s in e.steps))
        killed = sum(1 for s in e.steps for cid in s.detail.get("eliminated", [])
                     if sides.get(cid) is Side.PLAYER and s.fields.get("outcome") != "lose")
        exits, personal = exits + exited, personal + scored
        if exited + scored + killed:
            name = _npc_name(game, e.npc)
            result.npc_vp[name] = result.npc_vp.get(name, 0) + exited + scored + killed
    result.vp["npc_exits"] += exits
    result.vp["npc_personalities"] += personal
    result.vp["npc_eliminations"] += gained[1] - exits - personal
    result.vp["player_eliminations"] += gained[0]


def _score(game: Game) -> tuple[int, int]:
    score = game.position.score
    return (score.player, score.npc) if score else (0, 0)


def play_game(
    difficulty: int, seed: int, vision: bool = False, saves: bool = False, player: str = "search"
) -> tuple[GameResult, Game]:
    """One whole game: Player and NP turns alternate until 5 VP (S-END-1) or MAX_TURNS. With ``saves``
    the game is also written and read back after every step (slower)."""
    game = new_game(difficulty, seed=seed, vision=vision)
    planner = Planner(game) if player == "search" else None
    table = AutoTable(game, None if planner is None else lambda r: planner.choose_card(r.options, r.sides))
    result = GameResult(seed, difficulty, "none", 0, (0, 0), 0, vision)
    check(game, "set-up")
    while game.turn_number <= MAX_TURNS and not game_over(game):
        where, where_np = (msg("turn {turn}, the Player's turn", turn=game.turn_number),
                           msg("turn {turn}, the NP's turn", turn=game.turn_number))
        before = snapshot(game)
        turn = planner.turn() if planner is not None else auto_player_turn(game)
        _, waiting = drive(turn, table)
        if waiting is not None:
            raise InvariantError(msg("{where}: the game waits for the table: {request}", where=where,
                                     request=waiting.text))
        check(game, where)
        if saves:
            check_save(game, where)
        check_census(game, before, where)
        account_player_turn(game, before, where)
        now = _score(game)
        _player_turn_vp(game, before.log_length, (now[0] - before.score[0], now[1] - before.score[1]), result)
        if game_over(game):
            break
        before = snapshot(game)
        record, waiting = drive(np_turn_in_game(game), table)
        if waiting is not None or record is None:
            raise InvariantError(msg("{where}: the game waits for the table: {request}", where=where_np,
                                     request=waiting.text if waiting is not None else msg("nothing")))
        check(game, where_np)
        if saves:
            check_save(game, where_np)
        account_np_turn(game, before, record.activations)
        check_census(game, before, where_np)
        now = _score(game)
        _np_turn_vp(game, record.activations, before.sides,
                    (now[0] - before.score[0], now[1] - before.score[1]), result)
        end_np_turn(game)
    result.score = _score(game)
    result.winner = "player" if result.score[0] >= 5 else "npc" if result.score[1] >= 5 else "none"
    result.turns = game.turn_number
    result.reinforcements = sum(1 for e in game.log if e.kind == "reinforcement" and e.data.get("npc"))
    return result, game


@record(frozen=True)
class Task:
    """One game to play: its level, Vision, seed and Player."""

    difficulty: int
    vision: bool
    seed: int
    player: str = "search"


def run_task(task: Task) -> GameResult:
    """Play one game, the NPCs' searches keeping one way per node (AMB-SIM-TRAILS); an engine error is
    returned in the result, never raised (a worker survives it)."""
    trails = EXACT_TRAILS.set(False)
    try:
        return play_game(task.difficulty, task.seed, task.vision, player=task.player)[0]
    except Exception as error:
        return GameResult(task.seed, task.difficulty, "error", 0, (0, 0), 0, task.vision,
                          error=f"seed {task.seed}: {type(error).__name__}: {error}",
                          failure=msg("seed {seed}: {error}", seed=task.seed, error=engine_error(error)))
    finally:
        EXACT_TRAILS.reset(trails)


TOKEN = re.compile(r"\b(?:npc|player|object):[a-z0-9_-]+(?::[a-z]+)?")
"""A bag token as the engine writes it (``npc:yom``, ``object:bow:yellow``)."""


def engine_error(error: BaseException) -> Message:
    """What stopped a game, for the reader: its own message when it carries one (a rule broken, an
    invariant), else the kind of error and its words with every token named as printed."""
    carried = getattr(error, "message", None)
    if isinstance(carried, Message):
        return carried
    text = str(error)
    tokens = TOKEN.findall(text)
    template: list[str] = []
    params: list[tuple[str, Param]] = []
    for index, part in enumerate(TOKEN.split(text)):
        template.append(part.replace("{", "{{").replace("}", "}}"))
        if index < len(tokens):
            template.append(f"{{token{index}}}")
            params.append((f"token{index}", naming.token(tokens[index])))
    detail = Message("".join(template), tuple(params))  # Python's words, not a catalogue text
    return msg("engine error {kind}: {detail}", kind=type(error).__name__, detail=detail)


def tasks_for(levels: list[int], games: int, seed: int, visions: tuple[bool, ...] = (False,),
              player: str = "search") -> list[Task]:
    """``games`` games per level and Vision, seeds ``seed`` … ``seed + games - 1``: the same deals at
    every level, so the levels differ only by their icons."""
    return [Task(level, vision, seed + n, player) for vision in visions for level in levels
            for n in range(games)]


Progress = Callable[[int, int], None]
"""Told (games done, games in all) after each game."""


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the process that started it (which stops the run and reports)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_tasks(tasks: list[Task], jobs: int = 1, progress: Progress | None = None,
              cancelled: Callable[[], bool] | None = None) -> list[GameResult]:
    """Play the games, on ``jobs`` processes; results in the order of ``tasks`` (whatever the jobs).
    ``cancelled`` is asked after each game: when it says yes the games not finished are dropped."""
    results: list[GameResult | None] = [None] * len(tasks)
    done = 0
    if jobs <= 1:
        for index, task in enumerate(tasks):
            if cancelled is not None and cancelled():
                break
            results[index] = run_task(task)
            done += 1
            if progress is not None:
                progress(done, len(tasks))
        return [r for r in results if r is not None]
    # spawn, not fork: the app's Qt threads must not be copied into the workers.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_start) as pool:
        futures: dict[Future[GameResult], int] = {pool.submit(run_task, t): i for i, t in enumerate(tasks)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                if future.cancelled():
                    continue
                results[futures[future]] = future.result()
                done += 1
                if progress is not None:
                    progress(done, len(tasks))
            if cancelled is not None and cancelled():
                pool.shutdown(wait=True, cancel_futures=True)  # the games under way finish
                for future in pending:
                    if future.done() and not future.cancelled():
                        results[futures[future]] = future.result()
                break
    return [r for r in results if r is not None]


def simulate_levels(levels: list[int], games: int, seed: int, vision: bool = False, *,
                    visions: tuple[bool, ...] | None = None, player: str = "search", jobs: int = 1,
                    progress: Progress | None = None) -> list[LevelReport]:
    """``games`` seeded games at each level (and each Vision of ``visions``, default only ``vision``),
    grouped into one report per level and Vision."""
    tasks = tasks_for(levels, games, seed, visions if visions is not None else (vision,), player)
    return group_results(run_tasks(tasks, jobs, progress))
