"""Messages, not sentences: what the engine tells a person, as an id plus parameters (issue 12).

A :class:`Message` holds the English text (which is also its gettext ``msgid``) and its parameters:
numbers, squares and rule ids as plain values, game things as :class:`Ref` (a character, a class, an
object, a room, a mode) and other messages. It is turned into words only at the edge, in the chosen
language, by :mod:`solo.i18n`. ``msg(...)`` is the marker Babel extracts (tools/update_catalogues.py);
``msg_n(one, many, ...)`` marks a text with a count, whose form (« 1 quart de tour », « 2 quarts de tour »)
is chosen at the edge by the language's plural rule (gettext's ``ngettext``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solo.records import record

REF_KINDS = (
    "npc", "card", "summary", "player", "class", "object", "room", "mode", "side", "character", "figure",
    "layout",
)
"""npc: a card id (its name); card: a card id (name and epithet, for headings); summary: a card id (its
personality in our words); player: a Player figure's class; class: a class as a noun; object: ``kind`` or
``kind:colour``; room: a slot, or ``slot:layout``; mode: an objective's mode; side: ``player`` or
``npc``; character: ``npc:<card>:<id>`` or ``player:<class>:<id>`` (a file's character, its id given when
it differs); figure: a character id that could not be told apart (shown as it is); layout: a room layout's
id (its name, as the room's sheet prints it)."""


@record(frozen=True)
class Ref:
    """A game thing named at the edge: the name on its card, its class or its colour, in the language."""

    kind: str
    key: str

    def to_data(self) -> dict[str, str]:
        return {"ref": self.kind, "key": self.key}


@record(frozen=True)
class Message:
    """An identifier (the English source text) plus its named parameters."""

    text: str
    params: tuple[tuple[str, Param], ...] = ()
    context: str = ""
    """A gettext context when the same English text needs two translations."""
    plural: str = ""
    """The English text when the count is not one (``text`` is then the singular): a plural message."""
    count: str = ""
    """The parameter whose number (or list's length) chooses between the singular and the plural."""

    @property
    def args(self) -> dict[str, Param]:
        return dict(self.params)

    def to_data(self) -> dict[str, Any]:
        """The message as plain data (saves, JSON): text, context and parameters."""
        data: dict[str, Any] = {"text": self.text}
        if self.context:
            data["context"] = self.context
        if self.plural:
            data["plural"] = self.plural
            data["count"] = self.count
        if self.params:
            data["params"] = {name: _param_data(value) for name, value in self.params}
        return data

    def english(self) -> str:
        """The message in English without any catalogue or card names (logs for developers, JSON)."""
        from solo.i18n import render  # same layer; late only to keep the two modules readable apart

        return render(self, "en")


Param = int | str | Ref | Message | tuple["Param", ...]
"""A message parameter: a number, a literal (a square, a rule id), a game thing, a message, or a list.
Written after :class:`Message`, not with ``"Message"``: a quoted name in a ``Union`` is a ``ForwardRef``,
whose ``compile()`` is the process's first and sets up the ``ast`` module's types (~9.6 M instructions
of every start, issue 16 item 6)."""


def msg(text: str, /, **params: Param) -> Message:
    """A message; ``text`` is a literal English sentence with ``{name}`` for each parameter."""
    return Message(text, tuple(params.items()))


def msg_n(one: str, many: str, counted: str = "count", /, **params: Param) -> Message:
    """A message with a count: ``one`` when the parameter named ``counted`` is one, ``many`` otherwise
    in English; each language has its own forms and rule (``ngettext``: French says « 0 quart de tour »)."""
    return Message(one, tuple(params.items()), "", many, counted)


def msg_ctx(context: str, text: str, /, **params: Param) -> Message:
    """A message whose English text needs a context to be translated (``pgettext``)."""
    return Message(text, tuple(params.items()), context)


def literal(text: str) -> Message:
    """A text that is already words (an old save's log line, a player's own text): shown as it is."""
    return Message("{text}", (("text", text),), "literal")


def translated(english: str, others: Sequence[tuple[str, str]] = ()) -> Message:
    """A text that data holds in several languages (a card's question): shown in the reader's."""
    return Message("{text}", (("text", english), *others), "translated")


def decimal(value: float, spec: str = ".1f") -> Message:
    """A number with decimals (a report's figure): rendered with the reader's decimal sign (AMB-NUMBERS)."""
    return Message("{text}", (("text", format(value, spec)),), "number")


EARLIER_TEXTS: dict[str, tuple[str, str, str]] = {
    "rotation die: face {value} = {ap} quarter turn(s), {sense}": (
        "rotation die: face {value} = {ap} quarter turn, {sense}",
        "rotation die: face {value} = {ap} quarter turns, {sense}", "ap"),
    "turns {room} by {turns} quarter turn(s) {sense} (S-ROT-6)": (
        "turns {room} by {turns} quarter turn {sense} (S-ROT-6)",
        "turns {room} by {turns} quarter turns {sense} (S-ROT-6)", "turns"),
    "{room:cap} turned {turns} quarter(s) clockwise": (
        "{room:cap} turned {turns} quarter turn clockwise",
        "{room:cap} turned {turns} quarter turns clockwise", "turns"),
    "{figure:cap} turns {room} by {turns} quarter turn(s) {sense} (B-ROT, {turns} AP)": (
        "{figure:cap} turns {room} by {turns} quarter turn {sense} (B-ROT, {turns} AP)",
        "{figure:cap} turns {room} by {turns} quarter turns {sense} (B-ROT, {turns} AP)", "turns"),
    **{same: (same, same, key) for same, key in (
        ("{text}; wounded: {figures}", "figures"),
        ("{text}; eliminated: {figures}", "figures"),
        ("{figure:cap} fires the wand {direction} from {square}: {victims} eliminated (B-WAND, 1 AP)",
         "victims"),
        ("{figure:cap} screams at {target}: pushed to {square}, {victims} eliminated (B-BANS, 2 AP)",
         "victims"),
    )},
}
"""Texts of a game log saved before plural messages (« 1 quart(s) de tour »), read back as the plural
message that replaced each (same parameters), so that an older save reads in French as a new one."""


def _param_data(value: Param) -> Any:
    if isinstance(value, Ref):
        return value.to_data()
    if isinstance(value, Message):
        return {"message": value.to_data()}
    if isinstance(value, tuple):
        return {"list": [_param_data(item) for item in value]}
    return value


def _param_from(value: Any) -> Param:
    if isinstance(value, Mapping):
        if "ref" in value:
            return Ref(str(value["ref"]), str(value.get("key", "")))
        if "message" in value:
            return message_from(value["message"])
        if "list" in value and isinstance(value["list"], Sequence):
            return tuple(_param_from(item) for item in value["list"])
        raise ValueError(f"not a message parameter: {value!r}")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"not a message parameter: {value!r}")
    return value


