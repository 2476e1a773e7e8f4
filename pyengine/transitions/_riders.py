"""Carrying out what a mana ability does besides adding mana (605.3b) on a snapshot being built:
its controller's life (120.3a, 119.3) and counters on its permanent (122.1, 609.3). The riders come
as the entries of :func:`pyengine.riders.entry`; those a snapshot cannot hold (draw, poison, "doesn't
untap during your next untap step") are the card's notes for `apply` and change nothing here."""

from ._history import bounded as _bounded, life_changed


def apply_riders(new, x, player, entries):
    """Apply the rider ENTRIES of X's mana ability (controlled by PLAYER) to the snapshot dict NEW;
    the events that say what was done."""
    events = []
    perms = {p["id"]: p for p in new["battlefield"]}
    for e in entries:
        if "life" in e:
            life = new.setdefault("life", {})
            life[player] = _bounded(life.get(player, 20) + e["life"], f"{player}'s life")
            life_changed(new, player, e["life"])
            events.append({"event": "life", "player": player, "change": e["life"], "permanent": x,
                           "effect": e["text"], "rule": e["rule"]})
        elif "counters" in e and x in perms:          # a permanent sacrificed for the cost has none
            kind, n = e["counters"]["kind"], e["counters"]["change"]
            counters = perms[x].setdefault("counters", {})
            have = counters.get(kind, 0)
            n = max(n, -have)                          # 609.3: only as many as there are
            if have + n:
                counters[kind] = _bounded(have + n, f"{kind} counters on {x}")
            else:
                counters.pop(kind, None)
            if not counters:
                del perms[x]["counters"]
            events.append({"event": "counters", "permanent": x, "kind": kind, "change": n,
                           "effect": e["text"], "rule": e["rule"]})
    return events
