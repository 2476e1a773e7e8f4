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

import re
from dataclasses import dataclass, field, replace

from ..terms import Const, Fn, fn
from . import ir, mana_ir, spend
from . import riders as mana_riders
from .affects import PAYMENT, changes_mana
from .conditions import condition
from .lower_hand import HAND_KEYWORDS, hand_activated, hand_keyword
from .lower_loyalty_chapter import ability_mana, chapter, firebending, loyalty
from .lower_results import die_roll, die_sides, unknown_result
from .lower_reveal import reveal_from_hand
from .lower_special import SPECIAL, special
from .lower_station import is_station, station
from .lower_graveyard import GRAVEYARD_KEYWORDS, graveyard_keyword, not_modelled_permission
from .shapes import (Ctx, Unmodelled, controller_phrase, counters, counters_chosen, counters_x, filter_term, int_of,
                     is_self, mana_pairs, required_targets, simple_type, sacrifice_filter, targets, untapped_filter,
                     untapped_you_control)

# the answers a spending rule of the mana concerns (106.6): produce shows it; actions and apply pay
MANA_PRODUCE = frozenset({"produce"})
SPENDING = frozenset({"actions", "apply"})
# the answers an ability that functions only outside the battlefield (113.6m) could change
OUTSIDE_THE_BATTLEFIELD = PAYMENT | {"show"}

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
    text: str = None            # the ability's text, if not the printed line (a striation's, with its header)


def lower(ctx, line):
    """The facts of a parsed line (see module doc)."""
    from .lower_effects import static, triggered
    a = line.ability
    try:
        if isinstance(a, ir.Keywords):
            if a.effect and len(a.items) == 1 and a.items[0].name in GRAVEYARD_KEYWORDS and ctx.kind == "ab":
                # "Flashback {8}{W}{W}. This spell costs {X} less to cast this way, ...": the cast from a
                # graveyard it permits is listed as not modelled (kb/graveyard_casting.lp)
                return Lowered(not_modelled_permission(ctx, a.items[0]))
            if a.effect:
                raise Unmodelled("instructions after a keyword are not modelled")
            return Lowered(_keywords(ctx, a.items))
        if isinstance(a, ir.Activated):
            return _activated(ctx, a)
        if isinstance(a, ir.Triggered):
            return Lowered(triggered(ctx, a))
        if isinstance(a, ir.Static):
            return Lowered(static(ctx, a.effect))
        if is_station(a, ctx.face):
            return Lowered(station(ctx, a))           # 721.2a
        if isinstance(a, ir.Loyalty):
            loyalty(ctx, a)                           # 605.1a, 606, 106.7: always a note
        if isinstance(a, ir.Chapter):
            chapter(ctx, a)                           # 714.2b, 605.1b, 106.7: a note
        if isinstance(a, ir.Node) and a.kind == "chosen_option" and len(a.args) == 2 and isinstance(a.args[0], str):
            from .gates import chosen_option
            return Lowered(chosen_option(ctx, a.args[0], a.args[1], line))     # 614.12, 611.3a
        if isinstance(a, ir.Node) and a.kind in _GATED:
            raise Unmodelled(_GATED[a.kind])         # the KB does not know whether it is had
        if isinstance(a, ir.Mode) and a.cost is not None and ctx.kind == "ab":
            # 702.172a: a spree mode's cost is known (kb/optional_costs.lp), what the mode does is not
            raise Unmodelled("mode abilities are not modelled", [("spree_mode", ctx.ab)] + [
                ("spree_mode_cost", ctx.ab, fn("mana", s, n)) for s, n in _mana(a.cost)])
        raise Unmodelled(f"{type(a).__name__.lower()} abilities are not modelled")
    except Unmodelled as e:
        if e.facts:                 # part of the line is an ability the KB knows (603.2 ...)
            return Lowered(e.facts, False, str(e), part=e.part, affects=e.affects)
        return Lowered([], False, str(e), ability=False, affects=e.affects)


# abilities had only while something the snapshot does not hold is true (a note, no fact)
_GATED = {"chosen_option": "614.12: an ability had only if that option was chosen as the permanent entered",
          "infinity_ability": "702.186b: an ability had only as long as the permanent is harnessed"}


# --- keywords (702) -------------------------------------------------------------------------

# keywords the KB knows by name (kb/: keyword(Ab,K))
KB_PLAIN = {"flying", "haste", "vigilance", "trample", "reach", "deathtouch", "lifelink",
            "first strike", "double strike", "defender", "hexproof", "indestructible", "menace",
            "flash", "fuse", "devoid"}
