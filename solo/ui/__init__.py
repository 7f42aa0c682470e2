"""The desktop companion (PySide6): it draws the engine's game and calls the engine; no rules here."""
