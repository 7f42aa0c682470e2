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

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.fields, "ap": self.ap}


@dataclass
class TieRecord:
    """A tie a die broke: what was tied, the options in the order shown, the rolls."""

    about: str
    tie: TieBreak

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

    @property
    def ap_used(self) -> int:
        return sum(step.ap for step in self.steps)

    def note(self, text: str) -> None:
        self.notes.append(text)

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
        if self.waiting is not None:
            data["waiting"] = self.waiting
        return data

    def sentences(self) -> list[str]:
        """The activation told in plain sentences, in the order things were decided."""
        lines: list[str] = []
        for exam in self.objectives:
            prefix = "  (again, with the AP left) " if exam.research else "  "
            lines.append(f"{prefix}{exam.rank}. {exam.mode.replace('_', ' ')} {exam.quota} AP: {exam.reason}")
        if self.chosen is not None:
            if self.chosen.get("default"):
                lines.append(
                    f"No objective is achievable: it approaches its default objective "
                    f"({self.chosen['mode'].replace('_', ' ')})."
                )
            else:
                lines.append(
                    f"Mode: {self.chosen['mode'].replace('_', ' ')} "
                    f"(objective {self.chosen['rank']}, {self.chosen['quota']} AP for the activation)."
                )
        for tie in self.ties:
            lines.append(
                f"Tie ({tie.about}): {', '.join(tie.tie.options)}; rolled "
                f"{', '.join(str(r) for r in tie.tie.rolls)} -> {tie.tie.options[tie.tie.chosen]}."
            )
        for step in self.steps:
            lines.append(f"- {step.text} [{step.ap} AP]")
        for note in self.notes:
            lines.append(f"Note: {note}")
        lines.append(f"AP used: {self.ap_used}" + (f"; ends on {self.end}." if self.end else "."))
        if self.deactivated:
            lines.append(f"Deactivated: {self.deactivated}")
        if self.waiting is not None:
            lines.append(f"Waiting for the table: {self.waiting.get('text', self.waiting.get('for'))}")
        return lines
