"""Mana abilities in the intermediate form: what one "add" instruction produces (106.3), as a
:class:`Mana`, and its facts (kb/schema.lp, "mana abilities").

:func:`of_sentence` reads a sentence that adds mana; :func:`facts` gives its facts. Today's KB
consumes ``mana_option``, ``mana_each`` and ``mana_reflect``; the other shapes are given with the
vocabulary designed for them (``mana_combination``, ``mana_chosen``, ``mana_amount``, ...), which
the KB does not carry out yet: for those, :func:`facts` raises :class:`~.shapes.Unmodelled`
carrying the facts, and the line stays "not modelled" for the answers it could change.
"""

from dataclasses import dataclass
from dataclasses import replace
from itertools import combinations

from ..terms import Const, Fn, fn
from . import ir, turn_history
from .affects import PAYMENT
from .shapes import Unmodelled, controller_phrase, filter_term, is_self
from ..symbols import COLORS

_TYPE = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


@dataclass(frozen=True)
class Mana:
    """What an "add" instruction produces.

    kind: fixed ({G}{G}), choice ({R} or {G}; with an ``amount`` X: "X {G} or X {W}"), any_color (N
    mana of any color: each may differ), any_one_color, different (N mana of different colors: N
    distinct colors), color_among (of any color among <permanents>: ``scope``), own_colors (of any
    of this creature's colors), exiled_colors (of any of the exiled cards' colors, 607.2a), attached_cost
    (mana equal to enchanted permanent's mana cost), combination (N mana in any combination of the listed types), reflect (of
    any type/color that <scope> could produce, 106.7), produced (of any type that land produced:
    mana triggers, 106.12a), commander_identity (of any color in your commander's color
    identity, 903.4), chosen (of the chosen color, 614.12; ``options`` holds the fixed
    alternatives of "{G} or one mana of the chosen color"), chosen_colors (of either of the circled
    colors, of a color written on ~, of any color chosen as you drafted it), that_color (of that color), other
    (parsed; no vocabulary). ``count`` is set when the amount depends on the game (107.3): a
    ("for_each", object) of "for each ...", a ("where", expression) of ", where X is ...", or an
    ("equal", node) of "an amount of ... equal to ...".
    """

    kind: str
    options: tuple = ()          # fixed/choice/chosen: ((type, n), ...) per option
    amount: object = None        # a Number
    types: tuple = ()            # combination: the allowed types
    scope: object = None         # reflect: the object phrase
    reflect: str = ""            # reflect/produced: "type" or "color"
    additional: bool = False     # "an additional ..." (mana triggers)
    count: tuple = None          # the amount depends on the game (see above)

    def counted(self, count):
        return Mana(self.kind, self.options, self.amount, self.types, self.scope, self.reflect,
                    self.additional, count)


def of_clause(clause):
    """The Mana of an "add" clause with no subject or a player subject, or None."""
    if not isinstance(clause, ir.Clause) or clause.verb_name != "add_mana" or clause.aux:
        return None
    produced = next((a for a in clause.verb.args if not isinstance(a, str)), None)
    mana = of_produced(produced)
    if isinstance(produced, ir.Node) and produced.kind == "mana_plus_additional" and mana is not None:
        # "Add {C}, plus an additional {C} for each art counter on ~": one mana, and one more for each
        # counter (107.3, 122.1): the base 1 and the tail's count, ("plus", 1, tail)
        t = clause.tails[0] if len(clause.tails) == 1 else None
        if mana.kind != "fixed" or not (isinstance(t, ir.Node) and t.kind == "tail_for_each_counter"):
            return Mana("other")
        return mana.counted(("plus", 1, t))
    for t in clause.tails:
        if mana is None:
            return None
        if isinstance(t, ir.Node) and t.kind == "tail_for_each":
            mana = mana.counted(("for_each", t.args[-1]))
        elif isinstance(t, ir.Node) and t.kind == "tail_for_each_counter":
            mana = mana.counted(("for_each_counter", t))
        elif isinstance(t, ir.Node) and t.kind == "tail_for_each_counter_removed" and _removed_kind(t):
            mana = mana.counted(("removed", _removed_kind(t), 0))
        elif isinstance(t, ir.Node) and t.kind == "tail_where":
            mana = mana.counted(("where", t.args[-1]))
        elif turn_history.for_each_life(t) is not None:
            mana = mana.counted(("turn", turn_history.for_each_life(t)))
        else:
            return Mana("other")
    return mana


def _removed_kind(tail):
    """K of "for each K counter removed this way" (the counters the cost removed, 107.1c)."""
    bare = next((a for a in tail.args if isinstance(a, ir.Node) and a.kind == "counters_bare"), None)
    kind = next((a for a in bare.args if isinstance(a, ir.Node) and a.kind == "bare_kind"), None) if bare else None
    return str(kind.args[0]) if kind is not None and len(kind.args) == 1 else None


def _then_additional(sentence):
    """"Add {B}, then add an additional {B} for each K counter removed this way": one type, one mana
    plus one for each counter removed (107.1c), or None."""
    if sentence.joins != (", then",) or len(sentence.clauses) != 2 or sentence.tail is not None:
        return None
    first, then = of_clause(sentence.clauses[0]), of_clause(sentence.clauses[1])
    if first is None or then is None or first.kind != "fixed" or first.count is not None or first.amount is not None:
        return None
    if then.kind != "fixed" or not then.additional or then.count is None or then.count[0] != "removed" \
            or then.options != first.options or len(first.options) != 1 or len(first.options[0]) != 1 \
            or first.options[0][0][1] != 1:
        return None
    return Mana("fixed", first.options).counted(("removed", then.count[1], 1))


def of_sentence(sentence):
    """The Mana of a sentence that only adds mana (one "add" clause), or None."""
    if sentence.kind == "sentence" and not sentence.leads and len(sentence.clauses) == 2:
        return _then_additional(sentence)
    if sentence.kind != "sentence" or sentence.leads or len(sentence.clauses) != 1:
        return None
    mana = of_clause(sentence.clauses[0])
    if mana is not None and sentence.tail is not None:
        if sentence.tail.kind != "sent_tail":
            return None             # X counted as the ability is activated (601.2b): not modelled
        return mana.counted(("where", sentence.tail))
    return mana


def of_color_choice(sentences):
    """608.2d: "Choose a color. Add <amount> mana of that color ..." (the color chosen as the ability
    resolves): [(color, amount term)] for each of the five colors, or None. The amounts: "one mana of
    that color for each K counter on ~" (counters("K")), "an amount of mana of that color equal to
    your devotion to that color" (devotion(C), 700.5)."""
    if len(sentences) < 2 or any(x.kind != "sentence" or x.leads or len(x.clauses) != 1 or x.tail is not None
                                 for x in sentences[:2]):
        return None
    choose, add = sentences[0].clauses[0], sentences[1].clauses[0]
    if not isinstance(choose, ir.Clause) or choose.verb_name != "choose" or choose.tails or choose.subject \
            or choose.verb.args[1:] != (ir.Node("choice", ("a color",)),):
        return None
    if not isinstance(add, ir.Clause) or add.verb_name != "add_mana" or add.aux or add.subject:
        return None
    produced = next((a for a in add.verb.args if not isinstance(a, str)), None)
    if not isinstance(produced, ir.Node):
        return None
    if produced.kind == "mana_amount_equal_that" and not add.tails \
            and produced.args[1:] == (ir.Node("devotion_that", (ir.Node("possessive", (ir.Ref("you"),)),
                                                                "devotion to that color")),):
        return [(c, fn("devotion", Const(c))) for c in COLORS]
    if produced.kind == "mana_that_color" and produced.args[0] == ir.Number(1) and len(add.tails) == 1 \
            and isinstance(add.tails[0], ir.Node) and add.tails[0].kind == "tail_for_each_counter":
        term = _counters(add.tails[0])
        if term != Const("not_modelled"):
            return [(c, term) for c in COLORS]
    if produced.kind == "mana_amount_equal_that" and not add.tails and len(produced.args) == 2 \
            and isinstance(produced.args[1], ir.Node) and produced.args[1].kind == "count_of":
        term = _chosen_type_count(produced.args[1])
        if term is not None:
            return [(c, term) for c in COLORS]
    if produced.kind == "mana_that_color" and produced.args[0] == ir.Number(1) and len(add.tails) == 1 \
            and isinstance(add.tails[0], ir.Node) and add.tails[0].kind == "tail_for_each" \
            and isinstance(add.tails[0].args[-1], ir.Node) and add.tails[0].args[-1].kind == "distinct_powers":
        term = _different_powers(add.tails[0].args[-1])
        if term is not None:
            return [(c, term) for c in COLORS]
    return None


