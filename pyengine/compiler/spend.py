"""Spending rules of mana (CR 106.6): the restriction terms of "Spend this mana only ..." and the
effects of "If that mana is spent on <spell>, ..." that travel with the mana.

One term language (docs/compiler.md, "Spend restriction terms"), read by kb/spend_restrictions.lp:

- ``cast(F)``: to cast a spell matching the spell filter F;
- ``activate(G)``: to activate an ability of a source matching G (``any``: any ability);
- ``cost_with_x`` / ``cost_with_c``: on a cost that contains {X} / {C} (107.3, 107.4c);
- ``upkeep``: to pay cumulative upkeep costs (702.24a); ``turn_face_up``: to turn a permanent
  face up (116.2b, 702.37e); ``turn_manifested_face_up`` (701.40b); ``foretell``: to foretell a
  card (702.143a); ``class_level``: to gain a Class level (716.2a); ``unlock_door`` (709.5e);
  ``activate_keyword(K)``: to activate a keyword ability K (equip, 702.6a); ``pay_cost(K)``: to pay
  a K cost (disturb, flashback: casting from a graveyard; morph, megamorph, disguise: turning face up);
- ``or(R1,R2)``: either; ``except(R)``: on anything but R ("This mana can't be spent to cast
  nonartifact spells": ``except(cast(non(artifact)))``);
- ``not_modelled`` where the wording says more than these.

Some uses are described exactly but payment does not evaluate them (:data:`UNEVALUATED`): ``commander``
("to cast your commander": a spell that is a commander of the player spending it, 903.3d; which card
is a commander the snapshot does not say), ``watermark`` ("spells with watermarks"),
``shares_watermark`` ("a spell that shares a watermark with this land") and ``un_cost`` ("to pay
Un-costs"); produce shows them with the mana, payment never knows whether they allow a spell or cost
(kb/spend_restrictions.lp: the mana is not spent there), so they are a note for the answers that pay only.

A spell filter F is a filter term of the compiler (``shapes.filter_term``: card types, subtypes,
supertypes, colors, ``status(colorless|multicolored|monocolored)``, ``and``/``or``/``non``) of
the spell, the word "spell" dropped (``spell`` alone: any spell), plus ``x_cost`` ("with {X} in
its mana cost"), ``keyword(K)`` ("a spell with devoid": a keyword the compiler always gives as a
fact, 702.1), ``cast_from(Z)`` ("from exile", "from your graveyard"; "from anywhere other
than your hand" is ``non(cast_from(hand))``), ``chosen_type`` ("of the chosen type": the creature
type chosen for the permanent whose ability made the mana, 607.2d) and ``not_owned`` ("spells you
don't own"), ``status(kicked)`` (its kicker cost paid, 702.33d), ``status(face_down)`` (708.2),
``mana_value(ge,N)`` ("with mana value N or greater", 202.3), ``no_abilities`` (113.1),
``printed_keyword(K)`` ("a spell that has freerunning": a keyword the compiler does not always give
as a fact, known only when printed), ``non(status(colorless))`` ("that's one or more colors"),
``non(x_cost)`` ("without {X} in its mana cost"); anything else is ``not_modelled``.

A rider (``mana_spend_rider(Ab,F,E)``): if the mana is spent to cast a spell matching F, E applies
to that spell: ``cant_be_countered``, ``haste`` (until end of turn), ``haste_permanent``,
``enters_with_counters("+1/+1",1)`` (the permanent it becomes enters with an additional counter);
"If that mana is spent on ..." or "... spent to cast ...". "When that mana is spent to cast <F> spell,
..." (a delayed trigger of the mana, 603.7a): ``copy_spell`` ("copy that spell and you may choose new
targets for the copy", 707.10), ``scry(N)`` (701.22).
"""

from ..terms import Const, Fn, fn
from . import ir
from .shapes import Unmodelled, filter_term

NOT_MODELLED = Const("not_modelled")
_SPELL_NOUNS = ("spell", "spells", "source", "sources", "ability", "abilities")


def _join(op, terms):
    out = terms[0]
    for t in terms[1:]:
        out = fn(op, out, t)
    return out


def _clean_groups(obj):
    """The characteristic groups of OBJ without articles and the nouns "spell", "source", ...;
    None if OBJ is not a plain list of characteristics."""
    if not isinstance(obj, ir.Obj) or obj.possessor:
        return None
    groups = []
    for g in obj.groups:
        if isinstance(g, ir.Node) and g.kind == "article":
            continue
        if not isinstance(g, tuple):
            return None
        groups.append(tuple(c for c in g if not (isinstance(c, ir.Char) and c.kind == "noun"
                                                  and c.value in _SPELL_NOUNS and not c.negated)))
    return groups


