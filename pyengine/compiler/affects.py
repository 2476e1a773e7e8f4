"""Which answers a line the KB does not carry out could change.

A note matters only for the answers it could change: "~ enters tapped" cannot change what a
permanent already on the battlefield could produce (106.7), but it changes what `apply` gives
when the permanent enters. :func:`of_line` reads the intermediate form and returns a set of
:data:`ANSWERS`; when unsure it returns :data:`ALL`. The CLI prints (and ``--strict`` refuses
on) exactly the notes whose set holds the running command's answer (``pyengine.facts``).

The answers (:data:`ANSWERS`, with :func:`concerns`) are defined in :mod:`pyengine.compiled`, which a
query imports without the compiler.
"""

from ..compiled import ALL, ANSWERS, MADE_OF, concerns  # noqa: F401 - defined with Note, light to import
from . import ir

MANA = frozenset({"could-produce", "produce"})
# the answers that spend mana: what may be cast or activated, casting, performing an action
PAYMENT = frozenset({"actions", "cast-free", "apply"})

# Keyword abilities (702) by what they change. A keyword not listed here: ALL.
_KW_COMBAT = {"flying", "reach", "trample", "menace", "fear", "intimidate", "shadow",
              "horsemanship", "landwalk", "first strike", "double strike", "deathtouch", "lifelink",
              "skulk", "flanking", "bushido", "rampage", "provoke", "afflict", "melee", "banding",
              "bands with other", "exalted", "battle cry", "annihilator", "dethrone", "myriad",
              "training", "mentor", "enlist", "backup", "toxic", "infect", "wither", "prowess",
              "renown", "ninjutsu", "commander ninjutsu", "saddle", "mobilize", "double team",
              "start your engines!", "ravenous", "indestructible", "persist", "undying",
              "afterlife", "haunt", "soulshift", "modular", "fabricate", "decayed", "exploit",
              "evolve", "extort", "cipher", "soulbond", "partner", "partner with", "companion",
              "hideaway", "riot", "cascade", "storm", "gravestorm", "rebound", "split second",
              "devour", "amplify", "graft", "ingest", "squad", "casualty", "for mirrodin!",
              "living weapon", "living metal", "umbra armor", "totem armor", "absorb", "frenzy",
              "poisonous", "ascend", "dredge", "ripple", "tribute", "champion", "offering",
              "bloodthirst", "unleash", "read ahead", "increment", "paradigm", "ready to run",
              "solved", "bargain", "gift", "spree", "escalate", "entwine", "replicate", "splice",
              "conspire", "demonstrate", "assist", "improvise", "convoke", "delve", "affinity",
              "sunburst", "epic", "fuse", "aftermath", "jump-start", "retrace", "job select",
              "harmonize", "tiered", "station", "fading", "vanishing", "cumulative upkeep",
              "echo", "suspend", "impending", "forecast", "recover", "miracle", "madness",
              "foretell", "plot", "warp", "sneak", "mayhem", "web-slinging", "freerunning",
              "daybound", "nightbound", "crew", "reconfigure", "compleated", "undaunted",
              "surge", "emerge", "spectacle", "prowl", "evoke", "dash", "blitz", "buyback",
              "kicker", "multikicker", "flashback", "escape", "encore", "embalm", "eternalize",
              "unearth", "scavenge", "outlast", "level up", "transmute", "cycling",
              "typecycling", "bestow", "overload", "cleave", "disturb", "craft", "prototype",
              "mutate", "morph", "megamorph", "disguise", "ward", "hexproof", "shroud",
              "protection", "equip", "fortify", "enchant", "aura swap", "transfigure", "flash",
              "defender", "vigilance", "haste"}
# what each of those changes (unlisted: actions and apply)
_KW_ANSWERS = {
    "haste": {"actions", "show", "apply"},                       # 702.10, 302.6
    "defender": {"actions", "show", "apply"},                    # 702.3
    "vigilance": {"show", "apply"},                              # 702.20: attacking doesn't tap
    "flash": {"show", "cast-free", "apply"},
    "phasing": {"untap", "show", "apply"},                       # 702.26: phases in the untap step
    "changeling": ALL,                                           # 702.73: every creature type
    "devoid": ALL,                                               # 702.114: colorless
    # 702.124a: partner abilities function before the game begins (deck construction)
    "partner": set(), "partner with": set(), "friends forever": set(), "choose a background": set(),
    "doctors companion": set(),
    # parseB: 702.139a: companion functions outside the game (revealed before the game begins;
    # the special action puts the card into the hand from outside the game, a zone no answer holds)
    "companion": set(),
    "job select": {"apply"},                                     # 702.182a: as it enters
    # 702.189a: "Whenever this creature attacks, add N {R}": not a mana ability (605.1b), so not
    # what tapping for mana adds; it adds mana itself when it resolves (106.7)
    "firebending": {"could-produce", "apply"},
}
_KW_DEFAULT = frozenset({"show", "actions", "cast-free", "apply"})


def keyword(name):
    """The answers an unmodelled keyword could change."""
    if name in _KW_ANSWERS:
        return frozenset(_KW_ANSWERS[name])
    if name in _KW_COMBAT:
        return _KW_DEFAULT
    return ALL


