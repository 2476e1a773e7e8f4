"""Riders: what a mana ability does besides adding mana ("Add {R}. This land deals 1 damage to
you."). 605.3b: a mana ability resolves immediately, so the rider happens as the mana is added,
as part of the same activation; it does not change which mana is added (the rider follows the
mana), so what the permanent could produce (106.7) is unaffected.

:func:`rider` reads one sentence after the mana of an activated mana ability and returns a
:class:`Rider` (its fact ``mana_rider(Ab,R)`` and the answers the KB does not carry it out for), or
None when the sentence is not a rider this module knows. The rider terms (kb/schema.lp):

- ``damage_to_you(N)``: the ability's permanent deals N damage to its controller (120.3a: damage
  to a player makes that player lose that much life);
- ``lose_life(N)`` / ``gain_life(N)``: its controller loses / gains N life (119.3);
- ``counters(K,N)`` / ``remove_counters(K,N)``: N counters of kind K are put on / removed from the
  ability's permanent (122.1, 122.6; removing more than there are removes all of them, 609.3);
- ``draw(N)``: its controller draws N cards (121.1) -- `apply` does not carry it out;
- ``poison(N)``: its controller gets N poison counters (122.1f) -- the snapshot has no poison
  counters of players, so `apply` does not carry it out;
- ``no_untap_next``: the permanent doesn't untap during its controller's next untap step
  (502.3) -- the snapshot does not record it, so `untap` and `apply` do not carry it out.

Every rider term is shown by `produce` (queries/produce.lp: ``rider/2``); life and counters are
carried out by `apply` (queries/activate.lp) and by the payment plans (kb/mana_plan.lp: life lost
before life is paid, 601.2g-h).
"""

from dataclasses import dataclass

from ..terms import Const, fn
from . import ir
from .shapes import Unmodelled, counters, int_of, is_self


@dataclass(frozen=True)
class Rider:
    """The fact of one rider and the answers the KB does not carry it out for (empty: all)."""

    term: object
    affects: frozenset = frozenset()
    reason: str = ""


_NOT_DRAWN = "the card drawn by this mana ability is not carried out by apply (121.1)"
_NO_POISON = "poison counters of players are not in the snapshot (122.1f)"
_NO_UNTAP = "\"doesn't untap during your next untap step\" is not recorded by the snapshot (502.3)"


def rider(sentence):
    """The :class:`Rider` of one sentence after the mana, or None."""
    if sentence.leads or sentence.joins or sentence.tail or len(sentence.clauses) != 1:
        return None
    c = sentence.clauses[0]
    if not isinstance(c, ir.Clause) or not isinstance(c.verb, ir.Verb) or c.tails and not _next_untap(c):
        return None
    try:
        return _clause(c)
    except Unmodelled:
        return None


def _clause(c):
    v, subj = c.verb, c.subject
    args = [a for a in v.args if not isinstance(a, str)]
    you = isinstance(subj, ir.Ref) and subj.kind == "you"
    if c.aux is None and is_self(subj) and v.name == "deal_damage" and len(args) == 2 \
            and isinstance(args[1], ir.Node) and args[1].kind == "damage_to" \
            and args[1].args[1:] == (ir.Ref("you", ""),):
        return Rider(fn("damage_to_you", int_of(args[0])))                        # 120.3a
    if c.aux is None and you and v.name in ("lose_life", "gain_life") and len(args) == 1:
        return Rider(fn(v.name, int_of(args[0])))                                 # 119.3
    if c.aux is None and subj is None and v.name in ("put_counters", "remove_counters") \
            and len(args) == 2 and is_self(args[1]):
        kind, n = counters(args[0])
        if kind is None:
            return None
        name = "counters" if v.name == "put_counters" else "remove_counters"
        return Rider(fn(name, kind, n))                                           # 122.1, 122.6
    if c.aux is None and subj is None and v.name == "draw" and len(args) == 1:
        n = _cards(args[0])
        return None if n is None else Rider(fn("draw", n), frozenset({"apply"}), _NOT_DRAWN)
    if c.aux is None and you and v.name == "get" and len(v.args) == 4 and v.args[3] == "counter" \
            and v.args[2] == ir.Node("counter_kind", ("poison",)) and v.args[1] == ir.Node("get_count", ("a",)):
        return Rider(fn("poison", 1), frozenset({"apply"}), _NO_POISON)
    if _next_untap(c):
        return Rider(Const("no_untap_next"), frozenset({"untap", "apply"}), _NO_UNTAP)
    return None


def _cards(obj):
    """N of "a card" / "two cards"; None otherwise."""
    if not isinstance(obj, ir.Obj) or obj.qualifiers or obj.possessor or obj.joins:
        return None
    if obj.groups not in (((ir.Char("noun", "card"),),), ((ir.Char("noun", "cards"),),)):
        return None
    q = obj.quantity
    if q == ir.Quantity("a", None):
        return 1
    if q is not None and q.word is None and isinstance(q.number, ir.Number) and isinstance(q.number.value, int):
        return q.number.value
    return None


def _next_untap(c):
    """"~ doesn't untap during your next untap step" (502.3)."""
    return is_self(c.subject) and c.aux in ("doesn't", "does not") and c.verb_name == "untap" \
        and len(c.tails) == 1 and isinstance(c.tails[0], ir.Node) \
        and c.tails[0].kind == "tail_during_next_untap" \
        and c.tails[0].args[1:2] == (ir.Node("possessive", (ir.Ref("you", ""),)),)
