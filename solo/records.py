"""The engine's records (dataclasses), declared with ``@record``: fields from the class's annotations
and methods written once here, rather than ``dataclasses`` generating and compiling each method of
each class at every start of the program (issue 16 item 6).

``dataclasses`` compiles each method a class asks for on its own, about half a million instructions a
method, three for a frozen class, and importing it imports ``inspect`` (~27 M instructions, a tenth of
a whole ``dt-solo explain``), which it reads only for a class without a docstring. A record behaves as
the generated methods do:

- fields: the class's annotations in order, a base record's first (``ClassVar`` ones are not fields);
  a default, or :func:`field` (``default``, ``default_factory``, ``repr``, ``hash``, ``compare``);
  :func:`fields` and :func:`replace` as ``dataclasses.fields`` and ``dataclasses.replace``;
- ``__init__``: the generated one's parameters, defaults and fresh factory values; a class's first
  records are built by one shared function, and the class's own is written and compiled only for
  its 12th (most classes a command loads are built a few times, or never) or for arguments that
  do not fit (then Python's own words say what is wrong);
- a frozen record refuses ``setattr`` and ``del`` as the generated methods do
  (:class:`FrozenInstanceError`), with one shared pair of functions;
- ``repr``: ``Name(field=value, …)`` over the fields shown (``field(repr=False)`` leaves one out),
  ``...`` for a value that contains itself;
- ``==``: equal when of the same class with equal compared fields (``field(compare=False)`` leaves
  one out), in order, as tuples; ``NotImplemented`` for another class; ``eq=False``: by identity;
- ``hash``: a frozen record's is the hash of the tuple of its hashed fields (``field(hash=…)``, else
  the compared ones), the same number the generated one gives; a mutable record compared by value
  has none (unhashable), as a dataclass.

The few records a search compares millions of times (``solo.table.ways``, ``compiled=True``) have
``==`` and ``hash`` written for the class, the text ``dataclasses`` generates (faster than the shared
ones), compiled at their first use.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, dataclass_transform, get_origin, overload

T = TypeVar("T", bound=type)
V = TypeVar("V")


class _Missing:
    """No default (``dataclasses.MISSING``)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class _Factory:
    """The default a parameter shows whose field has a ``default_factory`` (as in ``dataclasses``)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


class FrozenInstanceError(AttributeError):
    """A field of a frozen record assigned or deleted (``dataclasses.FrozenInstanceError``)."""


class Field:
    """One field of a record: its name, annotation, default or factory, and how it is shown and compared."""

    __slots__ = ("compare", "default", "default_factory", "hash", "name", "repr", "type")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True,
                 hash: bool | None = None, compare: bool = True) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.repr = repr
        self.hash = hash
        self.compare = compare

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
                f"default_factory={self.default_factory!r},repr={self.repr!r},hash={self.hash!r},"
                f"compare={self.compare!r})")


@overload
def field(*, default: V, repr: bool = True, hash: bool | None = None, compare: bool = True) -> V: ...


@overload
def field(*, default_factory: Callable[[], V], repr: bool = True, hash: bool | None = None,
          compare: bool = True) -> V: ...


@overload
def field(*, repr: bool = True, hash: bool | None = None, compare: bool = True) -> Any: ...


def field(*, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True,
          hash: bool | None = None, compare: bool = True) -> Any:
    """A field with more than a default (``dataclasses.field``)."""
    return Field(default, default_factory, repr, hash, compare)


def fields(record_or_class: Any) -> tuple[Field, ...]:
    """A record's fields, in order (``dataclasses.fields``)."""
    try:
        found: tuple[Field, ...] = record_or_class.__record_fields__
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    return found


def is_record(value: Any) -> bool:
    """Whether ``value`` is a record or a record class (``dataclasses.is_dataclass``)."""
    return hasattr(value, "__record_fields__")


def is_frozen(cls: type) -> bool:
    """Whether ``cls`` is a frozen record."""
    return bool(cls.__dict__.get("__record_frozen__", False))


def replace(value: V, /, **changes: Any) -> V:
    """A copy of the record ``value`` with ``changes`` (``dataclasses.replace``): built anew."""
    kept = {f.name: getattr(value, f.name) for f in fields(value) if f.name not in changes}
    return value.__class__(**kept, **changes)


