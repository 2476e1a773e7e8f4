"""Lowering of triggered abilities (603), static abilities (604) and spells' instructions (611):
the shapes of kb/schema.lp that are not mana abilities or keywords.

Each ``_x`` matcher takes the sentences of a line and returns its facts, or None if the line
is not that shape; :func:`static` and :func:`triggered` try them in turn. Two matchers never
accept the same sentences (each checks the verb and the words that make its shape), so their
order does not matter.
"""

import re

from ..terms import Const, fn
from . import gates, ir, lower_designed, mana_ir
from .lower_alt import alternative_cost
from .affects import adds_mana_itself
from .lower_loyalty_chapter import ability_mana, triggered as trigger_mana
from .lower_changes import attached_changes
from .lower_costs import cost_modifier
from .lower_types import self_color, self_types
from .shapes import Unmodelled, controller_phrase, counters, filter_term, int_of, is_self, kb_filter, targets
from ..symbols import MAX_NUMBER


def _static_or_spell(ctx):
    """static(Ab) for a permanent's static ability (604.1), spell_effect(Ab) for an instant's
    or sorcery's lasting effect (611.2a)."""
    return ("spell_effect" if ctx.is_spell else "static", ctx.ab)


def _only_clause(sentence, kind="sentence"):
    """The one clause of a sentence with no leading part, or None."""
    if sentence.kind != kind or len(sentence.clauses) != 1 or sentence.tail is not None:
        return None
    c = sentence.clauses[0]
    return c if isinstance(c, ir.Clause) else None


def _verb_args(clause):
    return [a for a in clause.verb.args if not isinstance(a, str)]


def _obj_is(obj, *chars, quantity=None, qualifiers=None):
    """An object phrase with exactly these characteristics (in one list), this quantity word
    (None: no quantity) and these qualifier phrases ("you control")."""
    if not isinstance(obj, ir.Obj) or obj.possessor or len(obj.groups) != 1:
        return False
    if tuple(obj.groups[0]) != tuple(chars):
        return False
    if (obj.quantity.word if obj.quantity else None) != quantity:
        return False
    return tuple(controller_phrase(q) for q in obj.qualifiers) == tuple(qualifiers or ())


def _is_player(x, word):
    """"a player" / "that player" / "you"."""
    if word == "you":
        return isinstance(x, ir.Ref) and x.kind == "you"
    return _obj_is(x, ir.Char("noun", "player"), quantity=word)


# --- static abilities and spells ---------------------------------------------------------------

def static(ctx, sentences):
    """Facts of a static ability or a spell's instructions; Unmodelled if no shape matches."""
    for matcher in (_devotion_increase, _mana_replacement, _lands_are, _permanents_are, _anthem, _spend_as,
                    _attached_pt, _equipped_has, _exert_as_attacks, _tap_and_freeze, _threaten,
                    _enters_with, _cast_restriction, _additional_cost, alternative_cost, _as_turned_face_up,
                    _loses_all_abilities, self_types, self_color, gates.self_while, attached_changes, _cda_pt,
                    cost_modifier):
        facts = matcher(ctx, sentences)
        if facts is not None:
            return facts
    facts = lower_designed.static(ctx, sentences)
    if facts is not None:
        return facts
    raise Unmodelled("not modelled")


def _devotion_increase(ctx, sentences):
    """700.5: "Your devotion to each color and each combination of colors is increased by one."
    (Altar of the Pantheon): devotion_increase(Ab,N), added by kb/game_amounts.lp to its
    controller's devotion to whatever colors an amount counts; None for any other sentence."""
    if len(sentences) != 1 or sentences[0].leads or sentences[0].tail or len(sentences[0].clauses) != 1:
        return None
    c = sentences[0].clauses[0]
    if not (isinstance(c, ir.Node) and c.kind == "devotion_increase" and len(c.args) == 4
            and c.args[0] == ir.Node("possessive", (ir.Ref("you"),))
            and c.args[1] == "devotion to each color and each combination of colors"
            and c.args[2] == "is increased by" and isinstance(c.args[3], ir.Number)
            and isinstance(c.args[3].value, int) and c.args[3].value > 0):
        return None
    return [("static", ctx.ab), ("devotion_increase", ctx.ab, c.args[3].value)]


