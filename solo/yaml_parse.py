"""Strict, safe, bounded YAML parsing with PyYAML (``solo.yamlio`` reads through it): duplicate keys are
errors, every error names file and line, and each format's limits are checked before anything is built.

libyaml's parser (``yaml.CSafeLoader``) is used when PyYAML was built with it (several times faster);
PyYAML's own parser is the fallback. Both give the same data, and the same messages: a file libyaml
refuses is parsed again by PyYAML's parser for the message, so a player reads the same words everywhere.

A module apart from ``solo.yamlio`` so that PyYAML is loaded only when a text is parsed (issue 16 item
6): a command whose every file is bundled (``solo.yaml_bundled``), as ``dt-solo explain`` of the demo
table, never loads it (~30 M instructions of its start).
"""

from __future__ import annotations

import re
from typing import Any

from solo.errors import DataError, Problem, cut, shown
from solo.messages import Message, msg
from solo.pyyaml import yaml
from solo.yaml_plain import NotPlainError, plain_value
from solo.yamlio import ALIAS_NODES, TABLE_LIMITS, Limits

HAS_LIBYAML = hasattr(yaml, "CSafeLoader")
_LIBYAML_DIFFERS = re.compile("[\t?!]|.\ufeff", re.DOTALL)
"""What libyaml reads where PyYAML refuses (a tab, ``?`` or ``!`` in a plain value, a byte-order mark
inside the text): such a text is read by PyYAML's own parser, so that both always agree. No file the
app writes contains them."""


class _LimitError(yaml.MarkedYAMLError):
    """A file over one of its format's limits (reported like a syntax error, with its line)."""

    message: Message | None = None


class _KeyError(yaml.constructor.ConstructorError):
    """A key that cannot be (a list, a duplicate), told as a message."""

    message: Message | None = None


def _key_error(message: Message, mark: Any) -> _KeyError:
    error = _KeyError(None, None, message.english(), mark)
    error.message = message
    return error


YAML_PROBLEMS: dict[str, Message] = {
    "mapping values are not allowed here": msg("a colon where no value can start (mapping values are not "
                                               "allowed here)"),
    "could not find expected ':'": msg("a colon (:) is missing after a key"),
    "found character that cannot start any token": msg("a character that cannot start a value"),
    "found undefined alias": msg("an alias (*name) that no anchor (&name) defines"),
    "found unexpected end of stream": msg("the file ends in the middle of a value"),
    "found unknown escape character": msg("an unknown escape character after \\ in a quoted text"),
    "found a tab character that violates indentation": msg("a tab where the indentation needs spaces"),
    "found a tab character where an indentation space is expected": msg(
        "a tab where the indentation needs spaces"),
}
"""PyYAML's most frequent problems in words (its others are quoted as it says them)."""


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    result: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise _key_error(msg("a list or a mapping cannot be a key"), key_node.start_mark) from None
        if key in result:
            raise _key_error(msg("duplicate key {key}", key=shown(key)), key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
    return result


def _limit(node: yaml.Node, message: Message) -> _LimitError:
    error = _LimitError(None, None, message.english(), node.start_mark)
    error.message = message
    return error


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def check_nodes(root: yaml.Node, limits: Limits) -> None:
    """Refuse a parsed document over ``limits`` before any value is built: texts, lists, nesting,
    the number of values, and how many values aliases add (each alias counts its whole value)."""
    if _plain_and_within(root, limits):
        return
    _check_every_node(root, limits)


def _plain_and_within(root: yaml.Node, limits: Limits) -> bool:
    """True when the document is a plain tree (no alias: no value reached twice) within every limit,
    as nearly every file is: then :func:`_check_every_node` would find nothing, and this single walk
    costs about half of its two. Anything else is told by that walk, in its order."""
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    text_chars, list_items, deepest, nodes = limits.text_chars, limits.list_items, limits.depth, limits.nodes
    while stack:
        node, depth = stack.pop()
        key = id(node)
        if key in seen or depth > deepest or len(seen) >= nodes:
            return False
        seen.add(key)
        value = node.value
        if isinstance(node, yaml.ScalarNode):
            if len(value) > text_chars:
                return False
        elif len(value) > list_items:
            return False
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend((child, depth + 1) for pair in value for child in pair)
    return len(seen) < nodes


def _check_every_node(root: yaml.Node, limits: Limits) -> None:
    """:func:`check_nodes` node by node, aliases counted with their whole value."""
    expanded: dict[int, int] = {}  # node id -> values once aliases are expanded
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            expanded[key] = 1 + sum(expanded[id(c)] for c in _children(node))
            continue
        if key in expanded:
            continue
        if key in on_path:
            raise _limit(node, msg("an alias refers to a value that contains it"))
        if len(expanded) + len(on_path) >= limits.nodes:
            raise _limit(node, msg("too many values: at most {limit} in this kind of file",
                                       limit=f"{limits.nodes:,}"))
        if depth > limits.depth:
            raise _limit(node, msg("nested more than {limit} levels deep", limit=limits.depth))
        if isinstance(node, yaml.ScalarNode):
            if len(node.value) > limits.text_chars:
                raise _limit(node, msg("a text of {size} characters: at most {limit} in this kind of file",
                                       size=f"{len(node.value):,}", limit=f"{limits.text_chars:,}"))
            expanded[key] = 1
            continue
        if len(node.value) > limits.list_items:
            what = (msg("a list of {size} entries: at most {limit} in this kind of file")
                    if isinstance(node, yaml.SequenceNode)
                    else msg("a mapping of {size} entries: at most {limit} in this kind of file"))
            raise _limit(node, msg(what.text, size=f"{len(node.value):,}", limit=f"{limits.list_items:,}"))
        on_path.add(key)
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in _children(node))
    if expanded[id(root)] - len(expanded) > ALIAS_NODES:
        raise _limit(root, msg("aliases (*name) repeat {count} values: at most {limit}",
                               count=f"{expanded[id(root)] - len(expanded):,}", limit=f"{ALIAS_NODES:,}"))