def _chosen_type_count(node):
    """chosen_type(you_control(F)) for "the number of <F> you control of the chosen type" (those of
    the creature type chosen as the ability's permanent entered, 614.12, 607.2d), F a filter
    kb/final_filters.lp knows; None otherwise."""
    obj = next((a for a in node.args if isinstance(a, ir.Obj)), None)
    chosen = ir.Node("of_chosen_type", ("of the chosen type",))
    if obj is None or obj.quantity or obj.possessor or not obj.qualifiers or obj.qualifiers[-1] != chosen:
        return None
    f = _you_control_filter(replace(obj, qualifiers=obj.qualifiers[:-1]), final_filter)
    return fn("chosen_type", f) if f is not None else None


def _different_powers(node):
    """different(power, you_control(F)) for "each different power among <F> you control" (the number
    of distinct powers among them, 208.1), F a filter kb/final_filters.lp knows; None otherwise."""
    obj = node.args[-1]
    f = _you_control_filter(obj, final_filter) if isinstance(obj, ir.Obj) and not obj.quantity else None
    return fn("different", Const("power"), f) if f is not None else None


def _most_in_common(node):
    """most_in_common(you_control(F)) for "the greatest number of <F> you control that have a
    creature type in common" (the most of them sharing one creature type, 205.3m); not_modelled
    otherwise."""
    obj = next((a for a in node.args if isinstance(a, ir.Obj)), None)
    share = ir.Node("rel_that", ("that", ir.Node("rel_share", ("have a creature type in common",))))
    if obj is None or obj.quantity or obj.possessor or not obj.qualifiers or obj.qualifiers[-1] != share:
        return Const("not_modelled")
    f = _you_control_filter(replace(obj, qualifiers=obj.qualifiers[:-1]), final_filter)
    return fn("most_in_common", f) if f is not None else Const("not_modelled")


def color_of_choice(sentences):
    """608.2d, 105.1: "Choose a color of a permanent you control. Add one mana of that color." is
    one mana of a color some such permanent has (none if none has a color, 105.2c): the
    sentences with those two read as the one sentence "Add one mana of any color among
    <permanents>" (``mana_color_among``), or None."""
    if len(sentences) < 2 or any(x.kind != "sentence" or x.leads or len(x.clauses) != 1 or x.tail is not None
                                 for x in sentences[:2]):
        return None
    choose, add = sentences[0].clauses[0], sentences[1].clauses[0]
    if not isinstance(choose, ir.Clause) or choose.verb_name != "choose" or choose.tails or choose.subject \
            or len(choose.verb.args) != 2 or not isinstance(choose.verb.args[1], ir.Node) \
            or choose.verb.args[1].kind != "color_of" or not isinstance(choose.verb.args[1].args[-1], ir.Obj):
        return None
    if not isinstance(add, ir.Clause) or add.verb_name != "add_mana" or add.aux or add.subject or add.tails \
            or add.verb.args[1:] != (ir.Node("mana_that_color", (ir.Number(1), "mana of that color")),):
        return None
    among = ir.Node("mana_color_among", (ir.Number(1), "mana of any color among", choose.verb.args[1].args[-1]))
    clause = replace(add, verb=replace(add.verb, args=("add", among)))
    return (replace(sentences[1], clauses=(clause,)),) + tuple(sentences[2:])


def colors_among(sentence):
    """"For each color among <permanents>, add one mana of that color.": the filter term of those
    permanents (kb/game_amounts.lp: one mana of each of their colors, 105.1), or None."""
    if sentence.kind != "sentence" or len(sentence.leads) != 1 or len(sentence.clauses) != 1 or sentence.tail:
        return None
    lead, add = sentence.leads[0], sentence.clauses[0]
    if not isinstance(lead, ir.Node) or lead.kind != "lead_for_each" or not isinstance(lead.args[-1], ir.Obj):
        return None
    colors = lead.args[-1]
    if colors.groups != ((ir.Node("color_noun", ("color",)),),) or colors.quantity or colors.possessor \
            or len(colors.qualifiers) != 1 or not isinstance(colors.qualifiers[0], ir.Node) \
            or colors.qualifiers[0].kind != "among" or not isinstance(colors.qualifiers[0].args[-1], ir.Obj):
        return None
    if not isinstance(add, ir.Clause) or add.verb_name != "add_mana" or add.aux or add.subject or add.tails \
            or add.verb.args[1:] != (ir.Node("mana_that_color", (ir.Number(1), "mana of that color")),):
        return None
    among = colors.qualifiers[0].args[-1]
    return _permanents_you_control(among) or _you_control_filter(among, final_filter)


def _permanents_you_control(obj):
    """you_control(permanent) of "permanents you control" / "a permanent you control" (every
    permanent you control), else None."""
    if obj.groups in (((ir.Char("noun", "permanents"),),), ((ir.Char("noun", "permanent"),),)) \
            and obj.quantity in (None, ir.Quantity("a", None)) and not obj.possessor \
            and len(obj.qualifiers) == 1 and controller_phrase(obj.qualifiers[0]) == "you control":
        return fn("you_control", Const("permanent"))
    return None


def _among_filter(obj):
    """you_control(F) of "<permanents> you control" with F a filter kb/filters.lp knows, any_player(F)
    of "<permanents> a player controls" (every permanent on the battlefield, each controlled by a
    player, 108.4); else None."""
    return _permanents_you_control(obj) or _you_control_filter(obj, known_filter) or _any_player_filter(obj)


def _any_player_filter(obj):
    """any_player(F) of the object phrase "<permanents> a player controls" with F a filter
    kb/final_filters.lp knows (every permanent has a controller, 108.4: the qualifier selects them
    all); else None."""
    if not isinstance(obj, ir.Obj) or sum(controller_phrase(q) == "a player controls" for q in obj.qualifiers) != 1:
        return None
    rest = replace(obj, qualifiers=tuple(q for q in obj.qualifiers if controller_phrase(q) != "a player controls"))
    if rest.groups in (((ir.Char("noun", "permanents"),),), ((ir.Char("noun", "permanent"),),)) \
            and not rest.qualifiers and not rest.possessor:
        return fn("any_player", Const("permanent"))
    try:
        f = filter_term(rest)
    except Unmodelled:
        return None
    if isinstance(f, Fn) and f.name in ("you_control", "opponent_controls"):
        return None
    return fn("any_player", f) if final_filter(f) else None


