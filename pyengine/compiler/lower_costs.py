"""Cost increases and reductions of casting a spell (CR 601.2f, 118.7; Affinity 702.41a) as facts of
kb/cost_modifiers.lp:

- ``self_cost_change(Ab,D,N,A)``: "This spell costs {N} more/less (D = more, less) to cast", A = one
  (with ``self_cost_if(Ab,C)`` for "... if you control <F>": C a condition term of conditions.py,
  ``you_control_at_least(F,N)`` or ``and`` of two), or
  "... for each <thing>" with A an amount term the casting part counts (:func:`amount`); Affinity for
  <F> (702.41a) is ``self_cost_change(Ab,less,1,count(you_control(F)))``;
- ``spell_cost_change(Ab,D,N,W,F)``: a static ability "<F> spells [you cast | your opponents cast]
  cost {N} more/less to cast", W = you, opponents or any (who casts them: its controller, an
  opponent of its controller, any player), F a spell filter (:func:`spell_filter_known`).

Only generic amounts ({N}, N a number, or {X} "where X is" an amount above) are lowered: a colored
reduction (118.7c-d), another condition, a spell that targets something: None, so the line stays a note.
"""

from ..terms import Const, Fn, fn
from . import ir, mana_ir
from .shapes import Unmodelled, filter_term, is_self
from .spend import NOT_MODELLED, spell_filter

_WHO = {"you cast": "you", "your opponents cast": "opponents"}
# the spell filter terms kb/cost_modifiers.lp evaluates for a card cast from a hand (cost_spell_is/3)
_KNOWN_NAMES = {"spell"}
_COLORS = {Const(c) for c in "wubrg"}


def _generic(cost):
    """N of a mana cost that is one number {N} (N >= 1); None otherwise."""
    if not isinstance(cost, ir.ManaCost) or len(cost.symbols) != 1 or not cost.symbols[0].isdigit():
        return None
    n = int(cost.symbols[0])
    return n if n >= 1 else None


def spell_filter_known(term):
    """True if kb/cost_modifiers.lp decides whether a card cast matches spell filter TERM: spell, a card
    type, subtype(S), supertype(S), color(C), status(colorless|multicolored|monocolored), and/or/non of
    those."""
    if isinstance(term, Const):
        return term.name in _KNOWN_NAMES or term.name in _TYPES
    if not isinstance(term, Fn):
        return False
    if term.name in ("and", "or") and len(term.args) == 2:
        return all(spell_filter_known(a) for a in term.args)
    if term.name == "non" and len(term.args) == 1:
        return spell_filter_known(term.args[0])
    if term.name in ("subtype", "supertype") and len(term.args) == 1:
        return isinstance(term.args[0], (str, Const))
    if term.name == "color" and len(term.args) == 1:
        return term.args[0] in _COLORS
    if term.name == "status" and len(term.args) == 1:
        return term.args[0] in (Const("colorless"), Const("multicolored"), Const("monocolored"))
    return False


def amount(obj):
    """The amount term of "for each <obj>" that kb/cost_modifiers.lp counts for the player casting
    the spell: count(you_control(F)) ("artifact you control", F a filter kb/final_filters.lp knows),
    count(graveyard_cards(K)) ("creature card in your graveyard", K a card type, permanent or card;
    "instant and sorcery card": either(K1,K2), a card of either kind counted once); None otherwise."""
    if not isinstance(obj, ir.Obj) or obj.possessor or obj.quantity is not None:
        return None
    if obj.qualifiers == (ir.Node("in_zone", ("in", ir.Zone("graveyard", ir.Ref("you"), ""))),):
        kinds = [_card_kind(g, last=i == len(obj.groups) - 1) for i, g in enumerate(obj.groups)]
        if None in kinds:
            return None
        if len(kinds) == 1:
            return fn("count", fn("graveyard_cards", kinds[0]))
        if len(kinds) == 2 and obj.joins in ((("and",),), (("or",),)):
            return fn("count", fn("graveyard_cards", fn("either", kinds[0], kinds[1])))
        return None
    # "for each basic land type among lands you control" (305.6: domain)
    singular = ir.Node("type_word", ("type",))
    obj = ir.Obj(obj.quantity, obj.possessor, tuple(tuple(ir.Node("type_word", ("types",)) if c == singular else c
                                                          for c in g) for g in obj.groups), obj.joins, obj.qualifiers)
    return _known(mana_ir._count(obj))


