"""An objective's search settled only as far as the choice needs (solo/automaton/early.py,
AMB-SEARCH-EARLY, issue 16): the best options, the choice and every word of the explanation are those
of the search settled to its end, yet fewer states are settled."""

from __future__ import annotations

import copy
import importlib
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_activation_properties import SETTINGS, random_table

import solo.automaton.early as early
from solo.automaton.activation import run_activation
from solo.automaton.attacks import fireball_options
from solo.automaton.choice import best_options
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.automaton.goals import deliver_squares
from solo.automaton.options import Option
from solo.automaton.personal import current_objectives
from solo.automaton.table import ScriptedTable
from solo.automaton.true_cost import FINDERS, best_or_none
from solo.content.rooms import load_library
from solo.locations import RULES_DIR
from solo.table.growing import Growing
from solo.table.position import Position, Side
from solo.table.search import Reach
from solo.table.squares import square_name

ROOT = Path(__file__).resolve().parents[2]


def benchmark(name: str) -> Any:
    """A module of benchmarks/, without its setting of the user folder leaking into the other tests."""
    saved = os.environ.get("DT_SOLO_USER_DIR")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
        if saved is None:
            os.environ.pop("DT_SOLO_USER_DIR", None)
        else:
            os.environ["DT_SOLO_USER_DIR"] = saved


def bench_table(tmp: Path) -> Position:
    """The benchmark's demo board (benchmarks/bench_automaton.py)."""
    library = load_library(RULES_DIR / "rooms", tmp / "rooms")
    position: Position = benchmark("bench_automaton").build_position(library)
    return position


def crowded_table() -> Position:
    """The benchmark's crowded table (benchmarks/bench_perf.py: two rooms, ten NPCs, six objects)."""
    position: Position = benchmark("bench_perf").crowded_position()[0]
    return position


def seen(options: list[Option]) -> list[tuple[Any, ...]]:
    """What the choice reads of the best options: rank, cost, target, state, outcome, in order."""
    return [(o.rank, o.total, o.aim, o.target, o.state, o.outcome, o.data.get("how")) for o in options]


WAYS_TO_THE_WAND = [
    [("drop", "a13", "bow"), ("take", "a12", "wand"), ("take", "b14", "bow")],
    [("drop", "b12", "rope"), ("take", "a12", "wand"), ("take", "e16", "rope")],
    [("drop", "b13", "bow"), ("take", "a12", "wand"), ("take", "b14", "bow")],
    [("drop", "b13", "rope"), ("take", "a12", "wand"), ("take", "e16", "rope")],
    [("take", "a12", "wand")],
]
"""Serpico's five ways to the Wand at (4 AP, 19 squares) on the benchmark board, each leaving the
table otherwise: the Bow or the Rope taken on the way and left on the last valid square behind the
Wand on that way (S-OBJ-2, AMB-DROP-BACK-TRAIL), or nothing taken; S-PROX-3's die rolls between them."""


def board_changes(option: Option) -> list[tuple[str, str, str]]:
    """An option's board changes, squares named, in order."""
    return sorted((change[0], square_name(change[1]), change[2]) for change in option.state.delta)


def shown(position: Position, npc: str, cards: dict[str, Any]) -> tuple[Any, ...]:
    """Everything an activation shows: its JSON, its sentences, and the table after it."""
    table = copy.deepcopy(position)
    explanation = run_activation(table, npc, ScriptedTable(rng=random.Random(3)), cards=cards)
    after = sorted((c.id, c.at, c.carries, c.wounded) for c in table.characters.values())
    objects = sorted((o.kind, o.at) for o in table.objects)
    return explanation.to_json(), explanation.sentences(), after, objects


