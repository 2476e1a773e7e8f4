"""The public Python API: one function per public query (DESIGN.md, "Public queries").

Each function takes a validated :class:`pyengine.snapshot.Snapshot` and returns plain Python
data shaped like the CLI's ``--json`` answer. Unknown ids raise :class:`InputError`.

Each question builds its own clingo Control, unless it is asked inside ``with session(snapshot):``
(:func:`session`): then the questions about that snapshot share one Control, grounded once.
"""

from contextlib import contextmanager
import contextvars
import re
from typing import NamedTuple

from . import cardlookup
from .asp.driver import Engine
from .errors import AmountTooLarge, InputError
from .facts import snapshot_facts
from . import mana, render, riders
from .terms import Const, Fn, fn, render as render_term
from .untrusted import listing, show as quote

MANA_LETTER = mana.MANA_LETTER
TYPE_ORDER = ("kindred", "land", "artifact", "enchantment", "planeswalker", "battle", "creature",
              "instant", "sorcery")


def mana_letters(types):
    """Mana type constants as upper-case letters, sorted (the --json contract sorts plainly)."""
    return sorted({MANA_LETTER[str(t)] for t in types})


_SESSIONS = contextvars.ContextVar("mtgkb_sessions", default=())


class Session:
    """The questions asked about one snapshot inside ``with session(snapshot):``: one shared
    Engine (one clingo Control, the KB grounded once), each query grounded in it on first use.
    A question the shared grounding cannot answer soundly (its facts or query define what is
    already grounded, see :meth:`pyengine.asp.driver.Engine.ground`) gets an engine of its own;
    ``controls`` counts the clingo Controls built."""

    def __init__(self, snapshot, queries=()):
        self.snapshot, self.queries = snapshot, tuple(queries)
        self.engine, self.controls = None, 0

    def question(self, query, facts=()):
        """An object whose ``ask`` answers QUERY (with FACTS added) on this snapshot."""
        facts = list(facts)
        if self.engine is None:
            self.engine = Engine(snapshot_facts(self.snapshot), shared=True)
            self.controls += 1
            first = [q for q in self.queries if q != query] if not facts else []
            if self.engine.ground(query, *first, facts=facts):
                return self.engine.question(query)
        elif self.engine.ground(query, facts=facts):
            return self.engine.question(query)
        self.controls += 1
        return Engine(snapshot_facts(self.snapshot) + facts, query)


@contextmanager
def session(snapshot, *queries):
    """Answer every question asked about SNAPSHOT inside the block from one clingo Control where
    that is sound (multi-shot: the KB is grounded once, each query's part on first use). QUERIES
    are grounded together in the first step (name those a command will ask, so that inputs one of
    them declares reach the rules the others need). Yields the :class:`Session`."""
    s = Session(snapshot, queries)
    token = _SESSIONS.set(_SESSIONS.get() + (s,))
    try:
        yield s
    finally:
        _SESSIONS.reset(token)


def engine(snapshot, query, facts=()):
    """Something whose ``ask`` answers QUERY on SNAPSHOT (with FACTS added): the question of the
    session open for this snapshot, else a new Engine."""
    for s in reversed(_SESSIONS.get()):
        if s.snapshot is snapshot:
            return s.question(query, facts)
    return Engine(snapshot_facts(snapshot) + list(facts), query)


def query(snapshot, name, externals=(), facts=()):
    """The one model of query NAME on SNAPSHOT with EXTERNALS set (and FACTS added), grouped
    {predicate: [args, ...]}: for questions that need no more shaping than that (transitions)."""
    [model] = engine(snapshot, name, facts).ask(externals)
    return group(model)


def group(model):
    """A model's atoms grouped by predicate: {predicate: [args tuple, ...]}."""
    by = {}
    for atom in model:
        by.setdefault(atom[0], []).append(atom[1:])
    return by


def check_ids(snapshot, ids):
    """Raise InputError naming every id that is not a permanent of the snapshot."""
    known = {p.id for p in snapshot.battlefield}
    bad = [i for i in ids if i not in known]
    if bad:
        raise InputError([f"unknown permanent id {quote(i)}; the battlefield has: "
                          f"{listing(sorted(known)) if known else '(nothing)'}" for i in bad])


def asked(ids):
    """The externals that select the permanents a question is about."""
    return [("asked", i) for i in ids]


def could_produce(snapshot, ids=None):
    """{id: sorted mana letters} for the given permanents (all if None) (106.7)."""
    ids = list(ids) if ids else [p.id for p in snapshot.battlefield]
    check_ids(snapshot, ids)
    [model] = engine(snapshot, "could_produce").ask(asked(ids))
    out = {i: [] for i in ids}
    for _, x, t in model:
        out[x].append(t)
    return {i: mana_letters(v) for i, v in sorted(out.items())}


def show(snapshot, pid):
    """Characteristics and status of one permanent now."""
    check_ids(snapshot, [pid])
    # name_compared/1 asks the KB for same_name(pid, Y) only (kb/face_down.lp): linear grounding
    [model] = engine(snapshot, "show", facts=[("name_compared", pid)]).ask(asked([pid]))
    by = group(model)
    if "pt_too_large" in by:
        raise AmountTooLarge(f"show {pid}", "power or toughness", "could exceed")
    one = lambda pred: by[pred][0][-1] if pred in by else None
    types = sorted((str(a[-1]) for a in by.get("has_type", [])), key=TYPE_ORDER.index)
    return {
        "id": pid,
        "name": one("has_name"),
        "power": one("power"),
        "toughness": one("toughness"),
        "colors": mana_letters(a[-1] for a in by.get("has_color", [])),
        "supertypes": sorted(str(a[-1]).capitalize() for a in by.get("has_supertype", [])),
        "types": [t.capitalize() for t in types],
        "subtypes": sorted(a[-1] for a in by.get("has_subtype", [])),
        "mana_value": one("mana_value"),
        "keywords": sorted(str(a[-1]).replace("_", " ") for a in by.get("has_keyword", [])),
        "abilities": sorted(ability_texts(model).values()),
        "face_down": "face_down" in by,
        "face_down_by": str(one("face_down")) if "face_down" in by else None,
        "modified": "modified" in by,
        "same_name_as": sorted(a[-1] for a in by.get("same_name", [])),
        "tapped": "tapped" in by,
        "controller": by["controls"][0][0] if "controls" in by else None,
        "phased_out": "in_play" not in by,
    }


