"""Abilities that add mana but are not mana abilities: loyalty abilities (606), triggered
abilities that trigger on something else than mana (603, 605.1b), chapter abilities (714) and
firebending (702.189a). What they are, precisely.

A loyalty ability is an activated ability with a loyalty symbol in its cost (606.3); it is never
a mana ability, even when it adds mana (605.1a: "... and it's not a loyalty ability"), so it uses
the stack and may be activated only as 606.3 allows (main phase, empty stack, once each turn per
permanent). A triggered ability is a mana ability only if it triggers on a mana ability or on
mana being added (605.1b); "When this creature enters, add {R}{G}.", "Whenever you cast an instant
or sorcery spell, add {R}.", a chapter ability (714.2b: it triggers on lore counters) and
firebending N (702.189a: "Whenever this creature attacks, add N {R}.") use the stack.

What a permanent "could produce" counts any ability of that permanent that would add mana if it
resolved (106.7). So such an ability whose mana the KB models gives its mana facts with
``loyalty`` (``activated``) or ``triggered`` and ``trigger_mana``: kb/ability_mana.lp counts that
mana in what the permanent could produce. Activating a loyalty ability (606.3) and resolving a
trigger are not modelled: the line stays a note for the answers that activate or perform
(``actions``, ``apply``, and ``show`` for a loyalty ability), never for ``produce`` (mana
abilities only, 605.1a) nor for ``could-produce``.

The mana counts only if nothing but the mana decides it: the ability adds mana in its first
sentence (with other instructions that do not add or change mana), with no condition the KB does
not evaluate (an intervening "if", 603.4, is checked as the ability resolves: one the KB evaluates,
leading the first sentence, or the "if" leading the sentence that adds the mana, 608.2c, is given as
``resolve_if(Ab,Cond)``, and the mana counts only while Cond holds, kb/ability_mana.lp; one about what a
snapshot does not record is ``unrecorded(K)``, both cases, :func:`.conditions.as_it_resolves`), no
required target but "target player"/"target opponent" (a
target that became illegal makes it not resolve, 608.2b), and an amount the KB counts (kb/mana.lp,
kb/game_amounts.lp, an amount of the permanent itself included; what a cost did and the chosen
color are read for mana abilities only).
Otherwise the line keeps its note for could-produce (:func:`pyengine.compiler.affects.of_line`).
"""

from dataclasses import replace

from ..terms import Const, fn
from . import affects, conditions, ir, mana_ir
from .affects import PAYMENT
from .shapes import Unmodelled, counters, is_self, required_targets

LOYALTY_AFFECTS = frozenset({"actions", "apply", "show"})
TRIGGER_AFFECTS = frozenset({"apply"})


def _add_clause(sentence):
    """The one clause of SENTENCE that adds mana, as an "add" instruction of its controller, if
    the sentence's other clauses neither add nor change mana; None otherwise. "you may add" is
    read as "add" (106.7: the mana it could produce), "that player adds" likewise (the mana the
    ability produces, whoever gets it), "add ... at the beginning of <a step>" likewise (603.7)."""
    if sentence.kind != "sentence" or sentence.leads:
        return None
    adds = [c for c in sentence.clauses if isinstance(c, ir.Clause) and c.verb_name == "add_mana"]
    others = [c for c in sentence.clauses if c not in adds]
    if len(adds) != 1 or any(affects.changes_mana(c) for c in others):
        return None
    c = adds[0]
    if c.aux not in (None, "may") or not _producer(c.subject):
        return None
    if c.tails and all(isinstance(t, ir.Node) and t.kind == "tail_delayed" for t in c.tails):
        # "add {C}{C} at the beginning of your next main phase this turn": the ability creates a delayed
        # triggered ability that adds the mana (603.7a), whose source is that ability's (603.7e): the
        # permanent's mana all the same (106.7)
        c = replace(c, tails=())
    return replace(c, subject=None, aux=None)


_ACTIVE_PLAYER = ((ir.Char("status", "active"), ir.Char("noun", "player")),)


def _producer(subject):
    """You (the ability's controller), or "that player" of a trigger on a player's step, or "the
    active player" (102.1)."""
    if subject is None or subject == ir.Ref("you"):
        return True
    return isinstance(subject, ir.Obj) and not subject.qualifiers and not subject.possessor and (
        (subject.quantity == ir.Quantity("that") and subject.groups == ((ir.Char("noun", "player"),),))
        or (subject.quantity == ir.Quantity("the") and subject.groups == _ACTIVE_PLAYER))