def _qualifier(q):
    """The spell-filter term of one qualifier of a spell phrase; not_modelled if none."""
    if isinstance(q, ir.Node):
        if q.kind == "of_chosen_type":
            return Const("chosen_type")                                        # 607.2d
        if q.kind == "from_zone" and isinstance(q.args[-1], ir.Zone):
            z = q.args[-1]
            if z.noun == "exile" and z.owner is None:
                return fn("cast_from", Const("exile"))
            if z.noun in ("graveyard", "hand") and z.owner == ir.Ref("you", ""):
                return fn("cast_from", Const(z.noun))
        if q.kind == "from_other_than" and isinstance(q.args[-1], ir.Zone):
            z = q.args[-1]
            if z.noun == "hand" and z.owner == ir.Ref("you", ""):
                return fn("non", fn("cast_from", Const("hand")))
        if q.kind == "from_zone" and isinstance(q.args[-1], ir.Zone) and q.args[-1].noun == "graveyard" \
                and q.args[-1].owner == ir.Quantity("a", None):
            return fn("cast_from", Const("graveyard"))                        # "from a graveyard"
        if q.kind == "rel_control" and q.args == (ir.Node("owns_phrase", ("you don't own",)),):
            return Const("not_owned")
        if q.kind == "with_q" and len(q.args) == 2:
            return _with(q.args[1])
        if q.kind == "without_q" and len(q.args) == 2:
            w = _with(q.args[1])
            return fn("non", w) if w != NOT_MODELLED else NOT_MODELLED
        if q.kind == "rel_that" and len(q.args) == 2 and isinstance(q.args[1], ir.Node) \
                and q.args[1].kind == "rel_vp" and len(q.args[1].args) == 1 and isinstance(q.args[1].args[0], ir.Verb) \
                and q.args[1].args[0].name == "have" and len(q.args[1].args[0].args) == 2:
            return _with(q.args[1].args[0].args[1])                          # "a spell that has freerunning"
        if q.kind == "rel_is" and len(q.args) == 2:
            return _is_colored(q.args[1])
        if q == _SHARES_WATERMARK:
            return Const("shares_watermark")
    return NOT_MODELLED


def _with(w):
    """The spell-filter term of what follows "with" (or "that has"): "{X} in its mana cost"
    (x_cost, 107.3), a keyword (702.1), "mana value N or greater" (mana_value(ge,N), 202.3), "no abilities"
    (no_abilities, 113.1); not_modelled otherwise."""
    if isinstance(w, ir.Node) and w.kind == "with_symbol_in_cost" and w.args[:1] == ("{X}",):
        return Const("x_cost")                                                 # 107.3
    if isinstance(w, ir.Node) and w.kind == "with_no_abilities":
        return Const("no_abilities")                                           # 113.1
    if w == ir.Node("with_noun", ("watermarks",)):
        return Const("watermark")
    keyword = _keyword(w)
    if keyword is not None:
        return keyword
    if isinstance(w, ir.Node) and w.kind == "with_stat" and len(w.args) == 2 \
            and w.args[0] == ir.Node("stat", ("mana value",)) and isinstance(w.args[1], ir.Node) \
            and w.args[1].kind == "amount_cmp" and len(w.args[1].args) == 2 \
            and isinstance(w.args[1].args[0], ir.Number) and isinstance(w.args[1].args[0].value, int) \
            and w.args[1].args[1] in _CMP:
        return fn("mana_value", Const(_CMP[w.args[1].args[1]]), w.args[1].args[0].value)    # 202.3
    return NOT_MODELLED


_CMP = {"or greater": "ge"}
_SHARES_WATERMARK = ir.Node("rel_that", ("that", ir.Node("rel_share_kind", (
    "share", ir.Quantity("a", None), ("chars", ((ir.Char("noun", "watermark"),),), ()), "with", ir.Ref("self", "this land")))))


def _is_colored(obj):
    """"that's one or more colors" (not colorless, 105.2c), with the qualifiers that follow it."""
    if not (isinstance(obj, ir.Obj) and obj.possessor is None and obj.groups == ((ir.Node("color_noun", ("colors",)),),)
            and obj.quantity == ir.Quantity("or more", ir.Number(1))):
        return NOT_MODELLED
    quals = [_qualifier(q) for q in obj.qualifiers]
    if NOT_MODELLED in quals:
        return NOT_MODELLED
    return _join("and", [fn("non", fn("status", Const("colorless")))] + quals)