# keywords with a mana cost the KB knows (keyword_cost(Ab,mana(S,N)))
KB_COSTED = {"morph", "megamorph", "disguise", "ward", "equip", "unearth", "kicker", "bestow"}
# of those, activated abilities the KB does not offer to activate: 702.84a unearth (activated from a
# graveyard only as a sorcery: `actions` there lists no such action)
KB_COSTED_NOT_ACTIVATED = {"unearth": "unearth: activating it from a graveyard is not modelled (702.84a)"}
# alternative costs the KB offers when casting from a hand (kb/alternative_costs.lp; 118.9a for
# cast-free): their mana cost is read, what follows casting that way is not (the reason; the answers
# it could change)
KB_ALTERNATIVE = {
    # 702.74a: "When this permanent enters, if its evoke cost was paid, its controller sacrifices it."
    "evoke": ("evoke: the sacrifice as it enters is not modelled (702.74a)", frozenset({"apply"})),
    # 702.109a: a permanent cast for its dash cost has haste and returns to its owner's hand at the next
    # end step, which a snapshot's permanent does not record (what it may do, its abilities)
    "dash": ("dash: a permanent whose dash cost was paid (haste, returned at the next end step) is not "
             "recorded (702.109a)", frozenset({"actions", "show", "apply"})),
    # 702.185a: the permanent is exiled at the next end step; casting the card from exile afterwards
    # needs an exile zone the snapshot does not have
    "warp": ("warp: the exile at the beginning of the next end step (and casting the card from exile "
             "afterwards) is not modelled (702.185a)", frozenset({"apply"})),
    # 702.152a: haste, a dies trigger and the sacrifice at the next end step of a blitzed permanent
    "blitz": ("blitz: a permanent whose blitz cost was paid (haste, draw a card when it dies, sacrificed at "
              "the next end step) is not recorded (702.152a)", frozenset({"actions", "show", "apply"})),
    # 702.96a-b: the overloaded spell's text says "each" for "target"
    "overload": ("overload: the spell's text with 'each' for 'target' is not modelled (702.96a)",
                 frozenset({"apply"})),
    # 702.176a: time counters as it enters, and no creature while it has one
    "impending": ("impending: a permanent whose impending cost was paid (it enters with time counters and "
                  "is not a creature while it has one) is not recorded (702.176a)",
                  frozenset({"actions", "show", "apply"})),
    # 702.113a: the counters put on a target land, which becomes a 0/0 Elemental creature with haste
    "awaken": ("awaken: the +1/+1 counters on target land you control (a 0/0 creature with haste) are not "
               "modelled (702.113a)", frozenset({"apply"})),
    # 702.140a: the mutating creature spell targets a non-Human creature with the same owner and merges
    # with it as it resolves (724.2)
    "mutate": ("mutate: the mutating creature spell's target and merging with it are not modelled "
               "(702.140a)", frozenset({"apply"})),
    # 702.137a, 702.117a: conditions the KB reads (kb/keyword_alternative_costs.lp); nothing follows
    "spectacle": None, "surge": None,
    # 702.119a: the sacrifice and the reduction by its mana value are parts of the cast the KB pays
    "emerge": None,
    # 702.188a: the tapped creature returned is a part of the cost the KB pays
    "web-slinging": None,
}
# alternative costs of a cast from a hand the KB does not offer (what it lacks; a note for the answers
# that cast: which casts are legal, the costs cast-free excludes (118.9a), casting it)
_ALTERNATIVE_NOT_MODELLED = {
    # 702.76a, 702.173a: the combat damage dealt to players this turn, and by what, is not recorded
    "prowl": "prowl: whether a player was dealt combat damage this turn by a source of the spell's creature "
             "types under your control is not recorded (702.76a)",
    "freerunning": "freerunning: whether a player was dealt combat damage this turn by an Assassin or a "
                   "commander under your control is not recorded (702.173a)",
    # 718.3: a prototyped spell has its other mana cost, power, toughness and colors
    "prototype": "prototype: casting it prototyped (its other mana cost, power and toughness, 718.3) is not "
                 "modelled (702.160a)",
}
# optional additional costs the KB offers when casting from a hand (kb/optional_costs.lp): buyback
# (702.27a), entwine (702.42a) and offspring (702.175a) with a mana cost (keyword_cost/2); bargain
# (702.166a) and casualty N (702.153a), one permanent to sacrifice (optional_cost_part/2). What paying
# them does after the cast, if the KB does not carry it out: the reason, the answers it could change.
KB_OPTIONAL = {
    "buyback": None,                # 702.27a: `apply cast_free` puts the card into its owner's hand
    "entwine": None,                # 702.42a: both modes; the modes' own lines say what they change
    "bargain": None,                # 702.166b: the lines that read "if it was bargained" say so
    "spree": None,                  # 702.172a: the modes' costs are their lines' (spree_mode_cost/2)
    # 702.174a-b: "you may choose an opponent"; what the opponent gets if the gift was promised is not modelled
    "gift": ("gift: what the chosen opponent gets is not modelled (702.174b)", frozenset({"apply"})),
    "multikicker": None,            # 702.33c: a kicker paid any number of times ("if it was kicked": their lines)
    # 702.157a: "create a token that's a copy of it for each time its squad cost was paid" as it enters
    "squad": ("squad: the token copies created as the creature enters are not modelled (702.157a)",
              frozenset({"apply"})),
    # 702.175a: "when this creature enters, create a 1/1 token copy of it" (`apply cast_free` resolves it)
    "offspring": ("offspring: the token copy created as the creature enters is not modelled (702.175a)",
                  frozenset({"apply"})),
    # 702.153a: "When you do, copy this spell" (a reflexive trigger of the cast)
    "casualty": ("casualty: the copy of the spell is not modelled (702.153a)", frozenset({"apply"})),
}
# 702.166a: "sacrifice an artifact, enchantment, or token"
_BARGAIN = fn("sacrifice", fn("or", Const("artifact"), fn("or", Const("enchantment"), fn("status", Const("token")))), 1)
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


def printed_keywords(key, ability, facts):
    """card_keyword(KEY,K) for each keyword K of a keyword line (702.1) that the line's FACTS do not
    give as keyword(Ab,K): what the face has printed, read where a spell's keywords matter ("a spell
    that has freerunning", kb/spend_restrictions.lp)."""
    if not isinstance(ability, ir.Keywords):
        return []
    given = {f[2] for f in facts if f[0] == "keyword"}
    names = {k.name.replace(" ", "_") for k in ability.items if isinstance(k, ir.Keyword)}
    return [("card_keyword", key, Const(n)) for n in sorted(names)
            if re.fullmatch(r"[a-z][a-z_]*", n) and Const(n) not in given]


def grant_keyword(ctx, k):
    """The facts of keyword K as an ability a static ability grants (613.1f): the same as a
    printed keyword's, on the granted ability ctx.ab; Unmodelled for a keyword the KB lacks."""
    return _keyword(ctx, k)


# keywords the KB knows only as printed on the card: changeling defines the card's creature types
# everywhere (702.73a, kb/objects.lp: changeling_card/1); convoke, improvise and delve let creatures,
# artifacts and graveyard cards pay part of the spell's total cost (702.51a, 702.126a, 702.66a;
# kb/convoke.lp, read from the card's own abilities as it is cast); one an effect grants stays a note
KB_PRINTED = {"changeling", "convoke", "improvise", "delve"}


