"""Auras and Equipment (CR 303.4, 301.5, 702.5 enchant): what an Aura may enchant, and the simplest
static abilities that change the permanent they are attached to ("Enchanted creature gets +1/+2.").

Facts: ``keyword(Ab,enchant)`` + ``enchant_filter(Ab,Type)`` for "Enchant <card type>" (702.5a);
``attached_pt(Ab,P,T)`` for "Enchanted creature gets +P/+T." and "Equipped creature gets +P/+T." (613.4c).
"""

from ..terms import Const
from .grammar import keyword, sentence
from .symbols import NotModelled, signed_value

_ENCHANTABLE = ("creature", "permanent", "land", "artifact", "enchantment", "planeswalker")


@keyword("enchant")
def _enchant(ctx, arg):
    if arg not in _ENCHANTABLE:
        raise NotModelled(f"enchant {arg!r}")
    return [("keyword", ctx.ab, Const("enchant")), ("enchant_filter", ctx.ab, Const(arg))]


@sentence(r"(?:Enchanted|Equipped) creature gets ([+-]\d+)/([+-]\d+)\.")
def _attached_pt(ctx, m):
    return [("attached_pt", ctx.ab, signed_value(m.group(1)), signed_value(m.group(2)))]
