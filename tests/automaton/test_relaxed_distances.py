"""The relaxed distances of the approach (AMB-APPROACH) skip moves with fewer steps left than one
already settled on the same square no dearer (issue 16): the distances, and their order, must be
those of the plain search over every (square, steps left) state, kept here as the reference."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.automaton.approach import _joined
from solo.automaton.context import Context
from solo.automaton.explanation import Explanation
from solo.automaton.relaxed import _relaxed_board, _RelaxedBoard, relaxed_distances
from solo.content.rooms import Mark
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.board import MarkerState, Passage, Terrain
from solo.table.position import Character, ObjectToken, Position
from solo.table.squares import SLOTS, Edge, Square, parse_square

_W = 1_000
REST = -1


def reference(position: Position, npc: Character, goals: Iterable[Square]) -> dict[Square, tuple[int, int]]:
    """The plain multi-source search over every (square, steps left) state (the code before issue 16)."""
    geometry = position.board.geometry()
    terrain, neighbours = geometry.terrain, geometry.neighbours
    cls = npc.character_class
    movement = cls.movement
    naga, levitates = cls.has("contortionist"), cls.has("levitation")
    roped = {o.at for o in position.objects if o.kind == "rope"}
    rope = npc.carries == "rope"
    exit_line = npc.side.exit_line

    def enterable(sq: Square) -> bool:
        return terrain[sq] is not Terrain.PIT or levitates or rope or sq in roped

    def stop(sq: Square) -> bool:
        return (terrain[sq] is not Terrain.PIT or sq in roped) and terrain[sq] is not exit_line

    dist: dict[tuple[Square, int], int] = {}
    heap = [(0, g, REST) for g in goals if g in terrain]
    for _, g, _ in heap:
        dist[(g, REST)] = 0
    heapq.heapify(heap)

    def push(sq: Square, steps: int, cost: int) -> None:
        if dist.get((sq, steps), cost + 1) > cost:
            dist[(sq, steps)] = cost
            heapq.heappush(heap, (cost, sq, steps))

    result: dict[Square, tuple[int, int]] = {}
    while heap:
        cost, sq, steps = heapq.heappop(heap)
        if dist.get((sq, steps)) != cost:
            continue
        if steps == REST:
            if sq in result:
                continue
            result[sq] = divmod(cost, _W)
            if movement:
                push(sq, movement, cost + _W)
            for nxt, passage in neighbours.get(sq, ()):
                if passage is Passage.PORTCULLIS and enterable(nxt) and terrain[nxt] is not exit_line:
                    push(nxt, movement - 1, cost + 2 * _W + 1)
                if terrain[nxt] is Terrain.PIT and passage not in (Passage.SLIT, Passage.PORTCULLIS):
                    for land, passage2 in neighbours.get(nxt, ()):
                        if land != sq and passage2 is Passage.OPEN and stop(land):
                            push(land, REST, cost + _W + 2)
            continue
        if stop(sq):
            push(sq, REST, cost)
        if steps == 0:
            continue
        for nxt, passage in neighbours.get(sq, ()):
            if passage is Passage.PORTCULLIS or (passage is Passage.SLIT and not naga):
                continue
            if passage is Passage.WALL or not enterable(nxt) or terrain[nxt] is exit_line:
                continue
            push(nxt, steps - 1, cost + 1)
    return result


DEMO = load_position(RULES_DIR / "positions" / "demo.yaml")
SQUARES = sorted(DEMO.board.geometry().terrain)
FIGURES = sorted(c.id for c in DEMO.characters.values() if c.at is not None)
PORTCULLISES = sorted(e for e, p in DEMO.board.geometry().passages.items() if p is Passage.PORTCULLIS)


def _changed_demo(opened: set[tuple[Square, Square]], turns: list[tuple[int, int]],
                  rope_at: Square | None) -> Position:
    """The demo table with portcullises opened, rooms turned and maybe the Rope put down (drawn)."""
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    for e in opened:
        position.board.set_marker(*e, MarkerState.OPEN)
    for slot, quarter_turns in turns:
        position.board.rotate(slot, quarter_turns)
    if rope_at is not None:
        position.objects.append(ObjectToken("rope", rope_at))
    return position


@settings(max_examples=60, deadline=None)
@given(
    figure=st.sampled_from(FIGURES),
    goals=st.lists(st.sampled_from(SQUARES), min_size=1, max_size=6),
    turns=st.lists(st.tuples(st.sampled_from(SLOTS[:5]), st.integers(1, 3)), max_size=2),
    opened=st.sets(st.sampled_from(PORTCULLISES)),
    rope_at=st.sampled_from([None, *SQUARES]),
    carries_rope=st.booleans(),
)
def test_the_same_distances_in_the_same_order_as_the_plain_search(
    figure: str, goals: list[Square], turns: list[tuple[int, int]], opened: set[tuple[Square, Square]],
    rope_at: Square | None, carries_rope: bool,
) -> None:
    position = _changed_demo(opened, turns, rope_at)
    npc = position.character(figure)
    if carries_rope:
        npc.carries = "rope"
    fast, plain = relaxed_distances(position, npc, goals), reference(position, npc, goals)
    assert list(fast.items()) == list(plain.items())
    # up to the figure's own square: the nearest squares in the same order, stopping there
    if npc.at in plain:
        upto = relaxed_distances(position, npc, goals, until=npc.at)
        order = list(plain)
        assert list(upto.items()) == list(plain.items())[: order.index(npc.at) + 1]
        assert all(plain[sq] >= plain[npc.at] for sq in order[len(upto):])  # none closer left out


def test_a_known_distance() -> None:
    """Serpico (h9) to the Player's Naga on the yellow line (b0): reached, and further costs more."""
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    serpico = position.character("serpico")
    naga = position.character("naga")
    assert serpico.at is not None and naga.at is not None
    dist = relaxed_distances(position, serpico, [naga.at])
    assert dist[naga.at] == (0, 0)
    assert dist[serpico.at] == reference(position, serpico, [naga.at])[serpico.at]
    assert dist[serpico.at][0] >= 2