def _you_control_filter(obj, accepts):
    """you_control(F) of the object phrase "<permanents> you control" if ACCEPTS(F) (the filters
    kb/filters.lp or kb/final_filters.lp knows); else None."""
    try:
        f = filter_term(obj)
    except Unmodelled:
        return None
    inner = f.args[0] if isinstance(f, Fn) and f.name == "you_control" and len(f.args) == 1 else None
    return f if inner is not None and accepts(inner) else None


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
    if k == "mana_counted_choice":
        return _counted_choice(args)
    if k == "mana_choice":
        opts = [_pips(a) for a in args if isinstance(a, ir.ManaCost)]
        return Mana("choice", tuple(opts)) if all(opts) else Mana("other")
    if k == "mana_counted":
        pips = _pips(args[1])
        n = args[0]
        if pips and len(pips) == 1 and isinstance(n.value, int):
            return Mana("fixed", (((pips[0][0], pips[0][1] * n.value),),))
        return Mana("fixed", (pips,), n).counted(("number", n)) if pips else Mana("other")
    if k == "mana_any_color":
        return Mana("any_color", amount=args[0], types=COLORS)
    if k == "mana_commander_identity":
        return Mana("commander_identity", amount=args[0])
    if k in ("mana_any_one_color", "mana_any_color_they_choose"):
        # "That player adds two mana of any one color they choose": the player who adds it chooses (106.3)
        return Mana("any_one_color", amount=args[0], types=COLORS)
    if k == "mana_any_color_they_choose":
        # 106.1b: "That player adds one mana of any color they choose": the player who adds the
        # mana chooses its color, as "Add one mana of any color" has its controller choose
        one = any("any one color" in a for a in p.args if isinstance(a, str))
        return Mana("any_one_color" if one else "any_color", amount=args[0], types=COLORS)
    if k == "mana_color_among":
        return Mana("color_among", amount=args[0], scope=args[1])
    if k == "mana_color_shared":
        # 105.1: a color shares a color with a permanent when that permanent is of that color: "any
        # color that shares a color with a permanent a player controls" is any color among them
        return Mana("color_among", amount=args[0], scope=args[-1])
    if k == "mana_color_of" and _own_colors(args[1]):
        return Mana("own_colors", amount=args[0])
    if k == "mana_color_of" and _exiled_colors(args[1]):
        return Mana("exiled_colors", amount=args[0])
    if k == "mana_equal_to_cost" and p.args == ("mana equal to", _ENCHANTED_PERMANENTS, "mana cost"):
        return Mana("attached_cost")
    if k == "mana_different_colors":
        return Mana("different", amount=args[0], types=COLORS)
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
    if k in ("mana_either_chosen", "mana_written_color", "mana_drafted_color"):
        return Mana("chosen_colors", amount=args[0])
    if k == "mana_plus_additional":
        # "{C}, plus an additional {C} ...": the same one mana twice; the count is the clause's tail
        pips = [_pips(a) for a in args if isinstance(a, ir.ManaCost)]
        one = len(pips) == 2 and pips[0] == pips[1] and pips[0] and len(pips[0]) == 1 and pips[0][0][1] == 1
        return Mana("fixed", (pips[0],)) if one else Mana("other")
    if k == "mana_or_chosen":
        pips = _pips(args[0])
        return Mana("chosen", (pips,), ir.Number(1)) if pips else Mana("other")
    if k in ("mana_that_color", "mana_that_type"):
        return Mana("that_color", amount=args[0])
    if k == "mana_additional":
        pips = _pips(args[0])
        return Mana("fixed", (pips,), additional=True) if pips else Mana("other")
    if k in ("mana_additional_any",):
        return Mana("any_color", amount=args[0], types=COLORS, additional=True)
    if k == "mana_additional_combination":
        return Mana("combination", amount=args[0], types=COLORS, additional=True)
    if k == "mana_additional_amount":
        pips = _pips(args[0])
        return Mana("fixed", (pips,), additional=True).counted(("equal", args[1])) if pips else Mana("other")
    if k == "mana_additional_chosen":
        return Mana("chosen", amount=args[0], additional=True)
    if k == "mana_additional_that":
        return Mana("that_color", amount=args[0], additional=True)
    if k in ("mana_amount_equal", "mana_that_much", "mana_twice_that_much"):
        pips = _pips(next(a for a in args if isinstance(a, ir.ManaCost)))
        return Mana("fixed", (pips,)).counted(("equal", p)) if pips else Mana("other")
    return Mana("other")


def _own_colors(obj):
    """True for the object phrase "this creature's colors" (the colors of the ability's own
    permanent, 105.1)."""
    return isinstance(obj, ir.Obj) and is_self(obj.possessor) and obj.quantity is None and not obj.qualifiers \
        and obj.groups == ((ir.Node("color_noun", ("colors",)),),)


# "enchanted permanent's": the permanent the ability's Aura enchants (303.4)
_ENCHANTED_PERMANENTS = ir.Node("possessive", (ir.Obj(None, None, ((ir.Char("status", "enchanted"),
                                                                   ir.Char("noun", "permanent")),), (), ()),))
# "the exiled card" / "the exiled cards": the cards exiled with the ability's permanent (406.6, 607.2a)
_EXILED_CARDS = tuple(ir.Obj(ir.Quantity("the", None), None, ((ir.Char("status", "exiled"), ir.Char("noun", n)),), (), ())
                      for n in ("card", "cards"))


def _exiled_colors(obj):
    """True for "the exiled card's colors" / "the exiled cards' colors" (the colors of the cards
    exiled with the ability's own permanent, 406.6, 607.2a)."""
    return isinstance(obj, ir.Obj) and obj.possessor in _EXILED_CARDS and obj.quantity is None \
        and not obj.qualifiers and obj.groups == ((ir.Node("color_noun", ("colors",)),),)


def _counted_choice(args):
    """"Add X {G} or X {W}" / "two {R} or two {G}": a choice of one type (106.1b), each option the same
    number of one mana symbol; kind other for anything else. A number X is the Mana's amount (its
    options one each), counted by the sentence's ", where X is ..." (:func:`of_sentence`)."""
    numbers = [a for a in args if isinstance(a, ir.Number)]
    pips = [_pips(a) for a in args if isinstance(a, ir.ManaCost)]
    if len(set(numbers)) != 1 or not all(p and len(p) == 1 and p[0][1] == 1 for p in pips):
        return Mana("other")
    n = numbers[0]
    if isinstance(n.value, int):
        return Mana("choice", tuple(((p[0][0], n.value),) for p in pips))
    return Mana("choice", tuple(((p[0][0], 1),) for p in pips), n)


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


