"""The bundled YAML files' values written beforehand (``solo.yaml_bundled``, issue 16 item 6): current,
the parser's own values, a new copy at each read, and only for a bundled text read with its limits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solo import yaml_bundled, yamlio
from solo.locations import NPC_CARDS_DIR, PROJECT_ROOT, RULES_DIR
from solo.yamlio import (
    CARD_LIMITS,
    POSITION_LIMITS,
    ROOM_LIMITS,
    TABLE_LIMITS,
    load_yaml_text,
    parse_yaml_text,
)

NOLOCK = (NPC_CARDS_DIR / "demo" / "nolock.yaml").read_text(encoding="utf-8")


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sources parsed from now on (not answered from the written values)."""
    parsed: list[str] = []

    def parse(text: str, source: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(source)
        return parse_yaml_text(text, source, *args, **kwargs)

    monkeypatch.setattr(yamlio, "parse_yaml_text", parse)
    return parsed


def test_the_written_values_are_current() -> None:
    done = subprocess.run([sys.executable, str(PROJECT_ROOT / "tools" / "update_bundled_yaml.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


FOLDERS = [(NPC_CARDS_DIR / "demo", CARD_LIMITS), (NPC_CARDS_DIR, CARD_LIMITS),
           (RULES_DIR / "rooms", ROOM_LIMITS)]


@pytest.mark.parametrize(("folder", "limits"), FOLDERS)
def test_each_bundled_file_reads_as_the_parser_reads_it_without_parsing(
        folder: Path, limits: yamlio.Limits, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _counted(monkeypatch)
    paths = sorted(folder.glob("*.yaml"))
    assert len(paths) >= 8
    for path in paths:
        text = path.read_text(encoding="utf-8")
        first = load_yaml_text(text, str(path), limits)
        assert first == parse_yaml_text(text, str(path), limits) and isinstance(first, dict)
        first["id"] = "changed"  # a reader's change stays its own: the next read is a new copy
        first.clear()
        assert load_yaml_text(text, str(path), limits) == parse_yaml_text(text, str(path), limits)
    assert parsed == []
    for name in ("classes.yaml", "objects.yaml", "rotation_die.yaml"):
        yamlio.load_yaml_file(RULES_DIR / name)
    assert parsed == []


def test_another_text_other_limits_or_the_pure_parser_are_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _counted(monkeypatch)
    edited = NOLOCK.replace('name: "Nolock"', 'name: "Nolocke"')
    assert edited != NOLOCK
    assert load_yaml_text(edited, "edited", CARD_LIMITS)["name"] == "Nolocke"
    assert load_yaml_text(NOLOCK, "other limits", TABLE_LIMITS)["name"] == "Nolock"
    assert load_yaml_text(NOLOCK, "a position's", POSITION_LIMITS)["name"] == "Nolock"
    assert load_yaml_text(NOLOCK, "pure", CARD_LIMITS, pure=True)["name"] == "Nolock"
    assert parsed == ["edited", "other limits", "a position's", "pure"]
    assert load_yaml_text(NOLOCK, "bundled", CARD_LIMITS)["name"] == "Nolock"
    assert parsed == ["edited", "other limits", "a position's", "pure"]


def test_without_the_written_file_all_is_parsed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    parsed = _counted(monkeypatch)
    monkeypatch.setattr(yaml_bundled, "BUNDLED_FILE", tmp_path / "missing.marshal")
    yaml_bundled.written_table.cache_clear()
    try:
        assert load_yaml_text(NOLOCK, "bundled", CARD_LIMITS)["id"] == "nolock"
        assert parsed == ["bundled"]
    finally:
        monkeypatch.undo()
        yaml_bundled.written_table.cache_clear()
