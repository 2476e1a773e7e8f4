"""Lowering to the designed mana vocabulary (kb/schema.lp, "designed for the KB's next step").

Mana wordings beyond what the KB carries out today still become facts, in a small fixed
vocabulary that the KB's next step will read (docs/compiler.md, "Designed vocabulary"):

- ``land_types(Ab,F,S,M)``: the lands matching filter F have basic land type S (or
  ``all_basic``), M = ``set`` (instead of their other land types) or ``add`` (in addition) (305.7);
- ``grants_filter(Ab,F,G)``: the permanents matching F have the quoted ability G (613.1f);
- ``mana_trigger_on(Ab,F,W,R)``: Ab triggers whenever W (``any``/``you``) taps a permanent
  matching F for mana (or F "is tapped for mana"), and R (``you``, ``that_player``,
  ``its_controller``) adds the mana of Ab's mana facts (605.1b, 106.12a); carried out by
  kb/mana_triggers.lp (returned, not raised) for a filter kb/filters.lp knows, mana going to the
  player who tapped, and mana that is a set of options (:func:`_trigger_mana`);
- ``spell_mana(Ab)``: the spell ability Ab adds the mana of its mana facts (a ritual, 605.1a
  does not make it a mana ability).

The mana itself is given by :func:`mana_ir.designed_facts` (mana_amount, mana_combination,
mana_chosen, mana_produced, mana_reflect_filter). Each function here returns None if the line is
not its shape; otherwise it raises :class:`Unmodelled` carrying the facts, since the KB does not
carry them out yet: the line stays a note for the answers it could change.
"""

from dataclasses import replace

from ..terms import Const, Fn, fn
from . import affects, ir, mana_ir
from .conditions import self_status
from .shapes import GrantCtx, Unmodelled, filter_term
from .vocabulary import subtype_kinds

_BASIC = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _filter(obj):
    if isinstance(obj, ir.Obj) and obj.groups == ((ir.Char("noun", "permanent"),),) and not obj.qualifiers \
            and not obj.possessor:
        return Const("permanent")                       # "a permanent" (110.1)
    try:
        return filter_term(obj)
    except Unmodelled:
        return Const("not_modelled")


def _one_clause(sentences):
    if len(sentences) != 1:
        return None
    s = sentences[0]
    if s.kind != "sentence" or s.leads or s.tail is not None or len(s.clauses) != 1:
        return None
    c = s.clauses[0]
    return c if isinstance(c, ir.Clause) and not c.aux else None


def static(ctx, sentences):
    """Facts of a static ability or a spell's instructions in the designed vocabulary: the facts
    if the KB carries the shape out, Unmodelled with them if it does not, None if no shape fits."""
    for matcher in (_land_types, _granted, _ritual):
        facts = matcher(ctx, sentences)
        if facts is not None and facts[0] is None:       # a shape the KB carries out
            return facts[1]
        if facts is not None:
            raise Unmodelled(facts[0], facts[1])
    return None


def triggered(ctx, a):
    """The facts of a triggered mana ability: returned if the KB carries them out, raised with
    Unmodelled if they are the designed vocabulary only; None if A is not one."""
    found = _mana_trigger(ctx, a.trigger, a.effect)     # raises Unmodelled for a part the KB carries out
    if found is not None and found[0] is None:          # a shape kb/mana_triggers.lp carries out
        return found[1]
    if found is not None:
        raise Unmodelled(found[0], found[1])
    return None


def land_types_of(c):
    """(land types, mode) a clause "<lands> is/are <basic land types> [in addition to ...]" gives
    (305.7): types are subtype names or Const(all_basic); mode is set or add. Another land type
    ("Deserts", 205.3i) only in addition to the others: setting one is not the effect of 305.7. None if
    the clause is not that shape."""
    if not isinstance(c, ir.Clause) or c.verb_name != "is" or not isinstance(_lands_subject(c.subject), ir.Obj):
        return None
    args = [a for a in c.verb.args if not isinstance(a, str)]
    if len(args) != 1 or not isinstance(args[0], ir.Obj) or args[0].qualifiers or args[0].possessor:
        return None
    what = args[0]
    if what.groups == ((ir.Char("supertype", "basic"), ir.Char("card_type", "land"), ir.Node("type_word", ("type",))),):
        types = [Const("all_basic")]
    elif all(len(g) == 1 and isinstance(g[0], ir.Char) and g[0].kind == "subtype"
             and subtype_kinds().get(g[0].value) == "land types" and not g[0].negated for g in what.groups):
        types = [g[0].value for g in what.groups]
    else:
        return None
    if c.tails == ():
        return (types, "set") if all(t in _BASIC for t in types) else None
    if len(c.tails) == 1 and isinstance(c.tails[0], ir.Node) and c.tails[0].kind == "tail_in_addition_types":
        return types, "add"
    return None


