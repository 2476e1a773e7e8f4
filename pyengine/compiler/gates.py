"""Abilities a permanent has only while a condition holds (611.3a), in the condition language of
kb/gates.lp (the terms are listed there):

- a level symbol "LEVEL N1-N2" / "LEVEL N3+" (711.2a-b): the abilities and the P/T box of its
  striation, while the creature has N1 to N2 (N3 or more) level counters:
  ``and(self_counters("level",N1),non(self_counters("level",N2+1)))`` / ``self_counters("level",N3)``;
- a class level bar "[Cost]: Level N" (716.2a): the abilities after it, while the Class's level is N
  or greater: ``class_level(N)``;
- "Max speed — [Ability]" (702.178a): while its controller's speed is 4: ``max_speed``;
- a station symbol "N+ | [Ability]" (721.2a): while it has N or more charge counters:
  ``self_counters("charge",N)``;
- "As long as ~ is renowned, it has ..." (702.112b): ``renowned``.

:func:`gated` gives the static ability of the symbol, ``static(Ab)`` with
``ability_while(Ab,C,G)``, G = granted(Card,Line) the ability printed with it compiled like a
printed one (or, for a level's P/T box, ``sets_base_pt(G,P,T)``, 613.4b): kb/objects.lp counts G
among the permanent's text abilities while C holds.
"""

import re

from ..terms import Const, fn
from . import ir
from .shapes import Ctx, Unmodelled

MAX_SPEED = Const("max_speed")          # 702.178a, 702.179e
RENOWNED = Const("renowned")            # 702.112b


def level(low, high):
    """711.2a-b: at least LOW level counters, and no more than HIGH (None: "N3+")."""
    at_least = fn("self_counters", "level", low)
    return at_least if high is None else fn("and", at_least, fn("non", fn("self_counters", "level", high + 1)))


def class_level(n):
    """716.2a: the Class's level is N or greater."""
    return fn("class_level", n)


def station(n):
    """721.2a: N or more charge counters on the permanent."""
    return fn("self_counters", "charge", n)


def header(ability):
    """The condition a level header or class level bar sets for the lines after it (711.2,
    716.2: the abilities printed in its striation), or None if ABILITY is neither."""
    if isinstance(ability, ir.Level) and ability.low is not None:
        return level(ability.low, ability.high)
    if isinstance(ability, ir.ClassLevel):
        return class_level(ability.level)
    return None


_PT = re.compile(r"^(-?[0-9]+)/(-?[0-9]+)$")


def gated(ctx, ability, cond, raw, text, what):
    """The facts of the static ability "as long as COND, this permanent has ABILITY" (printed as
    RAW, normalised TEXT): Unmodelled, with those facts, when ABILITY is not carried out (a note for
    what that ability could change, its reason starting with WHAT); Unmodelled without facts when
    it is not an ability the KB knows (the note is then for what it could change, had or not)."""
    from .lower import lower
    inner_ctx = Ctx(ctx.card, ctx.index, ctx.face, kind="granted", raw=raw, text=text)
    g = inner_ctx.ab
    if isinstance(ability, ir.Level) and ability.pt is not None:
        m = _PT.match(ability.pt)
        if not m:
            raise Unmodelled(f"{what}: a power and toughness the KB does not read (208.2a)")
        inner_facts = [("static", g), ("sets_base_pt", g, int(m.group(1)), int(m.group(2)))]
        return [("static", ctx.ab), ("ability_while", ctx.ab, cond, g), ("ability_text", g, raw)] + inner_facts
    inner = lower(inner_ctx, ir.Line(ctx.index, raw, text, ability))
    if not inner.ability:
        raise Unmodelled(f"{what}: {inner.reason}", affects=inner.affects)
    facts = [("static", ctx.ab), ("ability_while", ctx.ab, cond, g), ("ability_text", g, raw)] + inner.facts
    if not inner.modelled:
        raise Unmodelled(f"{what}: {inner.reason}", facts, part=inner.part, affects=inner.affects)
    return facts
