"""Keeping count: every token is in the bag, on the board or out of the game, and every VP was earned.

Checked after every step of a game (issue 4's invariants): a token that vanishes without a rule that
removes it, or a VP that no event earned, is a bug.
"""

from __future__ import annotations

from collections import Counter

from solo.automaton.explanation import Explanation
from solo.game.state import Game, character_token
from solo.messages import Message, Param, msg
from solo.records import record
from solo.table import naming
from solo.table.position import Side


class InvariantError(AssertionError):
    """A rule the table must always satisfy was broken by a step of the game: ``message`` says which, to
    be told in the reader's language (``str()`` gives the English)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.english())


def _score_text(score: tuple[int, int]) -> str:
    """A score as the log and the report write it: the Player's VP, then the NP's."""
    return f"{score[0]}-{score[1]}"


def _tokens(counts: Counter[str]) -> Param:
    """Tokens and how many of each, named as printed."""
    if not counts:
        return msg("nothing")
    return tuple(msg("{count} × {token}", count=n, token=naming.token(t)) for t, n in sorted(counts.items()))


def _normal(token: str) -> str:
    """Tokens counted without the objects' colour (the board does not keep it, AMB-OBJECT-COLOUR)."""
    if token.startswith("object:"):
        return "object:" + token.split(":")[1]
    return token


def board_tokens(game: Game) -> Counter[str]:
    """The tokens on the board: characters (figures, wounded, carried) and objects (lying or carried)."""
    count: Counter[str] = Counter()
    for c in game.position.characters.values():
        count[character_token(c)] += 1
        if c.carries is not None and c.carries not in game.position.characters:
            count[f"object:{c.carries}"] += 1
    for o in game.position.objects:
        count[f"object:{o.kind}"] += 1
    return count


def census(game: Game) -> Counter[str]:
    """Bag + board + out of the game, objects counted by kind."""
    count = board_tokens(game)
    count.update(_normal(t) for t in game.bag)
    count.update(_normal(t) for t in game.removed)
    return count


@record
class Snapshot:
    """What a step starts from, to check what it changed."""

    census: Counter[str]
    board: Counter[str]
    sides: dict[str, Side]
    tokens: dict[str, str]
    score: tuple[int, int]
    reinforcements: int
    carried_by: dict[str, str]
    """Wounded carried by a figure, by carrier (a rescue by exit takes both out, B-EXIT-4)."""
    log_length: int = 0
    """Events in the log when the step began: the step's events follow."""


def snapshot(game: Game) -> Snapshot:
    score = game.position.score
    characters = game.position.characters.values()
    return Snapshot(
        census(game),
        board_tokens(game),
        {c.id: c.side for c in characters},
        {c.id: character_token(c) for c in characters},
        (score.player, score.npc) if score else (0, 0),
        len(game.reinforcements),
        {c.carries: c.id for c in characters if c.carries in game.position.characters},
        len(game.log),
    )


def account_np_turn(game: Game, before: Snapshot, activations: list[Explanation]) -> None:
    """Record in ``game.removed`` what the NPCs' activations took out of the game, each token with the
    step that explains it, and check the VP scored against those steps (B-VP-1/2, S-EXIT-3, S-PERS)."""
    exited = {e.npc for e in activations if any(s.kind == "exit" for s in e.steps)}
    eliminated: list[str] = []
    for e in activations:
        for s in e.steps:
            eliminated += s.detail.get("eliminated", [])
            if s.kind == "fireball":
                eliminated += list(s.fields.get("eliminated", []))
            if s.kind == "repulse" and s.fields.get("eliminated"):
                eliminated.append(str(s.fields["target"]))
    expected = before.census.copy()
    expected.update(f"npc:{cid}" for cid in _new_reinforcements(game, before))
    rescued = _carried_out(activations, exited, before)
    lost = expected - census(game)
    combats = any(s.kind in ("fireball", "attack", "shoot") for e in activations for s in e.steps)
    for token, count in lost.items():
        kind, name = token.split(":", 1)
        if kind == "object" and not (exited or combats):
            raise InvariantError(msg("{token:cap} left the game with no exit, wand or combat to explain it",
                                     token=naming.token(token)))
        if kind != "object" and not _explained(name, token, exited, eliminated + rescued, before):
            raise InvariantError(msg("{token:cap} left the game without an exit or an elimination",
                                     token=naming.token(token)))
        game.removed.extend([token] * count)
    expected_npc = len(exited) + sum(
        1
        for cid in set(eliminated)
        if before.sides.get(cid, Side.PLAYER) is Side.PLAYER and cid not in _npc_ids(game, before)
    )
    expected_npc += sum(int(s.get("vp", 0)) for e in activations for s in e.scored)
    expected_player = sum(
        1
        for cid in set(eliminated)
        if cid in _npc_ids(game, before) and _eliminated_by_player(cid, activations)
    )
    score = game.position.score
    now = (score.player, score.npc) if score else (0, 0)
    if now != (before.score[0] + expected_player, before.score[1] + expected_npc):
        raise InvariantError(msg(
            "score {before} -> {now}, the steps earned Player +{player}, NP +{npc}", before=_score_text(
                before.score), now=_score_text(now), player=expected_player, npc=expected_npc))


