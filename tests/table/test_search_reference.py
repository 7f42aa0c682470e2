"""The pruned path search against an exhaustive one (AMB-SEARCH-PRUNE, AMB-OPEN-CROSS, S-PROX-1/2).

On random small boards, within a few AP, both must find the same cheapest (AP, squares) for every
square: the pruning may drop costlier variants, never a cheapest way.
"""

from __future__ import annotations

import itertools

import reference_search
from builders import make_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.errors import DataError
from solo.table.carrying import OptionalPickups, PriorityPickups
from solo.table.geometry import PIT
from solo.table.movement import Means
from solo.table.search import cheapest_paths
from solo.table.squares import parse_square, square_name

SQUARE_CHARS = ".....OG"
EDGE_CHARS = "    #:|"


@st.composite
def grids(draw: st.DrawFn) -> str:
    """A random 5x5 room drawing with exactly one gear."""
    gear = draw(st.tuples(st.integers(1, 5), st.integers(1, 5)))
    lines = []
    for i in range(11):
        row = []
        for j in range(11):
            if i % 2 == 0 and j % 2 == 0:
                row.append("+")
            elif i % 2 == 1 and j % 2 == 1:
                if ((i + 1) // 2, (j + 1) // 2) == gear:
                    row.append("G")
                else:
                    row.append(draw(st.sampled_from("....O")))
            else:
                ch = draw(st.sampled_from(EDGE_CHARS))
                row.append(ch if ch != "|" or i % 2 == 1 else "-")
        lines.append("".join(row))
    return "\n".join(lines) + "\n"


FILES = "abcde"
CLASSES = ["cleric", "colossus", "backstabber", "mechanork", "wizard", "banshee", "naga", "telepath"]


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, str, list[str]]:
    """Slot 1 random, slots 2-8 open; a mover and a few other pieces on random squares of slot 1."""
    grid = draw(grids())
    squares = [f"{f}{r}" for f in FILES for r in range(1, 6)]
    chosen = draw(st.lists(st.sampled_from(squares), min_size=2, max_size=6, unique=True))
    mover_class = draw(st.sampled_from(CLASSES))
    carries = draw(st.sampled_from([None, "key", "rope"]))
    lines = [f"- {{id: mover, side: player, class: {mover_class}, at: {chosen[0]}"
             + (f", carries: {carries}}}" if carries else "}")]
    objects = []
    for index, sq in enumerate(chosen[1:]):
        kind = draw(st.sampled_from(["friend", "enemy", "wounded", "key", "rope", "bow"]))
        cls = draw(st.sampled_from(CLASSES))
        if kind == "friend":
            lines.append(f"- {{id: f{index}, side: player, class: {cls}, at: {sq}}}")
        elif kind == "enemy":
            lines.append(f"- {{id: e{index}, side: npc, card: arthos, at: {sq}}}")
        elif kind == "wounded":
            side = draw(st.sampled_from(["player", "npc"]))
            who = f"class: {cls}" if side == "player" else "card: serpico"
            lines.append(f"- {{id: w{index}, side: {side}, {who}, at: {sq}, wounded: true}}")
        else:
            objects.append(f"- {{kind: {kind}, at: {sq}}}")
    return grid, "\n".join(lines), objects


def _build(grid: str, characters: str, objects: list[str]):  # type: ignore[no-untyped-def]
    try:
        return make_position(characters=characters, objects="\n".join(objects), grids={1: grid})
    except DataError:
        return None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans(), st.booleans())
def test_pruned_search_finds_every_cheapest_cost(case, npc_policy, abilities) -> None:  # type: ignore[no-untyped-def]
    # S-PROX-1, S-PROX-2, AMB-SEARCH-PRUNE, AMB-OPEN-CROSS
    _assert_pruned_finds_every_cheapest_cost(case, npc_policy, abilities)


KEY_DROPPED_FOR_THE_ROPE = (
    "+ + + + + +\n G . . . . \n+ + + + + +\n . . . . . \n+ + + + + +\n . . . . . \n+ + + + + +\n"
    " . . . . . \n+ + + +:+ +\n . . . O O \n+ + + +:+ +\n",
    "- {id: mover, side: player, class: cleric, at: b4, carries: key}\n"
    "- {id: f0, side: player, class: cleric, at: a1}",
    ["- {kind: rope, at: d1}"],
)