def check_player(snapshot, player):
    """Raise InputError unless PLAYER is a player of the snapshot."""
    if player not in snapshot.players:
        raise InputError(f"unknown player {quote(player)}; players are {listing(snapshot.players)}")


def actions(snapshot, player=None):
    """{"player": P, "actions": [...legal now...], "refused": [...with the rule and reason...],
    "not_modelled": [...]} for PLAYER (default: the active player).

    Mana costs are decided in the same solve (kb/mana_payment.lp, the `payment` part): an action
    whose mana cost no choice of untapped sources pays is refused (118.3); one whose payment
    would need numbers beyond the solver's integers is listed as not modelled."""
    player = player or snapshot.active
    check_player(snapshot, player)
    # the answer is ordered below (render.actions, PaymentAnswer): the model need not be
    [model] = engine(snapshot, "actions", facts=[("asked_player", player)]).ask(optimize=True, ordered=False)
    by = {}                                 # the atoms by predicate: the model is walked once
    for a in model:
        by.setdefault(a[0], []).append(a)
    questions = {a[1]: a[2] for a in by.get("question_of", ())}
    paid = {a[1] for a in by.get("paid", ())}
    too_large = {a[1] for a in by.get("payment_too_large", ())}
    partial = "payment_partial" in by
    needs_plan = {a[1] for a in by.get("question_needs_plan", ())}
    restricted = "restricted_for_abilities" in by
    restricted_payer = "restricted_payer" in by
    helped = {a[1] for a in by.get("cast_helped", ())}       # convoke, improvise, delve (kb/convoke.lp)
    from .payment_answer import PaymentAnswer, READS
    answer = PaymentAnswer(a for name in READS for a in by.get(name, ()))
    atoms, payments, plans, spent = [], {}, {}, {}
    for atom in model:
        q = questions.get(atom[2]) if atom[0] == "legal_action" else None
        if q is None or q in paid:
            atoms.append(atom)
            if q is not None and atom[2].args[0] in PAID_WITH_PAYMENT:
                # the payment is complete: mana abilities, and the Phyrexian symbols paid with life
                payments[atom[2]] = answer.payment(q)
                spent[atom[2]] = answer.life_payment(q)
        elif q in too_large:
            atoms.append(("not_modelled_action", player, atom[2], Const("payment_too_large")))
        elif (partial or q in needs_plan) and atom[2].args[0] == Const("cast"):
            # floating mana, sources whose mana abilities cost mana or life, and {S} are for the
            # plan (kb/mana_plan.lp), the KB that decides `mtgkb pay`: it decides this cast
            decided = plan_decides(snapshot, player, atom[2], answer.cost_symbols(atom[2]), plans,
                                   spell=restricted_payer or atom[2] in helped)
            if decided is None:
                atoms.append(("not_modelled_action", player, atom[2], Const("payment_too_large")))
            elif decided == "unknown":
                atoms.append(("not_modelled_action", player, atom[2], Const("spend_restriction_not_modelled")))
            elif decided is False:
                atoms.append(("refused", player, atom[2], "118.3", Const("cannot_pay_mana_cost")))
            else:
                atoms.append(atom)
                payments[atom[2]], spent[atom[2]] = decided
        elif q in needs_plan or restricted or (partial and atom[2].args[0] == SPECIAL):
            # an activation whose payment only the plan decides ({S}, life after riders, mana that a
            # spend restriction lets pay some abilities, 106.6): the plan pays spells' costs here,
            # not abilities' yet, so it is not refused on a guess; nor a special action (116.2f, h, k)
            # the untapped sources can't pay while there is floating mana or a source only the plan uses
            atoms.append(("not_modelled_action", player, atom[2], Const("payment_needs_plan")))
        else:
            atoms.append(("refused", player, atom[2], "118.3", Const("cannot_pay_mana_cost")))
    x_reduced = {a[1]: a[3] for a in by.get("action_detail", ()) if a[2] == Const("x_reduced_by")}
    extras = {a[2]: max_x_entry(snapshot, player, a[2], answer.cost_symbols(a[2]), answer.x_count(a[2]),
                                x_reduced.get(a[2], 0))
              for a in atoms if a[0] == "legal_action" and a[2].args[0] == Const("cast") and answer.x_count(a[2])}
    # multikicker, squad: paid any number of times (kb/optional_costs.lp), as many as the plan pays
    each, times_reduced = {}, {}
    for _, act, k, v in by.get("action_detail", ()):
        if k == Const("cost_each_time"):
            each.setdefault(act, []).extend([v.args[0]] * v.args[1])
        elif k == Const("times_reduced_by"):
            times_reduced[act] = v
    for a in atoms:
        if a[0] == "legal_action" and a[2] in each and not answer.x_count(a[2]):
            extras[a[2]] = {**extras.get(a[2], {}), **max_times_entry(
                snapshot, player, a[2], answer.cost_symbols(a[2]), each[a[2]], times_reduced.get(a[2], 0))}
    for a, keys in spent.items():          # the payment's floating mana and life
        extras[a] = {**keys, **extras.get(a, {})}
    legal, refused, unknown = render.actions(atoms, payments, extras)
    for d in legal:
        if d["kind"] == "cast":
            card = snapshot.cards[d["card"]]
            faces = {d["half"]} if "half" in d else {f.name for f in card.faces} | {card.name}
            if (faces & targeted_faces(snapshot, d["card"]) and d.get("alternative_cost") != "overload") \
                    or d.get("alternative_cost") in _TARGETING_ALTERNATIVES:
                d["not_checked"] = ["targets (601.2c)"]
    return {"player": player, "actions": legal, "refused": refused, "not_modelled": unknown}


SPECIAL = Const("special")
# the actions shown with their payment: casting a spell, a special action with a card in hand
PAID_WITH_PAYMENT = (Const("cast"), SPECIAL)

# alternative costs whose spell targets (601.2c): a mutating creature spell targets a non-Human creature
# with the same owner (702.140a); awaken's "put N +1/+1 counters on target land you control" (702.113a).
# An overloaded spell requires no targets (702.96b).
_TARGETING_ALTERNATIVES = frozenset({"mutate", "awaken"})