class Record:
    """The shared ``repr`` (what ``@record`` gives)."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{self.__class__.__qualname__}({shown})"


_COMPARED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
_HASHED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _compared_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls) if f.compare)


def _hashed_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls) if (f.compare if f.hash is None else f.hash))


def _getter(cls: type, table: dict[type, Callable[[Any], tuple[Any, ...]]],
            names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a class's fields named ``names``, found once per class."""
    if len(names) == 1:
        (name,) = names
        found: Callable[[Any], tuple[Any, ...]] = lambda value: (getattr(value, name),)  # noqa: E731
    elif names:
        found = attrgetter(*names)
    else:
        found = lambda value: ()  # noqa: E731
    table[cls] = found
    return found


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    cls = self.__class__
    values = _COMPARED.get(cls) or _getter(cls, _COMPARED, _compared_names(cls))
    return values(self) == values(other)


def _hash(self: Any) -> int:
    cls = self.__class__
    values = _HASHED.get(cls) or _getter(cls, _HASHED, _hashed_names(cls))
    return hash(values(self))


# -- the methods written for a class ---------------------------------------------------------------
def _compiled(cls: type, name: str, text: str, scope: dict[str, Any]) -> Callable[..., Any]:
    """The function ``name`` that ``text`` defines, as a method of ``cls``."""
    exec(text, scope)  # our own text, made of the class's field names
    made: Callable[..., Any] = scope[name]
    made.__qualname__ = f"{cls.__qualname__}.{name}"
    made.__module__ = cls.__module__
    return made


def _init_of(cls: type) -> Callable[..., None]:
    """The ``__init__`` ``dataclasses`` would generate for ``cls``: the same parameters, defaults and
    factories, each field set in order (through ``object.__setattr__`` when frozen)."""
    own = fields(cls)
    me = "__record_self__" if any(f.name == "self" for f in own) else "self"
    scope: dict[str, Any] = {"__record_set__": object.__setattr__, "__record_factory__": _FACTORY}
    frozen, parameters, body = is_frozen(cls), [me], []
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
        body.append(f"__record_set__({me}, {f.name!r}, {value})" if frozen else f"{me}.{f.name} = {value}")
    text = f"def __init__({', '.join(parameters)}):\n    " + "\n    ".join(body or ["pass"]) + "\n"
    return _compiled(cls, "__init__", text, scope)


def _eq_of(cls: type) -> Callable[[Any, Any], Any]:
    """The ``__eq__`` ``dataclasses`` generates for ``cls`` (tuples of the compared fields)."""
    names = _compared_names(cls)
    mine = "".join(f"self.{name}," for name in names)
    theirs = "".join(f"other.{name}," for name in names)
    text = (f"def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
            f"        return ({mine})==({theirs})\n    return NotImplemented\n")
    return _compiled(cls, "__eq__", text, {})


def _hash_of(cls: type) -> Callable[[Any], int]:
    """The ``__hash__`` ``dataclasses`` generates for a frozen ``cls`` (the tuple of hashed fields)."""
    names = _hashed_names(cls)
    text = f"def __hash__(self):\n    return hash(({''.join(f'self.{name},' for name in names)}))\n"
    return _compiled(cls, "__hash__", text, {})


def _when_first_used(cls: type, name: str, write: Callable[[type], Callable[..., Any]]) -> Callable[..., Any]:
    """``cls``'s method ``name`` until its first call: it writes the real one for the class, then runs it."""

    def first(self: Any, *args: Any, **kwargs: Any) -> Any:
        made = write(cls)
        setattr(cls, name, made)
        return made(self, *args, **kwargs)

    first.__name__ = name
    first.__qualname__ = f"{cls.__qualname__}.{name}"
    return first


COMPILED_AFTER = 12
"""How many records of a class are built by :func:`_init_until_compiled`'s own ``__init__`` before the
class's is written and compiled (half a million instructions: most classes are built a few times)."""


