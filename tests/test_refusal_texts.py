"""No refusal is English text any more (issue 12): every error a player can read that the engine raises
anywhere in solo/ (the app's widgets apart: Qt's tr, tests/ui/test_translations.py) is a message, told in
the reader's language.

The scan reads the source: an exception built from a string literal or an f-string, or a file problem
whose text is one, is English left behind, unless the allow-list below says why a player never reads it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = "solo"
NOT_SCANNED = {"solo/ui": "the app's widgets say their words through Qt's tr (tests/ui/test_translations.py)"}

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
    ("solo/automaton/modes.py", "a reveal is answered with a RevealAnswer"):
        "an argument check: only two tables answer a RevealRequest, ScriptedTable (its reveals are the "
        "RevealAnswers parse_reveal builds from --reveal) and np_turn_in_game (reveal_room's RevealAnswer); "
        "the app never sees a RevealRequest",
    ("solo/messages.py", "not a message parameter: {value!r}"):
        "message_from's only reader of a file, save_reader.event, tells its own message instead",
    ("solo/messages.py", "not a message: {data!r}"):
        "message_from's only reader of a file, save_reader.event, tells its own message instead",
    ("solo/messages.py", "not message parameters: {params!r}"):
        "message_from's only reader of a file, save_reader.event, tells its own message instead",
    ("solo/i18n.py", "Unknown conversion specifier {conversion}"):
        "string.Formatter's own refusal of a template's !x conversion, raised as it raises it: "
        "Renderer._sentence catches it and says the message's English text instead",
    ("solo/yaml_parse.py", "unreachable"):
        "after the loop whose last loader returns or raises a DataError: never raised",
}
"""(file, text) of the English texts kept on purpose, and why a player never reads them."""
SKIPPED_FILES = {
    "solo/game/components.py": "problems of the bundled rules data (combat decks, levels), which players "
                               "do not edit: a developer reads them",
    "solo/content/gamedata.py": "problems of the bundled rules data (classes, objects: rules/*.yaml, never "
                                "read from the player's folder): a developer reads them",
    "solo/records.py": "a record declared or built wrongly in the engine's code, in the words of Python's "
                       "dataclasses (issue 16 item 6): a developer's mistake, never a player's doing",
}


def _text(node: ast.expr) -> str | None:
    """The source text of a literal or f-string argument, None for anything else (a message, a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + (
            "!r" if v.conversion == ord("r") else "") + "}" for v in node.values
            if isinstance(v, ast.Constant | ast.FormattedValue))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # "reveal of room 3: " + "; ".join(…)
        left, right = _text(node.left), _text(node.right)
        if left is not None or right is not None:
            return (left if left is not None else "{" + ast.unparse(node.left) + "}") + (
                right if right is not None else "{" + ast.unparse(node.right) + "}")
    return None


def _english_of_another(node: ast.expr) -> bool:
    """Another error's or problem's English words passed on: ``str(error)``, ``problem.text``."""
    return (isinstance(node, ast.Call) and _name(node) == "str") or (
        isinstance(node, ast.Attribute) and node.attr == "text")


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
        elif name == "problem" and len(node.args) == 2:  # a reader's problem(entry, what is wrong)
            argument = node.args[1]
        else:
            continue
        text = _text(argument)
        if text is not None and text.strip():
            found.append(text)
        elif _english_of_another(argument):
            found.append("{" + ast.unparse(argument) + "}")
    return found


def test_the_scan_finds_an_english_refusal() -> None:
    source = ('raise IllegalActionError(f"{friend.id} does not carry {item}")\n'
              'raise ValueError("the NP has no combat card at all")\n'
              'Problem("npc_cards", card, "the card has no class")\n'
              'raise IllegalActionError(msg("{figure:cap} does not carry {item}", figure=who, item=it))\n'
              'def _heal_reason(cleric):\n    return f"only a Cleric heals, not {cleric.id}"\n'
              'def _push():\n    return _illegal("would cross a wall")\n'
              'self.problem(f"{entry}.message", str(error))\n'
              'self.problem(entry, "expected a list of 6 faces")\n'
              'self.problem(entry, p.text)\n'
              'raise ValueError(f"reveal of room {slot}: " + "; ".join(problems))\n')
    assert sorted(english_left(source)) == sorted([
        "{friend.id} does not carry {item}", "the NP has no combat card at all", "the card has no class",
        "only a Cleric heals, not {cleric.id}", "would cross a wall", "expected a list of 6 faces",
        "{str(error)}", "{p.text}", "reveal of room {slot}: {'; '.join(problems)}"])


def test_no_error_a_player_reads_is_english_text() -> None:
    left: list[str] = []
    used: set[tuple[str, str]] = set()
    for path in sorted((ROOT / SCANNED).rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where in SKIPPED_FILES or any(where.startswith(folder + "/") for folder in NOT_SCANNED):
            continue
        for text in english_left(path.read_text(encoding="utf-8")):
            if (where, text) in ALLOWED:
                used.add((where, text))
            else:
                left.append(f"{where}: {text}")
    assert left == []
    assert used == set(ALLOWED), "an allowed text is gone: take it off the allow-list"
