"""Keyword abilities (CR 702) that the KB knows by name, with their costs where they have one."""

from ..terms import Const, fn
from .grammar import keyword
from .symbols import NotModelled, parse_mana_cost

_PLAIN = ("flying", "haste", "vigilance", "trample", "reach", "deathtouch", "lifelink",
          "first strike", "double strike", "defender", "hexproof", "indestructible", "menace",
          "flash", "fuse")


def _plain(name):
    def handler(ctx, arg):
        if arg:
            raise NotModelled(f"{name} takes no argument")
        return [("keyword", ctx.ab, Const(name.replace(" ", "_")))]
    return handler


for _k in _PLAIN:
    keyword(_k)(_plain(_k))


def _costed(name):
    """A keyword with a mana cost: morph, disguise, ward, equip, unearth, kicker, bestow (702)."""
    def handler(ctx, arg):
        cost = parse_mana_cost(arg)
        return [("keyword", ctx.ab, Const(name))] + \
               [("keyword_cost", ctx.ab, fn("mana", sym, n)) for sym, n in cost]
    return handler


for _k in ("morph", "megamorph", "disguise", "ward", "equip", "unearth", "kicker", "bestow"):
    keyword(_k)(_costed(_k))
