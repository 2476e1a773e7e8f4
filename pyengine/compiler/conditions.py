"""Conditions of "If <condition>, add ... instead" (608.2c, 608.2h) as terms of kb/conditional_mana.lp:

- ``you_control_at_least(F,N)``: "you control N or more <F>" / "you control a <F>" (N = 1), F a
  filter of kb/final_filters.lp (``mana_ir.final_filter``: also "with defender", "with power 4 or
  greater", read over final characteristics); "an A and a B": ``and`` of two such terms; "creatures
  named A and B": one of each name (``named(N)``, 201.2);
- ``self_has_counter(K)``: "~ has a K counter on it" (122.1);
- ``played_land``: "you played a land this turn" (305.2);
- ``has_initiative``: "you have the initiative" (725.1);
- ``completed_dungeon``: "you've completed a dungeon" (309.7);
- ``card_exiled_with``: "a card is exiled with this land" (406.6, 607.2a: not in a snapshot, so both
  cases are answers);
- what happened this turn: ``turn_at_least(K,W,N)`` and ``cast_from(Z)`` of :mod:`.turn_history`
  (kb/turn_history.lp);
- ``bargained``: "if it was bargained" (702.166b: the spell it was; a permanent that was not cast was not
  bargained, and whether a cast one was is not recorded, kb/turn_history.lp);
- ``unrecorded(K)`` (:func:`as_it_resolves`, for an ability that is not a mana ability): a condition on
  something a snapshot does not hold, so both cases are answers, like ``card_exiled_with``:
  ``resolutions`` ("if it's the third time this ability has resolved this turn"), ``event_spell`` ("if
  five or more mana was spent to cast that spell", the spell of the trigger event), ``choice`` ("You may
  convert ~. If you do, ...": the choice made as it resolves, 608.2d).

:func:`condition` returns None for any other condition: the line then stays a note.
"""

from ..terms import Const, fn
from . import ir, mana_ir, turn_history
from .shapes import Unmodelled, controller_phrase, filter_term, is_self, quantity_count


def condition(lead_if):
    """The condition term of a lead_if node, or None."""
    args = [a for a in lead_if.args if not isinstance(a, str)]
    if len(args) != 1 or not isinstance(args[0], tuple) or len(args[0]) != 2:
        return None
    clauses, joins = args[0]
    if len(clauses) != 1 or joins:
        return None
    c = clauses[0]
    if isinstance(c, ir.Clause) and c.verb_name == "control" and not c.tails and not c.aux:
        return _you_control(c) or turn_history.condition(c)
    if isinstance(c, ir.Clause) and c.verb_name == "have" and is_self(c.subject) and not c.tails and not c.aux:
        return _has_counter(c.verb)
    if isinstance(c, ir.Node) and c.kind == "past_clause":
        return _played_land(c) or turn_history.condition(c)
    if c == _EXILED_WITH_SELF:
        return Const("card_exiled_with")
    if c == _WAS_BARGAINED:
        return Const("bargained")
    if c == _HAS_INITIATIVE:
        return Const("has_initiative")
    if c == _COMPLETED_DUNGEON:
        return Const("completed_dungeon")
    return turn_history.condition(c)


# 406.6, 607.2a: "If a card is exiled with this land" (the cards its linked ability exiled, which a
# snapshot does not record: kb/conditional_mana.lp covers both cases)
_EXILED_WITH_SELF = ir.Clause(ir.Obj(ir.Quantity("a", None), None, ((ir.Char("noun", "card"),),), (), ()), None,
                              ir.Verb("passive", (ir.Node("be_word", ("is",)), "exiled with", ir.Ref("self", "this land"))), ())
# 702.166b: "if it was bargained" (an enters trigger: the spell the permanent was)
_WAS_BARGAINED = ir.Clause(ir.Ref("it", ""), None, ir.Verb("passive", (ir.Node("be_word", ("was",)), "bargained")), ())
# 725.1: the initiative is a designation a player has; 309.7: a player completes a dungeon
_HAS_INITIATIVE = ir.Node("you_have", ("you have", ir.Verb("have_object", (
    ir.Obj(ir.Quantity("the"), None, ((ir.Char("noun", "initiative"),),), (), ()),))))
_COMPLETED_DUNGEON = ir.Node("perfect", ("you have", "completed a dungeon"))


