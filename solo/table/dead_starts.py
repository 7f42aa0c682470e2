"""Dead starts: a move started where the last one stopped, which can find nothing new (issue 16 item 1).

The rule. In an NPC's search (``solo.table.search``; a policy that starts and settles plain,
``PriorityPickups``, every tie kept: within the bound), a move M (square q, s >= 1 steps left, item
i, changes D, jumps j, no trail summary) popped at cost c and kept stops on q: the loop queues the
rest node R (q, i, D, j) at c, its entry holding M. When R pops from that entry (a push of R after
it costs at least c: refused) it starts the next move S (q, m steps: the class's movement) at
c + 1 AP. S is *dead* when each side of q is one of: a plain square n (the fast path's: floor, gear
or own line, no item, no pit, not the exit line) with no figure on it, which D's item changes leave
alone, not behind a portcullis; the exit line; the square of an enemy the NPC may not pass; a
portcullis, D holding no portcullis change where q has one; and when S's steps cost less than the bound
(c + 1 AP + 1 square < its cost).

Lemma 1: nothing S's pop would push is ever expanded. Its stop is R, queued at c < c + 1 AP: refused.
Its exits: M, with a step left, the same item and changes, tried each one at c + 1 square (pushed,
or refused for a cheaper one: ``Mover.may_exit`` reads only the square); S's, dearer, is refused.
A blocking enemy is refused whatever the node (``Mover.may_enter``); a closed portcullis is passed
by neither. A plain side n: S's step v = (n, m - 1, i, D, j) at x = c + 1 AP + 1 square. M's step
to n queued (n, s - 1, i, D, j) at c + 1 square, or found it dominated; by the kept-node lemma
(``solo.table.marks``: a node queued, or found dominated, is popped and kept, or dominated by a kept
node of its identity, cheaper with as many steps, or as cheap with the same changes and as many) a
node K of that identity (its item changes D's, so n unchanged for it) is kept at k <= c + 1 square,
with the changes D if k is c + 1 square. On n, a valid stop with any item (``Mover.stop_with``: no
item lies there), K's stop queues its rest node at k, and a rest node of that identity is kept at k
at most (dropped only for one kept cheaper: an NPC's ties are all kept); its start, queued when it
pops (before S's turn, at c + 1 AP), or the kept node that dominates it, has m >= m - 1 steps at a
cost of at most k + 1 AP <= x, with the changes D if it is x, so v is refused at its push, or popped
after it and dropped (its own moves end within the bound: the rest node is expanded, not set aside).

What the search does instead. A start S that R, popped from an entry holding a move M as above, pushes
within the bound's costs is queued as any start (its cost, link and its identity's record,
``Kept.doomed``), but its entry is :data:`GHOST` (a stale entry: the search notes its cost as -1), then
(record, S, the squares S's changes touch, its portcullis changes, what a step's identity holds of
items). At its turn, in S's place, :meth:`DeadStarts.replay` reads q's sides (once per square and
search) and S's changes: when S is not dead, the loop pops S itself, there (S is pushed only as a start,
1 AP above a rest node's pop, so no push after R's lowers its cost). Where q's sides were read already
and forbid a dead start (:attr:`DeadStarts.ends` None), S's entry is S itself: the same pop, at the same
place in the queue, without the replay. When S is dead it does what S's pop does that the rest of the
search reads: ``Kept.moving`` with S's record (dropped, S's pop ends there too), then, for each plain
side, the cost S's step notes: v's noted cost becomes x where it was higher (or none) and no popped node
of v's identity dominates it (``Kept.doomed``'s POPPED: at x, above every pop so far, a record of as
many steps at a lower cost); pushed or noted as queued, v's cost is noted alike. What it leaves out: the
append to the settled order, S's stop and exits (refused), and the queue fields ``Kept.doomed`` writes
for a v it would push (the last node of its identity queued), with that push and its pop (dropped, by
lemma 1).

Theorem: with the rule a search expands the same nodes, in the same order, at the same costs by the
same links, and notes the same cost for every node; so every reach it gives (bounded, lazy, continued
past its bound) is the same. By induction over the pops. The records' pop fields change only when a
node is popped (``Kept.moving``); a node it drops changes them only at the first pop of a new cost
(the last cost's most steps folded, the rest cleared), which is what the next pop at that cost does
first: one dropped pop more or less leaves every later answer of ``Kept.moving``, and POPPED answers
of ``Kept.doomed``, alike (with trails, the steps ``Kept.moving`` notes of any pop at its cost are no
more than those of the kept node that dominates it, noted at its own, no higher, cost). A push notes
its cost when it is below the noted one and not POPPED, whether queued or noted as queued: the same
pops, the same pushes, the same noted costs. The queue fields may differ, and with them whether a
later push is queued or noted as queued (QUEUED: the node would be dropped when popped); either
way the same cost is noted, and a node one search queues where the other does not is dominated, so
it is dropped when popped: a dropped pop more. The part of the search past the bound reads the same
costs and pop fields (and queue fields only for a node queued within it, popped by then). The noted
costs matter there: beyond the bound a node's identity is coarser (the Player's), so the records of
its finer identity within the bound no longer dominate it, and a noted cost is what refuses a node
there (left out, they changed the far reach of the first Serpico board of
``tests/table/test_dead_starts.py``: ways lost at 4 AP).

Only the settled order is shorter: by the dead starts, and by the nodes they pushed only to drop
them. Its length is what a lazy search's ``Growing.seek`` compares with ``most`` and what the
automaton's early bound (``solo.automaton.early``, PATIENCE) reads: with fewer nodes counted at the
same point they may settle further before they stop (the same decisions, AMB-SEARCH-EARLY and
AMB-SEARCH-BOUND). What it saves (round 16, Serpico's 5-AP search on the demo board): 2,334 nodes
settled instead of 2,503 (1.48 times its 1,577 inherent states instead of 1.59), 165 dead starts, each
about 190 bytecodes of pop and ``Kept.doomed`` for 140 of replay; the sides of a square read cost
about 75 (a lazy search, which stops early, reads about 1.5 squares a dead start: there it about
breaks even). The noted costs are most of the replay.
"""