def _lead_if(sentence):
    """The clause of a leading "if" (one clause), and whether a duration leads too."""
    leads = list(sentence.leads)
    duration = False
    if leads and isinstance(leads[0], ir.Node) and leads[0].kind == "lead_duration":
        duration = leads.pop(0).args == (ir.Node("duration", ("until end of turn",)),)
        if not duration:
            return None, None
    if len(leads) != 1 or not isinstance(leads[0], ir.Node) or leads[0].kind != "lead_if":
        return None, None
    clauses, joins = leads[0].args[1]
    if len(clauses) != 1 or not isinstance(clauses[0], ir.Clause):
        return None, None
    return clauses[0], duration


def _tapped_for_mana(clause):
    """(filter, who) of "a land is tapped for mana" / "you tap a permanent for mana" / "a player
    taps a nonbasic land for mana" (106.12); (None, None) otherwise."""
    if not isinstance(clause, ir.Clause) or clause.aux or clause.tails != (ir.Node("tail_for_mana", ("for mana",)),):
        return None, None
    v = clause.verb
    if v.name == "passive" and v.args[1:] == ("tapped",) and v.args[0] == ir.Node("be_word", ("is",)):
        f = kb_filter(clause.subject)
        return (f, "any") if f is not None else (None, None)
    if v.name == "tap" and len(v.args) == 2:
        f = kb_filter(v.args[1])
        if f is None:
            return None, None
        if isinstance(clause.subject, ir.Ref) and clause.subject.kind == "you":
            return f, "you"
        if _is_player(clause.subject, "a"):
            return f, "any"
    return None, None


def _mana_replacement(ctx, sentences):
    """106.12b, 614.1a: "If a land is tapped for mana, it produces {B} instead of any other type
    and amount." / "... produces colorless mana instead of any other type." / "... produces twice
    as much of that mana instead." -> mana_replacement(Ab,Filter,Who,Change)."""
    if len(sentences) != 1:
        return None
    s = sentences[0]
    cond, duration = _lead_if(s)
    if cond is None or duration != ctx.is_spell:      # a spell's effect lasts until end of turn
        return None
    f, who = _tapped_for_mana(cond)
    if f is None or len(s.clauses) != 1 or s.tail is not None:
        return None
    c = s.clauses[0]
    if not isinstance(c, ir.Clause) or c.subject != ir.Ref("it") or c.aux or c.tails:
        return None
    v = c.verb
    if v.name == "produce_set":
        pips = mana_ir._pips(v.args[1])
        if not pips or len(pips) != 1:
            return None
        change = fn("set", Const(pips[0][0]), pips[0][1])
    elif v.name == "produce_colorless":
        change = fn("set_type", Const("c"))
    elif v.name == "produce_set_type":
        pips = mana_ir._pips(v.args[1])
        if not pips or pips[0][1] != 1 or len(pips) != 1:
            return None
        change = fn("set_type", Const(pips[0][0]))                # "{B} instead of any other type"
    elif v.name == "produce_multiple":
        mult = v.args[1]
        n = 2 if mult.args == ("twice",) else int_of(mult.args[0])
        change = fn("multiply", n)
    else:
        return None
    return [_static_or_spell(ctx), ("mana_replacement", ctx.ab, f, Const(who), change)]


_BASIC_PLURAL = {"Plains", "Island", "Swamp", "Mountain", "Forest"}


def _you_control_obj(obj, *chars):
    return _obj_is(obj, *chars, qualifiers=("you control",))


def _lands_are(ctx, sentences):
    """305.7: "Lands you control are Plains." -> sets_land_subtype(Ab,you_control(land),S)."""
    if len(sentences) != 1:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.tails or c.verb_name != "is":
        return None
    if not _you_control_obj(c.subject, ir.Char("card_type", "land")):
        return None
    what = _verb_args(c)[0]
    if not (isinstance(what, ir.Obj) and not what.quantity and len(what.groups) == 1
            and len(what.groups[0]) == 1 and what.groups[0][0].kind == "subtype"
            and what.groups[0][0].value in _BASIC_PLURAL and not what.qualifiers):
        return None
    return [_static_or_spell(ctx), ("sets_land_subtype", ctx.ab,
                                    fn("you_control", Const("land")), what.groups[0][0].value)]


