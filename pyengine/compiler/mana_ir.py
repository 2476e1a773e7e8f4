"""Mana abilities in the intermediate form: what one "add" instruction produces (106.3), as a
:class:`Mana`, and its facts (kb/schema.lp, "mana abilities").

:func:`of_sentence` reads a sentence that adds mana; :func:`facts` gives its facts. Today's KB
consumes ``mana_option``, ``mana_each`` and ``mana_reflect``; the other shapes are given with the
vocabulary designed for them (``mana_combination``, ``mana_chosen``, ``mana_amount``, ...), which
the KB does not carry out yet: for those, :func:`facts` raises :class:`~.shapes.Unmodelled`
carrying the facts, and the line stays "not modelled" for the answers it could change.
"""

from dataclasses import dataclass

from ..terms import Const, fn
from . import ir
from .shapes import Unmodelled, controller_phrase, filter_term, int_of, is_self, simple_type
from .symbols import COLORS

_TYPE = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


@dataclass(frozen=True)
class Mana:
    """What an "add" instruction produces.

    kind: fixed ({G}{G}), choice ({R} or {G}), any_color (N mana of any color: each may differ),
    any_one_color, combination (N mana in any combination of the listed types), reflect (of
    any type/color that <scope> could produce, 106.7), produced (of any type that land produced:
    mana triggers, 106.12a), chosen (of the chosen color), that_color (of that color), counted
    (its amount depends on the game: "for each", "equal to", X), other (parsed; no vocabulary).
    """

    kind: str
    options: tuple = ()          # fixed/choice: ((type, n), ...) per option
    amount: object = None        # a Number, or an amount expression (Node / Obj for "for each")
    types: tuple = ()            # combination: the allowed types
    scope: object = None         # reflect: the object phrase
    reflect: str = ""            # reflect/produced: "type" or "color"
    additional: bool = False     # "an additional ..." (mana triggers)


def of_clause(clause):
    """The Mana of an "add" clause with no subject or a player subject, or None."""
    if not isinstance(clause, ir.Clause) or clause.verb_name != "add_mana" or clause.aux:
        return None
    produced = next((a for a in clause.verb.args if not isinstance(a, str)), None)
    mana = of_produced(produced)
    for t in clause.tails:
        if isinstance(t, ir.Node) and t.kind == "tail_for_each" and mana is not None:
            mana = Mana("counted", mana.options, ("for_each", t.args[-1]), mana.types)
        elif isinstance(t, ir.Node) and t.kind == "tail_where":
            mana = Mana("counted", mana.options, ("where", t.args[-1]), mana.types, mana.scope,
                        mana.reflect) if mana else None
        else:
            return Mana("other") if mana else None
    return mana


def of_sentence(sentence):
    """The Mana of a sentence that only adds mana (one "add" clause), or None."""
    if sentence.kind != "sentence" or sentence.leads or len(sentence.clauses) != 1:
        return None
    mana = of_clause(sentence.clauses[0])
    if mana is not None and sentence.tail is not None:
        return Mana("counted", mana.options, ("where", sentence.tail), mana.types)
    return mana


def _pips(cost):
    """((type, n), ...) of a ManaCost of colored/colorless symbols; None for other symbols."""
    counts = {}
    for s in cost.symbols:
        t = _TYPE.get(s.upper())
        if t is None:
            return None
        counts[t] = counts.get(t, 0) + 1
    return tuple(sorted(counts.items()))


