"""Request dialogs: each kind of request the game flow sends out gets a dialog whose answer has the type
and value the engine expects (checked by feeding it to the engine's own generators where they are public)."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from solo.automaton.table import (
    CombatRequest,
    Notice,
    QuestionRequest,
    Request,
    RevealRequest,
    ShuffleRequest,
    roll,
)
from solo.game.autoplay import auto_player_turn
from solo.game.fight import NpCardRequest, PlayerCardRequest
from solo.game.reveal import RoomRequest, draw_tokens, which_room
from solo.game.session import Session
from solo.game.setup import new_game
from solo.game.teleport import DrawRequest, TeleportChoiceRequest, as_int, choose_line
from solo.messages import msg
from solo.ui.model import GameModel
from solo.ui.request_dialogs import (
    ChoiceDialog,
    InfoDialog,
    OrderDialog,
    QuestionDialog,
    RequestDialog,
    RoomDialog,
)
from solo.ui.requests import RequestRouter, answer_of, ask, dialog_for


def _dialog(qtbot: Any, request: Request) -> RequestDialog:
    dialog = dialog_for(request)
    qtbot.addWidget(dialog)
    if isinstance(request, RoomRequest):  # pictures to click instead of the engine's list of ids
        assert f"Room {request.slot}:" in dialog.text.text() and "demo-1a" not in dialog.text.text()
    else:
        assert request.text.english() in dialog.text.text()  # every dialog shows what the game asks
    return dialog


def _ok_enabled(dialog: RequestDialog) -> bool:
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    return ok is not None and ok.isEnabled()


def _send(steps: Generator[Request, Any, Any], answer: Any) -> Any:
    """Feed one answer to an engine generator waiting at its first request; what it returns."""
    next(steps)
    with pytest.raises(StopIteration) as done:
        steps.send(answer)
    return done.value.value


def test_player_card_is_one_of_the_options_as_text(qtbot: Any) -> None:
    dialog = _dialog(qtbot, PlayerCardRequest("", msg("Choose your combat card"), ("+0", "+3", "+5")))
    assert isinstance(dialog, ChoiceDialog)
    assert [dialog.list.item(i).text() for i in range(3)] == ["+0", "+3", "+5"]
    assert not _ok_enabled(dialog)
    dialog.accept()  # nothing chosen: not accepted
    assert answer_of(dialog) is None
    dialog.list.setCurrentRow(1)
    assert _ok_enabled(dialog)
    dialog.accept()
    assert answer_of(dialog) == "+3"


def test_np_card_is_one_of_the_options(qtbot: Any) -> None:
    dialog = _dialog(qtbot, NpCardRequest("", msg("Turn over the NP's card"), ("+1", "+6")))
    assert isinstance(dialog, ChoiceDialog)
    dialog.choose("+6")
    dialog.accept()
    assert answer_of(dialog) == "+6"


def test_teleport_choice_is_an_int_the_engine_takes(qtbot: Any) -> None:
    steps = choose_line("", "npc:yom", "column", 3, [2, 4, 5])
    request = next(steps)
    assert isinstance(request, TeleportChoiceRequest)
    dialog = _dialog(qtbot, request)
    assert [dialog.list.item(i).text() for i in range(3)] == ["Column 2", "Column 4", "Column 5"]
    assert isinstance(dialog, ChoiceDialog)
    dialog.choose(4)
    dialog.accept()
    answer = answer_of(dialog)
    assert answer == 4 and isinstance(answer, int) and as_int(answer) == 4
    with pytest.raises(StopIteration) as done:
        steps.send(answer)
    assert done.value.value == 4


def test_die_is_an_int_from_1_to_6(qtbot: Any) -> None:
    steps = roll("yom", msg("Tie: even = a, odd = b"), "tie", ["a", "b"])
    request = next(steps)
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, ChoiceDialog)
    assert dialog.values == [1, 2, 3, 4, 5, 6]
    assert "a, b" in "".join(label.text() for label in dialog.findChildren(type(dialog.text)))
    dialog.choose(5)
    dialog.accept()
    assert answer_of(dialog) == 5
    with pytest.raises(StopIteration) as done:
        steps.send(answer_of(dialog))
    assert done.value.value == 5


def test_vision_draw_names_room_positions_and_answers_the_option(qtbot: Any) -> None:
    request = DrawRequest("", msg("Turn over the top Vision card"), "vision", ("3", "7"))
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, ChoiceDialog)
    assert dialog.list.item(1).text() == "Room position 7"
    dialog.choose("7")
    dialog.accept()
    assert answer_of(dialog) == "7" and as_int(answer_of(dialog)) == 7


def test_bag_draw_is_a_token_the_engine_takes(qtbot: Any) -> None:
    game = new_game(1, seed=4, modes={"bag": "table"})
    steps = draw_tokens(game, 1)
    request = next(steps)
    assert isinstance(request, DrawRequest) and request.pile == "bag"
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, ChoiceDialog)
    token = request.options[2]
    dialog.choose(token)
    dialog.accept()
    with pytest.raises(StopIteration) as done:
        steps.send(answer_of(dialog))
    assert done.value.value == [token]


def test_room_is_layout_and_rotation_the_engine_takes(qtbot: Any) -> None:
    game = new_game(1, seed=4)
    game.position.board.place(3, None)  # the table dealt this room face down, unknown to the app
    steps = which_room(game, 3)
    request = next(steps)
    assert isinstance(request, RoomRequest)
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, RoomDialog)
    assert not _ok_enabled(dialog)
    assert len(dialog.group.buttons()) == 4 * len(request.options)  # each room at its 4 orientations
    assert all(not b.icon().isNull() for b in dialog.group.buttons())  # as pictures
    tips = [b.toolTip() for b in dialog.group.buttons()]
    assert not any(tip.startswith(tuple(request.options)) for tip in tips), tips  # a name, never an id
    assert all(", " in tip for tip in tips)
    layout = request.options[1]
    dialog.choose(layout, 3)
    dialog.accept()
    answer = answer_of(dialog)
    assert answer == (layout, 3)
    with pytest.raises(StopIteration) as done:
        steps.send(answer)
    found, rotation, known = done.value.value
    assert (found.id, rotation, known) == (layout, 3, False)


def test_shuffle_is_the_list_in_the_order_shown(qtbot: Any) -> None:
    request = ShuffleRequest("", msg("Shuffle the active NPC cards"), ("arthos", "yom", "xanth"))
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, OrderDialog)
    dialog.list.setCurrentRow(2)
    qtbot.mouseClick(dialog.up, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.up, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.up, Qt.MouseButton.LeftButton)  # already first: stays
    dialog.accept()
    assert answer_of(dialog) == ["xanth", "arthos", "yom"]


def test_question_offers_its_choices_and_free_text(qtbot: Any) -> None:
    request = QuestionRequest(
        "snake-slissken", msg("Where did the Key go?"), "Placed where he can reach it?", ("gear", "roll"),
        "Snake…",
    )
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, QuestionDialog)
    assert [dialog.field.itemText(i) for i in range(dialog.field.count())] == ["gear", "roll"]
    assert not _ok_enabled(dialog)
    dialog.field.setCurrentIndex(1)
    assert _ok_enabled(dialog)
    dialog.accept()
    assert answer_of(dialog) == "roll"
    typed = _dialog(qtbot, request)
    assert isinstance(typed, QuestionDialog)
    qtbot.keyClicks(typed.field.lineEdit(), " c3 ")
    typed.accept()
    assert answer_of(typed) == "c3"


def test_combat_result_is_win_lose_or_tie(qtbot: Any) -> None:
    request = CombatRequest("arthos", msg("arthos attacks naga"), ("arthos",), ("naga",),
                            notes=(msg("a note"),))
    dialog = _dialog(qtbot, request)
    assert isinstance(dialog, ChoiceDialog)
    assert dialog.values == ["win", "lose", "tie"]
    dialog.choose("lose")
    dialog.accept()
    assert answer_of(dialog) == "lose"


def test_a_notice_is_read_and_answered_none(qtbot: Any) -> None:
    dialog = _dialog(qtbot, Notice("yom", msg("yom's activation is over"), "activation_done"))
    assert isinstance(dialog, InfoDialog)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted and answer_of(dialog) is None


def test_a_request_the_app_cannot_answer_only_cancels(qtbot: Any) -> None:
    dialog = _dialog(qtbot, RevealRequest("yom", msg("yom reveals room 4"), 4))
    assert isinstance(dialog, InfoDialog)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok) is None
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted and answer_of(dialog) is None


def test_cancelled_dialog_answers_none(qtbot: Any) -> None:
    dialog = _dialog(qtbot, PlayerCardRequest("", msg("Choose"), ("+0",)))
    assert isinstance(dialog, ChoiceDialog)
    dialog.choose("+0")
    dialog.reject()
    assert answer_of(dialog) is None


def test_ask_runs_the_dialog_modally(qtbot: Any) -> None:
    """ask() execs the dialog: a timer plays the player (and closes any dialog left open)."""

    def player() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, ChoiceDialog):
            dialog.choose("+2")
            dialog.accept()
        elif dialog is not None:
            dialog.close()

    QTimer.singleShot(0, player)
    assert ask(PlayerCardRequest("", msg("Choose"), ("+0", "+2"))) == "+2"


# -- the router -------------------------------------------------------------------------------------
def _first_option(request: Request, parent: Any) -> Any:
    """A scripted player answering with the dialogs: the first option of each."""
    dialog = dialog_for(request, parent)
    if isinstance(dialog, ChoiceDialog):
        dialog.list.setCurrentRow(0)
    elif isinstance(dialog, QuestionDialog):
        dialog.choose(dialog.field.itemText(0) or "roll")
    dialog.accept()
    answer = answer_of(dialog)
    dialog.deleteLater()
    return answer


@pytest.fixture
def seed4(qtbot: Any, tmp_path: Path) -> GameModel:
    """Seed 4: the Player's first reveal asks him to choose teleport rows or columns."""
    return GameModel(Session(new_game(1, seed=4), folder=tmp_path / "autosave"))


