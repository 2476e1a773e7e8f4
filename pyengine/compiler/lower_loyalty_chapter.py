"""Loyalty abilities (606) and chapter abilities (714) that add mana: what they are, precisely.

A loyalty ability is an activated ability with a loyalty symbol in its cost (606.3); it is never
a mana ability, even when it adds mana (605.1a: "... and it's not a loyalty ability"), so it uses
the stack and may be activated only as 606.3 allows (main phase, empty stack, once each turn per
permanent). What a permanent "could produce" counts any ability of that permanent that would add
mana if it resolved (106.7), a loyalty ability included. So a loyalty ability whose effect is only
mana the KB models gives ``activated``, ``loyalty`` and its mana facts (kb/loyalty_mana.lp reads
them for could-produce), plus ``effect_not_modelled``: activating it is not modelled, and the line
is a note for the answers that activate (``actions``, ``apply``) and for ``show``. ``produce``
answers for mana abilities only (605.1a), so it does not concern it.

A chapter ability is a triggered ability (714.2b: "When one or more lore counters are put onto this
Saga, ..."), not a mana ability: it triggers on lore counters, not on a mana ability or on mana
being added (605.1b), and uses the stack. If it adds mana itself, 106.7 counts that mana in what the
Saga could produce, which the KB does not model: a note for `could-produce` and `apply` only
(:func:`pyengine.compiler.affects.of_line`).
"""

from .shapes import Unmodelled

LOYALTY_AFFECTS = frozenset({"actions", "apply", "show"})


def loyalty(ctx, a, mana_effect):
    """The facts of a loyalty ability A; raises Unmodelled (with the facts the KB reads) always."""
    if len(a.effect) == 1:
        try:
            facts = mana_effect(ctx, a.effect[0])
        except Unmodelled:
            facts = None
        if facts:
            raise Unmodelled("a loyalty ability is not a mana ability (605.1a): could-produce counts its mana "
                             "(106.7); activating it (606.3) is not modelled",
                             [("activated", ctx.ab), ("loyalty", ctx.ab), *facts, ("effect_not_modelled", ctx.ab)],
                             affects=LOYALTY_AFFECTS)
    raise Unmodelled(f"{type(a).__name__.lower()} abilities are not modelled")


def chapter(a):
    """Raises the note of a chapter ability A (the KB gives it no facts)."""
    raise Unmodelled("a chapter ability is a triggered ability (714.2b), not a mana ability (605.1b): "
                     "its effect is not modelled")
