"""Which answers a line the KB does not carry out could change while its card is off the
battlefield: in a hand, a graveyard, a library or exile (``Note.elsewhere``).

113.6: the abilities of a permanent card function only while it is on the battlefield, with the
exceptions 113.6a-n list. A card in a hand matters for what may be done now with it (casting it,
601.2, or an ability that functions from its zone: `actions`), for casting it without paying its
mana cost (`cast-free`) and for what an action does once it is performed (`apply`: the permanent
it becomes, what happens as it is discarded, drawn, cast ...). A line that functions only on the
battlefield (a combat keyword, "This creature can't block", "{1}{G}: This creature gets +1/+1 until
end of turn", Crew, Equip, a level up striation) or only once an event happens (a triggered ability,
603.2; "as it enters", 113.6h) can change none of the first two: only `apply`. A line that changes
how this object is cast (113.6d-f: costs, alternative and additional costs, restrictions and
permissions, Affinity, Convoke, Kicker ...), that functions from another zone (113.6b, 113.6j,
113.6m: Cycling, "Discard this card: ...", "Return this card from your graveyard ...", "As long as
this card is in your graveyard ...") keeps every answer it has there
(:data:`compiled.OFF_BATTLEFIELD`). An Aura's Enchant (303.4a: the spell targets what it could
enchant) is `apply` only: whether a legal target exists is not checked, and every cast of an Aura
says so (`not_checked: targets (601.2c)`, compiler/spell_targets.py). So does whatever this module cannot
place (an unparsed line that is not a triggered ability, a mode of an activated ability, a card
type or mana cost the KB does not read): when unsure, the answers stay.

The text of an instant or sorcery functions on the stack, as it is cast and resolves: its lines keep
their answers (:func:`pyengine.compiler.affects.of_ability` decides them for a spell), but for a
keyword that acts only once the spell is cast (storm, split second, rebound, cipher ...:
:data:`_KW_ONCE_CAST`), which can't change what its holder may do with it now (`actions`).

A line that functions only from a graveyard (113.6b, 113.6m: "{2}{B}: Return this card from your
graveyard to your hand", "As long as this card is in your graveyard", unearth, embalm, encore ...)
keeps its answers only there: each is written "answer@graveyard" (:func:`in_zone`), which
:func:`pyengine.compiled.concerns_in` reads for a card in a graveyard and no other zone. An answer
written alone holds in every zone off the battlefield (a line that changes casting it, an ability
paid from a hand, or what this module can't place). The decision
reads the intermediate form (the frame, the keyword, the verbs and zones of a clause and whether it
refers to the object itself, 201.5), never a card's name or words of its text.
"""

from ..compiled import OFF_BATTLEFIELD
from . import ir
from .affects import CASTING_LEADS, keyword, own
# 116.2f, 116.2h, 116.2k: a suspend, foretell or plot keyword whose special action kb/special_actions.lp
# carries out; in a hand, what is not carried out is what follows it (the card in exile, cast later),
# which changes only what `apply` gives
from .lower_special import carried_out
from .lower import alternative_keyword

APPLY = frozenset({"apply"})

