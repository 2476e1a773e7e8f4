"""Abilities a permanent has only while a condition holds (611.3a), in the condition language of
kb/gates.lp (the terms are listed there):

- a level symbol "LEVEL N1-N2" / "LEVEL N3+" (711.2a-b): the abilities and the P/T box of its
  striation, while the creature has N1 to N2 (N3 or more) level counters:
  ``and(self_counters("level",N1),non(self_counters("level",N2+1)))`` / ``self_counters("level",N3)``;
- a class level bar "[Cost]: Level N" (716.2a): the abilities after it, while the Class's level is N
  or greater: ``class_level(N)``;
- "Max speed — [Ability]" (702.178a): while its controller's speed is 4: ``max_speed``;
- a station symbol "N+ | [Ability]" (721.2a): while it has N or more charge counters:
  ``self_counters("charge",N)``;
- "As long as ~ is renowned, it has ..." (702.112b): ``renowned``; "As long as ~ has a K counter on
  it" / "N or more K counters": ``self_counters(K,N)``; "As long as there are N or more cards in
  your graveyard" (404.1): ``graveyard_at_least(N)``, "fewer than N": ``non(graveyard_at_least(N))``;
  "As long as there are two or more creature cards in your graveyard" / "there's a Lesson card in
  your graveyard": ``graveyard_has(K,N)``; "As long as the top card of your library is a land
  card" (401.1): ``top_of_library(K)`` (:func:`state_condition`, :func:`clause_condition`).

:func:`self_while` also reads the condition written after the clause ("~ has firebending 2 as
long as there's a Lesson card in your graveyard").

:func:`self_while` reads a static ability "As long as <state condition>, ..." about the permanent
itself: "it has <keywords> and "<ability>"" (ability_while/3 for each), "it's a <card type>"
(205.1a: that type instead of its others, ``self_types_while(Ab,C,set,T)``), "~ isn't a <card
type>" (``self_types_while(Ab,C,remove,T)``), read by kb/gates.lp in layer 4 (613.1d).

:func:`gated` gives the static ability of the symbol, ``static(Ab)`` with
``ability_while(Ab,C,G)``, G = granted(Card,Line) the ability printed with it compiled like a
printed one (or, for a level's P/T box, ``sets_base_pt(G,P,T)``, 613.4b): kb/objects.lp counts G
among the permanent's text abilities while C holds.
"""

import re

from ..terms import Const, fn
from . import affects, ir
from .conditions import counter_count
from .lower_types import IN_ADDITION, one_card_type
from .mana_ir import CARD_TYPES as _CARD_TYPES
from .shapes import Ctx, GrantCtx, Unmodelled, as_long_as_clause, is_self

MAX_SPEED = Const("max_speed")          # 702.178a, 702.179e
RENOWNED = Const("renowned")            # 702.112b


def level(low, high):
    """711.2a-b: at least LOW level counters, and no more than HIGH (None: "N3+")."""
    at_least = fn("self_counters", "level", low)
    return at_least if high is None else fn("and", at_least, fn("non", fn("self_counters", "level", high + 1)))


def class_level(n):
    """716.2a: the Class's level is N or greater."""
    return fn("class_level", n)


def station(n):
    """721.2a: N or more charge counters on the permanent."""
    return fn("self_counters", "charge", n)


def header(ability):
    """The condition a level header or class level bar sets for the lines after it (711.2,
    716.2: the abilities printed in its striation), or None if ABILITY is neither."""
    if isinstance(ability, ir.Level) and ability.low is not None:
        return level(ability.low, ability.high)
    if isinstance(ability, ir.ClassLevel):
        return class_level(ability.level)
    return None


_PT = re.compile(r"^(-?[0-9]+)/(-?[0-9]+)$")


