"""Write ``solo/bundled_yaml.marshal``: the value of each bundled YAML file the program reads at every
start (the NPC cards, the rooms, the rules tables) and of the demo table's position, as the parser gives
it, by the file's text (``solo.yaml_bundled``). Run it after changing one of those files; ``--check``
only says whether the written values are current (exit status 1 if not; the tests run it).

Usage: ``python tools/update_bundled_yaml.py [--check]``.
"""

from __future__ import annotations

import argparse
import marshal
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.errors import DataError  # noqa: E402 - after the repository root is on the path
from solo.yaml_bundled import BUNDLED_FILE, written_table  # noqa: E402
from solo.yamlio import BUNDLED_LIMITS, Limits, parse_yaml_text, read_text  # noqa: E402

SKIPPED = {"reference.yaml"}
"""Read only by the reference pages, not at a command's start (and the largest by far)."""


def bundled_files() -> list[tuple[Path, str, Limits]]:
    """Each bundled file read at a start, with its limits' name and its limits."""
    folders = [(ROOT / "npc_cards", "card"), (ROOT / "npc_cards" / "demo", "card"),
               (ROOT / "rules" / "rooms", "room"), (ROOT / "rules", "table"),
               (ROOT / "rules" / "positions", "position")]
    return [(path, name, BUNDLED_LIMITS[name]) for folder, name in folders
            for path in sorted(folder.glob("*.yaml")) if path.name not in SKIPPED]


def values() -> dict[str, tuple[str, Any]]:
    """Each bundled file's text with its limits' name and its parsed value (a file the parser refuses,
    or whose value ``marshal`` cannot hold, is left out: it is parsed, and refused, as before)."""
    table: dict[str, tuple[str, Any]] = {}
    for path, name, limits in bundled_files():
        text = read_text(path, limits)
        try:
            value = parse_yaml_text(text, str(path), limits)
            marshal.dumps(value)
        except (DataError, ValueError):
            continue
        table[text] = (name, value)
    return table


def written() -> dict[str, tuple[str, Any]]:
    """What ``bundled_yaml.marshal`` holds now, its values read back (empty without the file)."""
    return {text: (name, marshal.loads(blob)) for text, (name, blob) in written_table().items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the file is current")
    args = parser.parse_args(argv)
    fresh = values()
    if args.check:
        current = written() == fresh
        said = "current" if current else "NOT current: run tools/update_bundled_yaml.py"
        print(f"{BUNDLED_FILE.name}: {said}")
        return 0 if current else 1
    BUNDLED_FILE.write_bytes(marshal.dumps({text: (name, marshal.dumps(value))
                                            for text, (name, value) in fresh.items()}))
    print(f"{BUNDLED_FILE.name}: {len(fresh)} files written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