_COLOR = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


_SPELLS_YOU_CONTROL = ir.Obj(None, None, ((ir.Char("noun", "spells"),),), (),
                             (ir.Node("rel_control", (ir.Node("controls_phrase", ("you control",)),)),))


def _permanents_are(ctx, sentences):
    """105.3, 613.1e: "Nonland permanents you control are white. The same is true for spells you
    control and nonland cards you own that aren't on the battlefield." -> sets_color(Ab,
    you_control(nonland),Col) and, for the second sentence, sets_card_color(Ab,Col): the color of
    the spells its controller casts and of their cards off the battlefield (kb/card_colors.lp)."""
    if len(sentences) != 2:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.tails or c.verb_name != "is":
        return None
    if not _you_control_obj(c.subject, ir.Char("card_type", "land", True), ir.Char("noun", "permanents")):
        return None
    what = _verb_args(c)[0]
    if not (isinstance(what, ir.Obj) and what.groups == ((ir.Char("color", what.groups[0][0].value),),)
            and not what.quantity and not what.qualifiers):
        return None
    c2 = sentences[1].clauses[0]
    if not isinstance(c2, ir.Clause) or c2.verb_name != "same_is_true" or not all(
            isinstance(x, ir.Node) and x.kind == "object_conj" for x in sentences[1].clauses[1:]) \
            or c2.verb.args[:1] != (_SPELLS_YOU_CONTROL,):
        return None
    col = Const(_COLOR[what.groups[0][0].value])
    return [_static_or_spell(ctx), ("sets_color", ctx.ab, fn("you_control", Const("nonland")), col),
            ("sets_card_color", ctx.ab, col)]


def _pt_mod(text, signed=True):
    """(+P, +T) of a PT_MOD such as "+1/+2"; None for X or * or numbers beyond the solver's."""
    m = re.fullmatch(r"([+-])([0-9]+)/([+-])([0-9]+)", text)      # ASCII digits only
    if not m:
        return None
    for n in (m.group(2), m.group(4)):
        if int(n) > MAX_NUMBER:
            raise Unmodelled(f"number {n} is too large (at most {MAX_NUMBER})")
    return int(m.group(1) + m.group(2)), int(m.group(3) + m.group(4))


def _anthem(ctx, sentences):
    """613.4c: "Creatures you control get +1/+1." -> anthem(Ab,you_control(creature),P,T)."""
    if len(sentences) != 1:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.tails or c.verb_name != "get":
        return None
    if not _you_control_obj(c.subject, ir.Char("card_type", "creature")):
        return None
    pt = _pt_mod(c.verb.args[-1]) if len(c.verb.args) == 2 else None
    if pt is None or pt[0] < 0 or pt[1] < 0:
        return None
    return [_static_or_spell(ctx), ("anthem", ctx.ab, fn("you_control", Const("creature")), *pt)]


def _spend_as(ctx, sentences):
    """609.4b: "You may spend mana as though it were mana of any color." ->
    spend_as_any_color(Ab,all); "You may spend white mana as though it were mana of any color.
    You may spend other mana only as though it were colorless mana." -> spend_as_any_color(Ab,w)
    and spend_other_as_colorless(Ab,w)."""
    clauses = [_only_clause(s) for s in sentences]
    if None in clauses or any(s.leads for s in sentences):
        return None
    if any(c.subject != ir.Ref("you") or c.aux != "may" or c.tails for c in clauses):
        return None
    first = clauses[0].verb
    if not isinstance(first, ir.Verb) or first.name != "spend_as_any" or first.args[-1] != "color":
        return None
    subject = next(a for a in first.args if isinstance(a, ir.Node))
    if len(clauses) == 1 and subject.args == ("mana",):
        return [_static_or_spell(ctx), ("spend_as_any_color", ctx.ab, Const("all"))]
    if (len(clauses) == 2 and len(subject.args) == 2 and subject.args[1] == "mana"
            and subject.args[0] in _COLOR and clauses[1].verb_name == "spend_as_colorless"
            and next(a for a in clauses[1].verb.args if isinstance(a, ir.Node)).args == ("other mana",)):
        col = Const(_COLOR[subject.args[0]])
        return [_static_or_spell(ctx), ("spend_as_any_color", ctx.ab, col),
                ("spend_other_as_colorless", ctx.ab, col)]
    return None