def test_serpico_takes_the_wand_from_a_search_stopped_early(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # S-PROX-4 then S-PROX-1/2: the Wand (rank 2 on his card) at 4 AP, 19 squares; no friendly wounded
    # lies on the table, so nothing can rank better: the ways dearer than (4, 19) are never settled.
    position = bench_table(tmp_path)
    cards = cards_of(position)
    npc = position.character("serpico")
    ctx = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards, budget=5)
    assert early.rank_floor(ctx, "take_object") == 1
    options = early.options_early(ctx, "take_object", 5)
    reach = ctx.reach(5)
    assert isinstance(reach, Growing) and reach.partial and reach.through == (4, 19)
    stopped = reach.settled
    whole = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards, budget=5)
    complete = whole.reach(5)
    every = FINDERS["take_object"](whole, complete, 5)
    assert stopped < complete.settled / 3  # 851 of 3,657 on this board
    assert seen(best_options(options)) == seen(best_options(every))
    assert [(o.target, o.rank, o.total) for o in best_options(options)] == [("wand on a12", 1, (4, 19))] * 5
    assert sorted(board_changes(o) for o in best_options(options)) == WAYS_TO_THE_WAND
    # The way played is the one the complete search keeps, and the activation reads the same.
    option = best_options(options)[0]
    assert reach.way_to_state(option.state) == complete.way_to_state(option.state) and reach.partial
    eager = shown(position, "serpico", cards)
    monkeypatch.setattr(early, "EARLY", frozenset())
    assert shown(position, "serpico", cards) == eager


def test_amystyn_aims_the_wand_she_picks_up_from_a_search_stopped_early(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # S-TAKE-7 on the crowded table: Amystyn takes the Wand on i2 (1 AP) and shoots it from the 4 AP
    # left; the Colossus ranks best among the Player's figures on her card, and a shot north from g3
    # eliminates it at (2 AP, 3 squares): no shot still unsettled can beat or tie it, so the ways
    # dearer than that are never settled (AMB-SEARCH-EARLY), and what she does is the same.
    position = crowded_table()
    cards = cards_of(position)
    reads: list[tuple[bool, int, list[tuple[Any, ...]]]] = []

    def spy(ctx: Context, reach: Reach, budget: int, aims: Any = None) -> list[Option]:
        found = fireball_options(ctx, reach, budget, aims)
        whole = ctx.reach()
        assert isinstance(whole, Growing)
        reads.append((whole.partial, whole.settled, seen(best_options(found)) if found else []))
        return found

    monkeypatch.setattr(early, "fireball_options", spy)
    lazy = shown(position, "amystyn", cards)
    steps = lazy[0]["steps"]
    assert [s["kind"] for s in steps[:5]] == ["move", "pick_up", "move", "move", "fireball"]
    assert steps[4]["direction"] == "north" and steps[4]["eliminated"] == ["p-colossus"]
    partial, settled, best = reads[-1]
    assert partial and [(b[0], b[1], b[3]) for b in best] == [(0, (2, 3), "p-colossus")]
    reads.clear()
    monkeypatch.setattr(early, "EARLY", frozenset())  # the complete search, read whole
    assert shown(position, "amystyn", cards) == lazy
    complete, every, whole_best = reads[-1]
    assert not complete and whole_best == best and settled < every / 4  # 83 of 547 nodes


def test_serpico_reads_each_settled_state_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # AMB-SEARCH-EARLY: the bound, worked out before any node is settled, puts the Wand's rank as the
    # floor (AMB-SEARCH-BOUND), and the search settles on, unread, until a state that took it: one
    # batch of 208 states, read once; upto_cost adds nothing, so that reading is the answer
    # (early.LOCAL), itself the complete search's best. (Two batches, of 26 then 182 states, while
    # the bound waited for 64 nodes settled, before issue 16 round 18.)
    position = bench_table(tmp_path)
    cards = cards_of(position)
    npc = position.character("serpico")
    finder, readings = FINDERS["take_object"], []

    def counted(ctx: Context, reach: Reach, budget: int) -> list[Option]:
        readings.append(len(reach.cost))
        return finder(ctx, reach, budget)

    monkeypatch.setitem(FINDERS, "take_object", counted)
    ctx = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards, budget=5)
    options = early.options_early(ctx, "take_object", 5)
    reach = ctx.reach(5)
    assert isinstance(reach, Growing) and reach.partial
    assert readings == [208] and sum(readings) == len(reach.settled_part().cost)
    assert seen(options) == seen(finder(ctx, reach.settled_part(), 5))
    assert [(o.target, o.total) for o in best_options(options)] == [("wand on a12", (4, 19))] * 5


