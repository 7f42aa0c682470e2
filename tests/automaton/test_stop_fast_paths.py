"""``Mover.stop_with`` and ``Mover.can_hold`` answer at once where nothing lies (issue 16): on every
square of random tables, whatever is carried and lies there, they answer as the rules read whole
(B-MOVE-12/13, B-GOLD-3, B-CARRY-5), written out here as they were before the shortcut."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from test_activation_properties import SETTINGS, random_table

from solo.table.geometry import PIT
from solo.table.movement import EMPTY, Mover
from solo.table.position import WOUNDED_ITEM_PREFIX, item_character
from solo.table.squares import Square


def _stop_with(mover: Mover, sq: Square, carried: str | None, items: tuple[str, ...]) -> bool:
    terrain = mover.geometry.terrain.get(sq)
    if terrain is None or terrain is mover.exit_line or sq in mover.friends or sq in mover.enemies:
        return False
    if terrain is PIT and carried != "rope" and not (sq in mover.rope_figures or "rope" in items):
        return False
    owners = [item_character(item) for item in items]
    if any(owner is not None and mover.wounded_sides.get(owner) is not mover.side for owner in owners):
        return False  # never on an enemy wounded
    pieces = [*items] if carried is None else [*items, carried]
    wounded = sum(1 for piece in pieces if item_character(piece) is not None)
    objects = len(pieces) - wounded
    return objects <= 1 and wounded <= 1 and not (objects and wounded)


def _can_hold(mover: Mover, sq: Square, item: str) -> bool:
    if (sq in mover.pits and item != "rope") or sq in mover.enemies:
        return False
    pieces = [*mover.items.get(sq, ()), item]
    held = mover.friend_carries.get(sq)
    if held is not None:
        pieces.append(held)
    wounded = sum(1 for piece in pieces if piece.startswith(WOUNDED_ITEM_PREFIX))
    objects = len(pieces) - wounded
    figure = 1 if sq in mover.friends else 0
    return objects <= 1 and wounded <= 1 and figure + objects + wounded <= 2


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_stops_and_drops_answer_as_the_rules_read_whole(seed: int) -> None:
    _check(seed)


def test_the_tables_checked_have_drops_by_friends_holding_an_item() -> None:
    found = [_check(seed) for seed in range(8)]
    assert all(shortcuts for shortcuts, _ in found)
    assert sum(held for _, held in found) >= 4


def _check(seed: int) -> tuple[int, int]:
    """Every answer on the table ``seed`` deals, friends given items: (shortcuts taken, drops where a
    friend holds an item)."""
    position = random_table(seed)
    rng = random.Random(seed)
    wounded = [WOUNDED_ITEM_PREFIX + c.id for c in position.characters.values() if c.wounded]
    for c in position.characters.values():  # friends holding objects or wounded (what the tables lack)
        if c.at is not None and not c.wounded and c.carries is None and rng.random() < 0.5:
            c.carries = rng.choice(["key", "rope", "spear", *[w[len(WOUNDED_ITEM_PREFIX):] for w in wounded]])
    carried_kinds = [None, "rope", "key", "bow", *wounded[:2]]
    lying_kinds = [(), ("rope",), ("key",), ("key", "rope"), *[(w,) for w in wounded[:2]],
                   *[("rope", w) for w in wounded[:1]]]
    shortcuts = held = 0
    for c in position.characters.values():
        if c.at is None or c.wounded:
            continue
        mover = Mover(position, c)
        for sq in mover.geometry.terrain:
            for carried in carried_kinds:
                for items in lying_kinds:
                    assert mover.stop_with(sq, carried, items) == _stop_with(mover, sq, carried, items)
                assert mover.valid_stop(sq, carried, EMPTY) == _stop_with(
                    mover, sq, carried, mover.items.get(sq, ()))
                if carried is not None:
                    answer = mover.can_hold(sq, carried, EMPTY)
                    assert answer == _can_hold(mover, sq, carried), (c.id, sq, carried)
                    shortcuts += answer and not mover.items.get(sq) and sq not in mover.friend_carries
                    held += sq in mover.friend_carries
    return shortcuts, held