def _adds_mana(x):
    return any(isinstance(y, ir.Verb) and y.name in ("add_mana",) for y in ir.walk(x))


def _adds_mana_itself(x):
    """True if x adds mana other than through an ability in quotes (of a token it creates, of an
    object it grants the ability to: 113.1a)."""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Node) and y.kind == "quoted_ability":
            continue
        if isinstance(y, ir.Verb) and y.name == "add_mana":
            return True
        if isinstance(y, (tuple, list)):
            stack.extend(y)
        elif hasattr(y, "__dataclass_fields__"):
            stack.extend(getattr(y, f) for f in y.__dataclass_fields__)
    return False


def changes_mana(x):
    """True if the text adds or replaces mana ("add", "produce"): not a spending rule."""
    return any(isinstance(y, ir.Verb) and (y.name == "add_mana" or y.name.startswith("produce"))
               for y in ir.walk(x))


def mentions_mana(x):
    """True if the text touches mana production: "add", "produce", "for mana", "tapped"."""
    for y in ir.walk(x):
        if isinstance(y, ir.Verb) and (y.name == "add_mana" or y.name.startswith("produce")
                                       or y.name == "spend"):
            return True
        if isinstance(y, ir.Node) and y.kind.startswith("tail_for_mana"):
            return True
    return False


def of_line(line, face=None, part=None):
    """The answers a parsed line that the KB does not carry out could change; ``part``, if given,
    is the part of its ability that is not carried out (the rest is)."""
    a = part if part is not None else line.ability
    spell = face is not None and any(t in face.type_line.lower() for t in ("instant", "sorcery"))
    if isinstance(a, ir.Keywords):
        out = set()
        for k in a.items:
            out |= keyword(k.name)
        return frozenset(out)
    if isinstance(a, (ir.Activated, ir.Loyalty)):
        effect = a.effect
        out = {"actions", "apply"}
        if _adds_mana_itself(effect):
            # 605.1a: what the mana ability adds; mana of a token it creates, or of an object it
            # grants an ability in quotes, is that object's (113.1a, 106.7), not this ability's
            out |= MANA | {"show"}
        if any(isinstance(y, ir.Verb) and y.name == "spend" for y in ir.walk(effect)) or _about_the_mana(effect):
            out.add("produce")                     # 106.6: the mana carries a restriction or an effect
        return frozenset(out)
    if isinstance(a, ir.Triggered):
        # 605.1b: only a trigger on activating a mana ability or on mana being added can be a
        # mana ability (what tapping for mana adds). Any other trigger acts once it triggers
        # (603.2), while an action is performed; if it adds mana itself ("When ~ enters, add
        # {R}{G}."), 106.7 counts it in what the permanent could produce ("an ability of that
        # permanent"); mana of a token it creates is that token's, not this ability's.
        if mentions_mana(a.trigger) or _trigger_on_tapping(a.trigger) \
                or any("mana" in w.lower() for w in ir.words(a.trigger)):
            return ALL
        return frozenset({"could-produce", "apply"} if _adds_mana_itself(a.effect) else {"apply"})
    if isinstance(a, ir.Static):
        if spell:
            return frozenset({"cast-free", "apply"})
        return frozenset().union(*[_sentence(s) for s in a.effect]) if a.effect else ALL
    if isinstance(a, (ir.Chapter,)):
        # 714.2b: a triggered ability (not a mana ability, 605.1b); mana it adds itself counts in
        # what the Saga could produce (106.7)
        return frozenset({"could-produce", "apply"} if _adds_mana_itself(a.effect) else {"apply"})
    if isinstance(a, ir.Mode):
        return frozenset({"cast-free", "apply"}) if spell else frozenset({"actions", "apply"})
    return ALL


def _about_the_mana(x):
    """"that mana" / "this mana": an effect of the mana itself ("When that mana is spent to cast
    ...", 106.6)."""
    return any(isinstance(y, ir.Obj) and y.quantity in (ir.Quantity("that"), ir.Quantity("this"))
               and y.groups == ((ir.Char("noun", "mana"),),) for y in ir.walk(x))


def _trigger_on_tapping(t):
    """Triggers on a permanent becoming tapped or untapped: they come with tapping for mana."""
    for y in ir.walk(t):
        if isinstance(y, ir.Char) and y.kind == "status" and y.value in ("tapped", "untapped"):
            return True
        if isinstance(y, ir.Verb) and (y.name in ("tap", "untap") or (
                y.name == "passive" and any(w in ("tapped", "untapped") for w in y.args))):
            return True
    return False


