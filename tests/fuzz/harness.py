"""A seeded fuzzer for every file format (issue 15): mutate a good file, feed it to the public loaders
and to the commands that consume it (in process, through ``solo.cli.parser.main``), and sort what
happens into accepted, a clean message, or a finding (a traceback, a hang, a crash, a huge message).

The mutations: character flips, truncation, deleted and repeated spans, wrong types, huge values,
unknown and missing keys, values swapped between entries (a semantically bad table), and alias bombs.
Used briefly by ``tests/fuzz/test_fuzz.py`` and at length by ``benchmarks/fuzz.py --count N``.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import os
import random
import signal
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from solo.cli.parser import main
from solo.content.npccard import load_card
from solo.content.rooms import parse_room_text
from solo.errors import DataError
from solo.formats.position_io import load_position
from solo.game.saves import checkpoint, load_game, save_game
from solo.game.setup import new_game

ROOT = Path(__file__).resolve().parents[2]
REGRESSIONS = Path(__file__).resolve().parent / "regressions"
FORMATS = ("position", "room", "card", "game")
HUGE_OUTPUT = 1_000_000
"""A command printing more than this many characters for one file is a finding (a message too big)."""
PLAY_ACTIONS = (["np-turn"], ["end-turn"], ["undo"], ["card", "3"])


class Hang(BaseException):
    """Raised by the alarm when one command runs past its time (BaseException: nothing swallows it)."""


@dataclass(frozen=True)
class Outcome:
    """What one consumer did with one file."""

    consumer: str
    kind: str
    """``accepted``, ``message`` (a clean refusal), or a finding: ``traceback``, ``hang``, ``crash``,
    ``huge-output``, ``silent`` (refused with nothing said)."""
    detail: str = ""

    @property
    def finding(self) -> bool:
        return self.kind not in ("accepted", "message")


# -- the good files ----------------------------------------------------------------------------------
def _game_text() -> str:
    """A game a few steps in, with its undo history (every section of the format filled)."""
    from solo.game.simulate import play_game

    _, game = play_game(2, 11)
    for _ in range(3):
        checkpoint(game)
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"dt-solo-fuzz-seed-{os.getpid()}.yaml"
    save_game(game, path)
    text = path.read_text(encoding="utf-8")
    path.unlink()
    return text


def seed_texts() -> dict[str, list[str]]:
    """The good files each format's mutants start from."""
    fresh = new_game(3, seed=5)
    checkpoint(fresh)
    folder = Path(os.environ.get("TMPDIR", "/tmp"))
    fresh_path = folder / f"dt-solo-fuzz-fresh-{os.getpid()}.yaml"
    save_game(fresh, fresh_path)
    fresh_text = fresh_path.read_text(encoding="utf-8")
    fresh_path.unlink()
    return {
        "position": [(ROOT / "rules/positions/demo.yaml").read_text(encoding="utf-8")],
        "room": [(ROOT / "rules/rooms/demo-1a.yaml").read_text(encoding="utf-8")],
        "card": [(ROOT / "npc_cards/demo/nolock.yaml").read_text(encoding="utf-8")],
        "game": [(ROOT / "rules/games/demo.yaml").read_text(encoding="utf-8"), fresh_text, _game_text()],
    }


# -- mutations ---------------------------------------------------------------------------------------
ODD_CHARS = "\x00\x07\t\n\r\x1b\x85\u2028\ufeff:-[]{}&*!|>'\"%@`#,? é€😀"


def bomb_value(levels: int = 9, width: int = 9) -> str:
    """An inline "billion laughs" flow list: each level repeats the one before ``width`` times."""
    parts = [f"&b0 [{', '.join(['lol'] * width)}]"]
    parts += [f"&b{n} [{', '.join([f'*b{n - 1}'] * width)}]" for n in range(1, levels + 1)]
    return f"[{', '.join(parts)}]"


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _wrong_value(rng: random.Random, old: Any) -> Any:
    choices: list[Any] = [
        None, True, 0, -1, 7, 2**31, 10**30, 1.5, float("nan"), "", "x", "c4", "npc:x", "+9", "x" * 300,
        [], [None], {}, {"x": 1}, {None: 1}, {1: 2}, [[[]]], "2001-01-01", "z" * 20_000,
        list(range(3000)), [old, old], {"k": old},
    ]
    return rng.choice(choices)