def ability_mana(ctx, sentences, event=False, intervening=False, attack=False, loyal=False, trigger=None):
    """(facts, reason): the mana facts of an ability that is not a mana ability whose effect adds
    mana the KB models (see the module doc), or (None, why not). The one sentence that adds mana
    may come after others that neither add nor change mana ("You gain 2 life. Add {U}, {R}, or
    {W}."): the instructions are followed in the order written (608.2c) and the mana is added.
    EVENT is true for a trigger whose event has a quantity of at least one (:func:`positive_event`):
    "add that much {G}" adds some of that mana. INTERVENING is true for a triggered ability: an "if"
    leading its first sentence is an intervening "if" (603.4), checked for the whole effect. ATTACK is
    true for a trigger on its own permanent attacking (:func:`self_attacks`): "for each attacking
    creature" counts that one at least. An ability whose only required targets are "target player"
    ("target opponent") counts while a player (an opponent) can be targeted (kb/ability_mana.lp).
    LOYAL is true for a loyalty ability. TRIGGER is a triggered ability's trigger: the "if"s a snapshot
    cannot decide (:func:`.conditions.as_it_resolves`) and "X is the number of <F> target opponent
    controls" are read for a triggered ability only."""
    if not sentences:
        return None, "no effect"
    sentences, put_first = _if_they_do(sentences)
    adding = [s for s in sentences if affects.changes_mana(s)]
    first = adding[0] if adding else sentences[0]
    gates = []
    if first is sentences[0] or intervening:
        gates.append(_gate(sentences[0]) or (conditions.as_it_resolves(sentences[0].leads[0], None, trigger)
                                             if intervening and len(sentences[0].leads) == 1 else None))
        if gates[-1] is not None:
            head = replace(sentences[0], leads=())
            first = head if first is sentences[0] else first
            sentences = (head,) + tuple(sentences[1:])
    i = sentences.index(first)
    requirement = _graveyard_target_color(sentences[i - 1], first.leads) if i > 0 else None
    if requirement is not None:
        # "Return target instant or sorcery card from your graveyard to your hand. If it's a green card,
        # add ...": the mana is added when the card targeted is green, a target its controller may choose
        # as the ability is put on the stack (601.2c): it counts while there is one (kb/ability_mana.lp)
        first = replace(first, leads=())
        sentences = sentences[:i] + (first,) + sentences[i + 1:]
    elif i > 0 and len(first.leads) == 1:
        # 608.2c: the "if" leading a later sentence is checked as that instruction is followed: the
        # mana's own "if" decides whether it is added ("If it's the third time, add {R}{R}{R}{R}.")
        gates.append(_gate(first) or conditions.as_it_resolves(first.leads[0], sentences[i - 1], trigger)
                     or _otherwise_removed(sentences[:i], first.leads[0]))
        if gates[-1] is not None:
            first = replace(first, leads=())
            sentences = sentences[:i] + (first,) + sentences[i + 1:]
    gates = [g for g in gates if g is not None]
    gate = gates[0] if len(gates) == 1 else fn("and", *gates) if gates else None
    upto = sentences[:sentences.index(first) + 1]
    # an "if" leading a sentence between the first and the mana decides only that sentence's
    # instructions (608.2c: "If it's the second time, ~ deals 2 damage ...")
    if any(isinstance(lead, ir.Node) and lead.kind == "lead_if"
           for s in (upto[:1] if intervening or len(upto) == 1 else ()) + upto[-1:] for lead in s.leads):
        # an intervening "if" (603.4) leads the first sentence, or one leads the mana's
        return None, ("the condition checked as the ability resolves (603.4) is not evaluated: "
                      "could-produce does not know whether it adds mana")
    put_first = put_first + _counters_first(upto[:-1])
    clause = _add_clause(first)
    if clause is None or len(adding) != 1:
        return None, "not modelled" if clause is None else "what follows changes the mana and is not modelled"
    targeted = required_targets(sentences)
    whom = _targets_players_only(sentences) if targeted else None
    if requirement is not None:
        targeted, whom = True, requirement
    if targeted and whom is None:
        return None, "an ability with a target adds mana only if it resolves (608.2b): not modelled"
    if trigger is not None and whom in (None, "opponent"):
        # "X is the number of Islands target opponent controls" (115.1): counted for the opponent targeted
        facts = mana_ir.target_opponent_facts(ctx.ab, ir.Sentence((), (clause,), (), first.tail, first.kind))
        if facts is not None:
            return (facts + [("resolve_if", ctx.ab, gate)] if gate is not None else facts), ""
    mana = mana_ir.of_sentence(ir.Sentence((), (clause,), (), first.tail, first.kind))
    if mana is not None and mana.count is not None and mana.count[0] == "removed" and mana.count[2] == 0 \
            and any(_removes_all(s, mana.count[1]) for s in upto[:-1]):
        # 608.2c: "Remove all K counters from ~. Add {C} for each K counter removed this way": as many
        # as it had as the ability began to resolve, the counters on it now (122.1)
        mana = mana.counted(("for_each_counter_on_self", mana.count[1]))
    if mana is not None and len(upto) > 1 and _exiled_from_your_graveyard(upto[-2], mana):
        # "Exile any number of target cards from your graveyard. Add {R} for each card exiled this way."
        mana = None
        facts = [("mana_amount", ctx.ab, 1, Const(mana_ir.of_sentence(
            ir.Sentence((), (replace(clause, tails=()),), (), None, "sentence")).options[0][0][0]),
            Const("exiled_from_graveyard"))]
        return (facts + [("resolve_if", ctx.ab, gate)] if gate is not None else facts), ""
    if mana is None or mana.kind == "other":
        return None, "mana of this kind is not modelled"
    counted = mana_ir.event_facts(ctx.ab, mana) if event else None
    if counted is None and attack:
        counted = mana_ir.attack_facts(ctx.ab, mana)
    facts, reason = (counted, "") if counted is not None else _facts(ctx.ab, mana)
    if facts and targeted:
        # 601.2c, 608.2b: it is activated, and resolves, only with a legal target (kb/ability_mana.lp)
        facts = facts + [("ability_targets", ctx.ab),
                         ("target_requirement", ctx.ab, whom if requirement is not None else Const(whom))]
    if facts and put_first:
        facts = facts + [("counters_before_mana", ctx.ab, k, n) for k, n in put_first]
    return (facts + [("resolve_if", ctx.ab, gate)] if facts and gate is not None else facts), reason