def _lands_subject(subject):
    """The permanents of a subject "Lands you control and land cards you own that aren't on the
    battlefield": the first part (cards in other zones have no characteristics in a snapshot, so
    the second part changes no answer here); any other subject as it is."""
    if isinstance(subject, ir.Node) and subject.kind == "subjects" and len(subject.args) == 3 \
            and subject.args[1] == "and" and _off_battlefield(subject.args[2]):
        return subject.args[0]
    return subject


_NOT_ON_BATTLEFIELD = ir.Node("rel_that", ("that", ir.Node("rel_vp", (
    ir.Verb("is", (ir.Node("be_word", ("aren't",)), "on the battlefield")),))))


def _off_battlefield(obj):
    """"<type> cards you own that aren't on the battlefield"."""
    return isinstance(obj, ir.Obj) and obj.groups and obj.groups[0][-1:] == (ir.Char("noun", "cards"),) \
        and obj.qualifiers[-1:] == (_NOT_ON_BATTLEFIELD,)


def _land_types(ctx, sentences):
    """305.7: "Nonbasic lands are Mountains." / "Each land is a Swamp in addition to its other
    land types." / "Lands you control are every basic land type in addition to their other
    types." -> land_types(Ab,F,S,M)."""
    from .conditions import while_self_has_counter
    cond = None
    if len(sentences) == 1 and sentences[0].leads:
        # "As long as ~ has a conqueror counter on him, nonbasic lands are Mountains." (611.3a)
        cond = while_self_has_counter(sentences[0].leads)
        if cond is None:
            return None
        sentences = (replace(sentences[0], leads=()),)
    c = _one_clause(sentences)
    shape = land_types_of(c) if c is not None else None
    if shape is None:
        return None
    types, mode = shape
    f = _filter(_lands_subject(c.subject))
    facts = [("static", ctx.ab)] + [("land_types", ctx.ab, f, s, Const(mode)) for s in types]
    if cond is not None:
        facts.append(("static_if", ctx.ab, cond))
    if land_filter_known(f):
        return None, facts                  # kb/land_types.lp carries it out
    return "land types set by a static ability are not modelled for this scope", facts


def land_filter_known(f):
    """True if kb/land_types.lp selects the lands of filter f: card types and supertypes, and
    `and`/`non` of those (its type_filter_known/1), alone or as you_control(F) / attached(F). A
    filter that reads subtypes ("All Mountains are Plains") would depend on the effect's own result."""
    if isinstance(f, Fn) and f.name in ("you_control", "attached") and len(f.args) == 1:
        f = f.args[0]
    return _type_filter(f)


def _type_filter(f):
    if isinstance(f, Const):
        return f.name in mana_ir.CARD_TYPES
    if isinstance(f, Fn) and f.name == "supertype" and len(f.args) == 1:
        return isinstance(f.args[0], Const)
    if isinstance(f, Fn) and f.name == "and" and len(f.args) == 2:
        return all(_type_filter(a) for a in f.args)
    if isinstance(f, Fn) and f.name == "non" and len(f.args) == 1:
        return _type_filter(f.args[0])
    return False


def _granted(ctx, sentences):
    """613.1f: "<permanents> have "<ability>"" -> grants_filter(Ab,F,G) and G's own facts. Also
    the compound wordings: "<permanents> have <keywords> and "<ability>"" (each keyword its own
    granted ability, 113.2c), "Equipped creature gets +3/+3 and has ..." (attached_pt, 613.4c),
    "... has "<ability>" and "<ability>"", and "As long as enchanted permanent is a <type>, it has
    ..." (the filter attached(<type>))."""
    shape = _grant_shape(sentences)
    if shape is None:
        return None
    f, pt, keywords, quoted, strips, cond = shape
    if pt is not None:
        pt_fact = _grant_pt(ctx, f, pt)
        if pt_fact is None:
            return None
    facts = [("static", ctx.ab)]
    if cond is not None:
        facts.append(("grant_if", ctx.ab, cond))
    if pt is not None:
        facts.append(pt_fact)
    granted = grant_abilities(ctx, f, keywords, quoted)
    if granted is None:
        return None
    more, notes, answers = granted
    facts += more
    if strips:
        # 613.1f: "<permanents> have "<ability>" and lose all other abilities": one effect that
        # grants and removes (kb/lose_other_abilities.lp), for a filter that is not relative to
        # the granting permanent but "you control"
        if not strip_filter_known(f):
            return "abilities removed from these permanents are not modelled", facts
        facts.append(("loses_other_abilities", ctx.ab, f))
    if not grant_filter_known(f):
        return _grant_filter_reason(f), facts
    if notes:
        raise Unmodelled(notes[0], facts, affects=frozenset().union(*answers))
    if isinstance(f, Fn) and f.name == "chosen_name":
        # kb/granted_abilities.lp: the name chosen as the granting permanent entered (614.12, the
        # snapshot's `chosen: {card_name: N}`); with none recorded, every permanent matching the
        # rest of the filter could bear it and is given the ability (every choice covered for
        # could-produce and produce); whether one may be paid with does not read the choice
        raise Unmodelled("with no card name recorded for the granting permanent (614.12), every permanent "
                         "of the kind gets the ability (each choice covered); paying does not read the choice",
                         facts, affects=affects.PAYMENT | {"show"})
    return None, facts


