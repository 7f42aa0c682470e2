"""The engine's dataclasses, declared with ``@record``: a ``dataclass`` whose ``repr``, ``==`` and
``hash`` are written once here rather than generated for each class (issue 16 item 6).

``dataclasses`` generates each method a class asks for, and Python 3.11 compiles each on its own:
about half a million instructions a method, at every start of the program. ``@record`` lets
``dataclasses`` generate only what must be per class (``__init__``; the refusals of a frozen
record's ``__setattr__`` and ``__delattr__``) and gives the rest the very behaviour the generated
methods have:

- ``repr``: ``Name(field=value, …)`` over the fields shown (``field(repr=False)`` leaves one out),
  ``...`` for a value that contains itself;
- ``==``: equal when of the same class with equal compared fields (``field(compare=False)`` leaves
  one out), in order, as tuples; ``NotImplemented`` for another class; ``eq=False``: by identity;
- ``hash``: a frozen record's is the hash of the tuple of its hashed fields (``field(hash=…)``, else
  the compared ones), the same number the generated one gives; a mutable record compared by value
  has none (unhashable), as a dataclass.

The few records a search compares millions of times (``solo.table.ways``) keep ``dataclass``'s
generated ``==`` and ``hash`` (they are faster) and take only the ``repr``, from :class:`Record`.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

_COMPARED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_HASHED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


class Record:
    """The shared ``repr`` for a ``@dataclass(repr=False)`` class (what ``@record`` gives too)."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)  # type: ignore[arg-type]
        return f"{self.__class__.__qualname__}({shown})"


def _getter(cls: type, table: dict[type, Callable[[Any], tuple[Any, ...]]],
            keep: Callable[[Field[Any]], bool]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a class's fields that ``keep`` takes, found once per class."""
    names = tuple(f.name for f in fields(cls) if keep(f))
    if len(names) == 1:
        (name,) = names
        found: Callable[[Any], tuple[Any, ...]] = lambda value: (getattr(value, name),)  # noqa: E731
    elif names:
        found = attrgetter(*names)
    else:
        found = lambda value: ()  # noqa: E731
    table[cls] = found
    return found


def _compared(f: Field[Any]) -> bool:
    return f.compare


def _hashed(f: Field[Any]) -> bool:
    return f.compare if f.hash is None else f.hash


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = _COMPARED.get(self.__class__) or _getter(self.__class__, _COMPARED, _compared)
    return values(self) == values(other)


def _hash(self: Any) -> int:
    values = _HASHED.get(self.__class__) or _getter(self.__class__, _HASHED, _hashed)
    return hash(values(self))


@overload
def record(cls: T, /) -> T: ...


@overload
def record(*, frozen: bool = False, eq: bool = True) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(field, Field))
def record(cls: Any = None, /, *, frozen: bool = False, eq: bool = True) -> Any:
    """``@dataclass`` with the shared ``repr``, ``==`` and ``hash`` (the module's docstring)."""

    def make(body: Any) -> Any:
        made = dataclass(body, frozen=frozen, eq=False, repr=False)
        made.__repr__ = Record.__repr__
        if eq and "__eq__" not in body.__dict__:
            made.__eq__ = _eq
            made.__hash__ = _hash if frozen else None
        return made

    return make if cls is None else make(cls)
