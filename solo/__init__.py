"""dt-solo: a rules engine and desktop companion for Dungeon Twister Prison's solo mode."""

__version__ = "0.1.0"