def max_x_entry(snapshot, player, action, symbols, n_x, reduced=0):
    """{"max_x": M}: the largest X for which PLAYER can pay ACTION's cost SYMBOLS plus N_X times X
    generic mana now (107.3, 601.2b, 601.2f-h), less REDUCED generic mana (the cost reductions the rest
    of the generic part did not use, kb/cost_modifiers.lp), decided by the plan of `mtgkb pay`; X is
    bounded by payplan.MAX_SYMBOLS: if that much is payable, {"max_x": M, "max_x_at_limit": True}."""
    from . import payplan
    card = str(action.args[1])
    name, spent_on = payplan.spell_types(snapshot, card)
    spell = payplan.spell_facts(snapshot, name, player, payplan.cast_faces(snapshot, action),
                                payplan.cast_kicked(action), payplan.cast_zone(action))
    limit = (payplan.MAX_SYMBOLS - len(symbols)) // n_x

    def payable(x):
        plan = solve_plan(snapshot, player, symbols + [Const("generic")] * max(0, n_x * x - reduced), spent_on, spell)
        return plan.paid and not plan.too_large
    top, at_limit = _largest(payable, 0, limit)     # payable(0): the cast is legal with X = 0
    return {"max_x": top, **({"max_x_at_limit": True} if at_limit else {})}


def max_times_entry(snapshot, player, action, symbols, each, reduced=0):
    """{"max_times": T}: the largest number of times T (at least 1: SYMBOLS, ACTION's total cost, pays
    it once) that PLAYER can pay a cost paid any number of times (multikicker 702.33c, squad 702.157a),
    EACH its symbols, now (601.2f-h), the generic mana of the payments beyond the first less REDUCED (the
    cost reductions the rest of the generic part did not use), decided by the plan of `mtgkb pay`;
    bounded by payplan.MAX_SYMBOLS ("max_times_at_limit": True if that many are payable)."""
    from . import payplan
    card = str(action.args[1])
    _, spent_on = payplan.spell_types(snapshot, card)
    spell = payplan.spell_facts(snapshot, card, player, payplan.cast_faces(snapshot, action),
                                payplan.cast_kicked(action))
    generic = [x for x in each if x == Const("generic")]
    colored = [x for x in each if x != Const("generic")]
    limit = 1 + (payplan.MAX_SYMBOLS - len(symbols)) // max(1, len(each))

    def payable(t):
        more = colored * (t - 1) + [Const("generic")] * max(0, len(generic) * (t - 1) - reduced)
        plan = solve_plan(snapshot, player, symbols + more, spent_on, spell)
        return plan.paid and not plan.too_large
    top, at_limit = _largest(payable, 1, limit)
    return {"max_times": top, **({"max_times_at_limit": True} if at_limit else {})}


def _largest(payable, lo, limit):
    """(N, at limit): the largest N in [LO, LIMIT] with PAYABLE(N), PAYABLE(LO) known true and PAYABLE
    monotone (more costs more), by doubling then bisection."""
    hi = max(1, 2 * lo)
    while hi <= limit and payable(hi):
        lo, hi = hi, hi * 2
    if hi > limit:
        if payable(limit):
            return limit, True
        hi = limit
    while hi - lo > 1:                # payable(lo), not payable(hi)
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if payable(mid) else (lo, mid)
    return lo, False


def plan_decides(snapshot, player, action, symbols, cache, spell=True):
    """Whether PLAYER can cast (ACTION) paying SYMBOLS now, decided by the plan (kb/mana_plan.lp, the
    KB of `mtgkb pay`): (the mana abilities of its best plan as PaymentAnswer.payment gives them, the
    floating mana and life it spends, and the creatures, artifacts and cards that convoke, improvise
    or delve pay with, as extra keys of the action), False if no plan pays it, None
    if deciding it needs numbers beyond the solver's integers, "unknown" if no plan pays it without
    mana whose spend restriction the KB cannot evaluate for this spell (106.6). CACHE: by cost and
    what the mana is spent on (the spell, for spend restrictions and convoke, improvise, delve; with
    SPELL false, the payer has no restricted source, the spell none of those keywords, and only the
    spell's card types count, for floating mana)."""
    from . import payplan
    name, spent_on = payplan.spell_types(snapshot, str(action.args[1]))
    # the spell itself matters only to the spend restrictions of sources (106.6) and to its convoke,
    # improvise or delve (kb/convoke.lp): without any, casts of one cost and card types share one plan
    spell = payplan.spell_facts(snapshot, name, player, payplan.cast_faces(snapshot, action),
                                payplan.cast_kicked(action), payplan.cast_zone(action)) if spell else []
    key = (tuple(map(str, symbols)), repr(spent_on), repr(spell))       # what the plan depends on
    if key not in cache:
        plan = solve_plan(snapshot, player, symbols, spent_on, spell)
        if plan.too_large:
            cache[key] = None
        elif not plan.paid:
            # 106.6: mana whose restriction the KB cannot evaluate for this spell is not used
            cache[key] = "unknown" if plan.spend_unknown else False
        else:
            answer = plan.answer()
            cache[key] = ([(a["source"], a["ability"], a["adds"].strip("{}").split("}{"))
                           for a in answer["activations"]],
                          {**({"payment_pool": answer["pool"]} if answer["pool"] else {}),
                           **({"payment_life": answer["life"]} if answer["life"] else {}),
                           **{"payment_" + k: answer[k] for k in payplan.HELPERS if k in answer}})
    return cache[key]


PLAN_OPT_STRATEGY = "usc,oll,stratify"    # clasp's --opt-strategy for the plan's solve


def solve_plan(snapshot, player, symbols, spent_on, extra_facts=()):
    """The best plan (payplan.Plan) of PLAYER paying SYMBOLS spent on SPENT_ON, one solve of
    queries/pay_plan.lp."""
    from . import payplan
    from .facts import pool_kinds
    kinds = pool_kinds(snapshot).get(player, [])
    eng = engine(snapshot, "pay_plan", facts=payplan.facts(player, symbols, spent_on) + list(extra_facts))
    # core-guided optimization proves "no plan taps fewer permanents" far sooner; stratified by the
    # priority levels of the best-plan order, sooner still (bench/README.md)
    [model] = eng.ask(optimize=True, opt_strategy=PLAN_OPT_STRATEGY)
    if ("plan_window_full",) in model and ("plan_count_wide",) not in extra_facts:
        # the best plan found taps as many permanents as the window counts: count them all
        # (kb/mana_plan.lp, plan_count_wide)
        return solve_plan(snapshot, player, symbols, spent_on, [*extra_facts, ("plan_count_wide",)])
    plan = payplan.Plan(snapshot, player, symbols, model, kinds)
    plan.engine = eng
    return plan


