"""The true cost of an objective out of reach (formats.md §4 `cost`, issue 14 item 7, AMB-TRUE-COST)
is worked out when it is first read, on the table as it was examined (AMB-TRUE-COST-SHOWN): every
mode gives its cheapest cost however far in one kind of sentence, in English and French, and reading
it later, in any order, gives what working it out at once gives."""

from __future__ import annotations

import copy
import gc
import os
import pickle
import random
import weakref

import pytest
from corridor_boards import build, card, corridors, exam, sq
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_activation_properties import random_table

import solo.automaton.true_cost as true_cost
from solo.automaton.activation import run_activation
from solo.automaton.explanation import Explanation, reason_of
from solo.automaton.table import ScriptedTable
from solo.formats.position_writer import write_position
from solo.table.position import Position
from solo.table.words import renderer

# A Telepath (3 squares a move) whose largest quota is 2: whatever costs more is beyond the search
# within the quota, and only the continued search can give its cost.
WALKER = card("telepath", "exit 1*, fight 2, take_object 2, reveal 2, regroup 1, rotation 1", ["spear"],
              ["cleric"])
WALKER_AND_CLERIC = "- {id: npc, side: npc, card: x, at: a10}\n- {id: c, side: player, class: cleric, at: a1}"
CORRIDOR = " ".join(f"a{r}" for r in range(1, 11))  # a1 ... a10, walled off from the yellow line


def _explained(position: Position) -> Explanation:
    return run_activation(position, "npc", ScriptedTable())


def _french(position: Position, explanation: Explanation, mode: str) -> str:
    return renderer("fr", position)(reason_of(exam(explanation, mode)))


def test_a_fight_beyond_the_quota_shows_its_whole_cost_in_english_and_french() -> None:
    # S-FIGHT-1: melee from a2, next to the Cleric on a1: a10 to a2 is 8 squares, 3 moves of at most
    # 3 (3 AP) and the attack (1 AP): 4 AP, more than the fight's 2 and the card's largest quota (2).
    position = build(WALKER_AND_CLERIC, {"x": WALKER}, grids=corridors(CORRIDOR))
    explanation = _explained(position)
    out = exam(explanation, "fight")
    assert (out.achievable, out.cost, out.target) == (False, (4, 8), "c")
    assert out.reason == "Fight costs 4 AP (the Cleric), more than its 2"
    assert _french(position, explanation, "fight") == "Combattre coûte 4 PA (le Clerc), plus que ses 2"
    assert explanation.to_json()["objectives"][1]["cost"] == {"ap": 4, "squares": 8}


def test_an_object_beyond_the_quota_shows_its_whole_cost_in_english_and_french() -> None:
    # S-TAKE-1: the Spear on a1, 9 squares from a10: 3 moves (3 AP), taken on entering (no AP).
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     objects="- {kind: spear, at: a1}", grids=corridors(CORRIDOR))
    explanation = _explained(position)
    out = exam(explanation, "take_object")
    assert (out.achievable, out.cost, out.target) == (False, (3, 9), "a1")
    assert out.reason == "Take object costs 3 AP (the Telescoping spear on a1), more than its 2"
    assert _french(position, explanation, "take_object") == (
        "Prendre objet coûte 3 PA (la Lance télescopique en a1), plus que ses 2")


def test_a_reveal_beyond_the_quota_shows_its_whole_cost_in_english_and_french() -> None:
    # S-REVEAL-NPC-1: room 5 lies face down past a10; from a1, 9 squares to a10 (3 AP), the reveal 1 AP.
    position = build("- {id: npc, side: npc, card: x, at: a1}", {"x": WALKER},
                     grids=corridors(CORRIDOR + " a11"), rooms={5: "hidden"})
    explanation = _explained(position)
    out = exam(explanation, "reveal")
    assert (out.achievable, out.cost, out.target) == (False, (4, 9), 5)
    assert out.reason == "Reveal room costs 4 AP (room 5), more than its 2"
    assert _french(position, explanation, "reveal") == "Révéler salle coûte 4 PA (la salle 5), plus que ses 2"


def test_modes_walled_off_keep_a_null_cost_in_english_and_french() -> None:
    # The corridor never reaches the yellow line, and there is no enemy, friend or gear to reach.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER}, grids=corridors(CORRIDOR))
    explanation = _explained(position)
    for mode in ("exit", "fight", "take_object", "regroup"):
        out = exam(explanation, mode)
        assert (out.cost, out.target, out.reason) == (None, None, "nothing to aim at on the known table")
        assert _french(position, explanation, mode) == "aucune cible sur la table connue"


def test_the_cost_is_read_on_the_table_as_it_was_examined() -> None:
    # The exit (4 AP from a10, AMB-TRUE-COST) is out of reach; the NPC then walks 1 AP (3 squares)
    # towards it, its default objective (S-ACT-5). The cost is not worked out until read: read after
    # the move, and after the NPC has even left the table, it is still the cost from a10.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1))))
    explanation = _explained(position)
    first = explanation.objectives[0]
    assert first.mode == "exit" and first.later is not None  # not worked out yet
    assert position.character("npc").at is not None and explanation.end == "a7"
    del position.characters["npc"]
    assert (first.cost, first.target) == ((4, 10), "a0")
    assert first.later is None
    assert first.reason == "Exit costs 4 AP (a0), more than its 1"


