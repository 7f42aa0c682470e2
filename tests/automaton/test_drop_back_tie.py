"""The automaton reads the last valid square on every way of equal cost (AMB-DROP-BACK-TRAIL, exact
trails): ways that leave the old object on two squares are two outcomes, and S-PROX-3's die rolls."""

from __future__ import annotations

import json
from typing import Any

import pytest
from builders import make_position

from solo import records
from solo.automaton.activation import run_activation
from solo.automaton.context import Context
from solo.automaton.table import ScriptedTable
from solo.i18n import render
from solo.table.position import Position
from solo.table.squares import square_name

CARD = {
    "format": "dt-solo-card/1", "name": "Test NPC", "class": "backstabber",
    "objectives": [{"mode": "take_object", "ap": 1, "default": True}, {"mode": "exit", "ap": 5},
                   {"mode": "fight", "ap": 4}, {"mode": "reveal", "ap": 3}, {"mode": "rotation", "ap": 2},
                   {"mode": "regroup", "ap": 2}],
    "objects": ["wand", "rope", "key"],
    "characters": ["cleric", "wizard", "banshee", "backstabber", "naga", "mechanork", "telepath", "colossus"],
    "personality": {"text": "", "effects": []}, "source": "custom", "unknown": [],
}


def key_and_wand() -> Position:
    """The NPC on c4 with the Key, the Wand on d5: through c5 or d4, 1 AP and 2 squares each."""
    position = make_position(characters="- {id: mover, side: npc, card: t, at: c4, carries: key}",
                             objects="- {kind: wand, at: d5}", extra="cards: " + json.dumps({"t": CARD}))
    assert position.status() == []
    return position


@pytest.fixture
def one_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """The automaton's policy keeping one way per node (``exact_trails=False``, for comparison)."""
    policy = Context.policy

    def merged(self: Context, *args: Any, **kwargs: Any) -> Any:
        return records.replace(policy(self, *args, **kwargs), exact_trails=False)

    monkeypatch.setattr(Context, "policy", merged)


@pytest.mark.usefixtures("one_way")
def test_one_way_per_node_leaves_the_key_on_the_square_of_the_first_way_found() -> None:
    # AMB-DROP-BACK-TRAIL: a search keeping one way per node sees one outcome only: no die.
    position = key_and_wand()
    explanation = run_activation(position, "mover", ScriptedTable(dice=[2]))
    assert explanation.end == "d5" and explanation.ties == []
    assert {square_name(o.at): o.kind for o in position.objects if o.at is not None} == {"c5": "key"}


@pytest.mark.parametrize(("die", "left_on"), [(1, "c5"), (2, "d4")])
def test_the_die_rolls_between_the_two_squares_the_key_may_be_left_on(die: int, left_on: str) -> None:
    # AMB-DROP-BACK-TRAIL, S-OBJ-2 (rulebook l.674: "l'objet initial est abandonné sur la dernière case
    # valide"), S-PROX-3: both ways reach the Wand at 1 AP, 2 squares; the old object is left on the
    # square before d5 on the way taken (c5 or d4): two outcomes, the die rolls between them.
    position = key_and_wand()
    explanation = run_activation(position, "mover", ScriptedTable(dice=[die]))
    assert explanation.end == "d5"
    assert position.character("mover").carried_item() == "wand"
    assert {square_name(o.at): o.kind for o in position.objects if o.at is not None} == {left_on: "key"}
    (tie,) = explanation.ties
    assert tie.tie.rolls == (die,) and sorted(tie.tie.options) == [
        "wand on d5 from d5 (holding wand) (leaving key on c5)",
        "wand on d5 from d5 (holding wand) (leaving key on d4)"]
    assert tie.tie.options[tie.tie.chosen].endswith(f"(leaving key on {left_on})")
    assert render(tie.shown[tie.tie.chosen], "fr").endswith(f"(laisse la Clef en {left_on})")
