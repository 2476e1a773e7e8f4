"""Spending rules of mana (CR 106.6): the restriction terms of "Spend this mana only ..." and the
effects of "If that mana is spent on <spell>, ..." that travel with the mana.

One term language (docs/compiler.md, "Spend restriction terms"), read by kb/spend_restrictions.lp:

- ``cast(F)``: to cast a spell matching the spell filter F;
- ``activate(G)``: to activate an ability of a source matching G (``any``: any ability);
- ``cost_with(x)``: on a cost that contains {X} (107.3);
- ``upkeep``: to pay cumulative upkeep costs (702.24a); ``turn_face_up``: to turn a permanent
  face up (116.2b, 702.37e); ``foretell``: to foretell a card (702.143a); ``class_level``: to gain
  a Class level (716.2a);
- ``or(R1,R2)``: either; ``except(R)``: on anything but R ("This mana can't be spent to cast
  nonartifact spells": ``except(cast(non(artifact)))``);
- ``not_modelled`` where the wording says more than these.

A spell filter F is a filter term of the compiler (``shapes.filter_term``: card types, subtypes,
supertypes, colors, ``status(colorless|multicolored|monocolored)``, ``and``/``or``/``non``) of
the spell, the word "spell" dropped (``spell`` alone: any spell), plus ``x_cost`` ("with {X} in
its mana cost"), ``keyword(K)`` ("a spell with devoid": a keyword the compiler always gives as a
fact, 702.1), ``cast_from(Z)`` ("from exile", "from your graveyard"; "from anywhere other
than your hand" is ``non(cast_from(hand))``), ``chosen_type`` ("of the chosen type": the creature
type chosen for the permanent whose ability made the mana, 607.2d) and ``not_owned`` ("spells you
don't own"), ``status(kicked)`` (its kicker cost paid, 702.33d); anything else is ``not_modelled``.

A rider (``mana_spend_rider(Ab,F,E)``): if the mana is spent to cast a spell matching F, E applies
to that spell: ``cant_be_countered``, ``haste`` (until end of turn), ``haste_permanent``,
``enters_with_counters("+1/+1",1)`` (the permanent it becomes enters with an additional counter).
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
        if q.kind == "with_q" and len(q.args) == 2 and isinstance(q.args[1], ir.Node) \
                and q.args[1].kind == "with_symbol_in_cost" and q.args[1].args[:1] == ("{X}",):
            return Const("x_cost")                                             # 107.3
        keyword = _printed_keyword(q)
        if keyword is not None:
            return fn("keyword", Const(keyword))                               # 702.1
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
        if q.kind == "rel_control" and q.args == (ir.Node("owns_phrase", ("you don't own",)),):
            return Const("not_owned")
    return NOT_MODELLED


def _printed_keyword(q):
    """K of "with K" (a spell with devoid, 702.1), K a keyword whose every printed instance the compiler
    gives as a keyword(Ab,K) fact (lower.KB_PLAIN); None otherwise."""
    from .lower import KB_PLAIN
    if q.kind != "with_q" or len(q.args) != 2 or not isinstance(q.args[1], ir.Node) or q.args[1].kind != "keyword_list" \
            or len(q.args[1].args) != 1:
        return None
    k = q.args[1].args[0]
    if isinstance(k, ir.Keyword) and k.kind == "plain" and k.name in KB_PLAIN:
        return k.name.replace(" ", "_")
    return None


def spell_filter(obj, noun_only=None):
    """The filter term of a spell (or source) phrase: "creature spells", "an Elemental spell or a
    Chandra planeswalker spell", "spells with {X} in their mana costs"; not_modelled otherwise.
    NOUN_ONLY is the term for a phrase that names no characteristic ("spells": ``spell``)."""
    groups = _clean_groups(obj)
    if groups is None:
        return NOT_MODELLED
    quals = [_qualifier(q) for q in obj.qualifiers]
    if any(q == NOT_MODELLED for q in quals):
        return NOT_MODELLED
    if all(g == () for g in groups):
        base = None
    else:
        if any(not any(w in ("or", "and", "and/or", ",") for w in j) for j in obj.joins):
            return NOT_MODELLED
        alts = [_group_term(g) for g in groups]
        if NOT_MODELLED in alts:
            return NOT_MODELLED
        base = _join("or", alts)
    parts = ([base] if base is not None else []) + quals
    return _join("and", parts) if parts else noun_only


def _group_term(group):
    """The filter term of one group of characteristics ("kicked" is status(kicked), 702.33d)."""
    kicked = ir.Char("status", "kicked")
    rest = tuple(c for c in group if c != kicked)
    parts = []
    if rest:
        try:
            parts.append(filter_term(ir.Obj(None, None, (rest,), (), ())))
        except Unmodelled:
            return NOT_MODELLED
    if kicked in group:
        parts.append(fn("status", Const("kicked")))
    return _join("and", parts) if parts else NOT_MODELLED


def _has(term, part):
    return term == part or any(_has(a, part) for a in getattr(term, "args", ()) if not isinstance(a, (int, str)))


def understood(term):
    """True if a restriction term has no not_modelled part."""
    return not _has(term, NOT_MODELLED)


def _use(a):
    """The term of one "to cast ..." / "to activate ..." / "on ..." part of a spending rule."""
    if isinstance(a, ir.Node) and a.kind == "spend_to_cast":
        return fn("cast", spell_filter(a.args[-1], Const("spell")))
    if isinstance(a, ir.Node) and a.kind == "spend_to_activate":
        return _activate(a.args[-1])
    if isinstance(a, ir.Node) and a.kind == "spend_to_pay_upkeep":
        return Const("upkeep")                                                # 702.24a
    if isinstance(a, ir.Node) and a.kind == "spend_to_turn_face_up":
        return Const("turn_face_up")                                          # 116.2b
    if isinstance(a, ir.Node) and a.kind == "spend_to_foretell":
        return Const("foretell")                                              # 702.143a
    if isinstance(a, ir.Obj):
        return _activate(a)
    return NOT_MODELLED


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
            elif a not in ("or activate", "or to activate", "or to cast", ", or to activate", ",", "or"):
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
    if len(s.leads) != 1 or len(s.clauses) != 1 or s.tail is not None:
        return None
    lead = s.leads[0]
    if not (isinstance(lead, ir.Node) and lead.kind == "lead_if" and len(lead.args) == 2):
        return None
    conds = lead.args[1]
    if not (isinstance(conds, tuple) and len(conds) == 2 and len(conds[0]) == 1 and conds[1] == ()):
        return None
    cond = conds[0][0]
    if not (isinstance(cond, ir.Clause) and isinstance(cond.subject, ir.Obj) and cond.subject.quantity is not None
            and cond.subject.quantity.word == "that" and cond.subject.groups == ((ir.Char("noun", "mana"),),)
            and cond.verb_name == "passive" and len(cond.verb.args) == 3 and cond.verb.args[1] == "spent on"
            and not cond.tails and cond.aux is None):
        return None
    f = spell_filter(cond.verb.args[2], Const("spell"))
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