from __future__ import annotations

from typing import Any

from solo.table.marks import Kept, Marked, Marks
from solo.table.movement import EMPTY, Delta
from solo.table.passages import Passages
from solo.table.squares import SQUARE_COUNT, Square
from solo.table.ways import Node

ON = True
"""Whether an NPC's search leaves its dead starts unexpanded (read as a search begins; tests compare)."""

GHOST: Any = object()
"""What the queue holds in a dead start's place (then its :data:`Entry`): no node, so a stale entry."""

Entry = tuple[Any, Node, dict[Square, tuple[str, ...]], Delta, Marked]
"""What the queue holds after :data:`GHOST`: the start's identity record, the start, the squares its
changes touch, its portcullis changes, and what the identity of a step from it holds of items."""

UNKNOWN: Any = ...
"""A square whose :data:`Ends` are not read yet."""

Ends = tuple[tuple[Square, ...], bool] | None
"""A square's sides as a dead start reads them: its plain neighbours (not behind a portcullis), and
whether a portcullis is on a side; None when a side forbids a dead start."""


class DeadStarts:
    """One search's dead starts: each told and noted at its turn (:meth:`replay`)."""

    def __init__(self, passages: Passages, marks: Marks, kept: Kept, dist: dict[Node, int]) -> None:
        self.passages, self.marks, self.kept, self.dist = passages, marks, kept, dist
        self.on = ON and passages.starts_plain
        """The rule as switched when the search began (a lazy search settles on later)."""
        self.ends: list[Ends] = [UNKNOWN] * SQUARE_COUNT
        """:data:`Ends` by square number (:data:`UNKNOWN` until read)."""
        self.clear: frozenset[Square] | None = None
        """The plain squares with no figure (found at the first read)."""
        dist[GHOST] = -1

    def below(self, max_cost: int | None) -> int:
        """The costs a dead start is queued below: its steps' within the bound, and only while every
        tie is kept (an NPC's search within its bound); -1 when none is."""
        if not self.on or not self.kept.keep_ties:
            return -1
        return 1 << 62 if max_cost is None else max_cost - 1

    def ends_at(self, sq: Square) -> Ends:
        """:data:`Ends` of ``sq``. A plain square (the fast path's) with no figure is a valid stop with
        any item or none (``Mover.stop_with``: no item lies there, no pit, not the exit line)."""
        passages, mover, clear = self.passages, self.passages.mover, self.clear
        if clear is None:  # the first read of this search
            clear = self.clear = passages.plain.difference(mover.friends, mover.enemies)
        plain: list[Square] = []
        gated = False
        for nxt, side, _ in passages.steps.get(sq) or passages.steps_at(sq):
            if side is not None:
                gated = True  # closed unless the changes opened it
            elif nxt in clear:
                plain.append(nxt)
            elif mover.geometry.terrain[nxt] is not mover.exit_line and nxt not in mover.blocked:
                return None
        return tuple(plain), gated

    def replay(self, entry: Entry, cost: int) -> bool:
        """A start's turn at ``cost`` that may be a dead start: its pop's record and the cost each of its
        steps notes, if it is one; False when it is not (the loop pops it as it is)."""
        held, start, changed, edges, marked = entry
        sq, steps, carried, delta, jumps, _ = start
        ends = self.ends[sq]
        if ends is UNKNOWN:
            ends = self.ends[sq] = self.ends_at(sq)
        if ends is None or (edges and ends[1]) or (changed and not changed.keys().isdisjoint(ends[0])):
            return False
        if not self.kept.moving(held, cost, steps, delta, EMPTY):
            return True
        dist, records, opened_on = self.dist, self.kept.moving_best, self.marks.opened_on
        step_cost, left = cost + 1, steps - 1
        for nxt in ends[0]:
            moved = (nxt, left, carried, delta, jumps, None)
            old = dist.get(moved)
            if old is None or old > step_cost:  # Kept.doomed's POPPED, at a cost above every pop's
                opened = opened_on(edges, nxt) if edges else EMPTY
                record = records.get((nxt, carried, jumps, marked, opened, None))
                if record is None or (record[1] < left and record[3] < left):
                    dist[moved] = step_cost
        return True