def grant_abilities(ctx, f, keywords, quoted):
    """(facts, notes, answers) of the abilities a static ability Ab grants the permanents matching f:
    grants_filter(Ab,f,G) and G's own facts for each quoted ability and keyword (113.2c); a note (and
    the answers it concerns) for each whose effect is not carried out; None if a quoted ability is
    not an ability."""
    from .lower import lower, grant_keyword
    facts, notes, answers = [], [], []
    raw_quotes = ctx.raw.split('"')[1::2]
    for i, q in enumerate(quoted):
        # granted(Card,Line) for the first, unless this ability is itself one (a gated ability,
        # pyengine/compiler/gates.py): then granted(Ab,1)
        inner_ctx = GrantCtx(ctx.card, ctx.index, ctx.face, kind="granted",
                              tag=None if i == 0 and ctx.kind != "granted" else i + 1, outer=ctx.ab)
        inner = lower(inner_ctx, ir.Line(ctx.index, "", "", q))
        if not inner.ability:
            return None
        raw_inner = raw_quotes[i] if i < len(raw_quotes) else ""
        facts += [("grants_filter", ctx.ab, f, inner_ctx.ab), ("ability_text", inner_ctx.ab, raw_inner)] + inner.facts
        if not inner.modelled:
            # kb/granted_abilities.lp gives the ability; what it does is not carried out: the note
            # concerns the answers the quoted ability alone could change
            inner_line = ir.Line(ctx.index, "", "", q)
            notes.append(f"the granted ability: {inner.reason}")
            answers.append(inner.affects if inner.affects is not None
                           else affects.of_line(inner_line, ctx.face, inner.part))
    for k in keywords:
        kw_ctx = GrantCtx(ctx.card, ctx.index, ctx.face, kind="granted", tag=Const(k.name.replace(" ", "_")),
                           outer=ctx.ab)
        try:
            kw_facts = grant_keyword(kw_ctx, k)
        except Unmodelled as e:
            notes.append(f"the granted keyword: {e}")
            answers.append(e.affects if e.affects is not None else affects.keyword(k.name))
            continue
        facts += [("grants_filter", ctx.ab, f, kw_ctx.ab)] + kw_facts
    return facts, notes, answers


def _grant_filter_reason(f):
    """Why a grant to the permanents matching f is not carried out: a filter on a keyword or power
    ("Creatures you control with defender have ...") reads what layer effects, this one among them,
    change (613.8 dependencies are not modelled: kb/final_filters.lp is read by mana only)."""
    inner = f.args[0] if isinstance(f, Fn) and f.name in ("you_control", "attached") and len(f.args) == 1 else f
    if mana_ir.final_filter(inner):
        return "abilities granted to permanents chosen by a keyword or power are not modelled (613.8 dependencies)"
    return "abilities granted to these permanents are not modelled"


def _grant_shape(sentences):
    """(filter, P/T change text or None, keywords, quoted abilities) of a granting sentence; None
    if the sentence is not one."""
    if len(sentences) != 1:
        return None
    s = sentences[0]
    if s.kind != "sentence" or s.tail is not None or not s.clauses:
        return None
    cs = s.clauses
    if not all(isinstance(c, ir.Clause) and not c.aux and not c.tails for c in cs) \
            or any(c.subject is not None for c in cs[1:]) or any(j != "and" for j in s.joins):
        return None
    cond = None
    if s.leads and isinstance(cs[0].subject, ir.Obj):
        cond = _grant_condition(s.leads)
        if cond is None:
            return None
        f = grant_filter(cs[0].subject)
    elif s.leads:
        f = _as_long_as_attached(s.leads)
        if f is None or cs[0].subject != ir.Ref("it"):
            return None
    elif isinstance(cs[0].subject, ir.Obj):
        f = grant_filter(cs[0].subject)
    else:
        return None
    strips = len(cs) == 2 and cs[1].verb == _LOSE_OTHERS and not s.leads
    if strips:
        cs = cs[:1]
    have = cs[-1]
    if have.verb_name != "have" or len(cs) > 2:
        return None
    pt = None
    if len(cs) == 2:
        get = cs[0]
        if get.verb_name != "get" or len(get.verb.args) != 2 or not isinstance(get.verb.args[1], str):
            return None
        pt = get.verb.args[1]
        if s.leads and f != fn("attached", Const("creature")):
            # a P/T change only while a condition holds is not attached_pt, but for "As long as
            # enchanted permanent is a creature, it gets +1/+3": a noncreature has no P/T (208.3)
            return None
    items = have_items(have.verb)
    if items is None or not items[1]:
        return None
    return f, pt, items[0], items[1], strips, cond