def _keyword(w):
    """The term of one keyword named after "with" / "that has" (702.1): keyword(K) for a keyword whose
    every printed instance the compiler gives as a keyword(Ab,K) fact (lower.KB_PLAIN: "a spell with
    devoid"), printed_keyword(K) for any other ("a spell that has freerunning", "spells with
    flashback": card_keyword/2); None if W is no single keyword."""
    from .lower import KB_PLAIN
    if not isinstance(w, ir.Node) or w.kind != "keyword_list" or len(w.args) != 1:
        return None
    name = keyword_name(w.args[0])
    if name is None:
        return None
    if isinstance(w.args[0], ir.Keyword) and w.args[0].kind == "plain" and name in KB_PLAIN:
        return fn("keyword", Const(name.replace(" ", "_")))
    return fn("printed_keyword", Const(name.replace(" ", "_")))


def keyword_name(k):
    """The name of a keyword as a filter names it ("flying", "flashback"; 702.1), None if K names none."""
    if isinstance(k, ir.Keyword) and k.kind == "plain" and k.param is None:
        return k.name
    if isinstance(k, ir.Node) and k.kind == "kw_named" and len(k.args) == 1 and isinstance(k.args[0], ir.Node) \
            and k.args[0].kind in ("kw_cost_name", "kw_number_name", "kw_plain_name") and len(k.args[0].args) == 1 \
            and isinstance(k.args[0].args[0], str):
        return k.args[0].args[0].lower()
    return None


def spell_filter(obj, noun_only=None):
    """The filter term of a spell (or source) phrase: "creature spells", "an Elemental spell or a
    Chandra planeswalker spell", "spells with {X} in their mana costs"; not_modelled otherwise.
    NOUN_ONLY is the term for a phrase that names no characteristic ("spells": ``spell``)."""
    if obj == _YOUR_COMMANDER:
        return Const("commander")                                             # 903.3d
    groups = _clean_groups(obj)
    if groups is None:
        return NOT_MODELLED
    quals = [_qualifier(q) for q in obj.qualifiers]
    if any(q == NOT_MODELLED for q in quals):
        return NOT_MODELLED
    if len(groups) > 1 and groups[-1] == () and quals and all(groups[:-1]):
        # "an Assassin spell or a spell that has freerunning": the qualifiers describe the last,
        # bare "a spell" only
        first = spell_filter(ir.Obj(obj.quantity, None, obj.groups[:-1], obj.joins[:-1], ()))
        return NOT_MODELLED if first == NOT_MODELLED else fn("or", first, _join("and", quals))
    if all(g == () for g in groups):
        base = None
    else:
        if any(not any(w in ("or", "and", "and/or", ",") for w in j) for j in obj.joins):
            return NOT_MODELLED
        alts = [_group_term(g) for g in _shared_adjectives(groups, obj.joins)]
        if NOT_MODELLED in alts:
            return NOT_MODELLED
        base = _join("or", alts)
    parts = ([base] if base is not None else []) + quals
    return _join("and", parts) if parts else noun_only


def _shared_adjectives(groups, joins):
    """"a red instant or sorcery spell": the colors and supertypes before the first card type describe every
    card type of the list (a red instant or a red sorcery), which the parse groups as (red instant)
    or (sorcery); GROUPS with those adjectives given to each later group made of one card type."""
    if len(groups) < 2 or not all(any(w in ("or", "and/or", ",") for w in j) for j in joins):
        return groups
    first, rest = groups[0], groups[1:]
    if len(first) < 2 or first[-1].kind != "card_type" \
            or not all(isinstance(c, ir.Char) and c.kind in ("color", "supertype") for c in first[:-1]) \
            or not all(len(g) == 1 and isinstance(g[0], ir.Char) and g[0].kind == "card_type" for g in rest):
        return groups
    return [first] + [first[:-1] + g for g in rest]


# statuses only a spell has: its kicker cost paid (702.33d), cast face down (708.2, 702.37c)
_SPELL_STATUS = {ir.Char("status", "kicked"): fn("status", Const("kicked")),
                 ir.Char("status", "face-down"): fn("status", Const("face_down"))}


