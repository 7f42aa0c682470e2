"""The desktop companion (PySide6): it draws the engine's game and calls the engine; no rules here."""

from solo.ui import _immortal  # noqa: F401 - must run before the first Qt call (PySide6 6.12 bug)
