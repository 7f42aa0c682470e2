"""The catalogue tool (tools/update_catalogues.py) loaded as a module, for the i18n tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def catalogue_tool() -> ModuleType:
    """tools/update_catalogues.py, imported from its file (tools/ is not a package)."""
    path = ROOT / "tools" / "update_catalogues.py"
    spec = importlib.util.spec_from_file_location("update_catalogues", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
