"""Whole seeded games with exact trails: every activation the two-phase search decides is the one the
exact search decides (AMB-DROP-BACK-TRAIL, ``solo.table.trail_phases``; issue 14 round 11)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import solo.automaton.explanation as explanation
import solo.table.trail_phases as trail_phases
from solo import records
from solo.automaton.context import Context
from solo.game.simulate import play_game


def _played(monkeypatch: pytest.MonkeyPatch, level: int, seed: int, phases: bool) -> tuple[list[str], int]:
    """Every explanation the game made (activations, and the objectives' costs read on a copy of the
    table), in order, as JSON; and how many searches became the exact one."""
    for _ in range(records.COMPILED_AFTER):  # the class's own __init__ written first (solo.records),
        explanation.Explanation("warm-up")  # so that it does not replace the one patched below
    policy, init, switch = Context.policy, explanation.Explanation.__init__, trail_phases.Phased._switch
    made: list[explanation.Explanation] = []
    switched: list[bool] = []

    def exact(self: Context, *args: Any, **kwargs: Any) -> Any:
        return records.replace(policy(self, *args, **kwargs), exact_trails=True)

    def kept(self: explanation.Explanation, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    def counted(self: trail_phases.Phased, *args: Any) -> None:
        switched.append(True)
        switch(self, *args)

    with monkeypatch.context() as patch:
        patch.setattr(Context, "policy", exact)
        patch.setattr(explanation.Explanation, "__init__", kept)
        patch.setattr(trail_phases.Phased, "_switch", counted)
        patch.setattr(trail_phases, "TWO_PHASES", phases)
        result, game = play_game(level, seed)
        shown = [json.dumps(e.to_json(), sort_keys=True, default=str) for e in made]
    assert result.error is None
    return [*shown, repr(result), *(repr(event) for event in game.log)], len(switched)


@pytest.mark.parametrize(("level", "seed"), [pytest.param(1, 1002, marks=pytest.mark.slow), (4, 1004)])
def test_every_activation_of_a_game_is_the_exact_searchs(monkeypatch: pytest.MonkeyPatch, level: int,
                                                         seed: int) -> None:
    # AMB-DROP-BACK-TRAIL, S-OBJ-2 (rulebook l.674), S-PROX-3: the same objectives, targets, costs,
    # ways, ties and dice, activation by activation, and the same game to its end.
    exact, none = _played(monkeypatch, level, seed, phases=False)
    phased, switched = _played(monkeypatch, level, seed, phases=True)
    assert none == 0 and switched >= 3  # the second phase is exercised, and only with two phases
    assert len(phased) == len(exact) > 30
    assert phased == exact