# Keywords of a permanent card that change neither how it is cast nor anything done from a zone
# other than the battlefield: what they change off the battlefield is what happens once the card is
# a permanent (`apply`). A keyword not listed keeps its answers (an alternative or additional cost,
# a cost reduction, flash, a keyword of a hand or graveyard such as cycling or flashback, changeling
# and devoid, which define characteristics everywhere: 113.6a, 604.3).
_KW_ON_BATTLEFIELD = {
    # 113.6: evasion, combat and protection abilities of a permanent (702.9-702.21, 702.36 ...)
    "flying", "reach", "trample", "menace", "fear", "intimidate", "shadow", "horsemanship",
    "landwalk", "first strike", "double strike", "deathtouch", "lifelink", "skulk", "flanking",
    "bushido", "rampage", "provoke", "afflict", "melee", "banding", "bands with other", "exalted",
    "battle cry", "annihilator", "dethrone", "myriad", "training", "mentor", "enlist", "toxic",
    "infect", "wither", "prowess", "renown", "saddle", "mobilize", "vigilance", "haste", "defender",
    "indestructible", "hexproof", "shroud", "protection", "ward", "phasing", "double team",
    "trample over",                 # 702.19c
    # 702.131b: ascend on a permanent is a static ability (on an instant or sorcery: a spell ability)
    "ascend",
    # 702.179a: start your engines! is a static ability of a permanent a player controls
    "start your engines!",
    # 113.6h, 614.12, 603.2, 603.10a: abilities that act as the permanent enters or leaves, or on
    # an event while it is on the battlefield (702.95 soulbond, 702.100 evolve, 702.110 exploit ...)
    "backup", "ravenous", "persist", "undying", "afterlife", "haunt", "soulshift", "modular",
    "fabricate", "decayed", "exploit", "evolve", "extort", "soulbond", "hideaway", "riot", "devour",
    "amplify", "graft", "ingest", "absorb", "frenzy", "poisonous", "tribute", "champion",
    "bloodthirst", "unleash", "read ahead", "living weapon", "living metal", "umbra armor",
    "totem armor", "for mirrodin!", "job select", "compleated", "sunburst", "fading", "vanishing",
    "cumulative upkeep", "echo", "daybound", "nightbound",
    # activated abilities of the permanent (602.1; 702.6 equip, 702.87 level up, 702.122 crew, 702.184
    # station ...): activated only on the battlefield
    "crew", "equip", "fortify", "reconfigure", "level up", "station", "outlast", "aura swap",
    "transfigure", "craft",
    # 603.2, 702.85a, 702.61a: triggered on casting the spell, or functioning while it is on the
    # stack: what happens once it is cast, not whether it may be
    "cascade", "storm", "gravestorm", "ripple", "split second", "demonstrate",
    # 702.94a miracle (as the card is drawn), 702.35a madness (as it is discarded), 702.52a dredge
    # (as a card would be drawn), 702.59a recover (as a creature is put into a graveyard): they act
    # on an event (`apply`), not on what may be done now
    "miracle", "madness", "dredge", "recover",
    # 303.4a, 702.5a: an Aura spell targets what its enchant ability allows; whether a legal target
    # exists is not checked, and every cast of an Aura says so (`not_checked: targets (601.2c)`,
    # compiler/spell_targets.py): the line changes what happens once it is a permanent (`apply`)
    "enchant",
}

# Keywords of an instant or sorcery that function once it is a spell on the stack or resolving
# (113.6: a spell's abilities function on the stack): what they change is what happens once it is
# cast (`apply`, `cast-free`), never whether or how it may be cast from a hand (`actions`): 702.40a
# storm and 702.69a gravestorm, 702.85a cascade and 702.60a ripple (triggered as it is cast),
# 702.61a split second (while it is on the stack), 702.88a rebound and 702.99a cipher (as it
# resolves), 702.50a epic (as it resolves). Not an optional additional or alternative cost
# (buyback, entwine, replicate ...): those change how it may be cast.
_KW_ONCE_CAST = {"storm", "gravestorm", "cascade", "ripple", "split second", "rebound", "cipher", "epic"}
# Keywords of an instant or sorcery that act on an event while the card is in a hand: 702.35a
# madness (as it is discarded: exiled instead, then it may be cast from exile), 702.94a miracle (as
# it is drawn). What they change is what that event does (`apply`) and, for madness, what may be
# done with the card in exile; not what its holder may do with it in a hand now (`actions`).
_KW_ON_AN_EVENT = {"madness": "exile", "miracle": None}

# Keywords of a permanent card that are activated abilities functioning only while the card is in a
# graveyard (702.84a unearth, 702.97a scavenge, 702.128a embalm, 702.129a eternalize, 702.141a
# encore): their answers hold only there (:data:`GRAVEYARD`).
_KW_GRAVEYARD = {"unearth", "scavenge", "embalm", "eternalize", "encore"}