def _attached_to(obj):
    """"enchanted creature" / "equipped creature" (303.4, 301.5)."""
    return (_obj_is(obj, ir.Char("status", "enchanted"), ir.Char("card_type", "creature"))
            or _obj_is(obj, ir.Char("status", "equipped"), ir.Char("card_type", "creature")))


def _attached_pt(ctx, sentences):
    """613.4c: "Enchanted creature gets +1/+2." / "Equipped creature gets +1/+1." ->
    attached_pt(Ab,P,T)."""
    if len(sentences) != 1:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.tails or c.verb_name != "get":
        return None
    if not _attached_to(c.subject) or len(c.verb.args) != 2:
        return None
    pt = _pt_mod(c.verb.args[-1])
    return None if pt is None else [("attached_pt", ctx.ab, *pt)]


def _equipped_has(ctx, sentences):
    """301.5, 613.1f: 'Equipped creature has "<ability>"' -> grants(Ab,equipped,G) with the
    quoted ability compiled as G = granted(Card,Line)."""
    if len(sentences) != 1:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.tails or c.verb_name != "have":
        return None
    if not _obj_is(c.subject, ir.Char("status", "equipped"), ir.Char("card_type", "creature")):
        return None
    quoted = [a for a in c.verb.args if isinstance(a, ir.Node) and a.kind == "quoted_ability"]
    if len(quoted) != 1 or len(c.verb.args) != 2:
        return None
    from .lower import Ctx, lower
    inner_ctx = Ctx(ctx.card, ctx.index, ctx.face, kind="granted",
                    text=ctx.text.split('"', 2)[1] if '"' in ctx.text else "")
    inner = lower(inner_ctx, ir.Line(ctx.index, "", "", quoted[0].args[0]))
    if not inner.ability:
        raise Unmodelled(f"the granted ability: {inner.reason}")
    raw_inner = ctx.raw.split('"', 2)[1] if ctx.raw.count('"') >= 2 else ""
    facts = [("static", ctx.ab), ("grants", ctx.ab, Const("equipped"), inner_ctx.ab),
             ("ability_text", inner_ctx.ab, raw_inner)] + inner.facts
    if not inner.modelled:
        raise Unmodelled(f"the granted ability: {inner.reason}", facts)
    return facts


def _exert_as_attacks(ctx, sentences):
    """701.43d: "You may exert ~ as it attacks." (508.1g) -> exert_as_attacks(Ab); "If ~ hasn't
    been exerted this turn, ..." -> exert_unless_exerted_this_turn(Ab); "When you do, <effect>"
    (the linked reflexive trigger, 603.12) -> exert_linked_trigger(Ab,Text) and, if it targets,
    exert_trigger_targets(Ab)."""
    s = sentences[0]
    c = _only_clause(s)
    if c is None or c.subject != ir.Ref("you") or c.aux != "may" or c.verb_name != "exert":
        return None
    if c.tails != (ir.Node("tail_as_it_attacks", ("as it attacks",)),):
        return None
    target = _verb_args(c)[0]
    if not (is_self(target) or target == ir.Ref("it")):
        return None
    facts = [("exert_as_attacks", ctx.ab)]
    if s.leads:
        cond, duration = _lead_if(s)
        if (cond is None or duration or not is_self(cond.subject) or cond.aux != "hasn't"
                or cond.verb != ir.Verb("passive", (ir.Node("be_word", ("been",)), "exerted"))
                or cond.tails != (ir.Node("tail_duration", (ir.Node("duration", ("this turn",)),)),)):
            return None
        facts.append(("exert_unless_exerted_this_turn", ctx.ab))
    if len(sentences) > 1:
        lead = sentences[1].leads[0] if sentences[1].leads else None
        if not (isinstance(lead, ir.Node) and lead.kind == "lead_when"):
            return None
        trigger = ctx.text.split("When you do, ", 1)[1] if "When you do, " in ctx.text else None
        if trigger is None:
            return None
        facts.append(("exert_linked_trigger", ctx.ab, "When you do, " + trigger.replace("~", ctx.card)))
        if targets(sentences[1:]):
            facts.append(("exert_trigger_targets", ctx.ab))
    return facts