def _if_they_do(sentences):
    """(SENTENCES, []), or, for "<player> may put a <K> counter on ~. If they do, they add <mana>."
    (a choice made as the ability resolves, 608.2d), the sentences as if the player put it ("Put a
    <K> counter on ~. Add <mana>.": what the ability adds when they do; when they don't it adds no
    mana, which adds no type to what the permanent could produce, 106.7) and [(K, N)], the counters
    put on the permanent before the mana is added (608.2c: "for each counter on it" counts them).
    Putting counters on the ability's own permanent is always possible, so the choice is theirs."""
    for i in range(len(sentences) - 1):
        first, then = sentences[i], sentences[i + 1]
        if first.kind != "sentence" or first.leads or first.tail is not None or len(first.clauses) != 1 \
                or then.kind != "sentence" or len(then.leads) != 1 or len(then.clauses) != 1:
            continue
        c, add = first.clauses[0], then.clauses[0]
        if not isinstance(c, ir.Clause) or c.aux != "may" or c.verb_name != "put_counters" or c.tails \
                or not _producer(c.subject) or len(c.verb.args) != 4 or c.verb.args[2] != "on" \
                or not is_self(c.verb.args[3]):
            continue
        lead = then.leads[0]
        if not (isinstance(lead, ir.Node) and lead.kind == "lead_if" and len(lead.args) == 2
                and lead.args[1] == ((ir.Clause(ir.Ref("you" if c.subject in (None, ir.Ref("you")) else "they", ""),
                                                 None, ir.Verb("do", ("do",)), ()),), ())):
            continue
        if not isinstance(add, ir.Clause) or add.verb_name != "add_mana" \
                or add.subject not in (None, ir.Ref("you", ""), ir.Ref("they", "")):
            continue
        try:
            kind, n = counters(c.verb.args[1])
        except Unmodelled:
            continue
        if kind is None:
            continue
        # "for each counter on it": "it" is the permanent they put the counter on
        add = ir.substitute(replace(add, subject=None), ir.Ref("it", ""), c.verb.args[3])
        done = (replace(first, clauses=(replace(c, subject=None, aux=None),)),
                replace(then, leads=(), clauses=(add,)))
        return tuple(sentences[:i]) + done + tuple(sentences[i + 2:]), [(kind, n)]
    return sentences, []


