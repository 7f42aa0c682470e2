"""NPC cards (formats.md §5, S-CARD-1..6): the validator, the library, the demo deck.

Bad input is refused with a message naming the file and the field, every problem of a file at once;
a rulebook card with gaps loads but cannot act; the demo deck completes the rulebook cards without
changing anything the rulebook gives.
"""

from __future__ import annotations

import contextlib
import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from builders import make_position
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.content.cards import CardLibrary, card_folders, find_card, load_card_library
from solo.content.gamedata import CLASS_IDS
from solo.content.npccard import (
    CLASS_MODES,
    MODES,
    OBJECT_ENTRIES,
    IncompleteCardError,
    NpcCard,
    Objective,
    load_card,
    parse_card,
    require_playable,
)
from solo.content.personality import EFFECT_KINDS, Condition, Deliver, Flag, ObjectiveOverride, ScoreEvery
from solo.errors import DataError, Problem
from solo.locations import NPC_CARDS_DIR, PROJECT_ROOT
from solo.table.card_lookup import card_for

DEMO_DIR = NPC_CARDS_DIR / "demo"
RULEBOOK_IDS = sorted(p.stem for p in NPC_CARDS_DIR.glob("*.yaml"))
DEMO_IDS = sorted(p.stem for p in DEMO_DIR.glob("*.yaml"))
# The classes the rulebook gives (npc_cards/*.yaml); the demo deck must keep them.
RULEBOOK_CLASSES = {"nolock": "backstabber", "lissandra": "backstabber", "brikoltou": "mechanork",
                    "yom": "mechanork", "serpico": "naga", "arthos": "colossus", "wave-rick": "banshee",
                    "pere-bonsoins": "cleric"}


def lissandra() -> dict[str, Any]:
    """A complete, valid card (formats.md §5's example with a default objective)."""
    return {
        "format": "dt-solo-card/1", "id": "lissandra", "name": "Lissandra", "epithet": "la Curieuse",
        "class": "backstabber",
        "objectives": [{"mode": "reveal", "ap": 5, "default": True}, {"mode": "exit", "ap": 3},
                       {"mode": "take_object", "ap": 4}, {"mode": "open_portcullis", "ap": 3},
                       {"mode": "fight", "ap": 4}, {"mode": "rotation", "ap": 2}],
        "objects": ["rope", "wounded", "spear", "bow", "shield", "wand"],
        "characters": ["wizard", "banshee", "cleric", "mechanork", "naga", "telepath", "backstabber",
                       "colossus"],
        "personality": {"text": "Si Lissandra transporte une Corde…",
                        "effects": [{"kind": "objective_override", "when": {"carries": "rope"}, "rank": 1,
                                     "mode": "exit", "ap": 5}]},
        "source": "custom",
    }


