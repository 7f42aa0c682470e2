"""The search's inlined bookkeeping changes nothing (issue 16): ``Kept.doomed``'s and ``Kept._moving``'s
common cases written in the loop, and the step back it leaves out (``solo.table.marks``, "Step back"),
give the same search, push for push, as the one that asks :class:`Kept` every time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from builders import make_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dead_starts import moving_wrapped
from test_search_dominance import RULE_CASES, outcome, rule_case
from test_search_reference import _build, positions

from solo.errors import MessageError
from solo.table.carrying import OptionalPickups, PriorityPickups
from solo.table.marks import OWN, Kept, _PlainKept
from solo.table.movement import Means
from solo.table.search import Reach, cheapest_paths


@contextmanager
def asked() -> Iterator[list[int]]:
    """Searches that ask ``Kept.moving`` and ``Kept.doomed`` every time (the loop inlines them only while
    they are the class's own, :data:`solo.table.marks.OWN`): how many moving pops were asked."""
    calls: list[int] = []

    def asking(original: Any) -> Any:
        def moving(kept: Kept, *args: Any) -> bool:
            calls.append(1)
            keeps: bool = original(kept, *args)
            return keeps
        return moving

    with moving_wrapped(asking):
        yield calls


def both(position: Any, **search: Any) -> tuple[Reach, Reach, int]:
    """The search as it runs, the one asking ``Kept`` every time, and how many pops that one asked."""
    inlined = cheapest_paths(position, "mover", **search)
    with asked() as calls:
        plain = cheapest_paths(position, "mover", **search)
    return inlined, plain, len(calls)


def same(inlined: Reach, plain: Reach) -> None:
    """The same reach by the same ways, every node pushed in the same order with the same link."""
    assert outcome(inlined) == outcome(plain)
    assert inlined.settled == plain.settled
    assert list(inlined._parents.items()) == list(plain._parents.items())


SERPICO = "- {id: mover, side: npc, card: serpico, at: c3}"
ROPE_AND_KEY = "- {kind: rope, at: a1}\n- {kind: key, at: e5}"


def test_the_searches_asking_kept_are_the_other_path() -> None:
    # The switch the comparisons below rely on: the class's own methods, inlined; replaced, asked.
    assert (Kept.doomed, _PlainKept.moving) == OWN
    with asked():
        assert _PlainKept.moving is not OWN[1]
    assert _PlainKept.moving is OWN[1]


def test_an_npc_on_an_open_board_is_searched_alike() -> None:
    position = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    inlined, plain, calls = both(position, means=Means(max_ap=3), policy=PriorityPickups(("rope", "key")))
    same(inlined, plain)
    assert inlined.settled == 1096 and calls > 500  # the moving pops, each asked
    assert inlined.best == plain.best and len(inlined.best) > 20
    same(inlined.beyond(), plain.beyond())  # AMB-TRUE-COST: past the bound too


def test_the_player_and_an_unbounded_npc_are_searched_alike() -> None:
    position = make_position(characters="- {id: mover, side: player, class: backstabber, at: c3}",
                             objects=ROPE_AND_KEY)
    same(*both(position, means=Means(max_ap=3, jumps=2), policy=OptionalPickups())[:2])
    npc = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    inlined, plain, _ = both(npc, means=Means(), policy=PriorityPickups(("key", "rope"), exact_ap=2))
    same(inlined, plain)
    assert inlined.settled_to is None and len(inlined.best) == len(plain.best) > 20


def test_a_lazy_search_settled_bit_by_bit_is_searched_alike() -> None:
    position = make_position(characters=SERPICO, objects=ROPE_AND_KEY)
    search = {"means": Means(max_ap=3), "policy": PriorityPickups(("rope", "key")), "lazy": True}
    inlined = cheapest_paths(position, "mover", **search)  # type: ignore[arg-type]
    with asked():
        plain = cheapest_paths(position, "mover", **search)  # type: ignore[arg-type]
        assert [inlined.step() for _ in range(4)] == [plain.step() for _ in range(4)]  # type: ignore[attr-defined]
        same(inlined.complete(), plain.complete())  # type: ignore[attr-defined]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(RULE_CASES), st.booleans())
def test_the_inlined_bookkeeping_changes_no_search(case, kind, abilities) -> None:  # type: ignore[no-untyped-def]
    position = _build(*case)
    if position is None:
        return
    try:
        inlined, plain, _ = both(position, **rule_case(kind, abilities))
    except MessageError:
        return
    same(inlined, plain)
    if inlined._more is not None:  # beyond the bound (AMB-TRUE-COST): the same too
        same(inlined.beyond(3), plain.beyond(3))