_ANY_NUMBER_FROM_YOUR_GRAVEYARD = ir.Obj(ir.Quantity("any number of"), None,
                                         ((ir.Char("noun", "target"), ir.Char("noun", "cards")),), (),
                                         (ir.Node("from_zone", ("from", ir.Zone("graveyard", ir.Ref("you", ""), ""))),))
_EXILED_THIS_WAY = ("for_each", ir.Obj(None, None, ((ir.Char("noun", "card"),),), (), (
    ir.Node("this_way_q", (ir.Node("this_way_participle", ("exiled this way",)),)),)))


def _exiled_from_your_graveyard(sentence, mana):
    """True for "Exile any number of target cards from your graveyard." followed by MANA, one mana of one
    type "for each card exiled this way": as many as the cards its controller targeted, any of the cards
    in their graveyard (115.6: zero of them may be chosen), amount term exiled_from_graveyard
    (kb/ability_mana.lp)."""
    if sentence.kind != "sentence" or sentence.leads or sentence.tail is not None or len(sentence.clauses) != 1:
        return False
    c = sentence.clauses[0]
    if not isinstance(c, ir.Clause) or c.subject is not None or c.aux or c.tails or c.verb_name != "exile" \
            or c.verb.args[1:] != (_ANY_NUMBER_FROM_YOUR_GRAVEYARD,):
        return False
    return mana.kind == "fixed" and mana.count == _EXILED_THIS_WAY and not mana.additional \
        and len(mana.options) == 1 and len(mana.options[0]) == 1 and mana.options[0][0][1] == 1


_ALL_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
                   "sorcery")                                                                     # 205.2a


def _graveyard_target_color(sentence, leads):
    """your_graveyard_card(K,Col) for "Return target <K> card from your graveyard to your hand." (K a card
    type, or(T1,T2) for "instant or sorcery") followed by the lead "If it's a <Col> card,": the one target
    of SENTENCE is a K card in its controller's graveyard, and the mana is added when it is Col (105.2);
    None otherwise."""
    if len(leads) != 1 or not isinstance(leads[0], ir.Node) or leads[0].kind != "lead_if" or sentence.leads \
            or sentence.tail is not None or len(sentence.clauses) != 1:
        return None
    args = [a for a in leads[0].args if not isinstance(a, str)]
    if len(args) != 1 or args[0][1] or len(args[0][0]) != 1:
        return None
    it = args[0][0][0]
    if not (isinstance(it, ir.Node) and it.kind == "its_clause" and it.args[0] == "it is"
            and isinstance(it.args[1], ir.Obj) and it.args[1].quantity == ir.Quantity("a")
            and not it.args[1].qualifiers and len(it.args[1].groups) == 1):
        return None
    group = it.args[1].groups[0]
    if len(group) != 2 or group[0].kind != "color" or group[0].negated or group[1] != ir.Char("noun", "card") \
            or group[0].value not in mana_ir._COLOR_LETTER:
        return None
    c = sentence.clauses[0]
    if not isinstance(c, ir.Clause) or c.subject is not None or c.aux or c.tails or c.verb_name != "return" \
            or len(c.verb.args) != 4 or c.verb.args[2:] != ("to", ir.Zone("hand", ir.Ref("you", ""), "")):
        return None
    obj = c.verb.args[1]
    if not isinstance(obj, ir.Obj) or obj.quantity is not None or obj.possessor or obj.qualifiers != (
            ir.Node("from_zone", ("from", ir.Zone("graveyard", ir.Ref("you", ""), ""))),):
        return None
    kinds = [ch.value for g in obj.groups for ch in g if isinstance(ch, ir.Char) and ch.kind == "card_type"
             and not ch.negated]
    chars = [ch for g in obj.groups for ch in g]
    if not kinds or len(kinds) > 2 or sorted(ch.value for ch in chars if ch.kind == "noun") != ["card", "target"] \
            or len(chars) != len(kinds) + 2 or obj.joins not in ((), (("or",),)) or len(obj.groups) != len(kinds) \
            or chars[0] != ir.Char("noun", "target") or any(k not in _ALL_CARD_TYPES for k in kinds):
        return None
    kind = Const(kinds[0]) if len(kinds) == 1 else fn("or", Const(kinds[0]), Const(kinds[1]))
    return fn("your_graveyard_card", kind, Const(mana_ir._COLOR_LETTER[group[0].value]))