def test_pruned_search_key_dropped_for_the_rope() -> None:
    # AMB-SEARCH-PRUNE, the Player's identity (found by hypothesis on 2026-11-26): at d1 with the Rope,
    # the Key left on c1 or on b4 are told apart (c1 is within the reach left): only the second may
    # stop on c1 and jump to e1, (3, 8) instead of (3, 10).
    _assert_pruned_finds_every_cheapest_cost(KEY_DROPPED_FOR_THE_ROPE, False, False)


ROPE_LEFT_AS_A_BRIDGE = (
    "+ + + + + +\n . . . G . \n+ + + + + +\n O . . . . \n+ + +-+ + +\n O O|.|.#. \n+ +:+:+-+ +\n"
    " O:.#. . . \n+ + + + +-+\n .|. . .:O \n+ +-+:+ + +\n",
    "- {id: mover, side: player, class: naga, at: c2}\n"
    "- {id: w2, side: npc, card: serpico, at: c1, wounded: true}",
    ["- {kind: rope, at: d1}", "- {kind: rope, at: d3}", "- {kind: rope, at: c4}"],
)


def test_a_player_figure_may_miss_a_way_over_a_rope_it_left_in_a_pit() -> None:
    # AMB-SEARCH-PRUNE's known limit (found by hypothesis in a fresh clone on 2026-11-28): the Naga
    # reaches the pit a3 for (2, 11) only by leaving the d1 Rope in the pit b3, taking the c4 one and
    # crossing b3 on the bridge; the Player's search drops that costlier way and finds (3, 9). The
    # property test allows exactly this, as AMB-OPEN-CROSS; the same board for an NPC is exact.
    position = _build(*ROPE_LEFT_AS_A_BRIDGE)
    assert position is not None
    means = Means(max_ap=3)
    a3 = parse_square("a3")
    assert cheapest_paths(position, "mover", means, OptionalPickups()).best[a3] == (3, 9)
    exhaustive = reference_search.cheapest_paths(position, "mover", means, OptionalPickups())
    assert exhaustive.best[a3] == (2, 11)
    (way,) = exhaustive.ways(a3)
    assert [[square_name(q) for q in action.path] for action in way.actions] == [
        ["c2", "d2", "d1", "c1", "b1", "b2", "b3"], ["b3", "b4", "c4", "b4", "b3", "a3"]]
    _assert_pruned_finds_every_cheapest_cost(ROPE_LEFT_AS_A_BRIDGE, False, False)
    _assert_pruned_finds_every_cheapest_cost(ROPE_LEFT_AS_A_BRIDGE, True, False)


def _assert_pruned_finds_every_cheapest_cost(case, npc_policy, abilities) -> None:  # type: ignore[no-untyped-def]
    position = _build(*case)
    if position is None:
        return
    means = Means(max_ap=3, paid_abilities=abilities)
    policy = PriorityPickups(("rope", "key", "wounded", "bow")) if npc_policy else OptionalPickups()
    fast = cheapest_paths(position, "mover", means, policy)
    exhaustive = reference_search.cheapest_paths(position, "mover", means, policy)
    assert set(fast.best) <= set(exhaustive.best)
    for sq, cost in exhaustive.best.items():
        found = fast.best.get(sq)
        assert found is None or found >= cost  # never cheaper than a real way
        if found != cost:
            # Only AMB-OPEN-CROSS may cost more: the exhaustive way opens a portcullis and does
            # something else before going through it (fetching the item it swapped the Key for);
            # or, for a Player figure (AMB-SEARCH-PRUNE's known limit), it leaves a Rope in a pit and
            # crosses that pit later on the bridge, a costlier way kept apart only by that change.
            ways = exhaustive.ways(sq)
            terrain = position.board.geometry().terrain
            pits = frozenset(q for q, kind in terrain.items() if kind is PIT and not npc_policy)
            assert ways and all(_opens_then_turns_away(way.actions) or _bridges_a_pit_then_crosses(
                way.actions, pits) for way in ways), sq


def _bridges_a_pit_then_crosses(actions, pits) -> bool:  # type: ignore[no-untyped-def]
    """The way leaves a Rope in a pit (a bridge, B-ROPE) and later enters that pit again."""
    bridges: set[int] = set()
    for action in actions:
        events = {e[0]: e for e in action.events if e[1] == "drop" and e[2] == "rope" and e[0] in pits}
        for i, sq in enumerate(action.path):
            if sq in bridges and i > 0:
                return True
            if sq in events:
                bridges.add(sq)
    return False