def write_card(folder: Path, data: Any, name: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    card_id = data.get("id") if isinstance(data, dict) else None
    path = folder / f"{name or card_id}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def load_problems(tmp_path: Path, data: Any) -> list[Problem]:
    path = write_card(tmp_path, data, "lissandra")
    with pytest.raises(DataError) as info:
        load_card(path)
    assert all(p.source == str(path) for p in info.value.problems), "every problem names the file"
    return info.value.problems


def the_problem(problems: list[Problem], entry: str, *words: str) -> Problem:
    """The one problem at ``entry``, whose message holds every word."""
    found = [p for p in problems if p.entry == entry]
    assert len(found) == 1, problems
    for word in words:
        assert word in found[0].text, found[0]
    return found[0]


# -- a valid card -----------------------------------------------------------------------------------
def test_valid_card_loads(tmp_path: Path) -> None:
    card = load_card(write_card(tmp_path, lissandra()))
    assert card.id == "lissandra" and card.class_id == "backstabber" and card.epithet == "la Curieuse"
    assert card.objectives[3] == Objective(4, "open_portcullis", 3)
    assert card.default_objective() == Objective(1, "reveal", 5, default=True)  # S-CARD-3
    assert card.effects == (ObjectiveOverride(Condition("rope"), 1, "exit", 5),)
    assert card.playable and card.missing() == []
    assert card.origin == str(tmp_path / "lissandra.yaml")
    require_playable(card)


def test_objective_lookup() -> None:
    card = parse_card(lissandra(), "x")
    assert card.objective(2) == Objective(2, "exit", 3)
    assert card.objective(0) is None and card.objective(7) is None


def test_object_and_character_rank() -> None:
    # S-CARD-4: best first, "wounded" is an entry of its own, an absent kind is never wanted.
    card = parse_card(lissandra(), "x")
    assert card.object_rank("rope") == 0
    assert card.object_rank("wounded:xanth") == 1 == card.object_rank("wounded")
    assert card.object_rank("key") is None and card.object_rank(None) is None
    # S-CARD-5
    assert card.character_rank("wizard") == 0 and card.character_rank("colossus") == 7


# -- bad input: each a clear message naming the file and the field -----------------------------------
def test_s_card_2_class_restricted_mode_of_another_class(tmp_path: Path) -> None:
    data = lissandra()
    data["class"] = "wizard"
    problems = load_problems(tmp_path, data)
    the_problem(problems, "objectives[4].mode", "open_portcullis", "Backstabber", "Wizard")


@pytest.mark.parametrize(("mode", "cls"), sorted(CLASS_MODES.items()))
def test_s_card_2_each_class_mode_fits_only_its_class(mode: str, cls: str) -> None:
    data = lissandra()
    data["objectives"][3] = {"mode": mode, "ap": 3}
    for other in CLASS_IDS:
        data["class"] = other
        if other == cls:
            assert parse_card(data, "x").objectives[3] == Objective(4, mode, 3)
        else:
            with pytest.raises(DataError) as info:
                parse_card(data, "x")
            the_problem(info.value.problems, "objectives[4].mode", mode, other.capitalize())


def test_s_card_2_seven_objectives(tmp_path: Path) -> None:
    data = lissandra()
    data["objectives"].append({"mode": "regroup", "ap": 2})
    the_problem(load_problems(tmp_path, data), "objectives", "expected exactly 6 objectives, got 7")


def test_s_card_2_five_objectives(tmp_path: Path) -> None:
    data = lissandra()
    del data["objectives"][5]
    the_problem(load_problems(tmp_path, data), "objectives", "expected exactly 6 objectives, got 5")


def test_s_card_3_two_defaults(tmp_path: Path) -> None:
    data = lissandra()
    data["objectives"][4]["default"] = True
    the_problem(load_problems(tmp_path, data), "default", "1 and 5")


def test_s_card_3_no_default(tmp_path: Path) -> None:
    data = lissandra()
    del data["objectives"][0]["default"]
    the_problem(load_problems(tmp_path, data), "default", "S-CARD-3", "unknown")


def test_s_card_3_default_may_be_unknown() -> None:
    data = lissandra()
    del data["objectives"][0]["default"]
    data["unknown"] = ["default"]
    card = parse_card(data, "x")
    assert card.default_objective() is None and not card.playable
    assert [m.english() for m in card.missing()] == ["no objective is known to be the default (purple) one"]


def test_s_card_4_unknown_object_kind(tmp_path: Path) -> None:
    data = lissandra()
    data["objects"][2] = "sword"
    the_problem(load_problems(tmp_path, data), "objects[2]", "'sword'")


def test_s_card_4_duplicate_object(tmp_path: Path) -> None:
    data = lissandra()
    data["objects"][3] = "rope"
    the_problem(load_problems(tmp_path, data), "objects[3]", "'rope'", "twice")


def test_s_card_4_a_short_object_list_is_fine() -> None:
    data = lissandra()
    data["objects"] = ["wand"]
    assert parse_card(data, "x").object_rank("rope") is None


def test_s_card_5_duplicate_character(tmp_path: Path) -> None:
    data = lissandra()
    data["characters"][7] = "wizard"
    problems = load_problems(tmp_path, data)
    the_problem(problems, "characters[7]", "'wizard'", "twice")
    the_problem(problems, "characters", "Colossus")  # and the class it pushed out is missing


def test_s_card_5_partial_characters_need_unknown(tmp_path: Path) -> None:
    data = lissandra()
    data["characters"] = ["cleric", "wizard"]
    the_problem(load_problems(tmp_path, data), "characters", "Colossus", "S-CARD-5")
    data["unknown"] = ["characters"]
    missing = [m.english() for m in parse_card(data, "x").missing()]
    assert missing == ["the character priority list is incomplete"]


def test_unknown_class_and_character(tmp_path: Path) -> None:
    data = lissandra()
    data["class"] = "paladin"
    data["characters"][0] = "paladin"
    problems = load_problems(tmp_path, data)
    the_problem(problems, "class", "'paladin'")
    the_problem(problems, "characters[0]", "'paladin'")


def test_unknown_key(tmp_path: Path) -> None:
    data = lissandra()
    data["colour"] = "purple"
    the_problem(load_problems(tmp_path, data), "colour", "unknown key", "'colour'")


def test_unknown_key_in_an_objective_and_the_personality(tmp_path: Path) -> None:
    data = lissandra()
    data["objectives"][1]["purple"] = True
    data["personality"]["power"] = "x"
    problems = load_problems(tmp_path, data)
    the_problem(problems, "objectives[2].purple", "'purple'")
    the_problem(problems, "personality.power", "'power'")


def test_wrong_format(tmp_path: Path) -> None:
    data = lissandra()
    data["format"] = "dt-solo-card/2"
    the_problem(load_problems(tmp_path, data), "format", "dt-solo-card/1", "dt-solo-card/2")


def test_missing_fields(tmp_path: Path) -> None:
    data = lissandra()
    for key in ("format", "name", "objectives", "source"):
        del data[key]
    problems = load_problems(tmp_path, data)
    for key in ("format", "name", "objectives", "source"):
        the_problem(problems, key, "missing")


def test_bad_effect(tmp_path: Path) -> None:
    data = lissandra()
    data["personality"]["effects"] = [{"kind": "objective_override", "when": {"carries": "rope"},
                                       "rank": 1, "mode": "exit", "ap": 0}, {"kind": "fly"}]
    problems = load_problems(tmp_path, data)
    the_problem(problems, "personality.effects[0].ap", "0")
    the_problem(problems, "personality.effects[1].kind", "'fly'")


@pytest.mark.parametrize(("kind", "cls"), [("gear_lock", "mechanork"), ("rotate_twin", "mechanork"),
                                           ("heal_acts_now", "cleric"), ("repulse_breaks", "banshee")])
def test_flag_must_fit_the_class(tmp_path: Path, kind: str, cls: str) -> None:
    # S-PERS-BRIKOLTOU/YOM (Mechanorks), S-PERS-BONSOINS (Cleric), S-PERS-WAVERICK (Banshee)
    data = lissandra()
    data["personality"]["effects"] = [{"kind": kind}]
    the_problem(load_problems(tmp_path, data), "personality.effects[0].kind", kind, cls.capitalize(),
                "Backstabber")


def test_combat_card_only_for_a_telepath(tmp_path: Path) -> None:
    # S-COMBAT-5: NP Telepaths' personalities say how their power works.
    data = lissandra()
    data["personality"]["effects"] = [{"kind": "combat_card", "rule": "smallest"}]
    the_problem(load_problems(tmp_path, data), "personality.effects[0].kind", "Telepath")


def test_override_to_a_class_mode_must_fit_the_class(tmp_path: Path) -> None:
    data = lissandra()
    data["personality"]["effects"] = [{"kind": "objective_override", "rank": 2, "mode": "heal", "ap": 3}]
    the_problem(load_problems(tmp_path, data), "personality.effects[0].mode", "heal", "Cleric")


@pytest.mark.parametrize("personality", [5, "text", {"text": 3}, {"text": "", "effects": 5},
                                         {"text": "", "effects": "gear_lock"}, {"text": "", "effects": [7]}])
def test_bad_personality_is_named(tmp_path: Path, personality: Any) -> None:
    data = lissandra()
    data["personality"] = personality
    problems = load_problems(tmp_path, data)
    assert problems and all(p.entry.startswith("personality") for p in problems), problems


def test_several_problems_in_one_file_are_all_reported(tmp_path: Path) -> None:
    data = lissandra()
    data["format"] = "nope"
    data["class"] = "cleric"                      # then open_portcullis does not fit
    data["objectives"][2]["ap"] = -1
    data["objectives"][4]["default"] = True
    data["objects"].append("sword")
    data["characters"][1] = "wizard"
    data["personality"]["effects"] = [{"kind": "gear_lock"}]
    data["extra"] = 1
    problems = load_problems(tmp_path, data)
    assert {p.entry for p in problems} >= {"format", "objectives[4].mode", "objectives[3].ap", "default",
                                           "objects[6]", "characters[1]", "characters",
                                           "personality.effects[0].kind", "extra"}


def test_id_must_match_the_file_name(tmp_path: Path) -> None:
    path = write_card(tmp_path, lissandra(), "curieuse")
    with pytest.raises(DataError) as info:
        load_card(path)
    the_problem(info.value.problems, "id", "'lissandra'", "'curieuse'")


def test_null_fields_need_unknown(tmp_path: Path) -> None:
    data = lissandra()
    data["class"] = None
    data["objectives"][2] = None
    problems = load_problems(tmp_path, data)
    the_problem(problems, "class", "unknown")
    the_problem(problems, "objectives[3]", "objective-3")
    data["unknown"] = ["class", "objective-3"]
    card = parse_card(data, "x")
    assert [m.english() for m in card.missing()] == ["the class is unknown", "objective 3 is unknown"]


def test_unknown_and_completed_name_known_fields(tmp_path: Path) -> None:
    data = lissandra()
    data["unknown"] = ["objective-9"]
    data["completed"] = ["objects", "objects"]
    problems = load_problems(tmp_path, data)
    the_problem(problems, "unknown[0]", "'objective-9'")
    the_problem(problems, "completed[1]", "twice")


def test_not_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_card(path)
    assert info.value.problems[0].source == str(path)


# -- incomplete cards -------------------------------------------------------------------------------
@pytest.mark.parametrize("card_id", RULEBOOK_IDS)
def test_rulebook_cards_with_gaps_are_refused(card_id: str) -> None:
    card = load_card(NPC_CARDS_DIR / f"{card_id}.yaml")
    assert card.source == "rulebook"
    gaps = [f for f in card.unknown if f != "epithet"]
    assert gaps, "every rulebook card has a gap (at least the default objective)"
    assert not card.playable
    with pytest.raises(IncompleteCardError) as info:
        require_playable(card)
    problems = info.value.problems
    assert {p.entry for p in problems} >= set(gaps)
    assert all(p.source == card.origin for p in problems)
    assert [p.text.split(":")[0] for p in problems] == [m.english() for m in card.missing()]


def test_missing_lists_null_objectives_and_the_default() -> None:
    card = NpcCard("x", "X", None, None, (None,) * 6, (), (), "", (), "custom", ())
    assert [m.english() for m in card.missing()][:2] == ["the class is unknown", "objective 1 is unknown"]
    assert "no objective is known to be the default (purple) one" in [m.english() for m in card.missing()]
    assert "epithet" not in " ".join(m.english() for m in card.missing())


# -- every bundled file -----------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(NPC_CARDS_DIR.glob("*.yaml")) + sorted(DEMO_DIR.glob("*.yaml")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_bundled_card_loads(path: Path) -> None:
    card = load_card(path)
    assert card.id == path.stem


def test_documented_rulebook_effects() -> None:
    """The rulebook prints these powers in full (S-PERS-*): their transcriptions carry the effects."""
    expected = {
        "lissandra": (ObjectiveOverride(Condition("rope"), 1, "exit", 5),),        # S-PERS-LISSANDRA
        "nolock": (ScoreEvery("portcullises_opened", 4, 1),),                     # S-PERS-NOLOCK
        "arthos": (ScoreEvery("portcullises_broken", 3, 1),),                     # S-PERS-ARTHOS
        "brikoltou": (Flag("gear_lock"),),                                        # S-PERS-BRIKOLTOU
        "yom": (Flag("rotate_twin"),),                                            # S-PERS-YOM
    }
    for card_id in RULEBOOK_IDS:
        card = load_card(NPC_CARDS_DIR / f"{card_id}.yaml")
        assert card.effects == expected.get(card_id, ()), card_id
        if card.effects:
            assert "personality" not in card.unknown


# -- the demo deck ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def demo() -> dict[str, NpcCard]:
    library = load_card_library([DEMO_DIR])
    assert library.problems == []
    return library.cards


def test_s_comp_1_demo_deck_is_32_cards_4_per_class(demo: dict[str, NpcCard]) -> None:
    assert len(demo) == 32
    assert Counter(c.class_id for c in demo.values()) == {cls: 4 for cls in CLASS_IDS}
    assert all(c.source == "demo" and c.unknown == () for c in demo.values())
    assert len({c.name for c in demo.values()}) == 32
    assert all(c.epithet for c in demo.values())


def test_demo_cards_are_all_playable(demo: dict[str, NpcCard]) -> None:
    for card in demo.values():
        require_playable(card)
        assert card.default_objective() is not None  # S-CARD-3
        assert sorted(card.characters) == sorted(CLASS_IDS)  # S-CARD-5
        assert all(2 <= o.ap <= 5 for o in card.objectives if o is not None)
        assert len({o.mode for o in card.objectives if o is not None}) == 6


def test_demo_deck_uses_each_class_mode(demo: dict[str, NpcCard]) -> None:
    # S-CARD-2: each class with a mode of its own has cards using it, and only that class does.
    for mode, cls in CLASS_MODES.items():
        users = {c.id for c in demo.values() if any(o is not None and o.mode == mode for o in c.objectives)}
        assert users and all(demo[u].class_id == cls for u in users), mode


def test_demo_deck_varies_objectives(demo: dict[str, NpcCard]) -> None:
    firsts = Counter(c.objectives[0].mode for c in demo.values() if c.objectives[0] is not None)
    assert len(firsts) >= 6
    defaults = Counter(c.default_objective().rank for c in demo.values())  # type: ignore[union-attr]
    assert len(defaults) >= 4


def test_demo_deck_completes_every_rulebook_card(demo: dict[str, NpcCard]) -> None:
    assert set(RULEBOOK_IDS) <= set(demo) and len(RULEBOOK_IDS) == 18
    invented = set(demo) - set(RULEBOOK_IDS)
    assert len(invented) == 14 and all(demo[i].completed == () for i in invented)


def test_demo_deck_keeps_the_rulebook_classes(demo: dict[str, NpcCard]) -> None:
    for card_id, cls in RULEBOOK_CLASSES.items():
        assert demo[card_id].class_id == cls


@pytest.mark.parametrize("card_id", RULEBOOK_IDS)
def test_demo_card_keeps_every_rulebook_value(demo: dict[str, NpcCard], card_id: str) -> None:
    """Every field not in `completed` equals the rulebook's; a completed list extends the known prefix."""
    rulebook = load_card(NPC_CARDS_DIR / f"{card_id}.yaml")
    card = demo[card_id]
    assert set(card.completed) == set(rulebook.unknown)
    done = set(card.completed)
    assert card.name == rulebook.name
    if "epithet" not in done:
        assert card.epithet == rulebook.epithet
    if "class" not in done:
        assert card.class_id == rulebook.class_id
    for rank in range(1, 7):
        known = rulebook.objective(rank)
        mine = card.objective(rank)
        if f"objective-{rank}" not in done:
            assert known is not None and mine is not None
            assert (mine.mode, mine.ap) == (known.mode, known.ap), rank
        if "default" not in done:
            assert (mine and mine.default) == (known and known.default), rank
    for field in ("objects", "characters"):
        mine_list, known_list = getattr(card, field), getattr(rulebook, field)
        if field in done:
            assert mine_list[:len(known_list)] == known_list, field
        else:
            assert mine_list == known_list, field
    if "personality" not in done:
        assert (card.personality_text, card.effects) == (rulebook.personality_text, rulebook.effects)


def test_demo_deck_fits_the_rulebook_examples(demo: dict[str, NpcCard]) -> None:
    """Facts the rulebook states that the transcriptions cannot write as best-first prefixes."""
    # S-OBJ-5 example 2: Arthos ranks the wand 2nd and the Large shield 6th; Amystyn the wand 1st and
    # the shield 4th.
    assert demo["arthos"].object_rank("wand") == 1 and demo["arthos"].object_rank("shield") == 5
    assert demo["amystyn"].object_rank("wand") == 0 and demo["amystyn"].object_rank("shield") == 3
    # S-OBJ-5 example 3: Père Tabass ranks the wounded 3rd and the Key 5th; Djenh the wounded 3rd and
    # the Key no better, so they do not exchange.
    assert demo["pere-tabass"].object_rank("wounded") == 2 and demo["pere-tabass"].object_rank("key") == 4
    djenh_key = demo["djenh"].object_rank("key")
    assert demo["djenh"].object_rank("wounded") == 2 and (djenh_key is None or djenh_key > 2)
    # S-OBJ-4 example 1: Muldon ranks the wand better than Serpico (2nd).
    assert demo["muldon"].object_rank("wand") == 0 and demo["serpico"].object_rank("wand") == 1
    # Schéma 2: the Fireball wand is not on Weak Ed's list.
    assert demo["weak-ed"].object_rank("wand") is None
    # Schéma 6: Hur-Ban's objective 1 is Fight, Cleric then Wizard top his list.
    assert demo["hur-ban"].characters[:2] == ("cleric", "wizard")
    # Ley-Vite has a Rotation objective with quota 3 (line 606).
    assert any(o is not None and (o.mode, o.ap) == ("rotation", 3) for o in demo["ley-vite"].objectives)
    # S-COMBAT-5: some NP Telepaths force the smallest card.
    assert any(e.__class__.__name__ == "CombatCard" for c in demo.values() for e in c.effects)


def test_demo_deck_documented_personalities(demo: dict[str, NpcCard]) -> None:
    kinds = {cid: [getattr(e, "kind", type(e).__name__) for e in demo[cid].effects] for cid in demo}
    assert demo["serpico"].effects == (Deliver(Condition("wounded"), "cleric", 1),   # S-PERS-SERPICO
                                       Deliver(Condition("object"), "wizard", 1))
    assert kinds["pere-bonsoins"] == ["heal_acts_now"]                               # S-PERS-BONSOINS
    assert kinds["wave-rick"] == ["repulse_breaks"]                                  # S-PERS-WAVERICK
    snake = demo["snake-slissken"].effects                                           # S-PERS-SNAKE
    assert [getattr(e, "at", None) for e in snake] == ["reveal"]
    assert all(demo[c].effects for c in demo), "every demo personality has an effect"


# -- the library ------------------------------------------------------------------------------------
def test_lookup_order() -> None:
    user = card_folders()[0]
    assert card_folders() == [user, NPC_CARDS_DIR / "demo", NPC_CARDS_DIR]


def test_default_library_is_the_demo_deck() -> None:
    library = load_card_library()
    assert library.problems == [] and len(library.cards) == 32
    assert all(c.origin.startswith(str(DEMO_DIR)) for c in library.cards.values())
    assert find_card("weak-ed") is not None and find_card("weak-ed")["class"] == "telepath"  # type: ignore[index]


def test_user_card_wins_on_the_same_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    data = lissandra()
    data["epithet"] = "la Mienne"
    write_card(tmp_path / "npc_cards", data)
    library = load_card_library()
    assert library.problems == []
    assert library.get("lissandra").epithet == "la Mienne"  # type: ignore[union-attr]
    assert library.get("nolock").source == "demo"  # type: ignore[union-attr]
    assert find_card("lissandra")["epithet"] == "la Mienne"  # type: ignore[index]


def test_broken_user_file_is_reported_and_others_load(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))
    data = lissandra()
    data["objects"] = ["sword"]
    write_card(tmp_path / "npc_cards", data)
    (tmp_path / "npc_cards" / "garbled.yaml").write_text("{unclosed: [", encoding="utf-8")
    mine = lissandra()
    mine["id"] = "mine"
    write_card(tmp_path / "npc_cards", mine)
    library = load_card_library()
    sources = {p.source for p in library.problems}
    user = tmp_path / "npc_cards"
    assert sources == {str(user / "lissandra.yaml"), str(user / "garbled.yaml")}
    assert any(p.entry == "objects[0]" for p in library.problems)
    assert library.get("mine") is not None and len(library.cards) == 32  # 31 bundled + mine
    # The broken file shadows the bundled card: the player meant to replace it.
    assert library.get("lissandra") is None and "lissandra" in library.broken