def test_router_answers_requests_with_dialogs_until_the_step_ends(qtbot: Any, seed4: GameModel) -> None:
    asked: list[str] = []

    def player(request: Request, parent: Any) -> Any:
        asked.append(type(request).__name__)
        return _first_option(request, parent)

    router = RequestRouter(seed4, None, player)  # queued: each dialog opens once the signal has returned
    with qtbot.waitSignal(seed4.step_done, timeout=5000):
        assert seed4.begin("The Player's turn", auto_player_turn) is not None
    assert asked and set(asked) == {"TeleportChoiceRequest"}
    assert seed4.pending is None
    assert seed4.undo_stack.undoText() == "The Player's turn"
    assert router.model is seed4


def test_router_leaves_a_cancelled_request_waiting(qtbot: Any, seed4: GameModel) -> None:
    router = RequestRouter(seed4, None, lambda request, parent: None, queued=False)
    with qtbot.waitSignal(router.cancelled) as cancelled:
        request = seed4.begin("The Player's turn", auto_player_turn)
    assert cancelled.args == [request]
    assert seed4.pending is request  # still waiting: the player may answer later or abandon
    router.asker = _first_option
    assert router.ask_pending()
    assert seed4.pending is None or seed4.pending is not request


def test_router_leaves_notices_to_the_np_panel(qtbot: Any, seed4: GameModel) -> None:
    asked: list[Request] = []
    router = RequestRouter(seed4, None, lambda request, parent: asked.append(request), queued=False)
    seed4.request.emit(Notice("yom", msg("over"), "activation_done"))
    assert asked == [] and router.model is seed4


