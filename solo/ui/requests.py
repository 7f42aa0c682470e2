"""Answering a game step's requests: the right dialog for each kind, and the router that opens it.

:func:`dialog_for` builds the dialog of a request (every kind the game flow sends out: combat card,
NP card, die, teleport row or column, draw, room, shuffle, question, combat result…);
:func:`answer_of` reads its answer in the type the engine expects; :func:`ask` runs it modally.
:class:`RequestRouter` listens to ``GameModel.request`` and answers every request but the NP turn's
pauses (Notices: the NP panel's Next button) with a dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QDialog, QLabel, QWidget

from solo.automaton.table import (
    OUTCOMES,
    CombatRequest,
    DieRequest,
    Notice,
    QuestionRequest,
    Request,
    ShuffleRequest,
    rotation_die,
)
from solo.errors import DataError, IllegalActionError
from solo.game.content import OWN, npc_card, room_library
from solo.game.fight import NpCardRequest, PlayerCardRequest
from solo.game.reveal import RoomRequest
from solo.game.teleport import DrawRequest, TeleportChoiceRequest
from solo.ui.model import GameModel
from solo.ui.request_dialogs import (
    ChoiceDialog,
    InfoDialog,
    OrderDialog,
    QuestionDialog,
    RequestDialog,
    RoomDialog,
)
from solo.ui.room_pictures import room_picture, rotation_text
from solo.ui.words import error_words, figure_name, personality_of, room_name, say, token_label

Asker = Callable[[Request, QWidget | None], Any]
DIE_PICTURE_SIDE = 160
"""The side of the room's picture beside a teleport die, in pixels."""
STEP_ERRORS = (IllegalActionError, DataError, ValueError)
"""What a game step may raise when answered; the step is then undone by the session (AMB-STEP-ATOMIC)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("RequestDialogs", text)


def _combat_dialog(request: CombatRequest, parent: QWidget | None) -> RequestDialog:
    labels = {"win": _tr("The NPC's side wins"), "lose": _tr("The NPC's side loses"), "tie": _tr("Tie")}
    dialog = ChoiceDialog(request, OUTCOMES, [labels[o] for o in OUTCOMES], parent)
    if request.attackers or request.defenders:
        dialog.add_note(
            _tr("Attackers: {a}. Defenders: {d}.").format(
                a=", ".join(figure_name(c) for c in request.attackers) or "-",
                d=", ".join(figure_name(c) for c in request.defenders) or "-",
            )
        )
    if request.ranged:
        dialog.add_note(_tr("Ranged combat."))
    for note in request.notes:
        dialog.add_note(say(note))
    return dialog


def _die_labels(request: DieRequest) -> list[str]:
    """A plain die shows 1-6; the rotation die's faces are told as the real die shows them (the
    numbers are the order of rules/rotation_die.yaml)."""
    if request.purpose != "rotation":
        return [str(v) for v in range(1, 7)]
    senses = {"cw": _tr("clockwise"), "ccw": _tr("anticlockwise")}
    return [_tr("{n}: {sense}, {ap} AP").format(n=n, sense=senses.get(face.sense, face.sense), ap=face.ap)
            for n, face in enumerate(rotation_die(), start=1)]


def _die_dialog(request: DieRequest, parent: QWidget | None, content: str = OWN) -> RequestDialog:
    dialog = ChoiceDialog(request, list(range(1, 7)), _die_labels(request), parent)
    dialog.setWindowTitle(_tr("Roll a die"))
    if request.options:
        dialog.add_note(_tr("Tied: {options}").format(options=", ".join(request.options)))
    if request.room is not None:  # a teleport: the room as it lies, before the dice (issue 13)
        slot, layout_id, rotation = request.room
        room = room_library(content).get(layout_id)
        name = room_name(room, layout_id)
        dialog.add_note(_tr("Room {slot}: {name}, {lies}; the red die gives the row, the white die the "
                            "column of its Room card (S-REVEAL-4).").format(
                                slot=slot, name=name, lies=rotation_text(rotation)))
        if room is not None:
            picture = QLabel()
            picture.setObjectName("room-picture")
            picture.setPixmap(room_picture(room, rotation, DIE_PICTURE_SIDE))
            dialog.body.insertWidget(0, picture, 0, Qt.AlignmentFlag.AlignHCenter)
    return dialog


def _teleport_dialog(request: TeleportChoiceRequest, parent: QWidget | None) -> RequestDialog:
    template = _tr("Row {n}") if request.axis == "row" else _tr("Column {n}")
    labels = [template.format(n=n) for n in request.options]
    return ChoiceDialog(request, list(request.options), labels, parent)


def _draw_dialog(request: DrawRequest, parent: QWidget | None, content: str) -> RequestDialog:
    """What was drawn, by the names printed on the tokens and cards (the ids stay the answers)."""
    labels: list[str] | None = None
    if request.pile == "vision":
        labels = [_tr("Room position {n}").format(n=o) for o in request.options]
    elif request.pile == "bag":
        labels = [token_label(str(o)) for o in request.options]
    elif request.pile == "reinforcements":
        labels = [card_name(str(o), content) for o in request.options]
    return ChoiceDialog(request, list(request.options), labels, parent)


def card_name(card_id: str, content: str) -> str:
    """The name printed on an NPC card (its id when the card cannot be read)."""
    try:
        return npc_card(card_id, content).name or card_id
    except DataError:
        return card_id


def dialog_for(request: Request, parent: QWidget | None = None, content: str = OWN) -> RequestDialog:
    """The dialog answering ``request`` (not shown: call ``exec()``, or :func:`ask`); ``content`` is
    the game's, for the names of cards and tokens."""
    dialog: RequestDialog
    if isinstance(request, (PlayerCardRequest, NpCardRequest)):
        dialog = ChoiceDialog(request, list(request.options), None, parent)
        dialog.setWindowTitle(_tr("Combat card"))
    elif isinstance(request, TeleportChoiceRequest):
        dialog = _teleport_dialog(request, parent)
    elif isinstance(request, DrawRequest):
        dialog = _draw_dialog(request, parent, content)
    elif isinstance(request, RoomRequest):
        library = room_library(content)
        rooms = {i: room for i in request.options if (room := library.get(i)) is not None}
        dialog = RoomDialog(request, request.options, parent, rooms)
    elif isinstance(request, DieRequest):
        dialog = _die_dialog(request, parent, content)
    elif isinstance(request, ShuffleRequest):
        dialog = OrderDialog(request, request.cards, parent, [card_name(c, content) for c in request.cards])
    elif isinstance(request, QuestionRequest):
        dialog = QuestionDialog(request, request.question, request.choices, personality_of(request), parent)
    elif isinstance(request, CombatRequest):
        dialog = _combat_dialog(request, parent)
    elif isinstance(request, Notice):
        dialog = InfoDialog(request, "", parent)
    else:
        note = _tr("The app cannot answer this request here: undo the step and mirror it with an edit.")
        dialog = InfoDialog(request, note, parent, answerable=False)
    if request.npc:
        dialog.setWindowTitle(f"{dialog.windowTitle()}: {figure_name(request.npc)}")
    return dialog


