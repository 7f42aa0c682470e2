"""The engine's dataclasses, declared with ``@record``: a ``dataclass`` whose methods are written once
here rather than generated and compiled for each class at every start (issue 16 item 6).

``dataclasses`` generates each method a class asks for, and Python 3.11 compiles each on its own:
about half a million instructions a method, three for a frozen class, at every start of the program.
``@record`` asks ``dataclasses`` for the fields only (``fields()``, ``replace()`` work as on any
dataclass) and gives the methods the very behaviour the generated ones have:

- ``__init__``: the generated one's parameters, defaults and factories, written and compiled when
  the class is first built (most classes a command loads never are), then the class's own;
- a frozen record refuses ``setattr`` and ``del`` on its fields as the generated methods do
  (``FrozenInstanceError``), with one shared pair of functions;
- ``repr``: ``Name(field=value, …)`` over the fields shown (``field(repr=False)`` leaves one out),
  ``...`` for a value that contains itself;
- ``==``: equal when of the same class with equal compared fields (``field(compare=False)`` leaves
  one out), in order, as tuples; ``NotImplemented`` for another class; ``eq=False``: by identity;
- ``hash``: a frozen record's is the hash of the tuple of its hashed fields (``field(hash=…)``, else
  the compared ones), the same number the generated one gives; a mutable record compared by value
  has none (unhashable), as a dataclass.

``__dataclass_params__`` says what ``dataclasses`` itself generated (nothing); :func:`is_frozen`
says whether a record is frozen. The few records a search compares millions of times
(``solo.table.ways``) keep ``dataclass``'s generated methods and take only the ``repr``, from
:class:`Record`.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

_COMPARED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_HASHED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_FROZEN: set[type] = set()


class Record:
    """The shared ``repr`` for a ``@dataclass(repr=False)`` class (what ``@record`` gives too)."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)  # type: ignore[arg-type]
        return f"{self.__class__.__qualname__}({shown})"


def is_frozen(cls: type) -> bool:
    """Whether ``cls`` is a frozen record (or a frozen dataclass)."""
    params = getattr(cls, "__dataclass_params__", None)
    return cls in _FROZEN or bool(params is not None and params.frozen)


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


class _Factory:
    """The default a parameter shows whose field has a ``default_factory`` (as in ``dataclasses``)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _init_of(cls: type) -> Callable[..., None]:
    """The ``__init__`` ``dataclasses`` would generate for ``cls``: the same parameters, defaults and
    factories, each field set in order (through ``object.__setattr__`` when frozen)."""
    own = list(fields(cls))
    me = "__record_self__" if any(f.name == "self" for f in own) else "self"
    scope: dict[str, Any] = {"__record_set__": object.__setattr__, "__record_factory__": _FACTORY}
    parameters, body = [me], []
    for f in own:
        value = f.name
        if f.default_factory is not MISSING:
            scope[f"__record_make_{f.name}__"] = f.default_factory
            parameters.append(f"{f.name}=__record_factory__")
            value = f"__record_make_{f.name}__() if {f.name} is __record_factory__ else {f.name}"
        elif f.default is not MISSING:
            scope[f"__record_default_{f.name}__"] = f.default
            parameters.append(f"{f.name}=__record_default_{f.name}__")
        else:
            parameters.append(f.name)
        body.append(f"__record_set__({me}, {f.name!r}, {value})" if cls in _FROZEN
                    else f"{me}.{f.name} = {value}")
    text = f"def __init__({', '.join(parameters)}):\n    " + "\n    ".join(body or ["pass"]) + "\n"
    exec(text, scope)  # our own text, made of the class's field names
    made: Callable[..., None] = scope["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__module__ = cls.__module__
    return made


def _init_when_first_built(cls: type) -> Callable[..., None]:
    """``cls``'s ``__init__`` until its first instance: it writes the real one, then builds with it."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N807 - the method it stands for
        made = _init_of(cls)
        setattr(cls, "__init__", made)  # noqa: B010 - mypy refuses assigning a method
        made(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _refusals(cls: type[Any]) -> None:
    """A frozen record's ``__setattr__`` and ``__delattr__``, those ``dataclasses`` generates."""
    names = frozenset(f.name for f in fields(cls))

    def __setattr__(self: Any, name: str, value: Any) -> None:  # noqa: N807 - the generated one's name
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:  # noqa: N807 - the generated one's name
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method in (__setattr__, __delattr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        if method.__name__ in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {method.__name__} in class {cls.__name__}")
        setattr(cls, method.__name__, method)


def _signature_text(cls: type) -> str:
    """The class's text when it has no docstring, as ``dataclasses`` writes it: ``Name(a: 'int', …)``."""
    shown = []
    for f in fields(cls):
        default = (" = <factory>" if f.default_factory is not MISSING
                   else "" if f.default is MISSING else f" = {f.default!r}")
        shown.append(f"{f.name}: {f.type!r}{default}")
    return f"{cls.__name__}({', '.join(shown)})"


@overload
def record(cls: T, /) -> T: ...


@overload
def record(*, frozen: bool = False, eq: bool = True) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(field, Field))
def record(cls: Any = None, /, *, frozen: bool = False, eq: bool = True) -> Any:
    """``@dataclass`` with the shared methods (the module's docstring)."""

    def make(body: Any) -> Any:
        bases = [base for base in body.__mro__[1:] if "__dataclass_fields__" in base.__dict__]
        if bases and any(is_frozen(base) for base in bases) != frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one" if not frozen
                            else "cannot inherit frozen dataclass from a non-frozen one")
        undocumented = not body.__doc__
        if undocumented:
            body.__doc__ = body.__name__  # dataclasses would read the signature of no __init__ yet
        made = dataclass(body, init=False, frozen=False, eq=False, repr=False)
        if frozen:
            _FROZEN.add(made)
            _refusals(made)
        made.__init__ = _init_when_first_built(made)
        if undocumented:
            made.__doc__ = _signature_text(made)
        made.__repr__ = Record.__repr__
        if eq and "__eq__" not in body.__dict__:
            made.__eq__ = _eq
            made.__hash__ = _hash if frozen else None
        return made

    return make if cls is None else make(cls)