def _sentence(s):
    """The answers one sentence of a static ability could change."""
    if mentions_mana(s):
        return ALL
    out = set()
    if any(isinstance(lead, ir.Node) and lead.kind in _DURING_THE_DRAFT for lead in s.leads):
        return frozenset()
    if any(isinstance(lead, ir.Node) and lead.kind == "lead_as" and _enters_event(lead) for lead in s.leads):
        # 614.12: "As ~ enters, choose a color / you may pay 2 life ...": a choice or event made
        # as the permanent enters, which a permanent already on the battlefield has behind it (a
        # choice is a field of the snapshot). Anything else (becoming a copy ...) could change all.
        if all(isinstance(c, ir.Clause) and (c.verb_name in _AS_ENTERS or c.verb_name in _STATIC_VERBS)
               for c in s.clauses):
            return frozenset({"apply"})
        return ALL
    for c in s.clauses:
        if isinstance(c, ir.Node) and c.kind in _BEFORE_THE_GAME:
            continue                                # 103.6: done before the game begins
        if isinstance(c, ir.Node) and c.kind in _STATIC_NODES:
            out |= _STATIC_NODES[c.kind]
            continue
        if not isinstance(c, ir.Clause):
            return ALL
        out |= _clause(c, s)
    return frozenset(out)


def _enters_event(node):
    return any(isinstance(y, ir.Verb) and y.name == "enters" for y in ir.walk(node))


# what is done before the game begins (103.6a: "you may begin the game with it on the battlefield")
_BEFORE_THE_GAME = {"begin_with"}
# 100.2a, 905.1: how many copies a deck may have, drafting a card face up: done before the game
_BEFORE_THE_GAME |= {"deck_limit", "draft_face_up"}

# 407.1: removing an ante card from the deck is done before the game (ante is not played)
_BEFORE_THE_GAME |= {"ante"}

# parseB: 905.2b: revealing a card as it is drafted (and noting something) is done during the
# draft; 702.139a: a companion's condition is on the starting deck (deck construction)
_BEFORE_THE_GAME |= {"draft_reveal", "deck_condition"}
# parseB: 905.2: "As you draft a card, ...": an ability that functions during the draft
_DURING_THE_DRAFT = {"lead_as_you_draft"}

# clauses of a static ability read as a node of their own, by what they change
_STATIC_NODES = {
    "damage_redirect": frozenset({"apply"}),                        # 614.9: damage dealt instead to another
    "cost_reduction_limit": PAYMENT,                                 # 601.2f: what a cost reduction may take off
    "keyword_cost_is": _KW_DEFAULT,                                  # 702.34a ...: a granted keyword's cost
    "x_limit": PAYMENT,                                              # parseB: 601.2b: the value chosen for X
}

# what may be done "as ~ enters" (614.12) without changing the permanent's characteristics
_AS_ENTERS = {"choose", "pay", "reveal", "name", "tap", "untap", "look_at", "note"}

_STATIC_VERBS = {
    "enters": {"apply"},                                   # 614.1c-d: enters tapped, with counters
    "get": {"show", "apply"},                              # 613.4c: P/T
    "cost_mod": {"actions", "cast-free", "apply"},         # 601.2f
    "prevent": {"apply"},                                  # 615
    "deal_damage": {"apply"},
    "skip": {"untap", "actions", "apply"},                # 502.1, 500.11: skipped steps and phases
    "assign": {"apply"},
    "redirect": {"apply"},
    "look_at": set(),                                      # hidden information only
    "play_with": set(),
    "win_lose": {"apply"},
    "draw": {"apply"},
    "discard": {"apply"},
    "mill": {"apply"},
    "gain_life": {"apply"},
    "lose_life": {"apply"},
    "create": {"apply"},
    "exile": {"apply"},
    "return": {"apply"},
    "put": {"apply"},
    "put_counters": {"apply"},
    "counter": {"apply"},
    "destroy": {"apply"},
    "sacrifice": {"apply"},
    "skip_draw": {"apply"},                                # parseB: 614.1a, 121.1: a draw replaced
}


def _clause(c, s):
    name = c.verb_name
    aux = c.aux or ""
    if name == "choose_not_to" and len(c.verb.args) == 1 and isinstance(c.verb.args[0], ir.Clause):
        return _clause(c.verb.args[0], s)                  # "You may choose not to untap ~ ...": that event
    if name in ("attacks", "blocks") or (name == "passive" and "blocked" in c.verb.args):
        return {"actions", "apply"}                        # 508.1, 509.1: attack/block rules
    if name == "untap" or any(isinstance(t, ir.Node) and t.kind.startswith("tail_during_") and "untap" in t.kind
                              for t in c.tails):
        return {"untap", "apply"}                          # 502.3
    if name in ("cast", "play"):
        return {"cast-free", "actions", "apply"}           # 601.3: permissions and restrictions
    if name in ("gain_ability", "have"):
        kws = [k for y in ir.walk(c.verb) if isinstance(y, ir.Keyword) for k in (y.name,)]
        if any(isinstance(y, ir.Node) and y.kind == "quoted_ability" for y in ir.walk(c.verb)):
            return set(ALL)
        if kws:
            out = {"show"}
            for k in kws:
                out |= keyword(k)
            return out
        return set(ALL)
    if name == "can_be" or (name == "passive" and aux in ("can't", "can")):
        return {"actions", "cast-free", "apply"}
    if "instead" in repr(c.tails) and name in _STATIC_VERBS:
        return set(_STATIC_VERBS[name])                    # 614: a replacement of that event
    if name in _STATIC_VERBS:
        return set(_STATIC_VERBS[name])
    return set(ALL)
