"""The engine's records (solo/records.py, issue 16 item 6) behave as ``dataclasses`` would make them:
the same fields, ``__init__``, text, equality, hash numbers and refusals of a frozen one, for every
record of the engine, without ``dataclasses`` compiling a method for each class at every start."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pkgutil
import random
from typing import Any

import pytest

import solo
from solo import records
from solo.records import record


def _engine_modules() -> list[Any]:
    names = [m.name for m in pkgutil.walk_packages(solo.__path__, "solo.")
             if not m.name.startswith("solo.ui") and not m.name.endswith("__main__")]
    return [importlib.import_module(name) for name in names]


def _engine_classes(marked: str) -> list[type]:
    """The engine's classes that hold ``marked`` themselves (``__record_fields__``: declared records)."""
    found = {}
    for module in _engine_modules():
        for value in vars(module).values():
            ours = isinstance(value, type) and value.__module__ == module.__name__
            if ours and marked in vars(value):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return list(found.values())


def _generated(cls: type) -> type:
    """A twin of ``cls`` whose methods ``dataclasses`` itself generates: the same fields, frozen or not."""

    def same(f: records.Field) -> Any:
        given = {"default": f.default} if f.default is not records.MISSING else (
            {"default_factory": f.default_factory} if f.default_factory is not records.MISSING else {})
        return dataclasses.field(**given, repr=f.repr, hash=f.hash, compare=f.compare)

    shape = [(f.name, f.type, same(f)) for f in records.fields(cls)]
    twin: type = dataclasses.make_dataclass(cls.__name__, shape, frozen=records.is_frozen(cls))
    twin.__qualname__ = cls.__qualname__
    return twin


def _generated_repr(cls: type) -> Any:
    return _generated(cls).__repr__


SEARCH_VALUES = {f"solo.table.ways.{name}" for name in ("State", "Action", "Way", "Reach")}
"""Compared and hashed millions of times by a search: ``==`` and ``hash`` written for the class."""


def test_every_engine_dataclass_is_a_record() -> None:
    # A dataclass of the engine costs half a million instructions a method to compile at every start,
    # and importing dataclasses ~27 M more (inspect): declare it `@record` (solo.records), not `@dataclass`
    # (a value the search compares millions of times: `@record(compiled=True)`).
    assert [f"{cls.__module__}.{cls.__qualname__}" for cls in _engine_classes("__dataclass_fields__")] == []
    declared = _engine_classes("__record_fields__")
    assert len(declared) >= 90
    assert all(cls.__repr__ is records.Record.__repr__ for cls in declared)
    written = {f"{cls.__module__}.{cls.__qualname__}" for cls in declared
               if cls.__eq__ is not records._eq and cls.__eq__ is not object.__eq__}
    assert written - {"solo.automaton.explanation.ObjectiveExam"} == SEARCH_VALUES  # that one has its own


def _instances(root: object, seen: set[int], found: list[object]) -> None:
    """Every dataclass instance reachable from ``root`` through fields, lists, tuples, sets, dicts."""
    if id(root) in seen:
        return
    seen.add(id(root))
    if records.is_record(root) and not isinstance(root, type):
        found.append(root)
        children: list[object] = [getattr(root, f.name) for f in records.fields(root)]
    elif isinstance(root, dict):
        children = [*root.keys(), *root.values()]
    elif isinstance(root, list | tuple | set | frozenset):
        children = list(root)
    else:
        return
    for child in children:
        _instances(child, seen, found)


def test_the_shared_repr_is_the_text_dataclasses_would_give() -> None:
    # The records of a real activation (the table, the cards, the explanation with its steps,
    # messages and refs, the search's states and ways), each beside the generated repr of its class.
    from solo.automaton.activation import run_activation
    from solo.automaton.context import cards_of
    from solo.automaton.table import ScriptedTable
    from solo.content.gamedata import game_data
    from solo.content.rooms import load_library
    from solo.formats.position_io import load_position
    from solo.locations import RULES_DIR
    from solo.table.search import cheapest_paths, npc_means

    position = load_position(RULES_DIR / "positions" / "demo.yaml", load_library())
    cards = cards_of(position)
    reach = cheapest_paths(position, "serpico", npc_means(max_ap=3), None)
    explanation = run_activation(position, "serpico", ScriptedTable(rng=random.Random(1)), cards=cards)
    found: list[object] = []
    _instances([position, cards, reach, explanation, game_data()], set(), found)
    kinds = {type(record) for record in found}
    assert len(kinds) >= 20 and len(found) > 100
    for one in found:
        assert repr(one) == _generated_repr(type(one))(one)
    by_class: dict[type, list[object]] = {}
    for one in found:
        by_class.setdefault(type(one), []).append(one)
    compared = 0
    for cls, ones in by_class.items():
        if cls.__eq__ is object.__eq__ or cls.__name__ == "ObjectiveExam":  # by identity; its own ==
            continue
        twin = _generated(cls)
        for one in ones[:20]:
            for other in (copy.deepcopy(one), ones[0], ones[-1]):
                assert (one == other) is twin.__eq__(one, other)  # type: ignore[operator]
                compared += 1
            assert (one == "text") is False
            if cls.__hash__ is None:
                assert twin.__hash__ is None
            else:
                assert _hash_or_error(one) == _hash_or_error(one, twin.__hash__)
    assert compared > 100


def _hash_or_error(value: object, hashing: Any = hash) -> object:
    try:
        return hashing(value)
    except TypeError as exc:  # a frozen record holding a list or a dict: unhashable, as generated
        return str(exc)


@record
class _Box:
    name: str
    inside: list[Any] = records.field(default_factory=list)
    hidden: int = records.field(default=0, repr=False)


