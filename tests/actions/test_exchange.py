"""Object exchanges when two NPCs cross (S-OBJ-4, S-OBJ-5), with the solo rulebook's three examples
(solo-examples.md, "Object exchanges between NPCs")."""

from __future__ import annotations

from collections.abc import Callable

from solo.actions.exchange import crossing_exchange, priority_key


def ranks(*priority: str) -> Callable[[str], int | None]:
    """A rank function for an object priority list, best first ("-" fills a place not known)."""
    def rank(item: str) -> int | None:
        return priority.index(item) if item in priority else None
    return rank


# -- the rulebook's examples -----------------------------------------------------------------------

def test_s_obj_4_muldon_serpico() -> None:
    # Muldon carries nothing and crosses Serpico carrying the Fireball wand; Muldon ranks it higher
    # (1st, against Serpico's 2nd): he takes it and Serpico has nothing.
    muldon = ranks("wand")  # npc_cards/muldon.yaml
    serpico = ranks("wounded", "wand")  # npc_cards/serpico.yaml
    assert crossing_exchange(None, muldon, "wand", serpico) == ("wand", None)
    # The same crossing seen from Serpico as the mover.
    assert crossing_exchange("wand", serpico, None, muldon) == (None, "wand")


def test_s_obj_5_arthos_amystyn() -> None:
    # Arthos carries the wand (his 2nd) and crosses Amystyn carrying the Large shield (her 4th).
    # Amystyn ranks the wand 1st, the single best priority: she forces the exchange, and Arthos ends
    # up with the shield, his 6th.
    arthos = ranks("-", "wand", "-", "-", "-", "shield")
    amystyn = ranks("wand", "-", "-", "shield")
    assert crossing_exchange("wand", arthos, "shield", amystyn) == ("shield", "wand")
    assert crossing_exchange("shield", amystyn, "wand", arthos) == ("wand", "shield")


def test_s_obj_5_pere_tabass_djenh() -> None:
    # Père Tabass carries the Key (his 5th), Djenh a wounded (3rd for him). Both rank the wounded
    # 3rd: the best priority is shared, nothing is exchanged.
    pere_tabass = ranks("-", "-", "wounded", "-", "key")
    djenh = ranks("-", "-", "wounded")
    assert crossing_exchange("key", pere_tabass, "wounded:xanth", djenh) == ("key", "wounded:xanth")
    assert crossing_exchange("wounded:xanth", djenh, "key", pere_tabass) == ("wounded:xanth", "key")


# -- S-OBJ-4: only one carries -----------------------------------------------------------------------

def test_s_obj_4_the_holder_keeps_on_equal_priority_or_when_the_other_does_not_list_it() -> None:
    assert crossing_exchange("bow", ranks("key", "bow"), None, ranks("rope", "bow")) == ("bow", None)
    assert crossing_exchange(None, ranks("key"), "bow", ranks("bow")) == (None, "bow")  # unlisted: never
    assert crossing_exchange(None, ranks("key", "bow"), "bow", ranks("rope", "key")) == ("bow", None)


def test_s_obj_4_the_holder_keeps_what_it_ranks_better() -> None:
    assert crossing_exchange("rope", ranks("rope"), None, ranks("key", "rope")) == ("rope", None)


def test_s_obj_4_a_wounded_counts_as_the_wounded_entry() -> None:
    assert priority_key("wounded:arthos") == "wounded" and priority_key("key") == "key"
    assert crossing_exchange(None, ranks("wounded"), "wounded:arthos", ranks("key", "wounded")) == (
        "wounded:arthos", None)


def test_nobody_carries_anything() -> None:
    assert crossing_exchange(None, ranks("key"), None, ranks("key")) == (None, None)


# -- S-OBJ-5: both carry -----------------------------------------------------------------------------

def test_s_obj_5_no_exchange_when_the_best_npc_already_carries_its_best() -> None:
    # The mover ranks its own Key 1st: the single best priority, and it already holds it.
    assert crossing_exchange("key", ranks("key", "bow"), "bow", ranks("bow", "key")) == ("key", "bow")


def test_s_obj_5_the_forcing_npc_may_be_the_one_crossed() -> None:
    mover = ranks("-", "-", "rope", "key")
    other = ranks("key", "rope")
    assert crossing_exchange("key", mover, "rope", other) == ("rope", "key")


def test_s_obj_5_neither_lists_either_object() -> None:
    assert crossing_exchange("key", ranks("bow"), "rope", ranks("spear")) == ("key", "rope")


def test_s_obj_5_the_exchange_is_forced_even_for_an_unlisted_object() -> None:
    # Only the better NPC's priority decides: the other gets an object it does not list.
    assert crossing_exchange("spear", ranks("wand", "spear"), "wand", ranks("bow")) == ("wand", "spear")
