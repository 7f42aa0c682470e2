"""The personality effects vocabulary (S-CARD-6, S-PERS-*, docs/personalities.md).

Every kind parses from its YAML form; every bad entry is reported with its index and field; garbage
never raises (parse_effects returns problems, it does not throw).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.personality import (
    ASK_MOMENTS,
    EFFECT_KINDS,
    Ask,
    CombatCard,
    Condition,
    Deliver,
    Flag,
    ObjectiveOverride,
    ScoreEvery,
    parse_effects,
)
from solo.errors import Problem
from solo.locations import PROJECT_ROOT

SRC = "card.yaml"
ENTRY = "personality.effects"


def parse_ok(data: Any) -> list[Any]:
    effects, problems = parse_effects(data, SRC, ENTRY)
    assert problems == []
    return effects


def problems(data: Any) -> list[Problem]:
    effects, found = parse_effects(data, SRC, ENTRY)
    assert found, f"expected problems, parsed {effects}"
    assert all(p.source == SRC for p in found)
    return found


def entries(found: list[Problem]) -> list[str]:
    return [p.entry for p in found]


# -- each kind --------------------------------------------------------------------------------------
def test_s_pers_lissandra_objective_override() -> None:
    [effect] = parse_ok([{"kind": "objective_override", "when": {"carries": "rope"}, "rank": 1,
                          "mode": "exit", "ap": 5}])
    assert effect == ObjectiveOverride(Condition("rope"), 1, "exit", 5)


def test_objective_override_without_when_always_holds() -> None:
    [effect] = parse_ok([{"kind": "objective_override", "rank": 2, "mode": "fight", "ap": 3}])
    assert effect.when == Condition() and effect.when.holds(None) and effect.when.holds("rope")


def test_s_pers_serpico_deliver() -> None:
    effects = parse_ok([{"kind": "deliver", "when": {"carries": "wounded"}, "to": "cleric", "rank": 1},
                        {"kind": "deliver", "when": {"carries": "object"}, "to": "wizard", "rank": 1}])
    assert effects == [Deliver(Condition("wounded"), "cleric", 1), Deliver(Condition("object"), "wizard", 1)]


def test_deliver_needs_a_condition() -> None:
    found = problems([{"kind": "deliver", "to": "cleric", "rank": 1}])
    assert entries(found) == ["personality.effects[0].when"]


def test_s_pers_nolock_and_arthos_score_every() -> None:
    effects = parse_ok([{"kind": "score_every", "counter": "portcullises_opened", "every": 4},
                        {"kind": "score_every", "counter": "portcullises_broken", "every": 3, "vp": 2}])
    assert effects == [ScoreEvery("portcullises_opened", 4, 1), ScoreEvery("portcullises_broken", 3, 2)]


@pytest.mark.parametrize("kind", ["gear_lock", "rotate_twin", "heal_acts_now", "repulse_breaks"])
def test_flags(kind: str) -> None:
    # S-PERS-BRIKOLTOU, S-PERS-YOM, S-PERS-BONSOINS, S-PERS-WAVERICK
    assert parse_ok([{"kind": kind}]) == [Flag(kind)]


def test_s_combat_5_combat_card() -> None:
    [effect] = parse_ok([{"kind": "combat_card", "rule": "smallest", "text": "play your smallest"}])
    assert effect == CombatCard("smallest", "play your smallest")
    assert parse_ok([{"kind": "combat_card", "rule": "random"}]) == [CombatCard("random", "")]


def test_s_pers_snake_ask() -> None:
    [effect] = parse_ok([{"kind": "ask", "at": "reveal", "question": "Where?", "choices": ["a", "b"]}])
    assert effect == Ask("reveal", "Where?", ("a", "b"))
    assert parse_ok([{"kind": "ask", "at": "exit", "question": "Q"}]) == [Ask("exit", "Q", ())]


def test_every_kind_is_parsed_from_a_minimal_form() -> None:
    minimal: dict[str, dict[str, Any]] = {
        "objective_override": {"rank": 1, "mode": "exit", "ap": 2},
        "deliver": {"when": {"carries": "anything"}, "to": "naga", "rank": 6},
        "score_every": {"counter": "portcullises_broken", "every": 1},
        "combat_card": {"rule": "smallest"},
        "ask": {"at": "activation_start", "question": "?"},
    }
    for kind in EFFECT_KINDS:
        assert len(parse_ok([{"kind": kind, **minimal.get(kind, {})}])) == 1


def test_none_and_empty_mean_no_effects() -> None:
    assert parse_ok(None) == [] and parse_ok([]) == []


# -- conditions -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("carries", "item", "holds"), [
    (None, None, True), (None, "rope", True),
    ("rope", "rope", True), ("rope", "key", False), ("rope", None, False),
    ("wounded", "wounded:xanth", True), ("wounded", "wounded", True), ("wounded", "wand", False),
    ("object", "wand", True), ("object", "wounded:xanth", False), ("object", None, False),
    ("anything", "wand", True), ("anything", "wounded:xanth", True), ("anything", None, False),
])
def test_condition_holds(carries: str | None, item: str | None, holds: bool) -> None:
    assert Condition(carries).holds(item) is holds


# -- bad input --------------------------------------------------------------------------------------
def test_unknown_kind_is_named() -> None:
    [p] = problems([{"kind": "teleport"}])
    assert p.entry == "personality.effects[0].kind" and "'teleport'" in p.text


@pytest.mark.parametrize(("effect", "entry", "word"), [
    ({"kind": "objective_override", "rank": 1, "mode": "dance", "ap": 2}, "mode", "'dance'"),
    ({"kind": "objective_override", "rank": 7, "mode": "exit", "ap": 2}, "rank", "7"),
    ({"kind": "objective_override", "rank": 1, "mode": "exit", "ap": 0}, "ap", "0"),
    ({"kind": "objective_override", "rank": 1, "mode": "exit", "ap": True}, "ap", "True"),
    ({"kind": "objective_override", "rank": 1, "mode": "exit"}, "ap", "missing"),
    ({"kind": "objective_override", "rank": 1, "mode": "exit", "ap": 2, "when": {"carries": "sword"}},
     "when.carries", "'sword'"),
    ({"kind": "objective_override", "rank": 1, "mode": "exit", "ap": 2, "when": {"holds": "rope"}},
     "when.holds", "unknown key"),
    ({"kind": "objective_override", "rank": 1, "mode": "exit", "ap": 2, "when": "rope"}, "when", "'rope'"),
    ({"kind": "deliver", "when": {"carries": "wounded"}, "to": "priest", "rank": 1}, "to", "'priest'"),
    ({"kind": "score_every", "counter": "walls_broken", "every": 3}, "counter", "'walls_broken'"),
    ({"kind": "score_every", "counter": "portcullises_broken", "every": 3, "vp": -1}, "vp", "-1"),
    ({"kind": "combat_card", "rule": "biggest"}, "rule", "'biggest'"),
    ({"kind": "ask", "at": "lunch", "question": "?"}, "at", "'lunch'"),
    ({"kind": "ask", "at": "reveal", "question": ""}, "question", "text"),
    ({"kind": "ask", "at": "reveal", "question": "?", "choices": "yes"}, "choices", "'yes'"),
    ({"kind": "ask", "at": "reveal", "question": "?", "choices": ["a", "a"]}, "choices", "twice"),
    ({"kind": "gear_lock", "room": 3}, "room", "unknown key"),
])
def test_bad_field_is_named(effect: dict[str, Any], entry: str, word: str) -> None:
    found = problems([effect])
    assert f"personality.effects[0].{entry}" in entries(found), found
    assert any(word in p.text for p in found if p.entry.endswith(entry)), found


def test_every_problem_is_collected_with_its_index() -> None:
    found = problems([
        {"kind": "gear_lock"},
        {"kind": "objective_override", "rank": 9, "mode": "nap", "ap": "x"},
        "gear_lock",
        {"kind": "ask", "at": "moon", "question": "?"},
    ])
    assert entries(found) == ["personality.effects[1].rank", "personality.effects[1].mode",
                              "personality.effects[1].ap", "personality.effects[2]",
                              "personality.effects[3].at"]


@pytest.mark.parametrize(("first", "second", "clash"), [
    ({"carries": "wounded"}, {"carries": "object"}, False),   # S-PERS-SERPICO: exclusive conditions
    ({"carries": "rope"}, {"carries": "key"}, False),
    ({"carries": "anything"}, {"carries": "rope"}, True),
    ({"carries": "object"}, {"carries": "wand"}, True),
    (None, {"carries": "wounded"}, True),
])
def test_two_effects_changing_one_objective_at_once_are_refused(
        first: dict[str, str] | None, second: dict[str, str], clash: bool) -> None:
    one: dict[str, Any] = {"kind": "objective_override", "rank": 1, "mode": "exit", "ap": 5}
    if first is not None:
        one["when"] = first
    two = {"kind": "deliver", "when": second, "to": "cleric", "rank": 1}
    effects, found = parse_effects([one, two], SRC, ENTRY)
    if clash:
        assert entries(found) == ["personality.effects[1].rank"] and "objective 1" in found[0].text
    else:
        assert found == [] and len(effects) == 2
    # On different objectives they never clash.
    assert parse_effects([one, {**two, "rank": 2}], SRC, ENTRY)[1] == []


def test_not_a_list() -> None:
    [p] = problems({"kind": "gear_lock"})
    assert p.entry == ENTRY


def test_moment_names_are_documented() -> None:
    doc = (PROJECT_ROOT / "docs" / "personalities.md").read_text(encoding="utf-8")
    for moment in ASK_MOMENTS:
        assert f"`{moment}`" in doc


# -- fuzz -------------------------------------------------------------------------------------------
_scalars = st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=6) | st.sampled_from(
    [*EFFECT_KINDS, "rope", "wounded", "exit", "cleric", "reveal", "smallest", "portcullises_opened"])
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.sampled_from(["carries", "x"]) | st.text(max_size=3), inner,
                                         max_size=3), max_leaves=6)
_effect = st.dictionaries(
    st.sampled_from(["kind", "when", "rank", "mode", "ap", "to", "counter", "every", "vp", "rule", "text",
                     "at", "question", "choices", "other"]), _values, max_size=6)


@given(st.lists(_effect | _values, max_size=4) | _values)
@settings(max_examples=300, deadline=None)
def test_garbage_never_raises(data: Any) -> None:
    effects, found = parse_effects(data, SRC, ENTRY)
    assert all(isinstance(p, Problem) and p.source == SRC and p.entry.startswith(ENTRY) for p in found)
    if isinstance(data, list):
        assert len(effects) <= len(data)