def _group_term(group):
    """The filter term of one group of characteristics ("kicked" is status(kicked), 702.33d;
    "face-down" status(face_down), 708.2)."""
    rest = tuple(c for c in group if c not in _SPELL_STATUS)
    parts = []
    if rest:
        try:
            parts.append(filter_term(ir.Obj(None, None, (rest,), (), ())))
        except Unmodelled:
            return NOT_MODELLED
    parts += [_SPELL_STATUS[c] for c in group if c in _SPELL_STATUS]
    return _join("and", parts) if parts else NOT_MODELLED


# the uses produce shows exactly but payment does not evaluate (see the module's docstring)
UNEVALUATED = (Const("commander"), Const("watermark"), Const("shares_watermark"), Const("un_cost"))
_YOUR_COMMANDER = ir.Obj(None, ir.Ref("you", ""), ((ir.Char("status", "commander"),),), (), ())
_UN_COSTS = ir.Obj(None, None, ((ir.Node("name_word", ("Un-costs",)),),), (), ())


def _has(term, part):
    return term == part or any(_has(a, part) for a in getattr(term, "args", ()) if not isinstance(a, (int, str)))


def understood(term):
    """True if a restriction term has no not_modelled part."""
    return not _has(term, NOT_MODELLED)


def evaluated(term):
    """True if payment evaluates every part of an understood restriction term (none of UNEVALUATED)."""
    return not any(_has(term, u) for u in UNEVALUATED)


def _use(a):
    """The term of one "to cast ..." / "to activate ..." / "on ..." part of a spending rule."""
    if isinstance(a, ir.Node) and a.kind == "spend_to_cast":
        return fn("cast", spell_filter(a.args[-1], Const("spell")))
    if isinstance(a, ir.Node) and a.kind == "spend_to_activate":
        if isinstance(a.args[-1], ir.Node) and a.args[-1].kind == "named_abilities":
            return _use(a.args[-1])
        return _activate(a.args[-1])
    if isinstance(a, ir.Node) and a.kind == "spend_to_pay_upkeep":
        return Const("upkeep")                                                # 702.24a
    if isinstance(a, ir.Node) and a.kind == "spend_to_turn_face_up":
        return Const("turn_face_up")                                          # 116.2b
    if isinstance(a, ir.Node) and a.kind == "spend_to_foretell":
        return Const("foretell")                                              # 702.143a
    if isinstance(a, ir.Node) and a.kind == "spend_to_unlock":
        return Const("unlock_door")                                           # 709.5e
    if isinstance(a, ir.Node) and a.kind == "spend_to_pay" and len(a.args) == 4 and isinstance(a.args[2], ir.Node) \
            and a.args[2].kind == "kw_cost_name" and a.args[2].args[0] in PAY_COST_KEYWORDS:
        return fn("pay_cost", Const(a.args[2].args[0]))                       # "to pay a disturb cost"
    if isinstance(a, ir.Node) and a.kind == "spend_to_pay_turn_face_up" and isinstance(a.args[1], ir.Obj) \
            and a.args[1].groups == ((ir.Char("status", "manifested"), ir.Char("card_type", "creature")),) \
            and not a.args[1].qualifiers and a.args[1].possessor is None:
        return Const("turn_manifested_face_up")                               # 701.40b
    if a == ir.Node("spend_to_pay", ("to pay", _UN_COSTS)):
        return Const("un_cost")
    if isinstance(a, ir.Node) and a.kind == "spend_on_cost_with" and a.args[1:] in (("{X}",), ("{C}",)):
        return Const("cost_with_" + a.args[1][1].lower())                     # 107.3, 107.4c
    if isinstance(a, ir.Node) and a.kind == "keyword_ability":
        return _activate_keyword(a)
    if isinstance(a, ir.Node) and a.kind == "named_abilities" and a.args[0] == "power-up":
        return fn("activate_keyword", Const("power_up"))                      # activated abilities only
    if isinstance(a, ir.Obj):
        return _activate(a)
    return NOT_MODELLED


# the keywords whose cost "to pay a K cost" may name: the KB knows where that cost is paid
# (kb/spend_restrictions.lp, pay_cost_cast_from/2 and pay_cost_special_action/1)
PAY_COST_KEYWORDS = ("disturb", "flashback", "morph", "megamorph", "disguise")


def _activate_keyword(a):
    """activate_keyword(K) for "an equip ability" / "equip abilities" (702.6a: a keyword that is an
    activated ability); not_modelled for any other node."""
    words = [x for x in a.args if isinstance(x, str)]
    names = [x for x in a.args if isinstance(x, ir.Node) and x.kind == "kw_cost_name"]
    if len(names) == 1 and words[-1:] in (["ability"], ["abilities"]) and names[0].args[0] in ACTIVATED_KEYWORDS:
        return fn("activate_keyword", Const(names[0].args[0]))
    return NOT_MODELLED