def test_library_skips_missing_folders(tmp_path: Path) -> None:
    library = load_card_library([tmp_path / "nowhere", DEMO_DIR])
    assert library.problems == [] and len(library.cards) == 32


# -- card_for ---------------------------------------------------------------------------------------
INLINE = ("cards:\n"
          "  mine:\n"
          "    format: dt-solo-card/1\n"
          "    name: Mine\n"
          "    class: naga\n"
          "    objectives: [{mode: exit, ap: 3, default: true}, {mode: fight, ap: 3},\n"
          "                 {mode: take_object, ap: 3}, {mode: reveal, ap: 3}, {mode: regroup, ap: 3},\n"
          "                 {mode: rotation, ap: 2}]\n"
          "    objects: [rope]\n"
          "    characters: [cleric, colossus, backstabber, mechanork, wizard, banshee, naga, telepath]\n"
          "    personality: {text: '', effects: []}\n"
          "    source: custom\n")


def test_card_for_uses_the_inline_card_first() -> None:
    position = make_position(characters="- {id: n, side: npc, card: nolock, at: c3}",
                             extra=INLINE.replace("mine:", "nolock:").replace("Mine", "Inline Nolock")
                             .replace("naga", "backstabber", 1))
    card = card_for(position, "n")
    assert card.name == "Inline Nolock" and card.origin == "position cards[nolock]"