def of_produced(p):
    """The Mana of a mana_* node of mana.lark."""
    if not isinstance(p, ir.Node):
        return None
    args = [a for a in p.args if not isinstance(a, str)]
    k = p.kind
    if k == "mana_fixed":
        pips = _pips(args[0])
        return Mana("fixed", (pips,)) if pips else Mana("other")
    if k == "mana_choice":
        opts = [_pips(a) for a in args if isinstance(a, ir.ManaCost)]
        return Mana("choice", tuple(opts)) if all(opts) else Mana("other")
    if k == "mana_counted":
        pips = _pips(args[1])
        n = args[0]
        if pips and len(pips) == 1 and isinstance(n.value, int):
            return Mana("fixed", (((pips[0][0], pips[0][1] * n.value),),))
        return Mana("counted", (pips,), n) if pips else Mana("other")
    if k == "mana_any_color":
        return Mana("any_color", amount=args[0], types=COLORS)
    if k == "mana_any_one_color":
        return Mana("any_one_color", amount=args[0], types=COLORS)
    if k == "mana_any_combination":
        return Mana("combination", amount=args[0], types=COLORS)
    if k == "mana_combination_of":
        types = tuple(t for a in args if isinstance(a, ir.ManaCost) for t, _ in (_pips(a) or ()))
        return Mana("combination", amount=args[0], types=types)
    if k == "mana_reflect_color":
        return Mana("reflect", amount=args[0], scope=args[1], reflect="color")
    if k == "mana_reflect_type":
        return Mana("reflect", amount=args[0], scope=args[1], reflect="type")
    if k == "mana_reflect_the_type":
        return Mana("reflect", amount=args[0], scope=_the_object(args[1:]), reflect="type")
    if k in ("mana_reflect", "mana_reflect_the"):
        kind = args[1].args[0]
        scope = args[2] if k == "mana_reflect" else _the_object(args[2:])
        return Mana("reflect", amount=args[0], scope=scope, reflect=kind)
    if k == "mana_reflect_produced":
        return Mana("produced", amount=args[0], scope=args[2], reflect=args[1].args[0])
    if k == "mana_reflect_produced_type":
        return Mana("produced", amount=args[0], scope=args[1], reflect="type")
    if k == "mana_chosen_color":
        return Mana("chosen", amount=args[0])
    if k in ("mana_that_color", "mana_that_type"):
        return Mana("that_color", amount=args[0])
    if k == "mana_additional":
        pips = _pips(args[0])
        return Mana("fixed", (pips,), additional=True) if pips else Mana("other")
    if k in ("mana_additional_any",):
        return Mana("any_color", amount=args[0], types=COLORS, additional=True)
    if k == "mana_additional_chosen":
        return Mana("chosen", amount=args[0], additional=True)
    if k == "mana_additional_that":
        return Mana("that_color", amount=args[0], additional=True)
    if k in ("mana_amount_equal", "mana_that_much", "mana_twice_that_much"):
        pips = _pips(next(a for a in args if isinstance(a, ir.ManaCost)))
        return Mana("counted", (pips,), p) if pips else Mana("other")
    return Mana("other")


def _the_object(parts):
    """The object of "of any type the sacrificed land could produce" (chars, qualifiers)."""
    chars = next((x for x in parts if isinstance(x, tuple) and x and x[0] == "chars"), None)
    quals = next((x.args for x in parts if isinstance(x, ir.Node) and x.kind == "qualifiers"), ())
    return ir.Obj(ir.Quantity("the"), None, chars[1] if chars else (), chars[2] if chars else (), quals)


_REFLECT_SCOPES = {"you control": "lands_you_control", "an opponent controls": "lands_opponents_control"}


def reflect_scope(obj):
    """The scope constant of mana_reflect (106.7): lands_you_control, lands_opponents_control,
    sacrificed; None for any other scope."""
    if not isinstance(obj, ir.Obj) or obj.possessor or len(obj.groups) != 1:
        return None
    chars = obj.groups[0]
    if obj.quantity == ir.Quantity("the") and chars == (ir.Char("status", "sacrificed"), ir.Char("card_type", "land")):
        return "sacrificed" if not obj.qualifiers else None
    if obj.quantity is None or obj.quantity.word != "a" or chars != (ir.Char("card_type", "land"),):
        return None
    if len(obj.qualifiers) != 1:
        return None
    return _REFLECT_SCOPES.get(controller_phrase(obj.qualifiers[0]))


def _options(ab, options):
    return [("mana_option", ab, o, Const(t), n) for o, opt in enumerate(options, 1) for t, n in opt]