_TAG = "tag:yaml.org,2002:"
_STR, _NULL, _BOOL, _INT = f"{_TAG}str", f"{_TAG}null", f"{_TAG}bool", f"{_TAG}int"
_FIRST_TAGS: dict[Any, tuple[str, ...]] = {
    first: tuple(tag for tag, _ in tests)
    for first, tests in yaml.resolver.Resolver.yaml_implicit_resolvers.items()}
"""The resolver's tags tried, in order, for a plain scalar by its first character."""
_WORDS_ONLY = {(_BOOL,), (_BOOL, _NULL), (_NULL,)}
_BOOL_WORDS = frozenset({"yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
                         "FALSE", "on", "On", "ON", "off", "Off", "OFF"})
_NULL_WORDS = frozenset({"~", "null", "Null", "NULL"})
_DIGITS_FIRST = (f"{_TAG}float", _INT, f"{_TAG}timestamp")
_PLAIN_TAGS_KNOWN = not yaml.resolver.Resolver.yaml_path_resolvers and None not in _FIRST_TAGS
"""Whether :func:`plain_tag` may answer: PyYAML's own resolver, no path nor catch-all resolver added."""


def plain_tag(value: str) -> str | None:
    """The tag PyYAML's resolver gives the plain scalar ``value``, found without its patterns (each
    costs ~1 ms to compile, issue 16 item 6) for what files hold: a text starting with a character
    no pattern tests, a word starting with y, n, t, f, o or ~, whole digits, an empty value. None for
    anything else: PyYAML's resolver then tests it with its patterns."""
    if not value:
        return _NULL  # the null pattern's empty alternative
    tags = _FIRST_TAGS.get(value[0])
    if tags is None:
        return _STR  # no pattern for this first character: the resolver's default
    if "\n" in value:
        return None  # a pattern's ``$`` matches before a final line break: the patterns say
    if tags in _WORDS_ONLY:  # the bool and null patterns: whole words
        if _BOOL in tags and value in _BOOL_WORDS:
            return _BOOL
        return _NULL if _NULL in tags and value in _NULL_WORDS else _STR
    if tags == _DIGITS_FIRST and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
        return _INT  # the int pattern's ``0|[1-9][0-9_]*``; no float nor date without . : or -
    return None