def _keyword(ctx, k):
    name = k.name.replace(" ", "_")
    if k.kind == "plain" and (k.name in KB_PLAIN or (k.name in KB_PRINTED and ctx.kind == "ab")):
        return [("keyword", ctx.ab, Const(name))]
    if k.kind == "cost" and k.name in KB_COSTED:
        facts = [("keyword", ctx.ab, Const(name))] + [("keyword_cost", ctx.ab, fn("mana", s, n))
                                                      for s, n in _mana(k.param)]
        if k.name in KB_COSTED_NOT_ACTIVATED:
            # its cost is known, activating it (from a graveyard: off_battlefield) is no action the KB offers
            raise Unmodelled(KB_COSTED_NOT_ACTIVATED[k.name], facts)
        return facts
    if k.name in KB_ALTERNATIVE and ctx.kind == "ab" and _alternative_mana(k) is not None:
        facts = [("keyword", ctx.ab, Const(name.replace("-", "_")))] + [("keyword_cost", ctx.ab, fn("mana", s, n))
                                                                      for s, n in _alternative_mana(k)]
        if KB_ALTERNATIVE[k.name] is None:
            return facts
        raise Unmodelled(KB_ALTERNATIVE[k.name][0], facts, affects=KB_ALTERNATIVE[k.name][1])
    if k.name in GRAVEYARD_KEYWORDS:
        return graveyard_keyword(ctx, k)    # 702.34a, 702.138a, 702.133a, 702.81a
    if k.name in KB_OPTIONAL and ctx.kind == "ab":
        facts = _optional(ctx, k, name)
        if KB_OPTIONAL[k.name] is not None:
            raise Unmodelled(KB_OPTIONAL[k.name][0], facts, affects=KB_OPTIONAL[k.name][1])
        return facts
    if k.name in _ALTERNATIVE_NOT_MODELLED and ctx.kind == "ab":
        # a prototyped permanent has those characteristics on the battlefield too (718.3b): every answer
        raise Unmodelled(_ALTERNATIVE_NOT_MODELLED[k.name], affects=None if k.name == "prototype" else PAYMENT)
    if k.name == "enchant" and k.kind == "object":
        t = simple_type(k.param)
        if t not in _ENCHANTABLE:
            raise Unmodelled(f"enchant {t or 'this'} is not modelled")
        return [("keyword", ctx.ab, Const("enchant")), ("enchant_filter", ctx.ab, Const(t))]
    if k.name == "undaunted" and k.kind == "plain" and ctx.kind == "ab":
        from .lower_costs import undaunted
        return undaunted(ctx)               # 702.125a
    if k.name == "affinity" and k.kind == "object" and ctx.kind == "ab":
        from .lower_costs import affinity
        facts = affinity(ctx, k)            # 702.41a
        if facts is not None:
            return facts
    if k.name in SPECIAL and ctx.kind == "ab":
        special(ctx, k)              # 116.2f, 116.2h, 116.2k: raises Unmodelled with its facts
    if k.name in HAND_KEYWORDS:
        return hand_keyword(ctx, k, _mana)  # 113.6j, 702.29a, 702.29e, 702.53a: activated from a hand
    if k.name == "firebending":
        firebending(ctx, k)                 # 702.189a, 605.1b, 106.7: a note for apply if it adds known mana
    raise Unmodelled(f"keyword {k.name!r} is not modelled")


def _optional(ctx, k, name):
    """The facts of an optional additional cost printed on a card (kb/optional_costs.lp): its mana
    (buyback, entwine, offspring, multikicker, squad: keyword_cost/2), the permanent it sacrifices
    (bargain, casualty N: optional_cost_part/2) or the opponent it chooses (gift); Unmodelled for
    another shape ("Casualty X")."""
    if k.kind == "cost":
        return [("keyword", ctx.ab, Const(name))] + [("keyword_cost", ctx.ab, fn("mana", s, n)) for s, n in _mana(k.param)]
    if k.kind == "cost_clauses" and name in ("buyback", "entwine"):
        # "Buyback—Sacrifice a land.", "Entwine—Sacrifice two lands.": the permanents sacrificed, read as an
        # alternative cost's are (lower_alt.py)
        from .lower_alt import _part
        parts = [_part(c.verb) if isinstance(c, ir.Clause) and c.verb.name == "sacrifice" and not c.tails
                 and c.subject is None and not c.aux else None for c in k.param]
        if parts and all(parts):
            return [("keyword", ctx.ab, Const(name))] + [("optional_cost_part", ctx.ab, t) for p in parts for _, t in p]
    if name == "gift":
        return [("keyword", ctx.ab, Const(name)), ("optional_cost_part", ctx.ab, Const("choose_opponent"))]
    if name == "spree" and k.kind == "plain":
        return [("keyword", ctx.ab, Const(name))]
    if name == "bargain" and k.kind == "plain":
        return [("keyword", ctx.ab, Const(name)), ("optional_cost_part", ctx.ab, _BARGAIN)]
    if name == "casualty" and k.kind == "number" and isinstance(k.param, ir.Number) and isinstance(k.param.value, int):
        # 702.153a: "a creature with power N or greater"
        power = fn("and", Const("creature"), fn("stat_at_least", Const("power"), k.param.value))
        return [("keyword", ctx.ab, Const(name)), ("optional_cost_part", ctx.ab, fn("sacrifice", power, 1))]
    raise Unmodelled(f"keyword {k.name!r} is not modelled")


def _alternative_mana(k):
    """[(symbol term, count)] of the cost of alternative-cost keyword K ("Evoke {2}{U}", "Awaken 3—{4}{U}":
    the number is what follows the cast, 702.113a, 702.176a), None if the KB can't read it (no {X}: its
    value would be chosen as the spell is cast, 107.3, which kb/alternative_costs.lp does not read)."""
    cost = k.param if k.kind == "cost" else k.param[1] if k.kind == "number_cost" else None
    if not isinstance(cost, ir.ManaCost):
        return None
    try:
        mana = mana_pairs(cost.symbols)
    except Unmodelled:
        return None
    return None if any(s == Const("x") for s, _ in mana) else mana


def alternative_keyword(k):
    """Whether keyword K (of a card's own Keywords line) is an alternative cost the KB offers when
    casting the card from a hand (kb/alternative_costs.lp)."""
    return isinstance(k, ir.Keyword) and k.name in KB_ALTERNATIVE and _alternative_mana(k) is not None


def _mana(cost):
    """[(symbol term, count)] of a ManaCost (107.4); Unmodelled for symbols the KB lacks."""
    return mana_pairs(cost.symbols)


# --- activated abilities (602) ----------------------------------------------------------------