def test_card_for_inline_card_may_omit_its_id() -> None:
    # AMB-INLINE-CARD-ID: the key under `cards:` is the card's id.
    position = make_position(characters="- {id: x, side: npc, card: mine, at: c3}", extra=INLINE)
    card = card_for(position, "x")
    assert card.id == "mine" and card.class_id == "naga" and card.playable


def test_card_for_falls_back_on_the_library() -> None:
    position = make_position(characters="- {id: n, side: npc, card: nolock, at: c3}")
    library = load_card_library([DEMO_DIR])
    assert card_for(position, "n", library) is library.cards["nolock"]
    assert card_for(position, "n").source == "demo"


def test_card_for_broken_inline_card_names_the_character_and_the_card() -> None:
    position = make_position(characters="- {id: x, side: npc, card: mine, at: c3}",
                             extra=INLINE.replace("objects: [rope]", "objects: [sword]"))
    with pytest.raises(DataError) as info:
        card_for(position, "x")
    first, *rest = info.value.problems
    assert first.entry == "characters[x].card" and "'mine'" in first.text and "'x'" in first.text
    assert any(p.source == "position cards[mine]" and p.entry == "objects[0]" for p in rest)


def test_card_for_missing_card_names_the_character_and_the_card() -> None:
    position = make_position(characters="- {id: n, side: npc, card: nolock, at: c3}")
    with pytest.raises(DataError) as info:
        card_for(position, "n", CardLibrary({}, []))
    [problem] = info.value.problems
    assert problem.entry == "characters[n].card"
    assert "'nolock'" in problem.text and "'n'" in problem.text