def _counters_first(sentences):
    """[(K, N)]: the counters the unconditional sentences "Put a K counter on ~." among SENTENCES put
    on the ability's own permanent (608.2c: before the mana that follows is added: "Put a +1/+1
    counter on this creature. ... add an amount of {R} equal to this creature's power" counts it)."""
    out = []
    for s in sentences:
        if s.kind != "sentence" or s.leads or s.tail is not None or len(s.clauses) != 1:
            continue
        c = s.clauses[0]
        if not isinstance(c, ir.Clause) or c.verb_name != "put_counters" or c.subject is not None or c.aux \
                or c.tails or len(c.verb.args) != 4 or c.verb.args[2] != "on" or not is_self(c.verb.args[3]):
            continue
        try:
            kind, n = counters(c.verb.args[1])
        except Unmodelled:
            continue
        if kind is not None:
            out.append((kind, n))
    return out


_NONE_REMOVED = ir.Clause(ir.Node("counters_np", (ir.Node("counters_phrase", (ir.Node("counter_quantity", ("no",)),
                                                                               "counter")),)),
                          None, ir.Verb("passive", (ir.Node("be_word", ("were",)),
                                                    ir.Node("this_way_participle", ("removed this way",)))), ())


def _otherwise_removed(before, lead):
    """self_has_counter(K) for the lead "Otherwise," of the sentence after "Remove all K counters from ~.
    If no counters were removed this way, <...>." (BEFORE ends with those two): it is followed when
    counters were removed (608.2c), that is when ~ had a K counter as the ability resolved (122.1);
    None otherwise."""
    if lead != ir.Node("lead_otherwise", ("otherwise",)) or len(before) < 2:
        return None
    remove, branch = before[-2], before[-1]
    if len(branch.leads) != 1 or branch.leads[0] != ir.Node("lead_if", ("if", ((_NONE_REMOVED,), ()))) \
            or affects.changes_mana(branch) or len(remove.clauses) != 1 or remove.leads:
        return None
    c = remove.clauses[0]
    if not isinstance(c, ir.Clause) or c.verb_name != "remove_counters":
        return None
    kind = next((a.args[0] for a in ir.walk(c.verb.args) if isinstance(a, ir.Node) and a.kind == "counter_kind"
                 and len(a.args) == 1), None)
    return fn("self_has_counter", str(kind)) if kind is not None and _removes_all(remove, kind) else None


def _removes_all(sentence, kind):
    """True if SENTENCE removes every KIND counter from the ability's own permanent: "remove all
    charge counters from ~" (or "from it", "it" being the "~" its intervening "if" names)."""
    for c in sentence.clauses:
        if not isinstance(c, ir.Clause) or c.verb_name != "remove_counters" or c.subject is not None or c.aux:
            continue
        args = c.verb.args
        if len(args) >= 3 and args[1] == ir.Node("counters_phrase", (
                ir.Node("counter_quantity", ("all",)), ir.Node("counter_kind", (kind,)), "counter")) \
                and ((len(args) == 4 and args[2] == "from" and is_self(args[3])) or args[2:] == ("from it",)):
            return True
    return False


def _gate(sentence):
    """The condition term of the one "if" leading SENTENCE, the first of the effect ("When this
    creature enters, if an opponent lost life this turn, add {B}{R}": an intervening "if", 603.4,
    checked again as the ability resolves), when kb/conditional_mana.lp or kb/turn_history.lp
    evaluates it (:func:`.conditions.condition`); None otherwise."""
    if len(sentence.leads) != 1 or not isinstance(sentence.leads[0], ir.Node) or sentence.leads[0].kind != "lead_if":
        return None
    # 603.4, 110.5: "if ~ is untapped," (a loyalty, triggered or chapter ability has no {T} cost: the
    # status as it resolves is the permanent's now)
    return conditions.condition(sentence.leads[0]) or conditions.self_status(sentence.leads[0])


