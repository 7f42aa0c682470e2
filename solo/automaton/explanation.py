"""Why an NPC did what it did: every objective examined, the steps, the ties (formats.md §4).

The same record gives the JSON of ``dt-solo explain --json`` (its reasons and notes in English) and
sentences for the player in his language: every text here is a :class:`~solo.messages.Message`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo.automaton.table import TieBreak
from solo.i18n import Renderer
from solo.messages import Message, Param, Ref, msg
from solo.records import field, record

Cost = tuple[int, int]


@record(eq=False)
class ObjectiveExam:
    """One objective looked at: quota, cheapest cost found, achievable or not, target and why.

    The cost of an objective out of reach may be left to :attr:`later` (AMB-TRUE-COST-SHOWN): it
    is worked out, on the table as it was when the objective was examined, the first time its
    cost, target or reason is read, so that an activation does not wait for what nobody reads."""

    rank: int
    mode: str
    quota: int
    achievable: bool
    rules: tuple[str, ...] = ()
    research: bool = False
    """Examined again after a pick-up, with the AP left (S-TAKE-6)."""
    at_step: int = 0
    """How many steps had been made when it was examined (to tell things in order)."""
    order: int = 0
    later: Callable[[], None] | None = field(default=None, repr=False)
    """What fills in the cost, target and reason still to be worked out (None: all known)."""
    _cost: Cost | None = field(default=None, repr=False)
    _target: str | int | None = field(default=None, repr=False)
    _why: list[Message] = field(default_factory=list, repr=False)

    def __eq__(self, other: object) -> bool:
        """Equal when everything read from them is (what is left to work out is worked out)."""
        if not isinstance(other, ObjectiveExam):
            return NotImplemented
        return self._read() == other._read()

    def _read(self) -> tuple[Any, ...]:
        return (self.rank, self.mode, self.quota, self.achievable, self.cost, self.target, self.why,
                self.rules, self.research, self.at_step, self.order)

    def __getstate__(self) -> dict[str, Any]:
        """Copied or pickled, an exam is worked out first: the copy owes nothing."""
        self.settle()
        return dict(self.__dict__)

    def settle(self) -> None:
        """Work out what :attr:`later` still owes (once)."""
        later, self.later = self.later, None
        if later is not None:
            later()

    @property
    def cost(self) -> Cost | None:
        """The cheapest cost found, however far (formats.md §4); None when nothing can be reached."""
        self.settle()
        return self._cost

    @cost.setter
    def cost(self, value: Cost | None) -> None:
        self.settle()
        self._cost = value

    @property
    def target(self) -> str | int | None:
        self.settle()
        return self._target

    @target.setter
    def target(self, value: str | int | None) -> None:
        self.settle()
        self._target = value

    @property
    def why(self) -> list[Message]:
        """Why it is achievable or not, part by part (a personality's change, the cost, the die)."""
        self.settle()
        return self._why

    @property
    def reason(self) -> str:
        """The reason in English, as the JSON of formats.md §4 gives it."""
        return "; ".join(part.english() for part in self.why)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rank": self.rank,
            "mode": self.mode,
            "quota": self.quota,
            "achievable": self.achievable,
            "cost": None if self.cost is None else {"ap": self.cost[0], "squares": self.cost[1]},
        }
        if self.target is not None:
            data["target"] = self.target
        data["reason"] = self.reason
        data["rules"] = list(self.rules)
        if self.research:
            data["research"] = True
        return data


@record
class Step:
    """One thing the NPC does, with the AP it costs and the fields of its kind (formats.md §4)."""

    kind: str
    ap: int
    fields: dict[str, Any] = field(default_factory=dict)
    text: Message = field(default_factory=lambda: Message(""))
    detail: dict[str, Any] = field(default_factory=dict)
    """What else the step did, for the game's accounts (not in the JSON of formats.md §4)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.fields, "ap": self.ap}


@record
class TieRecord:
    """A tie a die broke: what was tied, the options in the order shown, the rolls."""

    about: str
    tie: TieBreak
    at_step: int = 0
    order: int = 0
    shown: tuple[Param, ...] = ()
    """The options as the player reads them (names as printed); ``tie.options`` keeps the English."""
    topic: Message | None = None
    """What was tied, in words (``about`` is the English of the JSON)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "about": self.about,
            "options": list(self.tie.options),
            "rolls": list(self.tie.rolls),
            "chosen": self.tie.options[self.tie.chosen],
        }


