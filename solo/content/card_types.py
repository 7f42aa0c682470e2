"""An NPC card as the engine reads it (S-CARD-1..6): six objectives with AP quotas, one of them the
default, object and character priority lists, a personality; the gaps a transcribed card may still
have, and the refusal to activate a card with gaps. Reading and checking a card file is
:mod:`solo.content.npccard`."""

from __future__ import annotations

from solo.content.personality import Effect
from solo.errors import DataError, Problem, shown
from solo.messages import Message, msg
from solo.records import record


@record(frozen=True)
class Objective:
    """One line of a card's objective list (S-CARD-2): a mode and its AP quota."""

    rank: int
    mode: str
    ap: int
    default: bool = False


@record(frozen=True)
class NpcCard:
    """A validated NPC card; ``unknown`` fields are gaps in the source that block activation."""

    id: str
    name: str
    epithet: str | None
    class_id: str | None
    objectives: tuple[Objective | None, ...]
    """Always 6 entries, index = rank - 1; None = not known."""
    objects: tuple[str, ...]
    characters: tuple[str, ...]
    personality_text: str
    effects: tuple[Effect, ...]
    source: str
    unknown: tuple[str, ...]
    completed: tuple[str, ...] = ()
    """Fields whose values are not from the rulebook (demo deck), named as in ``unknown``."""
    origin: str = ""
    """The file path, or ``position cards[<id>]`` for a card given inline in a position."""
    summary: tuple[tuple[str, str], ...] = ()
    """What the personality does in the project's own words, by language (``personality.summary``)."""

    def summary_in(self, language: str) -> str:
        """The personality in ``language``: its summary, else the English one, else the printed text."""
        found = dict(self.summary)
        return found.get(language) or found.get("en") or self.personality_text

    def missing(self) -> list[Message]:
        """Why the card cannot be activated (empty when playable): every gap except the epithet."""
        return [reason for _, reason in self._gaps()]

    def gaps(self) -> list[str]:
        """The card's fields that keep it from being activated (``class``, ``objective-3``…)."""
        return [name for name, _ in self._gaps()]

    def _gaps(self) -> list[tuple[str, Message]]:
        gaps: list[tuple[str, Message]] = []

        def add(name: str, reason: Message) -> None:
            if all(name != known for known, _ in gaps):
                gaps.append((name, reason))

        if self.class_id is None:
            add("class", gap_reason("class"))
        for rank, objective in enumerate(self.objectives, start=1):
            if objective is None:
                add(f"objective-{rank}", gap_reason(f"objective-{rank}"))
        if len(self.objectives) != 6:
            add("objectives", msg("the card has {count} objectives instead of 6", count=len(self.objectives)))
        if self.default_objective() is None:
            add("default", gap_reason("default"))
        for name in self.unknown:
            if name != "epithet":  # the epithet is flavour: a card without one can still be played
                add(name, gap_reason(name))
        return gaps

    @property
    def playable(self) -> bool:
        """Complete enough for the automaton to activate it."""
        return not self._gaps()

    def objective(self, rank: int) -> Objective | None:
        """Objective ``rank`` (1-6), None when unknown or out of range."""
        return self.objectives[rank - 1] if 1 <= rank <= len(self.objectives) else None

    def default_objective(self) -> Objective | None:
        """The purple objective (S-CARD-3), None when not known."""
        return next((o for o in self.objectives if o is not None and o.default), None)

    def object_rank(self, item: str | None) -> int | None:
        """0-based place of an item in the object priority list (S-CARD-4); None = never wanted.

        ``item`` is an object kind, ``wounded`` or ``wounded:<id>`` (a carried wounded friend)."""
        if item is None:
            return None
        if item.startswith("wounded:"):
            item = "wounded"
        return self.objects.index(item) if item in self.objects else None

    def character_rank(self, class_id: str) -> int | None:
        """0-based place of a class in the character priority list (S-CARD-5)."""
        return self.characters.index(class_id) if class_id in self.characters else None


def gap_reason(name: str) -> Message:
    """Why a card with the field ``name`` unknown cannot be activated, in words."""
    if name.startswith("objective-") and name.removeprefix("objective-").isdigit():
        return msg("objective {rank} is unknown", rank=int(name.removeprefix("objective-")))
    reasons = {"class": msg("the class is unknown"),
               "default": msg("no objective is known to be the default (purple) one"),
               "objects": msg("the object priority list is incomplete"),
               "characters": msg("the character priority list is incomplete"),
               "personality": msg("the personality is unknown")}
    return reasons.get(name) or msg("{field} is unknown", field=name)


class IncompleteCardError(DataError):
    """A card with gaps was asked to act; ``problems`` lists every missing field."""


def require_playable(card: NpcCard) -> None:
    """Raise IncompleteCardError listing every gap unless the card can be activated."""
    gaps = card._gaps()
    if gaps:
        where = card.origin or card.id
        raise IncompleteCardError(
            [Problem(where, name, msg("{reason}: complete card {card} before it can act", reason=reason,
                                      card=shown(card.id)))
             for name, reason in gaps])
