"""Object exchanges when two NPCs cross (S-OBJ-4, S-OBJ-5).

Pure decisions on items and priorities: an item is an object kind or ``wounded:<id>`` (a carried
friendly wounded, the card's "wounded" entry, S-CARD-4); a rank function gives the 0-based place of
an item in one NPC's object priority list, or None when the card does not list it (never wanted).
"""

from __future__ import annotations

from collections.abc import Callable

from solo.table.position import item_character

Rank = Callable[[str], int | None]


def priority_key(item: str) -> str:
    """The priority-list entry an item counts as: its kind, or "wounded" for a wounded (S-CARD-4)."""
    return "wounded" if item_character(item) is not None else item


def _rank(rank: Rank, item: str) -> int | None:
    return rank(priority_key(item))


def crossing_exchange(
    mover_item: str | None, mover_rank: Rank, other_item: str | None, other_rank: Rank
) -> tuple[str | None, str | None]:
    """What the moving NPC and the NPC it crosses carry afterwards: (mover_after, other_after).

    S-OBJ-4: only one carries: the better priority for the item takes or keeps it; an NPC that does
    not list it never takes it, and on equal priority the holder keeps it. S-OBJ-5: both carry: the
    NPC with the single best priority for either item forces the swap, unless that best priority is
    shared or that NPC already carries the item it ranks best.
    """
    if mover_item is None and other_item is None:
        return None, None
    if mover_item is None or other_item is None:
        held = mover_item if mover_item is not None else other_item
        assert held is not None
        if mover_item is not None:
            holder_rank, taker_rank = mover_rank, other_rank
        else:
            holder_rank, taker_rank = other_rank, mover_rank
        holder, taker = _rank(holder_rank, held), _rank(taker_rank, held)
        moves = taker is not None and (holder is None or taker < holder)
        if not moves:
            return mover_item, other_item
        return (held, None) if mover_item is None else (None, held)
    mover_best = _best(mover_rank, mover_item, other_item)
    other_best = _best(other_rank, mover_item, other_item)
    if mover_best is None and other_best is None:
        return mover_item, other_item
    if mover_best is not None and (other_best is None or mover_best < other_best):
        forcing_rank, own = mover_rank, mover_item
        best = mover_best
    elif other_best is not None and (mover_best is None or other_best < mover_best):
        forcing_rank, own = other_rank, other_item
        best = other_best
    else:
        return mover_item, other_item  # the best priority is shared
    if _rank(forcing_rank, own) == best:
        return mover_item, other_item  # it already carries what it ranks best
    return other_item, mover_item


def _best(rank: Rank, a: str, b: str) -> int | None:
    """One NPC's best priority for either of two items (None when it lists neither)."""
    ranks = [r for r in (_rank(rank, a), _rank(rank, b)) if r is not None]
    return min(ranks) if ranks else None
