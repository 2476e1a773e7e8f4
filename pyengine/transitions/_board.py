"""Shared snapshot rewriting for the transitions of ``mtgkb apply``: moving permanents off the
battlefield, and the state-based actions on attachments that follow.

Everything works on the public snapshot dict (``Snapshot.to_dict()``), a fresh copy per action, so
the input snapshot is never changed and nothing is half-applied. Legality and what an event does
are decided by the KB (kb/face_down.lp, kb/turn_face_up.lp, kb/dies_triggers.lp), asked through
:func:`pyengine.api.query`; this module only writes the answer into the dict.
"""

from .. import api
from .. import snapshot as snapshot_mod
from ..errors import InputError
from . import _history


def require_permanent(snapshot, pid):
    """Raise InputError unless PID is a permanent of the snapshot."""
    api.check_ids(snapshot, [pid])
    return snapshot.permanent(pid)


def require_player(snapshot, player):
    """Raise InputError unless PLAYER is a player of the snapshot."""
    api.check_player(snapshot, player)


def perm_dict(d, pid):
    """The battlefield entry with id PID in snapshot dict D."""
    return next(p for p in d["battlefield"] if p["id"] == pid)


def reveal_events(by, rule="708.9"):
    """One reveal event per revealed/2 atom (708.9), sorted by permanent."""
    return [{"event": "reveal", "permanent": x, "card": c, "rule": rule}
            for x, c in sorted(set(map(tuple, by.get("revealed", []))))]


def tap_paid(d, paid):
    """Tap, in snapshot dict D, the mana sources of PAID (api.pay_cost: [(source id, ability, mana
    letters)]) and give one `pay` event each (601.2g: mana abilities activated while paying a cost)."""
    tapped = {src for src, _, _ in paid}
    for p in d["battlefield"]:
        if p["id"] in tapped:
            p["tapped"] = True
    return [{"event": "pay", "permanent": src, "mana": letters, "rule": "601.2g"} for src, _, letters in paid]


def remove_from_battlefield(d, ids, zone_of, events):
    """Take the permanents IDS off the battlefield of snapshot dict D.

    ``zone_of(perm)`` says where each card goes: "graveyard" (its owner's graveyard), or None
    (it leaves the game or goes to a zone the snapshot does not record, such as exile). Lasting
    effects lose the removed objects as targets (400.7: a new object). Then Auras left attached to
    nothing go to their owner's graveyard (704.5m) and Equipment becomes unattached (704.5n); an
    Aura on such an Aura follows it, and so on down the chain (704.3: the checks repeat). What is
    attached to what is read from the KB once, on the board before anything leaves.
    """
    ids = set(ids)
    chain = _attached_closure(d, ids)
    kinds = subtypes(d, chain) if chain else {}
    _remove(d, ids, zone_of, events, kinds)


def _attached_closure(d, ids):
    """Ids of the permanents attached, directly or through others, to the permanents IDS."""
    on = {}
    for p in d["battlefield"]:
        if p.get("attached_to") is not None:
            on.setdefault(p["attached_to"], []).append(p["id"])
    out, todo = set(), list(ids)
    while todo:
        for q in on.get(todo.pop(), ()):
            if q not in out and q not in ids:
                out.add(q)
                todo.append(q)
    return out


def _remove(d, ids, zone_of, events, kinds):
    orphans = [p for p in d["battlefield"] if p.get("attached_to") in ids and p["id"] not in ids]
    gone = [p for p in d["battlefield"] if p["id"] in ids]
    d["battlefield"] = [p for p in d["battlefield"] if p["id"] not in ids]
    _history.left_battlefield(d, gone)
    for p in gone:
        if zone_of(p) == "graveyard":
            d.setdefault("graveyard", {}).setdefault(p["owner"], []).append(p["card"])
    for e in d.get("effects", []):
        e["targets"] = [t for t in e["targets"] if t not in ids]
    auras = []
    for p in orphans:                     # 704.5m / 704.5n for what was attached to them
        if "Aura" in kinds.get(p["id"], ()):
            auras.append(p["id"])
            events.append({"event": "put_into_graveyard", "permanent": p["id"], "card": p["card"],
                           "rule": "704.5m", "reason": f"its enchanted permanent {p['attached_to']} left the battlefield"})
        else:
            events.append({"event": "unattached", "permanent": p["id"], "from": p["attached_to"],
                           "rule": "704.5n"})
            del p["attached_to"]
    if auras:
        _remove(d, set(auras), lambda p: "graveyard", events, kinds)