def pay_cost(snapshot, player, action, sources=None):
    """How PLAYER pays the mana cost of ACTION (a KB action term): [(source id, ability, [letters])]
    for the mana abilities tapped, [] if the cost needs no mana. With SOURCES (ids), only those
    may be tapped. Raises InputError if no choice of untapped sources pays it (118.3). Of the
    payments, one that taps the fewest sources; the sources of a class are taken in id order."""
    check_player(snapshot, player)
    facts = [("paying", action)]
    if sources is not None:
        check_ids(snapshot, sources)
        facts += [("pay_restricted",)] + [("pay_with", s) for s in sources]
    [model] = engine(snapshot, "pay", facts=facts).ask(optimize=True)
    question = next((a[2] for a in model if a[0] == "question_of"), None)
    if question is None:
        if sources:
            raise InputError("--pay names mana sources, but this cost has no mana to pay")
        return []
    if any(a[0] == "payment_too_large" for a in model):
        raise InputError("not modelled: deciding how to pay this cost needs numbers beyond the "
                         "solver's integer range")
    if not any(a[0] == "paid" for a in model):
        if any(a[0] == "restricted_for_abilities" for a in model):
            raise InputError("not modelled: paying this cost with mana whose spending is restricted "
                             "(CR 106.6) is not decided for abilities; --pay can name other sources")
        named = f" with {', '.join(sources)}" if sources is not None else " from untapped sources"
        raise InputError(f"the mana cost can't be paid{named} (CR 118.3, 601.2h)")
    excluded = {a[2] for a in model if a[0] == "payment_excluded"}
    from .payment_answer import PaymentAnswer
    return PaymentAnswer(model).payment(question, excluded)


# the `unchosen` kinds of produce that are a result known only as the ability resolves (kb/schema.lp:
# mana_unknown_result/2), not a choice the snapshot could record
UNKNOWN_RESULTS = ("coin_flip", "die_roll", "unless_paid", "random_color")


def produce(snapshot, pid, ability=None, choices=()):
    """{"options": [[letters...], ...] or None, "amounts": [{letter: count}, ...], "abilities": [...],
    "triggers": [...]}: every outcome of activating PID's mana ability now: each option of the
    ability, each order of the replacement effects, each choice of triggered mana (106.12, 616.1),
    as computed by the KB (mana_outcome/4). Distinct outcomes only, sorted as their sorted letter
    lists; ``amounts`` gives each as counts per letter, ``options`` as the letter list itself (None
    when some outcome has more than 1,000 mana). An ability that would add no mana gives the
    outcome [] / {}. ``ability`` (1-based, in the order of ``abilities``) picks one mana ability;
    by default all of them count. ``choices`` are cost_choice facts (e.g. which land is sacrificed)
    that narrow the outcomes. ``spend_only`` lists the spend restrictions the mana carries (106.6):
    [{"ability": text, "restriction": term}], the term as in docs/compiler.md ("Spend restriction
    terms"); ``spend_effects`` (only when there is one) what the mana does to a spell it is spent on:
    [{"ability": text, "spell": filter term, "effect": cant_be_countered | haste | haste_permanent}]. ``also``
    lists what the ability does besides adding mana as it resolves (605.3b; kb/mana_riders.lp):
    [{"ability": text, "effect": term, "text": words, "rule": CR}] (the key only when there is one).
    ``unchosen`` (present only when not empty) lists the choices made as the permanent entered
    that the snapshot does not give (614.12), [{"ability": text, "choice": "color"}] (also
    "creature_type"; "card_exiled_with" for the cards exiled with the permanent, 406.6, when the
    snapshot's ``exiled_with`` does not record them; "colors" for the colors chosen for the card
    outside the game, circled or written on it; one of :data:`UNKNOWN_RESULTS` for a result known
    only as the ability resolves: a coin flip, 705, a die roll, 706, a payment any player may make, a
    color chosen at random): the outcomes cover every choice. Raises AmountTooLarge if some outcome
    is beyond the solver's integers."""
    return produce_with_abilities(snapshot, pid, ability, choices)[0]


def produce_with_abilities(snapshot, pid, ability=None, choices=()):
    """``produce``'s answer and the [(ability term, text)] of PID's mana abilities."""
    check_ids(snapshot, [pid])
    [model] = engine(snapshot, "produce", facts=[("outcome_asked", pid), *choices]).ask()
    abilities = mana_abilities(model)
    if not abilities:
        raise InputError(f"{pid} has no mana ability (CR 605.1a)")
    if ability is not None and not 1 <= ability <= len(abilities):
        raise InputError(f"--ability must be between 1 and {len(abilities)} for {pid}")
    wanted = {ab for ab, _ in abilities} if ability is None else {abilities[ability - 1][0]}
    if any(a[0] == "too_large" and a[1] in wanted for a in model):
        raise AmountTooLarge(f"produce {pid}")
    many = [a[2] for a in model if a[0] == "too_many_choices" and a[1] in wanted]
    if many:
        raise InputError(f"produce {pid}: its cost may remove any number of more than {many[0]:,} "
                         f"counters (CR 601.2b): too many outcomes to list")
    if any(a[0] == "reveal_unknown" and a[1] in wanted for a in model):
        raise InputError(f"produce {pid}: whether some card in its controller's hand is of the kind it reveals is not "
                         f"known (a characteristic-defining ability, CR 604.3): the number it may reveal is not known")
    combos = [a[2] for a in model if a[0] == "too_many_combinations" and a[1] in wanted]
    if combos:
        raise InputError(f"produce {pid}: it adds more than {combos[0]:,} mana in any combination of "
                         f"types (CR 106.1b): too many outcomes to list")
    outcomes = {}
    for atom in model:
        if atom[0] == "outcome" and atom[1] in wanted:
            c = mana.counts(atom[2])
            outcomes[tuple(c.items())] = c
        elif atom[0] == "no_mana" and atom[1] in wanted:
            outcomes[()] = {}
    amounts = sorted(outcomes.values(), key=mana.outcome_key)
    listed = all(mana.total(c) <= mana.MAX_LISTED for c in amounts)
    texts = ability_texts(model)
    triggers = {texts.get(a[3], render_term(a[3])) for a in model
                if a[0] == "taps_trigger" and a[2] in wanted}
    spend_only = sorted({(texts.get(a[1], render_term(a[1])), render_term(a[2])) for a in model
                         if a[0] == "spend_only" and a[1] in wanted})
    also = sorted({(texts.get(a[1], render_term(a[1])), a[2]) for a in model
                   if a[0] == "rider" and a[1] in wanted}, key=lambda x: (x[0], render_term(x[1])))
    effects = sorted({(texts.get(a[1], render_term(a[1])), render_term(a[2]), render_term(a[3])) for a in model
                      if a[0] == "spend_effect" and a[1] in wanted})
    unchosen = sorted({(texts.get(a[1], render_term(a[1])), render_term(a[2])) for a in model
                       if a[0] == "unchosen" and a[1] in wanted})
    answer = {"options": [mana.letters(c) for c in amounts] if listed else None,
              "amounts": amounts,
              "abilities": [text for _, text in abilities],
              "triggers": sorted(triggers),
              "spend_only": [{"ability": t, "restriction": r} for t, r in spend_only]}
    if also:
        answer["also"] = [{"ability": t, **riders.entry(r)} for t, r in also]
    if unchosen:
        answer["unchosen"] = [{"ability": t, "choice": k} for t, k in unchosen]
    if effects:
        answer["spend_effects"] = [{"ability": t, "spell": f, "effect": e} for t, f, e in effects]
    return answer, abilities