def gated(ctx, ability, cond, raw, text, what, tag=None):
    """The facts of the static ability "as long as COND, this permanent has ABILITY" (printed as
    RAW, normalised TEXT): Unmodelled, with those facts, when ABILITY is not carried out (a note for
    what that ability could change, its reason starting with WHAT); Unmodelled without facts when
    it is not an ability the KB knows (the note is then for what it could change, had or not).
    G is granted(Card,Line), or granted(Ab,TAG) for one of several abilities of the line."""
    from .lower import lower
    inner_ctx = Ctx(ctx.card, ctx.index, ctx.face, kind="granted", raw=raw, text=text) if tag is None else \
        GrantCtx(ctx.card, ctx.index, ctx.face, kind="granted", raw=raw, text=text, tag=tag, outer=ctx.ab)
    g = inner_ctx.ab
    if isinstance(ability, ir.Level) and ability.pt is not None:
        m = _PT.match(ability.pt)
        if not m:
            raise Unmodelled(f"{what}: a power and toughness the KB does not read (208.2a)")
        inner_facts = [("static", g), ("sets_base_pt", g, int(m.group(1)), int(m.group(2)))]
        return [("static", ctx.ab), ("ability_while", ctx.ab, cond, g), ("ability_text", g, raw)] + inner_facts
    inner = lower(inner_ctx, ir.Line(ctx.index, raw, text, ability))
    if not inner.ability:
        answers = inner.affects
        if answers is None and isinstance(ability, ir.Keywords):
            answers = affects.of_ability(ability)       # a keyword the KB lacks: what it changes (702)
        raise Unmodelled(f"{what}: {inner.reason}", affects=answers)
    facts = [("static", ctx.ab), ("ability_while", ctx.ab, cond, g), ("ability_text", g, raw)] + inner.facts
    if not inner.modelled:
        raise Unmodelled(f"{what}: {inner.reason}", facts, part=inner.part, affects=inner.affects)
    return facts


# --- "As long as <condition>, <the permanent itself> ..." (611.3a) ---------------------------------

def state_condition(lead):
    """The state condition (kb/gates.lp) of a lead "As long as <clause>," about the permanent
    itself or its controller's graveyard or library, or None."""
    return clause_condition(as_long_as_clause(lead))


def clause_condition(c):
    """The state condition of the clause of "as long as <clause>" (611.3a), or None."""
    if c is None or c.aux or c.tails:
        return None
    if is_self(c.subject) and c.verb == _IS_RENOWNED:
        return RENOWNED                                     # 702.112b
    if is_self(c.subject) and c.verb_name == "have":
        counted = counter_count(c.verb)                     # 122.1
        return None if counted is None else fn("self_counters", *counted)
    if c.subject is None and c.verb_name == "is" and c.verb.args[:2] in (("there", "are"), ("there", "is")):
        return _graveyard_size(c.verb.args[2:])
    if _is_top_of_library(c.subject) and c.verb_name == "is" and len(c.verb.args) == 2 \
            and isinstance(c.verb.args[1], ir.Obj) and not c.verb.args[1].qualifiers \
            and c.verb.args[1].quantity in ir.A_OR_AN:
        k = _card_kind(c.verb.args[1])
        return None if k is None else fn("top_of_library", k)          # 401.1
    return None


def _is_top_of_library(x):
    """"the top card of your library" (401.1)."""
    return isinstance(x, ir.Obj) and not x.possessor and x.quantity == ir.Quantity("top") \
        and x.groups == ((ir.Char("noun", "card"),),) and x.qualifiers == (
            ir.Node("of_zone", (ir.Zone("library", ir.Ref("you", ""), ""),)),)


def _card_kind(obj):
    """The kind K of "a land card" / "two or more creature cards" / "a Lesson card" (a card type, or
    subtype(S): 205.2a, 205.3), for kb/gates.lp's zone_card_is/2; "cards" alone is any; None if
    the object names anything else."""
    if obj.possessor or len(obj.groups) != 1:
        return None
    chars = obj.groups[0]
    if not chars or chars[-1] not in (ir.Char("noun", "card"), ir.Char("noun", "cards")):
        return None
    if len(chars) == 1:
        return "any"
    if len(chars) != 2 or chars[0].negated:
        return None
    if chars[0].kind == "card_type" and chars[0].value in _CARD_TYPES:
        return Const(chars[0].value)
    if chars[0].kind == "subtype":
        return fn("subtype", chars[0].value)
    return None


