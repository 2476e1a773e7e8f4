"""Which answers a line the KB does not carry out could change.

A note matters only for the answers it could change: "~ enters tapped" cannot change what a
permanent already on the battlefield could produce (106.7), but it changes what `apply` gives
when the permanent enters. :func:`of_line` reads the intermediate form and returns a set of
:data:`ANSWERS`; when unsure it returns :data:`ALL`. The CLI prints (and ``--strict`` refuses
on) exactly the notes whose set holds the running command's answer (``pyengine.facts``).

The decision rests on what the text does (its frame and the kinds of its verbs and nodes in the
intermediate form), never on card names or words of the text. Where to extend it:

- a keyword: ``_KW_COMBAT`` (the default set) or ``_KW_ANSWERS`` (its own set);
- a frame: :func:`of_ability` (``_NODE_FRAMES`` for frames kept as plain nodes: die results,
  station symbols, stickers); a triggered ability: :func:`triggered` (605.1b, 605.5a);
- a clause of a static ability: ``_STATIC_VERBS`` (by verb), ``_STATIC_NODES`` (clauses read as a
  node), ``_BEFORE_THE_GAME`` (deck construction, 103), or a case of ``_clause``; an ability
  granted in quotes: :func:`_granted`;
- an ability had only while a condition holds that the KB does not carry out (a die result, a
  sticker, an option chosen, harnessed): :func:`_gated`; one it does (levels, class levels, speed,
  station symbols: pyengine/compiler/gates.py) is a note only for what its ability could change.

Each entry says, with its rule, which answers it can change; a kind not listed is every answer.

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
              "defender", "vigilance", "haste",
              # 702.175a: an additional cost and an enters trigger; 702.77a: activated from a hand;
              # 702.162a: an alternative cost; 702.106a: as the conspiracy is put into the command
              # zone, turning it face up is a special action (702.106c)
              "offspring", "reinforce", "more than meets the eye", "hidden agenda",
              # an optional additional cost of a spell (its reminder text: "As an additional cost
              # to cast this spell, you may tap any number of creatures you control with total
              # power N or more", 118.8, 601.2b): casting it, and what tapping those creatures does
              "teamwork",
              # playtest keywords of mana cards: "Reflect {0}" (as it enters, each opponent may pay
              # the cost to create a token copy of it: another permanent), "Land casualty 2" (as
              # it enters, a creature may be sacrificed to copy it), "Food Crew 2" (crew with Foods)
              "reflect", "land casualty", "food crew"}
# what each of those changes (unlisted: actions and apply)
_KW_ANSWERS = {
    "haste": {"actions", "show", "apply"},                       # 702.10, 302.6
    "defender": {"actions", "show", "apply"},                    # 702.3
    "vigilance": {"show", "apply"},                              # 702.20: attacking doesn't tap
    "flash": {"show", "actions", "cast-free", "apply"},           # 702.8a: when it may be cast
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
# Keywords whose answers depend on the kind of card: on an instant or sorcery (:func:`spell_face`),
# what they change is what the spell does as it is cast and resolves (`cast-free`, `apply`), as
# for the other lines of a spell's text; on a permanent, ALL.
_KW_SPELL_ANSWERS = {
    # the object's intensity, which only its own text reads ("Add X {U} and X {R}, where X is this
    # spell's intensity"): an instant or sorcery is never a permanent whose mana an answer counts
    "starting intensity": {"cast-free", "apply"},
}
_KW_DEFAULT = frozenset({"show", "actions", "cast-free", "apply"})


def keyword(name, spell=False):
    """The answers an unmodelled keyword could change (``spell``: of an instant or sorcery)."""
    if spell and name in _KW_SPELL_ANSWERS:
        return frozenset(_KW_SPELL_ANSWERS[name])
    if name in _KW_ANSWERS:
        return frozenset(_KW_ANSWERS[name])
    if name in _KW_COMBAT:
        return _KW_DEFAULT
    return ALL


def _adds_mana(x):
    return any(isinstance(y, ir.Verb) and y.name in ("add_mana",) for y in ir.walk(x))


def own(x):
    """Every IR value inside x but those of an ability in quotes (of a token it creates, of an
    object it grants the ability to: 113.1a), which are that object's."""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Node) and y.kind in ("quoted_ability", "quoted_and"):
            continue
        yield y
        stack.extend(ir.parts(y))


def _adds_mana_itself(x):
    """True if x adds mana other than through an ability in quotes (113.1a)."""
    return any(isinstance(y, ir.Verb) and y.name == "add_mana" for y in own(x))


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
    return of_ability(part if part is not None else line.ability, spell_face(face))