def _tap_and_freeze(ctx, sentences):
    """"Tap up to two target creatures. Those creatures don't untap during their controller's
    next untap step." -> skips_next_untap(Ab) (a spell; this is not exert, 701.43)."""
    if len(sentences) != 2:
        return None
    c1, c2 = _only_clause(sentences[0]), _only_clause(sentences[1])
    if c1 is None or c2 is None or sentences[0].leads or sentences[1].leads:
        return None
    if c1.verb_name != "tap" or c1.subject is not None or c1.aux or c1.tails:
        return None
    obj = _verb_args(c1)[0]
    if not (isinstance(obj, ir.Obj) and len(obj.groups) == 1 and not obj.qualifiers
            and obj.groups[0][0] == ir.Char("noun", "target")
            and obj.groups[0][1:] in ((ir.Char("card_type", "creature"),), (ir.Char("noun", "permanent"),))):
        return None
    if c2.verb != ir.Verb("untap", ("untap",)) or c2.aux not in ("don't", "doesn't"):
        return None
    if len(c2.tails) != 1 or c2.tails[0].kind != "tail_during_next_untap":
        return None
    return [("skips_next_untap", ctx.ab)]


def _threaten(ctx, sentences):
    """611.2a, 514.2: "Gain control of target creature until end of turn. Untap that creature.
    It gains haste until end of turn." (or "Untap target creature. Gain control of it until end
    of turn. That creature gains haste until end of turn.") -> control_until_eot(Ab) and
    effect_grants(Ab,G) with keyword(G,haste)."""
    if len(sentences) != 3:
        return None
    cs = [_only_clause(s) for s in sentences]
    if None in cs or any(s.leads for s in sentences):
        return None
    eot = (ir.Node("tail_duration", (ir.Node("duration", ("until end of turn",)),)),)
    names = [c.verb_name for c in cs]
    if names == ["gain_control", "untap", "gain_ability"]:
        gain, untap = cs[0], cs[1]
    elif names == ["untap", "gain_control", "gain_ability"]:
        untap, gain = cs[0], cs[1]
    else:
        return None
    if gain.tails != eot or untap.tails or cs[2].tails != eot:
        return None
    kws = [a for a in cs[2].verb.args if isinstance(a, ir.Node) and a.kind == "keyword_list"]
    if not kws or kws[0].args != (ir.Keyword("haste"),):
        return None
    granted = fn("granted", ctx.ab, Const("haste"))
    return [("control_until_eot", ctx.ab), ("effect_grants", ctx.ab, granted),
            ("keyword", granted, Const("haste"))]


def _enters_with(ctx, sentences):
    """614.1c, 107.3m: "~ enters with N <kind> counters on it." -> enters_with_counters(Ab,K,N)
    (N a number or x)."""
    if len(sentences) != 1:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.tails or not is_self(c.subject):
        return None
    if c.verb_name != "enters":
        return None
    mods = [a for a in c.verb.args if isinstance(a, ir.Node)]
    if len(mods) != 1 or mods[0].kind != "mod_with_counters":
        return None
    phrase = next(a for a in mods[0].args if isinstance(a, ir.Node) and a.kind == "counters_phrase")
    q = next(a for a in phrase.args if isinstance(a, ir.Node) and a.kind == "counter_quantity")
    if q.args == (ir.Number("x"),):
        kinds = [a for a in phrase.args if isinstance(a, ir.Node) and a.kind == "counter_kind"]
        if len(kinds) != 1:
            return None
        return [("enters_with_counters", ctx.ab, str(kinds[0].args[0]), Const("x"))]
    kind, n = counters(phrase)
    if kind is None:
        return None
    return [("enters_with_counters", ctx.ab, kind, n)]