def facts(ab, mana, x=None, sacrificed=False, removed=None, exiled=False):
    """The facts of what an "add" instruction produces (see module doc). X is the amount term the
    ability's cost gives X ("Remove X K counters": removed(K,0)), or None; SACRIFICED is true when
    a cost sacrifices one permanent of a kind the KB knows ("the sacrificed artifact's mana value");
    REMOVED is removed(K,0) when a cost removes a chosen number of K counters ("Add that much {C}");
    EXILED is true when a cost exiles one permanent you control of a kind the KB knows ("where X is 1 plus
    the exiled creature's mana value")."""
    if x is not None:
        counted_x = _x_facts(ab, mana, x)
        if counted_x is not None:
            return counted_x
    if removed is not None and mana.kind == "fixed" and not mana.additional and mana.count is not None \
            and mana.count[0] == "equal" and isinstance(mana.count[1], ir.Node) \
            and mana.count[1].kind == "mana_that_much" and len(mana.options) == 1 and len(mana.options[0]) == 1 \
            and mana.options[0][0][1] == 1:
        # 107.1c, 601.2b: "that much" is the number of counters the cost removed (kb/removed_counters.lp)
        return [("mana_amount", ab, 1, Const(mana.options[0][0][0]), removed)]
    if sacrificed:
        term = _sacrificed_term(mana)
        if term is not None:
            # 701.21a, 608.2h: one outcome per permanent the cost could sacrifice (kb/game_amounts.lp)
            raise Unmodelled("mana counted on the sacrificed permanent: could-produce and produce read it; "
                             "paying with that mana is not modelled yet",
                             [("mana_amount", ab, 1, Const(mana.options[0][0][0]), term)], affects=PAYMENT)
    if exiled:
        amount = _exiled_term(mana)
        if amount is not None:
            # 601.2h, 608.2h: one outcome per permanent the cost could exile (kb/game_amounts.lp)
            raise Unmodelled("mana counted on the permanent the cost exiles: could-produce and produce read it; "
                             "paying with that mana is not modelled yet",
                             [("mana_amount", ab, i, Const(t), amount) for i, t in enumerate(mana.types, 1)],
                             affects=PAYMENT)
    k = mana.kind
    if mana.additional:
        raise Unmodelled("additional mana of a mana trigger is not modelled", designed_facts(ab, mana))
    if mana.count is None:
        if k == "fixed" or (k == "choice" and mana.amount is None):
            return _options(ab, mana.options)
        if k == "any_color" and mana.amount == ir.Number(1):
            return _options(ab, [((c, 1),) for c in COLORS])
        if k == "any_one_color" and _int(mana.amount) is not None:
            return _options(ab, [((c, mana.amount.value),) for c in COLORS])
        if k == "color_among" and mana.amount == ir.Number(1):
            among = _among_filter(mana.scope) or _graveyard_cards(mana.scope, article=True)
            if among is not None:
                # 105.1: one mana of a color some permanent of the filter has (kb/game_amounts.lp)
                return [("mana_color_among", ab, 1, among)]
        if k == "own_colors" and _int(mana.amount) is not None and _int(mana.amount) >= 1:
            # 105.1: N mana of one of the colors its own permanent has, none if it is colorless
            # (105.2c); counted per permanent (kb/game_amounts.lp), which payment does not read yet
            raise Unmodelled("mana of a color of the permanent itself: could-produce and produce read it; "
                             "paying with that mana is not modelled yet",
                             [("mana_own_colors", ab, mana.amount.value)], affects=PAYMENT)
        if k == "exiled_colors" and _int(mana.amount) is not None and _int(mana.amount) >= 1:
            # 406.6, 607.2a: N mana of one of the colors of the cards exiled with its permanent, none if
            # they are colorless (105.2c, 106.5); the snapshot's `exiled_with` (kb/exiled_cards.lp),
            # which payment does not read yet
            raise Unmodelled("mana of a color of the cards exiled with the permanent: could-produce and produce "
                             "read it; paying with that mana is not modelled yet",
                             [("mana_exiled_colors", ab, mana.amount.value)], affects=PAYMENT)
        if k == "attached_cost":
            # "add mana equal to enchanted permanent's mana cost" (202.1): the mana of the symbols of the
            # mana cost of the permanent its Aura enchants (kb/attached_cost_mana.lp)
            return [("mana_attached_cost", ab)]
        if k == "commander_identity" and mana.amount == ir.Number(1):
            # 903.4, 903.4f: one mana of a color of the controller's commander's color identity, the
            # snapshot's `commander_identity` (kb/commander_mana.lp); none without a commander
            return [("mana_commander_identity", ab, 1)]
        if k == "different" and _int(mana.amount) is not None and 1 <= _int(mana.amount) <= len(COLORS):
            # "two mana of different colors": one option per set of that many distinct colors (105.1)
            return _options(ab, [tuple((c, 1) for c in cs) for cs in combinations(COLORS, mana.amount.value)])
        if k == "combination" and _int(mana.amount) is not None and 1 <= _int(mana.amount) <= 5 and mana.types:
            # 106.1b: each of the A mana of any allowed type (kb/mana.lp: combination_vector)
            return designed_facts(ab, mana)
        if k == "chosen" and _int(mana.amount) is not None:
            # 614.12, 607.2d: the color chosen as the permanent entered is the snapshot's
            # (kb/chosen_mana.lp); paying with that mana is not (payment reads fixed options only)
            raise Unmodelled("mana of the chosen color: could-produce and produce read the snapshot's "
                             "`chosen` color; paying with that mana is not modelled yet",
                             _options(ab, mana.options) + [("mana_chosen", ab, len(mana.options) + 1,
                                                            mana.amount.value)], affects=PAYMENT)
        if k == "chosen_colors" and _int(mana.amount) is not None and _int(mana.amount) >= 1:
            # 614.12, 607.2d: "one mana of either of the circled colors", "of a color written on ~",
            # "of any color chosen as you drafted cards named ~": the colors chosen for the card (as
            # it entered, or outside the game) are the snapshot's `chosen: {colors: [...]}`
            # (kb/chosen_mana.lp; every color when not given); payment reads fixed options only
            raise Unmodelled("mana of a color chosen for the card: could-produce and produce read the "
                             "snapshot's `chosen` colors; paying with that mana is not modelled yet",
                             [("mana_chosen_colors", ab, mana.amount.value)], affects=PAYMENT)
        if k == "reflect" and _int(mana.amount) is not None:
            scope = reflect_scope(mana.scope)
            if scope and mana.reflect in ("type", "color"):
                return [("mana_reflect", ab, mana.amount.value, Const(scope), Const(mana.reflect))]
            among = _among_filter(mana.scope) if isinstance(mana.scope, ir.Obj) and mana.scope.quantity \
                and mana.scope.quantity.word in ("a", "an") else None
            if among is not None and mana.reflect in ("type", "color"):
                # 106.7: "of any color that a basic land you control could produce" / "... that a
                # Gate you control could produce": the scope is a filter (kb/mana.lp)
                return [("mana_reflect", ab, mana.amount.value, among, Const(mana.reflect))]
    elif k == "fixed" and mana.count[0] == "removed" and len(mana.options) == 1 and mana.options[0] \
            and len(mana.options[0]) == 1 and mana.options[0][0][1] == 1:
        # 107.1c, 602.2b: B + one mana for each K counter the cost removed, the number chosen as the
        # cost is paid (kb/removed_counters.lp); the cost itself is checked in lower._activated
        return [("mana_amount", ab, 1, Const(mana.options[0][0][0]), fn("removed", mana.count[1], mana.count[2]))]
    elif k == "fixed" and mana.count[0] == "plus" and len(mana.options) == 1 and len(mana.options[0]) == 1 \
            and mana.options[0][0][1] == 1 and _counters(mana.count[2]) != Const("not_modelled"):
        # "Add {C}, plus an additional {C} for each art counter on ~": B + one mana for each K counter on
        # the permanent as the ability resolves (107.3, 122.1, 608.2h; kb/game_amounts.lp)
        term = fn("plus", _counters(mana.count[2]), mana.count[1])
        return counted(ab, term, [("mana_amount", ab, 1, Const(mana.options[0][0][0]), term)])
    elif k == "fixed" and len(mana.options) == 1 and mana.options[0] and len(mana.options[0]) == 1 \
            and turn_history.amount_known(_amount_term(mana)):
        # "add {C}{C} for each of your opponents who lost life this turn": N mana of one type for each
        # (times(N,A) for N > 1), counted as the ability resolves (kb/turn_history.lp)
        t, n = mana.options[0][0]
        return [("mana_amount", ab, 1, Const(t), _amount_term(mana, n))]
    elif k == "fixed" and len(mana.options) == 1 and mana.options[0] and len(mana.options[0]) == 1 \
            and mana.options[0][0][1] == 1:
        t = _you_control_type(mana.count[1]) if mana.count[0] == "for_each" else None
        if t in ("creature", "artifact", "land", "enchantment"):
            return [("mana_each", ab, 1, Const(mana.options[0][0][0]), fn("you_control", Const(t)))]
        term = _amount_term(mana)
        if isinstance(term, Fn) and term.name == "count" and isinstance(term.args[0], Fn) \
                and term.args[0].name == "you_control" and final_filter(term.args[0].args[0]):
            # 608.2h: one mana for each permanent you control that matches (kb/filters.lp),
            # counted as the ability resolves
            return [("mana_amount", ab, 1, Const(mana.options[0][0][0]), term)]
        if game_amount_known(term):
            # 608.2h, 122.1, 208.1, 700.5: counted as the ability resolves (kb/game_amounts.lp)
            return counted(ab, term, [("mana_amount", ab, 1, Const(mana.options[0][0][0]), term)])
    elif k == "choice" and mana.amount is not None and mana.count[0] == "where" \
            and all(len(o) == 1 and o[0][1] == 1 for o in mana.options) and game_amount_known(_amount_term(mana)):
        # "Add X {G} or X {W}, where X is ...": one of the types, X mana of it (106.1b, 608.2h)
        return counted(ab, _amount_term(mana), designed_facts(ab, mana))
    elif k == "choice" and mana.amount is None and all(len(o) == 1 and o[0][1] == 1 for o in mana.options) \
            and combination_amount_known(_amount_term(mana)):
        # "add {R} or {G} for each Raccoon you control": for each one, one mana of either type, chosen
        # one by one: that many mana in any combination of those types (106.1b, 608.2h)
        combo = Mana("combination", types=tuple(o[0][0] for o in mana.options)).counted(mana.count)
        raise Unmodelled("mana in any combination of an amount of the game: could-produce and produce "
                         "read it (produce refuses more than 12 mana); paying with it is not modelled yet",
                         designed_facts(ab, combo), affects=PAYMENT)
    elif k in ("combination", "any_color") and mana.types and _int(mana.amount) in (None, 1) \
            and _self_amount(_amount_term(mana)):
        # "X mana in any combination of {U} and/or {R}, where X is ~'s power" (208.1, 106.1b), "one
        # mana of any color for each charge counter on ~" (each chosen on its own, 122.1):
        # counted per permanent (kb/game_amounts.lp: self_combination)
        raise Unmodelled("mana counted on the permanent itself: could-produce and produce count it; "
                         "paying with that mana is not modelled yet", designed_facts(ab, mana), affects=PAYMENT)
    elif k == "combination" and mana.types and combination_amount_known(_amount_term(mana)):
        # 106.1b, 608.2h: "X mana in any combination of colors, where X is <an amount of the board>"
        # (kb/game_amounts.lp); more than max_combination mana: its results are not listed, and
        # payment does not read them
        raise Unmodelled("mana in any combination of an amount of the game: could-produce and produce "
                         "read it (produce refuses more than 12 mana); paying with it is not modelled yet",
                         designed_facts(ab, mana), affects=PAYMENT)
    elif k == "any_one_color" and mana.count[0] != "number" and game_amount_known(_amount_term(mana)):
        # "X mana of any one color, where X is ...": one option per color, each of that amount
        return counted(ab, _amount_term(mana), designed_facts(ab, mana))
    raise Unmodelled(f"mana {describe(mana)} is not modelled", designed_facts(ab, mana))


_CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker"}
CARD_TYPES = _CARD_TYPES          # the card types kb/filters.lp knows (filter_card_type/1)
_KNOWN_STATUS = {"tapped", "untapped", "colorless", "token", "nontoken", "monocolored", "multicolored",
                 "entered_this_turn"}


def known_filter(f):
    """True if kb/filters.lp interprets filter term f completely (its filter_known/1): card types,
    permanent, subtype/supertype/color, status tapped/untapped/colorless/token/nontoken,
    with_counter(K), with_counters(K,N), and/or/non of those."""
    if isinstance(f, Const):
        return f.name in _CARD_TYPES or f.name == "permanent"
    if not isinstance(f, Fn):
        return False
    if f.name in ("subtype", "supertype") and len(f.args) == 1:
        return isinstance(f.args[0], (str, Const))
    if f.name == "color" and len(f.args) == 1:
        return f.args[0] in tuple(Const(c) for c in "wubrg")
    if f.name == "status" and len(f.args) == 1:
        return isinstance(f.args[0], Const) and f.args[0].name in _KNOWN_STATUS
    if f.name == "with_counter" and len(f.args) == 1:
        return f.args[0] == Const("any") or isinstance(f.args[0], str)
    if f.name == "with_counters" and len(f.args) == 2:
        return isinstance(f.args[0], str) and isinstance(f.args[1], int) and f.args[1] >= 1
    if f.name in ("and", "or") and len(f.args) == 2:
        return all(known_filter(a) for a in f.args)
    if f.name == "non" and len(f.args) == 1:
        return known_filter(f.args[0])
    return False


def _x_facts(ab, mana, x):
    """The facts of mana whose amount is X (or "X plus N", 107.3), X = removed(K,0) the counters the
    cost removed (kb/removed_counters.lp): "Add X mana of any one color", "Add X mana in any
    combination of {B} and/or {R}", "Add an amount of {C} equal to X plus one"; None otherwise."""
    if x == Const("cost_x"):
        # 107.3a, 601.2b: X the number of permanents the cost sacrifices or taps (kb/removed_counters.lp)
        if mana.additional or not (mana.count is None and _is_x(mana.amount)):
            return None
        if mana.kind == "any_one_color":
            return [("mana_amount", ab, o, Const(t), x) for o, t in enumerate(COLORS, 1)]
        if mana.kind == "combination" and mana.types:
            return [("mana_combination", ab, x)] + [("mana_combination_type", ab, Const(t)) for t in mana.types]
        return None
    if mana.additional or not (isinstance(x, Fn) and x.name == "removed"):
        return None
    amount = None
    if mana.count is None and _is_x(mana.amount):
        amount = x
    elif mana.count is not None and mana.count[0] == "number" and _is_x(mana.count[1]):
        amount = x
    elif mana.count is not None and mana.count[0] == "equal":
        plus = [y for y in ir.walk(mana.count[1]) if isinstance(y, ir.Node) and y.kind == "plus"]
        if len(plus) == 1 and len(plus[0].args) == 3 and _is_x(plus[0].args[0]) \
                and plus[0].args[2] == ir.Number(1):
            amount = fn("removed", x.args[0], 1)          # "X plus one": removed(K,1)
    if amount is None:
        return None
    if mana.kind == "any_one_color":
        if amount.args[1] != 0:
            return None
        return [("mana_amount", ab, o, Const(t), amount) for o, t in enumerate(COLORS, 1)]
    if mana.kind == "combination" and mana.types and amount.args[1] == 0:
        return [("mana_combination", ab, amount)] + [("mana_combination_type", ab, Const(t)) for t in mana.types]
    if mana.kind == "fixed" and len(mana.options) == 1 and mana.options[0] and len(mana.options[0]) == 1 \
            and mana.options[0][0][1] == 1:
        return [("mana_amount", ab, 1, Const(mana.options[0][0][0]), amount)]
    return None


def _sacrificed_term(mana):
    """sacrificed(S) for "an amount of {T} equal to the sacrificed <kind>'s mana value (power)" (one
    mana type, 202.3, 208.1: its value as it last existed on the battlefield, 608.2h); None otherwise."""
    if mana.kind != "fixed" or mana.additional or mana.count is None or mana.count[0] != "equal" \
            or len(mana.options) != 1 or len(mana.options[0]) != 1 or mana.options[0][0][1] != 1:
        return None
    node = mana.count[1]
    stat = next((a for a in node.args if isinstance(a, ir.Node) and a.kind == "stat_of"), None) \
        if isinstance(node, ir.Node) else None
    if stat is None or len(stat.args) != 2 or not isinstance(stat.args[0], ir.Node) \
            or stat.args[0].kind != "possessive" or stat.args[1] not in (ir.Node("stat", ("mana value",)),
                                                                          ir.Node("stat", ("power",))):
        return None
    obj = stat.args[0].args[0]
    if not isinstance(obj, ir.Obj) or obj.quantity != ir.Quantity("the") or len(obj.groups) != 1 \
            or not obj.groups[0] or obj.groups[0][0] != ir.Char("status", "sacrificed") or obj.qualifiers:
        return None
    return fn("sacrificed", Const(stat.args[1].args[0].replace(" ", "_")))


