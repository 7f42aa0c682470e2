"""Shared test configuration: tests import ``builders`` from this folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Tests never read the real player's folder: point it at an empty place.
os.environ.setdefault("DT_SOLO_USER_DIR", str(Path(__file__).parent / "_no_user_dir"))
