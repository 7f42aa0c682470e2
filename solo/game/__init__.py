"""The solo game flow around the automaton: set-up, piles and decks, reveals, combat cards, saves."""