# the zone a line's answers are qualified with when it functions only from a graveyard (113.6b,
# 113.6m): "actions@graveyard" (compiled.concerns_in)
GRAVEYARD = "graveyard"

# verbs of a clause about the object itself that say what it does or is as a permanent (613.4c
# P/T, 508.1 and 509.1 attacking and blocking, 502.3 untapping, 614.1c entering, 615 prevention)
_SELF_ON_BATTLEFIELD_VERBS = {"get", "attacks", "blocks", "untap", "enters", "prevent", "deal_damage",
                              "assign"}
# verbs of a clause about the object itself that act from where the card is (113.6j: a cost paid
# from a hand, 702.29 cycling) or, in a static ability, on how it is cast (601.2, 113.6d-f); in an
# activated ability "This ability costs {1} less to activate" is about activating it (602.2b)
_FROM_A_ZONE_VERBS = {"discard", "reveal", "cycle"}
_SELF_ELSEWHERE_VERBS = _FROM_A_ZONE_VERBS | {"cast", "play", "cost_mod"}
# what a static ability may say the object itself can't (or can only) be as a permanent: blocked
# (509.1b), the target of spells (115.1, 702.18), attached to (301.5c)
_PASSIVE_ON_BATTLEFIELD = {"blocked", "blocked by", "the target of", "attached only to", "attached to"}
# what it says it can't be once it is a spell on the stack, after it is cast (701.6a: countered):
# what happens then (`apply`), not whether or how it may be cast
_PASSIVE_ONCE_CAST = {"countered"}


def answers(ability, aff, spell=False, *, parent=None, trigger=False, gated=False, costs=None):
    """The answers a line the KB does not carry out could change while its card is off the
    battlefield, from AFF, those it could change on the battlefield (``affects.of_ability``).
    ABILITY is the line's intermediate form (None if the grammar does not parse it: TRIGGER tells
    that it begins as a triggered ability does, 603.1, COSTS are its cost clauses if it is
    "<cost>: <effect>" with costs the grammar reads); SPELL if the face is an instant or sorcery;
    PARENT the ability of the line above the modes (700.2) that a mode line belongs to; GATED if the
    line is had only at a level, class level or max speed (711.2, 716.2, 702.178a), all of them a
    permanent's."""
    kept = frozenset(aff) & OFF_BATTLEFIELD
    if spell and isinstance(ability, ir.Keywords) and ability.items and all(
            k.name in _KW_ONCE_CAST or k.name in _KW_ON_AN_EVENT for k in ability.items):
        # 113.6: it functions once the spell is on the stack, or on an event (a discard, a draw)
        zones = {_KW_ON_AN_EVENT.get(k.name) for k in ability.items} - {None}
        return kept - {"actions"} | (in_zone(kept & {"actions"}, zones.pop()) if zones else frozenset())
    if spell or not aff:
        return kept
    on_battlefield = APPLY
    if gated or trigger:
        return on_battlefield
    if ability is None:
        return on_battlefield if costs and _taps_itself(costs) else kept
    if isinstance(ability, ir.Keywords):
        out = set()
        for k in ability.items:
            # what the lowering says the keyword could change (its Unmodelled affects) bounds it; an
            # alternative cost the KB offers when the card is cast from a hand (lower.alternative_keyword):
            # what its note leaves out is what follows the cast (`apply`: evoke's sacrifice, warp's exile)
            out |= on_battlefield if k.name in _KW_ON_BATTLEFIELD or alternative_keyword(k) \
                or (carried_out(k) and not ability.effect) \
                else in_zone(keyword(k.name) & kept, GRAVEYARD) if k.name in _KW_GRAVEYARD else keyword(k.name) & kept
        return frozenset(out)
    if isinstance(ability, (ir.Triggered, ir.Chapter)):
        return on_battlefield               # 603.2, 714.2b: it acts only once its event has happened
    if isinstance(ability, ir.Mode):
        # 700.2: a mode is part of the ability above it: a triggered ability's, or an activated
        # one's that functions only on the battlefield (the mode itself acting from no other zone)
        if isinstance(parent, ir.Triggered) or (
                isinstance(parent, (ir.Activated, ir.Loyalty)) and answers(parent, aff) == on_battlefield
                and not _elsewhere(ability)):
            return on_battlefield
        return kept
    if isinstance(ability, (ir.Loyalty, ir.Level, ir.ClassLevel)):
        return on_battlefield               # 606.3, 711.2, 716.2a: a permanent's
    if isinstance(ability, ir.Activated):
        if _taps_itself(ability.costs):
            return on_battlefield           # 107.5, 107.6: only a permanent can be tapped or untapped
        if not _elsewhere(ability, _FROM_A_ZONE_VERBS):
            return on_battlefield
        return in_zone(kept, GRAVEYARD) if _only_from_graveyard(ability) else kept
    if isinstance(ability, ir.Static):
        if ability.effect and all(_static_on_battlefield(s) for s in ability.effect):
            return on_battlefield
        return in_zone(kept, GRAVEYARD) if _only_from_graveyard(ability) else kept
    return kept


