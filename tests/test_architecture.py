"""The package's layers (docs/architecture.md): no module imports from a layer above its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solo"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("cli",),
    ("ui",),
    ("game",),
    ("automaton",),
    ("actions",),
    ("formats",),
    ("table",),
    ("content",),
    ("errors", "locations", "yamlio", "yaml_parse", "yaml_plain", "yaml_bundled", "pyyaml", "patterns",
     "messages", "glossary", "i18n", "collector", "records", "__init__"),
)
"""Top to bottom: a module may import from its own layer and from the layers below it."""

RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def layer_of(module: str) -> str:
    """The layer of a dotted module name under ``solo`` (its first component)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> str:
    """The dotted name of a file of the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every ``solo`` module a file imports, at any depth (function-level imports count too)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "solo":
                found.extend((node.lineno, f"solo.{alias.name}") for alias in node.names)
            elif node.module.startswith("solo."):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names if alias.name.startswith("solo."))
    return found


def upward_imports() -> list[str]:
    """Each import that reaches a higher layer, as ``file:line imports module``."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = RANK[layer_of(module_name(path))]
        for line, target in imported_modules(path):
            if RANK[layer_of(target)] < own:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    return offenders


def test_every_module_belongs_to_a_layer() -> None:
    unknown = sorted({layer_of(module_name(p)) for p in PACKAGE.rglob("*.py")} - set(RANK))
    assert unknown == [], f"add these to LAYERS and docs/architecture.md: {unknown}"


def test_no_module_imports_from_a_layer_above() -> None:
    assert upward_imports() == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The check itself can fail: a table module importing the automaton is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f() -> None:\n    from solo.automaton.turn import np_turn\n")
    assert imported_modules(bad) == [(2, "solo.automaton.turn")]
    assert RANK[layer_of("solo.automaton.turn")] < RANK[layer_of("solo.table.search")]


@pytest.mark.parametrize("folder", [name for names in LAYERS[:-1] for name in names])
def test_tests_mirror_the_package(folder: str) -> None:
    """Each layer's package has a test folder of the same name."""
    assert (PACKAGE / folder).is_dir()
    assert (ROOT / "tests" / folder).is_dir()