def subtypes(d, ids):
    """{id: set of subtypes now} for the given permanents of snapshot dict D, from the KB."""
    by = api.query(snapshot_mod.validate(d), "attachments")
    out = {}
    for x, sub in by.get("has_subtype", []):
        if x in ids:
            out.setdefault(x, set()).add(sub)
    return out


def attachment_sbas(d, changed, events):
    """State-based actions on what is attached to permanent CHANGED after its characteristics changed:
    Equipment on a noncreature becomes unattached (704.5n); an Aura its enchant ability no longer
    allows goes to its owner's graveyard (704.5m). An Aura whose enchant ability the KB does not know
    is reported as not modelled."""
    by = api.query(snapshot_mod.validate(d), "attachments")
    auras = {x for (x, sub) in by.get("has_subtype", []) if sub == "Aura"}
    known = {x for (x,) in by.get("enchant_known", [])}
    to_graveyard = []
    for kind, (a, y) in by.get("violation", []):
        if y != changed:
            continue
        if str(kind) == "equipment_attached_to_noncreature":
            perm_dict(d, a).pop("attached_to", None)
            events.append({"event": "unattached", "permanent": a, "from": y, "rule": "704.5n",
                           "reason": f"{y} is no longer a creature"})
        elif str(kind) == "aura_attached_to_illegal_object":
            to_graveyard.append(a)
            events.append({"event": "put_into_graveyard", "permanent": a, "card": perm_dict(d, a)["card"],
                           "rule": "704.5m", "reason": f"its enchant ability doesn't allow it to enchant {y}"})
    for p in d["battlefield"]:
        if p.get("attached_to") == changed and p["id"] in auras and p["id"] not in known:
            events.append({"event": "not_modelled", "permanent": p["id"],
                           "what": f"whether Aura {p['id']} may stay attached to {changed} "
                                   "(its enchant ability is not modelled; 303.4, 704.5m)"})
    if to_graveyard:
        remove_from_battlefield(d, to_graveyard, lambda p: "graveyard", events)


def put_face_down(d, happening, events):
    """Apply a manifest / cloak / manifest dread event (a ``happens`` term) to snapshot dict D, as the
    KB derives it (queries/face_down_entry.lp): cards leave the top of the library, the chosen one
    enters the battlefield face down under that player's control, the rest go to the graveyard."""
    by = api.query(snapshot_mod.validate(d), "face_down_entry", [("happens", happening)])
    if by.get("dread_choice_impossible"):
        raise InputError("manifest dread: the library has only one card, so that card is manifested; "
                         "there is no second card to choose (ruling: Hauntwoods Shrieker)")
    entries = sorted(by.get("face_down_entry", []), key=str)
    to_gy = sorted(by.get("dread_to_graveyard", []), key=str)
    taken = {(p, i) for p, i, *_ in entries + to_gy}
    for player in {p for p, _ in taken}:
        lib = d["library"][player]
        d["library"][player] = [c for i, c in enumerate(lib, 1) if (player, i) not in taken]
        if not d["library"][player]:
            del d["library"][player]
    for player, _, card in to_gy:
        d.setdefault("graveyard", {}).setdefault(player, []).append(card)
        events.append({"event": "put_into_graveyard", "player": player, "card": card, "rule": "701.62a"})
    for player, _, card, how in entries:
        how = str(how)
        new = fresh_id(d, how.replace("_", "-"))
        d["battlefield"].append({"id": new, "card": card, "controller": player, "owner": player,
                                 "tapped": False, "face_down": how})
        _history.entered(d["battlefield"][-1])
        rule = {"manifest": "701.40a", "cloak": "701.58a", "manifest_dread": "701.62a"}[how]
        events.append({"event": how, "player": player, "permanent": new, "card": card, "rule": rule})
    if not entries:
        events.append({"event": str(happening.name), "player": happening.args[0], "permanent": None,
                       "note": "the library is empty: nothing is put onto the battlefield"})


def fresh_id(d, base):
    """An id not used on the battlefield of D: BASE-1, BASE-2, ..."""
    used = {p["id"] for p in d["battlefield"]}
    n = 1
    while f"{base}-{n}" in used:
        n += 1
    return f"{base}-{n}"