def activation_costs(snapshot, action, choices=()):
    """What paying the costs of ACTION (an act(activate,X,Ab) term) changes, with CHOICES
    (cost_choice facts): the model of queries/activate.lp (cost_taps, cost_life, ...,
    cost_choice_missing, cost_triggers, ability_text atoms)."""
    [model] = engine(snapshot, "activate", facts=[("doing", action), *choices]).ask()
    return model


def ability_texts(model):
    """{ability term: text} from a model's ability_text/2 and intrinsic_text/2 atoms (305.6)."""
    texts = {a[1]: a[2] for a in model if a[0] == "ability_text"}
    texts.update({Fn("intrinsic", (a[1],)): a[2] for a in model if a[0] == "intrinsic_text"})
    return texts


def mana_abilities(model):
    """[(ability term, text)] of the asked permanent's mana abilities, in a stable order."""
    texts = ability_texts(model)
    abilities = sorted((a[2] for a in model if a[0] == "mana_ability"), key=render_term)
    return [(ab, texts.get(ab, render_term(ab))) for ab in abilities]


# --- exert, untap step, casting without paying the mana cost (area exert_cast) -------------------

def untap_plan(snapshot, player):
    """Everything the KB says about PLAYER's next untap step (502): dict of sets and lists."""
    check_player(snapshot, player)
    [model] = engine(snapshot, "untap").ask([("asked_player", player)])
    plan = {"untaps": set(), "keeps": {}, "phases_in": set(), "exert_expires": set(),
            "exert_did_nothing": set(), "freeze_used": [], "control_ends": set(),
            "effects_end": set()}
    for atom in model:
        pred, args = atom[0], atom[1:]
        if pred == "untaps":
            plan["untaps"].add(args[1])
        elif pred == "keeps_tapped":
            plan["keeps"].setdefault(args[1], []).append(_keep_reason(args[2], args[3]))
        elif pred == "freeze_used":
            plan["freeze_used"].append((args[1], args[2]))
        elif pred == "control_ends_this_turn":
            plan["control_ends"].add(args[0])
        elif pred == "ends_this_turn":
            plan["effects_end"].add(args[0])
        elif pred in ("phases_in", "exert_expires", "exert_did_nothing"):
            plan[pred].add(args[1])
    return plan


def _keep_reason(rule, why):
    """A keeps_tapped reason as a dict: exerted(P) or effect(Card)."""
    if why.name == "exerted":
        by = why.args[0]
        return {"rule": rule, "reason": "exerted", "by": by,
                "text": f"exerted by {by}: it doesn't untap during {by}'s next untap step"}
    card = why.args[0]
    return {"rule": rule, "reason": "effect", "card": card,
            "text": f"{card}: it doesn't untap during its controller's next untap step"}


def untap(snapshot, player):
    """{"untap": [...], "stay_tapped": [...]} for PLAYER's next untap step (502.3), sorted; when
    something stays tapped, "reasons": {id: [{"rule", "reason", ...}]} says why."""
    plan = untap_plan(snapshot, player)
    out = {"untap": sorted(plan["untaps"]), "stay_tapped": sorted(plan["keeps"])}
    if plan["keeps"]:
        out["reasons"] = {x: sorted(r, key=lambda d: d["rule"]) for x, r in sorted(plan["keeps"].items())}
    return out


_ARTICLE = {"artifact": "an artifact", "enchantment": "an enchantment"}


def additional_cost_text(k):
    """Text of an additional-cost term: sacrifice(creature), discard_card, pay_life(N), kicker."""
    name = getattr(k, "name", str(k))
    if name == "sacrifice":
        t = str(k.args[0])
        return f"sacrifice {_ARTICLE.get(t, 'a ' + t)}"
    if name == "discard_card":
        return "discard a card"
    if name == "pay_life":
        return f"pay {k.args[0]} life"
    return name.replace("_", " ")


def alternative_part_text(k):
    """Text of a part of an alternative cost (kb/schema.lp: alternative_cost_part/2)."""
    name = getattr(k, "name", str(k))
    if name == "pay_life":
        return f"pay {k.args[0]} life"
    verb = {"sacrifice": "sacrifice", "return_to_hand": "return to hand", "tap_untapped": "tap untapped",
            "exile_from_hand": "exile from hand"}.get(name, name)
    return f"{verb} {k.args[1]} {render_term(k.args[0])}" if len(getattr(k, "args", ())) == 2 else verb


