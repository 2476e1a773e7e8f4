"""Intermediate form -> facts: the one place where what a line says becomes the fixed fact
vocabulary of ``kb/schema.lp``.

:func:`lower` takes one parsed line (:class:`pyengine.compiler.ir.Line`) and returns a
:class:`Lowered`: the facts, and whether the KB carries out everything the line says. A line is
*modelled* only when every part of it becomes facts the KB interprets; otherwise the facts that
are safe to give (an activated ability's costs, a mana ability's mana with an unmodelled rider)
are still given, with ``effect_not_modelled`` where the KB must not assume it knows the rest,
and the line is reported with the answers it could change (:mod:`pyengine.compiler.affects`).

Each ``_lower_*`` function handles one frame; each shape it recognises names the rule it
implements. Nothing here is named after a card: shapes are matched on the IR.
"""

from dataclasses import dataclass, field

from ..terms import Const, fn
from . import ir, mana_ir
from . import riders as mana_riders
from .affects import PAYMENT, changes_mana
from .lower_loyalty_chapter import chapter, firebending, loyalty
from .shapes import (Ctx, Unmodelled, controller_phrase, counters, filter_term, int_of, is_self, simple_type,
                     sacrifice_filter, targets, untapped_you_control)
from ..symbols import NotModelled, parse_mana_cost

__all__ = ["Ctx", "Lowered", "Unmodelled", "lower", "cost_facts"]


@dataclass
class Lowered:
    """The facts of one line, whether the KB carries out all of it, and if not, why."""

    facts: list = field(default_factory=list)
    modelled: bool = True
    reason: str = ""
    ability: bool = True        # the line is an ability the KB knows (card_ability/ability_text)
    part: object = None         # the part not carried out, when only part of the line is not
    affects: frozenset = None   # the answers the part not carried out could change (None: of_line)


def lower(ctx, line):
    """The facts of a parsed line (see module doc)."""
    from .lower_effects import static, triggered
    a = line.ability
    try:
        if isinstance(a, ir.Keywords):
            if a.effect:
                raise Unmodelled("instructions after a keyword are not modelled")
            return Lowered(_keywords(ctx, a.items))
        if isinstance(a, ir.Activated):
            return _activated(ctx, a)
        if isinstance(a, ir.Triggered):
            return Lowered(triggered(ctx, a))
        if isinstance(a, ir.Static):
            return Lowered(static(ctx, a.effect))
        if isinstance(a, ir.Loyalty):
            loyalty(ctx, a)                           # 605.1a, 606, 106.7: always a note
        if isinstance(a, ir.Chapter):
            chapter(ctx, a)                           # 714.2b, 605.1b, 106.7: a note
        raise Unmodelled(f"{type(a).__name__.lower()} abilities are not modelled")
    except Unmodelled as e:
        if e.facts:                 # part of the line is an ability the KB knows (603.2 ...)
            return Lowered(e.facts, False, str(e), part=e.part, affects=e.affects)
        return Lowered([], False, str(e), ability=False)


# --- keywords (702) -------------------------------------------------------------------------

# keywords the KB knows by name (kb/: keyword(Ab,K))
KB_PLAIN = {"flying", "haste", "vigilance", "trample", "reach", "deathtouch", "lifelink",
            "first strike", "double strike", "defender", "hexproof", "indestructible", "menace",
            "flash", "fuse", "devoid"}
# keywords with a mana cost the KB knows (keyword_cost(Ab,mana(S,N)))
KB_COSTED = {"morph", "megamorph", "disguise", "ward", "equip", "unearth", "kicker", "bestow"}
_ENCHANTABLE = {"creature", "permanent", "land", "artifact", "enchantment", "planeswalker"}