@pytest.mark.parametrize(("npc_id", "mode", "reading", "best"), [
    ("xanth", "fight", [19], [("p-colossus", (3, 5))]),
    ("pere-bonsoins", "regroup", [4], [("wave-rick", (1, 2))]),
])
def test_an_objective_reads_the_same_settled_states_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, npc_id: str, mode: str, reading: list[int],
        best: list[tuple[str, tuple[int, int]]]) -> None:
    # AMB-SEARCH-EARLY (early.LOCAL): readings of the same settled states are made once. With the
    # bound worked out before any node is settled (issue 16 round 18), Xanth's first batch (19 states)
    # shows the Colossus at (3, 5); a blow adds 1 AP, so every state a blow that cheap starts from, up
    # to (2, 5), is among them (early.starts): nothing more is settled (settled on to (3, 5), 22
    # states read again, before issue 16 round 19). Père Bonsoins' first batch (4 states) shows
    # Wave-Rick, and nothing more is settled. (One reading of 22 and of 27 states while the bound
    # waited for 64 nodes settled; three readings each before early.LOCAL.)
    position = bench_table(tmp_path)
    cards = cards_of(position)
    finder, readings = FINDERS[mode], []

    def counted(ctx: Context, reach: Reach, budget: int) -> list[Option]:
        readings.append(len(reach.cost))
        return finder(ctx, reach, budget)

    monkeypatch.setitem(FINDERS, mode, counted)
    [quota] = [o.ap for o in cards[npc_id].objectives if o.mode == mode]
    ctx = Context(position, position.character(npc_id), cards[npc_id], Explanation(npc_id), cards=cards,
                  budget=quota)
    options = early.options_early(ctx, mode, quota)
    assert readings == reading
    assert [(o.target, o.total) for o in best_options(options)] == best
    assert seen(options) == seen(finder(ctx, ctx.reach(quota).settled_part(), quota))