def have_items(verb):
    """(keywords, quoted abilities) of 'has <keywords> and "<ability>" and "<ability>"' (113.2c);
    None for anything else."""
    items = [a for a in verb.args if not isinstance(a, str) and not (isinstance(a, ir.Node) and a.kind == "have_word")]
    if len(items) == 1 and isinstance(items[0], ir.Node) and items[0].kind == "have_what":
        items = list(items[0].args)
    return ability_items(items)


def ability_items(items):
    """(keywords, quoted abilities) of the parts of 'have ...' or 'with ...' (a keyword list, an
    ability in quotes, 'and "<ability>"'); None if a part is anything else or there is none."""
    keywords, quoted = [], []
    for a in items:
        if isinstance(a, ir.Node) and a.kind == "quoted_ability" and len(a.args) == 1:
            quoted.append(a.args[0])
        elif isinstance(a, ir.Node) and a.kind == "quoted_and" and len(a.args) == 2:
            quoted.append(a.args[1])
        elif isinstance(a, ir.Node) and a.kind == "keyword_list" and all(isinstance(k, ir.Keyword) for k in a.args):
            keywords += list(a.args)
        else:
            return None
    return (keywords, quoted) if items else None


def _grant_condition(leads):
    """The condition of "As long as you control six or more lands, <permanents> have ...":
    you_control_at_least(F,N) for a filter kb/filters.lp knows (read before layer 6, so that the
    grant never depends on itself: kb/granted_abilities.lp), or None."""
    if len(leads) != 1 or not isinstance(leads[0], ir.Node) or leads[0].kind != "lead_as_long_as":
        return None
    if _in_own_graveyard(leads[0]):
        return Const("self_in_graveyard")
    from .conditions import condition
    term = condition(leads[0])
    if not (isinstance(term, Fn) and term.name == "you_control_at_least" and mana_ir.known_filter(term.args[0])):
        return None
    return term


# "As long as this card is in your graveyard, ...": the ability functions only from its owner's graveyard
# (113.6b; a card goes to its owner's graveyard, 404.2, and "your" is its owner's, 109.5)
_SELF_IN_YOUR_GRAVEYARD = ir.Verb("is", (ir.Node("be_word", ("is",)), "in", ir.Zone("graveyard", ir.Ref("you", ""), "")))


def _in_own_graveyard(lead):
    """Whether the lead is "As long as this card is in your graveyard," (113.6b)."""
    clauses, joins = lead.args[1]
    return len(clauses) == 1 and not joins and isinstance(clauses[0], ir.Clause) and not clauses[0].aux \
        and not clauses[0].tails and clauses[0].subject == ir.Ref("self", "this card") \
        and clauses[0].verb == _SELF_IN_YOUR_GRAVEYARD


_LOSE_OTHERS = ir.Verb("lose_abilities", ("lose", "all other abilities"))


def strip_filter_known(f):
    """A filter kb/lose_other_abilities.lp reads: one of kb/filters.lp, alone or as you_control(F) or
    attached(F)."""
    if isinstance(f, Fn) and f.name in ("you_control", "attached") and len(f.args) == 1:
        f = f.args[0]
    return not (isinstance(f, Fn) and f.name in ("attached", "other")) and mana_ir.known_filter(f)