_IS_RENOWNED = ir.Verb("is", ("is", ir.Obj(None, None, ((ir.Char("status", "renowned"),),), (), ())))
_YOUR_GRAVEYARD = (ir.Node("in_zone", ("in", ir.Zone("graveyard", ir.Ref("you", ""), ""))),)


def _graveyard_size(args):
    """"there are N or more cards in your graveyard" -> graveyard_at_least(N); "fewer than N" ->
    non(graveyard_at_least(N)) (404.1); "there are N or more creature cards" / "there's a Lesson
    card in your graveyard" -> graveyard_has(K,N) (K: :func:`_card_kind`)."""
    if len(args) != 1 or not isinstance(args[0], ir.Obj):
        return None
    obj = args[0]
    kind = _card_kind(obj)
    if kind is None or obj.qualifiers != _YOUR_GRAVEYARD or obj.quantity is None:
        return None
    if obj.quantity in ir.A_OR_AN:
        n = 1
    elif isinstance(obj.quantity.number, ir.Number) and isinstance(obj.quantity.number.value, int):
        n = obj.quantity.number.value
    else:
        return None
    at_least = fn("graveyard_at_least", n) if kind == "any" else fn("graveyard_has", kind, n)
    if obj.quantity.word in ("or more", "a", "an"):
        return at_least
    if obj.quantity.word == "fewer than":
        return fn("non", at_least)
    return None


def self_while(ctx, sentences):
    """The facts of "As long as <state condition>, <the permanent> has / is / isn't ..." (see the
    module doc; clauses joined by "and" each), or None if the ability is not that shape."""
    if ctx.is_spell or ctx.kind != "ab" or len(sentences) != 1:
        return None
    s = sentences[0]
    if len(s.leads) > 1 or s.tail is not None or any(j != "and" for j in s.joins):
        return None
    clauses = list(s.clauses)
    if s.leads:
        cond = lead_condition(s.leads[0])
    elif len(clauses) == 1:
        clauses[0], cond = _trailing_condition(clauses[0])
    else:
        return None
    if cond is None:
        return None
    facts, unmodelled = [("static", ctx.ab)], []
    for i, c in enumerate(clauses):
        if i and isinstance(c, ir.Clause) and c.subject is None:
            c = ir.Clause(ir.Ref("it", ""), c.aux, c.verb, c.tails)     # "... gets +2/+2 and is ...": the same subject
        try:
            more = _self_clause(ctx, c, cond)
        except Unmodelled as e:
            more = list(e.facts)
            unmodelled.append(e)
        if more is None:
            return None
        facts += more
    return _all_or_unmodelled(facts, unmodelled)


def _all_or_unmodelled(facts, unmodelled):
    """FACTS (each once: static(Ab) is given by each part), or, if a part was not modelled, an
    Unmodelled carrying them, a note for every answer any such part could change."""
    facts = list(dict.fromkeys(facts))
    if unmodelled:
        answers = [e.affects for e in unmodelled]
        raise Unmodelled(str(unmodelled[0]), facts,
                         affects=None if None in answers else frozenset().union(*answers))
    return facts


YOUR_TURN = Const("your_turn")          # 500.1
_DURING = {"your turn": YOUR_TURN, "turns other than yours": fn("non", YOUR_TURN)}


def lead_condition(lead):
    """The state condition of a lead "As long as <condition>," or "During turns other than yours,"
    / "During your turn," (500.1: whose turn it is), or None."""
    if isinstance(lead, ir.Node) and lead.kind == "lead_during" and len(lead.args) == 2 \
            and isinstance(lead.args[1], ir.Node) and lead.args[1].kind == "turn_ref" and len(lead.args[1].args) == 1:
        return _DURING.get(lead.args[1].args[0])
    return state_condition(lead)