def _activated(ctx, a):
    hand = hand_activated(ctx, a, _mana)        # 113.6j: "[mana], Discard this card: [effect]"
    if hand is not None:
        return Lowered(hand)
    cost, unknown = _costs_known(ctx, a.costs)
    ctx.x = _x_of_costs(a.costs)
    x_count = _x_count_of_costs(a.costs) if ctx.x is None else None
    if x_count is not None:
        ctx.x = Const("cost_x")
    ctx.removed = _removed_by_costs(a.costs)
    ctx.sacrificed = _sacrifices_one(a.costs, cost)
    exiled = _exiles_one(a.costs)
    ctx.exiled = exiled is not None
    facts = [("activated", ctx.ab)] + cost
    if exiled is not None:
        facts.append(("exile_cost_choice", ctx.ab, exiled))
    if x_count is not None:
        facts.append(("x_cost_count", ctx.ab) + x_count)
    targeted = _targeted_mana(ctx, a.effect)
    if targeted is None and targets(a.effect):
        targeted = _optionally_targeted_mana(ctx, a.effect)
    if targeted is not None:
        raise Unmodelled("an ability with a target is not a mana ability (605.1a): could-produce counts its mana "
                         "while it has a legal target (106.7, 601.2c); activating it is not modelled",
                         facts + targeted, affects=PAYMENT | {"show"})
    try:
        effect = _activated_effect(ctx, a.effect)
        _removal_mana(cost, effect, x_count is not None)
        facts += effect
        if unknown:
            # 106.7: what a permanent could produce ignores whether the costs can be paid, and
            # `produce` shows what activating the ability adds without checking them: a cost the
            # KB does not carry out changes only whether the ability may be activated now
            # (ability_cost(Ab,not_modelled): kb/activation.lp leaves it undetermined, payment
            # does not use it as a source) -- the answers that activate or pay
            return Lowered(facts, False, unknown[0][1], part=ir.Activated(tuple(c for c, _ in unknown), ()),
                           affects=PAYMENT)
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
                       affects=e.affects | PAYMENT if unknown and e.affects is not None else e.affects)


def _targeted_mana(ctx, sentences):
    """"{T}: Exile target land card from a graveyard. Add one mana of any color.": an activated ability
    that requires a target (a K card in a graveyard, K a card type) and then adds mana the KB models.
    It is no mana ability (605.1a) and can't be activated without a legal target (601.2c, 602.2b):
    its facts (ability_targets, target_requirement(Ab,graveyard_card(K)), its mana,
    effect_not_modelled) let could-produce count the mana while such a card is in a graveyard
    (106.7, kb/ability_mana.lp); None if the ability is not of that shape."""
    if len(sentences) != 2 or sentences[0].leads or sentences[0].tail or len(sentences[0].clauses) != 1 \
            or changes_mana(sentences[0]):
        return None
    c = sentences[0].clauses[0]
    if not isinstance(c, ir.Clause) or c.subject or c.aux or c.tails or c.verb_name != "exile":
        return None
    args = [x for x in c.verb.args if not isinstance(x, str)]
    kind = _graveyard_target(args[0]) if len(args) == 1 else None
    if kind is None or targets(sentences[1]):
        return None
    try:
        mana = mana_effect(ctx, sentences[1])
    except Unmodelled:
        return None
    if not all(f[0] == "mana_option" for f in mana):
        return None
    return [("ability_targets", ctx.ab), ("target_requirement", ctx.ab, fn("graveyard_card", Const(kind)))] \
        + mana + [("effect_not_modelled", ctx.ab)]


def _optionally_targeted_mana(ctx, sentences):
    """"{T}, Sacrifice two other creatures: Any number of target players each lose 2 life and sacrifice
    a creature of their choice. You add {B}{B} and draw a card.": an activated ability whose targets
    are all "any number of" or "up to N" targets and that adds mana the KB models. It requires targets,
    so it is no mana ability (605.1a), but zero of them may be chosen (115.6): it can be activated and
    resolves without one. Its facts (ability_targets, target_requirement(Ab,optional), its mana,
    effect_not_modelled) let could-produce count its mana (106.7, kb/ability_mana.lp); None if the
    ability is not of that shape."""
    if required_targets(sentences):
        return None
    facts, _ = ability_mana(ctx, sentences)
    if not facts or any(f[0] in ("ability_targets", "resolve_if") for f in facts):
        return None
    return [("ability_targets", ctx.ab), ("target_requirement", ctx.ab, Const("optional"))] + facts \
        + [("effect_not_modelled", ctx.ab)]


def _graveyard_target(obj):
    """K of "target K card from a graveyard" (K a card type, 205.2a); None otherwise."""
    if not isinstance(obj, ir.Obj) or obj.quantity or obj.possessor or obj.joins or len(obj.groups) != 1 \
            or obj.qualifiers != (ir.Node("from_zone", ("from", ir.Zone("graveyard", ir.Quantity("a"), ""))),):
        return None
    chars = obj.groups[0]
    if len(chars) != 3 or chars[0] != ir.Char("noun", "target") or chars[2] != ir.Char("noun", "card") \
            or chars[1].kind != "card_type" or chars[1].negated or chars[1].value not in mana_ir.CARD_TYPES:
        return None
    return chars[1].value


def _x_of_costs(clauses):
    """The amount X stands for in the effect, when a cost item chooses it: removed(K,0) for "Remove X K
    counters from ~" (the number of counters the cost removed, 107.3, 601.2b); None otherwise."""
    for c in clauses:
        if isinstance(c, ir.Clause) and c.verb_name == "remove_counters":
            args = [x for x in c.verb.args if not isinstance(x, str)]
            kind = counters_x(args[0]) if len(args) == 2 and is_self(args[1]) else None
            if kind is not None:
                return fn("removed", kind, 0)
    return None