def test_card_for_broken_library_card(tmp_path: Path) -> None:
    data = lissandra()
    data["format"] = "old"
    write_card(tmp_path, data)
    position = make_position(characters="- {id: l, side: npc, card: lissandra, at: c3}")
    with pytest.raises(DataError) as info:
        card_for(position, "l", load_card_library([tmp_path]))
    assert "broken" in info.value.problems[0].text
    assert any(p.entry == "format" for p in info.value.problems)


def test_card_for_player_figure_has_no_card() -> None:
    position = make_position(characters="- {id: me, side: player, class: cleric, at: c3}")
    with pytest.raises(DataError):
        card_for(position, "me")
    with pytest.raises(DataError):
        card_for(position, "nobody")


# -- documentation ----------------------------------------------------------------------------------
def test_personalities_doc_mentions_every_effect_kind() -> None:
    doc = (PROJECT_ROOT / "docs" / "personalities.md").read_text(encoding="utf-8")
    for kind in EFFECT_KINDS:
        assert f"`{kind}`" in doc or f"## {kind}" in doc, kind


# -- property tests ---------------------------------------------------------------------------------
@st.composite
def valid_cards(draw: st.DrawFn) -> dict[str, Any]:
    cls = draw(st.sampled_from(CLASS_IDS))
    modes = [m for m in MODES if CLASS_MODES.get(m, cls) == cls]
    chosen = draw(st.lists(st.sampled_from(modes), min_size=6, max_size=6))
    default = draw(st.integers(0, 5))
    objectives = [{"mode": m, "ap": draw(st.integers(1, 6)), **({"default": True} if i == default else {})}
                  for i, m in enumerate(chosen)]
    objects = draw(st.lists(st.sampled_from(OBJECT_ENTRIES), unique=True))
    characters = draw(st.permutations(CLASS_IDS))
    return {"format": "dt-solo-card/1", "id": draw(st.from_regex(r"[a-z][a-z-]{0,8}", fullmatch=True)),
            "name": draw(st.text(min_size=1, max_size=8).filter(str.strip)),
            "epithet": draw(st.none() | st.text(min_size=1, max_size=8).filter(str.strip)),
            "class": cls, "objectives": objectives, "objects": objects, "characters": list(characters),
            "personality": {"text": draw(st.text(max_size=10)), "effects": []},
            "source": draw(st.sampled_from(["rulebook", "entered", "demo", "custom"]))}