def _init_until_compiled(cls: type) -> Callable[..., None]:
    """``cls``'s ``__init__`` for its first records: the fields set from the arguments, as the written
    one sets them; from the :data:`COMPILED_AFTER`-th record on, or at once for arguments that do not
    fit (the written one says what is wrong in Python's words), the written one, compiled."""
    own = fields(cls)
    names = tuple(f.name for f in own)
    known = frozenset(names)
    put: Callable[[Any, str, Any], None] = object.__setattr__ if is_frozen(cls) else setattr
    built = [0]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N807 - the method it stands for
        built[0] += 1
        given = len(args)
        if built[0] >= COMPILED_AFTER or given > len(names) or not known.issuperset(kwargs) or any(
                name in kwargs for name in names[:given]):
            made = _init_of(cls)
            setattr(cls, "__init__", made)  # noqa: B010 - mypy refuses assigning a method
            made(self, *args, **kwargs)
            return
        values = list(args)
        for f in own[given:]:
            if f.name in kwargs:
                values.append(kwargs[f.name])
            elif f.default_factory is not MISSING:
                values.append(f.default_factory())
            elif f.default is not MISSING:
                values.append(f.default)
            else:  # missing: the written one says so
                made = _init_of(cls)
                setattr(cls, "__init__", made)  # noqa: B010
                made(self, *args, **kwargs)
                return
        for name, value in zip(names, values, strict=True):
            put(self, name, value)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _refusals(cls: type[Any], names: frozenset[str]) -> None:
    """A frozen record's ``__setattr__`` and ``__delattr__``, those ``dataclasses`` generates."""

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


# -- the fields --------------------------------------------------------------------------------------
def _is_class_var(annotation: Any) -> bool:
    """``ClassVar[…]``, written or (``from __future__ import annotations``) as text."""
    if isinstance(annotation, str):
        head = annotation.partition("[")[0].strip()
        return head in ("ClassVar", "typing.ClassVar")
    return annotation is ClassVar or get_origin(annotation) is ClassVar


def _fields_of(cls: type) -> tuple[Field, ...]:
    """The fields of ``cls``: its bases' (a base record's, in order), then its own annotations'; the
    class attributes become the defaults (a field without one has no class attribute), as in
    ``dataclasses``."""
    found: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for inherited in base.__dict__.get("__record_fields__", ()):
            found[inherited.name] = inherited
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - inspect is what records avoid importing
    for name, annotation in own.items():
        if _is_class_var(annotation):
            continue
        default = cls.__dict__.get(name, MISSING)
        made = default if isinstance(default, Field) else Field(default)
        made.name, made.type = name, annotation
        if isinstance(default, Field):
            if made.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, made.default)
        if made.default is not MISSING and made.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(made.default)} for field {name} is not allowed: "
                             "use default_factory")
        found[name] = made
    defaulted = False
    for f in found.values():
        if f.default is not MISSING or f.default_factory is not MISSING:
            defaulted = True
        elif defaulted:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    return tuple(found.values())


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
def record(*, frozen: bool = False, eq: bool = True, compiled: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(field, Field))
def record(cls: Any = None, /, *, frozen: bool = False, eq: bool = True, compiled: bool = False) -> Any:
    """A record (the module's docstring); ``compiled``: ``==`` and ``hash`` written for the class."""

    def make(body: Any) -> Any:
        bases = [base for base in body.__mro__[1:] if "__record_fields__" in base.__dict__]
        if bases and any(is_frozen(base) for base in bases) != frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one" if not frozen
                            else "cannot inherit frozen dataclass from a non-frozen one")
        own = _fields_of(body)
        body.__record_fields__ = own
        body.__record_frozen__ = frozen
        setattr(body, "__match_args__", tuple(f.name for f in own))  # noqa: B010 - mypy refuses it
        if frozen:
            _refusals(body, frozenset(f.name for f in own))
        body.__init__ = _init_until_compiled(body)
        if not body.__doc__:
            body.__doc__ = _signature_text(body)
        body.__repr__ = Record.__repr__
        if eq and "__eq__" not in body.__dict__:
            body.__eq__ = _when_first_used(body, "__eq__", _eq_of) if compiled else _eq
            hashed = _when_first_used(body, "__hash__", _hash_of) if compiled else _hash
            body.__hash__ = hashed if frozen else None
        return body

    return make if cls is None else make(cls)
