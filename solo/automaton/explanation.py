"""Why an NPC did what it did: every objective examined, the steps, the ties (formats.md §4).

The same record gives the JSON of ``dt-solo explain --json`` and plain sentences for the player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.automaton.table import TieBreak

Cost = tuple[int, int]


@dataclass
class ObjectiveExam:
    """One objective looked at: quota, cheapest cost found, achievable or not, target and why."""

    rank: int
    mode: str
    quota: int
    achievable: bool
    cost: Cost | None = None
    target: str | int | None = None
    reason: str = ""
    rules: tuple[str, ...] = ()
    research: bool = False
    """Examined again after a pick-up, with the AP left (S-TAKE-6)."""
    at_step: int = 0
    """How many steps had been made when it was examined (to tell things in order)."""
    order: int = 0

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


@dataclass
class Step:
    """One thing the NPC does, with the AP it costs and the fields of its kind (formats.md §4)."""

    kind: str
    ap: int
    fields: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    detail: dict[str, Any] = field(default_factory=dict)
    """What else the step did, for the game's accounts (not in the JSON of formats.md §4)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.fields, "ap": self.ap}


@dataclass
class TieRecord:
    """A tie a die broke: what was tied, the options in the order shown, the rolls."""

    about: str
    tie: TieBreak
    at_step: int = 0
    order: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "about": self.about,
            "options": list(self.tie.options),
            "rolls": list(self.tie.rolls),
            "chosen": self.tie.options[self.tie.chosen],
        }


@dataclass
class Explanation:
    """The whole record of one activation."""

    npc: str
    objectives: list[ObjectiveExam] = field(default_factory=list)
    chosen: dict[str, Any] | None = None
    steps: list[Step] = field(default_factory=list)
    ties: list[TieRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    end: str | None = None
    waiting: dict[str, Any] | None = None
    deactivated: str = ""
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

    def note(self, text: str) -> None:
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
            "notes": list(self.notes),
        }
        if self.deactivated:
            data["deactivated"] = self.deactivated
        if self.scored:
            data["scored"] = list(self.scored)
        if self.waiting is not None:
            data["waiting"] = self.waiting
        return data

    def sentences(self) -> list[str]:
        """The activation told in plain sentences, in the order things happened."""
        lines: list[str] = []
        timeline: list[tuple[int, int, str]] = []  # (steps made by then, order, line)
        for exam in self.objectives:
            prefix = "  (again, with the AP left) " if exam.research else "  "
            line = f"{prefix}{exam.rank}. {exam.mode.replace('_', ' ')} {exam.quota} AP: {exam.reason}"
            if exam.research or exam.at_step:
                timeline.append((exam.at_step, exam.order, line))
            else:
                lines.append(line)
        if self.chosen is not None:
            mode = self.chosen["mode"].replace("_", " ")
            if self.chosen.get("default"):
                lines.append(f"No objective is achievable: it approaches its default objective ({mode}).")
            else:
                rank, quota = self.chosen["rank"], self.chosen["quota"]
                lines.append(f"Mode: {mode} (objective {rank}, {quota} AP for the activation).")
        for tie in self.ties:
            rolls = ", ".join(str(r) for r in tie.tie.rolls)
            timeline.append(
                (
                    tie.at_step,
                    tie.order,
                    f"Tie ({tie.about}): {', '.join(tie.tie.options)}; "
                    f"rolled {rolls} -> {tie.tie.options[tie.tie.chosen]} (S-PROX-3).",
                )
            )
        for note, (at_step, order) in zip(self.notes, self.note_steps, strict=False):
            timeline.append((at_step, order, f"Note: {note}"))
        timeline.sort()
        position = 0
        for index, step in enumerate(self.steps):
            while position < len(timeline) and timeline[position][0] <= index:
                lines.append(timeline[position][2])
                position += 1
            lines.append(f"- {step.text} [{step.ap} AP]")
        lines.extend(line for _, _, line in timeline[position:])
        lines.append(f"AP used: {self.ap_used}" + (f"; ends on {self.end}." if self.end else "."))
        if self.deactivated:
            lines.append(f"Deactivated: {self.deactivated}")
        if self.waiting is not None:
            lines.append(f"Waiting for the table: {self.waiting.get('text', self.waiting.get('for'))}")
        return lines