def while_self_has_counter(leads):
    """self_has_counter(K) of the one lead "As long as ~ has a K counter on it," of a static ability
    (611.3a: its effect applies while the condition holds; kb/effects.lp: static_if/2), or None."""
    if len(leads) != 1 or not isinstance(leads[0], ir.Node) or leads[0].kind != "lead_as_long_as":
        return None
    term = condition(leads[0])
    return term if getattr(term, "name", None) == "self_has_counter" else None


def _you_control(c):
    rel, obj = c.verb.args
    if controller_phrase(rel) != "you control" or not isinstance(obj, ir.Obj) or obj.possessor:
        return None
    both = _named_each(obj)
    if both is not None:
        return both
    n = quantity_count(obj.quantity, "or more")
    if n is None:
        return None
    groups = [g for g in obj.groups if isinstance(g, tuple)]
    articles = [g for g in obj.groups if not isinstance(g, tuple)]
    if any(not (isinstance(a, ir.Node) and a.kind == "article") for a in articles):
        return None
    if len(groups) > 1 and (n != 1 or any(j != ("and",) for j in obj.joins) or len(obj.joins) != len(groups) - 1
                            or obj.qualifiers):
        return None                                 # "an A and a B": each of them
    terms = []
    for g in groups:
        try:
            f = filter_term(ir.Obj(None, None, (g,), (), obj.qualifiers if len(groups) == 1 else ()))
        except Unmodelled:
            return None
        if not mana_ir.final_filter(f):
            return None
        terms.append(fn("you_control_at_least", f, n))
    if not terms:
        return None
    out = terms[-1]
    for t in reversed(terms[:-1]):
        out = fn("and", t, out)
    return out


def _named_each(obj):
    """"you control creatures named Mine Worker and Power Plant Worker" (a plural, two names): a
    permanent of each name, and(you_control_at_least(and(F,named(A)),1), ...) (201.2); None for
    any other object."""
    if obj.quantity is not None or len(obj.groups) != 1 or obj.joins or len(obj.qualifiers) != 1:
        return None
    q = obj.qualifiers[0]
    if not (isinstance(q, ir.Node) and q.kind == "named" and len(q.args) == 2 and isinstance(q.args[1], str)):
        return None
    names = q.args[1].split(" and ")
    group = obj.groups[0]
    if len(names) != 2 or not all(names) or len(group) != 1 or not isinstance(group[0], ir.Char) \
            or group[0].kind != "card_type" or group[0].negated:
        return None
    try:
        kind = filter_term(ir.Obj(None, None, (group,), (), ()))
    except Unmodelled:
        return None
    terms = [fn("you_control_at_least", fn("and", kind, fn("named", n)), 1) for n in names]
    if not all(mana_ir.final_filter(t.args[0]) for t in terms):
        return None
    return fn("and", *terms)


def _has_counter(verb):
    counted = counter_count(verb)
    return fn("self_has_counter", counted[0]) if counted is not None and counted[1] == 1 else None


def counter_count(verb):
    """(K, N) of "has a K counter on it" (N = 1) / "has N or more K counters on it" (122.1), the
    verb of a clause about the permanent itself; None for anything else."""
    have = [a for a in verb.args if isinstance(a, ir.Node) and a.kind == "have_counters"]
    if len(have) != 1:
        return None
    phrase, *rest = [a for a in have[0].args if not isinstance(a, str)]
    # "on it", "on ~", "on him" (a pronoun after the permanent itself as subject: that permanent)
    if rest and not (len(rest) == 1 and isinstance(rest[0], ir.Ref) and rest[0].kind in ("it", "self", "them")):
        return None
    if not isinstance(phrase, ir.Node) or phrase.kind != "counters_phrase":
        return None
    qty = next((a for a in phrase.args if isinstance(a, ir.Node) and a.kind == "counter_quantity"), None)
    kind = next((a for a in phrase.args if isinstance(a, ir.Node) and a.kind == "counter_kind"), None)
    if qty is None or kind is None or len(kind.args) != 1:
        return None
    if qty.args in (("a",), ("an",)):
        return str(kind.args[0]), 1
    if len(qty.args) == 2 and isinstance(qty.args[0], ir.Number) and qty.args[1] == "or more":
        return str(kind.args[0]), qty.args[0].value
    return None


def _played_land(c):
    if len(c.args) != 3 or c.args[0] != "you played":
        return None
    obj, tails = c.args[1], c.args[2]
    if obj != ir.Obj(ir.Quantity("a"), None, ((ir.Char("card_type", "land"),),), (), ()):
        return None
    if tails != ir.Node("vp_tails", (ir.Node("tail_duration", (ir.Node("duration", ("this turn",)),)),)):
        return None
    return Const("played_land")


