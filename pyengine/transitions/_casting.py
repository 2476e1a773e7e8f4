"""What `apply cast`, `apply cast_free` and `apply play_land` share: legality as `mtgkb actions` decides it,
new ids, paying a spell's mana with `mtgkb pay`'s plan."""

import re

from .. import api, cardlookup, payplan
from ..manapool import PoolMana, of_term
from . import _history
from ._riders import apply_riders
from ..errors import InputError


def new_id(card, taken):
    """A fresh permanent id made from the card's name."""
    base = re.sub(r"[^A-Za-z0-9]+", "-", card).strip("-").lower()[:56] or "card"
    n, pid = 1, base
    while pid in taken:
        n += 1
        pid = f"{base}-{n}"
    return pid


def _why(entries):
    return "; ".join(f"CR {a['rule']} {a['reason']}" for a in entries)


def check_legal(s, player, card, kind, match=lambda a: True, zone="hand"):
    """(CARD's name, the entry of `mtgkb actions` that allows it) if PLAYER may take action KIND on it
    now apart from paying its mana cost (118.3: the exact payment is decided by `mtgkb pay`); else
    InputError with the reasons. ZONE: where the card is (hand, graveyard)."""
    api.check_player(s, player)
    card = cardlookup.among(s.cards, card)
    if card not in getattr(s, zone).get(player, []):
        raise InputError(f"{card!r} is not in {player}'s {zone}")
    answer = api.actions(s, player)
    mine = lambda entries: [a for a in entries if a["kind"] == kind and a.get("card") == card and match(a)]
    legal = mine(answer["actions"])
    if legal:
        return card, legal[0]
    refused = mine(answer["refused"])
    if kind == "cast" and refused and all(a["rule"] == "118.3" for a in refused):
        return card, refused[0]                    # only the mana: `pay` decides it exactly
    if refused:
        raise InputError(f"{player} can't {kind.replace('_', ' ')} {card} now: {_why(refused)}")
    raise InputError(f"{player} can't {kind.replace('_', ' ')} {card} now (not modelled: "
                     f"{', '.join(str(a.get('not_modelled')) for a in mine(answer['not_modelled'])) or 'no such choice'})")


def pay_with_plan(s, new, player, plan, used_pool):
    """Pay a spell's mana with PLAN, `mtgkb pay`'s best plan (api.pay_plan), on NEW, snapshot S's dict:
    the mana abilities activated (605.3a) and their riders, the sources tapped, the creatures and
    artifacts tapped and the graveyard cards exiled for convoke, improvise and delve (702.51a, 702.126a,
    702.66a), the life paid, the floating mana spent (USED_POOL) and what stays in the pool (106.4).
    The events, in order."""
    events = []
    for act in plan["activations"]:
        events.append({"event": "activate_mana_ability", "permanent": act["source"], "ability": act["ability"],
                       "adds": act["adds"], **({"cost_paid": act["cost_paid"]} if "cost_paid" in act else {}),
                       **({"life": act["life"]} if "life" in act else {}),
                       "rule": "605.3a"})
        events += apply_riders(new, act["source"], player, act.get("also", []))
    tapped = set(plan["tapped"])
    for p in new["battlefield"]:
        if p["id"] in tapped:
            p["tapped"] = True
    # the creatures and artifacts tapped and the graveyard cards exiled to pay (702.51a, 702.126a, 702.66a)
    for kind, rule in (("convoke", "702.51a"), ("improvise", "702.126a")):
        for h in plan.get(kind, []):
            events.append({"event": kind, "permanent": h["permanent"], "pays": h["pays"], "rule": rule})
    if plan.get("delve"):
        graveyard = new["graveyard"][player]
        for c in plan["delve"]:
            graveyard.remove(c)
        events.append({"event": "exile_from_graveyard", "player": player, "cards": list(plan["delve"]),
                       "by": "delve", "rule": "702.66a"})
    if plan["life"]:
        new["life"][player] -= plan["life"]
        _history.life_changed(new, player, -plan["life"])
        events.append({"event": "pay_life", "player": player, "amount": plan["life"], "rule": "119.4"})
    unspent = [_left_in_pool(m, act) for act in plan["activations"]
               for m in payplan.symbols(act.get("unspent", "")) or []]
    if used_pool or unspent:
        pool = [m for m in s.mana_pool.get(player, [])]
        for m in used_pool:
            pool.remove(m)
        new.setdefault("mana_pool", {})[player] = [m.to_entry() for m in pool + unspent]
        if not new["mana_pool"][player]:
            del new["mana_pool"][player]
    if used_pool:
        events.append({"event": "spend_floating_mana", "player": player, "mana": plan["pool"], "rule": "106.4"})
    if unspent:
        events.append({"event": "mana_stays_in_pool", "player": player,
                       "mana": "".join(act.get("unspent", "") for act in plan["activations"]), "rule": "106.4"})
    return events


def _left_in_pool(letter, act):
    """The PoolMana of one mana an activation added and the cast did not spend (106.4); it keeps the
    spend restriction of its ability (106.6) if a pool entry can state it, else the cast is refused."""
    restriction = act.get("spend_only")
    if restriction is None:
        return PoolMana(letter, snow=bool(act.get("snow")))
    stated = of_term(restriction)
    if stated is None:
        raise InputError(f"not modelled: the mana {act['source']} adds and the cast does not spend would stay "
                         f"in the pool with its spend restriction {restriction} (CR 106.4, 106.6), which "
                         "a snapshot's mana_pool can't state; --pay can name other sources")
    return PoolMana(letter, snow=bool(act.get("snow")), spells=stated[0], abilities=stated[1])