# keywords that are activated abilities (equip 702.6a, cycling 702.29a, transmute 702.53a, forecast
# 702.57a, unearth 702.84a, scavenge 702.97a, outlast 702.107a, embalm 702.128a, eternalize 702.129a,
# encore 702.141a, boast 702.142a, reconfigure 702.151a): activating one is not casting a spell (602.1)
ACTIVATED_KEYWORDS = ("equip", "cycling", "transmute", "forecast", "unearth", "scavenge", "outlast", "embalm",
                      "eternalize", "encore", "boast", "reconfigure")


def _activate(obj):
    """activate(G) for "abilities" / "an ability of <G> sources" / "abilities of <G>"."""
    groups = _clean_groups(obj)
    if groups != [()] or not isinstance(obj, ir.Obj) or not obj.groups or \
            obj.groups[-1][-1:] not in ((ir.Char("noun", "abilities"),), (ir.Char("noun", "ability"),)):
        return NOT_MODELLED
    if not obj.qualifiers:
        return fn("activate", Const("any"))
    if len(obj.qualifiers) == 1 and isinstance(obj.qualifiers[0], ir.Node) and obj.qualifiers[0].kind == "of_np":
        return fn("activate", spell_filter(obj.qualifiers[0].args[-1]) or NOT_MODELLED)
    return NOT_MODELLED


def restriction(s):
    """The restriction term of a sentence that is a spending rule of the mana (106.6), and the
    rider that follows it in the same sentence ("..., and that spell can't be countered") as a
    (filter, effect) pair or None; None if the sentence is no spending rule."""
    if s.leads or not s.clauses:
        return None
    first = s.clauses[0]
    if isinstance(first, ir.Node) and first.kind == "spend_cant" and len(s.clauses) == 1 \
            and first.args[0] in ("this mana can't be spent", "you can't spend this mana"):
        return fn("except", _use(first.args[1])), None
    if not (isinstance(first, ir.Clause) and first.verb_name == "spend"):
        return None
    args = first.verb.args
    if args[:1] == ("spend this mana only on costs that contain",) and args[1:] == ("{X}",):
        term = Const("cost_with_x")
    elif args[:1] == ("spend this mana only",):
        rest_args = list(args[1:])
        uses = []
        while rest_args:
            a = rest_args.pop(0)
            if a == "or to turn" and len(rest_args) >= 2 and rest_args[1] == "face up":
                rest_args = rest_args[2:]
                uses.append(Const("turn_face_up"))                            # 116.2b
            elif a == "or to gain a class level":
                uses.append(Const("class_level"))                             # 716.2a
            elif isinstance(a, ir.Node) and a.kind == "spend_more":
                rest_args = list(a.args) + rest_args          # ", unlock a door": one more use
            elif a not in ("or activate", "or to activate", "or to cast", ", or to activate", ",", "or", "and"):
                uses.append(_use(a))
        term = _join("or", uses)
    else:
        return None
    rider = None
    rest = list(zip(s.joins, s.clauses[1:]))
    for join, c in rest:
        if join == "or" and isinstance(c, ir.Node) and c.kind == "object_conj" and len(c.args) == 1:
            term = fn("or", term, fn("cast", spell_filter(c.args[0], Const("spell"))))   # "... or spells with {X} ..."
        elif join == "or" and isinstance(c, ir.Clause) and c.subject is None and c.aux is None and not c.tails \
                and c.verb_name == "cast" and len(c.verb.args) == 2:
            term = fn("or", term, fn("cast", spell_filter(c.verb.args[1], Const("spell"))))  # "... or cast <spells>"
        elif join == ", and" and _cant_be_countered(c, "that spell") and rider is None and c is rest[-1][1]:
            rider = "cant_be_countered"
        else:
            term = NOT_MODELLED
    if rider is not None:
        f = _cast_filter(term)
        rider = (f, Const(rider)) if f is not None else (NOT_MODELLED, Const(rider))
    return term, rider


def _cast_filter(term):
    """F of a restriction that is cast(F) only."""
    return term.args[0] if isinstance(term, Fn) and term.name == "cast" else None


