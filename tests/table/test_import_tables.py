"""The square tables built at import (or at their first use) in plain int arithmetic (issue 16 item 6)
equal their first definitions through the square functions, value for value and in the same order."""

from __future__ import annotations

from solo.actions import reveals, targets
from solo.table import geometry
from solo.table.squares import (
    AHEAD,
    BLUE_RANK,
    DIRECTIONS,
    FILE_COUNT,
    SQUARE_COUNT,
    SQUARE_SLOTS,
    Direction,
    Square,
    edge,
    file_of,
    neighbour,
    rank_of,
    slot_of,
)

ALL = range((BLUE_RANK + 1) * FILE_COUNT)


def test_ahead_is_each_direction_s_neighbour_with_its_edge() -> None:
    assert SQUARE_COUNT == len(ALL) == 220
    expected = tuple(
        tuple(None if (n := neighbour(Square(sq), d)) is None else (n, edge(Square(sq), n)) for sq in ALL)
        for d in Direction
    )
    assert expected == AHEAD
    assert [len(row) for row in AHEAD] == [220] * 4
    assert AHEAD[Direction.NORTH][0] == (10, (0, 10)) and AHEAD[Direction.SOUTH][10] == (0, (0, 10))
    assert AHEAD[Direction.WEST][30] is None and AHEAD[Direction.EAST][39] is None


def test_square_slots_are_slot_of() -> None:
    assert tuple(slot_of(Square(sq)) for sq in ALL) == SQUARE_SLOTS
    assert SQUARE_SLOTS[0] is None and SQUARE_SLOTS[210] is None and SQUARE_SLOTS[209] == 8


def test_the_geometry_s_neighbour_tables_are_the_square_functions() -> None:
    north_east = tuple(
        tuple(Square(n) for n, ok in ((sq + FILE_COUNT, rank_of(Square(sq)) < BLUE_RANK),
                                      (sq + 1, file_of(Square(sq)) < FILE_COUNT - 1)) if ok)
        for sq in ALL
    )
    around = tuple(
        (*north_east[sq], *(Square(n) for n, ok in ((sq - FILE_COUNT, sq >= FILE_COUNT),
                                                    (sq - 1, file_of(Square(sq)) > 0)) if ok))
        for sq in ALL
    )
    ne_edges = tuple(tuple((edge(Square(sq), other), other) for other in north_east[sq]) for sq in ALL)
    assert not hasattr(geometry, "_NORTH_EAST")  # read by no one: no longer built at import
    assert around == geometry.AROUND
    assert ne_edges == geometry._NE_EDGES


def test_the_sides_facing_rooms_are_found_square_by_square() -> None:
    facing = tuple(
        tuple((d, n, slot) for d in DIRECTIONS
              if (n := neighbour(Square(sq), d)) is not None and (slot := slot_of(n)) is not None)
        for sq in ALL
    )
    attack_sides = tuple(
        tuple((n, edge(Square(sq), n)) for d in DIRECTIONS if (n := neighbour(Square(sq), d)) is not None)
        for sq in ALL)
    found, faced = reveals._facing_tables()  # built when a reveal is first looked for, then kept
    assert facing == found
    assert all(type(d) is Direction for sides in found for d, _, _ in sides)
    assert tuple(frozenset(slot for _, _, slot in sides) for sides in facing) == faced
    assert reveals._facing_tables() is reveals._facing_tables()
    assert attack_sides == targets._SIDES
