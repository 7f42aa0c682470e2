"""Issue 12's rule for refusals: an action the rules forbid is told in French and in English, naming
characters as their cards and tokens print them (never by an id), squares by name, rule IDs kept."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from builders import make_position

from solo.actions.combat import melee_sides, ranged_sides
from solo.actions.core import set_portcullis
from solo.actions.healing import apply_heal
from solo.actions.scream import apply_push, push_outcome
from solo.actions.wand import apply_wand
from solo.errors import IllegalActionError, told
from solo.i18n import render
from solo.table.board import MarkerState
from solo.table.position import Position
from solo.table.squares import Direction
from solo.table.squares import parse_square as sq
from solo.table.words import names

RAW_ID = re.compile(r"\b(npc|player|object):|\b(tisane|bras|wiz|shrieker|frere-tisane|gros-bras)\b")
"""An internal id where a name belongs: the ids of the position below and its card ids."""
ENGLISH = re.compile(r"\b(the|is|not|only|carries|cannot|shoot|heals|screams|between|of|would|wounded)\b")
"""Words that give an English sentence away inside the French text."""


def _table() -> Position:
    return make_position(characters="""
        - {id: tisane, side: npc, card: frere-tisane, at: c3}
        - {id: bras, side: npc, card: gros-bras, at: e5, wounded: true}
        - {id: wiz, side: player, class: wizard, at: a1}
        - {id: shrieker, side: player, class: banshee, at: a3}
    """)


def _refusal(act: Callable[[Position], object]) -> tuple[str, str]:
    """The refusal ``act`` raises on a fresh table, in French and in English, names as printed."""
    p = _table()
    with pytest.raises(IllegalActionError) as refused:
        act(p)
    said = told(refused.value)
    french, english = render(said, "fr", names(p)), render(said, "en", names(p))
    assert not RAW_ID.search(french) and not RAW_ID.search(english), (french, english)
    assert not ENGLISH.search(french), french
    return french, english


CASES: list[tuple[str, Callable[[Position], object], str, str]] = [
    ("melee not adjacent", lambda p: melee_sides(p, "wiz", "tisane"),
     "Frère Tisane en c3 n'est pas adjacent au Magicien en a1 (B-CMB-2)",
     "Frère Tisane on c3 is not adjacent to the Wizard on a1 (B-CMB-2)"),
    ("melee own side", lambda p: melee_sides(p, "tisane", "bras"),
     "Gros-Bras est du même camp que Frère Tisane : on n'attaque que des ennemis (B-CMB-1)",
     "Gros-Bras is on the same side as Frère Tisane: only enemies are attacked (B-CMB-1)"),
    ("melee by a wounded", lambda p: melee_sides(p, "bras", "wiz"),
     "Gros-Bras est blessé : un blessé n'engage jamais de combat (B-CMB-11)",
     "Gros-Bras is wounded: a wounded never starts a combat (B-CMB-11)"),
    ("shot without a Bow", lambda p: ranged_sides(p, "wiz", "tisane"),
     "Le Magicien ne peut pas tirer sur Frère Tisane (B-RNG-1, B-RNG-2, B-BOW-4, B-SHIELD-1)",
     "The Wizard cannot shoot Frère Tisane (B-RNG-1, B-RNG-2, B-BOW-4, B-SHIELD-1)"),
    ("heal not adjacent", lambda p: apply_heal(p, p.characters["tisane"], "bras"),
     "Gros-Bras en e5 n'est pas adjacent à Frère Tisane en c3 : pas de soin en diagonale ni à travers un "
     "mur, une herse fermée ou une meurtrière (B-CLER-6)",
     "Gros-Bras on e5 is not adjacent to Frère Tisane on c3: no healing diagonally or across a wall, a "
     "closed portcullis or an arrow slit (B-CLER-6)"),
    ("heal by a Wizard", lambda p: apply_heal(p, p.characters["wiz"], "bras"),
     "seul un Clerc soigne (B-CLER-2), pas le Magicien",
     "only a Cleric heals (B-CLER-2), not the Wizard"),
    ("wand not carried", lambda p: apply_wand(p, p.characters["wiz"], Direction.NORTH),
     "Le Magicien ne porte pas la Boule de feu (B-WAND-1)",
     "The Wizard does not carry the Fireball wand (B-WAND-1)"),
    ("scream by a Wizard", lambda p: apply_push(p, p.characters["wiz"], sq("a3")),
     "seul un Hurleur hurle (B-BANS-2), pas le Magicien",
     "only a Banshee screams (B-BANS-2), not the Wizard"),
    ("scream out of sight", lambda p: apply_push(p, p.characters["shrieker"], sq("e5")),
     "aucun personnage dans la ligne de vue du Hurleur en e5 (B-BANS-2)",
     "no character in the line of sight of the Banshee on e5 (B-BANS-2)"),
    ("no portcullis", lambda p: set_portcullis(p, "wiz", sq("a2"), MarkerState.OPEN),
     "aucune herse entre a1 et a2", "no portcullis between a1 and a2"),
    ("portcullis not next", lambda p: set_portcullis(p, "wiz", sq("c3"), MarkerState.OPEN),
     "c3 n'est pas à côté de a1 (B-KEY-1)", "c3 is not next to a1 (B-KEY-1)"),
]


@pytest.mark.parametrize(("act", "french", "english"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_a_refused_action_is_told_in_both_languages_with_printed_names(
        act: Callable[[Position], object], french: str, english: str) -> None:
    assert _refusal(act) == (french, english)


def test_a_push_s_reason_names_the_pushed_character_as_printed() -> None:
    p = _table()
    outcome = push_outcome(p, sq("a3"), sq("a1"))  # the Banshee pushes the Wizard south, onto the line
    assert not outcome.legal
    assert render(outcome.reason, "fr", names(p)) == (
        "Le Magicien serait repoussé sur une ligne de départ (a0, B-BANS-8, AMB-B-PUSHLINE)")
    assert outcome.reason.english() == (
        "The Wizard would be pushed onto a starting line (a0, B-BANS-8, AMB-B-PUSHLINE)")