def _known(term):
    """TERM if kb/cost_modifiers.lp counts it for the caster: count(you_control(F)) of a filter
    kb/final_filters.lp knows, domain (305.6), party (700.8), greatest(S, you_control(F)) (the greatest
    power or toughness among them); None otherwise."""
    if term in (Const("domain"), Const("party")):
        return term
    if isinstance(term, Fn) and term.name in ("count", "greatest") and isinstance(term.args[-1], Fn) \
            and term.args[-1].name == "you_control" and len(term.args[-1].args) == 1 \
            and mana_ir.final_filter(term.args[-1].args[0]):
        return term if term.name == "count" or term.args[0] in (Const("power"), Const("toughness")) else None
    return None


def _total_power(node):
    """total(power, you_control(F)) of "the total power of creatures you control" (208.1; F a filter
    kb/final_filters.lp knows), None otherwise."""
    if not (isinstance(node, ir.Node) and node.kind == "total_of" and len(node.args) == 4
            and node.args[:3] == ("the total", ir.Node("stat", ("power",)), "of") and isinstance(node.args[3], ir.Obj)):
        return None
    obj = node.args[3]
    if obj.quantity is not None or obj.possessor or obj.joins \
            or obj.qualifiers != (ir.Node("rel_control", (ir.Node("controls_phrase", ("you control",)),)),):
        return None
    try:
        f = filter_term(ir.Obj(None, None, obj.groups, (), ()))
    except Unmodelled:
        return None
    return fn("total", Const("power"), fn("you_control", f)) if mana_ir.final_filter(f) else None


_TYPES = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"}


def _card_kind(group, last):
    """The kind of "<card type> card(s)" / "permanent card(s)" / "card(s)" (the noun only on the LAST
    group of a list: "instant and sorcery card"): the card type, permanent (110.4a) or card; None
    otherwise."""
    chars = tuple(group)
    if last:
        if not chars or chars[-1] not in (ir.Char("noun", "card"), ir.Char("noun", "cards")):
            return None
        chars = chars[:-1]
    if chars == ():
        return Const("card") if last else None
    if len(chars) != 1 or not isinstance(chars[0], ir.Char) or chars[0].negated:
        return None
    if chars[0].kind == "card_type" and chars[0].value in _TYPES:
        return Const(chars[0].value)
    return Const("permanent") if chars[0] == ir.Char("noun", "permanent") else None


def undaunted(ctx):
    """702.125a: Undaunted means "This spell costs {1} less to cast for each opponent you have"."""
    return [("keyword", ctx.ab, Const("undaunted")), ("self_cost_change", ctx.ab, Const("less"), 1, Const("opponents"))]


def affinity(ctx, k):
    """702.41a: "Affinity for <F>" -> self_cost_change(Ab,less,1,count(you_control(F))); None if the KB
    does not count F."""
    a = amount(ir.Obj(None, None, k.param.groups, k.param.joins, (ir.Node("rel_control", (ir.Node(
        "controls_phrase", ("you control",)),)),))) if isinstance(k.param, ir.Obj) and not k.param.qualifiers \
        and k.param.quantity is None and not k.param.possessor else None
    if a is None:
        return None
    return [("keyword", ctx.ab, Const("affinity")), ("self_cost_change", ctx.ab, Const("less"), 1, a)]


_TARGET = ir.Obj(None, None, ((ir.Char("noun", "target"),),), (), ())


