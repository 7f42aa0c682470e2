"""One way an NPC could carry out a mode (an :class:`Option`), its name as the player reads it, and
the states of a reach that a mode may start its final action from.

The finders (``solo.automaton.goals`` and ``solo.automaton.attacks``) list the options of each mode;
the planner then applies target priority (S-PROX-4) and proximity (S-PROX-1..3) to choose.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from solo.actions.combat import attack_squares as board_attack_squares
from solo.automaton.context import Context
from solo.messages import Message, Param, msg
from solo.records import field, record
from solo.table import naming
from solo.table.geometry import Geometry
from solo.table.position import Character, Position, item_character, wounded_item
from solo.table.search import Reach, State
from solo.table.squares import Square, rank_of, square_name

Cost = tuple[int, int]

_ATTACKS: tuple[Geometry | None, dict[Square, tuple[Square, ...]]] = (None, {})
"""The attack squares found on the board's last geometry (a new one after any change of the board)."""


@record(frozen=True)
class Option:
    """One way to carry out a mode: target, the state reached, its cost and the final action's."""

    mode: str
    target: str
    rank: int
    state: State
    cost: Cost
    final_ap: int = 0
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def total(self) -> Cost:
        return (self.cost[0] + self.final_ap, self.cost[1])

    @property
    def outcome(self) -> object:
        """What tells two equal options apart (AMB-EQUAL-OUTCOME): the target and the state reached;
        for a pick-up or hand-over cut mid-way, the item and its square (AMB-CUT-TIE)."""
        return self.data.get("key") or (self.target, self.state)

    @property
    def aim(self) -> str | int:
        """The target as formats.md §4 writes it: a character id, an object's square, a room slot, a
        gear's square (``target`` is the name shown to the player)."""
        value = self.data.get("aim")
        return value if isinstance(value, (str, int)) else self.target

    @property
    def label(self) -> str:
        where = square_name(self.state.square)
        return f"{self.target} from {where}" if self.target != where else where


def option_name(position: Position, option: Option) -> Param:
    """The option's target as the player reads it: a character by its card or class, an object and its
    square, a room; a square or a portcullis by its squares' names."""
    data = option.data
    if "towards" in data:  # a stop on the way towards a goal (AMB-APPROACH): the goal in words
        return msg("{targets}", targets=data["towards"])
    if option.mode == "take_object" and "item" in data:
        char_id = item_character(data["item"])
        if char_id is not None:
            return naming.wounded(position, char_id)
        return msg("{object} on {square}", object=naming.item(position, data["item"]),
                   square=square_name(data["square"]))
    if option.mode == "reveal" and "slot" in data:
        return naming.room(data["slot"])
    if option.mode == "rotation" and "aim" in data:
        return msg("the gear on {square}", square=str(data["aim"]))
    if option.mode in ("open_portcullis", "break_portcullis"):
        return msg("the portcullis {between}", between=option.target)
    if option.target in position.characters:
        return naming.figure(position, option.target)
    return option.target


def option_label(position: Position, option: Option) -> Message:
    """The option's target and the square it is carried out from (to tell tied options apart)."""
    where = square_name(option.state.square)
    if option.target == where or (option.mode == "rotation" and option.data.get("aim") == where):
        return msg("{square}", square=where)
    return msg("{target} from {square}", target=option_name(position, option), square=where)


def within(reach: Reach, budget: int, final_ap: int) -> list[tuple[State, Cost]]:
    """The states of a reach (not out of the dungeon) from which a final action of ``final_ap`` fits
    in the budget (a list: every caller reads them all, and a generator resumes once per state)."""
    last = budget - final_ap
    return [(state, cost) for state, cost in reach.states() if not state.exited and cost[0] <= last]


def by_square(reach: Reach, budget: int, final_ap: int) -> dict[Square, list[tuple[State, Cost]]]:
    """The states of :func:`within`, by the square the NPC stands on."""
    result: dict[Square, list[tuple[State, Cost]]] = {}
    for state, cost in within(reach, budget, final_ap):
        found = result.get(state.square)
        if found is None:
            result[state.square] = [(state, cost)]
        else:
            found.append((state, cost))
    return result


def under_figure(ctx: Context, character: Character) -> bool:
    """A wounded lying under a figure counts as carried by it (AMB-UNDER-FIGURE, B-CMB-12, B-CLER-7)."""
    return character.wounded and character.at is not None and ctx.position.figure_at(character.at) is not None


def in_line(targets: Iterable[Character]) -> tuple[set[int], set[int]]:
    """The ranks and the files of the targets' squares (a shot or a scream looks along them)."""
    ranks, files = set(), set()
    for t in targets:
        assert t.at is not None
        ranks.add(rank_of(t.at))
        files.add(t.at % 10)
    return ranks, files


def moved_wounded(state: State, wounded: Character) -> bool:
    """The way to ``state`` took the wounded from where it lay (picked up, maybe handed on)."""
    item = wounded_item(wounded.id)
    return state.carried == item or any(len(c) == 3 and c[0] == "take" and c[2] == item for c in state.delta)


def attack_squares(position: Position, target_sq: Square) -> tuple[Square, ...]:
    """The squares from which a figure can attack ``target_sq`` (B-CMB-2), found once per state of the
    board: they read only its geometry, a new object after any change (never a stale answer)."""
    global _ATTACKS
    geometry = position.board.geometry()
    kept = _ATTACKS  # read once: another thread may start another geometry's meanwhile
    if kept[0] is not geometry:
        kept = _ATTACKS = (geometry, {})
    found = kept[1].get(target_sq)
    if found is None:
        found = kept[1][target_sq] = tuple(board_attack_squares(position, target_sq))
    return found
