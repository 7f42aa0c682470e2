"""The fuzz harness in CI (issue 15): a brief seeded run over every format, every kept finding replayed,
and proof that the harness does see a traceback, a hang and a silent refusal. The long run is
``python benchmarks/fuzz.py --count 10000`` (or this file's slow test with DT_SOLO_FUZZ_COUNT)."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import (
    FORMATS,
    Outcome,
    bomb_value,
    mutate,
    regression_cases,
    run_command,
    run_mutant,
    seed_texts,
)

BRIEF = int(os.environ.get("DT_SOLO_FUZZ_BRIEF", "25"))
"""Mutants per format in the default suite (a few seconds each format)."""


@pytest.fixture(scope="module")
def seeds() -> dict[str, list[str]]:
    return seed_texts()


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path / "user"))  # restored after the test
    return tmp_path


def findings(outcomes: list[Outcome]) -> list[str]:
    return [f"{o.consumer}: {o.kind}: {o.detail}" for o in outcomes if o.finding]


def fuzz(fmt: str, count: int, seed: int, seeds: dict[str, list[str]], work: Path) -> tuple[list[str], int]:
    rng = random.Random(seed)
    found: list[str] = []
    accepted = 0
    for number in range(count):
        text, how = mutate(rng, fmt, rng.choice(seeds[fmt]))
        folder = work / str(number)
        folder.mkdir(parents=True)
        outcomes = run_mutant(fmt, text, folder, rng, timeout=20)
        found += [f"#{number} ({how}) {f}" for f in findings(outcomes)]
        accepted += outcomes[0].kind == "accepted"
    return found, accepted


@pytest.mark.parametrize("fmt", FORMATS)
def test_brief_fuzz_finds_nothing(fmt: str, seeds: dict[str, list[str]], work: Path) -> None:
    found, accepted = fuzz(fmt, BRIEF, seed=FORMATS.index(fmt) + 100, seeds=seeds, work=work)
    assert found == []
    assert accepted < BRIEF, "the mutants must break something"


@pytest.mark.slow
@pytest.mark.skipif("DT_SOLO_FUZZ_COUNT" not in os.environ, reason="on demand: DT_SOLO_FUZZ_COUNT=N")
def test_long_fuzz_finds_nothing(seeds: dict[str, list[str]], work: Path) -> None:
    count = int(os.environ.get("DT_SOLO_FUZZ_COUNT", "400"))
    found = []
    for fmt in FORMATS:
        found += fuzz(fmt, count // len(FORMATS), seed=int(os.environ.get("DT_SOLO_FUZZ_SEED", "1")),
                      seeds=seeds, work=work / fmt)[0]
    assert found == []


@pytest.mark.parametrize(("fmt", "path"), regression_cases(), ids=lambda v: getattr(v, "name", v))
def test_every_kept_finding_stays_fixed(fmt: str, path: Path, work: Path) -> None:
    text = path.read_bytes().decode("utf-8", "surrogatepass")
    outcomes = run_mutant(fmt, text, work, rng=None, timeout=20)
    assert findings(outcomes) == []
    assert any(o.kind == "message" for o in outcomes), "each kept case is a bad file: something refuses it"


def test_the_kept_findings_cover_every_format() -> None:
    assert {fmt for fmt, _ in regression_cases()} == set(FORMATS)


# -- the harness can fail -----------------------------------------------------------------------------
def test_the_harness_reports_a_traceback(work: Path, seeds: dict[str, list[str]],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("planted")

    monkeypatch.setattr("solo.cli.parser.load_position", broken)
    outcomes = run_mutant("position", seeds["position"][0], work)
    assert [o.kind for o in outcomes if o.consumer == "check"] == ["traceback"]
    assert "KeyError" in next(o.detail for o in outcomes if o.consumer == "check")


def test_the_harness_reports_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    def forever(argv: object) -> int:
        while True:
            pass

    monkeypatch.setattr("harness.main", forever)
    assert run_command(["check", "x"], timeout=0.2).kind == "hang"


def test_the_harness_reports_a_silent_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("harness.main", lambda argv: 1)
    assert run_command(["check", "x"], timeout=5).kind == "silent"


def test_mutants_include_alias_bombs_and_huge_values(seeds: dict[str, list[str]]) -> None:
    rng = random.Random(3)
    texts = [mutate(rng, "position", seeds["position"][0])[0] for _ in range(300)]
    assert any(bomb_value(5)[:20] in t for t in texts)
    assert any("z" * 20_000 in t for t in texts)
    assert sum(t != seeds["position"][0] for t in texts) > 280


@pytest.mark.parametrize("fmt", FORMATS)
def test_libyaml_and_pyyaml_agree_on_mutants(fmt: str, seeds: dict[str, list[str]]) -> None:
    """Issue 15 item 2: the C parser (the default) and PyYAML's own give the same data or message."""
    from solo.errors import DataError
    from solo.yamlio import GAME_LIMITS, POSITION_LIMITS, load_yaml_text

    limits = GAME_LIMITS if fmt == "game" else POSITION_LIMITS
    rng = random.Random(FORMATS.index(fmt))

    def outcome(text: str, pure: bool) -> object:
        try:
            return load_yaml_text(text, "f", limits, pure=pure)
        except DataError as exc:
            return [str(p) for p in exc.problems]

    count = 12 if fmt == "game" else 100
    for _ in range(count):
        text, how = mutate(rng, fmt, rng.choice(seeds[fmt]))
        fast, pure = outcome(text, False), outcome(text, True)
        assert repr(fast) == repr(pure), how  # repr: NaN is never equal to itself
