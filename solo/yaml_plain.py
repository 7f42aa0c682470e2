"""A plain YAML document built straight from its nodes in one walk (issue 16 item 6).

Nearly every file the program reads is a plain tree: no alias, only the plain tags, no key repeated,
within its limits. :func:`plain_value` builds it in about half the time PyYAML's constructor takes
(the same values: the same constructors for the other scalars); anything else raises
:class:`NotPlainError`, and :mod:`solo.yaml_parse` then runs its checks and PyYAML's constructor, which say
what is wrong in their order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.pyyaml import yaml

if TYPE_CHECKING:
    from solo.yamlio import Limits

_TAG = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = f"{_TAG}str", f"{_TAG}seq", f"{_TAG}map"
_SCALARS = frozenset(f"{_TAG}{name}" for name in ("null", "bool", "int", "float", "binary", "timestamp"))
"""The scalar tags whose safe constructor returns the value at once (no generator, no other node); a
merge key (``<<``) or a value key (``=``) has its own tag: its mapping takes PyYAML's own way."""


class NotPlainError(Exception):
    """Not a plain document within its limits: built PyYAML's own way instead."""


class _PlainWalk:
    """One document's value built straight from its nodes in one walk (:func:`plain_value`); a
    walker object, not a recursive closure, so that a file read leaves no cycle to collect."""

    __slots__ = ("constructors", "deepest", "list_items", "loader", "nodes", "seen", "text_chars")

    def __init__(self, loader: Any, limits: Limits) -> None:
        self.loader, self.constructors, self.seen = loader, loader.yaml_constructors, set[int]()
        self.text_chars, self.list_items = limits.text_chars, limits.list_items
        self.deepest, self.nodes = limits.depth, limits.nodes

    def build(self, node: yaml.Node, depth: int) -> Any:
        key, seen = id(node), self.seen
        if key in seen or depth > self.deepest or len(seen) >= self.nodes:
            raise NotPlainError
        seen.add(key)
        value, tag, kind = node.value, node.tag, node.__class__
        if kind is yaml.ScalarNode:
            if len(value) > self.text_chars:
                raise NotPlainError
            if tag == _STR:
                return value
            if tag in _SCALARS:
                return self.constructors[tag](self.loader, node)
            raise NotPlainError
        if len(value) > self.list_items:
            raise NotPlainError
        if kind is yaml.SequenceNode and tag == _SEQ:
            return [self.build(child, depth + 1) for child in value]
        if kind is yaml.MappingNode and tag == _MAP:
            built: dict[Any, Any] = {}
            for key_node, value_node in value:
                name = self.build(key_node, depth + 1)
                if name in built:  # a key that cannot be hashed raises too
                    raise NotPlainError
                built[name] = self.build(value_node, depth + 1)
            return built
        raise NotPlainError


def plain_value(loader: Any, root: yaml.Node, limits: Limits) -> Any:
    """The document's value built straight from its nodes in one walk, when it is a plain tree (no
    alias), within every limit, with only the plain tags and no key repeated; else raises
    :class:`NotPlainError` (and on any error), so that the checks and PyYAML's constructor say what is
    wrong, in their order. Nearly every file is plain: the same values as PyYAML's constructor
    builds (the same constructors for the other scalars), in about half the time."""
    try:
        return _PlainWalk(loader, limits).build(root, 1)
    except Exception as exc:  # anything unusual: the checks and PyYAML's constructor tell it
        raise NotPlainError from exc