@given(valid_cards())
@settings(max_examples=200, deadline=None)
def test_valid_cards_round_trip(data: dict[str, Any]) -> None:
    card = parse_card(data, "x")
    assert card.playable
    again = {"format": "dt-solo-card/1", "id": card.id, "name": card.name, "epithet": card.epithet,
             "class": card.class_id,
             "objectives": [{"mode": o.mode, "ap": o.ap, **({"default": True} if o.default else {})}
                            for o in card.objectives if o is not None],
             "objects": list(card.objects), "characters": list(card.characters),
             "personality": {"text": card.personality_text, "effects": []}, "source": card.source}
    assert again == data
    assert parse_card(yaml.safe_load(yaml.safe_dump(again)), "x") == card


_garbage = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 8) | st.text(max_size=5)
    | st.sampled_from(["exit", "heal", "rope", "wounded", "cleric", "default", "objective-1", "gear_lock"]),
    lambda inner: st.lists(inner, max_size=7) | st.dictionaries(
        st.sampled_from(["mode", "ap", "default", "kind", "text", "effects", "carries"])
        | st.text(max_size=3), inner, max_size=4),
    max_leaves=12)


@given(valid_cards(), st.dictionaries(st.sampled_from(
    ["format", "id", "name", "epithet", "class", "objectives", "objects", "characters", "personality",
     "source", "unknown", "completed", "other"]), _garbage, max_size=4))