def positive_event(trigger):
    """True if "that much" of the trigger's event is at least one: damage dealt (120.8: a source that
    would deal 0 damage deals none, and triggers nothing, 603.2g), "one or more <creatures> attack"
    (the number of them, 508.1)."""
    if len(trigger.clauses) != 1 or not isinstance(trigger.clauses[0], ir.Clause) or trigger.clauses[0].tails:
        return False
    c = trigger.clauses[0]
    if c.verb_name == "deal_damage" or (c.verb_name == "passive" and "dealt damage" in c.verb.args):
        return True
    return c.verb_name == "attacks" and isinstance(c.subject, ir.Obj) \
        and c.subject.quantity == ir.Quantity("or more", ir.Number(1))


_TARGET = {who: ir.Obj(None, None, ((ir.Char("noun", "target"), ir.Char("noun", who)),))
           for who in ("player", "opponent")}


def _targets_players_only(sentences):
    """"player" if every target SENTENCES name is "target player", "opponent" if every one is "target
    opponent" (115.1, 102.2, 102.3), None otherwise."""
    nouns = [y for y in ir.walk(sentences) if isinstance(y, ir.Char) and y.kind == "noun"
             and y.value in ("target", "targets")]
    for who, obj in _TARGET.items():
        found = [y for y in ir.walk(sentences) if y == obj]
        if found and len(nouns) == len(found):
            return who
    return None


def self_attacks(trigger):
    """True for "Whenever ~ attacks" (508.3a: it triggers as ~ is declared as an attacker)."""
    return trigger.word == "whenever" and len(trigger.clauses) == 1 and isinstance(trigger.clauses[0], ir.Clause) \
        and is_self(trigger.clauses[0].subject) and trigger.clauses[0].verb_name == "attacks" \
        and not trigger.clauses[0].tails and not trigger.clauses[0].aux


def _facts(ab, mana):
    try:
        facts = mana_ir.facts(ab, mana)
    except Unmodelled as e:
        if not e.facts or e.affects is None or not e.affects <= PAYMENT:
            return None, str(e)
        # only paying with that mana is not modelled: not a mana ability, its mana pays for nothing
        facts = e.facts
    if any(f[0] == "mana_chosen" or (f[0] == "mana_amount" and _cost_amount(f[4]))
           or (f[0] == "mana_combination" and _cost_amount(f[2])) for f in facts):
        return None, "mana of the chosen color or counted on what a cost did is modelled for mana abilities only"
    return facts, ""


def _cost_amount(term):
    """An amount of what the ability's cost did (removed, sacrificed): read for activated mana
    abilities only. An amount of its own permanent (counters on it, its power, the other permanents
    its controller controls) is counted per permanent for any ability (kb/game_amounts.lp)."""
    return getattr(term, "name", None) in ("removed", "sacrificed")


def loyalty(ctx, a):
    """The facts of a loyalty ability A; raises Unmodelled (with the facts the KB reads) always."""
    facts, _ = ability_mana(ctx, a.effect, loyal=True)
    if facts:
        raise Unmodelled("a loyalty ability is not a mana ability (605.1a): could-produce counts its mana "
                         "(106.7); activating it (606.3) is not modelled",
                         [("activated", ctx.ab), ("loyalty", ctx.ab), *facts, ("effect_not_modelled", ctx.ab)],
                         affects=LOYALTY_AFFECTS)
    raise Unmodelled(f"{type(a).__name__.lower()} abilities are not modelled")


def triggered(ctx, a):
    """A triggered ability that is not a mana ability (605.1b) and adds mana the KB models:
    raises Unmodelled with its facts (a note for `apply` only). Returns None if A is not one."""
    if affects.mana_trigger(a.trigger) or not affects.adds_mana_itself(a.effect):
        return None                     # a trigger on mana or tapping: 605.1b may make it a mana ability
    facts, reason = ability_mana(ctx, a.effect, event=positive_event(a.trigger), intervening=True,
                                 attack=self_attacks(a.trigger), trigger=a.trigger)
    if facts is None:
        raise Unmodelled(reason)
    raise Unmodelled("a triggered ability that is not a mana ability (605.1b): could-produce counts "
                     "its mana (106.7); resolving it is not modelled",
                     [("triggered", ctx.ab), ("trigger_mana", ctx.ab), *facts],
                     affects=affects.triggered(a) - affects.MANA)     # its mana is given