def _cant_be_countered(c, subject):
    return isinstance(c, ir.Clause) and c.aux == "can't" and isinstance(c.subject, ir.Obj) \
        and c.subject.quantity is not None and c.subject.quantity.word == "that" \
        and _clean_groups(c.subject) == [()] and isinstance(c.verb, ir.Verb) and c.verb_name == "passive" \
        and c.verb.args[-1:] == ("countered",) and not c.tails


def rider(s):
    """(F, E) for "If that mana is spent on <F spell>, it gains haste [until end of turn]." or
    "..., that spell can't be countered." (106.6: an effect of the mana on the spell it pays for);
    None otherwise."""
    if len(s.leads) != 1 or s.tail is not None:
        return None
    lead = s.leads[0]
    if not (isinstance(lead, ir.Node) and lead.kind in ("lead_if", "lead_when") and len(lead.args) == 2):
        return None
    conds = lead.args[1]
    if not (isinstance(conds, tuple) and len(conds) == 2 and len(conds[0]) == 1 and conds[1] == ()):
        return None
    cond = conds[0][0]
    if not (isinstance(cond, ir.Clause) and isinstance(cond.subject, ir.Obj) and cond.subject.quantity is not None
            and cond.subject.quantity.word == "that" and cond.subject.groups == ((ir.Char("noun", "mana"),),)
            and cond.verb_name == "passive" and len(cond.verb.args) == 3
            and cond.verb.args[1] in ("spent on", "spent to cast") and not cond.tails and cond.aux is None):
        return None
    f = spell_filter(cond.verb.args[2], Const("spell"))
    if lead.kind == "lead_when":
        # 603.7: "When that mana is spent to cast <F> spell, ...": a delayed triggered ability the
        # mana ability creates; it triggers as the spell is cast and resolves before it
        effect = _when_spent(s.clauses)
        return (f, effect) if effect is not None else None
    if len(s.clauses) != 1:
        return None
    c = s.clauses[0]
    if _cant_be_countered(c, "that spell"):
        return f, Const("cant_be_countered")
    if isinstance(c, ir.Clause) and isinstance(c.subject, ir.Obj) and c.subject.quantity is not None \
            and c.subject.quantity.word == "that" and c.aux is None and not c.tails and c.verb_name == "enters" \
            and c.verb.args[1:] == (ir.Node("mod_with_counters", ("with", ir.Node("counters_phrase", (
                ir.Node("counter_quantity", ("an additional",)), ir.Node("counter_kind", ("+1/+1",)), "counter")),
                "on", "it")),):
        return f, fn("enters_with_counters", "+1/+1", 1)                      # 614.1c
    if isinstance(c, ir.Clause) and c.subject == ir.Ref("it", "") and c.aux is None and c.verb_name == "gain_ability" \
            and c.verb.args[1:] == (ir.Node("keyword_list", (ir.Keyword("haste", None, "plain"),)),):
        if not c.tails:
            return f, Const("haste_permanent")
        if c.tails == (ir.Node("tail_duration", (ir.Node("duration", ("until end of turn",)),)),):
            return f, Const("haste")
    return None


_THAT_SPELL = ir.Obj(ir.Quantity("that"), None, ((ir.Char("noun", "spell"),),))
_NEW_TARGETS = ir.Clause(ir.Ref("you"), "may", ir.Verb("choose", (
    "choose new targets for", ir.Obj(ir.Quantity("the"), None, ((ir.Char("noun", "copy"),),)))), ())


def _when_spent(clauses):
    """E of "When that mana is spent to cast <F> spell, E" (603.7a: a delayed trigger on casting that
    spell): ``copy_spell`` for "copy that spell and you may choose new targets for the copy" (707.10,
    707.10c), ``scry(N)`` for "scry N" (701.22); None for anything else."""
    if len(clauses) == 2 and isinstance(clauses[0], ir.Clause) and clauses[0].subject is None \
            and clauses[0].aux is None and not clauses[0].tails \
            and clauses[0].verb == ir.Verb("copy", ("copy", _THAT_SPELL)) and clauses[1] == _NEW_TARGETS:
        return Const("copy_spell")
    if len(clauses) == 1 and isinstance(clauses[0], ir.Clause) and clauses[0].subject is None \
            and clauses[0].aux is None and not clauses[0].tails and clauses[0].verb_name == "scry" \
            and len(clauses[0].verb.args) == 2 and isinstance(clauses[0].verb.args[1], ir.Number) \
            and isinstance(clauses[0].verb.args[1].value, int):
        return fn("scry", clauses[0].verb.args[1].value)
    return None
