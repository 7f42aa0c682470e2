"""The board's precomputed tables (terrain, passages, neighbours) and their update after a change.

A full build visits every edge of the board (~2.5 ms). A room turned, revealed or hidden, or a marker
or a wall changed on one edge, alters only the tables around it: :func:`updated` recomputes those
and keeps the rest, in the very order a full build gives them (the path search follows the order of
the neighbour lists, so a seeded game replays identically whether its tables were built or updated).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum, IntEnum
from itertools import chain

from solo.records import field, record
from solo.table.squares import (
    AHEAD,
    BLUE_RANK,
    SLOTS,
    SQUARE_COUNT,
    SQUARE_SLOTS,
    YELLOW_RANK,
    Direction,
    Edge,
    Square,
    line_squares,
    slot_squares,
)


class Terrain(Enum):
    """What a square is, as far as standing and moving go."""

    FLOOR = "floor"
    PIT = "pit"
    GEAR = "gear"
    YELLOW_LINE = "yellow_line"
    BLUE_LINE = "blue_line"


class Passage(IntEnum):
    """What separates two neighbouring squares now, least to most blocking."""

    OPEN = 0
    """Open edge, open or broken portcullis, broken arrow slit: adjacent (B-EDGE-8)."""
    PORTCULLIS = 1
    """A closed portcullis: blocks movement, adjacency and sight (B-EDGE-3)."""
    SLIT = 2
    """An intact arrow slit: only the Naga moves through (B-EDGE-6)."""
    WALL = 3


PIT = Terrain.PIT
TERRAINS = tuple(Terrain)
OPEN, PORTCULLIS, SLIT, WALL = Passage.OPEN, Passage.PORTCULLIS, Passage.SLIT, Passage.WALL
"""The members hot loops compare with, as module constants to import: in Python 3.11 an Enum class's
attribute goes through ``EnumType``'s attribute hook, about 12 times the cost of a global."""


@record
class Geometry:
    """Precomputed tables for one state of the board (a new object after any change, never edited)."""

    terrain: dict[Square, Terrain]
    passages: dict[Edge, Passage]
    neighbours: dict[Square, tuple[tuple[Square, Passage], ...]]
    """Non-wall neighbours of each existing square with what separates them."""
    blocks: Blocks | None = field(default=None, compare=False, repr=False)
    """``terrain`` cut in its build order: the starting lines (None), then each slot."""
    edge_blocks: EdgeBlocks | None = field(default=None, compare=False, repr=False)
    """``passages`` cut the same way: the edges each block's squares list (north, then east). An
    update makes again only the blocks a change touches and shares the others (never edited)."""
    _kept: dict[tuple[Terrain, ...], frozenset[Square]] = field(
        default_factory=dict, compare=False, repr=False)
    _of_terrain: dict[int, tuple[Square, ...]] = field(default_factory=dict, compare=False, repr=False)
    """:meth:`squares_of` by the terrain's identity (an Enum's hash is a Python call, ``id`` a builtin's)."""
    _of_passage: dict[Passage, tuple[Edge, ...]] = field(default_factory=dict, compare=False, repr=False)
    since: Since | None = field(default=None, compare=False, repr=False)
    """The neighbour table of the geometry this one was updated from, and the squares whose terrain or
    neighbour list may differ there (every other square's are the same): what ``movement.static_facts``
    found square by square on that one serves this one away from them (None: built)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Geometry:
        """Itself, as ``Board.copy`` shares it: never edited, so a deep copy of a position keeps the
        geometry and what searches found once per geometry (``movement.static_facts``)."""
        return self

    def squares_but(self, kinds: tuple[Terrain, ...] = ()) -> frozenset[Square]:
        """Every square whose terrain is none of ``kinds`` (found once per geometry: each search
        starts from such sets, less the squares its figures and items hold)."""
        found = self._kept.get(kinds)
        if found is None:
            found = frozenset(self.terrain)
            if kinds:
                found = found.difference(*[self.squares_of(kind) for kind in kinds])
            self._kept[kinds] = found
        return found

    def squares_of(self, kind: Terrain) -> tuple[Square, ...]:
        """The squares of one terrain, in the tables' order (found once per geometry, every terrain
        in one pass: the pits, the gears and the lines are asked for by every activation)."""
        found = self._of_terrain.get(id(kind))
        if found is None:
            by_kind: dict[int, list[Square]] = {id(t): [] for t in TERRAINS}  # by identity: a plain
            for sq, t in self.terrain.items():  # Enum's hash is a Python call, id() a builtin's
                by_kind[id(t)].append(sq)
            self._of_terrain.update((id(t), tuple(by_kind[id(t)])) for t in TERRAINS)
            found = self._of_terrain[id(kind)]
        return found

    def edges_of(self, passage: Passage) -> tuple[Edge, ...]:
        """The edges with one passage (the closed portcullises), sorted (found once per geometry)."""
        found = self._of_passage.get(passage)
        if found is None:
            found = tuple(sorted([e for e, p in self.passages.items() if p is passage]))
            self._of_passage[passage] = found
        return found


Blocks = dict[int | None, list[tuple[Square, Terrain]]]
Since = tuple[dict[Square, tuple[tuple[Square, Passage], ...]], frozenset[Square]]
EdgeBlocks = dict[int | None, list[tuple[Edge, Passage]]]


RoomTerrain = Callable[[int], Iterable[tuple[Square, Terrain]]]
"""A slot's squares and terrain in build order (none while its room is face down or unknown)."""
EdgePassage = Callable[[Square, Square], Passage]
"""What separates two existing neighbours now (the smaller square first)."""

