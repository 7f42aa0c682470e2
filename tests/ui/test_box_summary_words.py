"""The new-game wizard's box summary names cards as printed and says a card's gaps in the interface's
language (issue 12): it showed the card's file id and the gaps in English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from box_builders import write_card

from solo.content.box import load_box
from solo.game.content import reload_content
from solo.ui import i18n
from solo.ui.box_summary import note_text


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "card Yom cannot be activated (the personality is unknown): left out"),
    ("fr", "la carte Yom ne peut pas être activée (la personnalité est inconnue) : laissée de côté"),
])
def test_a_card_left_out(qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
                         expected: str) -> None:
    card = write_card(tmp_path / "npc_cards", "yom", "gappy", unknown=["personality"])
    monkeypatch.setenv("DT_SOLO_USER_DIR", str(tmp_path))  # the player's folder, the wizard's too
    reload_content()
    try:
        [note] = [n for n in load_box().notes if n.code == "card_unplayable"]
        i18n.install(qapp, language)
        assert note_text(note) == f"{card}: {expected}"
    finally:
        i18n.uninstall(qapp)
        monkeypatch.delenv("DT_SOLO_USER_DIR")
        reload_content()