@dataclasses.dataclass
class _GeneratedBox:
    name: str
    inside: list[Any] = dataclasses.field(default_factory=list)
    hidden: int = dataclasses.field(default=0, repr=False)


@record(frozen=True)
class _Pair:
    left: Any
    right: Any = None


def test_a_record_that_contains_itself_and_fields_left_out_read_as_generated() -> None:
    box, generated = _Box("a", hidden=3), _GeneratedBox("a", hidden=3)
    box.inside.append(box)
    generated.inside.append(generated)
    assert repr(box) == "_Box(name='a', inside=[...])"
    assert repr(generated) == "_GeneratedBox(name='a', inside=[...])"
    pair = _Pair(box, _Pair("x"))
    assert repr(pair) == "_Pair(left=_Box(name='a', inside=[...]), right=_Pair(left='x', right=None))"


@record(frozen=True)
class _Shown:
    a: int
    b: list[int] = records.field(default_factory=list, compare=False)
    c: str = records.field(default="", hash=False)


@record
class _Mutable:
    a: int


@record(eq=False)
class _Identity:
    a: int


def test_a_record_compares_and_hashes_as_a_dataclass_would() -> None:
    twin = _generated(_Shown)
    one, same, other = _Shown(1, [1], "x"), _Shown(1, [2], "x"), _Shown(1, [1], "y")
    assert one == same and one != other and (one == twin(1, [1], "x")) is False  # another class
    assert hash(one) == twin.__hash__(one) == hash((1,)) and hash(other) == hash(one)
    assert _Mutable(1) == _Mutable(1) and _Mutable.__hash__ is None
    assert _Identity(1) != _Identity(1) and len({_Identity(1), _Identity(1)}) == 2


def _calls(cls: Any) -> list[str]:
    """What building ``cls`` in several ways gives: the values, or the error's words."""
    said = []
    for args, kwargs in [((1,), {}), ((1, [2], "c"), {}), ((), {"a": 3, "c": "z"}), ((), {}),
                         ((1, 2, 3, 4), {}), ((1,), {"z": 2}), ((1,), {"a": 2})]:
        try:
            one = cls(*args, **kwargs)
            said.append(f"{one.a} {one.b} {one.c}")
        except TypeError as exc:
            said.append(str(exc).replace(cls.__qualname__, "X"))
    return said


@record(frozen=True)
class _FrozenBuilt:
    a: int
    b: list[int] = records.field(default_factory=list)
    c: str = "c"


@dataclasses.dataclass(frozen=True)
class _FrozenGenerated:
    a: int
    b: list[int] = dataclasses.field(default_factory=list)
    c: str = "c"


@record
class _Undocumented:
    a: int
    b: list[int] = records.field(default_factory=list)
    c: str = "c"


@dataclasses.dataclass
class _UndocumentedGenerated:
    a: int
    b: list[int] = dataclasses.field(default_factory=list)
    c: str = "c"


def test_a_record_is_built_and_refused_as_a_generated_dataclass_is() -> None:
    # __init__ is written when the class is first built: same parameters, defaults, fresh factory values
    # and the same errors; a frozen record refuses setattr and del with the generated words.
    assert "__record_self__" not in repr(vars(_Undocumented))
    assert _calls(_FrozenBuilt) == _calls(_FrozenGenerated)
    assert _calls(_Undocumented) == _calls(_UndocumentedGenerated)
    assert _FrozenBuilt(1).b is not _FrozenBuilt(1).b
    for cls, refusal in ((_FrozenBuilt, records.FrozenInstanceError),
                         (_FrozenGenerated, dataclasses.FrozenInstanceError)):
        one, words = cls(1), []
        for change, name in ((setattr, "a"), (delattr, "c"), (setattr, "new")):
            with pytest.raises(refusal) as refused:
                change(one, name, 2) if change is setattr else change(one, name)
            words.append(str(refused.value))
        assert words == ["cannot assign to field 'a'", "cannot delete field 'c'",
                         "cannot assign to field 'new'"]
    assert records.is_frozen(_FrozenBuilt) and not records.is_frozen(_Undocumented)
    assert _Undocumented.__doc__ == _UndocumentedGenerated.__doc__.replace("Generated", "")  # type: ignore[union-attr]
    assert copy.deepcopy(_FrozenBuilt(1, [2])) == _FrozenBuilt(1, [2])
    assert records.replace(_FrozenBuilt(1, [2]), c="d") == _FrozenBuilt(1, [2], "d")
    assert [f.name for f in records.fields(_FrozenBuilt(1))] == ["a", "b", "c"]
    assert _FrozenBuilt.__match_args__ == ("a", "b", "c")


def test_a_frozen_record_cannot_inherit_a_mutable_one_nor_the_reverse() -> None:
    with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen one"):
        record(frozen=True)(type("Sub", (_Undocumented,), {"__annotations__": {"d": "int"}, "d": 0}))
    with pytest.raises(TypeError, match="cannot inherit non-frozen dataclass from a frozen one"):
        record(type("Sub", (_FrozenBuilt,), {"__annotations__": {"d": "int"}, "d": 0}))


@record
class _Counted:
    a: int
    b: list[int] = records.field(default_factory=list)
    c: str = "c"


def test_a_class_s_first_records_are_built_without_compiling_then_with_its_written_init() -> None:
    light = _Counted.__init__
    built = [_Counted(n, c=str(n)) if n % 2 else _Counted(a=n) for n in range(records.COMPILED_AFTER + 3)]
    written = _Counted.__init__
    assert light is not written and written.__code__.co_varnames[:4] == ("self", "a", "b", "c")
    expected = [{"a": n, "b": [], "c": str(n) if n % 2 else "c"} for n in range(len(built))]
    assert [vars(one) for one in built] == expected
    assert len({id(one.b) for one in built}) == len(built)  # a fresh list for each