def chapter(ctx, a):
    """A chapter ability (714.2b: a triggered ability, not a mana ability, 605.1b): raises
    Unmodelled, with its facts when it adds mana the KB models (a note for `apply` only)."""
    facts, reason = ability_mana(ctx, a.effect) if affects.adds_mana_itself(a.effect) else (None, "")
    if facts is None:
        raise Unmodelled("a chapter ability is a triggered ability (714.2b), not a mana ability (605.1b): "
                         "its effect is not modelled")
    raise Unmodelled("a chapter ability is a triggered ability (714.2b), not a mana ability (605.1b): "
                     "could-produce counts its mana (106.7); resolving it is not modelled",
                     [("triggered", ctx.ab), ("trigger_mana", ctx.ab), *facts], affects=TRIGGER_AFFECTS)


def firebending(ctx, k):
    """702.189a: "Firebending N" means "Whenever this creature attacks, add N {R}. ..." (a triggered
    ability, not a mana ability, 605.1b): raises Unmodelled with its facts (a note for `apply`
    only); returns None if its amount is not one the KB counts."""
    if k.kind == "number" and isinstance(k.param, ir.Number) and isinstance(k.param.value, int):
        mana = mana_ir.Mana("fixed", ((("r", k.param.value),),))          # numbers are bounded (build.py)
    elif k.kind == "number_where":
        mana = mana_ir.Mana("fixed", ((("r", 1),),)).counted(("where", k.param))
    else:
        return None
    facts, _ = _facts(ctx.ab, mana)
    if not facts:
        return None
    raise Unmodelled("firebending is a triggered ability, not a mana ability (605.1b): could-produce counts "
                     "its mana (106.7); resolving it is not modelled",
                     [("keyword", ctx.ab, Const("firebending")), ("triggered", ctx.ab), ("trigger_mana", ctx.ab),
                      *facts], affects=TRIGGER_AFFECTS)


def modal_trigger(ability):
    """True if ABILITY is a triggered ability that is not a mana ability (605.1b) whose effect is
    "choose one —" (700.2: one mode, chosen as it is put on the stack, 700.2a; "that hasn't been
    chosen [this turn]" restricts which one), with other instructions that neither add nor change
    mana ("choose one that hasn't been chosen and you lose 2 life —"): its modes are the lines after it."""
    if not isinstance(ability, ir.Triggered) or affects.mana_trigger(ability.trigger) or len(ability.effect) != 1:
        return False
    s = ability.effect[0]
    if s.kind != "modal" or s.leads or s.tail is not None:
        return False
    counts = [c for c in s.clauses if isinstance(c, ir.Node) and c.kind == "choose_count"]
    return len(counts) == 1 and counts[0].args[:1] == (ir.Number(1),) \
        and all(isinstance(x, str) and x.startswith("that hasn't been chosen") for x in counts[0].args[1:]) \
        and all(c is counts[0] or (isinstance(c, ir.Clause) and not affects.changes_mana(c)) for c in s.clauses)


def trigger_mode(ctx, head, mode):
    """The facts of MODE, a mode of the modal triggered ability HEAD (:func:`modal_trigger`), when
    it adds mana the KB models: each mode is its own outcome, the ability resolving with that mode
    (700.2, 106.7: what it would produce if it resolved). Which modes were already chosen ("that
    hasn't been chosen this turn") decides only whether it can be chosen when the ability triggers
    next, as the trigger event does: 106.7 asks what it adds if it resolves. Raises Unmodelled
    with those facts (a note for `apply` only, like the header); returns None otherwise."""
    if not isinstance(mode.effect, tuple) or not affects.adds_mana_itself(mode.effect):
        return None
    facts, _ = ability_mana(ctx, mode.effect, event=positive_event(head.trigger), intervening=True,
                            attack=self_attacks(head.trigger), trigger=head.trigger)
    if facts is None:
        return None
    raise Unmodelled("a mode of a triggered ability that is not a mana ability (605.1b, 700.2): could-produce "
                     "counts its mana (106.7); resolving it is not modelled",
                     [("triggered", ctx.ab), ("trigger_mana", ctx.ab), *facts], affects=TRIGGER_AFFECTS)
