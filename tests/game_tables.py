"""Scripted tables for the game-flow tests: answers given in order (solo.automaton.table.Table)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.automaton.table import QuestionRequest, Request, UnansweredError
from solo.game.teleport import TeleportChoiceRequest


@dataclass
class ListTable:
    """Answers every request with the next scripted answer, in order; records what was asked."""

    answers: list[Any] = field(default_factory=list)
    asked: list[Request] = field(default_factory=list)

    def answer(self, request: Request) -> Any:
        if not self.answers:
            raise UnansweredError(request)
        self.asked.append(request)
        return self.answers.pop(0)


@dataclass
class PlayerListTable(ListTable):
    """Scripted answers in order; the Player's teleport choices and Dékrou's question answered for him."""

    def answer(self, request: Request) -> Any:
        self.asked.append(request)
        if isinstance(request, TeleportChoiceRequest):
            return request.options[0]
        if isinstance(request, QuestionRequest):
            return "roll"
        if not self.answers:
            raise UnansweredError(request)
        return self.answers.pop(0)