@settings(max_examples=400, deadline=None)
def test_garbage_raises_data_error_only(base: dict[str, Any], changes: dict[str, Any]) -> None:
    data = copy.deepcopy(base)
    data.update(changes)
    try:
        card = parse_card(data, "fuzz.yaml")
    except DataError as exc:
        assert exc.problems and all(p.source == "fuzz.yaml" for p in exc.problems)
    else:
        assert isinstance(card, NpcCard) and len(card.objectives) == 6
        card.missing()


@given(_garbage)
@settings(max_examples=200, deadline=None)
def test_any_yaml_value_raises_data_error_only(data: Any) -> None:
    with contextlib.suppress(DataError):
        parse_card(data, "fuzz.yaml")


_YAML_VALUES = st.recursive(
    st.one_of(st.integers(), st.text(max_size=6), st.none(), st.booleans(), st.floats(allow_nan=False)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    | st.tuples(st.text(max_size=3), inner) | st.frozensets(st.integers(), max_size=3).map(set),
    max_leaves=25)


@settings(max_examples=200, deadline=None)
@given(value=_YAML_VALUES, shared=st.booleans())
def test_a_card_s_data_is_copied_as_deepcopy_copies_it(value: Any, shared: bool) -> None:
    # The cards' YAML-data copy (issue 16 item 6): equal to deepcopy's, nothing mutable shared with the
    # original, a value met twice copied once (as deepcopy keeps it).
    from solo.content.cards import copied

    data = {"a": value, "b": value} if shared else {"a": value}
    made = copied(data)
    assert made == copy.deepcopy(data) == data
    if shared and isinstance(value, dict | list | set):
        assert made["a"] is made["b"]

    def mutable_ids(item: Any) -> set[int]:
        if isinstance(item, dict):
            return {id(item)}.union(*(mutable_ids(v) for v in item.values()))
        if isinstance(item, list | tuple):
            return ({id(item)} if isinstance(item, list) else set()).union(*(mutable_ids(v) for v in item))
        return {id(item)} if isinstance(item, set) else set()

    assert not mutable_ids(made) & mutable_ids(data)


def test_a_card_s_data_with_a_date_is_copied_too() -> None:
    # marshal cannot hold a date (a YAML timestamp): such data is copied value by value, the same.
    import datetime

    from solo.content.cards import copied

    day = datetime.date(2001, 12, 14)
    data = {"when": day, "list": [1, {"at": day}], "pair": ("a", [2])}
    made = copied(data)
    assert made == copy.deepcopy(data) == data and made["when"] is day
    assert made["list"] is not data["list"] and made["list"][1] is not data["list"][1]
    assert made["pair"][1] is not data["pair"][1]