def _self_clause(ctx, c, cond):
    """The facts of one clause about the permanent itself under COND, or None."""
    ab = ctx.ab
    if isinstance(c, ir.Node) and c.kind == "its_clause" and len(c.args) == 2:
        t = one_card_type(c.args[1])                           # "it's a land": 205.1a
        if t is not None:
            return [("self_types_while", ab, cond, Const("set"), Const(t))]
        return _becomes(ctx, c.args[1], cond, in_addition=False)
    if isinstance(c, ir.Node) and c.kind == "its_clause" and len(c.args) == 3 and c.args[2] == IN_ADDITION:
        return _becomes(ctx, c.args[1], cond, in_addition=True)  # "it's a 0/0 creature in addition to ...": 205.1b
    if not isinstance(c, ir.Clause) or c.aux or c.tails or not (is_self(c.subject) or c.subject == ir.Ref("it", "")):
        return None
    if c.verb_name == "is" and len(c.verb.args) == 2 and c.verb.args[0] == "isn't":
        t = one_card_type(c.verb.args[1])                      # "~ isn't a creature"
        return None if t is None else [("self_types_while", ab, cond, Const("remove"), Const(t))]
    if c.verb_name == "is" and len(c.verb.args) == 2 and c.verb.args[0] == "is":
        return _becomes(ctx, c.verb.args[1], cond, in_addition=False)
    if c.verb_name == "have":
        return _has(ctx, c.verb, cond, [])
    if c.verb_name == "get" and len(c.verb.args) == 2 and isinstance(c.verb.args[1], str):
        return _gets(ctx, c.verb.args[1], cond)
    if c.verb_name == "is_all_creature_types":
        # 205.3m: every creature type (as changeling's 702.73a), in layer 4 (613.1d)
        return [("self_types_while", ab, cond, Const("add_all_subtypes"), Const("creature"))]
    return None


def _gets(ctx, text, cond):
    """"~ gets +2/+2" while COND: the gated ability granted(Ab,pt_change) with anthem(G,self,P,T) (613.4c:
    layer 7c), or None for a change the KB does not read."""
    from .lower_effects import _pt_mod
    pt = _pt_mod(text)
    if pt is None:
        return None
    g = fn("granted", ctx.ab, Const("pt_change"))
    return [("ability_while", ctx.ab, cond, g), ("static", g), ("anthem", g, Const("self"), *pt)]


def _becomes(ctx, obj, cond, in_addition):
    """"it's a 0/0 creature in addition to its other types" / "~ is a 2/3 Gargoyle artifact creature
    with flying": its card types and subtypes (layer 4, 613.1d), its base power and toughness (layer
    7b, 613.4b: the gated ability granted(Ab,pt) with sets_base_pt/3) and its keywords (gated
    abilities, 613.1f), under COND. Without "in addition" the new types replace the old (205.1a):
    read only when the card has no subtype and each of its printed card types is among the new
    ones, so that adding them is the same. None for any other object."""
    if not isinstance(obj, ir.Obj) or obj.quantity not in ir.A_OR_AN or obj.possessor \
            or len(obj.groups) != 1 or obj.joins:
        return None
    keywords = []
    for q in obj.qualifiers:
        if not (isinstance(q, ir.Node) and q.kind == "with_q" and len(q.args) == 2 and isinstance(q.args[1], ir.Node)
                and q.args[1].kind == "keyword_list" and all(isinstance(k, ir.Keyword) for k in q.args[1].args)):
            return None
        keywords += list(q.args[1].args)
    types, subtypes, pt = [], [], None
    for ch in obj.groups[0]:
        if not isinstance(ch, ir.Char) or ch.negated:
            return None
        if ch.kind == "card_type" and ch.value in _CARD_TYPES:
            types.append(ch.value)
        elif ch.kind == "subtype" and not types:
            subtypes.append(ch.value)
        elif ch.kind == "pt" and pt is None and not types and not subtypes and _PT.match(ch.value):
            pt = ch.value
        else:
            return None
    if not types:
        return None
    if not in_addition:
        from ..cardlib import card_types
        face = ctx.face
        if face is None or "—" in face.type_line or not set(card_types(face)) <= set(types):
            return None
    ab = ctx.ab
    facts = [("self_types_while", ab, cond, Const("add"), Const(t)) for t in types] + \
            [("self_types_while", ab, cond, Const("add_subtype"), st) for st in subtypes]
    if pt is not None:
        g = fn("granted", ab, Const("pt"))
        m = _PT.match(pt)
        facts += [("ability_while", ab, cond, g), ("static", g), ("sets_base_pt", g, int(m.group(1)), int(m.group(2)))]
    if keywords:
        facts += _has(ctx, ir.Verb("have", (ir.Node("keyword_list", tuple(keywords)),)), cond, [])
    return facts