@settings(max_examples=40, deadline=None)
@given(
    figure=st.sampled_from(FIGURES),
    goals=st.lists(st.sampled_from(SQUARES), min_size=1, max_size=6),
    changes=st.lists(st.one_of(st.tuples(st.sampled_from(SLOTS[:5]), st.integers(1, 3)), st.integers(0, 99)),
                     min_size=1, max_size=4),
)
def test_after_each_change_of_the_board_the_distances_of_the_plain_search(
    figure: str, goals: list[Square], changes: list[tuple[int, int] | int],
) -> None:
    # Each change makes a geometry by updating the last one: the mover's relaxed board of the new
    # geometry takes what it can from the last one's (the squares whose neighbours did not change).
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    npc = position.character(figure)
    board = position.board
    fast, plain = relaxed_distances(position, npc, goals), reference(position, npc, goals)
    assert list(fast.items()) == list(plain.items())
    for change in changes:
        if isinstance(change, int):  # a closed portcullis opened, if any is left
            closed = sorted(e for e, p in board.geometry().passages.items() if p is Passage.PORTCULLIS)
            if closed:
                board.set_marker(*closed[change % len(closed)], MarkerState.OPEN)
        else:
            board.rotate(*change)
        fast, plain = relaxed_distances(position, npc, goals), reference(position, npc, goals)
        assert list(fast.items()) == list(plain.items())


