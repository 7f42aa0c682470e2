"""The objective table's cost column counts squares in the form its number asks for (AMB-PLURALS):
it read « 1 PA, 0 cases » and « 1 PA, 1 cases » in French."""

from __future__ import annotations

from typing import Any

import pytest

from solo.ui import i18n
from solo.ui.explanation_view import cost_label


@pytest.mark.parametrize(("language", "cost", "expected"), [
    ("fr", (1, 0), "1 PA, 0 case"),
    ("fr", (1, 1), "1 PA, 1 case"),
    ("fr", (4, 19), "4 PA, 19 cases"),
    ("en", (1, 0), "1 AP, 0 sq."),
    ("en", (4, 19), "4 AP, 19 sq."),
    ("fr", None, "—"),
])
def test_a_cost_counts_its_squares_in_the_right_form(qapp: Any, language: str, cost: tuple[int, int] | None,
                                                    expected: str) -> None:
    try:
        i18n.install(qapp, language)
        assert cost_label(cost) == expected
    finally:
        i18n.uninstall(qapp)
