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
from .affects import changes_mana
from .shapes import Unmodelled, targets

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
    if "X" in cost.symbols:
        raise Unmodelled(f"{k.name} with {{X}} in its cost is not modelled (107.3)")
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


def hand_activated(ctx, a, mana):
    """The facts of an activated ability "[mana], Discard this card: [effect]" printed on the card
    (a channel ability, 113.6j: a cost that can't be paid on the battlefield, so it functions from a
    hand), or None to leave it to the abilities of permanents: another cost, {X}, an effect that
    adds mana (605.1a), targets (601.2c, 602.2b: whether a legal one exists is not checked), a
    restriction on activating it or a change of its cost (602.5, 601.2f: "This ability costs {1}
    less to activate ..."). "Draw a card" is carried out (hand_ability_effect(Ab,draw(1))); any other
    effect is a note for `apply` only (hand_ability_effect(Ab,not_modelled)). MANA as for
    :func:`hand_keyword`."""
    if ctx.kind != "ab" or not a.effect or changes_mana(a.effect) or targets(a.effect):
        return None
    discard = [c for c in a.costs if _plain(c) and c.verb_name == "discard" and len(c.verb.args) == 2
               and isinstance(c.verb.args[1], ir.Ref) and c.verb.args[1].kind == "self"]
    rest = [c for c in a.costs if not any(c is d for d in discard)]
    if len(discard) != 1 or not all(_plain(c) and c.verb_name == "symbols"
                                    and all(isinstance(m, ir.ManaCost) for m in c.verb.args) for c in rest):
        return None
    symbols = tuple(s for c in rest for m in c.verb.args for s in m.symbols)
    if "X" in symbols or any(not isinstance(s, ir.Sentence) or s.kind != "sentence" for s in a.effect) or any(
            isinstance(y, ir.Verb) and y.name == "cost_mod" for y in ir.walk(a.effect)):
        return None
    facts = [("hand_ability", ctx.ab), ("hand_ability_kind", ctx.ab, Const("activated"))] + [
        ("hand_ability_cost", ctx.ab, fn("mana", s, n)) for s, n in mana(ir.ManaCost(symbols))]
    if _draws_a_card(a.effect):
        return facts + [("hand_ability_effect", ctx.ab, fn("draw", 1))]
    raise Unmodelled("effect not modelled", facts + [("hand_ability_effect", ctx.ab, Const("not_modelled"))],
                     affects=frozenset({"apply"}))


def _plain(c):
    return isinstance(c, ir.Clause) and c.subject is None and not c.aux and not c.tails and isinstance(c.verb, ir.Verb)


def _draws_a_card(sentences):
    """"Draw a card." (121.1) and nothing else."""
    if len(sentences) != 1 or sentences[0].leads or sentences[0].tail or len(sentences[0].clauses) != 1:
        return False
    c = sentences[0].clauses[0]
    if not _plain(c) or c.verb_name != "draw" or len(c.verb.args) != 2:
        return False
    o = c.verb.args[1]
    return isinstance(o, ir.Obj) and o.quantity is not None and o.quantity.word == "a" and not o.qualifiers \
        and not o.joins and o.possessor is None and o.groups == ((ir.Char("noun", "card", False),),)