def test_a_board_after_a_change_finds_what_a_fresh_board_finds() -> None:
    """The mover's relaxed board of a new geometry takes a square's moves and rest moves from the
    board of the previous geometry only where they still hold (issue 16): after each room turned,
    portcullis opened and wall next to a pit broken (S-PERS-WAVERICK), every square's finds equal
    those of a board made from scratch. A wall broken between the pit b4 and b5 gives a4 a landing
    on b5 though a4's own neighbours are unchanged: its old rest moves must not be taken."""
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    board = position.board
    exit_line = position.character("serpico").side.exit_line
    walls = [e for e, p in board.geometry().passages.items()
             if p is Passage.WALL and Mark.WALL in board.edge_marks(*e)
             and Terrain.PIT in (board.terrain(e[0]), board.terrain(e[1]))]
    assert (parse_square("b4"), parse_square("b5")) in walls
    changes: list[tuple[str, Edge | int | None]] = [("wall", e) for e in walls]
    changes += [("turn", slot) for slot in SLOTS if board.is_revealed(slot)] * 2
    changes += [("open", None)] * len(PORTCULLISES)
    earlier = _relaxed_board(board.geometry(), False, False, frozenset(), exit_line)
    landing = parse_square("b5")
    for kind, what in changes:
        if isinstance(what, tuple):
            board.set_wall(*what, True)
        elif kind == "open":  # the first portcullis still closed, if any is left
            closed = sorted(e for e, p in board.geometry().passages.items() if p is Passage.PORTCULLIS)
            if closed:
                board.set_marker(*closed[0], MarkerState.OPEN)
        elif isinstance(what, int):
            board.rotate(what, 1)
        geometry = board.geometry()
        if geometry.neighbours is earlier.neighbours:
            continue  # nothing left to open: the same geometry
        for sq in geometry.terrain:  # the earlier board has found everything
            earlier.moves_of(sq)
            earlier.rest_moves_of(sq)
        later = _relaxed_board(geometry, False, False, frozenset(), exit_line)
        assert later.earlier is earlier
        fresh = _RelaxedBoard(geometry, False, False, frozenset(), exit_line)
        for sq in geometry.terrain:
            assert later.moves_of(sq) == fresh.moves_of(sq)
            assert later.rest_moves_of(sq) == fresh.rest_moves_of(sq)
        if what == (parse_square("b4"), landing):
            a4 = parse_square("a4")
            assert earlier.neighbours[a4] is geometry.neighbours[a4]
            assert landing not in earlier.rest_moves_of(a4)[1] and landing in later.rest_moves_of(a4)[1]
        earlier = later


def _context(position: Position, figure: str) -> Context:
    """A context for reading the squares joined to ``figure`` (no card needed for that)."""
    return Context(position, position.character(figure), None, Explanation(figure))  # type: ignore[arg-type]


def test_a_goal_not_joined_to_the_figure_is_out_of_its_relaxed_reach() -> None:
    """The approach skips the relaxed search when no goal is joined to the NPC's square by an edge
    that is not a wall (nor an arrow slit, but for the Naga): on the demo table, after two rooms
    turned and a portcullis opened, every figure and every square as the goal, such a goal is never
    reached by the plain search, and both cases occur."""
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    position.board.set_marker(*PORTCULLISES[0], MarkerState.OPEN)
    position.board.rotate(SLOTS[0], 1)
    position.board.rotate(SLOTS[2], 3)
    seen = {True: 0, False: 0}
    for figure in FIGURES:
        ctx = _context(position, figure)
        npc = ctx.npc
        for goal in SQUARES:
            joined = _joined(ctx, [goal])
            seen[joined] += 1
            if not joined:
                assert npc.at not in reference(position, npc, [goal]), (figure, goal)
    assert seen[True] and seen[False]


@settings(max_examples=60, deadline=None)
@given(
    figure=st.sampled_from(FIGURES),
    goals=st.lists(st.sampled_from(SQUARES), min_size=1, max_size=6),
    turns=st.lists(st.tuples(st.sampled_from(SLOTS[:5]), st.integers(1, 3)), max_size=2),
    opened=st.sets(st.sampled_from(PORTCULLISES)),
    rope_at=st.sampled_from([None, *SQUARES]),
)
def test_a_figure_reaches_only_goals_joined_to_it(
    figure: str, goals: list[Square], turns: list[tuple[int, int]], opened: set[tuple[Square, Square]],
    rope_at: Square | None,
) -> None:
    position = _changed_demo(opened, turns, rope_at)
    ctx = _context(position, figure)
    if ctx.npc.at in reference(position, ctx.npc, goals):
        assert _joined(ctx, goals)
