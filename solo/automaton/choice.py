"""Choosing among possibilities: target priority, then proximity, then the die (S-PROX-1..4)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from solo.automaton.context import Context
from solo.automaton.explanation import TieRecord
from solo.automaton.options import Option, option_label
from solo.automaton.table import Request, break_tie
from solo.messages import Message, msg
from solo.table import naming
from solo.table.position import Position, item_character
from solo.table.squares import square_name


def _label(option: Option, clash: bool) -> str:
    if not clash:
        return option.label
    held = option.state.carried
    char_id = item_character(held) if held else None
    holding = "nothing" if held is None else (f"wounded {char_id}" if char_id else held)
    return f"{option.label} (holding {holding})"


def _shown(position: Position, option: Option, clash: bool) -> Message:
    """An option as the player reads it; what it holds when two options end on the same square."""
    label = option_label(position, option)
    if not clash:
        return label
    held = option.state.carried
    if held is None:
        return msg("{option} (holding nothing)", option=label)
    return msg("{option} (holding {item})", option=label, item=naming.item(position, held))


def _left(option: Option, tied: Sequence[Option]) -> list[tuple[str, str]]:
    """Where this option's way leaves objects that another one's does not (AMB-DROP-BACK-TRAIL):
    equal ways to one square may leave the old object on two squares, or none (S-OBJ-2)."""
    others = [o.state.delta for o in tied if o is not option and o.label == option.label]
    return [(change[2], square_name(change[1])) for change in sorted(option.state.delta, key=str)
            if len(change) == 3 and change[0] == "drop" and any(change not in d for d in others)]


def _leaving(position: Position, name: Message, left: list[tuple[str, str]], bare: bool) -> Message:
    """An option's name with the objects its way leaves behind that another's does not (``bare``:
    its way leaves none at all)."""
    if bare:
        return msg("{option} (leaving nothing behind)", option=name)
    for item, square in left:
        name = msg("{option} (leaving {item} on {square})", option=name, item=naming.item(position, item),
                   square=square)
    return name


def best_options(options: Sequence[Option]) -> list[Option]:
    """The options tied for best: best-ranked target (S-PROX-4), then fewest AP and squares
    (S-PROX-1/2); one per distinct outcome (AMB-EQUAL-OUTCOME), in a stable order."""
    best = min((o.rank, o.total) for o in options)
    seen: dict[object, Option] = {}
    for o in options:
        if (o.rank, o.total) == best:
            seen.setdefault(o.outcome, o)
    if len(seen) == 1:
        return list(seen.values())  # one outcome: nothing to order (its key is not worked out)
    return sorted(
        seen.values(), key=lambda o: (o.label, str(o.state.carried), sorted(map(str, o.state.delta)))
    )


def choose(
    ctx: Context, options: Sequence[Option], about: str, topic: Message | None = None
) -> Generator[Request, Any, Option]:
    """The option the NPC takes; a die breaks a remaining tie (S-PROX-3, AMB-TIE)."""
    tied = best_options(options)
    exam, ctx.pending = ctx.pending, None
    if len(tied) == 1:
        return tied[0]
    labels = [o.label for o in tied]
    clash = len(set(labels)) < len(labels)
    shown = [_label(o, clash) for o in tied]
    names = tuple(_shown(ctx.position, o, clash) for o in tied)
    left = [_left(o, tied) for o in tied] if len(set(shown)) < len(shown) else []
    if any(left):  # the same square and item: where the ways leave the old object (AMB-DROP-BACK-TRAIL)
        bare = [not any(len(c) == 3 and c[0] == "drop" for c in o.state.delta) for o in tied]
        none = " (leaving nothing behind)"
        shown = [s + "".join(f" (leaving {i} on {q})" for i, q in w) + (none if b else "")
                 for s, w, b in zip(shown, left, bare, strict=True)]
        names = tuple(_leaving(ctx.position, n, w, b) for n, w, b in zip(names, left, bare, strict=True))
    tie = yield from break_tie(ctx.npc.id, shown)
    ctx.explanation.tied(TieRecord(about, tie, shown=names, topic=topic))
    chosen = tied[tie.chosen]
    if exam is not None and exam.target != chosen.aim:
        exam.target = chosen.aim  # AMB-TIE-TARGET: the objective's target is the one the die chose
        exam.why.append(msg("the die chose {option} (S-PROX-3)", option=option_label(ctx.position, chosen)))
    return chosen