def _x_count_of_costs(clauses):
    """(kind, F) when exactly one cost item takes a number X of permanents chosen as the cost is paid
    (107.3a, 601.2b): ("sacrifice", F) for "Sacrifice X Goats", ("tap_untapped", F) for "Tap X untapped
    tokens you control" (F a filter kb/filters.lp knows, "untapped" dropped); None otherwise. The item
    itself stays ability_cost(Ab,not_modelled): whether it can be paid now is not decided."""
    found = []
    for c in clauses:
        if not isinstance(c, ir.Clause) or c.subject is not None or c.aux or c.tails \
                or not isinstance(c.verb, ir.Verb) or c.verb.name not in ("sacrifice", "tap"):
            continue
        args = [x for x in c.verb.args if not isinstance(x, str)]
        if len(args) != 1 or not isinstance(args[0], ir.Obj) or args[0].quantity is None \
                or args[0].quantity.word != "number" or not _is_x_number(args[0].quantity.number):
            continue
        one = replace(args[0], quantity=ir.Quantity("a", None))
        if c.verb.name == "sacrifice":
            f = sacrifice_filter(one)
            if f is not None and not (isinstance(f, Fn) and f.name == "another"):
                found.append((Const("sacrifice"), f))
        else:
            tapped = untapped_filter(one)
            if tapped is not None and tapped[1] == 1 and mana_ir.known_filter(tapped[0]):
                found.append((Const("tap_untapped"), tapped[0]))
    return found[0] if len(found) == 1 else None


def _is_x_number(n):
    return isinstance(n, ir.Number) and str(n.value).lower() == "x"


def _removed_by_costs(clauses):
    """removed(K,0) when a cost item removes a number of K counters from ~ chosen as it is paid ("Remove
    one or more dream counters from ~", "Remove X ...", 601.2b): "that much" in the effect is that
    number (107.1c); None otherwise."""
    for c in clauses:
        if isinstance(c, ir.Clause) and c.verb_name == "remove_counters":
            args = [x for x in c.verb.args if not isinstance(x, str)]
            chosen = counters_chosen(args[0]) if len(args) == 2 and is_self(args[1]) else None
            if chosen is not None:
                return fn("removed", chosen[0], 0)
    return None


def _sacrifices_one(clauses, cost):
    """True if exactly one cost item sacrifices one permanent, described by a filter kb/filters.lp
    knows ("Sacrifice an artifact", "Sacrifice a black or artifact creature", "Sacrifice another
    creature": another(F), whose candidates leave out the ability's own permanent, kb/game_amounts.lp):
    the object "the sacrificed <kind>" of the effect is that permanent (701.21a)."""
    items = [c for c in clauses if isinstance(c, ir.Clause) and c.verb_name == "sacrifice"]
    sac = [f[2] for f in cost if f[0] == "ability_cost" and getattr(f[2], "name", None) == "sacrifice"]
    if len(items) != 1 or len(sac) != 1:
        return False
    f = sac[0].args[0]
    if isinstance(f, Fn) and f.name == "another" and len(f.args) == 1:
        f = f.args[0]
    return mana_ir.known_filter(f)


def _exiles_one(clauses):
    """The filter F of "Exile a <F> you control" when it is the one cost item that exiles (the player
    chooses which permanent as the cost is paid, 601.2h): a filter kb/filters.lp knows; None otherwise.
    Exiling as a cost is not carried out (ability_cost(Ab,not_modelled)); "the exiled <F>" of the effect
    is that permanent (kb/game_amounts.lp)."""
    items = [c for c in clauses if isinstance(c, ir.Clause) and c.verb_name == "exile"]
    if len(items) != 1 or items[0].subject is not None or items[0].aux or items[0].tails:
        return None
    objs = [x for x in items[0].verb.args if not isinstance(x, str)]
    if len(objs) != 1 or not isinstance(objs[0], ir.Obj):
        return None
    obj = objs[0]
    if obj.possessor or obj.quantity not in (ir.Quantity("a", None), ir.Quantity("an", None)) \
            or len(obj.qualifiers) != 1 or controller_phrase(obj.qualifiers[0]) != "you control":
        return None
    try:
        f = filter_term(ir.Obj(obj.quantity, None, obj.groups, obj.joins, ()))
    except Unmodelled:
        return None
    return f if mana_ir.known_filter(f) else None


def _removal_mana(cost, facts, x_count=False):
    """Mana "for each K counter removed this way" (mana_amount(Ab,O,T,removed(K,B))) is modelled
    only with a cost that removes a chosen number of K counters (kb/removed_counters.lp); could-produce
    and produce read it, activating it (which number to remove) and paying with it are not yet.
    ``x_count``: the cost takes X permanents (x_cost_count/3), which the mana's X (cost_x) counts."""
    if x_count:
        if not any(f[0] in ("mana_amount", "mana_combination") and f[-1] == Const("cost_x") for f in facts):
            return
        e = Unmodelled("mana whose X is the number of permanents the cost sacrifices or taps (107.3a, 601.2b): "
                       "could-produce and produce read it; choosing X and paying with that mana are not "
                       "modelled yet", facts, affects=PAYMENT)
        e.activation_known = True
        raise e
    removed = [f[4] for f in facts if f[0] == "mana_amount" and getattr(f[4], "name", None) == "removed"]
    removed += [f[2] for f in facts if f[0] == "mana_combination" and getattr(f[2], "name", None) == "removed"]
    if not removed:
        return
    chosen = {f[2].args[0] for f in cost if f[0] == "ability_cost" and getattr(f[2], "name", None)
              == "remove_counters_chosen"}
    if any(r.args[0] not in chosen for r in removed):
        raise Unmodelled("mana for counters removed by a cost that does not remove them", facts)
    e = Unmodelled("mana for each counter the cost removes: could-produce and produce read it; choosing "
                   "the number to remove and paying with that mana are not modelled yet", facts, affects=PAYMENT)
    e.activation_known = True
    raise e


def _costs_known(ctx, clauses):
    """The ability_cost facts of the cost items the KB knows, ability_cost(Ab,not_modelled) for
    each other item (602.1: the ability still is one, 118.3: whether that item can be paid is not
    known), and the [(item, reason)] of those others."""
    facts, unknown = [], []
    for c in clauses:
        try:
            facts += [("ability_cost", ctx.ab, k) for k in _cost_item(c)]
        except Unmodelled as e:
            if _moves_itself_from_another_zone(c):
                # 113.6m: "Exile this card from your hand": the ability functions only in that
                # zone, so it is no ability of the permanent: neither what it could produce
                # (106.7) nor what activating its mana abilities adds; what is paid with it, and
                # what the permanent shows, may be changed
                raise Unmodelled(f"{e}: the ability functions only in the zone it moves the card from "
                                 "(113.6m)", affects=OUTSIDE_THE_BATTLEFIELD) from None
            facts.append(("ability_cost", ctx.ab, Const("not_modelled")))
            unknown.append((c, str(e)))
    return facts, unknown