def message_from(data: Any) -> Message:
    """A message read back from :meth:`Message.to_data` (a plain string is an old text, kept literal)."""
    if isinstance(data, str):
        return literal(data)
    if not isinstance(data, Mapping) or not isinstance(data.get("text"), str):
        raise ValueError(f"not a message: {data!r}")
    params = data.get("params") or {}
    if not isinstance(params, Mapping):
        raise ValueError(f"not message parameters: {params!r}")
    text, context, plural = data["text"], str(data.get("context", "")), str(data.get("plural", ""))
    count = str(data.get("count", "")) if plural else ""
    if not plural and not context and text in EARLIER_TEXTS:  # saved before plural messages
        text, plural, count = EARLIER_TEXTS[text]
    named = tuple((str(name), _param_from(value)) for name, value in params.items())
    return Message(text, named, context, plural, count)


def chain(parts: Sequence[Param]) -> Message:
    """Several things said one after the other, separated by semicolons.

    The halves are chained in a balanced tree, so that a long list nests only as deep as its
    logarithm (a saved log event stays shallow, whatever the number of steps)."""
    if not parts:
        return Message("")
    if len(parts) == 1:
        return msg("{first}", first=parts[0])
    half = len(parts) // 2
    first = parts[0] if half == 1 else chain(parts[:half])
    rest = parts[half] if len(parts) - half == 1 else chain(parts[half:])
    return msg("{first}; {next}", first=first, next=rest)
