"""A player's own box in a folder: the demo's rooms and cards copied under new ids (issue 11)."""

from __future__ import annotations

from pathlib import Path

import yaml

from solo.locations import NPC_CARDS_DIR, RULES_DIR

ROOM_IDS = {f"demo-{n}{s}": f"crypt-{n}{s}" for n in range(1, 5) for s in "ab"}


def own_card_id(demo_id: str) -> str:
    return f"my-{demo_id}"


def write_room(folder: Path, demo_id: str, new_id: str, **changes: object) -> Path:
    """Copy a demo room under a new id (and any field changed), as the room editor would save it."""
    data = yaml.safe_load((RULES_DIR / "rooms" / f"{demo_id}.yaml").read_text(encoding="utf-8"))
    data.update(id=new_id, **changes)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{new_id}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def write_card(folder: Path, demo_id: str, new_id: str, **changes: object) -> Path:
    """Copy a demo card under a new id, as the card editor would save it."""
    data = yaml.safe_load((NPC_CARDS_DIR / "demo" / f"{demo_id}.yaml").read_text(encoding="utf-8"))
    data.update(id=new_id, source="entered", completed=[], **changes)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{new_id}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def demo_card_ids() -> list[str]:
    return sorted(p.stem for p in (NPC_CARDS_DIR / "demo").glob("*.yaml"))


def write_whole_box(user: Path) -> None:
    """8 rooms and 32 cards of the player's, none under a demo id."""
    for demo_id, new_id in ROOM_IDS.items():
        write_room(user / "rooms", demo_id, new_id)
    for demo_id in demo_card_ids():
        write_card(user / "npc_cards", demo_id, own_card_id(demo_id))