def _as_long_as_attached(leads):
    """attached(T) for the lead "As long as enchanted permanent is a <card type>," (303.4: the
    permanent the Aura is attached to, while it has that type); None otherwise."""
    if len(leads) != 1 or not isinstance(leads[0], ir.Node) or leads[0].kind != "lead_as_long_as":
        return None
    clauses, joins = leads[0].args[1]
    if len(clauses) != 1 or joins:
        return None
    c = clauses[0]
    enchanted = ((ir.Char("status", "enchanted"), ir.Char("noun", "permanent")),)
    if not isinstance(c, ir.Clause) or c.aux or c.tails or c.verb_name != "is" \
            or not isinstance(c.subject, ir.Obj) or c.subject.groups != enchanted or c.subject.qualifiers:
        return None
    what = [a for a in c.verb.args if not isinstance(a, str)]
    if len(what) != 1 or not isinstance(what[0], ir.Obj) or what[0].qualifiers or what[0].possessor \
            or len(what[0].groups) != 1 or len(what[0].groups[0]) != 1:
        return None
    t = what[0].groups[0][0]
    if t.kind != "card_type" or t.negated or t.value not in mana_ir.CARD_TYPES:
        return None
    return fn("attached", Const(t.value))


def _grant_pt(ctx, f, text):
    """The P/T fact of "<attached creature> gets +P/+T and has ...": attached_pt(Ab,P,T) (613.4c)
    for "enchanted/equipped creature"; None for any other filter (a note)."""
    from .lower_effects import _pt_mod
    pt = _pt_mod(text)
    if pt is None or f != fn("attached", Const("creature")):
        return None
    return ("attached_pt", ctx.ab, *pt)


def grant_filter_known(f):
    """True if kb/granted_abilities.lp carries out a grant to the permanents matching f: a filter
    kb/filters.lp knows, alone or as you_control(F) / attached(F) / other(F) /
    you_control(other(F)) / chosen_name(F) (613.1f)."""
    if isinstance(f, Fn) and f.name == "chosen_name" and len(f.args) == 1:
        f = f.args[0]
        if isinstance(f, Fn) and f.name == "you_control" and len(f.args) == 1:
            f = f.args[0]
        return mana_ir.known_filter(f)
    if isinstance(f, Fn) and f.name in ("you_control", "attached") and len(f.args) == 1:
        f = f.args[0]
    if isinstance(f, Fn) and f.name == "other" and len(f.args) == 1:
        f = f.args[0]
    return mana_ir.known_filter(f)


_OTHER = Fn("status", (Const("other"),))
_WITH_CHOSEN_NAME = ir.Node("with_q", ("with", ir.Node("with_chosen_name", ("the chosen name",))))


def grant_filter(obj):
    """The filter of the permanents a granting ability names. "Other Caves you control" /
    "Other permanents you control" / "All other Slivers": the filter term's status(other) (relative
    to the granting permanent, which kb/filters.lp does not interpret) is taken out as other(F),
    which kb/granted_abilities.lp reads (F = permanent when nothing else is named). "Lands with the
    chosen name" (the card name chosen as the granting permanent entered, 614.12, 607.2d) is
    chosen_name(F), relative to the granting permanent too; "Creatures you control with the chosen
    name" is chosen_name(you_control(F))."""
    if isinstance(obj, ir.Obj) and obj.qualifiers and obj.qualifiers[-1] == _WITH_CHOSEN_NAME:
        f = _filter(replace(obj, qualifiers=obj.qualifiers[:-1]))
        mine = isinstance(f, Fn) and f.name == "you_control" and len(f.args) == 1
        return fn("chosen_name", f) if mana_ir.known_filter(f.args[0] if mine else f) else Const("not_modelled")
    f = _filter(obj)
    scope = None
    if isinstance(f, Fn) and f.name == "you_control" and len(f.args) == 1:
        scope, f = "you_control", f.args[0]
    if f == _OTHER:
        f = fn("other", Const("permanent"))
    elif isinstance(f, Fn) and f.name == "and" and f.args[0] == _OTHER:
        f = fn("other", f.args[1])
    return fn(scope, f) if scope else f


def _ritual(ctx, sentences):
    """A spell that adds mana ("Add {B}{B}{B}."): spell_mana(Ab) and its mana facts."""
    if not ctx.is_spell or not sentences:
        return None
    mana = mana_ir.of_sentence(sentences[0])
    if mana is None or mana.kind == "other":
        return None
    return "mana added by a spell is not modelled", [("spell_mana", ctx.ab)] + mana_ir.designed_facts(ctx.ab, mana)


def _tapped_for_kind(clause):
    """(filter term, who, type) of "you tap a permanent for {C}" / "a player taps a land for {C}"
    (106.12: tapped for mana that includes that type); None otherwise."""
    if not isinstance(clause, ir.Clause) or clause.aux or clause.tails or clause.verb_name != "tap":
        return None
    v = clause.verb
    if len(v.args) != 4 or v.args[2] != "for" or not isinstance(v.args[1], ir.Obj) \
            or not isinstance(v.args[3], ir.ManaCost):
        return None
    pips = mana_ir._pips(v.args[3])
    if not pips or len(pips) != 1 or pips[0][1] != 1:
        return None
    event = _tapped_for_mana(ir.Clause(clause.subject, None, ir.Verb("tap", v.args[:2]),
                                       (ir.Node("tail_for_mana", ("for mana",)),)))
    return None if event is None else (event[0], event[1], pips[0][0])