def _cast_restriction(ctx, sentences):
    """601.3: "Cast this spell only during combat." -> cast_only_during(Ab,combat); any other
    "Cast this spell only ..." -> cast_restriction_not_modelled(Ab) (the KB then answers that
    casting it is not modelled)."""
    if len(sentences) != 1:
        return None
    c = _only_clause(sentences[0])
    if c is None or sentences[0].leads or c.aux or c.verb_name != "cast" or c.subject is not None:
        return None
    if len(c.verb.args) != 2 or not is_self(c.verb.args[1]) or not c.tails:
        return None
    t = c.tails[0]
    if t.kind == "tail_only_during" and len(c.tails) == 1 and t.args[-1] == ir.Node("turn_ref", ("combat",)):
        return [("cast_only_during", ctx.ab, Const("combat"))]
    if t.kind in ("tail_only_during", "tail_only_if", "tail_only_before", "tail_only_after",
                  "tail_only_if_attacked"):
        return [("cast_restriction_not_modelled", ctx.ab)]
    return None


def _additional_cost(ctx, sentences):
    """118.8, 601.2b: "As an additional cost to cast this spell, sacrifice a creature." ->
    additional_cost(Ab,K): sacrifice(Type), discard_card, pay_life(N), or not_modelled."""
    if len(sentences) != 1:
        return None
    s = sentences[0]
    if len(s.leads) != 1 or s.leads[0].kind != "lead_additional_cost":
        return None
    if not any(is_self(a) for a in s.leads[0].args):
        return None
    kind = Const("not_modelled")
    c = _only_clause(s)
    if c is not None and c.subject is None and not c.aux and not c.tails:
        args = _verb_args(c)
        from .shapes import simple_type
        if c.verb_name == "sacrifice" and simple_type(args[0]) in ("creature", "artifact", "land",
                                                                  "enchantment", "permanent"):
            kind = fn("sacrifice", Const(simple_type(args[0])))
        elif c.verb_name == "discard" and _obj_is(args[0], ir.Char("noun", "card"), quantity="a"):
            kind = Const("discard_card")
        elif c.verb_name == "pay" and "life" in c.verb.args and isinstance(args[0], ir.Number):
            kind = fn("pay_life", int_of(args[0]))
    return [("additional_cost", ctx.ab, kind)]


def _as_turned_face_up(ctx, sentences):
    """708.11: "As ~ is turned face up, put N <kind> counters on it." ->
    as_turned_face_up_counters(Ab,K,N)."""
    if len(sentences) != 1:
        return None
    s = sentences[0]
    if len(s.leads) != 1 or s.leads[0].kind != "lead_as":
        return None
    clauses, _ = s.leads[0].args[1]
    if len(clauses) != 1 or not isinstance(clauses[0], ir.Clause) or not is_self(clauses[0].subject):
        return None
    if clauses[0].verb != ir.Verb("passive", (ir.Node("be_word", ("is",)), "turned face up")):
        return None
    c = _only_clause(s)
    if c is None or c.subject is not None or c.aux or c.tails or c.verb_name != "put_counters":
        return None
    args = _verb_args(c)
    if args[1] != ir.Ref("it"):
        return None
    kind, n = counters(args[0])
    if kind is None:
        return None
    return [("as_turned_face_up_counters", ctx.ab, kind, n)]


def _cda_pt(ctx, sentences):
    """604.3, 208.2a: "~'s power and toughness are each equal to the greatest mana value among <F> you
    control." (a characteristic-defining ability, applied in layer 7a, 613.4a) -> cda_pt(Ab,
    greatest(mana_value,you_control(F))), F a filter kb/filters.lp knows; None for anything else."""
    if len(sentences) != 1 or sentences[0].leads or sentences[0].tail or len(sentences[0].clauses) != 1:
        return None
    c = sentences[0].clauses[0]
    if not (isinstance(c, ir.Node) and c.kind == "cda" and len(c.args) == 4
            and c.args[0] == ir.Node("possessive", (ir.Ref("self", "~"),))
            and c.args[1] == ir.Node("stat_pair", ("power and toughness",)) and c.args[2] == "are each equal to"):
        return None
    a = c.args[3]
    if not (isinstance(a, ir.Node) and a.kind == "greatest" and len(a.args) == 4
            and a.args[1] == ir.Node("stat", ("mana value",)) and a.args[2] == "among"
            and isinstance(a.args[3], ir.Obj) and a.args[3].quantity is None):
        return None
    try:
        f = filter_term(a.args[3])
    except Unmodelled:
        return None
    if not (getattr(f, "name", None) == "you_control" and len(f.args) == 1 and mana_ir.known_filter(f.args[0])):
        return None
    return [("static", ctx.ab), ("cda_pt", ctx.ab, fn("greatest", Const("mana_value"), f))]


