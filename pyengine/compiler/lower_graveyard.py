"""Keywords that let a card be cast from its owner's graveyard (kb/graveyard_casting.lp).

- "Flashback {cost}" / "Flashback—{cost}, <costs>." (702.34a) and "Escape—{cost}, Exile N other cards
  from your graveyard." (702.138a): an alternative cost paid rather than the card's mana cost;
  ``keyword(Ab,K)``, ``keyword_cost(Ab,mana(Sym,N))`` per mana symbol, ``alternative_cost_part(Ab,K)``
  per other part: the parts of "rather than pay" lines (lower_alt._part: pay N life, sacrifice,
  return to hand, tap untapped permanents) and, for escape, ``exile_other_graveyard_cards(N)``;
- "Jump-start" (702.133a) and "Retrace" (702.81a): the mana cost paid and a card (a land card) of the
  hand discarded as an additional cost: ``keyword(Ab,jump_start)``, ``keyword(Ab,retrace)``.

The exile that follows (flashback, jump-start: "exile this card instead of putting it anywhere else
any time it would leave the stack") happens as the spell leaves the stack, which no answer performs:
nothing here. Harmonize (702.180a: a creature tapped reduces the cost by its power) and disturb (702.146a:
cast transformed) are not modelled, nor is a cost the KB can't check or perform ({X}, another part):
``keyword(Ab,K)`` and ``permission_not_modelled(Ab)``, so that `actions` lists the cast from a graveyard
as not modelled and a card in a hand (which the line can't change) gets no note. A keyword an effect
grants is Unmodelled: a note for what it could change.
"""

from ..symbols import MAX_NUMBER
from ..terms import Const, fn
from . import ir
from .lower_alt import _part
from .shapes import Unmodelled, mana_pairs, quantity_count

# keyword name (as the grammar spells it) -> (KB keyword, kind of its cost)
GRAVEYARD_KEYWORDS = {"flashback": ("flashback", "alternative"), "escape": ("escape", "alternative"),
                      "jump-start": ("jump_start", "additional"), "retrace": ("retrace", "additional"),
                      # 702.180a: the creature tapped reduces the total cost by its power, a choice not
                      # modelled; 702.146a: cast transformed, a back face the KB does not cast
                      "harmonize": ("harmonize", "not_modelled"), "disturb": ("disturb", "not_modelled")}
# what a note on one of these lines could change: what may be cast (`actions`), casting it (`apply`)
ANSWERS = frozenset({"actions", "apply"})


def graveyard_keyword(ctx, k):
    """The facts of keyword K (one of GRAVEYARD_KEYWORDS): ``keyword(Ab,K)`` and its cost's facts; for a
    cost the KB can't check or perform, ``permission_not_modelled(Ab)`` instead of the cost: the cast it
    permits is then a candidate of `actions` that says it is not modelled (kb/graveyard_casting.lp),
    rather than a note on every answer about the card. A keyword an effect grants: Unmodelled."""
    name, how = GRAVEYARD_KEYWORDS[k.name]
    if ctx.kind != "ab":
        # an ability an effect grants (113.1a): kb/graveyard_casting.lp reads a card's own
        raise Unmodelled(f"a granted {k.name} is not modelled", affects=ANSWERS)
    head = [("keyword", ctx.ab, Const(name))]
    if how == "not_modelled":
        return head + [("permission_not_modelled", ctx.ab)]
    try:
        return head + _cost(ctx, k, name, how)
    except Unmodelled:
        return head + [("permission_not_modelled", ctx.ab)]


def not_modelled_permission(ctx, k):
    """The facts of graveyard keyword K whose line says more about casting that way ("This spell costs
    {X} less to cast this way, where X is ..."): the keyword and permission_not_modelled(Ab)."""
    return [("keyword", ctx.ab, Const(GRAVEYARD_KEYWORDS[k.name][0])), ("permission_not_modelled", ctx.ab)]


def _cost(ctx, k, name, how):
    """The cost facts of graveyard keyword K; Unmodelled for a cost the KB lacks."""
    if how == "additional":
        if k.kind != "plain":
            raise Unmodelled(f"this {k.name} is not modelled", affects=ANSWERS)
        return []
    if k.kind == "cost" and isinstance(k.param, ir.ManaCost) and name == "flashback":
        return _mana(ctx, k, k.param.symbols)
    if k.kind != "cost_clauses" or not k.param:
        raise Unmodelled(f"this {k.name} cost is not modelled", affects=ANSWERS)
    clauses = list(k.param)
    facts = []
    first = clauses[0]
    if isinstance(first, ir.Clause) and first.verb_name == "symbols" and not first.subject and not first.tails \
            and all(isinstance(a, ir.ManaCost) for a in first.verb.args):
        facts += _mana(ctx, k, tuple(s for a in first.verb.args for s in a.symbols))
        clauses = clauses[1:]
    for c in clauses:
        if not isinstance(c, ir.Clause) or c.subject or c.aux or c.tails or not isinstance(c.verb, ir.Verb):
            raise Unmodelled(f"this {k.name} cost is not modelled", affects=ANSWERS)
        part = _exile_others(c.verb) if name == "escape" else _part(c.verb)
        if part is None or any(f == "alternative_cost_mana" for f, _ in part) \
                or any(t.name == "exile_from_hand" for _, t in part):
            raise Unmodelled(f"the {k.name} cost part {c.verb.name!r} is not modelled", affects=ANSWERS)
        facts += [(f, ctx.ab, t) for f, t in part]
    if name == "escape" and not any(f[0] == "alternative_cost_part" for f in facts):
        raise Unmodelled("this escape cost is not modelled", affects=ANSWERS)
    return facts


def _mana(ctx, k, symbols):
    try:
        mana = mana_pairs(symbols)
    except Unmodelled as e:
        raise Unmodelled(str(e), affects=ANSWERS) from None
    if any(s == Const("x") for s, _ in mana):
        raise Unmodelled(f"a {k.name} cost with {{X}} is not modelled", affects=ANSWERS)
    return [("keyword_cost", ctx.ab, fn("mana", s, n)) for s, n in mana]


def _exile_others(verb):
    """"Exile two other cards from your graveyard" (702.138a): [(alternative_cost_part,
    exile_other_graveyard_cards(N))], or None."""
    args = [a for a in verb.args if not isinstance(a, str)]
    if verb.name != "exile" or len(args) != 1 or not isinstance(args[0], ir.Obj):
        return None
    obj = args[0]
    if obj.possessor or obj.joins or len(obj.groups) != 1 \
            or obj.groups[0] != (ir.Char("status", "other"), ir.Char("noun", "cards")) \
            or obj.qualifiers != (ir.Node("from_zone", ("from", ir.Zone("graveyard", ir.Ref("you", ""), ""))),):
        return None
    n = quantity_count(obj.quantity, "number")
    if n is None or not 0 < n <= MAX_NUMBER:
        return None
    return [("alternative_cost_part", fn("exile_other_graveyard_cards", n))]