def test_every_demo_board_activation_reads_the_same_without_stopping_early(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    position = bench_table(tmp_path)
    cards = cards_of(position)
    npcs = sorted(c.id for c in position.characters.values() if c.side is Side.NPC and c.id in cards)
    lazy = [shown(position, npc, cards) for npc in npcs]
    monkeypatch.setattr(early, "EARLY", frozenset())
    assert [shown(position, npc, cards) for npc in npcs] == lazy


def test_a_better_ranked_item_on_the_table_keeps_the_search_going(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A friendly wounded lying anywhere ranks first on Serpico's card: until its way is settled (or
    # the quota is), the Wand cannot be the answer, unless the wounded is out of reach by the bound
    # (AMB-SEARCH-BOUND): Arthos on d5 is more than 5 AP away, so the search stops at the Wand again.
    position = bench_table(tmp_path)
    position.characters["arthos"].wounded = True
    cards = cards_of(position)
    npc = position.character("serpico")
    whole = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards, budget=5)
    every = FINDERS["take_object"](whole, whole.reach(5), 5)
    for patience, partial in ((10**9, False), (early.PATIENCE, True)):
        monkeypatch.setattr(early, "PATIENCE", patience)
        ctx = Context(position, npc, cards["serpico"], Explanation("serpico"), cards=cards, budget=5)
        assert early.rank_floor(ctx, "take_object") == 0
        options = early.options_early(ctx, "take_object", 5)
        assert seen(best_options(options)) == seen(best_options(every))
        reach = ctx.reach(5)
        assert isinstance(reach, Growing) and reach.partial is partial
        if partial:
            assert reach.through == (4, 19) and reach.settled < whole.reach(5).settled / 3


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 5]))
def test_on_random_tables_the_best_options_are_those_of_the_complete_search(seed: int, horizon: int) -> None:
    position = random_table(seed)
    cards = cards_of(position)
    for npc in sorted(c.id for c in position.characters.values()
                      if c.side is Side.NPC and c.at is not None and not c.wounded and c.id in cards):
        character = position.character(npc)
        card = Context(position, character, cards[npc], Explanation(npc), cards=cards)
        for goal in current_objectives(card):
            ctx = Context(position, character, cards[npc], Explanation(npc), cards=cards, budget=horizon)
            whole = Context(position, character, cards[npc], Explanation(npc), cards=cards, budget=horizon)
            ctx.deliver = whole.deliver = goal.deliver
            found = early.options_early(ctx, goal.mode, horizon)
            reach: Reach = whole.reach(horizon, deliver_squares(whole) if goal.mode == "deliver"
                                       else frozenset())
            every = FINDERS[goal.mode](whole, reach, horizon)
            assert bool(found) == bool(every), (npc, goal.mode)
            if every:
                assert seen(best_options(found)) == seen(best_options(every)), (npc, goal.mode)
                within = [o for o in every if o.total[0] <= goal.ap]
                kept = [o for o in found if o.total[0] <= goal.ap]
                assert seen(best_or_none(kept)) == seen(best_or_none(within))


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_on_random_tables_an_activation_reads_the_same_without_stopping_early(seed: int) -> None:
    position = random_table(seed)
    cards = cards_of(position)
    npcs = sorted(c.id for c in position.characters.values()
                  if c.side is Side.NPC and c.at is not None and not c.wounded and c.id in cards)
    lazy = [shown(position, npc, cards) for npc in npcs]
    saved = early.EARLY
    early.EARLY = frozenset()
    try:
        assert [shown(position, npc, cards) for npc in npcs] == lazy
    finally:
        early.EARLY = saved


def test_serpico_s_objectives_after_the_wand_read_what_is_settled_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The demo NP turn (cards dealt as the benchmark deals them): Serpico takes the Wand with 4 AP and
    # looks at his objectives again with 1 AP left (S-TAKE-6). The bound, worked out first, shows no
    # exit and no Fight target within reach: every square in the rank or file of the Wizard he could
    # reach holding the Bow has a wall between (AMB-SEARCH-BOUND, sight); Rotation settles 14 nodes to
    # the gear on b11 at 0 AP. With the bound waiting for 64 nodes (as before issue 16 round 18), Exit
    # settles 96 nodes first, and Rotation reads the gear among them before settling any (it went on
    # to 198 nodes before). Either way the turn is the one of complete searches, every word of it.
    from solo.automaton.turn import run_np_turn

    position = bench_table(tmp_path)
    reads: list[tuple[str, str, int, int, list[tuple[int, int]]]] = []
    settle = early._settle_early

    def spy(ctx: Context, mode: str, horizon: int, reach: Growing, finder: Any, rank: int | None
            ) -> list[Option]:
        before = reach.settled
        found = settle(ctx, mode, horizon, reach, finder, rank)
        reads.append((ctx.npc.id, mode, before, reach.settled, [o.total for o in best_or_none(found)]))
        return found

    def turn() -> tuple[Any, ...]:
        reads.clear()
        table = copy.deepcopy(position)
        record = run_np_turn(table, ScriptedTable(rng=random.Random(1)))
        texts = [e.sentences() for e in record.activations]
        return record.to_json(), texts, sorted((c.id, c.at, c.carries) for c in table.characters.values())

    def research() -> list[tuple[str, int, int, list[tuple[int, int]]]]:
        serpico = [(mode, before, after, best)
                   for npc, mode, before, after, best in reads if npc == "serpico"]
        assert serpico[0][0] == "take_object" and serpico[0][2] > 0
        return serpico[1:]

    monkeypatch.setattr(early, "_settle_early", spy)
    lazy = turn()
    assert research() == [("exit", 0, 0, []), ("fight", 0, 0, []), ("regroup", 0, 0, []),
                          ("rotation", 0, 14, [(0, 2)])]
    monkeypatch.setattr(early, "PATIENCE", 64)
    assert turn() == lazy
    assert research() == [("exit", 0, 96, []), ("fight", 96, 96, []), ("regroup", 96, 96, []),
                          ("rotation", 96, 96, [(0, 2)])]
    monkeypatch.setattr(early, "EARLY", frozenset())
    assert turn() == lazy