def _opens_then_turns_away(actions) -> bool:  # type: ignore[no-untyped-def]
    for action, following in itertools.pairwise(actions):
        if action.kind in ("open", "lock_pick", "break"):
            through = following.kind in ("move", "jump") and following.path[:2] == action.path
            if not through:
                return True
    return False


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 3))
def test_a_larger_search_cut_at_a_quota_is_the_search_bounded_by_it(case, quota) -> None:  # type: ignore[no-untyped-def]
    # Issue 16 item 4: Reach.within(quota) replaces a new NPC search on an unchanged table: the same
    # states, costs, best squares and tied finals, in the same order (a seeded game replays). Only an
    # NPC's (exact items): the Player's identity reads the AP left under the bound (AMB-SEARCH-PRUNE).
    position = _build(*case)
    if position is None:
        return
    policy = PriorityPickups(("rope", "key", "wounded", "bow"))
    larger = cheapest_paths(position, "mover", Means(max_ap=quota + 2), policy)
    fresh = cheapest_paths(position, "mover", Means(max_ap=quota), policy)
    cut = larger.within(quota)
    assert list(cut.cost.items()) == list(fresh.cost.items())
    assert list(cut.best.items()) == list(fresh.best.items())
    assert cut.finals == fresh.finals
    for sq in fresh.best:
        assert [w.actions for w in cut.ways(sq)] == [w.actions for w in fresh.ways(sq)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans())
def test_the_search_continued_beyond_its_bound_finds_real_costs(case, npc_policy) -> None:  # type: ignore[no-untyped-def]
    # AMB-TRUE-COST: within the bound nothing changes; beyond it every cost is a real way's (never
    # cheaper than the exhaustive search), and a square the exhaustive search reaches is reached
    # unless every way there leaves an item or an open portcullis behind and comes back for it.
    position = _build(*case)
    if position is None:
        return
    policy = PriorityPickups(("rope", "key", "wounded", "bow")) if npc_policy else OptionalPickups()
    _assert_beyond_finds_real_costs(position, policy)


ROPE_FETCHED_BACK = (
    "+ + + + + +\n G . . . . \n+ + + + + +\n . . . . . \n+ + + + + +\n . . . . . \n+ + + + + +\n"
    " . . . . . \n+ +#+ + + +\n .#O#. . . \n+ +-+ + + +\n",
    "- {id: mover, side: player, class: cleric, at: a1, carries: rope}",
    ["- {kind: key, at: a2}"],
)


def test_beyond_the_bound_a_square_reached_only_by_fetching_an_item_back_may_be_missed() -> None:
    # AMB-TRUE-COST (found by hypothesis on 2026-11-27): portcullises close the pit b1 on every side;
    # the Cleric swaps his Rope for the Key on a2, opens one, goes back to a2 for the Rope and enters
    # b1 (3 AP). Beyond the bound the ways at b2 with the Key compare on cost alone, and the
    # one kept left the Rope on a1, so b1 is not reached; every other square is, at a real way's cost.
    position = _build(*ROPE_FETCHED_BACK)
    assert position is not None
    far = _assert_beyond_finds_real_costs(position, OptionalPickups())
    b1 = parse_square("b1")
    assert b1 not in far.best
    ways = reference_search.cheapest_paths(position, "mover", Means(max_ap=3), OptionalPickups()).ways(b1)
    assert ways and ways[0].cost == (3, 5)


NAGA_BRINGS_THE_ROPE = (
    "+-+ + + + +\n .:O . . . \n+#+:+ + + +\n . O . . . \n+ + + + + +\n . . G . . \n+ + + + + +\n"
    " . . . . . \n+ + + + + +\n . . . . . \n+ + + + + +\n",
    "- {id: mover, side: player, class: naga, at: a1, carries: rope}\n"
    "- {id: f0, side: player, class: cleric, at: e3}",
    ["- {kind: bow, at: a5}", "- {kind: bow, at: c4}", "- {kind: rope, at: c5}"],
)


def test_beyond_the_bound_an_item_taken_on_the_way_is_told_from_one_brought() -> None:
    # AMB-TRUE-COST, S-OBJ-3 (found by hypothesis on 2026-11-27): the Naga reaches b5 at 2 AP with a
    # Rope in hand two ways: with its own, or having left it on b4 (to stop on c4's Bow) and taken
    # the one on c5. Only its own may be dropped back (on b5) to stop on a5's Bow. Beyond the bound
    # the two ways were one node, the second kept (more steps left), and a5 was never reached.
    position = _build(*NAGA_BRINGS_THE_ROPE)
    assert position is not None
    far = _assert_beyond_finds_real_costs(position, PriorityPickups(("rope", "key", "wounded", "bow")))
    a5 = parse_square("a5")
    assert far.best[a5] == (2, 8)
    [way] = far.ways(a5)
    assert [square_name(sq) for sq in way.actions[-1].path] == ["b4", "c4", "c5", "b5", "a5"]
    assert [(square_name(sq), kind, item) for sq, kind, item in way.actions[-1].events] == [
        ("b5", "drop_back", "rope")]


