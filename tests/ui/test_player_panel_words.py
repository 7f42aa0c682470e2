"""The Player panel names the selected figure as the table does, in both languages: a Player figure by
its class once (« Le Traître en f1 », not « Le Traître (Traître) en f1 »), an NPC by its card with its
class in brackets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solo.formats.position_io import load_position
from solo.game.session import Session
from solo.game.state import Game
from solo.locations import RULES_DIR
from solo.table.squares import square_name
from solo.ui import i18n
from solo.ui.model import GameModel
from solo.ui.player_panel import PlayerTurnPanel


def _panel(qtbot: Any, game: Game, tmp_path: Path) -> PlayerTurnPanel:
    panel = PlayerTurnPanel(GameModel(Session(game, folder=tmp_path / "autosave")), lambda request: None)
    qtbot.addWidget(panel)
    return panel


@pytest.mark.parametrize(("language", "figure", "expected"), [
    ("en", "backstabber", "The Backstabber on {at}"),
    ("fr", "backstabber", "Le Traître en {at}"),
    ("en", "wizard", "The Wizard on {at}"),
    ("fr", "wizard", "Le Magicien en {at}"),
])
def test_a_player_figure_is_named_by_its_class_once(
    qtbot: Any, qapp: Any, model: GameModel, tmp_path: Path, language: str, figure: str, expected: str,
) -> None:
    panel = _panel(qtbot, model.game, tmp_path)
    at = model.game.position.characters[figure].at
    assert at is not None
    try:
        i18n.install(qapp, language)
        panel.select_figure(figure)
        assert panel.figure_label.text() == expected.format(at=square_name(at))
    finally:
        i18n.uninstall(qapp)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Yom (Mechanork) on {at}"),
    ("fr", "Yom (Méchanork) en {at}"),
])
def test_an_npc_keeps_its_class_in_brackets(qtbot: Any, qapp: Any, tmp_path: Path, language: str,
                                            expected: str) -> None:
    position = load_position(RULES_DIR / "positions" / "demo.yaml")
    yom = position.characters["yom"]
    assert yom.at is not None and yom.class_id == "mechanork"
    panel = _panel(qtbot, Game(position, difficulty=1), tmp_path)
    try:
        i18n.install(qapp, language)
        panel.select_figure("yom")
        assert panel.figure_label.text() == expected.format(at=square_name(yom.at))
    finally:
        i18n.uninstall(qapp)


# -- a shot from the panel: the sides first, then the step, or nothing when given up ---------------------
SHOOTING = """
    - {id: archer, side: player, class: cleric, at: h1, carries: bow}
    - {id: far, side: npc, card: n-wizard, at: h5}
"""


@pytest.mark.parametrize("accept", [True, False])
def test_a_shot_shows_its_sides_then_runs_or_changes_nothing(qtbot: Any, tmp_path: Path,
                                                             accept: bool) -> None:
    from builders import class_position

    from solo.actions.combat import CombatSides
    from solo.game.player import play_action_card
    from solo.game.setup import new_game
    from solo.table.position import Position

    game = Game(class_position(SHOOTING, turn="{side: player}"), difficulty=1)
    dealt = new_game(1, seed=1)
    game.player.combat, game.npc_combat = dealt.player.combat, dealt.npc_combat  # the combat cards
    play_action_card(game, 2)
    shown: list[CombatSides] = []

    def confirm(position: Position, sides: CombatSides, parent: Any) -> bool:
        shown.append(sides)
        return accept

    model = GameModel(Session(game, folder=tmp_path / "autosave"))
    panel = PlayerTurnPanel(model, lambda request: getattr(request, "options", ("3",))[-1], confirm=confirm)
    qtbot.addWidget(panel)
    panel.select_figure("archer")
    assert panel.options is not None and panel.options.shots == ["far"]
    count = model.undo_stack.count()
    assert panel.shoot_target("far") is accept
    assert len(shown) == 1 and shown[0].shooters == ("archer",) and shown[0].target == "far"
    if accept:
        assert model.undo_stack.undoText() == "The Cleric shoots N Wizard"  # the inline card n-wizard
    else:
        assert model.undo_stack.count() == count
    assert panel.shoot_target("nobody") is False and len(shown) == 1