def spell_face(face):
    """True if the face (a ``cardlib.Face``, or None) is an instant or sorcery: its text is a
    spell's instructions."""
    return face is not None and any(t in face.type_line.lower() for t in ("instant", "sorcery"))


def of_ability(a, spell=False):
    """The answers an ability (of the intermediate form) the KB does not carry out could change;
    ``spell`` if it is the text of an instant or sorcery. One branch per frame of the line."""
    if isinstance(a, ir.Keywords):
        out = set()
        for k in a.items:
            out |= keyword(k.name, spell)
        return frozenset(out)
    if isinstance(a, (ir.Activated, ir.Loyalty)):
        effect = a.effect
        if any(isinstance(y, ir.Node) and y.kind == "indicated_effect" for y in ir.walk(effect)):
            return ALL          # 706.3b: "This ability has the indicated effect": the rows of its table may add mana
        out = {"actions", "apply"}
        if _adds_mana_itself(effect):
            # 605.1a: what the mana ability adds; mana of a token it creates, or of an object it
            # grants an ability in quotes, is that object's (113.1a, 106.7), not this ability's
            out |= MANA | {"show"}
        if any(isinstance(y, ir.Verb) and y.name == "spend" for y in own(effect)) or _about_the_mana(effect):
            out.add("produce")                     # 106.6: the mana carries a restriction or an effect
        return frozenset(out)
    if isinstance(a, ir.Triggered):
        return triggered(a)
    if isinstance(a, ir.Static):
        if spell:
            return _SPELL | (_CASTING if any(_casting_the_spell(s) for s in a.effect) else frozenset())
        if _from_opening_hand(a.effect):
            return frozenset({"apply"})
        if _colors_chosen_outside_the_game(a.effect):
            return frozenset()
        return frozenset().union(*[_sentence(s) for s in _begun_with(a.effect)]) if a.effect else ALL
    if isinstance(a, (ir.Chapter,)):
        # 714.2b: a triggered ability (not a mana ability, 605.1b); mana it adds itself counts in
        # what the Saga could produce (106.7)
        return frozenset({"could-produce", "apply"} if adds_mana_itself(a.effect) else {"apply"})
    if isinstance(a, ir.Mode):
        if spell:
            return frozenset({"cast-free", "apply"})
        if _adds_mana_itself(a.effect):
            # 700.2: a mode is part of the ability its "choose" line begins; read alone, the line
            # does not say which: of a triggered ability, 106.7 counts the mana it adds in what the
            # permanent could produce; of an activated one, it may be a mana ability (605.1a)
            return ALL
        return frozenset({"actions", "apply"})
    if isinstance(a, ir.Level):
        return _level(a)
    if isinstance(a, ir.ClassLevel):
        # 716.2a: "[Cost]: Level N" is an activated ability ("This Class's level becomes N");
        # the abilities of that level are lines of their own, each noted for what it changes
        return frozenset({"actions", "apply"})
    if isinstance(a, ir.Node) and a.kind in _NODE_FRAMES:
        return _NODE_FRAMES[a.kind](a, spell)
    return ALL


# the answers of a line of an instant's or sorcery's text: what it does as it resolves (608.2), and
# casting it without paying its mana cost, whose options its text may change (`cast-free`)
_SPELL = frozenset({"cast-free", "apply"})
# and of a line about casting it (601.2): whether and how it may be cast now (`actions`)
_CASTING = frozenset({"actions"})
# leads of a sentence that apply as the spell is cast: an additional cost (118.8, 601.2b), an
# alternative cost (118.9); "as long as" about the spell itself is one too (113.6: "As long as ~ is on
# the stack, spells that target it cost {2} more")
CASTING_LEADS = {"lead_additional_cost", "lead_rather_than_pay"}


