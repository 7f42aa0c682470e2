"""The search's set-up decided with less work, as the full work decides it (issue 16).

``Trails.summary`` answers None for a start holding nothing, with no changes, when no friend nor a
pit holding a Rope or a wounded lies within reach (``Trails.sources``), without the counts; and
``Mover.jumpable_pits`` finds the pits with no figure on them from the pits alone. Both are checked
against the full work on dense boards (pits, Ropes in them, friends, wounded), where each answer
occurs.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from builders import make_position

from solo.automaton.pickups import NpcPickups
from solo.errors import DataError
from solo.table.board import Terrain
from solo.table.carrying import PriorityPickups
from solo.table.movement import EMPTY, Means, Mover
from solo.table.position import Position
from solo.table.squares import square_name
from solo.table.trails import Trails
from solo.table.ways import REST

sys.path.insert(0, str(Path(__file__).parent))
from test_search_trails import LISTED, dense_boards, friend_ranks, standing_friends


def test_a_start_summary_decided_none_early_is_the_counts_answer() -> None:
    # Trails.summary's early None (no friend nor a pit with a Rope or a wounded within reach) is
    # Trails.read's answer, the counts' own; and both answers occur, the early one too.
    early = other = 0
    for friends in (False, True):
        for _, rng, position in dense_boards(range(200), carrying_friends=friends):
            priority = tuple(rng.sample(LISTED, 3))
            ranks = friend_ranks(rng, standing_friends(position)) if friends else None
            policy = (NpcPickups(priority, friend_ranks=ranks, exact_trails=True) if ranks
                      else PriorityPickups(priority, exact_trails=True))
            character = position.character("mover")
            mover = Mover(position, character)
            bound = rng.choice([0, 1, 2, None])
            for carried0 in (None, character.carried_item()):
                trails = Trails(mover, policy, Means(max_ap=bound), bound, carried0, {})
                full = Trails(mover, policy, Means(max_ap=bound), bound, carried0, {})
                for sq in rng.sample(sorted(position.board.geometry().terrain), 8):
                    for steps, ap in ((REST, 0), (rng.randint(0, 4), rng.randint(0, 2))):
                        found = trails.summary(sq, steps, None, EMPTY, ap, ())
                        assert found == full.read(sq, steps, None, EMPTY, ap, ()), (sq, steps, ap)
                        early += found is None and not trails.ready
                        other += trails.ready
    assert early > 100 and other > 100


def _pits_board(rng: random.Random) -> Position:
    """A 5x5 room (its gear on a1), half of it pits, each with a Rope, figures of both sides standing
    on some of them (holding the Rope) or lying wounded (on it); the mover on a square that is not one."""
    rows = []
    for i in range(11):
        cells = ["+" if i % 2 == 0 and j % 2 == 0 else " " if (i + j) % 2 else
                 "G" if (i, j) == (1, 1) else rng.choice(".O") for j in range(11)]
        rows.append("".join(cells))
    grid = "\n".join(rows) + "\n"
    terrain = make_position(grids={1: grid}).board.geometry().terrain
    pits = sorted(sq for sq, kind in terrain.items() if kind is Terrain.PIT)
    plain = sorted(sq for sq, kind in terrain.items() if kind is not Terrain.PIT)
    characters = [f"- {{id: mover, side: player, class: cleric, at: {square_name(plain[0])}}}"]
    cards = ["serpico", "arthos"]
    ropes = set(pits)
    for index, sq in enumerate(rng.sample(pits, rng.randint(0, len(pits)))):
        side = "player" if not cards or rng.random() < 0.5 else f"npc, card: {cards.pop()}"
        figure = f"id: f{index}, side: {side}, at: {square_name(sq)}"
        if rng.random() < 0.5:
            figure += ", wounded: true"  # lying on the Rope
        else:
            figure += ", carries: rope"  # standing on it, holding it (AMB-B-CARRY)
            ropes.discard(sq)
        characters.append(f"- {{{figure}}}" if "card" in side else f"- {{{figure}, class: cleric}}")
    objects = "\n".join(f"- {{kind: rope, at: {square_name(sq)}}}" for sq in sorted(ropes))
    return make_position(characters="\n".join(characters), objects=objects, grids={1: grid})


def test_the_jumpable_pits_are_those_with_no_figure_on_them() -> None:
    # Mover.jumpable_pits: the pits Mover.pit_jumpable allows on the unchanged table, each answer met.
    rng = random.Random(7)
    kept = refused = 0
    for _ in range(100):
        try:
            position = _pits_board(rng)
        except DataError:
            continue
        mover = Mover(position, position.character("mover"))
        found = mover.jumpable_pits()
        assert found == {p for p in mover.static.pits if mover.pit_jumpable(p, EMPTY)}
        kept += len(found)
        refused += len(mover.static.pits) - len(found)
    assert kept > 50 and refused > 50