def _choice_text(w, snapshot):
    """Reason text for a free_cast_blocked / free_cast_unknown reason term."""
    name = getattr(w, "name", str(w))
    if name == "land_card":
        return "a land card can't be cast as a spell, and it can't be played this way"
    if name == "cast_only_during_combat":
        return f"it can be cast only during combat, and the game is in the {snapshot.step} step"
    if name == "mandatory_cost_unpayable":
        return f"its mandatory additional cost ({additional_cost_text(w.args[0])}) can't be paid"
    if name == "restriction_not_modelled":
        return "not modelled: its casting restriction"
    if name == "additional_cost_not_modelled":
        return "not modelled: its additional cost"
    return str(w)


def _check_in_hand(snapshot, card, player):
    check_player(snapshot, player)
    if card not in snapshot.hand.get(player, []):
        raise InputError(f"card {card!r} is not in {player}'s hand; "
                         f"{player}'s hand: {', '.join(snapshot.hand.get(player, [])) or '(empty)'}")


def targeted_faces(snapshot, card):
    """The faces of CARD that, cast as a spell, require targets (card_spell_targets: 601.2c,
    115.1a-b): whether such a spell has legal targets is not checked."""
    from .facts import compiled
    return {f[1] for f in compiled(snapshot, card).facts if f[0] == "card_spell_targets"}


class OptionalCost(NamedTuple):
    """An optional additional cost chosen for `cast-free` (kb/optional_costs.lp): its keyword, ability,
    text, its parts other than mana (sacrifice(F,N) terms), the permanents that may pay them and its
    mana ((symbol, count) pairs: 601.2b, 601.2f, it is paid though the mana cost is not)."""
    keyword: str
    ability: object
    text: str
    parts: tuple
    choices: tuple
    mana: tuple = ()


def _free_optional(by, ch, kcost, unpayable):
    """[(text, OptionalCost)] of the optional additional costs of kb/optional_costs.lp that casting as CH
    may pay (those whose sacrifice can't be paid, UNPAYABLE, left out: 601.2h), in text order; a spree
    mode's text names its place among the modes ("spree mode 2 {2}", 702.172a). KCOST: the keywords' mana."""
    parts_of, mode_mana, chosen_by = {}, {}, {}
    for ab, k in by.get("optional_cost_part", []):
        parts_of.setdefault(ab, []).append(k)
    for ab, m in by.get("spree_mode_cost", []):
        mode_mana.setdefault(ab, []).append((m.args[0], m.args[1]))
    for _, _, k, x in by.get("cost_choice", []):
        chosen_by.setdefault(k, set()).add(str(x))
    modes = sorted((ab for _, h, ab, k in by.get("optional_cost", []) if h == ch and str(k) == "spree"),
                   key=lambda ab: ab.args[1])
    out = []
    for _, h, ab, k in by.get("optional_cost", []):
        if h != ch or (ch, ab) in unpayable:
            continue
        parts = parts_of.get(ab, [])
        mana = mode_mana.get(ab, []) if str(k) == "spree" else kcost.get(ab, [])
        if str(k) == "spree":
            text = f"spree mode {modes.index(ab) + 1} {render.cost_text(mana) or '{0}'}"
        else:
            text = _optional_text(k, mana, parts)
        out.append((text, OptionalCost(str(k), ab, text, tuple(parts),
                                       tuple(sorted(set().union(*(chosen_by.get(p, set()) for p in parts)))),
                                       tuple(mana))))
    return sorted(out, key=lambda o: o[0])


def _additional_mana(chosen, kcost):
    """The mana of the additional costs CHOSEN ([(text, term)]: kicker(Ab) terms and OptionalCost),
    summed by symbol ((symbol, count) pairs); KCOST: the keywords' mana."""
    total = {}
    for _, k in chosen:
        items = k.mana if isinstance(k, OptionalCost) else \
            kcost.get(k.args[0], []) if getattr(k, "name", None) == "kicker" else []
        for sym, n in items:
            total[sym] = total.get(sym, 0) + n
    return sorted(total.items(), key=str)


def _optional_text(k, mana, parts):
    """Text of an optional additional cost: its keyword and its mana ("buyback {3}") or what it
    sacrifices, as `actions` shows it ("bargain (sacrifice(or(artifact,...),1))")."""
    if mana:
        return f"{k} {render.cost_text(mana)}"
    return f"{k} ({'; '.join(render_term(p) for p in parts)})" if parts else str(k)


def cast_free(snapshot, card, player):
    """Casting CARD from PLAYER's hand without paying its mana cost, now (Master of Predicaments):
    {"card", "mana_value", "castable", "options": [{"halves", "x", "additional_costs"}], "reason",
    "refused", "alternative_costs_excluded"}. castable is None where that is not modelled. An option
    of a face whose targeted text the compiler doesn't model says "not_checked": ["targets (601.2c)"]:
    whether the spell has legal targets is then not checked. CARD may be any spelling of a card
    name the snapshot accepts (a face name, another case)."""
    return cast_free_with_costs(snapshot, card, player)[0]