def facts(ab, mana):
    """The facts of what an "add" instruction produces (see module doc)."""
    k = mana.kind
    if mana.additional:
        raise Unmodelled("additional mana of a mana trigger is not modelled", _new_facts(ab, mana))
    if k in ("fixed", "choice"):
        return _options(ab, mana.options)
    if k == "any_color" and mana.amount == ir.Number(1):
        return _options(ab, [((c, 1),) for c in COLORS])
    if k == "any_one_color" and isinstance(mana.amount, ir.Number) and isinstance(mana.amount.value, int):
        return _options(ab, [((c, mana.amount.value),) for c in COLORS])
    if k == "reflect" and isinstance(mana.amount, ir.Number) and isinstance(mana.amount.value, int):
        scope = reflect_scope(mana.scope)
        if scope and mana.reflect in ("type", "color"):
            return [("mana_reflect", ab, mana.amount.value, Const(scope), Const(mana.reflect))]
    if k == "counted" and isinstance(mana.amount, tuple) and mana.amount[0] == "for_each":
        opts = mana.options
        if len(opts) == 1 and opts[0] and len(opts[0]) == 1 and opts[0][0][1] == 1:
            t = _you_control_type(mana.amount[1])
            if t in ("creature", "artifact", "land", "enchantment"):
                return [("mana_each", ab, 1, Const(opts[0][0][0]), fn("you_control", Const(t)))]
    raise Unmodelled(f"mana {describe(mana)} is not modelled", _new_facts(ab, mana))


def _you_control_type(obj):
    """"creature you control" -> creature (the one filter mana_each knows)."""
    if not isinstance(obj, ir.Obj) or obj.quantity or obj.possessor or len(obj.groups) != 1:
        return None
    if len(obj.groups[0]) != 1 or obj.groups[0][0].kind != "card_type" or obj.groups[0][0].negated:
        return None
    if len(obj.qualifiers) != 1 or controller_phrase(obj.qualifiers[0]) != "you control":
        return None
    return obj.groups[0][0].value


def describe(mana):
    """Words for a mana kind, for notes."""
    return {"any_color": "of several colors", "combination": "in a combination of colors",
            "reflect": "of a type another permanent could produce", "produced": "of the type produced",
            "chosen": "of the chosen color", "that_color": "of that color",
            "counted": "whose amount depends on the game", "other": "of this kind",
            "fixed": "", "choice": "", "any_one_color": "of any one color"}.get(mana.kind, mana.kind)


def _amount_term(amount):
    """The amount term of mana_amount (kb/schema.lp): a number, x, count(F), or
    not_modelled for any other amount."""
    if isinstance(amount, ir.Number):
        return amount.value if isinstance(amount.value, int) else Const("x")
    if isinstance(amount, tuple) and amount[0] == "for_each":
        try:
            return fn("count", filter_term(amount[1]))
        except Unmodelled:
            return Const("not_modelled")
    return Const("not_modelled")


def _new_facts(ab, mana):
    """The facts of the vocabulary the KB does not carry out yet (kb/schema.lp, "designed")."""
    k = mana.kind
    out = []
    if k in ("any_color", "combination"):
        out.append(("mana_combination", ab, _amount_term(mana.amount)))
        out += [("mana_combination_type", ab, Const(t)) for t in mana.types]
    elif k == "chosen":
        out.append(("mana_chosen", ab, 1, _amount_term(mana.amount)))
    elif k == "counted":
        for o, opt in enumerate(mana.options or ((),), 1):
            for t, n in opt or ():
                out.append(("mana_amount", ab, o, Const(t), _amount_term(mana.amount)))
    elif k == "reflect":
        out.append(("mana_reflect_filter", ab, _amount_term(mana.amount), _reflect_filter(mana.scope),
                    Const(mana.reflect)))
    return out


def _reflect_filter(obj):
    try:
        return filter_term(obj)
    except Unmodelled:
        return Const("not_modelled")