def _trailing_condition(c):
    """(the clause without it, the state condition) of a clause ending in "as long as <clause>"
    ("~ has firebending 2 as long as there's a Lesson card in your graveyard", 611.3a); (c, None)
    if it has no such tail."""
    if not isinstance(c, ir.Clause) or len(c.tails) != 1:
        return c, None
    t = c.tails[0]
    if not (isinstance(t, ir.Node) and t.kind == "tail_as_long_as" and len(t.args) == 2
            and isinstance(t.args[1], ir.Clause)):
        return c, None
    return ir.Clause(c.subject, c.aux, c.verb, ()), clause_condition(t.args[1])


def _has(ctx, verb, cond, head):
    """"it has <keywords> and "<ability>"": one gated ability per keyword (113.2c) and per quoted
    ability, each given by ability_while/3; Unmodelled with the facts if one is not carried out."""
    parts = []
    for x in verb.args:
        if isinstance(x, ir.Node) and x.kind == "have_word":
            continue
        parts.extend(x.args if isinstance(x, ir.Node) and x.kind == "have_what" else (x,))
    abilities = []
    for x in parts:
        if isinstance(x, ir.Node) and x.kind == "keyword_list":
            abilities += [(ir.Keywords((k,)), k.name, Const(k.name.replace(" ", "_"))) for k in x.args
                          if isinstance(k, ir.Keyword)]
            if not all(isinstance(k, ir.Keyword) or (isinstance(k, ir.Node) and k.kind == "list_sep") for k in x.args):
                return None
        elif isinstance(x, ir.Node) and x.kind in ("quoted_ability", "quoted_and") and x.args \
                and not isinstance(x.args[-1], str):
            abilities.append((x.args[-1], None, len(abilities) + 1))
        else:
            return None
    if not abilities:
        return None
    quoted = ctx.raw.split('"')[1::2]
    facts, unmodelled = list(head), []
    for ability, name, tag in abilities:
        raw = name if name is not None else (quoted.pop(0) if quoted else "")
        try:
            facts += gated(ctx, ability, cond, raw, raw, "the ability it has as long as the condition holds", tag=tag)
        except Unmodelled as e:
            facts += e.facts
            unmodelled.append(e)
    return _all_or_unmodelled(facts, unmodelled)


# --- an option chosen as the permanent entered (614.12) --------------------------------------------

def chosen_option(ctx, name, ability, line):
    """"As ~ enters, choose Khans or Dragons." and "• Khans — <ability>": the permanent has the
    ability while the option chosen as it entered, the snapshot's ``chosen: {option: Khans}``, is
    that one (614.12): ``ability_while(Ab,chosen_option("Khans"),G)`` (kb/gates.lp). With no option
    recorded every option's ability counts (so that what it could produce covers each choice), which
    `show` then lists: the line is always a note for `show`, and for what the ability could change."""
    raw = line.text.split("—", 1)[1].strip() if "—" in line.text else line.text
    cond = fn("chosen_option", name)
    try:
        facts = gated(ctx, ability, cond, raw, raw, f"the ability of the option {name} (614.12)")
    except Unmodelled as e:
        raise Unmodelled(str(e), e.facts, part=e.part,
                         affects=None if e.affects is None else e.affects | {"show"})
    raise Unmodelled(f"the ability of the option {name} (614.12): with no option recorded (chosen: {{option: ...}}) "
                     "every option's ability is counted", facts, affects=frozenset({"show"}))