def _casting_the_spell(s):
    """True if a sentence of an instant's or sorcery's text could change whether or how it may be
    cast now (601.2-601.3): an additional or alternative cost (118.8, 118.9), a change of its cost
    (601.2f: "This spell costs {1} less to cast"), a restriction on spending mana on it (601.2g-h,
    107.3: "Spend only black mana on X"), a permission or restriction on casting it ("You may cast ~
    as though it had flash if ...", "You may cast this card from your graveyard", 601.3), a
    keyword it has or gains ("This spell has flash as long as ...", 702.8; "it has split second",
    702.61a, which changes what others may cast while it is on the stack). Not a condition it
    reads as it resolves ("If you cast this spell during your main phase, ...", 608.2c): those are
    leads of their own kind (lead_if)."""
    if not isinstance(s, ir.Sentence):
        return True                                 # a frame the reading below does not know
    if any(isinstance(lead, ir.Node) and (lead.kind in CASTING_LEADS or lead.kind == "lead_as_long_as"
                                          and _names_self(lead)) for lead in s.leads):
        return True
    for c in s.clauses:
        if isinstance(c, ir.Node) and c.kind in ("x_not_zero", "x_limit"):
            return True                             # 107.3, 601.2b: the X chosen as it is cast
        if not isinstance(c, ir.Clause):
            continue
        if any(isinstance(t, ir.Node) and t.kind == "tail_rather_than_pay" for t in c.tails):
            return True
        if isinstance(c.subject, ir.Ref) and c.subject.kind == "self" and "cast" in getattr(c.verb, "args", ()):
            return True                             # 601.3: "This spell can't be cast during your turn."
        name = c.verb_name or ""
        if name.startswith("cost"):
            return True
        if name.startswith("spend") and (_names_self(c.verb) or "x" in c.verb.args):
            return True                             # not "Spend this mana only ...": the mana's (106.6)
        if name == "cast" and _names_self(c.verb):
            return True
        if name in ("have", "gain_ability") and isinstance(c.subject, ir.Ref) and (
                c.subject.kind == "self" or c.subject.kind == "it" and name == "have"
                and any(isinstance(y, ir.Node) and y.kind == "keyword_list" for y in c.verb.args)):
            return True                             # "This spell has flash ...", "it has split second"
    return False


def _names_self(x):
    return any(isinstance(y, ir.Ref) and y.kind == "self" for y in ir.walk(x))


def _level(a):
    """711.2: a level symbol "LEVEL N1-N2" or "LEVEL N3+" is the static ability of the lines of its
    striation (pyengine/compiler/gates.py gives each of them, had at those levels): the header alone
    is a note only where the compiler did not read it, for what the creature shows and what an
    action does. A P/T line outside a striation is a base power and toughness the KB does not
    have: an amount that counts power (107.3) could read it, so it could change every answer."""
    if a.pt is not None:
        return ALL
    return frozenset({"show", "apply"})


def _results_row(a, spell):
    """706.3b: a row of a die's results table ("1—9 | Create a Treasure token.") or a numbered
    result ("2 — Add {W}.") is part of the ability that rolls the die (706.3a), whose line is a
    note of its own. If the row adds mana, that ability may be a mana ability (605.1a): every
    answer. Otherwise its events happen as that ability resolves: they change what an action or
    the spell does (`apply`), whether the ability may be used (`actions`, an activated one) or
    the spell cast (`cast-free`), not what a permanent could produce (106.7: what its abilities
    would produce) nor what a mana ability adds (605.1a)."""
    effect = a.args[-1]
    if not isinstance(effect, tuple) or changes_mana(effect):
        return ALL
    return frozenset({"cast-free", "apply"}) if spell else frozenset({"actions", "apply"})


def _gated(a, spell):
    """An ability had only while a condition the KB does not track holds: a station symbol
    "N+ | [ability]" (721.2a: as long as it has N or more charge counters), a die result "N+ |"
    (706.3a: a row of the results table), an ability sticker "{TK}{TK} — [ability]" (123.7), an
    option chosen as the permanent entered ("• Khans — [ability]", 614.12), "∞ — [ability]"
    (702.186b: as long as it is harnessed). Had
    or not, it changes at most what the ability itself could change; a P/T after the symbol
    (721.2b, 123.8) is a power the KB does not have (see :func:`_level`)."""
    inner = a.args[-1]
    if isinstance(inner, str) or inner is None:
        return ALL
    if isinstance(inner, tuple):                    # a row of a die's results table
        return _results_row(a, spell)
    return of_ability(inner, spell)


# the frames the intermediate form keeps as plain nodes, by what they change (unlisted: ALL)
_NODE_FRAMES = {
    "die_result": _results_row,
    "numbered_ability": _results_row,
    "threshold": _gated,
    "ticket_ability": _gated,
    "chosen_option": _gated,        # 614.12: "• Khans — At the beginning of ...", had if chosen
    "infinity_ability": _gated,     # 702.186b: "∞ — [Ability]", had while harnessed
}


def adds_mana_itself(x):
    """True if x adds mana other than through an ability in quotes (of a token it creates, of an
    object it grants the ability to: 113.1a)."""
    return _adds_mana_itself(x)


def mana_trigger(t):
    """605.1b: whether a trigger condition may make its ability a mana ability: it triggers from
    activating or resolving a mana ability or from mana being added ("Whenever you tap a land for
    mana", "Whenever enchanted land is tapped for mana", "Whenever you tap a permanent for {C}"),
    or on a permanent becoming tapped or untapped (which comes with tapping it for mana). A
    trigger on anything else ("Whenever you cast a spell with mana value 4 or greater", "using
    mana produced by ~", "When ~ enters") never is one."""
    return mentions_mana(t) or _trigger_on_tapping(t) or any(
        isinstance(y, ir.Verb) and y.name == "tap" and any(isinstance(z, ir.ManaCost) for z in y.args)
        for y in ir.walk(t))


