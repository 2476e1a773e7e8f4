"""Alternative costs (118.9, 601.2b): "You may <costs> rather than pay this spell's mana cost." and
"If <condition>, you may <costs> rather than pay this spell's mana cost." (kb/alternative_costs.lp).

A line of that shape whose every cost and condition the KB can check and perform gives
``alternative_cost(Ab)``, one ``alternative_cost_mana(Ab,mana(Sym,N))`` per mana symbol of a
"pay {..}" part, one ``alternative_cost_part(Ab,K)`` per other part and, with an "if",
``alternative_cost_if(Ab,Cond)``. The parts K:

- ``pay_life(N)`` ("pay N life", 119.4);
- ``sacrifice(F,N)`` ("sacrifice two Mountains", "sacrifice a nontoken green creature", 701.21a:
  permanents you control);
- ``return_to_hand(F,N)`` ("return two Islands you control to their owner's hand");
- ``tap_untapped(F,N)`` ("tap an untapped creature you control", 118.3);
- ``exile_from_hand(K,N)`` ("exile a blue card from your hand": K ``card``, ``color(Col)``, a card
  other than the spell, which is on the stack by then, 601.2a);

F a filter term of kb/filters.lp (shapes.filter_term, "you control" dropped), N a whole number.
The condition: ``you_control_at_least(F,N)`` and ``turn_at_least(K,W,N)`` (conditions.condition), ``your_turn``,
``not_your_turn``. Any other line of the shape
(another cost, another condition, a second sentence) stays a note for what an alternative cost
could change: which spells may be cast and how (`actions`), casting one (`apply`) and the
alternative costs that casting without paying the mana cost excludes (`cast-free`, 118.9a).
"""

from ..terms import Const, fn
from ..symbols import MAX_NUMBER
from . import conditions, ir
from .shapes import Unmodelled, controller_phrase, filter_term, mana_pairs, quantity_count, untapped_filter

# the answers an alternative cost of a card's own could change (not `show`: it is no characteristic)
ANSWERS = frozenset({"actions", "cast-free", "apply"})

_COLOR_LETTER = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def is_alternative_cost(sentence):
    """Whether SENTENCE ends with "rather than pay this spell's mana cost" (118.9)."""
    if not isinstance(sentence, ir.Sentence) or not sentence.clauses:
        return False
    last = sentence.clauses[-1]
    return (isinstance(last, ir.Clause) and any(_rather_than_own_cost(t) for t in last.tails)) \
        or any(_rather_than_own_cost(x, "lead_rather_than_pay") for x in sentence.leads)


def _rather_than_own_cost(tail, kind="tail_rather_than_pay"):
    return (isinstance(tail, ir.Node) and tail.kind == kind and len(tail.args) == 3
            and tail.args[1] == ir.Node("possessive", (ir.Ref("self", "this spell"),)) and tail.args[2] == "mana cost")


def alternative_cost(ctx, sentences):
    """The facts of an alternative-cost line (see the module doc); None for a line of another shape;
    Unmodelled (a note for ANSWERS) for one of this shape the KB can't check or perform."""
    if not any(is_alternative_cost(x) for x in sentences):
        return None
    if len(sentences) != 1:
        raise Unmodelled("an alternative cost with a further sentence is not modelled", affects=ANSWERS)
    s = sentences[0]
    if ctx.kind != "ab":
        # an ability an effect grants (113.1a): kb/alternative_costs.lp reads a card's own
        raise Unmodelled("a granted alternative cost is not modelled", affects=ANSWERS)
    if any(_rather_than_own_cost(x, "lead_rather_than_pay") for x in s.leads):
        # "If <condition>, rather than pay this spell's mana cost, you may have an opponent gain 3 life."
        raise Unmodelled("this alternative cost is not modelled", affects=ANSWERS)
    facts = [("alternative_cost", ctx.ab)]
    if s.leads:
        cond = _condition(s.leads[0]) if len(s.leads) == 1 and isinstance(s.leads[0], ir.Node) \
            and s.leads[0].kind == "lead_if" else None
        if cond is None or not _condition_known(cond):
            raise Unmodelled("the condition of this alternative cost is not modelled", affects=ANSWERS)
        facts.append(("alternative_cost_if", ctx.ab, cond))
    if s.tail is not None or any(j != "and" for j in s.joins):
        raise Unmodelled("this alternative cost is not modelled", affects=ANSWERS)
    for i, c in enumerate(s.clauses):
        if not isinstance(c, ir.Clause) or not isinstance(c.verb, ir.Verb) \
                or (i == 0) != (c.subject == ir.Ref("you", "") and c.aux == "may") \
                or (i > 0 and (c.subject is not None or c.aux)) \
                or tuple(t for t in c.tails if not _rather_than_own_cost(t)) \
                or (i < len(s.clauses) - 1 and c.tails):
            raise Unmodelled("this alternative cost is not modelled", affects=ANSWERS)
        part = _part(c.verb)
        if part is None:
            raise Unmodelled(f"the alternative cost part {c.verb.name!r} is not modelled", affects=ANSWERS)
        facts += [(name, ctx.ab, t) for name, t in part]
    return facts


# "If it's your turn," / "If it's not your turn," (500.1: the active player's turn)
_TURNS = {ir.Node("its_turn", ("it is", ir.Node("possessive", (ir.Ref("you", ""),)), "turn")): Const("your_turn"),
          ir.Node("its_turn", ("it is not", ir.Node("possessive", (ir.Ref("you", ""),)), "turn")): Const("not_your_turn")}


