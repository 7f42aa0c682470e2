"""The command line's start (issue 16 item 6): the dataclasses' generated methods come from a cache
kept between runs, and the classes made with it behave exactly as without it."""

from __future__ import annotations

import dataclasses
import inspect
import marshal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solo.cli.start import HEADER, generated_code_cached


def _classes() -> tuple[type[Any], type[Any]]:
    @dataclasses.dataclass(frozen=True)
    class Token:
        kind: str
        at: int = 3
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(order=True)
    class Step:
        ap: int
        squares: list[int] = dataclasses.field(default_factory=list)

    return Token, Step


def _behaviour(token: type[Any], step: type[Any]) -> list[object]:
    """What the generated methods do, compared with and without the cache."""
    a, b = token("key"), token("key", 3, ())
    frozen = ""
    try:
        a.kind = "rope"
    except dataclasses.FrozenInstanceError as exc:
        frozen = str(exc)
    return [repr(a), a == b, hash(a) == hash(b), a == token("rope"), frozen,
            str(inspect.signature(token)), str(inspect.signature(step)),
            inspect.get_annotations(token.__init__), step(1) < step(2), step(2, [1]) == step(2, [1]),
            repr(step(4)), step(1).squares is not step(1).squares]


@pytest.fixture(autouse=True)
def byte_code_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as an installed command runs


def test_the_classes_made_from_the_cache_behave_as_without_it(tmp_path: Path) -> None:
    expected = _behaviour(*_classes())
    path = tmp_path / "generated.marshal"
    with generated_code_cached(path) as cache:
        first = _behaviour(*_classes())
    assert cache.codes and path.is_file()  # compiled, then written
    with generated_code_cached(path) as cache:
        again = _behaviour(*_classes())
    assert cache.added == 0  # every method came from the file: nothing compiled
    assert first == again == expected
    assert "exec" not in vars(dataclasses)  # the builtin again once the start is over


def test_a_broken_or_foreign_cache_is_ignored_and_written_again(tmp_path: Path) -> None:
    path = tmp_path / "generated.marshal"
    for content in (b"", b"\x00garbage", marshal.dumps(("another interpreter", {"x": 1})), marshal.dumps(3)):
        path.write_bytes(content)
        with generated_code_cached(path) as cache:
            assert _behaviour(*_classes()) == _behaviour(*_classes())
            assert cache.added > 0  # the file's content was not taken for code
        header, codes = marshal.loads(path.read_bytes())
        assert header == HEADER and codes


def test_nothing_is_written_where_byte_code_would_not_be(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "generated.marshal"
    with generated_code_cached(path):
        _classes()
    assert not path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    not_a_folder = tmp_path / "a-file"  # where nothing can be written, even by root
    not_a_folder.write_text("")
    with generated_code_cached(not_a_folder / "sub" / "generated.marshal") as cache:
        assert _behaviour(*_classes()) == _behaviour(*_classes())  # cannot be written: runs on
    assert cache.added > 0 and not_a_folder.read_text() == ""


def test_the_command_reads_the_cache_the_first_run_wrote(tmp_path: Path) -> None:
    # Two processes: the second compiles none of the dataclasses' methods its command loads.
    probe = ("import sys, solo.cli.start as start\n"
             "from pathlib import Path\n"
             f"start.cache_path = lambda: Path({str(tmp_path / 'generated.marshal')!r})\n"
             "seen = []\n"
             "original = start.GeneratedCode.save\n"
             "start.GeneratedCode.save = lambda self: seen.append(self.added) or original(self)\n"
             "sys.argv = ['dt-solo', 'check', 'rules/positions/demo.yaml']\n"
             "status = start.main()\n"
             "print(status, seen)\n")
    root = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root), "LANG": "C.UTF-8"}
    runs = [subprocess.run([sys.executable, "-c", probe], cwd=root, env=env, capture_output=True, text=True,
                           check=True).stdout.splitlines()[-1].split(maxsplit=1) for _ in range(2)]
    assert runs[0][0] == runs[1][0] == "0"
    assert runs[0][1] != "[0]" and runs[1][1] == "[0]"


def test_past_its_limit_the_cache_keeps_only_what_the_last_run_used(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import solo.cli.start as start

    path = tmp_path / "generated.marshal"
    stale = {f"x = {n}": compile(f"x = {n}", "<string>", "exec") for n in range(5)}
    path.write_bytes(marshal.dumps((HEADER, stale)))
    monkeypatch.setattr(start, "KEPT", 1_000)
    with generated_code_cached(path):
        _classes()
    assert set(stale) < set(marshal.loads(path.read_bytes())[1])  # under the limit: all kept
    monkeypatch.setattr(start, "KEPT", 5)
    path.write_bytes(marshal.dumps((HEADER, stale)))
    with generated_code_cached(path) as cache:
        _classes()
    kept = marshal.loads(path.read_bytes())[1]
    assert set(kept) == cache.used and not set(stale) & set(kept)
