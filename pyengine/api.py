"""The public Python API: one function per public query (DESIGN.md, "Public queries").

Each function takes a validated :class:`pyengine.snapshot.Snapshot` and returns plain Python
data shaped like the CLI's ``--json`` answer. Unknown ids raise :class:`InputError`.
"""

from .engine import Engine
from .errors import InputError
from .facts import snapshot_facts
from . import render
from .terms import Const, Fn, render as render_term

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
        raise InputError([f"unknown permanent id {i!r}; the battlefield has: "
                          f"{', '.join(sorted(known)) or '(nothing)'}" for i in bad])


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
    [model] = engine(snapshot, "show").ask(asked([pid]))
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
        "abilities": sorted(a[-1] for a in by.get("ability_text", [])),
        "face_down": "face_down" in by,
        "face_down_by": str(one("face_down")) if "face_down" in by else None,
        "modified": "modified" in by,
        "tapped": "tapped" in by,
        "controller": by["controls"][0][0] if "controls" in by else None,
        "phased_out": "in_play" not in by,
    }


def check_player(snapshot, player):
    """Raise InputError unless PLAYER is a player of the snapshot."""
    if player not in snapshot.players:
        raise InputError(f"unknown player {player!r}; players are {', '.join(snapshot.players)}")


def actions(snapshot, player=None):
    """{"player": P, "actions": [...legal now...], "refused": [...with the rule and reason...],
    "not_modelled": [...]} for PLAYER (default: the active player).

    Mana costs are checked one action at a time (kb/mana_payment.lp): an action whose mana
    cost no choice of untapped sources pays is refused (118.3), unless some source was counted
    by a lower bound, in which case it is listed as not modelled rather than guessed."""
    player = player or snapshot.active
    check_player(snapshot, player)
    eng = engine(snapshot, "actions")
    [model] = eng.ask([("asked_player", player)])
    uncertain = any(a[0] == "pay_uncertain" for a in model)
    costly = {a[1] for a in model if a[0] == "action_detail" and str(a[2]) == "cost"
              and isinstance(a[3], Fn) and a[3].name == "mana" and a[3].args[1] > 0}
    extra = []
    for atom in [a for a in model if a[0] == "legal_action" and a[2] in costly]:
        if eng.ask([("asked_player", player), ("paying", atom[2])]):
            continue
        model.remove(atom)
        extra.append(("not_modelled_action", player, atom[2], Const("payment_not_modelled"))
                     if uncertain else
                     ("refused", player, atom[2], "118.3", Const("cannot_pay_mana_cost")))
    legal, refused, unknown = render.actions(model + extra)
    return {"player": player, "actions": legal, "refused": refused, "not_modelled": unknown}


def produce(snapshot, pid, ability=None, choices=()):
    """{"options": [[letters...], ...]} — every outcome of activating PID's mana ability now: its
    mana options, every order of the replacement effects, every choice of triggered mana
    (106.12, 616.1). Each option is a sorted list of mana letters; options are sorted. An
    ability that would add no mana gives the option []. ``ability`` (1-based, in the order of
    ``abilities``) picks one mana ability; by default all of them count. ``choices`` are
    cost_choice facts (e.g. which land is sacrificed) that narrow the outcomes."""
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
        texts = {a[1]: a[2] for a in model if a[0] == "ability_text"}
        triggers.update(texts.get(a[2], render_term(a[2])) for a in model if a[0] == "tap_triggers")
        letters = []
        for atom in model:
            if atom[0] == "final":
                letters += [MANA_LETTER[str(atom[1])]] * atom[2]
            elif atom[0] == "trigger_adds":
                letters.append(MANA_LETTER[str(atom[2])])
        outcomes.add(tuple(sorted(letters)))
    return {"options": sorted(list(o) for o in outcomes),
            "abilities": [text for _, text in abilities],
            "triggers": sorted(triggers)}


def mana_abilities(model):
    """[(ability term, text)] of the asked permanent's mana abilities, in a stable order."""
    texts = {a[1]: a[2] for a in model if a[0] == "ability_text"}
    texts.update({Fn("intrinsic", (a[1],)): a[2] for a in model if a[0] == "intrinsic_text"})
    abilities = sorted((a[2] for a in model if a[0] == "mana_ability"), key=render_term)
    return [(ab, texts.get(ab, render_term(ab))) for ab in abilities]