def _keywords(ctx, items):
    """The facts of a keyword line. Each keyword of a list is its own ability (113.2c): those the
    KB knows are given even when another one of the line is not (the note is about that one)."""
    facts, unknown, reason, answers = [], [], "", []
    for k in items:
        try:
            facts += _keyword(ctx, k)
        except Unmodelled as e:
            unknown.append(k)
            reason = reason or str(e)
            facts += e.facts
            answers.append(e.affects)
    if unknown:
        # the answers the keywords not carried out could change, when each one's lowering knows them
        known = None if None in answers else frozenset().union(*answers)
        raise Unmodelled(reason, facts, part=ir.Keywords(tuple(unknown)), affects=known)
    return facts


def _keyword(ctx, k):
    name = k.name.replace(" ", "_")
    if k.kind == "plain" and k.name in KB_PLAIN:
        return [("keyword", ctx.ab, Const(name))]
    if k.kind == "cost" and k.name in KB_COSTED:
        return [("keyword", ctx.ab, Const(name))] + [("keyword_cost", ctx.ab, fn("mana", s, n))
                                                     for s, n in _mana(k.param)]
    if k.name == "enchant" and k.kind == "object":
        t = simple_type(k.param)
        if t not in _ENCHANTABLE:
            raise Unmodelled(f"enchant {t or 'this'} is not modelled")
        return [("keyword", ctx.ab, Const("enchant")), ("enchant_filter", ctx.ab, Const(t))]
    if k.name == "firebending":
        firebending(ctx, k)                 # 702.189a, 605.1b, 106.7: a note for apply if it adds known mana
    raise Unmodelled(f"keyword {k.name!r} is not modelled")


def _mana(cost):
    """[(symbol term, count)] of a ManaCost (107.4); Unmodelled for symbols the KB lacks."""
    try:
        return parse_mana_cost("".join("{" + s + "}" for s in cost.symbols))
    except NotModelled as e:
        raise Unmodelled(str(e)) from None


# --- activated abilities (602) ----------------------------------------------------------------

def _activated(ctx, a):
    facts = [("activated", ctx.ab)] + cost_facts(ctx, a.costs)
    try:
        facts += _activated_effect(ctx, a.effect)
        return Lowered(facts)
    except Unmodelled as e:
        # 602.1: the ability and its costs are known; what it does is not, so the KB must not
        # assume it can be activated (kb/activation.lp: effect_not_modelled)
        facts += e.facts
        if not getattr(e, "activation_known", False):
            facts.append(("effect_not_modelled", ctx.ab))
        if targets(a.effect):
            facts.append(("ability_targets", ctx.ab))
        return Lowered(facts, False, str(e), part=ir.Activated(a.costs, e.part or a.effect),
                       affects=e.affects)


def cost_facts(ctx, clauses):
    """ability_cost(Ab,K) for each cost item (118, 602.1); Unmodelled for any other cost."""
    facts = []
    for c in clauses:
        facts += [("ability_cost", ctx.ab, k) for k in _cost_item(c)]
    return facts


def _cost_item(c):
    if not isinstance(c, ir.Clause) or c.subject is not None or c.aux or c.tails:
        raise Unmodelled("cost not modelled")
    v = c.verb
    if v.name == "symbols":
        out, run = [], []
        for s in v.args + ("",):
            if isinstance(s, ir.ManaCost):
                run += s.symbols
                continue
            if run:
                out += [fn("mana", sym, n) for sym, n in _mana(ir.ManaCost(tuple(run)))]
                run = []
            if s == "T":
                out.append(Const("tap"))             # 107.5
            elif s == "Q":
                out.append(Const("untap"))           # 107.6
            elif s:
                raise Unmodelled(f"cost {{{s}}} is not modelled")
        return out
    args = [x for x in v.args if not isinstance(x, str)]
    if v.name == "pay" and len(args) == 1 and isinstance(args[0], ir.Number) and "life" in v.args:
        return [fn("pay_life", int_of(args[0]))]                                    # 119.4
    if v.name == "exert" and is_self(args[0]):
        return [Const("exert")]                                                   # 701.43
    if v.name == "sacrifice":
        if is_self(args[0]):
            return [Const("sacrifice_self")]
        t = simple_type(args[0])
        if t in ("land", "creature", "artifact", "enchantment"):
            return [fn("sacrifice", Const(t))]
    if v.name == "sacrifice":
        f = sacrifice_filter(args[0])                                           # 701.21a
        if f is not None:
            return [fn("sacrifice", f)]
    if v.name == "tap" and len(args) == 1:
        t = untapped_you_control(args[0])
        if t in ("creature", "artifact", "land"):
            return [fn("tap_untapped", Const(t))]
    if v.name == "remove_counters" and len(args) == 2 and is_self(args[1]):
        kind, n = counters(args[0])
        if kind is not None:
            return [fn("remove_counter", kind, n)]                               # 122.8
    raise Unmodelled(f"cost {v.name.replace('_', ' ')} is not modelled")