def cast_free_with_costs(snapshot, card, player):
    """``cast_free``'s answer and, for each of its options, the additional costs as KB terms in the
    order of their texts: sacrifice(T), discard_card, pay_life(N), kicker(Ab)."""
    card = cardlookup.among(snapshot.cards, card)
    _check_in_hand(snapshot, card, player)
    [model] = engine(snapshot, "cast_free").ask([("asked_card", player, card)])
    by = group(model)
    faces = {i: f for _, i, f in by.get("card_face", [])}
    order = {f: i for i, f in faces.items()}
    has_x = {a[0] for a in by.get("has_x", [])}
    kcost = {}
    for ab, m in by.get("keyword_cost", []):
        kcost.setdefault(ab, []).append((m.args[0], m.args[1]))
    halves_of = {}
    for _, ch, f in by.get("choice_face", []):
        halves_of.setdefault(ch, []).append(f)

    def halves(ch):
        return sorted(halves_of.get(ch, []), key=order.get) if faces else []

    def key(ch):
        return (len(halves_of.get(ch, [])), [order.get(f, 0) for f in halves(ch)])

    unpayable = {(h, ab) for _, _, h, ab in by.get("free_optional_unpayable", [])}
    targeted = targeted_faces(snapshot, card)
    options, costs, costed, unpaid = [], [], [], []
    for ch in sorted((a[2] for a in by.get("free_castable", [])), key=key):
        parts = set(halves_of.get(ch, []))
        unchecked = ["targets (601.2c)"] if parts & targeted else []
        mandatory = sorted(((additional_cost_text(k), k) for c, h, k in by.get("mandatory_additional", [])
                            if h == ch), key=lambda c: c[0])
        optional = sorted(((f"kicker {render.cost_text(kcost.get(ab, []))}", fn("kicker", ab))
                           for c, h, ab in by.get("optional_additional", []) if h == ch), key=lambda c: c[0])
        # the other optional additional costs (kb/optional_costs.lp), those the player can pay (601.2h)
        optional += _free_optional(by, ch, kcost, unpayable)
        spree = [i for i, (_, k) in enumerate(optional) if isinstance(k, OptionalCost) and k.keyword == "spree"]
        for mask in range(2 ** len(optional)):
            if spree and not any(mask >> i & 1 for i in spree):
                continue                # 702.172a, 700.2: one or more modes are chosen
            chosen = mandatory + [o for i, o in enumerate(optional) if mask >> i & 1]
            changed = _free_cost_changed(by, ch, [k.args[0] for _, k in chosen if getattr(k, "name", None) == "kicker"]
                                         + [k.ability for _, k in chosen if isinstance(k, OptionalCost)])
            if changed:                 # 118.9d: the total cost is not {0}; paying it is not modelled here
                costed.append({"halves": halves(ch), "rule": "118.9d", "reason": changed})
                continue
            # 601.2b, 601.2f-h: the mana of the additional costs chosen (a kicker's, buyback's ...) is the
            # total cost, paid though the mana cost is not; an option whose mana can't be paid is refused
            mana = _additional_mana(chosen, kcost)
            if mana:
                kicked = any(getattr(k, "name", None) == "kicker" for _, k in chosen)
                plan, _ = pay_plan(snapshot, player, render.cost_text(mana), for_card=card,
                                   faces=halves(ch) or None, kicked=kicked)
                if not plan["payable"]:
                    why = re.sub(r"^(\{[^}]*\})+: ", "", plan["reason"] or "")    # the symbols it restates
                    unpaid.append({"halves": halves(ch), "rule": "601.2h",
                                   "reason": f"cannot pay {render.cost_text(mana)} for "
                                             f"{', '.join(t for t, _ in chosen)}: {why}"})
                    continue
            options.append({"halves": halves(ch), "x": 0, "additional_costs": [t for t, _ in chosen],
                            **({"cost": render.cost_text(mana)} if mana else {}),
                            **({"x_rule": "107.3b"} if has_x & parts else {}),
                            **({"not_checked": unchecked} if unchecked else {})})
            costs.append([k for _, k in chosen])
    refused = costed + unpaid
    for pred in ("free_cast_blocked", "free_cast_unknown"):
        for _, _, ch, rule, why in by.get(pred, []):
            refused.append({"halves": halves(ch), "rule": rule, "reason": _choice_text(why, snapshot)})
    refused.sort(key=lambda d: (d["halves"], d["rule"], d["reason"]))
    unknown = bool(by.get("free_cast_unknown")) or bool(by.get("layout_not_modelled")) or bool(costed)
    castable = True if options else (None if unknown else False)
    if by.get("layout_not_modelled"):
        reason = f"not modelled: casting a {by['card_layout'][0][1]} card"
    elif options:
        reason = None
    else:
        reason = "; ".join(dict.fromkeys(f"{r['reason']} (CR {r['rule']})" for r in refused))
    mv = by["card_mana_value"][0][1] if "card_mana_value" in by else None
    texts = {ab: t for ab, t in by.get("ability_text", [])}
    excluded = sorted({texts.get(ab, str(k)) if str(k) == "rather_than" else f"{k} {render.cost_text(kcost.get(ab, []))}"
                       for _, _, ab, k in by.get("excluded_alternative", [])})
    return ({"card": card, "mana_value": mv, "mana_value_greater_than_4": None if mv is None else mv > 4,
             "castable": castable, "options": options, "reason": reason, "refused": refused,
             "alternative_costs_excluded": [{"cost": e, "rule": "118.9a"} for e in excluded]}, costs)


def _cost_choices(by):
    """{cost part term: [what may pay it]} from the cost_choice/4 atoms of a model grouped BY name
    (queries/alternative_cost.lp: permanent ids, names of cards in the hand)."""
    choices = {}
    for _, _, k, x in by.get("cost_choice", []):
        choices.setdefault(k, []).append(x)
    return choices


def alternative_cost_parts(snapshot, card, player, name):
    """The parts of CARD's alternative cost NAME (rather_than or a keyword) when PLAYER casts it from
    their hand (kb/alternative_costs.lp): [(part term, [what may pay it: permanent ids, or names of
    cards in the hand])], the parts in their text order; InputError if the card has no such alternative
    cost, or two."""
    by = query(snapshot, "alternative_cost", [("asked_card", player, card)])
    alts = sorted({a[2] for a in by.get("alternative_of", []) if str(a[3]) == name}, key=str)
    if len(alts) != 1:
        have = sorted({str(a[3]) for a in by.get("alternative_of", [])})
        raise InputError(f"{card} has {'no' if not alts else 'more than one'} alternative cost {name!r}"
                         f"{'; it has: ' + ', '.join(have) if have else ''}")
    choices = _cost_choices(by)
    if name == "emerge":
        # 702.119a: the cost `actions` computed is reduced by the greatest mana value among the creatures
        # that may be sacrificed: only those may pay it (a smaller reduction is not modelled)
        best = {y for _, y in by.get("emerge_sacrifice", [])}
        choices = {k: [x for x in xs if x in best] for k, xs in choices.items()}
    return [(k, sorted(choices.get(k, []), key=str)) for alt, k in sorted(by.get("alternative_cost_part", []), key=str)
            if alt == alts[0]]


def graveyard_cost_parts(snapshot, card, player):
    """The permission PLAYER casts CARD from their graveyard with (kb/graveyard_casting.lp) and its parts
    other than mana: (keyword, [(part term, [what may pay it: permanent ids; for discard(Kd) and
    exile_other_graveyard_cards(N) none, the transition chooses among the cards])]); InputError if the
    card has no such permission, or two."""
    by = query(snapshot, "alternative_cost", [("asked_card", player, card)])
    perms = sorted({(a[2], str(a[3])) for a in by.get("graveyard_permission_of", [])}, key=str)
    if len(perms) != 1:
        raise InputError(f"{card} has {'no permission' if not perms else 'more than one permission'} to be cast "
                         f"from a graveyard (flashback, escape, jump-start, retrace)")
    ab, kw = perms[0]
    choices = _cost_choices(by)
    return kw, [(k, sorted(choices.get(k, []), key=str)) for a, _, k in sorted(by.get("graveyard_cost_part", []), key=str)
                if a == ab]