def _tapped_for_mana(clause):
    """(filter term, who) of "<permanent> is tapped for mana" / "<player> taps <permanent> for
    mana" (106.12); None otherwise."""
    if not isinstance(clause, ir.Clause) or clause.aux or clause.tails != (ir.Node("tail_for_mana", ("for mana",)),):
        return None
    v = clause.verb
    if v.name == "passive" and v.args[1:] == ("tapped",) and isinstance(clause.subject, ir.Obj):
        return _filter(clause.subject), "any"
    if v.name == "tap" and len(v.args) == 2 and isinstance(v.args[1], ir.Obj):
        if clause.subject == ir.Ref("you"):
            return _filter(v.args[1]), "you"
        if isinstance(clause.subject, ir.Obj) and clause.subject.groups == ((ir.Char("noun", "player"),),):
            return _filter(v.args[1]), "any"
    return None


def _recipient(subject):
    if subject is None or subject == ir.Ref("you"):
        return "you"
    if isinstance(subject, ir.Obj) and subject.groups == ((ir.Char("noun", "player"),),) \
            and subject.quantity == ir.Quantity("that"):
        return "that_player"
    if isinstance(subject, ir.Obj) and subject.groups == ((ir.Char("noun", "controller"),),) \
            and subject.possessor == ir.Ref("it"):
        return "its_controller"
    return None


def _mana_trigger(ctx, t, effect):
    """605.1b: "Whenever enchanted Forest is tapped for mana, its controller adds an additional
    one mana of the chosen color." / "Whenever you tap a creature for mana, add an additional
    {G}." -> mana_trigger_on(Ab,F,W,R) and the mana's facts."""
    if t.word != "whenever" or len(t.clauses) != 1:
        return None
    chosen = _chosen_color_trigger(ctx, t.clauses[0], effect)
    if chosen is not None:
        return chosen
    clause, gate = _while_monarch(t.clauses[0])
    event, kind = _tapped_for_mana(clause), None
    if event is None:
        found = _tapped_for_kind(clause)
        event, kind = (found[:2], found[2]) if found is not None else (None, None)
    if event is None or not effect:
        return None
    s, rider = _mana_and_rider(effect)
    if s is not None and gate is None and len(s.leads) == 1 and self_status(s.leads[0]) is not None:
        # 603.4: "if ~ is tapped," an intervening "if" on the trigger's own permanent
        gate, s = self_status(s.leads[0]).name, replace(s, leads=())
    if s is None or s.kind != "sentence" or s.leads or len(s.clauses) != 1:
        return None
    c = s.clauses[0]
    mana = mana_ir.of_sentence(s)
    who = _recipient(c.subject) if isinstance(c, ir.Clause) else None
    if mana is None or mana.kind == "other" or who is None:
        return None
    facts = [("triggered", ctx.ab), ("mana_trigger_on", ctx.ab, event[0], Const(event[1]), Const(who))]
    known = _trigger_mana(ctx.ab, event, who, mana)
    if kind is not None:
        # 106.12: only when the permanent is tapped for mana of that type (kb/mana_triggers.lp reads
        # it for a trigger adding its own options; not for one adding a type the permanent produced)
        if known is None or any(f[0] == "mana_trigger" for f in known):
            return None
        known = known + [("mana_trigger_kind", ctx.ab, Const(kind))]
    if gate is not None:
        if known is None or (gate == "monarch" and event[1] != "you"):
            return None
        # 603.2: it triggers only while its controller is the monarch, 603.4: only while its own
        # permanent is tapped (untapped) (kb/mana_triggers.lp)
        known = known + [("mana_trigger_while", ctx.ab, Const(gate))]
    if known is not None and rider:
        # 605.1b: the mana is added as the trigger resolves, which kb/mana_triggers.lp carries out;
        # what the rest does ("this enchantment deals 1 damage to the player", "That land doesn't
        # untap ...") is a note for the answers it could change (an action's result, untapping)
        part = ir.Static(tuple(rider))
        raise Unmodelled("what the mana trigger does besides adding mana is not modelled", known,
                         affects=affects.of_line(ir.Line(0, "", "", part), None))
    if known is not None:
        return None, known
    if rider:
        return None
    return "this mana trigger is not modelled", facts + mana_ir.designed_facts(ctx.ab, mana)


