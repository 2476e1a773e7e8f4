"""The public Python API: one function per public query (DESIGN.md, "Public queries").

Each function takes a validated :class:`pyengine.snapshot.Snapshot` and returns plain Python
data shaped like the CLI's ``--json`` answer. Unknown ids raise :class:`InputError`.
"""

from . import cardlookup
from .engine import Engine
from .errors import InputError
from .facts import snapshot_facts
from . import render
from .terms import Const, Fn, render as render_term
from .untrusted import listing, show as quote

MANA_LETTER = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C"}
TYPE_ORDER = ("kindred", "land", "artifact", "enchantment", "planeswalker", "battle", "creature",
              "instant", "sorcery")


def mana_letters(types):
    """Mana type constants as upper-case letters, sorted (the --json contract sorts plainly)."""
    return sorted({MANA_LETTER[str(t)] for t in types})


def engine(snapshot, query, **kw):
    """An Engine for this snapshot and query program."""
    return Engine(snapshot_facts(snapshot), query, **kw)


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
    [model] = Engine(snapshot_facts(snapshot) + [("name_compared", pid)], "show").ask(asked([pid]))
    by = {}
    for atom in model:
        by.setdefault(atom[0], []).append(atom[1:])
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

    Mana costs are checked one action at a time (kb/mana_payment.lp): an action whose mana
    cost no choice of untapped sources pays is refused (118.3), unless some source was counted
    by a lower bound, in which case it is listed as not modelled rather than guessed."""
    player = player or snapshot.active
    eng, base, model = _actions_model(snapshot, player)
    model = [a for a in model if a[0] not in ("tap_source", "gives")]
    uncertain = any(a[0] == "pay_uncertain" for a in model)
    extra = []
    for atom in [a for a in model if a[0] == "legal_action" and a[2] in _mana_costly(model)]:
        if eng.ask(base + [("paying", atom[2])]):
            continue
        model.remove(atom)
        extra.append(("not_modelled_action", player, atom[2], Const("payment_not_modelled"))
                     if uncertain else
                     ("refused", player, atom[2], "118.3", Const("cannot_pay_mana_cost")))
    legal, refused, unknown = render.actions(model + extra)
    return {"player": player, "actions": legal, "refused": refused, "not_modelled": unknown}


def _actions_model(snapshot, player):
    """The actions engine for SNAPSHOT, the externals asking about PLAYER, and its first model."""
    check_player(snapshot, player)
    eng = engine(snapshot, "actions")
    base = [("asked_player", player)]
    [model] = eng.ask(base)
    return eng, base, model


def _mana_costly(model):
    """The actions of a model whose `cost` detail includes some mana."""
    return {a[1] for a in model if a[0] == "action_detail" and str(a[2]) == "cost"
            and isinstance(a[3], Fn) and a[3].name == "mana" and a[3].args[1] > 0}


def pay_cost(snapshot, player, action, sources=None):
    """How PLAYER pays the mana cost of ACTION (a KB action term): [(source id, ability, [letters])]
    for the mana abilities tapped, [] if the cost needs no mana. With SOURCES (ids), only those
    may be tapped. Raises InputError if no choice of untapped sources pays it (118.3)."""
    eng, base, model = _actions_model(snapshot, player)
    if action not in _mana_costly(model):
        if sources:
            raise InputError("--pay names mana sources, but this cost has no mana to pay")
        return []
    ext = base + [("paying", action)]
    if sources is not None:
        check_ids(snapshot, sources)
        ext += [("pay_restricted",)] + [("pay_with", s) for s in sources]
    found = eng.ask(ext, optimize=True)
    if not found:
        named = f" with {', '.join(sources)}" if sources is not None else " from untapped sources"
        raise InputError(f"the mana cost can't be paid{named} (CR 118.3, 601.2h)")
    best = found[-1]                         # models improve; the last one taps the fewest sources
    gives = {}
    for a in best:
        if a[0] == "gives":
            gives.setdefault(a[1], []).extend([MANA_LETTER[str(a[2])]] * a[3])
    return sorted(((a[1], a[2], sorted(gives.get(a[1], []))) for a in best if a[0] == "tap_source"),
                  key=lambda t: t[0])


def produce(snapshot, pid, ability=None, choices=()):
    """{"options": [[letters...], ...]} — every outcome of activating PID's mana ability now: its
    mana options, every order of the replacement effects, every choice of triggered mana
    (106.12, 616.1). Each option is a sorted list of mana letters; options are sorted. An
    ability that would add no mana gives the option []. ``ability`` (1-based, in the order of
    ``abilities``) picks one mana ability; by default all of them count. ``choices`` are
    cost_choice facts (e.g. which land is sacrificed) that narrow the outcomes."""
    return produce_with_abilities(snapshot, pid, ability, choices)[0]


def produce_with_abilities(snapshot, pid, ability=None, choices=()):
    """``produce``'s answer and the [(ability term, text)] of PID's mana abilities."""
    check_ids(snapshot, [pid])
    eng = Engine(snapshot_facts(snapshot) + [("asked", pid)] + list(choices), "produce")
    models = eng.ask(models=0)
    abilities = mana_abilities(models[0] if models else [])
    if not abilities:
        raise InputError(f"{pid} has no mana ability (CR 605.1a)")
    if ability is not None:
        if not 1 <= ability <= len(abilities):
            raise InputError(f"--ability must be between 1 and {len(abilities)} for {pid}")
        models = eng.ask([("asked_ability", abilities[ability - 1][0])], models=0)
    outcomes, triggers = set(), set()
    for model in models:
        texts = ability_texts(model)
        triggers.update(texts.get(a[2], render_term(a[2])) for a in model if a[0] == "tap_triggers")
        letters = []
        for atom in model:
            if atom[0] == "final":
                letters += [MANA_LETTER[str(atom[1])]] * atom[2]
            elif atom[0] == "trigger_adds":
                letters.append(MANA_LETTER[str(atom[2])])
        outcomes.add(tuple(sorted(letters)))
    return ({"options": sorted(list(o) for o in outcomes),
             "abilities": [text for _, text in abilities],
             "triggers": sorted(triggers)}, abilities)


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


def cast_free(snapshot, card, player):
    """Casting CARD from PLAYER's hand without paying its mana cost, now (Master of Predicaments):
    {"card", "mana_value", "castable", "options": [{"halves", "x", "additional_costs"}], "reason",
    "refused", "alternative_costs_excluded"}. castable is None where that is not modelled. An option
    of a face whose targeted text the compiler doesn't model says "not_checked": ["targets (601.2c)"]:
    whether the spell has legal targets is then not checked. CARD may be any spelling of a card
    name the snapshot accepts (a face name, another case)."""
    card = cardlookup.among(snapshot.cards, card)
    _check_in_hand(snapshot, card, player)
    [model] = engine(snapshot, "cast_free").ask([("asked_card", player, card)])
    by = {}
    for atom in model:
        by.setdefault(atom[0], []).append(atom[1:])
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

    from .facts import compiled
    targeted = {key for key, _, text in compiled(snapshot, card).not_modelled if "target" in text}
    options = []
    for ch in sorted((a[2] for a in by.get("free_castable", [])), key=key):
        parts = set(halves_of.get(ch, []))
        unchecked = ["targets (601.2c)"] if parts & targeted else []
        mandatory = sorted(additional_cost_text(k) for c, h, k in by.get("mandatory_additional", []) if h == ch)
        optional = sorted(f"kicker {render.cost_text(kcost.get(ab, []))}"
                          for c, h, ab in by.get("optional_additional", []) if h == ch)
        for mask in range(2 ** len(optional)):
            chosen = [o for i, o in enumerate(optional) if mask >> i & 1]
            options.append({"halves": halves(ch), "x": 0, "additional_costs": mandatory + chosen,
                            **({"x_rule": "107.3b"} if has_x & parts else {}),
                            **({"not_checked": unchecked} if unchecked else {})})
    refused = []
    for pred in ("free_cast_blocked", "free_cast_unknown"):
        for _, _, ch, rule, why in by.get(pred, []):
            refused.append({"halves": halves(ch), "rule": rule, "reason": _choice_text(why, snapshot)})
    refused.sort(key=lambda d: (d["halves"], d["rule"], d["reason"]))
    unknown = bool(by.get("free_cast_unknown")) or bool(by.get("layout_not_modelled"))
    castable = True if options else (None if unknown else False)
    if by.get("layout_not_modelled"):
        reason = f"not modelled: casting a {by['card_layout'][0][1]} card"
    elif options:
        reason = None
    else:
        reason = "; ".join(dict.fromkeys(f"{r['reason']} (CR {r['rule']})" for r in refused))
    mv = by["card_mana_value"][0][1] if "card_mana_value" in by else None
    excluded = sorted({f"{k} {render.cost_text(kcost.get(ab, []))}"
                       for _, _, ab, k in by.get("excluded_alternative", [])})
    return {"card": card, "mana_value": mv, "mana_value_greater_than_4": None if mv is None else mv > 4,
            "castable": castable, "options": options, "reason": reason, "refused": refused,
            "alternative_costs_excluded": [{"cost": e, "rule": "118.9a"} for e in excluded]}


def enters(snapshot, pid):
    """What permanent PID gets from its own enters abilities (107.3m, 614.1c) and its toughness:
    {"x": N, "counters": {kind: n}, "toughness": T or None}."""
    check_ids(snapshot, [pid])
    [model] = engine(snapshot, "enters").ask(asked([pid]))
    out = {"x": 0, "counters": {}, "toughness": None}
    for atom in model:
        if atom[0] == "enters_with":
            out["counters"][atom[2]] = out["counters"].get(atom[2], 0) + atom[3]
        elif atom[0] == "toughness":
            out["toughness"] = atom[2]
        elif atom[0] == "etb_x":
            out["x"] = atom[2]
    return out