def _strive(c):
    """Strive: "This spell costs [cost] more to cast for each target beyond the first" (207.2c). The
    KB does not choose a spell's targets (every cast of a targeted spell says so, 601.2c): the casts
    `actions` and `cast-free` answer are those with one target or none, which the line makes cost
    nothing more (601.2f); what choosing more targets costs is what `apply cast` would pay, so the
    line is a note for `apply` only (Unmodelled); nothing for another clause."""
    args = c.verb.args
    if (is_self(c.subject) and len(c.tails) == 1 and c.tails[0] == ir.Node("tail_beyond_first", ("beyond the first",))
            and len(args) == 5 and args[0] == "cost" and isinstance(args[1], ir.ManaCost) and args[2] == "more"
            and args[3] == "to cast for each" and args[4] == _TARGET):
        raise Unmodelled("the cost for each target beyond the first is not modelled: the casts answered are "
                         "those with one target or none, which cost nothing more (601.2f)", affects=frozenset({"apply"}))


def cost_modifier(ctx, sentences):
    """The facts of "This spell costs {N} more/less to cast [for each ...]" and "<F> spells [you cast |
    your opponents cast] cost {N} more/less to cast" (601.2f); None for any other line."""
    if len(sentences) != 1:
        return None
    s = sentences[0]
    if s.kind != "sentence" or s.leads or len(s.clauses) != 1:
        return None
    x_amount = None
    if s.tail is not None:              # "costs {X} less to cast, where X is <amount>" (107.3c)
        t = s.tail
        if not (t.kind == "sent_tail" and len(t.args) == 4 and t.args[0] == ", where"
                and t.args[1] == ir.Node("x_var", ("x",)) and t.args[2] == "is"):
            return None
        x_amount = _known(mana_ir._expression(t.args[3])) or _total_power(t.args[3])
        if x_amount is None:
            return None
    c = s.clauses[0]
    if not isinstance(c, ir.Clause) or c.verb_name != "cost_mod" or c.aux:
        return None
    _strive(c)
    cond = None
    if c.tails:                         # "... if you control a Wizard" (you_control_at_least(F,N))
        t = c.tails[0]
        if len(c.tails) != 1 or not is_self(c.subject) or x_amount is not None or t.kind != "tail_if" \
                or len(t.args) != 2 or not isinstance(t.args[1], ir.Clause) or t.args[1].verb_name != "control" \
                or t.args[1].tails or t.args[1].aux or len(t.args[1].verb.args) != 2:
            return None
        from .conditions import _you_control
        cond = _you_control(t.args[1])
        if cond is None:
            return None
    args = c.verb.args
    if len(args) < 3 or args[0] != "cost" or args[2] not in ("more", "less"):
        return None
    n = 1 if x_amount is not None and args[1] == ir.ManaCost(("X",)) else _generic(args[1])
    if n is None or (x_amount is not None and not is_self(c.subject)):
        return None
    d = Const(args[2])
    rest = args[3:]
    if is_self(c.subject):
        if rest == ("to cast",) and x_amount is not None:
            return [("self_cost_change", ctx.ab, d, 1, x_amount)]
        if rest == ("to cast",):
            return [("self_cost_change", ctx.ab, d, n, Const("one"))] + ([("self_cost_if", ctx.ab, cond)] if cond else [])
        if len(rest) == 2 and rest[0] == "to cast for each" and cond is None:
            a = amount(rest[1])
            return None if a is None else [("self_cost_change", ctx.ab, d, n, a)]
        return None
    if rest != ("to cast",) or ctx.is_spell or not isinstance(c.subject, ir.Obj) or c.subject.possessor:
        return None
    subject, who = c.subject, "any"
    quals = list(subject.qualifiers)
    if quals and isinstance(quals[-1], ir.Node) and quals[-1].kind == "rel_control" and len(quals[-1].args) == 1 \
            and isinstance(quals[-1].args[0], ir.Node) and quals[-1].args[0].kind == "casts_phrase":
        who = _WHO.get(quals[-1].args[0].args[0])
        if who is None:
            return None
        quals.pop()
    if not any(isinstance(ch, ir.Char) and ch.kind == "noun" and ch.value in ("spell", "spells")
               for g in subject.groups if isinstance(g, tuple) for ch in g):
        return None
    f = spell_filter(ir.Obj(subject.quantity, None, subject.groups, subject.joins, tuple(quals)), Const("spell"))
    if f == NOT_MODELLED or not spell_filter_known(f):
        return None
    return [("static", ctx.ab), ("spell_cost_change", ctx.ab, d, n, Const(who), f)]
