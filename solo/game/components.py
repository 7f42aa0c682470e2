"""The solo game's component data: combat decks and difficulty icons (``rules/``), validated once."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from solo.content.texts import Texts, read_texts
from solo.errors import DataError, Problem, shown
from solo.locations import RULES_DIR
from solo.records import record
from solo.yamlio import load_yaml_file

LEVEL_COLOURS = {1: "pink", 6: "black"}
"""S-SETUP-1: the easiest level is pink, the hardest black; the four between are not named."""


@record(frozen=True)
class Icons:
    """Which cards bear one icon (a difficulty level's, or the Vision's), S-REINF-2, S-VISION-2."""

    name: str
    source: str
    npc_combat: frozenset[str]
    player_combat: frozenset[str]
    player_actions: frozenset[int]
    player_jumps: bool
    names: Texts | None = None
    """The level's name in each language (``name: {en: pink, fr: rose}``); None: ``name`` in all."""

    def name_in(self, language: str) -> str:
        """The level's name in ``language`` (its one name when it is not translated)."""
        return self.names.get(language) if self.names is not None else self.name

    def on_combat(self, side: str, card: str) -> bool:
        return card in (self.npc_combat if side == "npc" else self.player_combat)


@record(frozen=True)
class Components:
    player_deck: tuple[str, ...]
    npc_deck: tuple[str, ...]
    levels: dict[int, Icons]
    vision: Icons


def _cards(data: Any, source: str, entry: str, problems: list[Problem]) -> tuple[str, ...]:
    if (
        not isinstance(data, list)
        or not data
        or not all(isinstance(c, str) and c.startswith("+") for c in data)
    ):
        problems.append(Problem(source, entry, f'expected a list of combat values like "+3", got'
                                               f' {shown(data)}'))
        return ()
    if "+0" not in data:
        problems.append(Problem(source, entry, "a deck needs its +0 card (B-CARD-4)"))
    return tuple(data)


def _icons(data: Any, source: str, entry: str, problems: list[Problem]) -> Icons:
    if not isinstance(data, dict):
        problems.append(Problem(source, entry, f"expected a mapping, got {shown(data)}"))
        return Icons(entry, "custom", frozenset(), frozenset(), frozenset(), False)
    known = {"name", "source", "npc_combat", "player_combat", "player_actions", "player_jumps"}
    for key in data:
        if key not in known:
            problems.append(Problem(source, f"{entry}.{key}", "unknown key"))
    combat: dict[str, frozenset[str]] = {}
    for key in ("npc_combat", "player_combat"):
        values = data.get(key, [])
        if not isinstance(values, list) or not all(isinstance(v, str) and v.startswith("+") for v in values):
            problems.append(
                Problem(source, f"{entry}.{key}", f'expected combat values like "+0", got {shown(values)}')
            )
            values = []
        combat[key] = frozenset(values)
    actions = data.get("player_actions", [])
    if not isinstance(actions, list) or not all(a in (2, 3, 4, 5) for a in actions):
        problems.append(
            Problem(source, f"{entry}.player_actions", f"expected Action values 2-5, got {shown(actions)}")
        )
        actions = []
    jumps = data.get("player_jumps", False)
    if not isinstance(jumps, bool):
        problems.append(Problem(source, f"{entry}.player_jumps", f"expected true or false, got"
                                                                 f" {shown(jumps)}"))
        jumps = False
    name, names = _level_name(data.get("name", entry), source, f"{entry}.name", problems)
    return Icons(
        name,
        str(data.get("source", "custom")),
        combat["npc_combat"],
        combat["player_combat"],
        frozenset(int(a) for a in actions),
        jumps,
        names,
    )


def _level_name(value: Any, source: str, entry: str, problems: list[Problem]) -> tuple[str, Texts | None]:
    """A level's ``name``: a text, or ``{en: …, fr: …}`` with every language (AMB-ROOM-NAMES)."""
    if not isinstance(value, dict):
        return str(value), None
    texts, wrong = read_texts(value, plain_allowed=False)
    problems.extend(Problem(source, entry, w) for w in wrong)
    return (texts.english, texts) if texts is not None else ("?", None)


def load_components(rules_dir: Path = RULES_DIR) -> Components:
    """Read ``combat_cards.yaml`` and ``difficulty.yaml``; every problem is reported at once."""
    problems: list[Problem] = []
    cards_path, levels_path = rules_dir / "combat_cards.yaml", rules_dir / "difficulty.yaml"
    cards = load_yaml_file(cards_path)
    levels_data = load_yaml_file(levels_path)
    if not isinstance(cards, dict):
        raise DataError([Problem(str(cards_path), "", "expected a mapping")])
    if not isinstance(levels_data, dict):
        raise DataError([Problem(str(levels_path), "", "expected a mapping")])
    player = _cards(cards.get("player"), str(cards_path), "player", problems)
    npc = _cards(cards.get("npc"), str(cards_path), "npc", problems)
    raw_levels = levels_data.get("levels")
    levels: dict[int, Icons] = {}
    if not isinstance(raw_levels, dict) or sorted(raw_levels) != [1, 2, 3, 4, 5, 6]:
        problems.append(Problem(str(levels_path), "levels", "expected the six levels 1 to 6 (S-SETUP-1)"))
    else:
        for level, data in raw_levels.items():
            levels[level] = _icons(data, str(levels_path), f"levels.{level}", problems)
    vision = _icons(levels_data.get("vision", {}), str(levels_path), "vision", problems)
    if problems:
        raise DataError(problems)
    return Components(player, npc, levels, vision)


@cache
def components() -> Components:
    """The bundled component data, read once."""
    return load_components()