def _moves_itself_from_another_zone(c):
    """True if cost item C moves the object itself out of a zone other than the battlefield."""
    return any(isinstance(y, ir.Node) and y.kind == "self_qualified" and any(
        isinstance(z, ir.Zone) and z.noun != "battlefield" for z in ir.walk(y)) for y in ir.walk(c))


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
    if not isinstance(v, ir.Verb):       # a verb rule of its own (pay_energy_number ...)
        raise Unmodelled(f"cost {c.verb_name} is not modelled")
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
        tapped = untapped_filter(args[0])                                      # 118.3, 602.1
        if tapped is not None and mana_ir.known_filter(tapped[0]):
            f, n = tapped
            return [fn("tap_untapped", f) if n == 1 else fn("tap_untapped", f, n)]
    if v.name == "remove_counters" and len(args) == 2 and is_self(args[1]):
        chosen = counters_chosen(args[0])
        if chosen is not None:
            return [fn("remove_counters_chosen", *chosen)]                      # 107.1c, 602.2b
        kind, n = counters(args[0])
        if kind is not None:
            return [fn("remove_counter", kind, n)]                               # 122.8
    raise Unmodelled(f"cost {v.name.replace('_', ' ')} is not modelled")


def _activated_effect(ctx, sentences):
    """The effect of an activated ability: mana (106, 605), its activation condition, the
    restrictions on spending that mana and its effects on the spell it pays for (106.6,
    compiler/spend.py), what it does besides (605.3b); designed facts of what the KB does not
    carry out (602.5)."""
    rest = _to_a_chosen_player(sentences)
    if rest is not None:
        # "Choose a player. That player adds ...": the mana is the ability's (106.7, 605.1a: no
        # target), added to the pool of the player chosen as it resolves (608.2d, 106.4), who may
        # be its controller: what it could produce is the mana of the rest (106.7); what its
        # controller gets (produce, payment) is that mana, or none when another player is chosen
        # (mana_to_chosen_player/1, kb/mana.lp); apply gives it to its controller
        note = ("the mana goes to the player chosen as the ability resolves (608.2d): "
                "apply gives it to its controller; performing it for another player is not modelled")
        try:
            facts = _activated_effect(ctx, rest)
        except Unmodelled as e:
            raise Unmodelled(f"{e}; {note}", e.facts and e.facts + [("mana_to_chosen_player", ctx.ab)],
                             part=e.part or rest, affects=None if e.affects is None else e.affects | {"apply"})
        facts = facts + [("mana_to_chosen_player", ctx.ab)]
        e = Unmodelled(note, facts, part=sentences[:1], affects=frozenset({"apply"}))
        e.activation_known = True       # its controller may choose themselves: a mana ability it may activate
        raise e
    result = unknown_result(sentences)
    if result is not None:
        # 705, 608.2d: what it adds is known only as it resolves (a coin flip, a random color, a
        # payment any player may make): what it would add if it resolved (106.7) is any result's
        # mana; produce lists every result (lower_results.py)
        try:
            facts = _activated_mana_effect(ctx, result.sentences)
        except Unmodelled as e:
            # "Activate only as an instant" (602.5e) changes only when it may be activated
            timing = e.affects is None and e.part and all(isinstance(x, ir.Sentence) and x.kind == "activation"
                                                          for x in e.part)
            if not timing and (e.affects is None or not e.affects <= PAYMENT):
                raise Unmodelled(str(e), e.facts, part=sentences) from None
            facts = list(e.facts)
        facts.append(("mana_unknown_result", ctx.ab, Const(result.kind)))
        if result.none:
            facts.append(("mana_result_none", ctx.ab))
        raise Unmodelled(f"mana of a result known only as the ability resolves ({result.kind.replace('_', ' ')}): "
                         "could-produce and produce cover every result; paying with that mana is not modelled",
                         facts, affects=PAYMENT)
    sides = die_sides(sentences)
    rolled = die_roll(sides, ctx.results) if sides is not None and ctx.results else None
    if rolled is not None and rolled[0]:
        return _die_roll_mana(ctx, sentences, *rolled)
    revealed = reveal_from_hand(sentences)
    if revealed is not None:
        return _revealed_mana(ctx, sentences, *revealed)
    return _activated_mana_effect(ctx, sentences)


def _die_roll_mana(ctx, sentences, effects, none):
    """706.2: "Roll a six-sided die. This ability has the indicated effect." with die-result lines that add
    mana ("2 — Add {W}."): one option per such result (each a fixed amount of mana), mana_unknown_result
    (die_roll) and mana_result_none when some result adds none."""
    facts = []
    for o, effect in enumerate(effects, 1):
        try:
            got = _activated_mana_effect(ctx, effect)
        except Unmodelled:
            raise Unmodelled("mana of a die result that is not a fixed amount is not modelled", part=sentences) from None
        if not got or any(f[0] != "mana_option" or f[2] != 1 for f in got):
            raise Unmodelled("mana of a die result that is not a fixed amount is not modelled", part=sentences)
        facts += [("mana_option", ctx.ab, o, f[3], f[4]) for f in got]
    facts.append(("mana_unknown_result", ctx.ab, Const("die_roll")))
    if none:
        facts.append(("mana_result_none", ctx.ab))
    raise Unmodelled("mana of a result known only as the ability resolves (die roll): could-produce and produce "
                     "cover every result; paying with that mana is not modelled", facts, affects=PAYMENT)


def _revealed_mana(ctx, sentences, kind, once):
    """701.20a, 608.2h: "Reveal any number of <K> cards from your hand. Add <mana> for each card revealed
    this way.": the mana added for one card (of one type), as the amount revealed(N) of each type,
    with reveal_from_hand(Ab,K) (kb/revealed_cards.lp reads the snapshot's hand)."""
    try:
        facts = _activated_mana_effect(ctx, once)
    except Unmodelled as e:
        if e.affects is None or not e.affects <= PAYMENT:
            raise Unmodelled(str(e), e.facts, part=sentences) from None
        facts = list(e.facts)
    options = [f for f in facts if f[0] == "mana_option"]
    if len(options) != 1 or options[0][2] != 1 or any(f[0] in ("mana_amount", "mana_combination") for f in facts):
        raise Unmodelled("mana of several kinds for each card revealed is not modelled", part=sentences)
    facts = [f for f in facts if f[0] != "mana_option"]
    facts += [("mana_amount", ctx.ab, 1, options[0][3], fn("revealed", options[0][4])),
              ("reveal_from_hand", ctx.ab, kind)]
    raise Unmodelled("mana for each card revealed from the hand: could-produce and produce read the snapshot's "
                     "hand (every number of cards revealed); paying with that mana is not modelled",
                     facts, affects=PAYMENT)