def _condition(lead_if):
    """The condition term of a leading "if", or None."""
    args = [a for a in lead_if.args if not isinstance(a, str)]
    if len(args) == 1 and isinstance(args[0], tuple) and len(args[0]) == 2 and len(args[0][0]) == 1 \
            and not args[0][1] and args[0][0][0] in _TURNS:
        return _TURNS[args[0][0][0]]
    return conditions.condition(lead_if)


def _condition_known(cond):
    """you_control_at_least(F,N) (and `and` of those), your_turn, not_your_turn: what
    kb/alternative_costs.lp evaluates; turn_at_least(K,W,N), what happened this turn
    (compiler/turn_history.py: "If you attacked this turn", "If an opponent gained life this turn"),
    kb/keyword_alternative_costs.lp: the caster's count, or their opponents' for "an opponent" (N 1:
    some opponent's count is 1 or more exactly when their sum is)."""
    if getattr(cond, "name", None) == "and":
        return all(_condition_known(a) for a in cond.args)
    if getattr(cond, "name", None) == "turn_at_least":
        return cond.args[1] == Const("you") or cond.args[2] == 1
    return getattr(cond, "name", None) in ("you_control_at_least", "your_turn", "not_your_turn")


def _part(verb):
    """[(fact name, term)] of one cost verb, or None."""
    args = [a for a in verb.args if not isinstance(a, str)]
    words = [a for a in verb.args if isinstance(a, str)]
    if verb.name == "pay" and words == ["pay", "life"] and len(args) == 1 and isinstance(args[0], ir.Number) \
            and isinstance(args[0].value, int) and 0 < args[0].value <= MAX_NUMBER:
        return [("alternative_cost_part", fn("pay_life", args[0].value))]
    if verb.name == "pay" and words == ["pay"] and len(args) == 1 and isinstance(args[0], ir.ManaCost):
        try:
            mana = mana_pairs(args[0].symbols)
        except Unmodelled:
            return None
        if not mana or any(s == Const("x") for s, _ in mana):
            return None
        return [("alternative_cost_mana", fn("mana", s, n)) for s, n in mana]
    if verb.name == "sacrifice" and len(args) == 1:
        fn_n = _permanents(args[0], you_control_required=False)
        return fn_n and [("alternative_cost_part", fn("sacrifice", *fn_n))]
    if verb.name == "return" and len(args) == 2 and words == ["return", "to"] and _owners_hand(args[1]):
        fn_n = _permanents(args[0], you_control_required=True)
        return fn_n and [("alternative_cost_part", fn("return_to_hand", *fn_n))]
    if verb.name == "tap" and len(args) == 1:
        fn_n = untapped_filter(args[0])
        return fn_n and [("alternative_cost_part", fn("tap_untapped", *fn_n))]
    if verb.name == "exile" and len(args) == 1:
        kind_n = _hand_cards(args[0])
        return kind_n and [("alternative_cost_part", fn("exile_from_hand", *kind_n))]
    return None


def _owners_hand(zone):
    """"their owner's hand" / "its owner's hand" (a permanent returns to its owner's hand, 400.3)."""
    return isinstance(zone, ir.Zone) and zone.noun == "hand" and not zone.position and isinstance(zone.owner, ir.Obj) \
        and zone.owner.groups == ((ir.Char("noun", "owner"),),) and zone.owner.possessor in (
            ir.Ref("they", ""), ir.Ref("it", ""))


_NONTOKEN = ir.Char("noun", "token", True)


def _permanents(obj, you_control_required):
    """(F, N) of "two Mountains" / "an Island you control" (permanents you control, a filter F of
    kb/filters.lp), or None."""
    if not isinstance(obj, ir.Obj) or obj.possessor or len(obj.groups) != 1:
        return None
    n = quantity_count(obj.quantity, "number")
    if n is None or n > MAX_NUMBER:
        return None
    quals = tuple(q for q in obj.qualifiers if controller_phrase(q) != "you control")
    if quals or (you_control_required and len(obj.qualifiers) != 1) or len(obj.qualifiers) > 1:
        return None
    if any(c.kind == "status" for c in obj.groups[0]):
        return None                          # "untapped", "tapped", "enchanted": not of this shape
    # "a nontoken green creature": not a token (111.1; kb/filters.lp: status(nontoken))
    group = tuple(ir.Char("status", "nontoken") if c == _NONTOKEN else c for c in obj.groups[0])
    try:
        f = filter_term(ir.Obj(None, None, (group,), (), ()))
    except Unmodelled:
        return None
    return f, n


def _hand_cards(obj):
    """(K, N) of "a blue card from your hand" / "two red cards from your hand": K ``card`` or
    ``color(Col)``; None for anything else (a card with a mana value, of a type, ...)."""
    if not isinstance(obj, ir.Obj) or obj.possessor or len(obj.groups) != 1 or obj.joins:
        return None
    if obj.qualifiers != (ir.Node("from_zone", ("from", ir.Zone("hand", ir.Ref("you", ""), ""))),):
        return None
    n = quantity_count(obj.quantity, "number")
    chars = obj.groups[0]
    if n is None or n > MAX_NUMBER or not chars or chars[-1] not in (ir.Char("noun", "card"), ir.Char("noun", "cards")):
        return None
    if len(chars) == 1:
        return Const("card"), n
    if len(chars) == 2 and chars[0].kind == "color" and not chars[0].negated and chars[0].value in _COLOR_LETTER:
        return fn("color", Const(_COLOR_LETTER[chars[0].value])), n
    return None