_FOR_CHOSEN_COLOR = ir.Node("tail_for_mana_of", ("for mana of the chosen color",))
_ADDS_CHOSEN = ir.Verb("add_mana", ("add", ir.Node("mana_one_or_more_chosen", ("one or more mana of the chosen color",))))


def _chosen_color_event(clause):
    """(filter term, who) of "<permanent> is tapped for mana of the chosen color" (106.12: tapped for
    mana that includes that color; any player) or "<a land>'s ability causes you to add one or more
    mana of the chosen color" (106.12a; you); None otherwise."""
    if not isinstance(clause, ir.Clause) or clause.aux:
        return None
    v = clause.verb
    if clause.tails == (_FOR_CHOSEN_COLOR,) and isinstance(v, ir.Verb) and v.name == "passive" \
            and v.args[1:] == ("tapped",) and isinstance(clause.subject, ir.Obj):
        return _filter(clause.subject), "any"
    s = clause.subject
    if not clause.tails and v == ir.Node("causes", ("cause", ir.Ref("you"), "to", _ADDS_CHOSEN)) \
            and isinstance(s, ir.Obj) and s.groups == ((ir.Char("noun", "ability"),),) and s.quantity is None \
            and not s.qualifiers and isinstance(s.possessor, ir.Obj) and s.possessor.quantity == ir.Quantity("a") \
            and not s.possessor.possessor:
        return _filter(s.possessor), "you"
    return None


def _chosen_color_trigger(ctx, clause, effect):
    """"Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional
    one mana of that color" (Gauntlet of Power) / "Whenever a land's ability causes you to add one or
    more mana of the chosen color, add an additional one mana of that color" (Caged Sun): the trigger
    fires on the mana the land's ability produced, only when it includes the color chosen for the
    trigger's permanent as it entered (106.12, 106.12a, 607.2d, 614.12), once per event (603.2c), and
    adds one mana of that color to the player who tapped -> mana_trigger_on(Ab,F,W,R),
    mana_chosen(Ab,1,1), mana_trigger_chosen(Ab) (kb/mana_triggers.lp). None for another shape; the
    designed facts as a note for a filter kb/filters.lp does not know or another recipient."""
    event = _chosen_color_event(clause)
    if event is None or len(effect) != 1:
        return None
    s = effect[0]
    if s.kind != "sentence" or s.leads or s.tail is not None or len(s.clauses) != 1 \
            or not isinstance(s.clauses[0], ir.Clause) or s.clauses[0].aux or s.clauses[0].tails:
        return None
    mana = mana_ir.of_sentence(s)
    who = _recipient(s.clauses[0].subject)
    if mana is None or mana.kind != "that_color" or not mana.additional or mana.amount != ir.Number(1) \
            or mana.count is not None or who is None:
        return None
    f, w = event
    facts = [("triggered", ctx.ab), ("mana_trigger_on", ctx.ab, f, Const(w), Const(who)),
             ("mana_chosen", ctx.ab, 1, 1), ("mana_trigger_chosen", ctx.ab)]
    if not mana_ir.known_filter(f) or (w, who) not in _TO_TAPPER:
        return "this mana trigger is not modelled", facts
    if w == "you":
        # 106.12a: "a land's ability causes you to add" also fires on a land's mana ability that does
        # not tap it ({1}, Remove X storage counters: ...), which the KB does not tell apart from any
        # other permanent's (kb/mana_replacement.lp: signature 0): kept a note for every answer
        raise Unmodelled("the trigger is carried out for tapping a land for mana, not for a land's mana "
                         "ability that doesn't tap it", facts)
    # 607.2d: as for a mana ability of the chosen color, paying with that mana is a note
    raise Unmodelled("mana of the chosen color: produce reads the snapshot's `chosen` color of the trigger's "
                     "permanent (every color when it is not given); paying with that mana is not modelled yet",
                     facts, affects=affects.PAYMENT)


_WHILE_MONARCH = ir.Node("tail_while", ("while", ir.Clause(ir.Ref("you"), None, ir.Verb("is", ("are", ir.Obj(
    ir.Quantity("the"), None, ((ir.Char("noun", "monarch"),),), (), ()))), ())))


def _while_monarch(clause):
    """(the event clause, "monarch") of "you tap a land for mana while you're the monarch" (724.1:
    a designation a player has; the trigger condition is checked as the event happens, 603.2),
    (CLAUSE, None) for a clause without that condition."""
    if isinstance(clause, ir.Clause) and clause.tails and clause.tails[-1] == _WHILE_MONARCH:
        return replace(clause, tails=clause.tails[:-1]), "monarch"
    return clause, None