_A_PLAYER = ir.Obj(ir.Quantity("a"), None, ((ir.Char("noun", "player"),),), (), ())
_THAT_PLAYER = ir.Obj(ir.Quantity("that"), None, ((ir.Char("noun", "player"),),), (), ())


def _to_a_chosen_player(sentences):
    """The sentences after "Choose a player." when the next one is "That player adds ..."; else None."""
    if len(sentences) < 2 or any(s.kind != "sentence" or s.leads or len(s.clauses) != 1 or s.tail is not None
                                 for s in sentences[:2]):
        return None
    choose, add = sentences[0].clauses[0], sentences[1].clauses[0]
    if not (isinstance(choose, ir.Clause) and choose.verb_name == "choose" and choose.subject is None
            and not choose.aux and not choose.tails and choose.verb.args[1:] == (_A_PLAYER,)):
        return None
    if not (isinstance(add, ir.Clause) and add.verb_name == "add_mana" and add.subject == _THAT_PLAYER):
        return None
    return (ir.Sentence((), (ir.Clause(None, add.aux, add.verb, add.tails),), (), None, "sentence"),) \
        + tuple(sentences[2:])


def _activated_mana_effect(ctx, sentences):
    """:func:`_activated_effect` once the player who gets the mana is its controller."""
    unmodelled = None
    effect = sentences
    sentences = mana_ir.color_of_choice(sentences) or sentences
    leading, sentences = _leading_riders(sentences)
    chosen = mana_ir.of_color_choice(sentences)
    if chosen is not None:
        # 608.2d: the color is chosen as the ability resolves: one option for each color
        term = chosen[0][1]
        sentences = (sentences[1],) + tuple(sentences[2:])
        facts = [("mana_amount", ctx.ab, o, Const(c), a) for o, (c, a) in enumerate(chosen, 1)]
        try:
            facts = mana_ir.counted(ctx.ab, term, facts)
        except Unmodelled as e:
            unmodelled, facts = e, list(e.facts)
    else:
        try:
            facts = mana_effect(ctx, sentences[0])
        except Unmodelled as e:
            unmodelled, facts = e, list(e.facts)
    designed, rest, riders, spending = [], [], [], []
    later, conditional = sentences[1:], False
    payment_only = unmodelled is not None and unmodelled.affects is not None and unmodelled.affects <= PAYMENT
    if leading and (unmodelled is None or payment_only):
        for s, r in leading:
            # 605.3b, 608.2c: done before the mana is added, in the order written
            facts.append(("mana_rider", ctx.ab, r.term))
            if r.term.name in ("counters", "remove_counters"):
                n = r.term.args[1] if r.term.name == "counters" else -r.term.args[1]
                facts.append(("counters_before_mana", ctx.ab, r.term.args[0], n))
            riders.append((s, r))
    if unmodelled is None and later:
        cases = _conditional(ctx, facts, later[0])
        if cases is not None:
            facts, later, conditional = cases, later[1:], True
    for s in later:
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
        rs = spend.restriction(s)
        if rs is not None and not any(f[0] == "mana_spend_restriction" for f in facts):
            # 106.6: the restriction travels with the mana; kb/spend_restrictions.lp honours it
            facts.append(("mana_spend_restriction", ctx.ab, rs[0]))
            spending.append((s, rs[0], rs[1]))
            if rs[1] is not None:
                facts.append(("mana_spend_rider", ctx.ab) + rs[1])
            continue
        sr = spend.rider(s)
        if sr is not None:
            facts.append(("mana_spend_rider", ctx.ab) + sr)        # 106.6: an effect of the mana
            spending.append((s, None, sr))
            continue
        designed += _restriction(ctx, s)
        rest.append(s)
    if unmodelled is not None:
        if leading and not (payment_only and not rest):
            # the riders before the mana are not carried out either
            raise Unmodelled(str(unmodelled), facts + designed, part=effect)
        if leading:
            raise Unmodelled(str(unmodelled), facts, part=effect,
                             affects=frozenset().union(unmodelled.affects, *(r.affects for _, r in leading)))
        if rest and payment_only and all(r.kind == "activation" for r in rest):
            # "Activate only during your turn ..." (602.5) changes only when it may be activated
            raise Unmodelled(str(unmodelled), facts + designed, part=tuple(rest) + (sentences[0],),
                             affects=unmodelled.affects | {"actions", "apply"})
        raise Unmodelled(str(unmodelled), facts + designed, part=unmodelled.part or sentences,
                         affects=unmodelled.affects if not rest else None)
    if rest:
        if any(changes_mana(r) for r in rest):
            # "If ..., instead add ..." / "add an additional ...": what follows changes the
            # mana itself, so the first sentence's mana alone would be a wrong answer
            raise Unmodelled("what follows changes the mana and is not modelled", part=tuple(rest))
        # a restriction the KB can't evaluate stays a note for what it changes (as below)
        unread = [x for x, term, _ in spending if term is not None and not spend.understood(term)]
        reason = "what follows the mana is not modelled"
        if unread:
            reason = "this restriction on spending the mana is not modelled (106.6); " + reason
        raise Unmodelled(reason, facts + designed, part=tuple(x for x in later if x in rest or x in unread))
    # 608.2c: could-produce and produce read the case that applies (kb/conditional_mana.lp);
    # payment reads an ability's own options only, not yet the cases
    by_condition = [(sentences[1], "mana by a condition: could-produce and produce read it; paying with that "
                                   "mana is not modelled yet", PAYMENT)] if conditional else []
    _spending_not_carried_out(spending, facts, by_condition)
    _riders_not_carried_out(riders, facts)
    return facts


def _leading_riders(sentences):
    """The riders written before the one sentence that adds mana ("Put a charge counter on this
    artifact. Add X mana of any one color, ...": 608.2c, the counter is put first), as [(sentence,
    Rider)], and the sentences from the mana on; ([], SENTENCES) when there are none."""
    leading = []
    for s in sentences:
        if changes_mana(s):
            return leading, tuple(sentences[len(leading):])
        r = mana_riders.rider(s)
        if r is None:
            break
        leading.append((s, r))
    return [], sentences