def answer_of(dialog: QDialog) -> Any:
    """The answer an accepted dialog holds, in the engine's type; None when it was not accepted."""
    if not isinstance(dialog, RequestDialog) or dialog.result() != QDialog.DialogCode.Accepted:
        return None
    return dialog.answer()


def ask(request: Request, parent: QWidget | None = None, content: str = OWN) -> Any | None:
    """Show the request's dialog modally; its answer, or None when the player cancelled."""
    dialog = dialog_for(request, parent, content)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return answer_of(dialog)
    finally:
        dialog.deleteLater()


class RequestRouter(QObject):
    """Answers the model's requests with dialogs (Notices excepted: they are the NP panel's pauses).

    Signals: ``cancelled(object)`` (the player closed the dialog: the request still waits),
    ``failed(str)`` (the answer made the step fail; the session undid it). Keep a reference to the
    router (or give it a parent widget): it stops answering once it is garbage-collected."""

    cancelled = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        model: GameModel,
        parent: QWidget | None = None,
        asker: Asker | None = None,
        queued: bool = True,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.window = parent
        self.asker: Asker = asker if asker is not None else self.ask_with_names
        connection = Qt.ConnectionType.QueuedConnection if queued else Qt.ConnectionType.AutoConnection
        self._asking = False
        model.request.connect(self._on_request, connection)

    def ask_with_names(self, request: Request, parent: QWidget | None) -> Any | None:
        """The default asker: the dialog names cards and tokens from the game's own content."""
        return ask(request, parent, self.model.game.content)

    def _on_request(self, request: object) -> None:
        if isinstance(request, Notice) or request is not self.model.pending:
            return  # a pause for the NP panel, or an old request already answered
        if self._asking:
            QTimer.singleShot(0, self.ask_pending)  # answer it once the dialog on screen is closed
            return
        self.ask_pending()

    def ask_pending(self) -> bool:
        """Ask the player for the pending request (not a Notice); True when it was answered."""
        request = self.model.pending
        if request is None or isinstance(request, Notice) or self._asking:
            return False
        self._asking = True
        try:
            value = self.asker(request, self.window)
        finally:
            self._asking = False
        if value is None:
            self.cancelled.emit(request)
            return False
        if self.model.pending is not request:
            return False  # the step was abandoned or undone meanwhile
        try:
            self.model.answer(value)
        except STEP_ERRORS as error:
            self.model.changed.emit()
            self.failed.emit(error_words(error))
        return True