def triggered(a):
    """The answers of a triggered ability (603) the KB does not carry out.

    605.1b: only a trigger on activating a mana ability or on mana being added (:func:`mana_trigger`)
    that could add mana is a mana ability, part of what tapping for mana adds (`produce`) and of
    what the permanent could produce: every answer. 605.5a: a trigger on something else, or one
    on tapping for mana that adds no mana ("Whenever you tap this land for mana, target opponent
    creates a 1/1 ... token", "... it deals 1 damage to each opponent"), is not a mana ability:
    it acts once it has triggered (603.2) and resolved (608.2), as an action is performed
    (`apply`). Until then the board is what it was: what a permanent could produce is what its
    abilities would produce now (106.7), and a resolved effect that lasts is a field of the
    snapshot (`effects`, whose every note is printed). If it adds mana itself ("When ~ enters,
    add {R}{G}."), 106.7 counts it in what the permanent could produce ("an ability of that
    permanent"); mana of a token it creates is that token's. What its effect says about the
    untap step ("that land doesn't untap during its controller's next untap step", 502.3) is
    also a note for `untap`."""
    adds = _adds_mana_itself(a.effect)
    if mana_trigger(a.trigger) and (adds or changes_mana(a.effect)):
        return ALL
    out = {"apply"}
    if adds:
        out.add("could-produce")
    if any(isinstance(c, ir.Clause) and _about_the_untap_step(c) for c in ir.walk(a.effect)):
        out.add("untap")
    return frozenset(out)


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
    """The answers one sentence of a static ability could change (mana in an ability in quotes
    is that ability's: :func:`_granted`)."""
    if _every_player_adds(s):
        return frozenset({"apply"})
    if mentions_mana(s):
        # (this was mentions_mana(tuple(own(s))), the same test: walking each value _own gives
        # walks into the quotes below it too; only slower, by the depth of the sentence)
        return ALL
    if any(isinstance(y, ir.Node) and y.kind == "mod_as_copy" for y in ir.walk(s)):
        return ALL                                  # 707.2: it becomes a copy: every characteristic
    out = set()
    if any(isinstance(lead, ir.Node) and lead.kind == "lead_additional_cost" for lead in s.leads):
        # 118.8, 601.2b: "As an additional cost to cast this spell, sacrifice a creature": paid as
        # the spell is cast; whether it can be paid changes whether it may be cast now
        return PAYMENT
    if _replaces_planeswalking(s) or _replaces_emptying(s):
        return frozenset({"apply"})
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
    if any(isinstance(t, ir.Node) and t.kind == "tail_rather_than_pay"
           for c in s.clauses if isinstance(c, ir.Clause) for t in c.tails) or any(
            isinstance(lead, ir.Node) and lead.kind == "lead_rather_than_pay" for lead in s.leads):
        # 118.9, 601.2b: "You may pay ... rather than pay this spell's mana cost" (or "If ..., rather
        # than pay this spell's mana cost, you may ..."): an alternative
        # cost, chosen as the spell is cast. It changes casting the card (and what paying for it
        # takes), not the abilities of a permanent (113.6: it functions on the stack).
        return PAYMENT
    for c in s.clauses:
        if isinstance(c, ir.Node) and c.kind in _BEFORE_THE_GAME:
            continue                                # 103.6: done before the game begins
        if isinstance(c, ir.Node) and c.kind in _STATIC_NODES:
            out |= _STATIC_NODES[c.kind]
            continue
        if isinstance(c, ir.Node) and c.kind == "you_have" and any(
                isinstance(y, ir.Node) and y.kind == "no_max_hand_size" for y in c.args):
            out |= {"apply"}                        # 402.2, 514.1: hand size matters in cleanup only
            continue
        if isinstance(c, ir.Clause) and _can_be_commander(c):
            continue                                # 903.3a, 113.6n: it functions before the game begins
        if not isinstance(c, ir.Clause):
            return ALL
        out |= _clause(c, s)
    return frozenset(out)


def _begun_with(effect):
    """The sentences of a static ability but those that only describe the object a player begins the
    game with ("You begin the game with a 1/1 green Elf creature token on the battlefield. It has
    "{T}: Add {G}."", a vanguard's): 103.6, done before the game begins; the object is then on the
    battlefield with what the effect gave it (111.3: a token's characteristics are defined by the
    effect that created it), which a snapshot gives as that permanent's card."""
    first = effect[0] if effect else None
    if not (isinstance(first, ir.Sentence) and not first.leads and len(first.clauses) == 1
            and isinstance(first.clauses[0], ir.Node) and first.clauses[0].kind == "begin_with"):
        return effect
    return (first,) + tuple(s for s in effect[1:] if not (
        isinstance(s, ir.Sentence) and not s.leads and s.clauses and all(
            isinstance(c, ir.Clause) and isinstance(c.subject, ir.Ref) and c.subject.kind == "it"
            for c in s.clauses)))