BOARD_SQUARES = range(SQUARE_COUNT)
AROUND: tuple[tuple[Square, ...], ...] = tuple([
    tuple([step[0] for step in sides if step is not None]) for sides in zip(*AHEAD, strict=True)
])
"""Each square's neighbours on the board (north, east, south, west)."""
_NE_EDGES: tuple[tuple[tuple[Edge, Square], ...], ...] = tuple([
    tuple([(step[1], step[0]) for step in (north, east) if step is not None])
    for north, east in zip(AHEAD[Direction.NORTH], AHEAD[Direction.EAST], strict=True)
])
"""Each square's north then east edge with the square across it: one key object per edge, shared by
every geometry (no new tuple per edge and table: fewer objects for the cycle collector to walk). The
tables above are read from :data:`~solo.table.squares.AHEAD` in list comprehensions (at import: no
call per square, no generator per row)."""
_SLOT_SQUARES: dict[int, frozenset[Square]] = {slot: frozenset(slot_squares(slot)) for slot in SLOTS}
_SLOT_AROUND: dict[int, frozenset[Square]] = {
    slot: squares.union([n for sq in squares for n in AROUND[sq]]) for slot, squares in _SLOT_SQUARES.items()}
"""Each slot's squares and the squares next to them (what :func:`updated` lists again, where they are)."""
_SLOT_READ: dict[int, frozenset[int | None]] = {
    slot: frozenset([SQUARE_SLOTS[n] for sq in near for n in (sq, *AROUND[sq])])
    for slot, near in _SLOT_AROUND.items()}
"""The blocks listing an edge of a square of :data:`_SLOT_AROUND` (their own, and those next to them)."""
_SLOT_BLOCKS: dict[int, frozenset[int | None]] = {
    slot: frozenset([SQUARE_SLOTS[sq] for sq in near]) for slot, near in _SLOT_AROUND.items()}
"""The blocks holding a square of :data:`_SLOT_AROUND`."""


def built(room_terrain: RoomTerrain, edge_passage: EdgePassage) -> Geometry:
    """Every table from scratch (the reference that :func:`updated` must equal)."""
    lines = [(sq, Terrain.YELLOW_LINE) for sq in line_squares(YELLOW_RANK)]
    lines += [(sq, Terrain.BLUE_LINE) for sq in line_squares(BLUE_RANK)]
    blocks: Blocks = {None: lines}
    for slot in SLOTS:
        blocks[slot] = list(room_terrain(slot))
    terrain = dict(chain.from_iterable(blocks.values()))
    edge_blocks: EdgeBlocks = {}
    for block, squares in blocks.items():
        edge_blocks[block] = [(e, edge_passage(sq, other)) for sq, _ in squares
                              for e, other in _NE_EDGES[sq] if other in terrain]  # north, then east
    passages = dict(chain.from_iterable(edge_blocks.values()))
    neighbours: dict[Square, list[tuple[Square, Passage]]] = {sq: [] for sq in terrain}
    for (a, b), passage in passages.items():
        if passage is not WALL:
            neighbours[a].append((b, passage))
            neighbours[b].append((a, passage))
    return Geometry(terrain, passages, {sq: tuple(n) for sq, n in neighbours.items()}, blocks, edge_blocks)