def _spending_not_carried_out(spending, facts, notes=()):
    """The spending rules (106.6) the KB carries with the mana but cannot evaluate or carry out: a
    restriction with a not_modelled part is a note for produce (which shows it) and the answers
    that pay, one of spend.UNEVALUATED uses (shown exactly) for the answers that pay only; an effect on the spell the mana pays for ("that spell can't be countered", "it gains
    haste") is shown by produce and is a note for apply, which casts spells and does not give the
    spell that effect. Nothing here changes the type or amount of the mana: never could-produce.
    ``notes`` are other parts of the ability not carried out, as (sentence, reason, answers)."""
    notes = list(notes)
    for s, term, effect in spending:
        if term is not None and not spend.understood(term):
            notes.append((s, "this restriction on spending the mana is not modelled (106.6); the mana is "
                             "not spent where it can't be evaluated", MANA_PRODUCE | SPENDING))
        elif term is not None and not spend.evaluated(term):
            # described exactly (produce shows it with the mana), but payment can't tell what it allows
            notes.append((s, "payment does not evaluate this restriction on spending the mana (106.6), which "
                             "produce shows; the mana is not spent where it can't be evaluated", SPENDING))
        elif effect is not None and not spend.understood(effect[0]):
            notes.append((s, "which spells this effect of the mana applies to is not modelled (106.6)",
                          MANA_PRODUCE | {"apply"}))
        elif effect is not None:
            notes.append((s, "the effect of the mana on the spell it pays for is shown by produce, not "
                             "carried out (106.6)", frozenset({"apply"})))
    if notes:
        e = Unmodelled("; ".join(dict.fromkeys(r for _, r, _ in notes)), facts,
                       part=tuple(dict.fromkeys(s for s, _, _ in notes)),
                       affects=frozenset().union(*(a for _, _, a in notes)))
        e.activation_known = True
        raise e


def _conditional(ctx, facts, s):
    """608.2c, 608.2h: "If <condition>, add <mana> instead." (or "instead add") after a sentence that
    adds fixed options: the facts of both cases (kb/conditional_mana.lp), or None when the sentence
    is not of that shape or its condition or mana is beyond the vocabulary."""
    ifs = [x for x in s.leads if isinstance(x, ir.Node) and x.kind == "lead_if"]
    lead_instead = [x for x in s.leads if isinstance(x, ir.Node) and x.kind == "lead_instead"]
    if s.kind != "sentence" or len(ifs) != 1 or len(s.leads) != 1 + len(lead_instead) or len(s.clauses) != 1 \
            or s.tail is not None or not isinstance(s.clauses[0], ir.Clause):
        return None
    c = s.clauses[0]
    tails = tuple(t for t in c.tails if not (isinstance(t, ir.Node) and t.kind == "tail_instead"))
    if bool(lead_instead) == (len(tails) != len(c.tails)) or len(lead_instead) > 1:
        return None                                     # "instead" exactly once
    mana = mana_ir.of_clause(ir.Clause(c.subject, c.aux, c.verb, tails))
    cond = condition(ifs[0])
    if mana is None or cond is None:
        return None
    try:
        instead = mana_ir.facts(ctx.ab, mana)
    except Unmodelled:
        return None
    if not facts or not all(f[0] == "mana_option" for f in facts + instead):
        return None
    case = {"otherwise": fn("case", ctx.ab, Const("otherwise")), "instead": fn("case", ctx.ab, Const("instead"))}
    return [("mana_if", ctx.ab, cond)] + [("mana_option", case["otherwise"], *f[2:]) for f in facts] \
        + [("mana_option", case["instead"], *f[2:]) for f in instead]


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


def _restriction(ctx, s):
    """Designed facts (kb/schema.lp) of "Activate only ..." (602.5): activation_restriction(Ab,R);
    [] otherwise."""
    if s.kind == "activation" and len(s.clauses) == 1:
        when = [a for a in s.clauses[0].args if isinstance(a, ir.Node) and a.kind == "activation_when"]
        return [("activation_restriction", ctx.ab, _activation_term(w)) for w in when]
    return []


_ACTIVATION_WHEN = {("as a sorcery",): "sorcery", ("as an instant",): "instant",      # 602.5d
                    ("once each turn",): "once_each_turn"}


def _activation_term(when):
    if when.args in _ACTIVATION_WHEN:
        return Const(_ACTIVATION_WHEN[when.args])
    if when.args == ("during", ir.Node("turn_ref", (ir.Node("possessive", (ir.Ref("you"),)), "turn"))):
        return Const("your_turn")
    return Const("not_modelled")


def mana_effect(ctx, sentence):
    """Facts of one sentence that adds mana and does nothing else; Unmodelled otherwise."""
    among = mana_ir.colors_among(sentence)
    if among is not None:
        return [("mana_colors_among", ctx.ab, among)]                   # 105.1, 608.2h
    mana = mana_ir.of_sentence(sentence)
    if mana is None:
        raise Unmodelled("effect not modelled")
    return mana_ir.facts(ctx.ab, mana, ctx.x, ctx.sacrificed, ctx.removed, ctx.exiled)


def _activation_condition(s):
    """602.5b: "Activate only if you control an artifact." -> you_control(artifact)."""
    if s.kind != "activation" or len(s.clauses) != 1:
        return None
    v = s.clauses[0]
    when = next((a for a in v.args if isinstance(a, ir.Node) and a.kind == "activation_when"), None)
    if when is None or len(v.args) != 2 or when.args[:1] != ("if",) or len(when.args) != 2:
        return None
    clause = when.args[1]
    if isinstance(clause, tuple):           # the conditions and their joins (cond_seq): one only
        clauses, _joins = clause
        clause = clauses[0] if len(clauses) == 1 else None
    if not isinstance(clause, ir.Clause) or clause.verb_name != "control" or clause.tails:
        return None
    rel, obj = clause.verb.args
    if controller_phrase(rel) != "you control":
        return None
    t = simple_type(obj)
    if t in ("artifact", "creature", "enchantment", "land"):
        return fn("you_control", Const(t))
    return None
