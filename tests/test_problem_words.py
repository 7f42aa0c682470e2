"""A broken file's problems in the reader's language: the file and the entry as written, what is wrong
in words, names as printed (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.content.npccard import load_card
from solo.errors import DataError
from solo.i18n import Renderer


def _problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_card(path)
    french = Renderer("fr")
    return [p.words(french) for p in caught.value.problems]


def test_a_card_with_a_wrong_class_is_told_in_french(tmp_path: Path) -> None:
    path = tmp_path / "zap.yaml"
    path.write_text("format: dt-solo-card/1\nid: zap\nname: Zap\nclass: wizzard\n", encoding="utf-8")
    words = _problems(path)
    assert f"{path}: class: classe inconnue 'wizzard' (attendu : " in "\n".join(words)
    assert not any("expected" in line or "unknown" in line for line in words), words


def test_a_yaml_error_names_the_line_and_column_in_french(tmp_path: Path) -> None:
    path = tmp_path / "zap.yaml"
    path.write_text("format: dt-solo-card/1\nid: zap\n  name: [\n", encoding="utf-8")
    (words,) = _problems(path)
    assert words.startswith(f"{path}: ligne 3, colonne 7: YAML invalide : ")
    assert "mapping values" not in words


def test_a_mode_for_another_class_names_both_classes_as_printed(tmp_path: Path) -> None:
    path = tmp_path / "zap.yaml"
    objectives = "\n".join(f"  - {{mode: {m}, ap: 3{', default: true' if m == 'exit' else ''}}}"
                           for m in ("heal", "exit", "fight", "regroup", "take_object", "rotation"))
    path.write_text(f"format: dt-solo-card/1\nid: zap\nname: Zap\nclass: wizard\nobjectives:\n{objectives}\n",
                    encoding="utf-8")
    words = "\n".join(_problems(path))
    assert ("le mode heal est réservé à la classe Clerc (S-CARD-2), mais la classe de cette carte est "
            "Magicien") in words
