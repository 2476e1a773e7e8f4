"""Whether a face, cast as a spell, requires targets (601.2c), read from the intermediate form.

601.2c: as a spell is cast, its controller announces its targets; a spell with a target it can't
choose can't be cast (601.2c, 115.1). Which spells target (115.1):

- 115.1a: an instant or sorcery spell whose instructions (its spell ability, a mode of it, 700.2)
  name a target ("Target creature gets -1/-1", "deals 3 damage to any target", "each creature
  target player controls");
- 115.1b, 303.4a: an Aura spell, whose target is defined by its enchant ability (702.5a).

A triggered or activated ability printed on the card (a cycling or channel ability, "When you cast
this spell, ...") is not the spell's: its targets are chosen when it is put on the stack (603.3d,
602.2b). The KB does not check a spell's targets: an answer about casting such a face says so
(``api.targeted_faces``: ``not_checked: targets (601.2c)``). A line the grammar does not parse has
no intermediate form, and the intermediate form of a few phrases keeps no word of their target
("Search target player's graveyard" is read as a zone, "Target opponent chooses one —" as the
choice): a line of the spell's own frame whose words have "target" counts too (a target too many
only says that a check was not made; one too few would be a wrong answer).
"""

import re

from ..symbols import parse_type_line
from . import affects, ir

# the frames whose targets are chosen when an ability is put on the stack, not as the spell is cast
_NOT_THE_SPELL = (ir.Triggered, ir.Activated, ir.Loyalty, ir.Keywords, ir.Chapter)
_TARGET_WORD = re.compile(r"\btarget\b", re.I)
_TARGET_WORDS = re.compile(r"\btargets?\b", re.I)


def names_target(x):
    """True if the intermediate form x names a target (115.1): "target" as a characteristic of an
    object phrase, "any target" or "N targets" (115.4), or a phrase the grammar keeps as words that
    has one ("each creature target player controls", "target opponent's library")."""
    for y in ir.walk(x):
        if isinstance(y, ir.Char) and y.kind == "noun" and y.value in ("target", "targets"):
            return True
        if isinstance(y, ir.Ref) and "target" in y.kind:
            return True
        if isinstance(y, ir.Node) and "target" in y.kind and y.kind != "could_target":
            return True
        if isinstance(y, (ir.Node, ir.Verb)) and any(
                isinstance(a, str) and _TARGET_WORD.search(a) for a in y.args):
            return True
    return False


def face_targets(face, lines):
    """True if FACE (a ``cardlib.Face``), cast as a spell, requires targets (see the module doc);
    LINES are its ``ir.Line``s."""
    if "aura" in {s.lower() for s in parse_type_line(face.type_line)[2]}:
        return True                                 # 303.4a, 115.1b
    if not affects.spell_face(face):
        return False
    for line in lines:
        if isinstance(line.ability, _NOT_THE_SPELL):
            continue
        if line.ability is not None and names_target(line.ability):
            return True
        if _TARGET_WORDS.search(line.normalised or line.text):
            # no intermediate form, or one that keeps no word of the phrase ("Search target
            # player's graveyard" reads as a zone, "Target opponent chooses one —" as the choice)
            return True
    return False
