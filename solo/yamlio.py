"""Strict, safe YAML loading: duplicate keys are errors and every error names file and line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from solo.errors import DataError, Problem


class _StrictLoader(yaml.SafeLoader):
    """A SafeLoader that refuses duplicate mapping keys instead of silently keeping the last."""


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    result: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a list or a mapping cannot be a key", key_node.start_mark
            ) from None
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
    return result


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)


def load_yaml_text(text: str, source: str) -> Any:
    """Parse YAML text safely; raise DataError naming ``source`` and the line on failure."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        entry = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise DataError([Problem(source, entry, f"invalid YAML: {exc.problem}")]) from exc
    except yaml.YAMLError as exc:
        raise DataError([Problem(source, "", f"invalid YAML: {exc}")]) from exc
    except RecursionError as exc:
        raise DataError([Problem(source, "", "invalid YAML: nested too deeply")]) from exc


def load_yaml_file(path: Path) -> Any:
    """Read and parse a YAML file; unreadable files become a DataError too."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(path), "", f"cannot read file: {exc}")]) from exc
    return load_yaml_text(text, str(path))


def dump_flow(value: Any) -> str:
    """One value as a single-line YAML flow fragment (used by canonical writers)."""
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000)
    return text.strip().removesuffix("...").strip()