def _exiled_term(mana):
    """exiled(mana_value,B) for "Add X mana of any one color, where X is [B plus] the exiled <kind>'s mana
    value" (202.3: its value as it last existed on the battlefield, 608.2h); None otherwise."""
    if mana.kind != "any_one_color" or mana.additional or mana.amount != ir.Number("x") or mana.count is None \
            or mana.count[0] != "where" or not isinstance(mana.count[1], ir.Node) or len(mana.count[1].args) != 4 \
            or mana.count[1].args[1:3] != (ir.Node("x_var", ("x",)), "is"):
        return None
    expr, base = mana.count[1].args[3], 0
    if isinstance(expr, ir.Node) and expr.kind == "plus" and len(expr.args) == 3 and isinstance(expr.args[0], ir.Number) \
            and isinstance(expr.args[0].value, int) and 0 <= expr.args[0].value <= 1000:
        expr, base = expr.args[2], expr.args[0].value
    if not (isinstance(expr, ir.Node) and expr.kind == "stat_of" and len(expr.args) == 2
            and expr.args[1] == ir.Node("stat", ("mana value",)) and isinstance(expr.args[0], ir.Node)
            and expr.args[0].kind == "possessive" and len(expr.args[0].args) == 1):
        return None
    obj = expr.args[0].args[0]
    if not isinstance(obj, ir.Obj) or obj.quantity != ir.Quantity("the") or obj.possessor or len(obj.groups) != 1 \
            or not obj.groups[0] or obj.groups[0][0] != ir.Char("status", "exiled") or obj.qualifiers:
        return None
    return fn("exiled", Const("mana_value"), base)


_THAT_MUCH = ir.Node("that_much", ("that much",))
EVENT = Const("event")


ATTACKERS = Const("attackers")
_ATTACKING_CREATURE = ir.Obj(None, None, ((ir.Char("status", "attacking"), ir.Char("card_type", "creature")),))


def attack_facts(ab, mana):
    """"Whenever ~ attacks, add {R} for each attacking creature": one mana of one type for each
    attacking creature, at least the one whose attack triggered the ability (508.1, 508.3a): amount
    term attackers; "add X mana in any combination of colors, where X is the total power of attacking
    creatures": amount term attacking_power (kb/ability_mana.lp). Given only for a trigger on its own
    permanent attacking (lower_loyalty_chapter); None for other mana."""
    if mana.kind == "fixed" and mana.count == ("for_each", _ATTACKING_CREATURE) and not mana.additional \
            and len(mana.options) == 1 and len(mana.options[0]) == 1 and mana.options[0][0][1] == 1:
        return [("mana_amount", ab, 1, Const(mana.options[0][0][0]), ATTACKERS)]
    if mana.kind == "combination" and mana.types and not mana.additional and mana.amount == ir.Number("x") \
            and mana.count is not None and mana.count[0] == "where" and _x_is(mana.count[1], _TOTAL_ATTACKING_POWER):
        # "add X mana in any combination of colors, where X is the total power of attacking creatures"
        return [("mana_combination", ab, ATTACKING_POWER)] + [("mana_combination_type", ab, Const(t)) for t in mana.types]
    return None


def target_opponent_facts(ab, sentence):
    """"you may add X mana of any one color, where X is the number of Islands target opponent controls":
    X mana of one color for the opponent targeted (115.1), amount term opponent_count(F), F a filter of
    kb/final_filters.lp, with ability_targets and target_requirement(Ab,opponent) (kb/ability_mana.lp);
    None for other mana."""
    tail = sentence.tail
    if len(sentence.clauses) != 1 or not isinstance(tail, ir.Node) or tail.kind != "sent_tail" or len(tail.args) != 4 \
            or tail.args[1] != ir.Node("x_var", ("x",)) or tail.args[2] != "is":
        return None
    c, count = sentence.clauses[0], tail.args[3]
    if not isinstance(c, ir.Clause) or c.tails or len(c.verb.args) != 2 \
            or c.verb.args[1] != ir.Node("mana_any_one_color", (ir.Number("x"), "mana of any one color")):
        return None
    if not (isinstance(count, ir.Node) and count.kind == "count_of" and len(count.args) == 2
            and isinstance(count.args[1], ir.Obj)):
        return None
    obj = count.args[1]
    if obj.quantity is not None or obj.possessor or obj.joins or obj.qualifiers != (
            ir.Node("rel_control", (ir.Node("controls_phrase", ("target opponent controls",)),)),):
        return None
    try:
        f = filter_term(ir.Obj(None, None, obj.groups, (), ()))
    except Unmodelled:
        return None
    if not final_filter(f):
        return None
    return [("mana_amount", ab, o, Const(t), fn("opponent_count", f)) for o, t in enumerate(COLORS, 1)] \
        + [("ability_targets", ab), ("target_requirement", ab, Const("opponent"))]


ATTACKING_POWER = Const("attacking_power")
_TOTAL_ATTACKING_POWER = ir.Node("total_of", ("the total", ir.Node("stat", ("power",)), "of", _ATTACKING_CREATURE))


def _x_is(tail, node):
    """True if TAIL is ", where X is NODE"."""
    return isinstance(tail, ir.Node) and tail.kind == "sent_tail" and len(tail.args) == 4 \
        and tail.args[1] == ir.Node("x_var", ("x",)) and tail.args[2] == "is" and tail.args[3] == node


def event_facts(ab, mana):
    """The facts of mana as much as the quantity of the event that triggered the ability ("add that
    much {G}", "twice that much {G}", "that much mana of any one color", "that much mana in any
    combination of {R} and/or {G}"): amount term event (times(2,event) for "twice"), for a trigger
    whose event gives a quantity of at least one (lower_loyalty_chapter); None for other mana."""
    node = mana.count[1] if mana.count is not None and mana.count[0] == "equal" else None
    if mana.additional:
        return None
    if node is not None and node.kind in ("mana_that_much", "mana_twice_that_much") and mana.kind == "fixed" \
            and len(mana.options) == 1 and len(mana.options[0]) == 1 and mana.options[0][0][1] == 1:
        term = EVENT if node.kind == "mana_that_much" else fn("times", 2, EVENT)
        return [("mana_amount", ab, 1, Const(mana.options[0][0][0]), term)]
    if mana.count is None and mana.amount == _THAT_MUCH and mana.kind == "any_one_color":
        return [("mana_amount", ab, o, Const(t), EVENT) for o, t in enumerate(COLORS, 1)]
    if mana.count is None and mana.amount == _THAT_MUCH and mana.kind == "combination" and mana.types:
        return [("mana_combination", ab, EVENT)] + [("mana_combination_type", ab, Const(t)) for t in mana.types]
    return None


def _is_x(n):
    return isinstance(n, ir.Number) and str(n.value).lower() == "x"


def final_filter(f):
    """True if kb/final_filters.lp interprets filter term f completely over final characteristics
    (its final_filter_known/1): what :func:`known_filter` knows, keyword(K) and stat_at_least(S,N)
    (characteristics layer effects change), named(N) (201.2), and/or/non of those. Only mana amounts and conditions
    read these (608.2h); a layer effect's filter must be :func:`known_filter` (613.8 is not modelled)."""
    if known_filter(f):
        return True
    if not isinstance(f, Fn):
        return False
    if f.name == "keyword" and len(f.args) == 1:
        return isinstance(f.args[0], Const)
    if f.name == "stat_at_least" and len(f.args) == 2:
        return f.args[0] in (Const("power"), Const("toughness")) and isinstance(f.args[1], int)
    if f.name == "named" and len(f.args) == 1:
        return isinstance(f.args[0], str) and f.args[0] != "~"      # 201.2 (the card's own name written out)
    if f.name in ("and", "or") and len(f.args) == 2:
        return all(final_filter(a) for a in f.args)
    if f.name == "non" and len(f.args) == 1:
        return final_filter(f.args[0])
    return False


def own_permanent(term):
    """True if amount term TERM counts a quantity relative to the ability's own permanent: counters on
    it, its power or toughness, the other permanents its controller controls (others(...)), the
    greatest power or toughness among those (greatest(S, others(...)))."""
    if not isinstance(term, Fn):
        return False
    if term.name == "greatest" and len(term.args) == 2:
        return isinstance(term.args[1], Fn) and term.args[1].name == "others"
    if term.name == "plus" and len(term.args) == 2:
        return own_permanent(term.args[0])
    return term.name in ("counters", "stat", "others", "chosen_type")


