"""The board's context menu of table edits, and the drag-and-drop move: the player mirrors his table.

Each entry calls ``model.edit(title, change)`` with one of the engine's table edits (``solo.game.edits``):
the edit becomes an undoable command; one that breaks a rule is kept and warned about
(``GameModel.warnings``); one the engine refuses (ValueError) changes nothing and its message goes to
``on_refused`` (by default a warning box). No rule is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from solo.content.gamedata import game_data
from solo.content.rooms import Mark
from solo.errors import Problem
from solo.game import edits
from solo.game.reveal import room_layout
from solo.game.state import Game, token_parts
from solo.i18n import Phrase
from solo.messages import Message, Ref
from solo.table import naming
from solo.table.board import MarkerState
from solo.table.position import Character
from solo.table.squares import Direction, Square, neighbour, slot_of, square_name
from solo.ui.i18n import current_language
from solo.ui.model import GameModel
from solo.ui.words import error_words, figure_name, renderer, room_name, token_label

Refused = Callable[[str], None]
Change = Callable[[Game], None]


def _tr(text: str) -> str:
    """Our strings, translated (tools/update_translations.py writes this call out for lupdate)."""
    return QCoreApplication.translate("EditMenu", text)


def _phrase(text: str) -> Phrase:
    """A name that a French template may write after « à » or « de » (``{name:a}`` gives « au Clerc »)."""
    return Phrase(text, current_language())


def character_words(game: Game, character_id: str) -> Phrase:
    """A figure as printed in the app's language (« le Clerc », « Serpico »), mid-sentence."""
    return _phrase(figure_name(character_id, game))


def object_words(kind: str) -> Phrase:
    """An object as printed, in the app's language (« la Corde »), for the middle of a sentence."""
    return _phrase(renderer().ref(Ref("object", kind)))


def _cap(text: object) -> str:
    words = str(text)
    return words[:1].upper() + words[1:]


def show_refusal(message: str, parent: QWidget | None = None) -> None:
    """The default ``on_refused``: a warning box saying why the edit cannot be done."""
    QMessageBox.warning(parent, _tr("Edit refused"), message)


def apply_edit(model: GameModel, title: str, change: Change, on_refused: Refused) -> list[Problem] | None:
    """Make one edit; returns the rules it breaks (empty when none), or None when it was refused."""
    try:
        return model.edit(title, change)
    except ValueError as error:
        on_refused(error_words(error))
        return None


def _refuser(on_refused: Refused | None, parent: QWidget | None) -> Refused:
    return on_refused if on_refused is not None else partial(show_refusal, parent=parent)


def move_piece(model: GameModel, piece: str, square: Square,
               on_refused: Refused | None = None) -> list[Problem] | None:
    """The board's drag and drop: put ``piece`` (a character id or ``object:<index>``) on ``square``.
    Dropping a piece where it already is does nothing (returns None)."""
    refuse = _refuser(on_refused, None)
    index = edits.object_index(piece)
    target = square_name(square)
    if index is not None:
        objects = model.position.objects
        if 0 <= index < len(objects) and objects[index].at == square:
            return None
        name = object_words(objects[index].kind) if 0 <= index < len(objects) else _phrase(piece)
        title = _tr("Move {object} to {square}").format(object=name, square=target)
        return apply_edit(model, title, lambda g: edits.move_object(g, index, square), refuse)
    character = model.position.characters.get(piece)
    if character is not None and character.at == square:
        return None
    title = _tr("Move {name} to {square}").format(
        name=character_words(model.game, piece), square=target)
    return apply_edit(model, title, lambda g: edits.move_character(g, piece, square), refuse)


def reveal(model: GameModel, slot: int, layout_id: str, rotation: int,
           on_refused: Refused | None = None) -> list[Problem] | None:
    """Turn the face-down room in ``slot`` over as ``layout_id`` at ``rotation`` (for the reveal dialog)."""
    layout = room_name(room_layout(model.game, layout_id), layout_id)
    title = _tr("Reveal room {slot} ({layout})").format(slot=slot, layout=layout)
    return apply_edit(model, title, lambda g: edits.reveal_room(g, slot, layout_id, rotation),
                      _refuser(on_refused, None))


