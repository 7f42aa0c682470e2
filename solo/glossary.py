"""The one glossary of game terms, in the English of the card game and the French of the solo rulebook.

Each term is an English text with a gettext context; the French is in the catalogue
(``solo/locale/fr/LC_MESSAGES/dt_solo.po``), so a translator keeps every word in one place, and the
app's widgets name game things through the same terms (:func:`solo.i18n.term`). Sources: the English
card game (seed 001: Mechanork, Naga, Telescoping spear, Large shield, pit trap, arrow-slit) and the
French solo rulebook (seed 004: Clerc, Méchanork, Homme-Serpent, Clef, Corde, Grand bouclier, Boule
de feu, Sortir, Prendre objet, Herse, Fosse, Meurtrière, Blessé, PA).
"""

from __future__ import annotations


def term(context: str, text: str) -> tuple[str, str]:
    """A glossary entry (context, English); the marker Babel extracts as ``term:1c,2``."""
    return context, text


CLASSES = {
    "mechanork": term("class", "the Mechanork"),
    "naga": term("class", "the Naga"),
    "cleric": term("class", "the Cleric"),
    "backstabber": term("class", "the Backstabber"),
    "colossus": term("class", "the Colossus"),
    "wizard": term("class", "the Wizard"),
    "banshee": term("class", "the Banshee"),
    "telepath": term("class", "the Telepath"),
}
"""A Player figure, named by its class with the article (``le Magicien``)."""

CLASS_NAMES = {
    "mechanork": term("class name", "Mechanork"),
    "naga": term("class name", "Naga"),
    "cleric": term("class name", "Cleric"),
    "backstabber": term("class name", "Backstabber"),
    "colossus": term("class name", "Colossus"),
    "wizard": term("class name", "Wizard"),
    "banshee": term("class name", "Banshee"),
    "telepath": term("class name", "Telepath"),
}
"""A class as a bare noun (a card's class, a heading)."""

OBJECTS = {
    "key": term("object", "the Key"),
    "rope": term("object", "the Rope"),
    "spear": term("object", "the Telescoping spear"),
    "bow": term("object", "the Bow"),
    "shield": term("object", "the Large shield"),
    "wand": term("object", "the Fireball wand"),
    "wounded": term("object", "the wounded"),
    "key:yellow": term("object", "the yellow Key"),
    "rope:yellow": term("object", "the yellow Rope"),
    "spear:yellow": term("object", "the yellow Telescoping spear"),
    "bow:yellow": term("object", "the yellow Bow"),
    "shield:yellow": term("object", "the yellow Large shield"),
    "wand:yellow": term("object", "the yellow Fireball wand"),
    "key:purple": term("object", "the purple Key"),
    "rope:purple": term("object", "the purple Rope"),
    "spear:purple": term("object", "the purple Telescoping spear"),
    "bow:purple": term("object", "the purple Bow"),
    "shield:purple": term("object", "the purple Large shield"),
    "wand:purple": term("object", "the purple Fireball wand"),
}
"""An object by its name and colour, with the article (``l'Arc jaune``)."""

MODES = {
    "fight": term("mode", "Fight"),
    "take_object": term("mode", "Take object"),
    "exit": term("mode", "Exit"),
    "reveal": term("mode", "Reveal room"),
    "regroup": term("mode", "Regroup"),
    "rotation": term("mode", "Rotation"),
    "open_portcullis": term("mode", "Open portcullis"),
    "break_portcullis": term("mode", "Break portcullis"),
    "heal": term("mode", "Heal"),
    "repulse": term("mode", "Repulse"),
    "deliver": term("mode", "Bring back"),
    "finish": term("mode", "Finish the move"),
}
"""An objective's mode as the cards print it (``Sortir``, ``Prendre objet``)."""

SIDES = {
    "player": term("side", "the Player"),
    "npc": term("side", "the NP"),
}