@record
class Explanation:
    """The whole record of one activation."""

    npc: str
    who: Ref | None = None
    """The NPC by its card, for the heading."""
    objectives: list[ObjectiveExam] = field(default_factory=list)
    chosen: dict[str, Any] | None = None
    steps: list[Step] = field(default_factory=list)
    ties: list[TieRecord] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)
    end: str | None = None
    waiting: dict[str, Any] | None = None
    waiting_text: Message | None = None
    """What the table is asked, in words (``waiting`` is the request's JSON)."""
    deactivated: Message | None = None
    scored: list[dict[str, Any]] = field(default_factory=list)
    """VP a personality scored (S-PERS-NOLOCK, S-PERS-ARTHOS), with the number of steps made by then."""
    note_steps: list[tuple[int, int]] = field(default_factory=list)
    """When each note was written: (steps made by then, order of the record)."""
    _count: int = 0

    @property
    def ap_used(self) -> int:
        return sum(step.ap for step in self.steps)

    def _next(self) -> int:
        self._count += 1
        return self._count

    def note(self, text: Message) -> None:
        self.notes.append(text)
        self.note_steps.append((len(self.steps), self._next()))

    def examined(self, exam: ObjectiveExam) -> None:
        exam.at_step, exam.order = len(self.steps), self._next()
        self.objectives.append(exam)

    def tied(self, tie: TieRecord) -> None:
        tie.at_step, tie.order = len(self.steps), self._next()
        self.ties.append(tie)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "npc": self.npc,
            "objectives": [o.to_json() for o in self.objectives],
            "chosen": self.chosen,
            "steps": [s.to_json() for s in self.steps],
            "ap_used": self.ap_used,
            "end": self.end,
            "ties": [t.to_json() for t in self.ties],
            "notes": [note.english() for note in self.notes],
        }
        if self.deactivated is not None:
            data["deactivated"] = self.deactivated.english()
        if self.scored:
            data["scored"] = list(self.scored)
        if self.waiting is not None:
            data["waiting"] = self.waiting
        return data

    def sentences(self, render: Renderer | None = None) -> list[str]:
        """The activation told in sentences of the player's language, in the order things happened."""
        say = render or Renderer()
        lines: list[str] = []
        timeline: list[tuple[int, int, str]] = []  # (steps made by then, order, line)
        for exam in self.objectives:
            line = "  " + say(objective_line(exam))
            if exam.research or exam.at_step:
                timeline.append((exam.at_step, exam.order, line))
            else:
                lines.append(line)
        if self.chosen is not None:
            lines.append(say(chosen_line(self.chosen)))
        for tie in self.ties:
            timeline.append((tie.at_step, tie.order, say(tie_line(tie))))
        for note, (at_step, order) in zip(self.notes, self.note_steps, strict=False):
            timeline.append((at_step, order, say(msg("Note: {note}", note=note))))
        timeline.sort()
        position = 0
        for index, step in enumerate(self.steps):
            while position < len(timeline) and timeline[position][0] <= index:
                lines.append(timeline[position][2])
                position += 1
            lines.append(say(msg("- {step} [{ap} AP]", step=step.text, ap=step.ap)))
        lines.extend(line for _, _, line in timeline[position:])
        if self.end:
            lines.append(say(msg("AP used: {ap}; ends on {square}.", ap=self.ap_used, square=self.end)))
        else:
            lines.append(say(msg("AP used: {ap}.", ap=self.ap_used)))
        if self.deactivated is not None:
            lines.append(say(msg("Deactivated: {why}", why=self.deactivated)))
        if self.waiting is not None:
            asked: Param = self.waiting_text or str(self.waiting.get("text", self.waiting.get("for")))
            lines.append(say(msg("Waiting for the table: {request}", request=asked)))
        return lines


def reason_of(exam: ObjectiveExam) -> Message:
    """The parts of an objective's reason as one message."""
    if not exam.why:
        return Message("")
    whole = exam.why[0]
    for part in exam.why[1:]:
        whole = msg("{reason}; {more}", reason=whole, more=part)
    return whole


def objective_line(exam: ObjectiveExam) -> Message:
    """``3. Take object 4 AP: achievable: …`` (again with the AP left after a pick-up)."""
    fields: dict[str, Param] = {
        "rank": exam.rank, "mode": Ref("mode", exam.mode), "quota": exam.quota, "reason": reason_of(exam)
    }
    if exam.research:
        return msg("(again, with the AP left) {rank}. {mode} {quota} AP: {reason}", **fields)
    return msg("{rank}. {mode} {quota} AP: {reason}", **fields)


def chosen_line(chosen: dict[str, Any]) -> Message:
    """The mode the activation runs in, or the default objective it approaches."""
    mode = Ref("mode", str(chosen["mode"]))
    if chosen.get("default"):
        return msg("No objective is achievable: it approaches its default objective ({mode}).", mode=mode)
    return msg(
        "Mode: {mode} (objective {rank}, {quota} AP for the activation).",
        mode=mode, rank=int(chosen["rank"]), quota=int(chosen["quota"]),
    )


def tie_line(tie: TieRecord) -> Message:
    """A tie the die broke, with every option and the rolls."""
    shown = tie.shown or tuple(tie.tie.options)
    return msg(
        "Tie ({about}): {options}; rolled {rolls} -> {chosen} (S-PROX-3).",
        about=tie.topic or tie.about,
        options=_listing(shown),
        rolls=", ".join(str(r) for r in tie.tie.rolls),
        chosen=shown[tie.tie.chosen],
    )


def _listing(items: tuple[Param, ...]) -> Message:
    """Options separated by commas (an "and" would read as if all were taken)."""
    whole: Message = msg("{item}", item=items[0]) if items else Message("")
    for item in items[1:]:
        whole = msg("{items}, {item}", items=whole, item=item)
    return whole