def _assert_beyond_finds_real_costs(position, policy):  # type: ignore[no-untyped-def]
    bounded = cheapest_paths(position, "mover", Means(max_ap=1), policy)
    kept = dict(bounded.best)
    far = bounded.beyond()
    assert bounded.best == kept and far.beyond() is far
    assert {sq: c for sq, c in far.best.items() if c[0] <= 1} == kept
    exhaustive = reference_search.cheapest_paths(position, "mover", Means(max_ap=3), policy)
    for sq, cost in exhaustive.best.items():
        if sq in far.best:
            assert far.best[sq] >= cost
        else:
            # Only a way that leaves something behind and comes back for it: an item (fetched back)
            # or a portcullis opened before turning away (AMB-OPEN-CROSS).
            ways = exhaustive.ways(sq)
            assert ways and all(_fetches_back(way.actions) or _opens_then_turns_away(way.actions)
                                for way in ways), sq
    return far


def _fetches_back(actions) -> bool:  # type: ignore[no-untyped-def]
    """Whether a way takes again an item it had left behind (a drop, or the old half of a swap)."""
    left: set[str] = set()
    for action in actions:
        for _, kind, what in action.events:
            if kind == "drop":
                left.add(what)
            elif kind in ("pick_up", "swap"):
                old, _, new = what.partition(">")
                taken = new.partition("@")[0] if kind == "swap" else what
                if taken in left:
                    return True
                if kind == "swap":
                    left.add(old)
    return False


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_an_unbounded_npc_search_is_exact_up_to_its_horizon(case) -> None:  # type: ignore[no-untyped-def]
    # AMB-EXACT-HORIZON: without an AP bound an NPC's search keeps every item change apart up to its
    # policy's exact_ap, exactly as the search bounded there, then goes on as AMB-TRUE-COST does.
    position = _build(*case)
    if position is None:
        return
    policy = PriorityPickups(("rope", "key", "wounded", "bow"), exact_ap=2)
    unbounded = cheapest_paths(position, "mover", Means(), policy)
    bounded = cheapest_paths(position, "mover", Means(max_ap=2), policy)
    assert {sq: c for sq, c in unbounded.best.items() if c[0] <= 2} == bounded.best
    assert {s: c for s, c in unbounded.cost.items() if c[0] <= 2} == bounded.cost
    assert unbounded.beyond() is unbounded
    # Beyond the horizon every cost found is a real way's (never below the exhaustive search); a
    # square reachable only by a way the merged nodes lost may be missing (AMB-EXACT-HORIZON: found by
    # hypothesis, a Key left where the Rope's carrier must then stop).
    exhaustive = reference_search.cheapest_paths(position, "mover", Means(max_ap=3), policy)
    for sq, cost in exhaustive.best.items():
        assert sq not in unbounded.best or unbounded.best[sq] >= cost


def test_both_searches_drop_the_old_object_on_the_last_valid_square_when_stopping_on_the_new() -> None:
    # S-OBJ-2, S-TAKE-5 (rulebook l.464, l.674), AMB-DROP-BACK: the NPC stops on the Wand at a4 with
    # the Key in hand; a3 just behind holds a Shield its card does not list, so the Key goes to a2.
    position = make_position(
        characters="- {id: mover, side: npc, card: n-backstabber, at: a1, carries: key}",
        objects="- {kind: shield, at: a3}\n- {kind: wand, at: a4}",
        extra="cards:\n  n-backstabber: {class: backstabber}\n",
    )
    policy = PriorityPickups(("wand", "rope", "key"))
    a4 = parse_square("a4")
    for search in (cheapest_paths, reference_search.cheapest_paths):
        reach = search(position, "mover", Means(max_ap=2), policy)
        assert reach.best[a4] == (1, 3)  # straight on, not round the Shield (1 AP, 5 squares)
        (way,) = reach.ways(a4)
        assert [parse_square(n) for n in ("a1", "a2", "a3", "a4")] == list(way.actions[0].path)
        assert way.final.carried == "wand"
        assert way.final.delta == {("take", a4, "wand"), ("drop", parse_square("a2"), "key")}