def _from_opening_hand(effect):
    """103.6b: "You may reveal this card from your opening hand. If you do, at the beginning of your
    first main phase of the game, add {G}." (the Chancellors): an action taken with the card in the
    opening hand, before the first turn (103.6), and what it does later is a delayed triggered
    ability it created (603.7), not an ability of the permanent: what a permanent on the battlefield
    could produce (106.7) or adds for mana (605.1a) is unchanged; only the game's first main phase
    (`apply`) could be, and whether the card was revealed is no field of a snapshot."""
    if not effect or not isinstance(effect[0], ir.Sentence) or effect[0].leads:
        return False
    first = effect[0].clauses
    if len(first) != 1 or not isinstance(first[0], ir.Clause) or first[0].verb_name != "reveal":
        return False
    if not any(isinstance(z, ir.Zone) and z.noun == "opening hand" for z in ir.walk(first[0])):
        return False
    # what follows is done only "if you do", at a time point of the game (a delayed trigger, 603.7)
    return all(any(isinstance(lead, ir.Node) and lead.kind == "lead_if" for lead in s.leads)
               and any(isinstance(lead, ir.Node) and lead.kind == "lead_at" for lead in s.leads)
               for s in effect[1:]) and len(effect) > 1


def _colors_chosen_outside_the_game(effect):
    """103, 905.2b: "As you create your deck, circle two of the colors below.", "During deckbuilding,
    write two different colors on ~.", "When building your deck, choose white, blue, black, red, or
    green", "Reveal this card as you draft it. The player to your right chooses a color, you choose
    another color, then ...": colors chosen for the card before the game begins, which the snapshot
    records (`chosen`: colors, color) and the abilities that refer to them read (kb/chosen_mana.lp):
    no answer depends on the line itself."""
    if not effect or not all(isinstance(s, ir.Sentence) for s in effect):
        return False
    first = effect[0]
    if len(first.clauses) == 1 and isinstance(first.clauses[0], ir.Node) and first.clauses[0].kind == "draft_reveal" \
            and not first.leads and len(effect) > 1:
        return all(not s.leads and all(_chooses_colors(c) for c in s.clauses) for s in effect[1:])
    return all(len(s.leads) == 1 and isinstance(s.leads[0], ir.Node) and s.leads[0].kind == "lead_deckbuilding"
               and all(_chooses_colors(c) for c in s.clauses) for s in effect)


def _chooses_colors(c):
    """A clause that only chooses colors: circles or writes N colors, chooses a color (or among colors)."""
    if isinstance(c, ir.Clause) and isinstance(c.verb, ir.Node) and not (c.subject or c.aux or c.tails):
        return c.verb.kind in ("deck_circle_colors", "deck_write_colors")
    if not isinstance(c, ir.Clause) or c.verb_name != "choose" or c.aux or c.tails:
        return False
    args = [a for a in c.verb.args if not isinstance(a, str)]
    if args == [ir.Node("choice", ("a color",))]:
        return True
    if len(args) != 1 or not isinstance(args[0], ir.Obj) or args[0].qualifiers or args[0].possessor:
        return False
    return all(all((isinstance(x, ir.Char) and (x.kind == "color" or (x.kind == "status" and x.value == "third")))
                   or (isinstance(x, ir.Node) and x.kind == "color_noun") for x in g) and
               any(isinstance(x, ir.Node) and x.kind == "color_noun" or isinstance(x, ir.Char) and x.kind == "color"
                   for x in g) for g in args[0].groups)
_A_PLAYER = ((ir.Char("noun", "player"),),)
_PLAYERS = ((ir.Char("noun", "players"),),)


