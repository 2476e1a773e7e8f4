"""Keyword abilities activated from a hand (113.6j, 602.1): cycling (702.29a), typecycling (702.29e)
and transmute (702.53a), each "[Cost], Discard this card: [effect]", an activated ability that
functions only while its card is in a player's hand (kb/hand_abilities.lp).

Facts (kb/hand_abilities.lp documents them): hand_ability(Ab), hand_ability_cost(Ab,mana(S,N)) for
the mana of [Cost] (discarding the card is the rest of it), hand_ability_effect(Ab,E) with E
draw(1) (702.29a), search (702.29e: a card with every quality hand_search_needs(Ab,Q) gives) or
search_same_mana_value (702.53a), and hand_ability_sorcery(Ab) (702.53a: "Transmute only as a
sorcery", 602.5d). A cost other than mana ("Cycling—Pay 2 life", 702.29a with a non-mana cost),
a type the KB can't check or an ability another one grants (613.1f) stays a note.
"""

from ..terms import Const, fn
from . import ir
from .shapes import Unmodelled

# the keywords of this module and the rule that defines each
HAND_KEYWORDS = {"cycling": "702.29a", "typecycling": "702.29e", "transmute": "702.53a"}

# the qualities of "[Type]cycling" the KB checks of a library card (702.29e: a subtype, a card type, a
# supertype or a combination of them): the Char kind -> the fact of kb/hand_abilities.lp
_QUALITY = {"card_type": "card_type", "subtype": "subtype", "supertype": "supertype"}


def hand_keyword(ctx, k, mana):
    """The facts of keyword K (one of :data:`HAND_KEYWORDS`) printed on the card (ctx.kind "ab");
    MANA reads a ManaCost into (symbol, count) pairs (Unmodelled for symbols the KB lacks)."""
    rule = HAND_KEYWORDS[k.name]
    if ctx.kind != "ab":
        raise Unmodelled(f"{k.name} granted by another ability is not modelled ({rule})")
    if k.name == "typecycling":
        if k.kind != "filter_cost" or not isinstance(k.param[1], ir.ManaCost):
            raise Unmodelled(f"this {k.name} cost is not modelled ({rule})")
        needs = _needs(k.param[0])
        cost, effect = k.param[1], [("hand_ability_effect", ctx.ab, Const("search"))] + [
            ("hand_search_needs", ctx.ab, q) for q in needs]
    else:
        if k.kind != "cost" or not isinstance(k.param, ir.ManaCost):
            raise Unmodelled(f"{k.name} with a cost other than mana is not modelled ({rule})")
        cost = k.param
        effect = [("hand_ability_effect", ctx.ab, fn("draw", 1))] if k.name == "cycling" else [
            ("hand_ability_effect", ctx.ab, Const("search_same_mana_value")), ("hand_ability_sorcery", ctx.ab)]
    facts = [("hand_ability", ctx.ab), ("hand_ability_kind", ctx.ab, Const(k.name))] + [
        ("hand_ability_cost", ctx.ab, fn("mana", s, n)) for s, n in mana(cost)] + effect
    if k.name == "transmute":
        # whether it may be activated now is the KB's (kb/hand_abilities.lp); which library cards
        # have the discarded card's mana value is not read yet: what resolving it does is a note
        raise Unmodelled("transmute: finding a card with the same mana value (702.53a) is not modelled",
                         facts, affects=frozenset({"apply"}))
    return facts


def _needs(chars):
    """hand_search_needs terms of a typecycling type ("Swamp", "basic land", "Wizard")."""
    out = []
    for c in chars:
        if not isinstance(c, ir.Char) or c.negated or c.kind not in _QUALITY:
            raise Unmodelled("a typecycling type the KB does not check (702.29e)")
        value = Const(c.value.lower()) if c.kind != "subtype" else c.value
        out.append(fn(_QUALITY[c.kind], value))
    if not out:
        raise Unmodelled("a typecycling type the KB does not check (702.29e)")
    return out
