"""Carrying out a way found by the search, whole or up to an event, and telling it as steps.

A way can be cut where an NPC's objective changes in the middle of a move (Serpico picks up the
wounded with 3 squares of movement left, movement-model.md): the walk replays the way square by
square with the NPC's pick-up policy and stops there, keeping the steps left in that move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from solo.actions.core import Outcome, apply_way
from solo.automaton.explanation import Step
from solo.messages import msg
from solo.records import record
from solo.table import naming
from solo.table.carrying import PickupPolicy, stop_options
from solo.table.movement import Delta, Mover
from solo.table.position import Character, Position, item_character
from solo.table.search import Action, State, Way
from solo.table.squares import Square, edge, square_name

Event = tuple[Square, str, str]
"""(square, pick_up | swap | receive | give, item) as the search records them."""


@record(frozen=True)
class Cut:
    """Where a way stops early: the state there and what is left of the move in progress."""

    actions: tuple[Action, ...]
    state: State
    ap: int
    squares: int
    steps_left: int


def taken_item(event_item: str) -> str:
    """The item an event brought into the NPC's hands: ``key`` of a pick-up, ``rope`` of a swap
    ``key>rope`` (or ``key>rope@<square>`` when the Key was left on an earlier square, S-OBJ-2)."""
    return event_item.split(">")[-1].partition("@")[0]


def item_label(position: Position, item: str) -> str:
    char_id = item_character(item)
    return f"wounded {char_id}" if char_id is not None else item


def _trail(done: list[Action], path: tuple[Square, ...], index: int) -> Callable[[], Iterable[Square]]:
    """The squares behind ``path[index]``, most recent first, as the search saw them (a jump's pit and
    a portcullis's far side are not squares the figure stood on); listed only when read (a drop on
    the last valid square, seldom), from the actions done so far (``done`` only grows after)."""
    count = len(done)

    def behind() -> Iterable[Square]:
        squares: list[Square] = []
        for action in done[:count]:
            if action.kind == "move":
                squares.extend(action.path)
            elif action.kind == "jump":
                squares.extend((action.path[0], action.path[2]))
            else:
                squares.append(action.path[0])
        squares.extend(path[:index])
        return reversed(squares)

    return behind


def cut_at(
    position: Position,
    npc: Character,
    way: Way,
    policy: PickupPolicy,
    hit: Callable[[Event], bool],
    steps_in_progress: int = 0,
) -> Cut | None:
    """Replay ``way`` and stop just after the first event for which ``hit`` is true."""
    mover = Mover(position, npc)
    carried = npc.carried_item()
    delta: Delta = frozenset()
    ap = squares = 0
    done: list[Action] = []
    terrain, exit_line, options_at = mover.geometry.terrain, mover.exit_line, policy.options
    for action in way.actions:
        if action.kind == "move":
            budget = steps_in_progress if action.ap == 0 else mover.movement
            ap += action.ap
            earlier: tuple[tuple[Square, str, str], ...] = ()  # this move's events before the cut
            for index in range(1, len(action.path)):
                prev, sq = action.path[index - 1], action.path[index]
                squares += 1
                if terrain.get(sq) is exit_line:
                    break
                trail = _trail(done, action.path, index)
                carried, delta, events = options_at(mover, sq, carried, delta, prev, trail)[0]
                if not events:
                    continue
                for kind, item in events:
                    if hit((sq, kind, item)):
                        evs = earlier + tuple((sq, k, i) for k, i in events)
                        fix = getattr(policy, "stop_fix", None)
                        if fix is not None and not mover.valid_stop(sq, carried, delta):
                            fixed = fix(mover, sq, carried, delta, prev, trail)  # S-OBJ-2, S-TAKE-5
                            if fixed is not None:
                                carried, delta, evs = fixed[0], fixed[1], evs + fixed[2]
                        part = Action("move", action.path[: index + 1], action.ap, index, evs)
                        return Cut(
                            (*done, part),
                            State(sq, carried, delta, way.final.jumps),
                            ap,
                            squares,
                            budget - index,
                        )
                earlier += tuple((sq, k, i) for k, i in events)
            if any(e[1] == "drop_back" for e in action.events) and len(action.path) > 1:
                # AMB-DROP-BACK: the move ended by leaving an object on a square behind its last.
                fix = getattr(policy, "stop_fix", None)
                last = len(action.path) - 1
                trail = _trail(done, action.path, last)
                fixed = fix(mover, action.path[-1], carried, delta, action.path[-2], trail) if fix else None
                if fixed is not None:
                    carried, delta = fixed[0], fixed[1]
            done.append(action)
            continue
        ap += action.ap
        squares += action.squares
        if action.kind == "jump":
            landing = action.path[2]
            # AMB-JUMP-LAND: a landing is a stop; AMB-DROP-BACK: an object left behind to make it one.
            trail = _trail(done, action.path, 1)
            stops = stop_options(policy, mover, landing, carried, delta, action.path[0], trail)
            carried, delta, landed = stops[0] if stops else (carried, delta, ())
            done.append(action)
            for event in landed:
                if hit(event):
                    return Cut(tuple(done), State(landing, carried, delta, way.final.jumps), ap, squares, 0)
        else:
            change = ("break", edge(*action.path)) if action.kind == "break" else ("open", edge(*action.path))
            delta = delta | {change}
            done.append(action)
    return None


def carry_out(position: Position, npc: Character, way: Way | Cut) -> Outcome:
    """Apply a whole way, or a cut one, to the position."""
    if isinstance(way, Cut):
        return apply_way(position, npc, Way(way.actions, (way.ap, way.squares), way.state))
    return apply_way(position, npc, way)


def steps_of(
    position: Position,
    actions: tuple[Action, ...],
    exited: bool = False,
    friend_at: Callable[[Square], str] | None = None,
) -> list[Step]:
    """The explanation steps of a way's actions (formats.md §4), with their pick-ups and swaps."""
    steps: list[Step] = []
    for action in actions:
        names = [square_name(s) for s in action.path]
        if action.kind == "move":
            path = " -> ".join(names)
            text = msg("moves {path} (same move, no AP)", path=path) if action.ap == 0 else msg(
                "moves {path}", path=path
            )
            steps.append(Step("move", action.ap, {"path": names}, text))
        elif action.kind == "jump":
            steps.append(
                Step(
                    "jump",
                    action.ap,
                    {"path": [names[0], names[2]]},
                    msg(
                        "jumps from {start} over the pit {pit} to {end} (S-ACT-7)",
                        start=names[0], pit=names[1], end=names[2],
                    ),
                )
            )
        elif action.kind in ("open", "lock_pick"):
            between = f"{names[0]}-{names[1]}"
            said = (
                msg("opens the portcullis {between} with its Key (S-OBJ-7)", between=between)
                if action.kind == "open"
                else msg("opens the portcullis {between} by lock-picking", between=between)
            )
            steps.append(Step("open", action.ap, {"between": names}, said))
        elif action.kind == "break":
            steps.append(
                Step(
                    "break", action.ap, {"between": names},
                    msg("breaks the portcullis {between}", between=f"{names[0]}-{names[1]}"),
                )
            )
        for sq, kind, item in action.events:
            at = square_name(sq)
            if kind == "pick_up":
                steps.append(
                    Step(
                        "pick_up",
                        0,
                        {"at": at, "item": item_label(position, item)},
                        msg("picks up {item} on {square} (S-OBJ-1)",
                            item=naming.item(position, item), square=at),
                    )
                )
            elif kind == "swap":
                old, new = item.split(">")
                new, _, dropped_at = new.partition("@")
                back = [e[0] for e in action.events if e[1] == "drop_back" and e[2] == old]
                if dropped_at:
                    back = [Square(int(dropped_at))]  # S-OBJ-2: the new object's square could not take it
                if back:
                    old_label, new_label = item_label(position, old), item_label(position, new)
                    there = square_name(back[0])
                    fields = {"at": at, "drops": old_label, "takes": new_label, "dropped_at": there}
                    text = msg(
                        "takes {new} on {square}, leaving {old} on {there}, the last "
                        "valid square (S-OBJ-2, S-TAKE-5)",
                        new=naming.item(position, new), square=at, old=naming.item(position, old),
                        there=there,
                    )
                    steps.append(Step("swap", 0, fields, text))
                    continue
                steps.append(
                    Step(
                        "swap",
                        0,
                        {"at": at, "drops": item_label(position, old), "takes": item_label(position, new)},
                        msg(
                            "swaps {old} for {new} on {square} (S-OBJ-2)",
                            old=naming.item(position, old), new=naming.item(position, new), square=at,
                        ),
                    )
                )
            elif kind == "drop_back":
                if any(e[1] == "swap" and e[2].startswith(f"{item}>") for e in action.events):
                    continue  # told with its swap
                label = item_label(position, item)
                steps.append(
                    Step(
                        "drop",
                        0,
                        {"at": at, "item": label},
                        msg("leaves {item} on {square} to stop where it must (S-OBJ-3)",
                            item=naming.item(position, item), square=at),
                    )
                )
            elif kind in ("receive", "give"):
                who = friend_at(sq) if friend_at else at
                label = item_label(position, item)
                friend = naming.figure(position, who) if who in position.characters else who
                thing = naming.item(position, item)
                if kind == "receive":
                    steps.append(
                        Step(
                            "pick_up",
                            0,
                            {"at": at, "item": label, "from": who},
                            msg("takes {item} from {friend} as it crosses it (S-OBJ-4/5)",
                                item=thing, friend=friend),
                        )
                    )
                else:
                    steps.append(
                        Step(
                            "drop",
                            0,
                            {"at": at, "item": label, "to": who},
                            msg("hands {item} to {friend} as it crosses it", item=thing, friend=friend),
                        )
                    )
    if exited:
        last = actions[-1].path[-1] if actions else None
        steps.append(
            Step(
                "exit",
                0,
                {"at": square_name(last) if last is not None else None},
                msg("exits the dungeon through the yellow line (S-EXIT-3)"),
            )
        )
    return steps