def _every_player_adds(s):
    """"If a player would add mana, instead all players add that mana.": a replacement (614.1a) in
    which the player who would add the mana still adds that same mana (all players are every player
    of the game, that one among them, 102.1); each other player adds it too. What a permanent's
    abilities add for their controller (`produce`) and what it could produce (106.7) are unchanged,
    so is what its controller may pay with; the other players' mana pools are an event's result
    (`apply`)."""
    ifs = [x for x in s.leads if isinstance(x, ir.Node) and x.kind == "lead_if"]
    if s.kind != "sentence" or len(ifs) != 1 or len(s.clauses) != 1 or s.tail is not None \
            or len(s.leads) != 1 + sum(isinstance(x, ir.Node) and x.kind == "lead_instead" for x in s.leads):
        return False
    would = [y for y in ir.walk(ifs[0]) if isinstance(y, ir.Node) and y.kind == "would_add_mana"]
    if len(would) != 1 or not isinstance(would[0].args[0], ir.Obj) or would[0].args[0].groups != _A_PLAYER \
            or would[0].args[0].quantity != ir.Quantity("a") or would[0].args[0].qualifiers:
        return False
    c = s.clauses[0]
    instead = any(isinstance(x, ir.Node) and x.kind == "lead_instead" for x in s.leads)
    return isinstance(c, ir.Clause) and instead and not c.aux and not c.tails and c.verb_name == "add_mana" \
        and isinstance(c.subject, ir.Obj) and c.subject.groups == _PLAYERS and not c.subject.qualifiers \
        and c.subject.quantity == ir.Quantity("all") \
        and c.verb.args[1:] == (ir.Node("mana_that_mana", ("that mana",)),)


def _replaces_planeswalking(s):
    """701.31, 901.8: "If you would planeswalk, instead ...": a replacement (614.1a) of an event of a
    Planechase game, done with plane cards and the planar deck, which no snapshot holds: it changes
    what an action does (`apply`), never what a permanent has or adds."""
    for lead in s.leads:
        if isinstance(lead, ir.Node) and lead.kind == "lead_if":
            clauses = [c for c in ir.walk(lead) if isinstance(c, ir.Clause)]
            if clauses and all(c.aux == "would" and c.verb_name == "keyword_action"
                               and c.verb.args == ("planeswalk",) for c in clauses):
                return True
    return False


def _replaces_emptying(s):
    """"If you would lose unspent mana, that mana becomes black instead.": a replacement (614.1a)
    of mana emptying from a pool as a step or phase ends (500.4, 106.4), an event of the turn
    (`apply`, as "keep_mana" is): what a permanent's abilities add, what it could produce (106.7)
    and the mana a pool holds now are unchanged."""
    return any(isinstance(lead, ir.Node) and lead.kind == "lead_if"
               and any(isinstance(y, ir.Node) and y.kind == "lose_unspent_mana" for y in ir.walk(lead))
               for lead in s.leads) and all(
        isinstance(c, ir.Clause) and c.verb_name == "becomes" and "instead" in repr(c.tails)
        for c in s.clauses)


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
# manaunp_a: 100.6 "This card is banned." (a format's rule of deck construction); 903.5c "If ~ is
# your commander, you may include ... in your deck regardless of color identity" (deck construction)
_BEFORE_THE_GAME |= {"banned", "deck_include"}
# parseB: 905.2: "As you draft a card, ...": an ability that functions during the draft
_DURING_THE_DRAFT = {"lead_as_you_draft"}
# manaunp_b: 103.5: "Before drawing your hand, you may start the game with ~ in your opening hand"
_BEFORE_THE_GAME |= {"start_with_in_hand"}

# clauses of a static ability read as a node of their own, by what they change
_STATIC_NODES = {
    "damage_redirect": frozenset({"apply"}),                        # 614.9: damage dealt instead to another
    "cost_reduction_limit": PAYMENT,                                 # 601.2f: what a cost reduction may take off
    "keyword_cost_is": _KW_DEFAULT,                                  # 702.34a ...: a granted keyword's cost
    # 500.5, 106.4: unspent mana empties as a step or phase ends, an event of the turn (`apply`);
    # what the mana abilities of a permanent add, and what it could produce, are unchanged
    "keep_mana": frozenset({"apply"}),
    # 106.4, 500.4: "A player losing unspent mana causes that player to lose that much life": what
    # happens as mana empties at the end of a step or phase (`apply`), not what is added
    "mana_loss_event": frozenset({"apply"}),
    "life_total_clause": frozenset({"apply"}),                       # 119.5: a life total becomes N
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
    "reveal": {"apply"},
    "become_day_night": {"apply"},                         # 730.1: the game's day/night designation
    # 602.5, 302.6: a permission or restriction on activating abilities ("as though those
    # creatures had haste"): whether an ability may be activated now, not what it adds
    "activate": {"actions", "apply"},
    "gain_life_twice": {"apply"},                          # 614.1a: "you gain twice that much life instead"
    "skip_draw": {"apply"},                                # parseB: 614.1a, 121.1: a draw replaced
    "draw_fewer": {"apply"},                               # manaunp_b: 103.5 "draw one fewer card"
    # 702.142a: a boast ability may be activated only once each turn; "can boast twice ... rather
    # than once" changes how often it may be activated (602.5b), not what it does
    "boast_twice": {"actions", "apply"},
    # manaunp_a: 706.1, 614.1a: "If you would roll one or more dice, instead roll that many dice
    # plus one ...": an event as it happens (a mana ability that rolls a die is itself a note for
    # every answer: its results are not modelled)
    "roll": {"apply"}, "roll_extra": {"apply"},
}