def counted(ab, term, facts):
    """FACTS for an amount the KB counts; an amount of the ability's own permanent (counters on it,
    its power or toughness) is counted per permanent by could-produce and produce, which payment
    does not read yet: a note for the answers that pay."""
    if own_permanent(term):
        raise Unmodelled("mana counted on the permanent itself: could-produce and produce count it; "
                         "paying with that mana is not modelled yet", facts, affects=PAYMENT)
    return facts


def game_amount_known(term):
    """True if the KB counts amount term TERM (kb/mana.lp, kb/game_amounts.lp): count(F) of a filter
    it knows (permanents you control, or on the battlefield), counters("K") on the permanent, its
    stat(power) or stat(toughness), devotion(C) or devotion(C1,C2) (700.5), life (its controller's
    life total, 119.1), greatest(S, you_control(F)) (the greatest power or toughness among them),
    domain (the basic land types among the lands you control, 305.6), party (the creatures in your
    party, 700.8), turn_amount(K,W) (what happened this turn, kb/turn_history.lp)."""
    if term in (Const("life"), Const("domain"), Const("party")):
        return True
    if turn_history.amount_known(term):
        return True
    if not isinstance(term, Fn):
        return False
    if term.name == "count" and len(term.args) == 1:
        f = term.args[0]
        if isinstance(f, Fn) and f.name == "graveyard_cards":
            return True
        if isinstance(f, Fn) and f.name == "you_control" and len(f.args) == 1:
            return final_filter(f.args[0])
        return final_filter(f)
    if term.name == "counters" and len(term.args) == 1:
        return isinstance(term.args[0], str) or term.args[0] == Const("any")
    if term.name == "others" and len(term.args) == 1:
        return True                         # built by _others from a filter it knows
    if term.name == "stat" and len(term.args) == 1:
        return term.args[0] in (Const("power"), Const("toughness"))
    if term.name == "greatest" and len(term.args) == 2 and own_permanent(term):
        return term.args[0] in (Const("power"), Const("toughness"))   # built by _other_permanents
    if term.name == "greatest" and len(term.args) == 2:
        f = term.args[1]
        return term.args[0] in (Const("power"), Const("toughness")) and isinstance(f, Fn) \
            and f.name == "you_control" and len(f.args) == 1 and final_filter(f.args[0])
    if term.name == "chosen_type" and len(term.args) == 1:
        return True                 # built by _chosen_type_count from a filter kb/final_filters.lp knows
    if term.name == "different" and len(term.args) == 2:
        f = term.args[1]            # built by _different_powers from a filter kb/final_filters.lp knows
        return term.args[0] == Const("power") and isinstance(f, Fn) and f.name == "you_control"
    if term.name == "most_in_common" and len(term.args) == 1:
        f = term.args[0]            # built by _most_in_common
        return isinstance(f, Fn) and f.name == "you_control"
    if term.name == "devotion" and len(term.args) in (1, 2):
        return all(a in tuple(Const(c) for c in "wubrg") for a in term.args)
    return False


def _self_amount(term):
    """True if TERM is a quantity of the ability's own permanent kb/game_amounts.lp counts for a
    combination (self_amount/2): its power or toughness (208.1), its K counters (122.1)."""
    return term in (fn("stat", Const("power")), fn("stat", Const("toughness"))) or (
        isinstance(term, Fn) and term.name == "counters" and len(term.args) == 1 and game_amount_known(term))


def combination_amount_known(term):
    """True if kb/game_amounts.lp evaluates amount term TERM as a number of mana in any combination
    (its combination_amount/2): count(you_control(F)) or greatest(S, you_control(F)) of a filter it
    knows, domain."""
    if term == Const("domain"):
        return True
    return isinstance(term, Fn) and term.name in ("count", "greatest") and game_amount_known(term) \
        and isinstance(term.args[-1], Fn) and term.args[-1].name == "you_control"


def _int(n):
    return n.value if isinstance(n, ir.Number) and isinstance(n.value, int) else None


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
    if mana.count is not None:
        return "whose amount depends on the game"
    return {"any_color": "of several colors", "combination": "in a combination of colors",
            "reflect": "of a type another permanent could produce", "produced": "of the type produced",
            "chosen": "of the chosen color", "that_color": "of that color", "other": "of this kind",
            "fixed": "", "choice": "", "any_one_color": "of any one color", "different": "of different colors",
            "color_among": "of a color among other permanents", "own_colors": "of a color of the permanent itself",
            "exiled_colors": "of a color of the exiled cards", "attached_cost": "of the enchanted permanent's cost",
            "commander_identity": "of a color of the commander's color identity",
            "chosen_colors": "of a color chosen for the card"}.get(mana.kind, mana.kind)


def _amount_term(mana, n=1):
    """The amount term A of the designed vocabulary (kb/schema.lp): a number, x (the X paid),
    count(F) (the number of objects matching filter F), counters(K) (the number of K counters on
    the permanent), stat(power), devotion(C,...), times(N,A), or not_modelled."""
    if mana.count is None:
        base = _int(mana.amount) if mana.amount is not None else 1
        if base is None:
            base = Const("x") if isinstance(mana.amount, ir.Number) and str(mana.amount.value).lower() == "x" else Const("not_modelled")
    elif mana.count[0] == "number" and str(mana.count[1].value).lower() == "x":
        base = Const("x")
    elif mana.count[0] == "removed":
        base = fn("removed", mana.count[1], mana.count[2])
    elif mana.count[0] == "turn":
        base = mana.count[1]
    elif mana.count[0] == "for_each":
        base = _count(mana.count[1])
    elif mana.count[0] == "for_each_counter":
        base = _counters(mana.count[1])
    elif mana.count[0] == "for_each_counter_on_self":
        base = fn("counters", mana.count[1])        # the K counters on the permanent itself (122.1)
    else:
        base = _expression(mana.count[1])
    if n == 1:
        return base
    return base * n if isinstance(base, int) else fn("times", n, base)


_DOMAIN = ir.Obj(None, None, ((ir.Char("supertype", "basic"), ir.Char("card_type", "land"),
                                ir.Node("type_word", ("types",))),), (),
                 (ir.Node("among", ("among", ir.Obj(None, None, ((ir.Char("card_type", "land"),),), (),
                                                    (ir.Node("rel_control", (ir.Node("controls_phrase",
                                                                                     ("you control",)),)),)))),))


_PARTY = ir.Obj(None, None, ((ir.Char("card_type", "creature"),),), (), (ir.Node("in_party", ("in your party",)),))


def _count(obj):
    if obj == _DOMAIN:
        return Const("domain")              # "basic land types among lands you control" (305.6, 207.2c)
    if obj == _PARTY:
        return Const("party")               # "each creature in your party" (700.8)
    graveyard = _graveyard_cards(obj)
    if graveyard is not None:
        return fn("count", graveyard)
    turn = turn_history.counted(obj)
    if turn is not None:
        return turn                         # "for each card you've drawn this turn" (kb/turn_history.lp)
    try:
        return _others(fn("count", filter_term(obj)))
    except Unmodelled:
        return Const("not_modelled")


_OTHER = fn("status", Const("other"))


def _others(term):
    """others(you_control(F)) for count(you_control(and(status(other),F))) ("the number of other Gates
    you control": those but the ability's own permanent, counted per permanent by kb/game_amounts.lp);
    TERM otherwise."""
    others = _other_permanents(term.args[0]) if term.name == "count" else None
    return others or term


