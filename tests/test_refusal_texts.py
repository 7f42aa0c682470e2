"""No refusal is English text any more (issue 12): every error a player can read that the engine raises
in solo/actions, solo/game, solo/formats and solo/cli is a message, told in the reader's language.

The scan reads the source: an exception built from a string literal or an f-string, or a file problem
whose text is one, is English left behind, unless the allow-list below says why a player never reads it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("solo/actions", "solo/game", "solo/formats", "solo/cli")

ALLOWED = {
    ("solo/game/reinforce.py", "side is player or npc, got {side!r}"):
        "an argument check: the callers pass the side from the engine's own constants",
    ("solo/game/reinforce.py", "a played card is an action, combat or jump card, got {card_kind!r}"):
        "an argument check: the callers pass the card kind from the engine's own constants",
    ("solo/game/saves.py", "{entry}: key {key!r} cannot be saved (keys are text or whole numbers)"):
        "an engine bug (the engine put something unsaveable in the game), never a player's doing",
    ("solo/game/saves.py", "{entry}: {value!r} cannot be saved in a game file (plain data only)"):
        "an engine bug (the engine put something unsaveable in the game), never a player's doing",
    ("solo/game/saves.py", "a game's data must not hold the key {END_KEY!r}"):
        "an engine bug: no game entry is named after the end marker",
    ("solo/game/setup.py", "expected 1 (pink) to 6 (black), got {difficulty!r}"):
        "new_game's arguments: `dt-solo new` and the app's wizard check them first, in the language",
    ("solo/game/setup.py", "expected one of {', '.join(COMPONENTS)} run by app or table, got {mode!r}"):
        "new_game's arguments: `dt-solo new --table` and the app's wizard check them first",
    ("solo/game/setup.py", "expected one of {', '.join(CONTENTS)}, got {content!r}"):
        "new_game's arguments: `dt-solo new --content` (argparse choices) and the app check them first",
    ("solo/game/setup.py",
     "choose 4 different classes among {', '.join(CLASS_IDS)} (S-SETUP-5), got {chosen!r}"):
        "new_game's arguments: `dt-solo new --team` and the app's wizard check them first, in the language",
}
"""(file, text) of the English texts kept on purpose, and why a player never reads them."""
SKIPPED_FILES = {
    "solo/game/components.py": "problems of the bundled rules data (combat decks, levels), which players "
                               "do not edit: a developer reads them",
}


def _text(node: ast.expr) -> str | None:
    """The source text of a literal or f-string argument, None for anything else (a message, a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + (
            "!r" if v.conversion == ord("r") else "") + "}" for v in node.values
            if isinstance(v, ast.Constant | ast.FormattedValue))
    return None


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def english_left(source: str) -> list[str]:
    """The English texts of the errors and problems a module builds from plain strings."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and ("reason" in node.name or node.name.startswith("may_")):
            # a refusal's reason, returned to be raised (may_attack, _heal_reason, _wand_reason)
            found += [text for ret in ast.walk(node) if isinstance(ret, ast.Return) and ret.value is not None
                      and (text := _text(ret.value))]
            continue
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        if (name.endswith("Error") or name == "_illegal") and node.args:
            argument = node.args[0]
        elif name == "PushOutcome" and len(node.args) >= 2:
            argument = node.args[1]
        elif name == "Problem" and len(node.args) >= 3:
            argument = node.args[2]
        else:
            continue
        text = _text(argument)
        if text is not None and text.strip():
            found.append(text)
    return found


def test_the_scan_finds_an_english_refusal() -> None:
    source = ('raise IllegalActionError(f"{friend.id} does not carry {item}")\n'
              'raise ValueError("the NP has no combat card at all")\n'
              'Problem("npc_cards", card, "the card has no class")\n'
              'raise IllegalActionError(msg("{figure:cap} does not carry {item}", figure=who, item=it))\n'
              'def _heal_reason(cleric):\n    return f"only a Cleric heals, not {cleric.id}"\n'
              'def _push():\n    return _illegal("would cross a wall")\n')
    assert sorted(english_left(source)) == sorted([
        "{friend.id} does not carry {item}", "the NP has no combat card at all", "the card has no class",
        "only a Cleric heals, not {cleric.id}", "would cross a wall"])


def test_no_error_a_player_reads_is_english_text() -> None:
    left: list[str] = []
    used: set[tuple[str, str]] = set()
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where in SKIPPED_FILES:
                continue
            for text in english_left(path.read_text(encoding="utf-8")):
                if (where, text) in ALLOWED:
                    used.add((where, text))
                else:
                    left.append(f"{where}: {text}")
    assert left == []
    assert used == set(ALLOWED), "an allowed text is gone: take it off the allow-list"
