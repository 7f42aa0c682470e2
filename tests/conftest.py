"""Shared test configuration: tests import ``builders`` from this folder."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
pytest_plugins = ["collector_checks"]  # the fixtures collector_on and collector_off, shared
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Tests never read the real player's folder: point it at an empty place.
os.environ.setdefault("DT_SOLO_USER_DIR", str(Path(__file__).parent / "_no_user_dir"))
# Nor the player's app settings (window layout, language, last game): Qt keeps them under
# XDG_CONFIG_HOME, so a test that forgets to pass its own store writes to a throw-away folder.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="dt-solo-test-config-")