def in_zone(answers, zone):
    """ANSWERS qualified to hold only for a card in ZONE ("actions@graveyard", compiled.concerns_in)."""
    return frozenset(f"{a}@{zone}" for a in answers)


def _only_from_graveyard(ability):
    """Whether ABILITY acts from a zone other than the battlefield only by referring to the object
    itself in a graveyard ("{2}{B}: Return this card from your graveyard to your hand", "As long as
    this card is in your graveyard, ...", 113.6b, 113.6m): not by a cost paid from a hand (a discard
    or reveal, 113.6j), not by changing how it is cast (601.2, 113.6d-f) or by a permission to cast
    or play it (601.3, 305: kept in every zone), and never about itself in another zone."""
    zones, other = set(), False
    for y in own(ability):
        if isinstance(y, ir.Node) and (y.kind in CASTING_LEADS or y.kind == "tail_rather_than_pay"):
            other = True
        elif _itself_elsewhere(y):
            zones |= {z.noun for z in own(y) if isinstance(z, ir.Zone) and z.noun != "battlefield"}
        elif isinstance(y, ir.Clause) and y.verb_name in _SELF_ELSEWHERE_VERBS and _about_itself(y):
            other = True
    return not other and zones == {GRAVEYARD}


def _refers_to_itself(x):
    return any(isinstance(y, ir.Ref) and y.kind == "self" for y in own(x))


def _zone_elsewhere(x):
    return any(isinstance(y, ir.Zone) and y.noun != "battlefield" for y in own(x))


def _itself_elsewhere(y):
    """"this card from your graveyard" (the object itself in a zone other than the battlefield,
    ``self_qualified``), "this card is in your graveyard" (a clause placing it there)."""
    if isinstance(y, ir.Node) and y.kind == "self_qualified":
        return _refers_to_itself(y) and _zone_elsewhere(y)
    return isinstance(y, ir.Clause) and isinstance(y.subject, ir.Ref) and y.subject.kind == "self" \
        and y.verb_name == "is" and any(isinstance(z, ir.Zone) and z.noun != "battlefield" for z in y.verb.args)


def _taps_itself(costs):
    """Whether cost clauses hold {T} or {Q} (107.5, 107.6: tap or untap this permanent)."""
    return any(isinstance(c, ir.Clause) and c.verb_name == "symbols" and any(a in ("T", "Q") for a in c.verb.args)
               for c in costs)


def _about_itself(c):
    """Whether a clause's subject or object is the object itself ("this card", "this spell")."""
    def itself(x):
        return (isinstance(x, ir.Ref) and x.kind == "self") or (
            isinstance(x, ir.Node) and x.kind == "self_qualified" and any(itself(y) for y in x.args))
    return itself(c.subject) or (isinstance(c.verb, ir.Verb) and any(itself(a) for a in c.verb.args))