def _activated_effect(ctx, sentences):
    """The effect of an activated ability: mana (106, 605) and its activation condition; the
    designed facts of its restrictions (106.6, 602.5) while the KB does not carry them out."""
    unmodelled = None
    try:
        facts = mana_effect(ctx, sentences[0])
    except Unmodelled as e:
        unmodelled, facts = e, list(e.facts)
    designed, rest, riders = [], [], []
    for s in sentences[1:]:
        cond = _activation_condition(s)
        if cond is not None:
            facts.append(("activation_condition", ctx.ab, cond))
            continue
        r = mana_riders.rider(s) if unmodelled is None else None
        if r is not None:
            # 605.3b: what the mana ability does besides adding mana (pyengine/compiler/riders.py)
            facts.append(("mana_rider", ctx.ab, r.term))
            riders.append((s, r))
            continue
        designed += _restriction(ctx, s)
        rest.append(s)
    if unmodelled is not None:
        raise Unmodelled(str(unmodelled), facts + designed, part=unmodelled.part or sentences,
                         affects=unmodelled.affects if not rest else None)
    if rest and len(designed) == len(rest) and all(d[0] == "mana_spend_restriction" and _understood(d[2])
                                                   for d in designed):
        # 106.6: the restriction travels with the mana: what the ability adds (could-produce,
        # produce: queries/produce.lp shows it) is modelled; spending it is payment's, which does
        # not read it yet: a note for the answers that pay (casting, activating, performing)
        raise Unmodelled("the spend restriction travels with the mana (shown by produce); paying "
                         "with that mana does not honour it yet", facts + designed, part=tuple(rest),
                         affects=PAYMENT)
    if rest:
        if any(changes_mana(r) for r in rest):
            # "If ..., instead add ..." / "add an additional ...": what follows changes the
            # mana itself, so the first sentence's mana alone would be a wrong answer
            raise Unmodelled("what follows changes the mana and is not modelled", part=tuple(rest))
        raise Unmodelled("what follows the mana is not modelled", facts + designed, part=tuple(rest))
    _riders_not_carried_out(riders, facts)
    return facts


def _riders_not_carried_out(riders, facts):
    """The riders the KB shows (produce) but does not carry out for some answers: a note for
    exactly those answers; the activation itself is understood (no effect_not_modelled)."""
    partial = [(s, r) for s, r in riders if r.affects]
    if partial:
        e = Unmodelled("; ".join(r.reason for _, r in partial), facts,
                       part=tuple(s for s, _ in partial),
                       affects=frozenset().union(*(r.affects for _, r in partial)))
        e.activation_known = True
        raise e


def _understood(term):
    """True if a restriction term has no not_modelled part."""
    if term == Const("not_modelled"):
        return False
    return all(_understood(a) for a in getattr(term, "args", ()) if not isinstance(a, (int, str)))


