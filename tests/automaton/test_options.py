"""The option record and the helpers every finder shares (solo/automaton/options.py): the states a
final action fits after, by square; the ranks and files a shot or a scream looks along; a wounded
taken from where it lay; an option named as the player reads it."""

from __future__ import annotations

from solo.actions.combat import attack_squares as board_attack_squares
from solo.automaton.context import Context, cards_of
from solo.automaton.explanation import Explanation
from solo.automaton.options import (
    Option,
    attack_squares,
    by_square,
    in_line,
    moved_wounded,
    option_label,
    within,
)
from solo.formats.position_io import load_position
from solo.locations import RULES_DIR
from solo.table.board import MarkerState, Passage
from solo.table.card_lookup import card_for
from solo.table.position import Position, Side, wounded_item
from solo.table.search import State
from solo.table.squares import parse_square, rank_of, square_name

DEMO = RULES_DIR / "positions" / "demo.yaml"


def _context(position: Position, npc_id: str) -> Context:
    npc = position.character(npc_id)
    return Context(position, npc, card_for(position, npc_id), Explanation(npc_id), cards=cards_of(position))


def test_within_keeps_the_states_a_final_action_fits_after() -> None:
    position = load_position(DEMO)
    ctx = _context(position, "serpico")
    reach = ctx.reach(3)
    every = [(state, cost) for state, cost in reach.states() if not state.exited]
    assert {cost[0] for _, cost in every} >= {0, 1, 2, 3}
    for final_ap in (0, 1, 2):
        kept = list(within(reach, 3, final_ap))
        assert kept == [(s, c) for s, c in every if c[0] + final_ap <= 3]
        squares = by_square(reach, 3, final_ap)
        grouped = [pair for pairs in squares.values() for pair in pairs]
        assert sorted(grouped, key=repr) == sorted(kept, key=repr)
        assert all(state.square == sq for sq, pairs in squares.items() for state, _ in pairs)


def test_in_line_gives_the_targets_ranks_and_files() -> None:
    position = load_position(DEMO)
    figures = [c for c in position.characters.values() if c.at is not None][:3]
    ranks, files = in_line(figures)
    assert ranks == {rank_of(c.at) for c in figures if c.at is not None}
    assert files == {c.at % 10 for c in figures if c.at is not None}


def test_a_wounded_carried_or_taken_on_the_way_has_moved() -> None:
    position = load_position(DEMO)
    wounded = next(c for c in position.characters.values() if c.wounded and c.at is not None)
    item = wounded_item(wounded.id)
    assert wounded.at is not None
    assert not moved_wounded(State(parse_square("a1"), None), wounded)
    assert moved_wounded(State(parse_square("a1"), item), wounded)
    a1 = parse_square("a1")
    assert moved_wounded(State(a1, None, frozenset({("take", wounded.at, item)})), wounded)
    assert not moved_wounded(State(a1, None, frozenset({("take", wounded.at, "rope")})), wounded)


def test_an_option_is_labelled_with_the_target_as_printed_and_its_square() -> None:
    position = load_position(DEMO)
    enemy = next(c for c in position.characters.values() if c.side is Side.PLAYER)
    option = Option("fight", enemy.id, 1, State(parse_square("c3"), None), (2, 2), 1)
    words = option_label(position, option).english()
    assert words.endswith(" from c3")
    assert enemy.id not in words
    exit_there = Option("exit", square_name(parse_square("c3")), 0, State(parse_square("c3"), None), (1, 1))
    assert option_label(position, exit_there).english() == "c3"


def test_attack_squares_are_kept_per_state_of_the_board_and_follow_its_changes() -> None:
    position = load_position(DEMO)
    board = position.board
    a, b = next(e for e, p in board.geometry().passages.items() if p is Passage.PORTCULLIS)
    before = attack_squares(position, a)
    assert b not in before and list(before) == board_attack_squares(position, a)
    assert attack_squares(position, a) is before  # the same board: found once
    board.set_marker(a, b, MarkerState.OPEN)  # a portcullis opened: a new state of the board
    after = attack_squares(position, a)
    assert b in after and list(after) == board_attack_squares(position, a)
    board.set_marker(a, b, MarkerState.CLOSED)
    assert attack_squares(position, a) == before