def _elsewhere(x, verbs=_SELF_ELSEWHERE_VERBS):
    """Whether X (an ability or a part of one) refers to the object itself in a zone other than the
    battlefield ("Return this card from your graveyard", "As long as this card is in your
    graveyard", "Activate only if this card is in your graveyard", 113.6b, 113.6m), acts on it
    from there ("Discard this card", "Reveal this card from your hand", 113.6j: VERBS) or changes
    casting it (601.2b, 601.2f: "This spell costs {1} less to cast",
    "Cast this spell only during combat", "As an additional cost to cast this spell")."""
    for y in own(x):
        if isinstance(y, ir.Node) and (y.kind in CASTING_LEADS or y.kind == "tail_rather_than_pay"):
            return True
        if _itself_elsewhere(y):
            return True
        if isinstance(y, ir.Clause) and y.verb_name in verbs and _about_itself(y):
            return True
    return False


def _static_on_battlefield(s):
    """Whether a sentence of a permanent's static ability functions only on the battlefield: it does
    not act from another zone or on casting (:func:`_elsewhere`), and each clause either does not
    refer to the object itself (113.6: what a permanent's ability does to other objects and
    players, "Other creatures you control get +1/+1", "Creature spells you cast cost {1} less")
    or says what the object does or is as a permanent ("This creature can't block", "gets +1/+1",
    "has flying", :data:`_SELF_ON_BATTLEFIELD_VERBS`); a characteristic-defining ability
    ("This creature's power is equal to ...", 604.3) changes what it is, which a hand's answers
    other than `apply` do not read."""
    if not isinstance(s, ir.Sentence) or _elsewhere(s):
        return False
    return all(_clause_on_battlefield(c, bool(s.leads)) for c in s.clauses)


def _clause_on_battlefield(c, led=False):
    """LED: the sentence has a leading condition or duration ("As long as your devotion to white and
    black is less than seven", "During your turn")."""
    if isinstance(c, ir.Node):
        return c.kind == "cda" or not _refers_to_itself(c)
    if not isinstance(c, ir.Clause):
        return False
    if not _refers_to_itself(c):
        return True
    name = c.verb_name
    if name in _SELF_ON_BATTLEFIELD_VERBS:
        return True
    if name == "is" and led:
        return True                                         # 604.3a(5): a CDA has no condition
    if name == "passive" and any(a in _PASSIVE_ON_BATTLEFIELD or a in _PASSIVE_ONCE_CAST for a in c.verb.args):
        return True                                         # "can't be blocked", "the target of", "countered"
    if isinstance(c.verb, ir.Node) and c.verb.kind == "have_do" and any(
            isinstance(y, ir.Verb) and y.name == "enters" for y in c.verb.args):
        return True                                         # 113.6h, 614.12: as it enters
    if name in ("have", "gain_ability"):
        return _grants_battlefield_only(c.verb)
    return False


def _grants_battlefield_only(verb):
    """"This creature has flying as long as ...": every ability it gives itself is a keyword that
    functions only on the battlefield (:data:`_KW_ON_BATTLEFIELD`) or an ability in quotes, which
    it has as a permanent (613.1f); 113.6e: one that changes how it is cast functions on the stack."""
    for x in verb.args:
        if isinstance(x, str) or (isinstance(x, ir.Node) and x.kind == "have_word"):
            continue
        for y in (x.args if isinstance(x, ir.Node) and x.kind == "have_what" else (x,)):
            if isinstance(y, ir.Node) and y.kind == "keyword_list":
                if not all(isinstance(k, ir.Node) and k.kind == "list_sep"
                           or isinstance(k, ir.Keyword) and k.name in _KW_ON_BATTLEFIELD for k in y.args):
                    return False
            elif not (isinstance(y, ir.Node) and y.kind in ("quoted_ability", "quoted_and")):
                return False
    return True