def test_dialogs_name_cards_tokens_and_die_faces_as_printed(qtbot: Any) -> None:
    # What the player reads on his table, while the answers stay the engine's ids.
    from solo.automaton.table import DieRequest, ShuffleRequest, rotation_die
    from solo.game.content import npc_card

    bag = DrawRequest("", msg("Draw a token"), "bag", ("npc:yom", "object:bow:yellow", "player:cleric"))
    dialog = dialog_for(bag, None, "demo")
    qtbot.addWidget(dialog)
    texts = [dialog.list.item(i).text() for i in range(dialog.list.count())]  # type: ignore[attr-defined]
    assert texts == [npc_card("yom", "demo").name, "The yellow Bow", "The Cleric"]
    rotation = dialog_for(DieRequest("yom", msg("Roll the rotation die"), "rotation"))
    qtbot.addWidget(rotation)
    first = rotation_die()[0]
    label = rotation.list.item(0).text()  # type: ignore[attr-defined]
    assert label.startswith("1: ") and f"{first.ap} AP" in label
    order = dialog_for(ShuffleRequest("", msg("Lay the cards"), ("yom", "serpico")), None, "demo")
    qtbot.addWidget(order)
    assert npc_card("serpico", "demo").name in order.list.item(1).text()  # type: ignore[attr-defined]
    order.accept()
    assert answer_of(order) == ["yom", "serpico"]