_STATUS = {"tapped": "self_tapped", "untapped": "self_untapped"}


def self_status(lead):
    """self_tapped / self_untapped of an intervening "if ~ is tapped," / "if ~ is untapped," (603.4,
    110.5: the status of the ability's own permanent) leading a triggered ability's effect, or None.
    Not a condition of :func:`condition`: a mana ability's own {T} cost changes that status before
    it resolves, so only a trigger reads it (kb/mana_triggers.lp, kb/conditional_mana.lp)."""
    if not isinstance(lead, ir.Node) or lead.kind != "lead_if":
        return None
    args = [a for a in lead.args if not isinstance(a, str)]
    if len(args) != 1 or not isinstance(args[0], tuple) or len(args[0]) != 2 or args[0][1]:
        return None
    clauses = args[0][0]
    if len(clauses) != 1 or not isinstance(clauses[0], ir.Clause):
        return None
    c = clauses[0]
    if not is_self(c.subject) or c.aux or c.tails or c.verb_name != "passive" or len(c.verb.args) != 2 \
            or c.verb.args[0] != ir.Node("be_word", ("is",)):
        return None
    status = _STATUS.get(c.verb.args[1])
    return None if status is None else Const(status)


_YOU_DO = ir.Clause(ir.Ref("you", ""), None, ir.Verb("do", ("do",)), ())
# 701.27 (transform), 701.28 (convert): what a player may do to the ability's own permanent, which is
# theirs to choose as the ability resolves (608.2d)
_SELF_ACTIONS = ("convert", "transform")


def as_it_resolves(lead, previous, trigger):
    """``unrecorded(K)`` (see the module doc) for the "if" LEAD of a sentence of a triggered ability
    (an intervening "if", 603.4, or a later sentence's, 608.2c) whose truth a snapshot cannot tell:
    PREVIOUS is the sentence before it (None for the first), TRIGGER the ability's trigger; None for
    any other "if"."""
    if trigger is None or not isinstance(lead, ir.Node) or lead.kind != "lead_if":
        return None
    args = [a for a in lead.args if not isinstance(a, str)]
    if len(args) != 1 or not isinstance(args[0], tuple) or len(args[0]) != 2 or args[0][1] or len(args[0][0]) != 1:
        return None
    c = args[0][0][0]
    if isinstance(c, ir.Node) and c.kind == "nth_resolution":
        return fn("unrecorded", Const("resolutions"))           # 603.4: not recorded in a snapshot
    if isinstance(c, ir.Node) and c.kind == "added_mana_with_this" and c.args[0] == "you haven't added" \
            and c.args[2] == ir.Node("duration", ("this turn",)):
        return fn("unrecorded", Const("resolutions"))           # "if you haven't added mana with this ability this turn"
    if _spent_on_event_spell(c) and any(isinstance(y, ir.Node) and y.kind == "casts_phrase"
                                        for y in ir.walk(trigger.clauses)):
        return fn("unrecorded", Const("event_spell"))           # 601.2h: the mana spent on that spell
    if c == _YOU_DO and previous is not None and _may_act_on_self(previous):
        return fn("unrecorded", Const("choice"))                # 608.2d
    return None


def _spent_on_event_spell(c):
    """"N or more mana was spent to cast that spell" (601.2h)."""
    return isinstance(c, ir.Clause) and not c.aux and not c.tails and isinstance(c.subject, ir.Obj) \
        and c.subject.groups == ((ir.Char("noun", "mana"),),) and c.subject.quantity.word == "or more" \
        and c.verb.name == "passive" and len(c.verb.args) == 3 and c.verb.args[1] == "spent to cast" \
        and c.verb.args[2] == ir.Obj(ir.Quantity("that"), None, ((ir.Char("noun", "spell"),),), (), ())


def _may_act_on_self(sentence):
    """True for the one clause "You may convert ~." / "You may transform ~." (608.2d)."""
    if sentence.kind != "sentence" or sentence.leads or sentence.tail is not None or len(sentence.clauses) != 1:
        return False
    c = sentence.clauses[0]
    return isinstance(c, ir.Clause) and c.subject in (None, ir.Ref("you", "")) and c.aux == "may" and not c.tails \
        and c.verb.name == "keyword_action" and len(c.verb.args) == 2 and c.verb.args[0] in _SELF_ACTIONS \
        and is_self(c.verb.args[1])