def test_what_is_moved_after_the_exam_does_not_change_the_cost_read() -> None:
    # The Cleric and the Spear, moved next to the NPC once its activation is over (the app or the
    # next activation moves pieces): the costs read are still those of the table it examined.
    position = build(WALKER_AND_CLERIC, {"x": WALKER}, objects="- {kind: spear, at: a2}",
                     grids=corridors(CORRIDOR))
    explanation = _explained(position)
    assert all(o.later is not None for o in explanation.objectives if o.mode in ("fight", "take_object"))
    position.character("c").at = sq("a8")
    position.objects[0].at = sq("a9")
    assert exam(explanation, "fight").cost == (4, 8)
    assert exam(explanation, "take_object").cost == (3, 8)


def test_an_explanation_let_go_takes_its_copy_of_the_table_with_it() -> None:
    # No reference cycle through the costs left to work out: dropped, the explanation and the copy
    # of the table it holds are freed at once, without the cycle collector (a game keeps only its
    # last NP turn; a search keeps the cycle collector off while it runs).
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1))))
    enabled = gc.isenabled()
    gc.disable()
    try:
        explanation = _explained(position)
        later = explanation.objectives[0].later
        assert later is not None
        frozen = weakref.ref(later.func.__self__._frozen)  # type: ignore[attr-defined]
        gone = weakref.ref(explanation)
        del explanation, later
        assert gone() is None and frozen() is None
    finally:
        if enabled:
            gc.enable()


def test_explanations_compare_by_what_they_read_whether_worked_out_or_not() -> None:
    # The app's undo compares an NP turn replayed with the one played (tests/ui/test_undo_property):
    # two activations on equal tables are equal, costs worked out or not; a different cost is not.
    grids = corridors(" ".join(f"a{r}" for r in range(10, -1, -1)))
    first, second, nearer = (_explained(build(f"- {{id: npc, side: npc, card: x, at: {at}}}", {"x": WALKER},
                                              grids=grids)) for at in ("a10", "a10", "a9"))
    assert first.objectives[0].later is not None and second.objectives[0].later is not None
    assert first == second
    assert first.objectives[0] != nearer.objectives[0]  # exit: (4, 10) from a10, (3, 9) from a9
    assert second.objectives[0].cost == (4, 10) and nearer.objectives[0].cost == (3, 9)


def test_an_explanation_copied_or_pickled_carries_its_costs() -> None:
    # A copy (the app's undo, a save) or a pickle (simulate's worker processes) is worked out first.
    position = build("- {id: npc, side: npc, card: x, at: a10}", {"x": WALKER},
                     grids=corridors(" ".join(f"a{r}" for r in range(10, -1, -1))))
    for duplicate in (copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))):
        explanation = _explained(copy.deepcopy(position))
        twin = duplicate(explanation)
        assert all(o.later is None for o in twin.objectives)
        assert twin.objectives[0].cost == explanation.objectives[0].cost == (4, 10)
        assert twin.objectives[0].reason == "Exit costs 4 AP (a0), more than its 1"
    exam = _explained(copy.deepcopy(position)).objectives[0]
    twin = copy.copy(exam)
    assert exam.later is None and twin.later is None and twin.cost == (4, 10)


def test_switched_off_the_true_costs_are_not_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # The benchmark's comparison (issue 16): off, an objective out of reach reads as if nothing could
    # be reached; at once, the cost is known before the activation returns.
    grids = corridors(" ".join(f"a{r}" for r in range(10, -1, -1)))
    monkeypatch.setattr(true_cost, "WHEN", "off")
    walker = "- {id: npc, side: npc, card: x, at: a10}"
    off = exam(_explained(build(walker, {"x": WALKER}, grids=grids)), "exit")
    assert (off.cost, off.reason) == (None, "nothing to aim at on the known table")
    monkeypatch.setattr(true_cost, "WHEN", "now")
    now = _explained(build(walker, {"x": WALKER}, grids=grids))
    assert now.objectives[0].later is None and now.objectives[0].cost == (4, 10)


def _record(position: Position, npc: str, when: str, backwards: bool) -> list[str]:
    """The activation's JSON, its sentences in both languages and the table after, with the true
    costs worked out ``when`` (read last objective first with ``backwards``)."""
    true_cost.WHEN = when  # type: ignore[assignment]
    try:
        explanation = run_activation(position, npc, ScriptedTable(rng=random.Random(3)))
    finally:
        true_cost.WHEN = "shown"
    if backwards:
        _ = [o.cost for o in reversed(explanation.objectives)]
    return [repr(explanation.to_json()), *explanation.sentences(renderer("en", position)),
            *explanation.sentences(renderer("fr", position)), write_position(position)]


@settings(max_examples=int(os.environ.get("DT_SOLO_PROPERTY_EXAMPLES", "40")) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_reading_the_costs_later_gives_what_working_them_out_at_once(seed: int, backwards: bool) -> None:
    # AMB-TRUE-COST-SHOWN: on random tables, every NPC's activation reads the same, word for word in
    # both languages, with the same table after, whether its true costs were worked out at once or
    # read afterwards (the table changed meanwhile), in the order examined or the other way round.
    position = random_table(seed)
    for npc in sorted(c.id for c in position.characters.values() if c.card is not None and not c.wounded):
        now = _record(copy.deepcopy(position), npc, "now", False)
        shown = _record(copy.deepcopy(position), npc, "shown", backwards)
        assert shown == now, npc
