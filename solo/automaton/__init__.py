"""The NPC automaton of the solo rules (solo-rules.md): objectives, proximity, modes, the NP turn."""