def _carried_out(activations: list[Explanation], exited: set[str], before: Snapshot) -> list[str]:
    """Wounded carried by an NPC when it exited (B-EXIT-4): who carries which wounded is followed
    through the turn's pick-ups, hand-overs and drops, from the carriers at the start."""
    carrier = dict(before.carried_by)
    for e in activations:
        for s in e.steps:
            item = str(s.fields.get("item", ""))
            if s.kind == "swap" and str(s.fields.get("takes", "")).startswith("wounded "):
                carrier[str(s.fields["takes"]).split(" ", 1)[1]] = e.npc
            if not item.startswith("wounded "):
                continue
            wounded = item.split(" ", 1)[1]
            if s.kind == "pick_up":
                carrier[wounded] = e.npc
            elif s.kind == "drop":
                to = s.fields.get("to")
                if to is not None:
                    carrier[wounded] = str(to)
                else:
                    carrier.pop(wounded, None)
    return [wounded for wounded, who in carrier.items() if who in exited]


def _npc_ids(game: Game, before: Snapshot) -> set[str]:
    """Every NPC id seen: on the board before the turn, or entered since (ids are card ids)."""
    return (
        {cid for cid, side in before.sides.items() if side is Side.NPC}
        | {c.id for c in game.position.characters.values() if c.side is Side.NPC}
        | {t.split(":", 1)[1] for t in game.removed if t.startswith("npc:")}
    )


def _explained(name: str, token: str, exited: set[str], eliminated: list[str], before: Snapshot) -> bool:
    """A character token out of the game: it exited, was eliminated, or was carried out by an exit
    (a rescued wounded, B-EXIT-4)."""
    ids = {cid for cid, t in before.tokens.items() if t == token} | {name}
    if ids & (exited | set(eliminated)):
        return True
    return any(before.carried_by.get(cid) in exited for cid in ids)


def _eliminated_by_player(cid: str, activations: list[Explanation]) -> bool:
    """An NPC eliminated during the NP's turn by the Player's side: a wounded friend carried by an
    NPC that lost its own attack (B-CARRY-12), not one the NP eliminated itself (B-VP-5)."""
    for e in activations:
        for s in e.steps:
            if cid in s.detail.get("eliminated", []) and s.fields.get("outcome") == "lose":
                return True
    return False


def account_player_turn(game: Game, before: Snapshot, where: Param) -> None:
    """Check the VP scored in the Player's turn against its logged events: 1 for the Player per exit
    (B-VP-1), 1 for the enemy of each character eliminated in a combat (B-VP-2, B-CARRY-12) and for
    the Player per NPC fallen in a pit when his figure took its Rope away (B-ROPE-9); nothing for
    one's own (B-VP-5)."""
    player = npc = 0
    for event in game.log[before.log_length:]:
        if event.kind == "exit":
            player += 1
        elif event.kind in ("attack", "shoot"):
            for cid in event.data.get("eliminated", []):
                if _side_of(game, before, str(cid)) is Side.NPC:
                    player += 1
                else:
                    npc += 1
        elif event.kind == "move":
            player += sum(1 for cid in event.data.get("fallen", [])
                          if _side_of(game, before, str(cid)) is Side.NPC)
        elif event.kind in ("wand", "scream"):  # B-WAND-9, B-VP-2/5: enemies score, one's own do not
            player += sum(1 for cid in event.data.get("eliminated", [])
                          if _side_of(game, before, str(cid)) is Side.NPC)
    score = game.position.score
    now = (score.player, score.npc) if score else (0, 0)
    if now != (before.score[0] + player, before.score[1] + npc):
        raise InvariantError(msg(
            "{where}: score {before} -> {now}, the events earned Player +{player}, NP +{npc}", where=where,
            before=_score_text(before.score), now=_score_text(now), player=player, npc=npc))


def _side_of(game: Game, before: Snapshot, cid: str) -> Side:
    """The side of a character seen during a step (an NPC may have entered and left within it)."""
    if cid in before.sides:
        return before.sides[cid]
    if cid in game.position.characters:
        return game.position.characters[cid].side
    return Side.NPC if f"npc:{cid}" in game.removed else Side.PLAYER


def check_census(game: Game, before: Snapshot, where: Param) -> None:
    """Token conservation: bag + board + removed = what there was, plus the reinforcements' tokens."""
    expected = before.census.copy()
    expected.update(f"npc:{cid}" for cid in _new_reinforcements(game, before))
    now = census(game)
    if now != expected:
        raise InvariantError(msg("{where}: tokens not conserved: gained {gained}, lost {lost}", where=where,
                                 gained=_tokens(now - expected), lost=_tokens(expected - now)))


def _new_reinforcements(game: Game, before: Snapshot) -> list[str]:
    """Card ids drawn from the reinforcement deck since ``before`` (their tokens come from the box)."""
    drawn = before.reinforcements - len(game.reinforcements)
    cards = [e.data.get("npc") for e in game.log if e.kind == "reinforcement" and e.data.get("npc")]
    return [str(c) for c in cards[len(cards) - drawn :]] if drawn > 0 else []