def _other_permanents(f):
    """others(you_control(F)) for the filter term you_control(and(status(other),F)) ("other <F> you
    control": those but the ability's own permanent, 109.2), F one kb/final_filters.lp knows; None
    otherwise."""
    inner = f.args[0] if isinstance(f, Fn) and f.name == "you_control" and len(f.args) == 1 else None
    if not (isinstance(inner, Fn) and inner.name == "and" and _OTHER in inner.args):
        return None
    rest = [a for a in inner.args if a != _OTHER]
    return fn("others", fn("you_control", rest[0])) if len(rest) == 1 and final_filter(rest[0]) else None


def _graveyard_cards(obj, article=False):
    """graveyard_cards(K) for "<K> cards in your graveyard": K a card type or permanent (110.4a),
    qualified by colors and supertypes ("black creature cards", "legendary creature cards":
    and(color(b),creature), and(supertype(legendary),creature)), or card (every card); with
    ARTICLE, also "a <K> card in your graveyard" (a color of one of them); None otherwise."""
    quantity_ok = obj.quantity is None or (article and obj.quantity in (ir.Quantity("a", None), ir.Quantity("an", None))) \
        if isinstance(obj, ir.Obj) else False
    if not isinstance(obj, ir.Obj) or not quantity_ok or obj.possessor or len(obj.groups) != 1 \
            or obj.qualifiers != (ir.Node("in_zone", ("in", ir.Zone("graveyard", ir.Ref("you"), ""))),):
        return None
    return zone_kind(obj.groups[0])


def zone_kind(chars):
    """The zone card kind term of "<chars> card(s)" (kb/gates.lp: zone_card_is/2): a card type or
    permanent, after any colors and supertypes (each non-negated): and(color(C),K),
    and(supertype(S),K); None for anything else."""
    if chars in ((ir.Char("noun", "card"),), (ir.Char("noun", "cards"),)):
        return fn("graveyard_cards", Const("card"))
    if len(chars) < 2 or chars[-1] not in (ir.Char("noun", "card"), ir.Char("noun", "cards")):
        return None
    last = chars[-2]
    if last.kind == "card_type" and not last.negated and last.value in _CARD_TYPES:
        kind = Const(last.value)
    elif last == ir.Char("noun", "permanent"):
        kind = Const("permanent")
    else:
        return None
    for c in reversed(chars[:-2]):
        if c.negated:
            return None
        if c.kind == "color" and c.value in _COLOR_LETTER:
            kind = fn("and", fn("color", Const(_COLOR_LETTER[c.value])), kind)
        elif c.kind == "supertype" and isinstance(c.value, str):
            kind = fn("and", fn("supertype", Const(c.value.lower())), kind)
        else:
            return None
    return fn("graveyard_cards", kind)


def _counters(tail):
    """counters(K) for "for each K counter on ~" (the counters on the permanent itself, 122.1),
    counters(any) for "for each counter on ~" (counters of every kind); not_modelled for counters
    elsewhere."""
    bare = next((a for a in tail.args if isinstance(a, ir.Node) and a.kind == "counters_bare"), None)
    kind = next((a for a in bare.args if isinstance(a, ir.Node) and a.kind == "bare_kind"), None) if bare else None
    if kind is not None and len(kind.args) == 1 and is_self(tail.args[-1]):
        return fn("counters", str(kind.args[0]))
    if bare is not None and kind is None and bare.args == ("counter",) and is_self(tail.args[-1]):
        return fn("counters", Const("any"))
    return Const("not_modelled")


def _expression(x):
    """count(F) for "the number of <objects>" (107.3a) in a ", where X is ..." or "equal to ..."
    phrase; devotion(Colors) for "your devotion to <colors>" (700.5); stat(power) for "~'s
    power"; counters(K) for "the number of K counters on ~"; not_modelled otherwise."""
    found = [y for y in ir.walk(x) if isinstance(y, ir.Node) and y.kind in ("count_of", "devotion", "plus",
                                                                            "minus", "stat_of", "twice", "half",
                                                                            "count_counters", "life_total",
                                                                            "greatest", "life_gained",
                                                                            "greatest_count")]
    if len(found) == 1 and turn_history.expression(found[0]) is not None:
        return turn_history.expression(found[0])    # "the amount of life you gained this turn"
    if len(found) == 1 and found[0].kind == "life_total" \
            and found[0].args[0] == ir.Node("possessive", (ir.Ref("you"),)):
        return Const("life")                          # "your life total" (119.1)
    if len(found) == 1 and found[0].kind == "greatest":
        return _greatest(found[0])
    if len(found) == 1 and found[0].kind == "greatest_count":
        return _most_in_common(found[0])
    if len(found) == 1 and found[0].kind == "count_counters":
        return _counters(found[0])                    # "the number of K counters on ~" (122.1)
    if len(found) == 1 and found[0].kind == "count_of":
        obj = next((a for a in found[0].args if isinstance(a, ir.Obj)), None)
        return _count(obj) if obj is not None else Const("not_modelled")
    if len(found) == 1 and found[0].kind == "stat_of" and isinstance(found[0].args[0], ir.Node) \
            and found[0].args[0].kind == "possessive" and is_self(found[0].args[0].args[0]) \
            and found[0].args[1] in (ir.Node("stat", ("power",)), ir.Node("stat", ("toughness",))):
        return fn("stat", Const(found[0].args[1].args[0]))           # ~'s power (208.1)
    if len(found) == 1 and found[0].kind == "devotion":
        colors = [w for y in ir.walk(found[0]) if isinstance(y, ir.Node) and y.kind == "color_list"
                  for w in y.args if isinstance(w, str) and w in _COLOR_LETTER]
        if colors and found[0].args[0] == ir.Node("possessive", (ir.Ref("you"),)):
            return fn("devotion", *[Const(_COLOR_LETTER[c]) for c in colors])
    return Const("not_modelled")


def _greatest(node):
    """greatest(S, you_control(F)) for "the greatest power (toughness) among <F> you control";
    not_modelled otherwise."""
    stat = next((a for a in node.args if isinstance(a, ir.Node) and a.kind == "stat"), None)
    obj = next((a for a in node.args if isinstance(a, ir.Obj)), None)
    if stat is None or obj is None or stat.args not in (("power",), ("toughness",)) or "among" not in node.args:
        return Const("not_modelled")
    try:
        f = filter_term(obj)
    except Unmodelled:
        return Const("not_modelled")
    return fn("greatest", Const(stat.args[0]), _other_permanents(f) or f)


_COLOR_LETTER = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def designed_facts(ab, mana):
    """The facts of the vocabulary the KB does not carry out yet (kb/schema.lp, "designed"):
    mana_amount, mana_combination(_type), mana_chosen, mana_produced, mana_reflect_filter."""
    k = mana.kind
    out = []
    if k in ("fixed", "choice"):
        for o, opt in enumerate(mana.options, 1):
            out += [("mana_amount", ab, o, Const(t), _amount_term(mana, n)) for t, n in opt or ()]
    elif k == "any_one_color":
        out += [("mana_amount", ab, o, Const(t), _amount_term(mana)) for o, t in enumerate(COLORS, 1)]
    elif k in ("any_color", "combination"):
        out.append(("mana_combination", ab, _amount_term(mana)))
        out += [("mana_combination_type", ab, Const(t)) for t in mana.types]
    elif k == "chosen":
        for o, opt in enumerate(mana.options, 1):
            out += [("mana_amount", ab, o, Const(t), n) for t, n in opt or ()]
        out.append(("mana_chosen", ab, len(mana.options) + 1, _amount_term(mana)))
    elif k == "commander_identity":
        out.append(("mana_commander_identity", ab, _amount_term(mana)))
    elif k in ("produced", "that_color"):
        out.append(("mana_produced", ab, _amount_term(mana), Const(mana.reflect or "type")))
    elif k == "reflect":
        out.append(("mana_reflect_filter", ab, _amount_term(mana), _reflect_filter(mana.scope),
                    Const(mana.reflect)))
    return out


def _reflect_filter(obj):
    try:
        return filter_term(obj)
    except Unmodelled:
        return Const("not_modelled")
