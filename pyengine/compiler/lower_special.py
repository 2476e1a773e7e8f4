"""Keywords that give a special action with a card in a hand (116.2f suspend, 116.2h foretell,
116.2k plot): the facts kb/special_actions.lp reads to offer the action in `actions` and perform it
in `apply`.

The action itself is carried out; what follows it is not: the snapshot has no exile zone for cards,
so the card exiled (with time counters, face down, plotted) is not recorded, and casting it from
exile later (702.62a, 702.143a, 702.170d) is not modelled. That stays a note: for `apply` while the
card is in a hand (the special action's result documents where the card went), and on the
battlefield for what a creature cast with suspend would have (haste, 702.62a), which a permanent of
the snapshot does not record.
"""

from ..terms import Const, fn
from . import ir
from .shapes import Unmodelled, mana_pairs

# keyword of a special action (116.2f, 116.2h, 116.2k) -> what the KB does not carry out after it
SPECIAL = {
    "suspend": "suspend: the card exiled with time counters is not recorded (the snapshot has no exile zone), "
               "nor removing them and casting it without paying its mana cost (702.62a)",
    "foretell": "foretell: the card exiled face down is not recorded (the snapshot has no exile zone), nor "
                "casting it on a later turn for its foretell cost (702.143a)",
    "plot": "plot: the plotted card is not recorded (the snapshot has no exile zone), nor casting it on a "
            "later turn without paying its mana cost (702.170d)",
}

APPLY = frozenset({"apply"})
# 702.62a: a creature spell cast with suspend gains haste until its controller loses control of it;
# a permanent of the snapshot does not record how it was cast (whether it may attack, what it has)
_SUSPENDED_CREATURE = frozenset({"actions", "show", "apply"})


def shape(k):
    """(time counters or None, the mana paid as [(symbol term, count)] or None) of keyword K if it is
    a special-action keyword whose shape the KB reads ("Suspend 4—{1}{U}", "Foretell {1}{U}", "Plot
    {3}{U}"); None otherwise (a number or cost with {X}, "Suspend X—...": not carried out)."""
    if k.name == "foretell":
        return (None, None) if k.kind == "cost" else None     # 702.143a: foretelling costs {2}
    if k.name == "suspend" and k.kind == "number_cost":
        n, cost = k.param
        if not isinstance(n, ir.Number) or not isinstance(n.value, int):
            return None
    elif k.name == "plot" and k.kind == "cost":
        n, cost = None, k.param
    else:
        return None
    if not isinstance(cost, ir.ManaCost) or any(str(s).upper() == "X" for s in cost.symbols):
        return None
    try:
        pairs = mana_pairs(cost.symbols)
    except Unmodelled:
        return None                                             # a symbol the KB does not read (107.4)
    return (n.value if n is not None else None), pairs


def carried_out(k):
    """Whether the special action of keyword K printed on a card is carried out (kb/special_actions.lp)."""
    return k.name in SPECIAL and shape(k) is not None


def special(ctx, k):
    """The facts of special-action keyword K printed on a card (ctx.kind "ab"), raised as Unmodelled
    with them (the note of what follows the action); None if K's shape is not one the KB reads
    (:func:`shape`), or an effect grants K: the caller's note stays."""
    read = shape(k)
    if read is None:
        return None
    counters, pairs = read
    facts = [("keyword", ctx.ab, Const(k.name))]
    if pairs is not None:
        facts += [("keyword_cost", ctx.ab, fn("mana", s, n)) for s, n in pairs] or \
                 [("keyword_cost", ctx.ab, fn("mana", Const("generic"), 0))]
    if counters is not None:
        facts.append(("suspend_counters", ctx.ab, counters))          # 702.62a
    creature = ctx.face is not None and "creature" in ctx.face.type_line.lower()
    affects = _SUSPENDED_CREATURE if k.name == "suspend" and creature else APPLY
    raise Unmodelled(SPECIAL[k.name], facts, affects=affects)