def _loses_all_abilities(ctx, sentences):
    """613.1f, 613.4b: "[Until end of turn,] target creature loses all abilities [until end of
    turn]." -> target_loses_all_abilities(Ab); "... and has base power and toughness P/T." ->
    target_base_pt(Ab,P,T)."""
    if len(sentences) != 1:
        return None
    s = sentences[0]
    eot = ir.Node("duration", ("until end of turn",))
    lead_eot = s.leads == (ir.Node("lead_duration", (eot,)),)
    if s.leads and not lead_eot:
        return None
    cs = s.clauses
    if not cs or not isinstance(cs[0], ir.Clause):
        return None
    c = cs[0]
    if c.aux or c.verb_name != "lose_abilities" or not _obj_is(c.subject, ir.Char("noun", "target"), ir.Char("card_type", "creature")):
        return None
    tail_eot = c.tails == (ir.Node("tail_duration", (eot,)),)
    if c.tails and not tail_eot:
        return None
    facts = [("target_loses_all_abilities", ctx.ab), ("ability_targets", ctx.ab)]
    if len(cs) == 1:
        return facts
    if len(cs) != 2 or s.joins != ("and",) or not lead_eot or c.tails:
        return None
    c2 = cs[1]
    if c2.subject is not None or c2.aux or c2.tails or c2.verb_name != "have":
        return None
    words = ir.words(c2.verb)
    pts = [a for a in words if re.fullmatch(r"\d+/\d+", a)]
    if "base power and toughness" not in words or len(pts) != 1 or len(words) != 3:
        return None
    p, t = (int(x) for x in pts[0].split("/"))
    return facts + [("target_base_pt", ctx.ab, p, t)]


# --- triggered abilities ----------------------------------------------------------------------

def several_events(t):
    """"When A and at the beginning of B", "When A and whenever B": one ability, two kinds of
    events; no matcher reads such a trigger as its first event alone."""
    return any(j in (("and at",), ("and whenever",), ("and when",)) for j in t.joins)


def triggered(ctx, a):
    """Facts of a triggered ability; Unmodelled if no shape matches (with the trigger's facts
    when only its effect is not modelled)."""
    t = a.trigger
    if several_events(t):
        trigger_mana(ctx, a)            # 106.7: the mana it adds, whichever event triggered it
        raise Unmodelled("a trigger on several kinds of events is not modelled")
    for matcher in (_mana_trigger, _becomes_tapped, _modified_dies_manifest, _turned_face_up):
        facts = matcher(ctx, t, a.effect)
        if facts is not None:
            return facts
    facts = lower_designed.triggered(ctx, a)
    if facts is not None:
        return facts
    trigger_mana(ctx, a)                # 605.1b, 106.7: a trigger that adds mana, not a mana ability
    raise Unmodelled("not modelled")


def _mana_trigger(ctx, t, effect):
    """605.1b, 106.12a: "Whenever a player taps a land for mana, that player adds one mana of any
    type that land produced." / "Whenever you tap a land for mana, add one mana of any type that
    land produced." -> mana_trigger(Ab,Filter,Who)."""
    if t.word != "whenever" or len(t.clauses) != 1 or len(effect) != 1:
        return None
    f, who = _tapped_for_mana(t.clauses[0])
    if f is None or t.clauses[0].verb_name != "tap":
        return None
    c = _only_clause(effect[0])
    if c is None or effect[0].leads or c.aux or c.tails:
        return None
    if who == "any" and not _is_player(c.subject, "that"):
        return None
    if who == "you" and c.subject is not None:
        return None
    mana = mana_ir.of_clause(c)
    if mana is None or mana.kind != "produced" or mana.amount != ir.Number(1) or mana.reflect != "type":
        return None
    return [("triggered", ctx.ab), ("mana_trigger", ctx.ab, f, Const(who))]


