"""The rules tables in ``rules/``: character classes, abilities and objects, loaded once.

Numbers live in YAML (data over code); this module validates them and exposes typed records.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from solo.errors import DataError, Problem, shown
from solo.locations import RULES_DIR
from solo.records import record
from solo.yamlio import load_yaml_file

CLASS_IDS = (
    "cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath",
)
OBJECT_KINDS = ("key", "rope", "spear", "bow", "shield", "wand")


@record(frozen=True)
class Ability:
    id: str
    name: str
    cost: int
    rule: str


@record(frozen=True)
class CharacterClass:
    """A class's printed values (B-CHAR-1) and abilities."""

    id: str
    name: str
    movement: int
    combat: int
    abilities: frozenset[str]

    def has(self, ability: str) -> bool:
        return ability in self.abilities


@record(frozen=True)
class ObjectKind:
    id: str
    name: str
    cost: int
    single_use: bool
    magic: bool
    rule: str


@record(frozen=True)
class GameData:
    classes: dict[str, CharacterClass]
    abilities: dict[str, Ability]
    objects: dict[str, ObjectKind]
    giant_max_combat: int


def _int_field(
    problems: list[Problem], source: str, entry: str, record: dict[str, Any], key: str
) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        problems.append(Problem(source, f"{entry}.{key}", f"expected a whole number, got {shown(value)}"))
        return 0
    return value


def _str_field(
    problems: list[Problem], source: str, entry: str, record: dict[str, Any], key: str
) -> str:
    value = record.get(key)
    if not isinstance(value, str) or not value:
        problems.append(Problem(source, f"{entry}.{key}", f"expected text, got {shown(value)}"))
        return ""
    return value


def _mapping(problems: list[Problem], source: str, entry: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        problems.append(Problem(source, entry, "expected a mapping"))
        return {}
    return value


def load_game_data(rules_dir: Path = RULES_DIR) -> GameData:
    """Load and validate classes.yaml and objects.yaml; collect every problem before raising."""
    problems: list[Problem] = []
    classes_src = str(rules_dir / "classes.yaml")
    objects_src = str(rules_dir / "objects.yaml")
    raw_classes = _mapping(problems, classes_src, "", load_yaml_file(rules_dir / "classes.yaml"))
    raw_objects = _mapping(problems, objects_src, "", load_yaml_file(rules_dir / "objects.yaml"))

    abilities: dict[str, Ability] = {}
    for ab_id, rec in _mapping(problems, classes_src, "abilities", raw_classes.get("abilities")).items():
        entry = f"abilities.{ab_id}"
        rec = _mapping(problems, classes_src, entry, rec)
        abilities[ab_id] = Ability(
            ab_id,
            _str_field(problems, classes_src, entry, rec, "name"),
            _int_field(problems, classes_src, entry, rec, "cost"),
            _str_field(problems, classes_src, entry, rec, "rule"),
        )

    classes: dict[str, CharacterClass] = {}
    for cls_id, rec in _mapping(problems, classes_src, "classes", raw_classes.get("classes")).items():
        entry = f"classes.{cls_id}"
        rec = _mapping(problems, classes_src, entry, rec)
        ability_ids = rec.get("abilities", [])
        if not isinstance(ability_ids, list):
            problems.append(Problem(classes_src, f"{entry}.abilities", "expected a list"))
            ability_ids = []
        for ab in ability_ids:
            if ab not in abilities:
                problems.append(Problem(classes_src, f"{entry}.abilities", f"unknown ability {shown(ab)}"))
        classes[cls_id] = CharacterClass(
            cls_id,
            _str_field(problems, classes_src, entry, rec, "name"),
            _int_field(problems, classes_src, entry, rec, "movement"),
            _int_field(problems, classes_src, entry, rec, "combat"),
            frozenset(str(a) for a in ability_ids),
        )
    if set(classes) != set(CLASS_IDS):
        problems.append(Problem(classes_src, "classes", f"must define exactly {', '.join(CLASS_IDS)}"))

    objects: dict[str, ObjectKind] = {}
    for kind, rec in _mapping(problems, objects_src, "objects", raw_objects.get("objects")).items():
        entry = f"objects.{kind}"
        rec = _mapping(problems, objects_src, entry, rec)
        objects[kind] = ObjectKind(
            kind,
            _str_field(problems, objects_src, entry, rec, "name"),
            _int_field(problems, objects_src, entry, rec, "cost"),
            bool(rec.get("single_use", False)),
            bool(rec.get("magic", False)),
            _str_field(problems, objects_src, entry, rec, "rule"),
        )
    if set(objects) != set(OBJECT_KINDS):
        problems.append(Problem(objects_src, "objects", f"must define exactly {', '.join(OBJECT_KINDS)}"))

    giant = _int_field(problems, classes_src, "", raw_classes, "giant_max_combat")
    if problems:
        raise DataError(problems)
    return GameData(classes, abilities, objects, giant)


@cache
def game_data() -> GameData:
    """The bundled rules tables, loaded and validated once per process."""
    return load_game_data()