def updated(
    old: Geometry,
    room_terrain: RoomTerrain,
    edge_passage: EdgePassage,
    slots: Iterable[int] = (),
    edges: Iterable[Edge] = (),
) -> Geometry:
    """The tables after the rooms of ``slots`` changed (turned, revealed, hidden) and the passages of
    ``edges`` changed: only the squares and edges they touch are computed again (the edges listed
    by the blocks holding them or next to them; the other blocks' lists are shared)."""
    changed_slots = frozenset(slots)
    changed_edges = frozenset(edges)
    blocks = _blocks(old, room_terrain, changed_slots)
    terrain = dict(chain.from_iterable(blocks.values())) if changed_slots else old.terrain
    touched: frozenset[Square] = frozenset().union(*(_SLOT_SQUARES[slot] for slot in changed_slots))
    around: frozenset[Square] = frozenset().union(*(_SLOT_AROUND[slot] for slot in changed_slots))
    again = set(around.intersection(terrain))
    """Squares whose neighbour list is made again: those of a changed room and around it, and
    those of an edge computed again."""
    again.update(x for e in changed_edges if e[0] in terrain and e[1] in terrain for x in e)
    redo = frozenset().union(*(_SLOT_BLOCKS[slot] for slot in changed_slots))
    redo |= {SQUARE_SLOTS[e[0]] for e in changed_edges}
    kept, shared = old.passages, old.edge_blocks
    same_squares = terrain is old.terrain or terrain.keys() == old.terrain.keys()
    edge_blocks: EdgeBlocks = {}
    for block, squares in blocks.items():
        if shared is not None and block not in redo:
            edge_blocks[block] = shared[block]  # no square of it, nor across its edges, changed
            continue
        if shared is not None and same_squares and block not in changed_slots:
            # The same squares everywhere and in this block: the same edges, in the same order; only
            # those to a changed room's square or changed themselves are computed again.
            edge_blocks[block] = [(e, edge_passage(*e)) if e[0] in touched or e[1] in touched
                                  or (changed_edges and e in changed_edges) else item
                                  for item in shared[block] for e in (item[0],)]
            continue
        items = edge_blocks[block] = []
        for sq, _ in squares:
            fresh = sq in touched
            for e, other in _NE_EDGES[sq]:
                if other not in terrain:
                    continue
                if fresh or other in touched or e in changed_edges:
                    items.append((e, edge_passage(sq, other)))
                else:
                    items.append((e, kept[e]))  # both squares unchanged: the edge was there
    passages = dict(chain.from_iterable(edge_blocks.values()))
    lists: dict[Square, list[tuple[Square, Passage]]] = {sq: [] for sq in again}
    # Every block listing an edge of theirs (an edge is listed by its own block only: one more block
    # read adds nothing to the lists, only the time to read it).
    read = frozenset().union(*(_SLOT_READ[slot] for slot in changed_slots))
    read |= {SQUARE_SLOTS[n] for e in changed_edges for sq in e for n in (sq, *AROUND[sq])}
    for block, items in edge_blocks.items():  # a full build's order: by edge, as listed
        if block not in read:
            continue
        for (a, b), passage in items:
            if passage is WALL:
                continue
            if a in lists:
                lists[a].append((b, passage))
            if b in lists:
                lists[b].append((a, passage))
    neighbours: dict[Square, tuple[tuple[Square, Passage], ...]]
    if same_squares:  # every other square's list as it was, in the terrain's order, a few replaced
        if terrain is old.terrain:
            neighbours = dict(old.neighbours)
        else:  # a room turned: its squares come in another order
            neighbours = dict.fromkeys(terrain, ())
            neighbours.update(old.neighbours)  # the same keys: each keeps the place the terrain gives it
        neighbours.update({sq: tuple(found) for sq, found in lists.items()})
    else:
        neighbours = {sq: tuple(lists[sq]) if sq in lists else old.neighbours[sq] for sq in terrain}
    since = (old.neighbours, touched.union(again))  # terrain changed on touched squares only
    if terrain is old.terrain:  # no room changed: the sets of squares found from it serve both
        return Geometry(terrain, passages, neighbours, blocks, edge_blocks, old._kept, old._of_terrain,
                        since=since)
    return Geometry(terrain, passages, neighbours, blocks, edge_blocks, since=since)


def with_passage(old: Geometry, e: Edge, passage: Passage) -> Geometry:
    """The tables with one edge's passage changed, neither from nor to a wall (a marker laid or
    lifted): the edge keeps its place in every table."""
    passages = dict(old.passages)
    passages[e] = passage
    neighbours = dict(old.neighbours)
    for sq, other in (e, e[::-1]):
        neighbours[sq] = tuple((n, passage if n == other else p) for n, p in old.neighbours[sq])
    edge_blocks = old.edge_blocks
    if edge_blocks is not None:
        block = SQUARE_SLOTS[e[0]]
        edge_blocks = dict(edge_blocks)
        edge_blocks[block] = [(x, passage if x == e else p) for x, p in edge_blocks[block]]
    # The same terrain object: the sets of squares found from it serve both (never edited); the
    # edges of each passage found on the old tables, less or plus this one.
    of_passage: dict[Passage, tuple[Edge, ...]] = {}
    before = old.passages[e]
    for kind, edges in old._of_passage.items():
        if kind is passage is not before:
            edges = tuple(sorted([*edges, e]))
        elif kind is before is not passage:
            edges = tuple([x for x in edges if x != e])
        of_passage[kind] = edges
    return Geometry(old.terrain, passages, neighbours, old.blocks, edge_blocks, old._kept, old._of_terrain,
                    of_passage, (old.neighbours, frozenset(e)))


def _blocks(old: Geometry, room_terrain: RoomTerrain, slots: frozenset[int]) -> Blocks:
    """The terrain's blocks in a full build's order (the starting lines, then the slots in turn),
    the blocks of ``slots`` made again."""
    blocks = old.blocks
    if blocks is None:
        blocks = {}
        for sq, kind in old.terrain.items():
            blocks.setdefault(SQUARE_SLOTS[sq], []).append((sq, kind))
        blocks = {block: blocks.get(block, []) for block in (None, *SLOTS)}
    if not slots:
        return blocks
    return {block: list(room_terrain(block)) if block in slots else squares
            for block, squares in blocks.items()}