_RESOLVED: dict[tuple[str, tuple[bool, bool]], str] = {}
"""The tag of a scalar by its text and how it was written, as the resolver found it (the same every
time: no loader here has path resolvers); a few thousand at most."""
_RESOLVED_AT_MOST = 20_000


class _Checked:
    """Build the document only once its nodes passed :func:`check_nodes`."""

    limits: Limits = TABLE_LIMITS

    def get_single_data(self) -> Any:
        node = self.get_single_node()  # type: ignore[attr-defined]
        if node is None:
            return None
        try:
            return plain_value(self, node, self.limits)
        except NotPlainError:
            pass
        check_nodes(node, self.limits)
        return self.construct_document(node)  # type: ignore[attr-defined]

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        """The resolver's tag (``yaml.resolver.Resolver.resolve``), found once per scalar text, and
        for a plain scalar without the resolver's patterns where :func:`plain_tag` knows it."""
        if kind is not yaml.ScalarNode:
            return super().resolve(kind, value, implicit)  # type: ignore[misc, no-any-return]
        key = (value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = plain_tag(value) if implicit[0] and _PLAIN_TAGS_KNOWN else None
            if tag is None:
                tag = super().resolve(kind, value, implicit)  # type: ignore[misc]
            if len(_RESOLVED) < _RESOLVED_AT_MOST:
                _RESOLVED[key] = tag
        return tag


class _StrictLoader(_Checked, yaml.SafeLoader):
    """PyYAML's own parser, strict: duplicate keys refused, limits checked."""


_LOADERS: list[type[Any]] = [_StrictLoader]
if HAS_LIBYAML:

    class _CStrictLoader(_Checked, yaml.CSafeLoader):
        """libyaml's parser with the same strict constructor and limits."""

    _LOADERS.insert(0, _CStrictLoader)

for _loader in _LOADERS:
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _parse(text: str, limits: Limits, loader_class: type[Any]) -> Any:
    loader = loader_class(text)
    loader.limits = limits
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def _problem(exc: yaml.YAMLError, source: str) -> Problem:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark
        entry = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        if isinstance(exc, _LimitError) and exc.message is not None:
            return Problem(source, entry, exc.message)
        carried = exc.message if isinstance(exc, _KeyError) else None
        said = str(exc.problem)
        known = carried or YAML_PROBLEMS.get(said) or YAML_PROBLEMS.get(_QUOTED.sub("", said).strip())
        return Problem(source, entry, msg("invalid YAML: {problem}", problem=known or cut(said, 300)))
    return Problem(source, "", msg("invalid YAML: {problem}", problem=cut(str(exc))))


_QUOTED = re.compile(r"\s*'[^']*'")
"""The character PyYAML quotes in its problem ("found character '\\t' that…"), left out to find its words."""


def parse_yaml_text(text: str, source: str, limits: Limits = TABLE_LIMITS, *, pure: bool = False) -> Any:
    """``solo.yamlio.parse_yaml_text``: ``text`` (within ``limits.file_bytes``) parsed, or a DataError
    naming ``source`` and the line; ``pure`` forces PyYAML's own parser."""
    loaders = _LOADERS[-1:] if pure or _LIBYAML_DIFFERS.search(text) else _LOADERS
    for index, loader_class in enumerate(loaders):
        last = index == len(loaders) - 1
        try:
            return _parse(text, limits, loader_class)
        except yaml.YAMLError as exc:
            if last:
                raise DataError([_problem(exc, source)]) from exc
        except RecursionError as exc:
            if last:
                raise DataError([Problem(source, "", msg("invalid YAML: {problem}",
                                                              problem=msg("nested too deeply")))]) from exc
        except (ValueError, OverflowError) as exc:  # a date like 2001-13-01, a 5,000-digit number
            if last:
                raise DataError([Problem(source, "", msg("invalid value: {error}",
                                                              error=cut(str(exc))))]) from exc
    raise AssertionError("unreachable")  # pragma: no cover - the last loader returns or raises