def optional_cost_parts(snapshot, card, player, name):
    """The parts other than mana of CARD's optional additional cost NAME (buyback, entwine, offspring,
    bargain, casualty: kb/optional_costs.lp) when PLAYER casts it from their hand, as
    ``alternative_cost_parts`` gives an alternative cost's; InputError if the card has no such cost, or two."""
    by = query(snapshot, "alternative_cost", [("asked_card", player, card)])
    abs_ = sorted({a[2] for a in by.get("optional_cost", []) if str(a[3]) == name}, key=str)
    if name == "spree" and abs_:
        return []                       # 702.172a: the modes' costs are mana (the mode: `apply cast --mode`)
    if len(abs_) != 1:
        have = sorted({str(a[3]) for a in by.get("optional_cost", [])})
        raise InputError(f"{card} has {'no' if not abs_ else 'more than one'} optional additional cost {name!r}"
                         f"{'; it has: ' + ', '.join(have) if have else ''}")
    choices = _cost_choices(by)
    return [(k, sorted(choices.get(k, []), key=str)) for ab, k in sorted(by.get("optional_cost_part", []), key=str)
            if ab == abs_[0]]


def _free_cost_changed(by, ch, kickers):
    """Why casting as CH without paying its mana cost, with the kicker abilities KICKERS paid, is not
    answered: its total cost is not {0} (cost increases, 118.9d, 601.2f: free_cast_costs_mana/4), or cost
    changes apply to the kicker's cost (free_cast_kicker_changed/4); None if neither."""
    if any((h, ab) == (ch, k) for _, _, h, ab in by.get("free_cast_kicker_changed", []) for k in kickers):
        return "not modelled: cost increases or reductions change the kicker's cost"
    for _, _, h, n in by.get("free_cast_costs_mana", []):
        if h == ch:
            return f"not modelled: paying its total cost {{{n}}} (cost increases)"
    return None


def enters(snapshot, pid):
    """What permanent PID gets from its own enters abilities (107.3m, 614.1c) and its toughness:
    {"x": N, "counters": {kind: n}, "toughness": T or None}."""
    check_ids(snapshot, [pid])
    [model] = engine(snapshot, "enters").ask(asked([pid]))
    out = {"x": 0, "counters": {}, "toughness": None}
    if any(a[0] == "pt_too_large" for a in model):
        raise AmountTooLarge(pid, "power or toughness", "could exceed")
    for atom in model:
        if atom[0] == "enters_with":
            out["counters"][atom[2]] = out["counters"].get(atom[2], 0) + atom[3]
        elif atom[0] == "toughness":
            out["toughness"] = atom[2]
        elif atom[0] == "etb_x":
            out["x"] = atom[2]
    return out


# --- paying mana costs: `mtgkb pay` (kb/mana_plan.lp, pyengine/payplan.py) -----------------------

def pay(snapshot, player=None, cost="", x=None, for_card=None, all_plans=False):
    """Can PLAYER (default: the player with priority) pay COST (mana symbols) now, and how?
    {"player", "cost", "x" (when the cost has {X}), "for", "payable", "plan", "reason"} and, with
    ALL_PLANS, "plans" (distinct plans, best first). See pyengine/payplan.py for the plan's shape
    and the order that picks the best plan. Raises InputError for a bad cost or name."""
    return pay_plan(snapshot, player, cost, x, for_card, all_plans)[0]


def pay_plan(snapshot, player=None, cost="", x=None, for_card=None, all_plans=False, sources=None, faces=None,
             kicked=None, zone=None):
    """``pay``'s answer and the floating mana its best plan spends ([PoolMana]); with SOURCES
    (ids), only those permanents may be used (`apply cast --pay`); FACES: the faces of FOR_CARD cast
    (a split card's half, `apply cast --half`) and KICKED (its kicker paid: `apply cast --kicked`),
    for spend restrictions (106.6); ZONE: the zone FOR_CARD is cast from if not a hand (graveyard)."""
    from . import payplan
    from .facts import pool_kinds
    player = player or snapshot.priority or snapshot.active
    check_player(snapshot, player)
    symbols, xval = payplan.parse_cost(cost, x)
    card, spent_on = None, None
    facts = []
    if for_card is not None:
        card, spent_on = payplan.spell_types(snapshot, for_card)
        facts += payplan.spell_facts(snapshot, card, player, faces, kicked, zone)
    kinds = pool_kinds(snapshot).get(player, [])
    if sources is not None:
        check_ids(snapshot, sources)
        facts += [("plan_restricted",)] + [("plan_with", s) for s in sources]
    typed = "".join("{%s}" % s.upper() for s in payplan.symbols(cost))
    out = {"player": player, "cost": typed, **({"x": xval} if xval is not None else {}),
           "for": card, "payable": False, "plan": None, "reason": None}
    plan = solve_plan(snapshot, player, symbols, spent_on, facts)
    eng = plan.engine
    if plan.too_large:
        out["payable"] = None
        out["reason"] = "not modelled: the plan would need numbers beyond the solver's integer range"
        return out, []
    if not plan.paid:
        if plan.spend_unknown:
            # 106.6: the KB cannot tell whether that mana may be spent on this: it is not used, and
            # without it no plan pays, so whether the cost can be paid is not decided
            out["payable"] = None
            out["reason"] = ("not modelled: whether the mana of " + ", ".join(plan.spend_unknown)
                             + " may be spent on this (its spend restriction, CR 106.6)"
                             + (" is not known without --for" if for_card is None else " is not known"))
            return out, []
        usable = [(m, n) for m, n in kinds if m.may_pay(spent_on) and spent_on is not None
                  or m.spells is None]
        out["reason"] = payplan.reason(plan, symbols, usable, snapshot.life[player])
        return out, []
    out["payable"], out["plan"] = True, plan.answer()
    if all_plans:
        out["plans"] = payplan.all_plans(snapshot, player, symbols, kinds,
                                         eng.ask(models=payplan.MAX_MODELS), out["plan"])
    return out, plan.pool_used
