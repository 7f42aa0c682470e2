"""Advice on a room layout that is valid but probably not what its author meant.

Errors (a bad grid) are the loader's; these are warnings a room editor shows: squares that no
border opening can ever reach, a gear walled in. Connectivity is computed with networkx.
"""

from __future__ import annotations

import networkx as nx

from solo.content.rooms import FrameSide, Mark, RoomLayout, SquareKind
from solo.messages import Message, msg

_STEPS = ((FrameSide.UP, -1, 0), (FrameSide.DOWN, 1, 0), (FrameSide.LEFT, 0, -1), (FrameSide.RIGHT, 0, 1))


PASSABLE = frozenset({Mark.OPEN, Mark.PORTCULLIS})


def layout_graph(layout: RoomLayout, through: frozenset[Mark] = PASSABLE) -> nx.Graph:
    """The room's squares, linked across every edge whose mark is in ``through``; node "outside"
    stands for every border opening."""
    graph = nx.Graph()
    graph.add_node("outside")
    for (row, column) in layout.squares:
        graph.add_node((row, column))
        for side, dr, dc in _STEPS:
            mark = layout.mark(row, column, side)
            if mark not in through:
                continue
            other = (row + dr, column + dc)
            graph.add_edge((row, column), other if other in layout.squares else "outside")
    return graph


def room_warnings(layout: RoomLayout) -> list[Message]:
    """Warnings about squares a figure could never reach (messages: the edge words them)."""
    warnings: list[Message] = []
    graph = layout_graph(layout, frozenset({Mark.OPEN, Mark.PORTCULLIS, Mark.SLIT}))
    reachable = nx.node_connected_component(graph, "outside")
    cut_off = sorted(sq for sq in layout.squares if sq not in reachable)
    if cut_off:
        names = tuple(msg("row {row} column {column}", row=r, column=c) for r, c in cut_off)
        warnings.append(msg("no border opening leads to {squares}, even through portcullises", squares=names))
    if len(reachable) == 1:
        warnings.append(msg("the room has no opening on its border"))
    gear = layout.gear()
    if gear in cut_off:
        warnings.append(msg("the rotation gear cannot be reached"))
    pits = [sq for sq, kind in layout.squares.items() if kind is SquareKind.PIT]
    if len(pits) > 12:
        warnings.append(msg("{count} pits leave little floor for tokens", count=len(pits)))
    return warnings