def _data_mutation(rng: random.Random, data: Any) -> tuple[Any, str]:
    paths = _paths(data)
    path = rng.choice(paths)
    how = rng.choice(("wrong", "wrong", "unknown-key", "delete", "swap", "deep", "bomb"))
    target = _get(data, path)
    if how == "unknown-key" and isinstance(target, dict):
        target[rng.choice(("extra", "x" * 80, 12, "id", "cards"))] = _wrong_value(rng, None)
    elif how == "delete" and path and isinstance(_get(data, path[:-1]), dict | list):
        parent = _get(data, path[:-1])
        del parent[path[-1]]
    elif how == "swap":
        other = rng.choice(paths)
        if other and path and not _is_prefix(path, other) and not _is_prefix(other, path):
            a, b = copy.deepcopy(_get(data, path)), copy.deepcopy(_get(data, other))
            data = _set(data, path, b)
            data = _set(data, other, a)
    elif how == "deep":
        nested: Any = "x"
        for _ in range(rng.choice((30, 45, 200))):
            nested = [nested]
        data = _set(data, path, nested)
    elif how == "bomb":
        data = _set(data, path, "__BOMB__")
    else:
        data = _set(data, path, _wrong_value(rng, target))
    return data, f"data:{how}"


def _is_prefix(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return b[: len(a)] == a


def _text_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    how = rng.choice(("flip", "flip", "truncate", "delete", "repeat", "line-swap", "bomb-top"))
    n = len(text)
    if how == "flip":
        chars = list(text)
        for _ in range(rng.randint(1, 8)):
            chars[rng.randrange(n)] = rng.choice(ODD_CHARS + "abcxyz0123456789 ")
        return "".join(chars), "text:flip"
    if how == "truncate":
        cut = rng.randrange(n)
        return text[:cut], "text:truncate"
    if how == "delete":
        start = rng.randrange(n)
        return text[:start] + text[start + rng.randint(1, 200):], "text:delete"
    if how == "repeat":
        start = rng.randrange(n)
        span = text[start:start + rng.randint(1, 400)]
        return text[:start] + span * rng.randint(2, 50) + text[start:], "text:repeat"
    lines = text.split("\n")
    if how == "line-swap" and len(lines) > 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines), "text:line-swap"
    return f"bomb: {bomb_value(rng.randint(5, 12))}\n{text}", "text:bomb-top"


def mutate(rng: random.Random, fmt: str, text: str) -> tuple[str, str]:
    """One mutant of a good file: a text mutation, or a data mutation written back as YAML."""
    if rng.random() < 0.45:
        return _text_mutation(rng, text)
    data = yaml.safe_load(text)
    data, how = _data_mutation(rng, data)
    if fmt == "game" and isinstance(data, dict) and rng.random() < 0.9:
        data.pop("end", None)
        data["end"] = True  # keep the end marker last, or nearly every mutant stops at it
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)
    if fmt == "game" and body.endswith("end: true\n") and not body.endswith("\nend: true\n"):
        body = body.replace("end: true\n", "\nend: true\n")
    return body.replace("__BOMB__", bomb_value(rng.randint(5, 12))), how


# -- running the consumers ------------------------------------------------------------------------
@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise Hang()

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _last_frame(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__} at {where}: {str(exc)[:300]}"


def _guard(consumer: str, call: Callable[[], Any], timeout: float) -> Outcome:
    """Run one consumer; a DataError is a clean message, anything else escaping is a finding."""
    try:
        with _time_limit(timeout):
            call()
    except DataError as exc:
        text = str(exc)
        if len(text) > HUGE_OUTPUT:
            return Outcome(consumer, "huge-output", f"{len(text):,} characters")
        return Outcome(consumer, "message", text[:200])
    except Hang:
        return Outcome(consumer, "hang", f"past {timeout} s")
    except (MemoryError, RecursionError) as exc:
        return Outcome(consumer, "crash", _last_frame(exc))
    except Exception as exc:
        return Outcome(consumer, "traceback", _last_frame(exc))
    return Outcome(consumer, "accepted")