def _can_be_commander(c):
    """903.3a: "~ can be your commander" (a rule of deck construction, 113.6n)."""
    return c.verb_name == "is" and c.aux == "can" and isinstance(c.subject, ir.Ref) \
        and c.subject.kind == "self" and any(isinstance(y, ir.Obj) and y.has("status", "commander")
                                             for y in c.verb.args)


def _only_status(c, status):
    """Whether a clause "<subject> is <status>" gives only that status ("is goaded")."""
    objs = [y for y in c.verb.args if isinstance(y, ir.Obj)]
    return len(objs) == 1 and objs[0].groups == ((ir.Char("status", status),),) and not objs[0].qualifiers


def _granted(verb):
    """613.1f: "<objects> have/gain <keywords> and "<ability>"": the objects have those abilities
    (113.1a, 113.3: an ability in quotes is the object's own). Having one changes what the object
    shows and, if its effect is not carried out, what that ability could change (a keyword's by
    :func:`keyword`, a quoted ability's by :func:`of_ability`: "{T}: Add {G}" the mana answers,
    "Whenever this creature attacks, create a Treasure token" `apply`). Any other part ("base power
    and toughness 16/9") could change every answer."""
    parts = []
    for x in verb.args:
        if isinstance(x, str) or (isinstance(x, ir.Node) and x.kind == "have_word"):
            continue                                # the verb's own words
        parts.extend(x.args if isinstance(x, ir.Node) and x.kind == "have_what" else (x,))
    out = {"show"}
    for x in parts:
        if isinstance(x, ir.Node) and x.kind == "keyword_list" and all(
                isinstance(k, ir.Keyword) or (isinstance(k, ir.Node) and k.kind in ("list_sep", "kw_named")) for k in x.args):
            for k in x.args:
                if isinstance(k, ir.Keyword):
                    out |= keyword(k.name)
                elif isinstance(k, ir.Node) and k.kind == "kw_named":
                    out |= keyword(_named_keyword(k))     # "has escape" (a keyword named without its cost)
        elif isinstance(x, ir.Node) and x.kind in ("quoted_ability", "quoted_and") and x.args \
                and not isinstance(x.args[-1], str):
            out |= of_ability(x.args[-1])
        else:
            return set(ALL)
    return out if parts else set(ALL)


def _named_keyword(k):
    """The name of a keyword written without its cost or number ("has escape": ``kw_named``); None
    (every answer) if it is not one word of a keyword's name."""
    from .spend import keyword_name
    return keyword_name(k)


def _during_an_untap_step(c):
    """Whether a clause has a tail "during <someone's> (next) untap step" (502.3)."""
    return any(isinstance(t, ir.Node) and t.kind.startswith("tail_during_") and "untap" in t.kind
               for t in c.tails)


def _about_untapping(c):
    """Whether a clause of a static ability says what untaps (or doesn't) in an untap step (502.3)."""
    return c.verb_name == "untap" or _during_an_untap_step(c)


def _about_the_untap_step(c):
    """Whether an effect's clause changes what untaps in an untap step: "doesn't untap during
    ...", "untap ... during each other player's untap step" (502.3); "untap ~" alone untaps it now."""
    return _during_an_untap_step(c) or (c.verb_name == "untap" and c.aux in ("doesn't", "don't", "can't"))


def _counter_limit(c):
    """"~ can't have more than seven dream counters on it": a limit on putting counters (122.1),
    applied as counters would be put on it (614.1a, an event: `apply`). The counters a permanent has
    are the snapshot's; what removing one adds, or what it could produce, does not read the limit."""
    args = [x for x in c.verb.args if not (isinstance(x, ir.Node) and x.kind == "have_word")]
    return len(args) == 1 and isinstance(args[0], ir.Node) and args[0].kind == "have_counters" and any(
        isinstance(y, ir.Node) and y.kind == "counter_quantity" and "more than" in y.args
        for y in ir.walk(args[0]))


