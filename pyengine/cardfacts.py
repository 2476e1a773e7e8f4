"""A card's facts for the KB: what the compiler makes of its text, plus what the KB does not model
about the card's layout. This is the one place that turns a :class:`pyengine.cardlib.Card` into a
:class:`pyengine.compiler.Compiled`; the snapshot facts, the card database and ``mtgkb cards`` all
use it. Results are cached per process, and the card database hands in the results it stored when
it imported the card (:func:`remember`), so that a snapshot never recompiles a card. A card compiled
in an earlier run is read from the compiled-card cache (:mod:`pyengine.cardcache`); the compiler
is imported only for a card that is in neither.
"""

from . import cardcache
from .compiled import Compiled, Note
from .symbols import parse_type_line

_CACHE = {}
PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}   # 110.4


def compiled(card):
    """The compiled form of a card (cached)."""
    got = _CACHE.get(card)
    if got is None:
        got = cardcache.load(card)
        if got is None:
            got = compile_fresh(card)
            cardcache.store(card, got)
        _CACHE[card] = got
    return got


def remember(card, result):
    """Use ``result`` (stored by the card database for the current compiler) for ``card``."""
    _CACHE[card] = result


def compile_fresh(card):
    """Compile a card now, with the notes of :func:`layout_notes`."""
    from .compiler import compile_card
    result = compile_card(card)
    notes = layout_notes(card)
    if not notes:
        return result
    return Compiled(result.name, result.facts + [("card_not_modelled", n.card, n.line, n.text) for n in notes],
                    result.not_modelled + notes, result.lines)


def layout_notes(card):
    """Notes (line 0, every answer) for what the KB does not model about the card's layout, whatever zone it is
    in. A split card whose halves are permanents (a Room, 709.5) has locked and unlocked halves on
    the battlefield, which a snapshot cannot say; the KB would give it its left half only."""
    if card.layout == "split" and any(set(parse_type_line(f.type_line)[1]) & PERMANENT_TYPES
                                      for f in card.faces):
        return [Note(card.name, 0, "a split permanent (Room): its locked and unlocked halves on the "
                                   "battlefield (709.5) are not modelled")]
    return []
