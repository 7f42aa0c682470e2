"""An NPC's priority ranks, each found once (``solo.table.carrying.Ranks``, issue 16): the positions the
priority list gives, whatever was asked before."""

from __future__ import annotations

from solo.table.carrying import PriorityPickups
from solo.table.position import item_character, wounded_item


def listed_rank(priority: tuple[str, ...], item: str | None) -> int:
    """S-OBJ-1's rank as the card prints it: the first position of the item's kind, unlisted after."""
    if item is None:
        return len(priority) + 1
    kind = "wounded" if item_character(item) is not None else item
    return priority.index(kind) if kind in priority else len(priority)


def test_each_item_ranks_where_the_card_lists_it() -> None:
    items = [None, "key", "rope", "bow", "sword", wounded_item("serpico"), "key", None, "torch"]
    for priority in (("rope", "key", "wounded", "bow"), ("key", "rope", "key"), ("wounded",), ()):
        policy = PriorityPickups(priority)
        for item in items + items[::-1]:  # asked again, found in the table
            assert policy.rank(item) == listed_rank(priority, item), (priority, item)