def _restriction(ctx, s):
    """Designed facts (kb/schema.lp) of "Spend this mana only ..." (106.6) and "Activate only
    ..." (602.5): mana_spend_restriction(Ab,R), activation_restriction(Ab,R); [] otherwise."""
    if s.kind == "activation" and len(s.clauses) == 1:
        when = [a for a in s.clauses[0].args if isinstance(a, ir.Node) and a.kind == "activation_when"]
        return [("activation_restriction", ctx.ab, _activation_term(w)) for w in when]
    if len(s.clauses) == 1 and isinstance(s.clauses[0], ir.Clause) and s.clauses[0].verb_name == "spend" \
            and not s.leads and s.clauses[0].verb.args[:1] == ("spend this mana only",):
        return [("mana_spend_restriction", ctx.ab, _spend_term(s.clauses[0].verb.args[1:]))]
    return []


_ACTIVATION_WHEN = {("as a sorcery",): "sorcery", ("as an instant",): "instant",      # 602.5d
                    ("once each turn",): "once_each_turn"}


def _activation_term(when):
    if when.args in _ACTIVATION_WHEN:
        return Const(_ACTIVATION_WHEN[when.args])
    if when.args == ("during", ir.Node("turn_ref", (ir.Node("possessive", (ir.Ref("you"),)), "turn"))):
        return Const("your_turn")
    return Const("not_modelled")


def _spend_term(args):
    """cast(F) for "to cast <spells>", activate(F) for "or activate abilities of <objects>",
    or(R1,R2) of both; not_modelled otherwise."""
    terms = []
    for a in args:
        if isinstance(a, ir.Node) and a.kind == "spend_to_cast":
            terms.append(fn("cast", _spell_filter(a.args[-1])))
        elif isinstance(a, ir.Obj) and a.groups == ((ir.Char("noun", "abilities"),),) and len(a.qualifiers) == 1 \
                and isinstance(a.qualifiers[0], ir.Node) and a.qualifiers[0].kind == "of_np":
            terms.append(fn("activate", _spell_filter(a.qualifiers[0].args[-1])))
        elif a != "or activate":
            return Const("not_modelled")
    if not terms:
        return Const("not_modelled")
    out = terms[0]
    for t in terms[1:]:
        out = fn("or", out, t)
    return out


def _spell_filter(obj):
    """The filter term of "creature spells" / "artifact spells" / "a spell" (the noun dropped)."""
    if not isinstance(obj, ir.Obj) or not all(isinstance(g, tuple) for g in obj.groups):
        return Const("not_modelled")
    groups = tuple(tuple(c for c in g if not (c == ir.Char("noun", "spell") or c == ir.Char("noun", "spells")))
                   for g in obj.groups)
    if groups == ((),) and not obj.qualifiers:
        return Const("spell")
    try:
        return filter_term(ir.Obj(None, obj.possessor, groups, obj.joins, obj.qualifiers))
    except Unmodelled:
        return Const("not_modelled")


def mana_effect(ctx, sentence):
    """Facts of one sentence that adds mana and does nothing else; Unmodelled otherwise."""
    mana = mana_ir.of_sentence(sentence)
    if mana is None:
        raise Unmodelled("effect not modelled")
    return mana_ir.facts(ctx.ab, mana)


def _activation_condition(s):
    """602.5b: "Activate only if you control an artifact." -> you_control(artifact)."""
    if s.kind != "activation" or len(s.clauses) != 1:
        return None
    v = s.clauses[0]
    when = next((a for a in v.args if isinstance(a, ir.Node) and a.kind == "activation_when"), None)
    if when is None or len(v.args) != 2 or when.args[:1] != ("if",) or len(when.args) != 2:
        return None
    clause = when.args[1]
    if not isinstance(clause, ir.Clause) or clause.verb_name != "control" or clause.tails:
        return None
    rel, obj = clause.verb.args
    if controller_phrase(rel) != "you control":
        return None
    t = simple_type(obj)
    if t in ("artifact", "creature", "enchantment", "land"):
        return fn("you_control", Const(t))
    return None