def _clause(c, s):
    name = c.verb_name
    aux = c.aux or ""
    if name == "choose_not_to" and len(c.verb.args) == 1 and isinstance(c.verb.args[0], ir.Clause):
        return _clause(c.verb.args[0], s)                  # "You may choose not to untap ~ ...": that event
    if name == "have_do" and isinstance(c.verb.args[-1], ir.Verb) and c.verb.args[-1].name == "enters":
        return set(_STATIC_VERBS["enters"])                # "You may have ~ enter tapped": 614.1c
    if name == "enters" and any(isinstance(y, ir.Node) and y.kind == "mod_with_abilities" for y in ir.walk(c)):
        # 614.1c: "it enters with a +1/+1 counter on it and with flying": as it enters (`apply`),
        # and the abilities it then has, as granted ones would (613.1f)
        out = set(_STATIC_VERBS["enters"])
        for y in ir.walk(c):
            if isinstance(y, ir.Node) and y.kind == "mod_with_abilities":
                out |= _granted(y)
        return out
    if name == "passive" and isinstance(c.subject, ir.Node) and c.subject.kind == "counters_np":
        return {"apply"}                                   # 614.1a, 122.1: counters put (or not) as an event happens
    if name == "is" and aux == "can't" and _only_status(c, "activated"):
        # 602.5: "Activated abilities of sources with the chosen name can't be activated unless
        # they're mana abilities": whether an ability may be activated now, as the static verb
        # "activate" (never what it would add if it resolved, 106.7); one that stops mana abilities
        # too (no "unless they're mana abilities") could stop tapping for mana (`produce`)
        out = set(_STATIC_VERBS["activate"])
        if not any(isinstance(t, ir.Node) and t.kind == "tail_unless" and any(
                isinstance(y, ir.Char) and y.value == "mana" for y in ir.walk(t)) for t in c.tails):
            out.add("produce")
        return out
    if name == "is" and _only_status(c, "goaded"):
        return {"actions", "apply"}                        # 701.15b: goaded: attacks each combat if able
    if name in ("attacks", "blocks") or (name == "passive" and "blocked" in c.verb.args):
        return {"actions", "apply"}                        # 508.1, 509.1: attack/block rules
    if _about_untapping(c):
        return {"untap", "apply"}                          # 502.3
    if name in ("cast", "play"):
        return {"cast-free", "actions", "apply"}           # 601.3: permissions and restrictions
    if name == "have" and aux == "can't" and _counter_limit(c):
        return {"apply"}
    if name in ("gain_ability", "have"):
        return _granted(c.verb)
    if name == "can_be" or (name == "passive" and aux in ("can't", "can")):
        return {"actions", "cast-free", "apply"}
    if name in _STATIC_VERBS:
        return set(_STATIC_VERBS[name])                    # the event, or a replacement of it (614)
    return set(ALL)


# 113.6p: the nontraditional cards whose abilities function from the command zone (311.4, 313.4,
# 314.4, 315.5); a dungeon (309.2c) is not one of them (the snapshot refuses it there)
COMMAND_ZONE_TYPES = {"plane": "311.2", "phenomenon": "312.2", "vanguard": "313.2", "scheme": "314.2",
                      "conspiracy": "315.3"}


def command_face(face):
    """The nontraditional card type (plane, phenomenon, vanguard, scheme, conspiracy) of a face
    (a ``cardlib.Face``), or None: such a card is never a permanent (311.2, 312.2, 313.2, 314.2,
    315.3) and its abilities function from the command zone (113.6p)."""
    if face is None:
        return None
    from ..cardlib import type_words
    kinds = [t for t in type_words(face) if t in COMMAND_ZONE_TYPES]
    return kinds[0] if kinds else None


def in_command_zone(aff, ability, modal=None):
    """The answers a line of a command-zone card (:func:`command_face`) that the KB does not carry
    out could change, from AFF, those it could change on a permanent. `could-produce` and `produce`
    ask what a permanent's own abilities could add (106.7) and what tapping it adds (605.1a): the
    card is never a permanent, so

    - a triggered ability that is not a mana ability (605.1b: :func:`mana_trigger`), such as "Whenever
      chaos ensues, ..." (311.7), "When you set this scheme in motion, ..." (701.32, 904.9), "At
      the beginning of your first main phase, add ..." or a mode of one (700.2), acts only once it
      has triggered and resolved (`apply`); mana it adds is no permanent's, and an effect it leaves
      (one "until your next turn") is then a snapshot `effects:` entry, not the card in the zone;
    - an activated ability (a plane's "Sacrifice three Foods: Add ...", 311.4) is activated from the
      command zone, not by tapping a permanent: it could change what may be done and paid for
      (`actions`, `cast-free`, `apply`), not what a permanent could produce.

    A static ability changes what permanents are and have (613): every answer it changes on a
    permanent, unchanged. ABILITY is the line's ability (a ``ir.Triggered`` built from the trigger
    alone for a line whose effect is not parsed); MODAL the modal triggered ability whose mode
    the line is, if any."""
    if isinstance(ability, ir.Mode) and isinstance(modal, ir.Triggered):
        ability = modal
    if isinstance(ability, ir.Triggered) and not mana_trigger(ability.trigger):
        return frozenset(aff - MANA)
    if isinstance(ability, (ir.Activated, ir.Loyalty)):
        return frozenset((aff - MANA) | PAYMENT) if aff & MANA else frozenset(aff)
    return frozenset(aff)
