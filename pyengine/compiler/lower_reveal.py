"""Mana for each card revealed from the hand (701.20a, 608.2h): "{T}: Reveal any number of artifact
cards in your hand. Add {C}{C} for each card revealed this way." :func:`reveal_from_hand` reads the
kind of card revealed (a zone card kind of kb/gates.lp: a card type, colors and supertypes as for a
graveyard, "with power N or greater", "with {X} in their mana cost") and the sentence that adds the
mana; the lowering gives ``reveal_from_hand(Ab,K)`` and ``mana_amount(Ab,O,T,revealed(N))``
(kb/revealed_cards.lp: one outcome per number of cards revealed, zero too).
"""

from dataclasses import replace

from ..terms import Const, fn
from . import ir
from .mana_ir import zone_kind

_REVEALED = ir.Obj(None, None, ((ir.Char("noun", "card"),),), (),
                   (ir.Node("this_way_q", (ir.Node("this_way_participle", ("revealed this way",)),)),))
_YOUR_HAND = ir.Zone("hand", ir.Ref("you"), "")


def _qualifier_kind(q):
    """The zone card kind of a qualifier of the revealed cards, or None."""
    if not isinstance(q, ir.Node) or q.kind != "with_q" or len(q.args) != 2 or not isinstance(q.args[1], ir.Node):
        return None
    w = q.args[1]
    if w.kind == "with_symbol_in_cost" and w.args == ("{X}", "in", "their", "mana cost"):
        return Const("cost_has_x")                                  # 107.3, 202.1
    if w.kind == "with_stat" and len(w.args) == 2 and w.args[0] == ir.Node("stat", ("power",)) \
            and isinstance(w.args[1], ir.Node) and w.args[1].kind == "amount_cmp" \
            and w.args[1].args[1:] == ("or greater",):
        n = w.args[1].args[0]
        n = n.value if isinstance(n, ir.Number) and isinstance(n.value, int) else None
        if n is not None and 0 <= n <= 1000:
            return fn("power_at_least", n)                          # 208.1
    return None


def _revealed_kind(obj):
    """K of "any number of <K> cards (with ...) from/in your hand", or None."""
    if not isinstance(obj, ir.Obj) or obj.quantity != ir.Quantity("any number of", None) or obj.possessor \
            or len(obj.groups) != 1 or not obj.qualifiers:
        return None
    where = obj.qualifiers[-1]
    if not (isinstance(where, ir.Node) and where.kind in ("from_zone", "in_zone") and where.args[-1] == _YOUR_HAND):
        return None
    base = zone_kind(obj.groups[0])
    if base is None:
        return None
    kind = base.args[0]
    for q in obj.qualifiers[:-1]:
        k = _qualifier_kind(q)
        if k is None:
            return None
        kind = k if kind == Const("card") else fn("and", kind, k)
    return kind


def reveal_from_hand(sentences):
    """(K, the sentences with the mana added once, for one card) for "Reveal any number of <K> cards from
    your hand. Add <mana> for each card revealed this way. ...", or None."""
    if len(sentences) < 2 or any(s.kind != "sentence" or s.leads or len(s.clauses) != 1 or s.tail is not None
                                 for s in sentences[:2]):
        return None
    reveal, add = sentences[0].clauses[0], sentences[1].clauses[0]
    if not (isinstance(reveal, ir.Clause) and reveal.verb_name == "reveal" and reveal.subject is None
            and not reveal.aux and not reveal.tails and len(reveal.verb.args) == 2):
        return None
    kind = _revealed_kind(reveal.verb.args[1])
    if kind is None:
        return None
    if not (isinstance(add, ir.Clause) and add.verb_name == "add_mana" and add.subject is None and not add.aux
            and add.tails == (ir.Node("tail_for_each", ("for each", _REVEALED)),)):
        return None
    once = replace(sentences[1], clauses=(replace(add, tails=()),))
    return kind, (once,) + tuple(sentences[2:])
