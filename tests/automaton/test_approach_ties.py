"""A tie among the stops on the way towards a goal names the goal in the reader's language
(AMB-APPROACH, S-PROX-3): "une herse fermée depuis d1", never the English words inside French; a
number of squares takes its plural as the language does."""

from __future__ import annotations

import random
from pathlib import Path

from test_early import bench_table

from solo.automaton.activation import run_activation
from solo.automaton.context import cards_of
from solo.automaton.table import ScriptedTable
from solo.i18n import Renderer, render


def test_s_prox_3_the_stops_towards_the_next_portcullis_are_named_in_either_language(tmp_path: Path) -> None:
    # Arthos breaks the portcullis c5-d5, then moves as close as he can to the next closed one:
    # two stops, d1 and e2, at the same cost and distance; the die rolls between them.
    position = bench_table(tmp_path)
    explanation = run_activation(position, "arthos", ScriptedTable(rng=random.Random(3)),
                                 cards=cards_of(position))
    (tie,) = explanation.ties
    assert tie.about == "next portcullis"
    english, french_labels = ([render(s, language) for s in tie.shown] for language in ("en", "fr"))
    assert english == ["a closed portcullis from d1", "a closed portcullis from e2"]
    assert french_labels == ["une herse fermée depuis d1", "une herse fermée depuis e2"]
    french = "\n".join(explanation.sentences(Renderer("fr")))
    assert "Égalité (prochaine herse) : une herse fermée depuis d1, une herse fermée depuis e2" in french
    assert "closed" not in french
    # One square is one « case » / "square" (msg_n, French: 0 and 1 take the singular).
    assert "de là, il lui faudrait encore 1 PA et 1 case (AMB-APPROACH)" in french
    assert "réalisable : la herse c5-d5 (1 PA, 0 case)" in french
    english = "\n".join(explanation.sentences(Renderer("en")))
    assert "from there it would still need 1 AP and 1 square (AMB-APPROACH)" in english
    assert "achievable: the portcullis c5-d5 (1 AP, 0 squares)" in english