class _Builder:
    """Fills one context menu; every action's objectName says what it does (for tests and scripts)."""

    def __init__(self, model: GameModel, square: Square, menu: QMenu, refuse: Refused,
                 reveal_requested: Callable[[int], None] | None) -> None:
        self.model = model
        self.square = square
        self.menu = menu
        self.refuse = refuse
        self.reveal_requested = reveal_requested

    def action(self, menu: QMenu, text: str, name: str, title: str, change: Change) -> QAction:
        act = menu.addAction(text)
        act.setObjectName(name)
        act.triggered.connect(lambda: apply_edit(self.model, title, change, self.refuse))
        return act

    def build(self) -> None:
        position = self.model.position
        sq = self.square
        figure = position.figure_at(sq)
        lying = position.wounded_at(sq)
        if figure is not None:
            self.figure(figure)
        carried = position.characters.get(figure.carries) if figure and figure.carries else None
        for wounded in (lying, carried):
            if wounded is not None:
                self.wounded(wounded)
        for index, token in enumerate(position.objects):
            if token.at == sq:
                self.loose_object(index, token.kind)
        self.portcullises()
        self.walls()
        self.room()
        if position.board.exists(sq):
            held = figure is not None and figure.carries in game_data().objects
            self.additions(figure is None and lying is None, not position.objects_at(sq) and not held)

    def figure(self, figure: Character) -> None:
        name = character_words(self.model.game, figure.id)
        cid = figure.id
        self.menu.addSection(_cap(name))
        text = _tr("Wound {name}").format(name=name)
        self.action(self.menu, text, f"wound:{cid}", text, lambda g: edits.wound(g, cid))
        if figure.carries is None:
            give = self.menu.addMenu(_tr("Give {name} an object").format(name=name))
            give.setObjectName(f"give:{cid}")
            for kind in game_data().objects:
                thing = object_words(kind)
                title = _tr("Give {object} to {name}").format(object=thing, name=name)
                self.action(give, _cap(thing), f"give:{cid}:{kind}", title,
                            partial(edits.give_object, character_id=cid, kind=kind))
        else:
            carried = _phrase(position_item_name(self.model.game, figure.carries))
            text = _tr("{name} drops {item}").format(name=_phrase(_cap(name)), item=carried)
            self.action(self.menu, text, f"drop:{cid}", text, lambda g: edits.drop_item(g, cid))
        self.remove(cid, name)

    def wounded(self, wounded: Character) -> None:
        name = character_words(self.model.game, wounded.id)
        cid = wounded.id
        self.menu.addSection(_tr("{name} (wounded)").format(name=_cap(name)))
        text = _tr("Heal {name}").format(name=name)
        self.action(self.menu, text, f"heal:{cid}", text, lambda g: edits.heal(g, cid))
        self.remove(cid, name)

    def remove(self, cid: str, name: Phrase) -> None:
        text = _tr("Remove {name} from the game").format(name=name)
        self.action(self.menu, text, f"remove:{cid}", text, lambda g: edits.remove_character(g, cid))

    def loose_object(self, index: int, kind: str) -> None:
        name = object_words(kind)
        self.menu.addSection(_cap(name))
        text = _tr("Remove {object} from the game").format(object=name)
        self.action(self.menu, text, f"remove-object:{index}", text, lambda g: edits.remove_object(g, index))

    def portcullises(self) -> None:
        board = self.model.position.board
        for direction in Direction:
            other = neighbour(self.square, direction)
            if other is None or Mark.PORTCULLIS not in board.edge_marks(self.square, other):
                continue
            state = board.marker_state(self.square, other)
            where = f"{square_name(self.square)}–{square_name(other)}"
            self.menu.addSection(_tr("Portcullis {where}").format(where=where))
            texts = {
                MarkerState.OPEN: _tr("Open the portcullis {where}"),
                MarkerState.CLOSED: _tr("Close the portcullis {where}"),
                MarkerState.BROKEN: _tr("Break the portcullis {where}"),
            }
            for target, text in texts.items():
                if target is state:
                    continue
                label = text.format(where=where)
                edge_id = f"{square_name(self.square)}-{square_name(other)}"
                self.action(self.menu, label, f"portcullis:{target.value}:{edge_id}", label,
                            partial(edits.set_portcullis, a=self.square, b=other, state=target))

    def walls(self) -> None:
        """S-PERS-WAVERICK: a wall a character was pushed through is broken (and open) until mended."""
        board = self.model.position.board
        submenu: QMenu | None = None
        for direction in Direction:
            other = neighbour(self.square, direction)
            broken = board.wall_broken(self.square, other) if other is not None else None
            if other is None or broken is None or not board.exists(other):
                continue
            if submenu is None:
                submenu = self.menu.addMenu(_tr("Walls"))
            where = f"{square_name(self.square)}–{square_name(other)}"
            edge_id = f"{square_name(self.square)}-{square_name(other)}"
            text = _tr("Mend the wall {where}") if broken else _tr("Break the wall {where}")
            label = text.format(where=where)
            self.action(submenu, label, f"wall:{'mend' if broken else 'break'}:{edge_id}", label,
                        partial(edits.set_wall, a=self.square, b=other, broken=not broken))

    def room(self) -> None:
        slot = slot_of(self.square)
        if slot is None:
            return
        self.menu.addSection(_tr("Room {slot}").format(slot=slot))
        if not self.model.position.board.is_revealed(slot):
            act = self.menu.addAction(_tr("Reveal this room…"))
            act.setObjectName(f"reveal:{slot}")
            act.setEnabled(self.reveal_requested is not None)
            if self.reveal_requested is not None:
                requested = self.reveal_requested
                act.triggered.connect(lambda: requested(slot))
            return
        turns = {
            -1: _tr("Turn room {slot} a quarter left"),
            1: _tr("Turn room {slot} a quarter right"),
            2: _tr("Turn room {slot} half a turn"),
        }
        for quarter_turns, text in turns.items():
            label = text.format(slot=slot)
            self.action(self.menu, label, f"rotate:{slot}:{quarter_turns}", label,
                        partial(edits.rotate_room, slot=slot, quarter_turns=quarter_turns))

    def additions(self, characters: bool, objects: bool) -> None:
        """Tokens to put on the square: from the bag (figures and objects apart: together they ran off a
        768-pixel screen), or back from out of the game."""
        game = self.model.game
        piles = (
            ("add", game.bag, _tr("Add a figure from the bag"), characters, False),
            ("add-object", game.bag, _tr("Add an object from the bag"), False, objects),
            ("bring-back", game.removed, _tr("Bring back into play"), characters, objects),
        )
        for name, pile, title, figures, things in piles:
            tokens = [t for t in sorted(set(pile)) if _wanted(t, figures, things)]
            if not tokens:
                continue
            sub = self.menu.addMenu(title)
            sub.setObjectName(name)
            prefix = "bring-back" if name == "bring-back" else "add"
            for token in tokens:
                self.addition(sub, prefix, token)

    def addition(self, sub: QMenu, prefix: str, token: str) -> None:
        label = token_label(token, self.model.game)
        words = _phrase(renderer(self.model.game).ref(naming.token(token)))
        undo_text = _tr("Put {token} on {square}").format(token=words, square=square_name(self.square))
        self.action(sub, label, f"{prefix}:{token}", undo_text,
                    partial(edits.add_token, token=token, to=self.square))


def _wanted(token: str, characters: bool, objects: bool) -> bool:
    try:
        kind = token_parts(token)[0]
    except ValueError:
        return False
    return objects if kind == "object" else characters


def position_item_name(game: Game, item: str) -> str:
    """The name of what a figure carries: an object's, or a carried wounded's."""
    param = naming.item(game.position, item)
    say = renderer(game)
    if isinstance(param, Ref):
        return say.ref(param)
    return say.render(param) if isinstance(param, Message) else str(param)


def build_menu(model: GameModel, square: Square, parent: QWidget | None = None, *,
               reveal_requested: Callable[[int], None] | None = None,
               on_refused: Refused | None = None) -> QMenu:
    """The edits that make sense on ``square``: its character(s), its object, the portcullises on its
    sides, its room (turn it, or reveal it through ``reveal_requested(slot)``), tokens to add."""
    menu = QMenu(parent)
    menu.setObjectName(f"edit-menu:{square_name(square)}")
    _Builder(model, square, menu, _refuser(on_refused, parent), reveal_requested).build()
    return menu