def _mana_and_rider(effect):
    """(the sentence that adds the mana, [the sentences of what else the trigger does]): the mana
    in the first clause of the first sentence; a rider joined to it by ", and" ("..., and this
    enchantment deals 1 damage to the player") or in the sentences after it. A rider that mentions
    mana, or refers to a choice, is not separated: (None, None)."""
    first, rest = effect[0], list(effect[1:])
    if first.kind != "sentence" or first.tail is not None or not first.clauses:
        return None, None
    if len(first.clauses) > 1:
        if first.joins != (", and",) or len(first.clauses) != 2:
            return None, None
        rest.insert(0, ir.Sentence((), first.clauses[1:]))
        first = ir.Sentence(first.leads, first.clauses[:1])
    if any(affects.mentions_mana(r) or r.kind != "sentence" for r in rest):
        return None, None
    return first, rest


# 602.2: only a permanent's controller activates its mana abilities, so "that player" / "its
# controller" of a trigger on any player tapping is the player who tapped, as "you" is when you tap
_TO_TAPPER = {("any", "that_player"), ("any", "its_controller"), ("you", "you")}


def _trigger_mana(ab, event, who, mana):
    """The facts kb/mana_triggers.lp carries out for a triggered mana ability (106.12a, 605.1b) on
    tapping a permanent of a filter kb/filters.lp knows, whose mana goes to the player who tapped:
    mana_trigger(Ab,F,W) for one mana of any type that permanent produced; mana_trigger_on(Ab,F,W,R)
    with the mana's own facts (fixed, one mana of any color, a combination: its option vectors).
    None for any other shape (the designed facts then stay a note)."""
    f, w = event
    if isinstance(f, Fn) and f.name == "attached" and len(f.args) == 1:
        # 303.4: "enchanted land": the permanent the Aura is attached to, whoever taps it (its controller)
        if not mana_ir.known_filter(f.args[0]) or (w, who) != ("any", "its_controller") or mana.kind == "produced":
            return None
    elif not mana_ir.known_filter(f) or (w, who) not in _TO_TAPPER:
        return None
    if mana.count is not None:
        return _counted_trigger(ab, f, w, who, mana)
    if mana.kind == "chosen" and isinstance(f, Fn) and f.name == "attached" and not mana.options \
            and isinstance(mana.amount, ir.Number) and isinstance(mana.amount.value, int):
        # 607.2d: the color chosen for the Aura as it entered, the snapshot's (kb/chosen_mana.lp,
        # kb/mana_triggers.lp); as for a mana ability of the chosen color, paying with it is a note
        raise Unmodelled("mana of the chosen color: produce reads the snapshot's `chosen` color of the Aura "
                         "(every color when it is not given); paying with that mana is not modelled yet",
                         [("triggered", ab), ("mana_trigger_on", ab, f, Const(w), Const(who)),
                          ("mana_chosen", ab, 1, mana.amount.value)], affects=affects.PAYMENT)
    if mana.kind == "produced":
        if mana.amount != ir.Number(1) or mana.reflect != "type":
            return None
        return [("triggered", ab), ("mana_trigger", ab, f, Const(w))]
    if mana.kind not in ("fixed", "choice", "any_color", "any_one_color", "combination"):
        return None
    try:
        own = mana_ir.facts(ab, replace(mana, additional=False))
    except Unmodelled:
        return None
    if not all(fact[0] in ("mana_option", "mana_combination", "mana_combination_type") for fact in own):
        return None
    return [("triggered", ab), ("mana_trigger_on", ab, f, Const(w), Const(who))] + own



def _counted_trigger(ab, f, w, who, mana):
    """"Whenever enchanted land is tapped for mana, its controller adds an additional {G} for each Elf on
    the battlefield": one mana of a type for each permanent on the battlefield matching a filter
    kb/final_filters.lp knows, counted as the trigger resolves (608.2h; kb/mana_triggers.lp reads it
    for an Aura's trigger only) -> mana_trigger_on(Ab,attached(F),any,its_controller) and
    mana_amount(Ab,1,T,count(G)). None for any other amount (one counted on "you": whose?)."""
    if not (isinstance(f, Fn) and f.name == "attached") or mana.kind != "fixed":
        return None
    try:
        own = mana_ir.facts(ab, replace(mana, additional=False))
    except Unmodelled:
        return None
    if len(own) != 1 or own[0][0] != "mana_amount":
        return None
    amount = own[0][4]
    if not (isinstance(amount, Fn) and amount.name == "count" and len(amount.args) == 1) \
            or getattr(amount.args[0], "name", None) in ("you_control", "opponent_controls") \
            or not mana_ir.final_filter(amount.args[0]):
        return None
    return [("triggered", ab), ("mana_trigger_on", ab, f, Const(w), Const(who))] + own