def test_serpico_s_fight_after_the_wand_reads_no_more_than_his_free_steps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Serpico's activation on the demo board: he takes the Wand on a12 (4 AP), the Bow he swapped for it
    # left on a13, and looks at his objectives again with 1 AP left and 4 steps of his move (S-TAKE-6).
    # His card ranks the Wand above the Bow and no friend stands within those steps, so no state of
    # 0 AP holds the Bow (bound.bow_late, AMB-SEARCH-BOUND): no shot can start within the 1 AP, and
    # the blow at the Wizard from c15 (1 AP, 5 squares) is the answer once the ways it can start from,
    # up to (0 AP, 5 squares), are settled (a blow adds 1 AP, early.starts). (His whole 1-AP search,
    # 274 nodes, was settled before issue 16 round 19; then up to (1, 5), 100 nodes.)
    position = bench_table(tmp_path)
    cards = cards_of(position)
    reads: list[tuple[str, int, int, bool, list[tuple[int, int]]]] = []
    settle = early._settle_early

    def spy(ctx: Context, mode: str, horizon: int, reach: Growing, finder: Any, rank: int | None
            ) -> list[Option]:
        before = reach.settled
        found = settle(ctx, mode, horizon, reach, finder, rank)
        reads.append((mode, before, reach.settled, reach.partial, [o.total for o in best_or_none(found)]))
        return found

    monkeypatch.setattr(early, "_settle_early", spy)
    lazy = shown(position, "serpico", cards)
    assert [s["kind"] for s in lazy[0]["steps"]][-3:] == ["swap", "move", "attack"]
    assert reads[0][0] == "take_object"
    assert reads[1:] == [("exit", 0, 0, True, []), ("fight", 0, 28, True, [(1, 5)])]
    monkeypatch.setattr(early, "EARLY", frozenset())
    assert shown(position, "serpico", cards) == lazy


@pytest.mark.parametrize(("npc_id", "mode", "quota", "settled", "through", "best"), [
    ("wave-rick", "repulse", 4, 14, (1, 2), [("p-cleric", (3, 2))]),
    ("nolock", "open_portcullis", 4, 6, (1, 1), [("i11-i12", (2, 1))]),
])
def test_the_ways_a_final_action_adds_are_not_settled(
        tmp_path: Path, npc_id: str, mode: str, quota: int, settled: int, through: tuple[int, int],
        best: list[tuple[str, tuple[int, int]]]) -> None:
    # AMB-SEARCH-EARLY (early.starts): a scream adds 2 AP to the state it starts from (S-REPULSE-1),
    # an open 1 (S-OPEN-1), and no square: every option as cheap as the best starts from a state
    # settled once the ways up to the best's cost less those AP are, and the search stops there with
    # the complete search's best options. (Settled on to the best's own cost before issue 16 round
    # 19: 61 and 22 nodes.)
    position = bench_table(tmp_path)
    cards = cards_of(position)
    npc = position.character(npc_id)
    ctx = Context(position, npc, cards[npc_id], Explanation(npc_id), cards=cards, budget=quota)
    found = early.options_early(ctx, mode, quota)
    reach = ctx.reach(quota)
    assert isinstance(reach, Growing) and reach.partial
    assert (reach.settled, reach.through) == (settled, through)
    assert [(o.target, o.total) for o in best_options(found)] == best
    whole = Context(position, npc, cards[npc_id], Explanation(npc_id), cards=cards, budget=quota)
    every = FINDERS[mode](whole, whole.reach(quota), quota)
    assert seen(best_options(found)) == seen(best_options(every))