def _becomes_tapped(ctx, t, effect):
    """603.2: "Whenever ~ becomes tapped, it deals N damage to you." -> becomes_tapped_trigger(Ab);
    the trigger uses the stack, so it is reported with the mana, not resolved."""
    if t.word != "whenever" or len(t.clauses) != 1 or len(effect) != 1:
        return None
    c = t.clauses[0]
    if not isinstance(c, ir.Clause) or not is_self(c.subject) or c.aux or c.tails or c.verb_name != "becomes":
        return None
    if _verb_args(c) != [ir.Obj(None, None, ((ir.Char("status", "tapped"),),))]:
        return None
    e = _only_clause(effect[0])
    if e is None or effect[0].leads or e.subject != ir.Ref("it") or e.aux or e.tails:
        return None
    if e.verb_name != "deal_damage":
        return None
    args = _verb_args(e)
    if len(args) != 2 or not isinstance(args[0], ir.Number) or args[1] != ir.Node("damage_to", ("to", ir.Ref("you"))):
        return None
    int_of(args[0])
    return [("triggered", ctx.ab), ("becomes_tapped_trigger", ctx.ab)]


def _modified_dies_manifest(ctx, t, effect):
    """700.9, 701.40a: "Whenever a modified creature you control dies, manifest the top card of
    your library." -> dies_trigger(Ab,creature_you_control(modified)), trigger_effect(Ab,manifest_top)."""
    if t.word != "whenever" or len(t.clauses) != 1 or len(effect) != 1:
        return None
    c = t.clauses[0]
    if not isinstance(c, ir.Clause) or c.aux or c.tails or c.verb_name != "dies":
        return None
    if not _obj_is(c.subject, ir.Char("status", "modified"), ir.Char("card_type", "creature"),
                   quantity="a", qualifiers=("you control",)):
        return None
    e = _only_clause(effect[0])
    if e is None or effect[0].leads or e.subject is not None or e.aux or e.tails:
        return None
    if e.verb_name != "keyword_action" or len(e.verb.args) != 2 or e.verb.args[0] != "manifest":
        return None
    top = e.verb.args[1]
    if top != ir.Obj(ir.Quantity("top"), None, ((ir.Char("noun", "card"),),), (),
                     (ir.Node("of_zone", (ir.Zone("library", ir.Ref("you")),)),)):
        return None
    return [("dies_trigger", ctx.ab, fn("creature_you_control", Const("modified"))),
            ("trigger_effect", ctx.ab, Const("manifest_top"))]


def trigger_only(ctx, t):
    """The facts of a trigger whose effect is not understood: only triggers whose event the KB
    reports by itself (708.8); [] for any other."""
    if not isinstance(t, ir.Trigger) or several_events(t):
        return []
    try:
        _turned_face_up(ctx, t, ())
    except Unmodelled as e:
        return e.facts
    return []


def _turned_face_up(ctx, t, effect):
    """603.2, 708.8: "When ~ is turned face up, <effect>" -> turned_face_up_trigger(Ab); the
    trigger event is modelled (apply reports it), what the ability does is not."""
    if t.word != "when" or len(t.clauses) != 1:
        return None
    c = t.clauses[0]
    if not isinstance(c, ir.Clause) or not is_self(c.subject) or c.aux or c.tails:
        return None
    if c.verb != ir.Verb("passive", (ir.Node("be_word", ("is",)), "turned face up")):
        return None
    facts = [("turned_face_up_trigger", ctx.ab)]
    if effect and adds_mana_itself(effect):
        # 605.1b: it triggers on turning face up, so it is no mana ability; 106.7: what it would
        # add if it resolved now counts in what the permanent could produce (kb/ability_mana.lp)
        mana, _ = ability_mana(ctx, effect)
        if mana:
            raise Unmodelled("the turned-face-up trigger is not a mana ability (605.1b): could-produce counts "
                             "its mana (106.7); resolving it is not modelled",
                             facts + [("triggered", ctx.ab), ("trigger_mana", ctx.ab), *mana],
                             affects=frozenset({"apply"}))
    raise Unmodelled("the effect of the turned-face-up trigger is not modelled (the trigger "
                     "itself is)", facts)
