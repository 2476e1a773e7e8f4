"""Mana-producing effects (CR 106, 605): the 'Add ...' sentences of mana abilities.

Facts (see kb/schema.lp): ``mana_option(Ab,O,T,N)`` option O adds N mana of type T;
``mana_each(Ab,O,T,Filter)`` option O adds one T per object matching Filter;
``mana_reflect(Ab,N,Scope,Kind)`` adds N mana of one type (Kind ``type``) or colour (``color``)
that the permanents in Scope could produce (106.7).
"""

import re

from ..terms import Const, fn
from .costs import number
from .grammar import effect
from .symbols import COLORS, NotModelled, symbols

_N = r"(one|two|three|four|five|\d+)"


def _pips(text):
    syms = symbols(text)
    if not syms or any(s.lower() not in COLORS + ("c",) for s in syms):
        raise NotModelled(f"mana {text!r}")
    counts = {}
    for s in syms:
        counts[s.lower()] = counts.get(s.lower(), 0) + 1
    return counts


def _options(ctx, options):
    return [("mana_option", ctx.ab, o, Const(t), n)
            for o, counts in enumerate(options, 1) for t, n in sorted(counts.items())]


@effect(r"Add ((?:\{[WUBRGC]\})+)\.")
def _fixed(ctx, m):
    return _options(ctx, [_pips(m.group(1))])


@effect(r"Add ((?:\{[WUBRGC]\})+(?:, (?:\{[WUBRGC]\})+)*,? or ((?:\{[WUBRGC]\})+))\.")
def _one_of(ctx, m):
    parts = re.split(r",? or |, ", m.group(1))
    return _options(ctx, [_pips(p) for p in parts])


@effect(rf"Add {_N} mana of any (one )?color\.")
def _any_color(ctx, m):
    n = number(m.group(1))
    if n > 1 and not m.group(2):
        raise NotModelled("several mana of different colors")
    return _options(ctx, [{c: n} for c in COLORS])


_SCOPES = {"a land you control": "lands_you_control",
           "a land an opponent controls": "lands_opponents_control",
           "the sacrificed land": "sacrificed"}


@effect(rf"Add {_N} mana of any (type|color) (?:that )?({'|'.join(_SCOPES)}) could produce\.")
def _reflect(ctx, m):
    return [("mana_reflect", ctx.ab, number(m.group(1)), Const(_SCOPES[m.group(3)]),
             Const(m.group(2)))]


@effect(r"Add \{([WUBRGC])\} for each (creature|artifact|land|enchantment) you control\.")
def _each(ctx, m):
    return [("mana_each", ctx.ab, 1, Const(m.group(1).lower()),
             fn("you_control", Const(m.group(2))))]


@effect(r"(Add .+?\.) Activate only if you control an? (artifact|creature|enchantment|land)\.")
def _conditional(ctx, m):
    """A mana effect with an activation restriction (602.1b); the restriction limits activation,
    not what the ability would produce (106.7 ignores it)."""
    from . import _one, grammar
    facts = _one(grammar.EFFECTS, ctx, m.group(1), "effect")
    return facts + [("activation_condition", ctx.ab, fn("you_control", Const(m.group(2))))]