def run_command(argv: list[str], timeout: float) -> Outcome:
    """``dt-solo ARGV`` in process: its exit code and output, or the finding that escaped it."""
    out, err = io.StringIO(), io.StringIO()
    code: Any = None

    def call() -> None:
        nonlocal code
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:  # argparse refusing an argument
                code = exit_.code
    consumer = " ".join(argv[:1] + argv[2:3])
    outcome = _guard(consumer, call, timeout)
    if outcome.kind != "accepted":
        return outcome
    said = out.getvalue() + err.getvalue()
    if "Traceback" in said:
        return Outcome(consumer, "traceback", said[-300:])
    if len(said) > HUGE_OUTPUT:
        return Outcome(consumer, "huge-output", f"{len(said):,} characters")
    if code not in (0, None) and not said.strip():
        return Outcome(consumer, "silent", f"exit {code} with nothing said")
    return Outcome(consumer, "accepted" if code in (0, None) else "message", err.getvalue()[:200])


def run_mutant(fmt: str, text: str, work: Path, rng: random.Random | None = None,
               timeout: float = 20.0) -> list[Outcome]:
    """Feed one file of format ``fmt`` to its loader and the commands that read it. ``work`` is an
    empty folder (it also serves as the player's folder); ``rng`` picks one play step (None: all)."""
    user = work / "user"
    os.environ["DT_SOLO_USER_DIR"] = str(user)
    demo = str(ROOT / "rules/positions/demo.yaml")
    outcomes = []
    if fmt == "position":
        path = work / "pos.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        outcomes.append(_guard("load_position", lambda: load_position(path), timeout))
        for argv in (["check", str(path)], ["show", str(path)], ["explain", str(path), "--npc", "nolock"],
                     ["paths", str(path), "--from", "c7", "--json"]):
            outcomes.append(run_command(argv, timeout))
    elif fmt == "room":
        path = user / "rooms" / "demo-1a.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        outcomes.append(_guard("parse_room_text", lambda: parse_room_text(text, str(path)), timeout))
        outcomes.append(run_command(["rooms"], timeout))
        outcomes.append(run_command(["check", demo], timeout))
    elif fmt == "card":
        path = user / "npc_cards" / "nolock.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        outcomes.append(_guard("load_card", lambda: load_card(path), timeout))
        outcomes.append(run_command(["check", demo], timeout))
        outcomes.append(run_command(["explain", demo, "--npc", "nolock"], timeout))
    elif fmt == "game":
        path = work / "game.yaml"
        outcomes.append(_guard("load_game", lambda: _load_text_game(path, text), timeout))
        actions = [rng.choice(PLAY_ACTIONS)] if rng is not None else list(PLAY_ACTIONS)
        for action in actions:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            outcomes.append(run_command(["play", str(path), *action], timeout))
        outcomes.append(run_command(["status", str(path)], timeout))
        if outcomes[-2].kind == "accepted":  # the step was saved: the file must still read
            outcomes.append(_guard("load_game after play", lambda: load_game(path), timeout))
    else:
        raise ValueError(f"unknown format {fmt!r}")
    return outcomes


def _load_text_game(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    load_game(path)


def keep_regression(fmt: str, text: str) -> Path:
    """Save a mutant that found something as a regression case (kept forever in the project)."""
    REGRESSIONS.mkdir(exist_ok=True)
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    path = REGRESSIONS / f"{fmt}-{digest}.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def regression_cases() -> list[tuple[str, Path]]:
    """Every kept finding, with its format (the file name's prefix)."""
    if not REGRESSIONS.is_dir():
        return []
    return [(p.name.split("-")[0], p) for p in sorted(REGRESSIONS.glob("*.yaml"))]
