"""A brute-force reference for convoke, improvise and delve, written from the CR alone.

702.51a Convoke: "For each colored mana in this spell's total cost, you may tap an untapped creature of
that color you control rather than pay that mana. For each generic mana in this spell's total cost,
you may tap an untapped creature you control rather than pay that mana."
702.126a Improvise: "For each generic mana in this spell's total cost, you may tap an untapped artifact
you control rather than pay that mana."
702.66a Delve: "For each generic mana in this spell's total cost, you may exile a card from your
graveyard rather than pay that mana."

So each helper pays one symbol of the total cost: a generic mana ({1}, X's mana), or, for convoke, a
colored symbol one of whose colors is the creature's (107.4e: a hybrid symbol, {2/C} included, is a
colored mana symbol; 107.4f: a Phyrexian symbol is its color). {C} (colorless, not colored, not
generic) and {S} (107.4h: mana of a snow source) are never paid this way. Mana abilities are
activated before the total cost is paid (601.2g-h), so a permanent tapped for mana can't also help,
and a permanent helps once (it is then tapped). Summoning sickness does not matter (302.6 restricts
{T} abilities and attacks only).

The search: every way of letting helpers pay some symbols (each helper one symbol it may pay, delve
up to the graveyard's size), then the rest of the cost with mana, by the mana reference
(pay_reference.py) on the board where the helpers are tapped. The best plan is the least by
(minus the colors left, the mana sources used, the permanents tapped to help, the cards exiled, the
life paid): the order of docs/mana-plans.md.

A card's colors are the colors of the mana symbols of its mana cost (202.2, 105.2).
"""

import copy
import re

import pay_reference as R

COLORS = "WUBRG"


def card_colors(card):
    """The colors of a card: those of the mana symbols of its mana cost (202.2)."""
    return frozenset(c for sym in re.findall(r"\{([^{}]*)\}", card.get("mana_cost") or "")
                     for c in sym.split("/") if c in COLORS)


def _type_words(card):
    return card["type"].partition("—")[0].split()


def helpers(snapshot, player, keywords):
    """[(id, colors it pays or empty)] of the player's untapped permanents that may convoke (a
    creature, with its colors, if the spell has convoke) or improvise (an artifact, generic only)."""
    out = []
    for perm in snapshot.get("battlefield") or []:
        if perm["controller"] != player or perm.get("tapped") or perm.get("phased_out"):
            continue
        card = R._card(snapshot, perm["card"])
        words = _type_words(card)
        if "convoke" in keywords and "Creature" in words:
            out.append((perm["id"], card_colors(card)))
        elif "improvise" in keywords and "Artifact" in words:
            out.append((perm["id"], frozenset()))
    return out


def may_pay(colors, symbol):
    """Whether a helper paying COLORS (empty: generic only) may pay SYMBOL (702.51a, 702.126a)."""
    inner = symbol[1:-1]
    if inner == "1":
        return True
    if inner in ("C", "S"):
        return False
    return any(part in colors for part in inner.split("/"))


def _assignments(symbols, hs, i=0, used=frozenset()):
    """Every way (a tuple of (helper id, symbol index)) of letting helpers hs[i:] pay symbols not in USED."""
    if i == len(hs):
        yield ()
        return
    yield from _assignments(symbols, hs, i + 1, used)          # helper i does not help
    hid, colors = hs[i]
    for j, sym in enumerate(symbols):
        if j not in used and may_pay(colors, sym):
            for rest in _assignments(symbols, hs, i + 1, used | {j}):
                yield ((hid, j),) + rest


def plans(snapshot, cost, player, keywords, x=0):
    """Every (helpers used {id: symbol}, cards exiled, residual snapshot, residual cost, mana plan or None
    when the residual cost is nothing) whose residual cost the mana reference pays: one best mana plan
    per distinct choice of helpers."""
    symbols = R.parse_cost(cost, x)
    hs = helpers(snapshot, player, keywords)
    grave = len((snapshot.get("graveyard") or {}).get(player) or []) if "delve" in keywords else 0
    seen, out = set(), []
    for assign in _assignments(symbols, hs):
        taken = {j for _, j in assign}
        generic_left = [j for j, s in enumerate(symbols) if s == "{1}" and j not in taken]
        for d in range(0, min(grave, len(generic_left)) + 1):
            gone = taken | set(generic_left[:d])      # generic symbols are alike: which d of them is no matter
            rest = [s for j, s in enumerate(symbols) if j not in gone]
            key = (tuple(sorted(hid for hid, _ in assign)), tuple(sorted(symbols[j] for j in taken)), d)
            if key in seen:
                continue
            seen.add(key)
            snap = copy.deepcopy(snapshot)
            ids = {hid for hid, _ in assign}
            for perm in snap["battlefield"]:
                if perm["id"] in ids:
                    perm["tapped"] = True
            if not rest:
                out.append(({hid: symbols[j] for hid, j in assign}, d, snap, "{0}", None))
                continue
            best = R.best_plan(snap, "".join(rest), player)
            if best is not None:
                out.append(({hid: symbols[j] for hid, j in assign}, d, snap, "".join(rest), best))
    return out


def metrics(snapshot, player, used, exiled, residual_snapshot, plan):
    """The best-plan key of a plan with helpers (smaller is better)."""
    plan = plan or {"activations": [], "life": 0}
    colors, sources, life = R.metrics(residual_snapshot, player, plan)
    return (colors, sources, len(used), exiled, life)


def best(snapshot, cost, player, keywords, x=0):
    """The best plan's metrics, or None when no plan pays the cost."""
    found = [metrics(snapshot, player, u, d, s, p) for u, d, s, p in
             ((u, d, s, p) for u, d, s, _, p in plans(snapshot, cost, player, keywords, x))]
    return min(found) if found else None


def check(snapshot, cost, player, keywords, plan, x=0):
    """(True, metrics) if PLAN (of `mtgkb pay --json`) is a valid payment with helpers, else (False, why)."""
    symbols = R.parse_cost(cost, x)
    hs = dict(helpers(snapshot, player, keywords))
    paid_by = plan["paid_by"]
    if [p["symbol"] for p in paid_by] != [s if s != "{1}" else "{1}" for s in symbols]:
        return False, f"paid_by does not follow the cost: {paid_by}"
    used, exiled, rest, kept = {}, 0, [], []
    for p in paid_by:
        if p["paid"] in ("convoke", "improvise"):
            hid = p["by"][0]
            if hid not in hs or hid in used or not may_pay(hs[hid], p["symbol"]):
                return False, f"{hid} can't {p['paid']} for {p['symbol']}"
            if p["paid"] == "convoke" and "convoke" not in keywords or \
                    p["paid"] == "improvise" and "improvise" not in keywords:
                return False, f"the spell has no {p['paid']}"
            used[hid] = p["symbol"]
        elif p["paid"] == "delve":
            if "delve" not in keywords or p["symbol"] != "{1}":
                return False, f"delve can't pay {p['symbol']}"
            exiled += 1
        else:
            rest.append(p["symbol"])
            kept.append(p)
    grave = len((snapshot.get("graveyard") or {}).get(player) or [])
    if exiled > grave or len(plan.get("delve", [])) != exiled:
        return False, f"{exiled} cards exiled of {grave}"
    if set(used) & {a["source"] for a in plan["activations"]}:
        return False, "a permanent tapped for mana also helps"
    snap = copy.deepcopy(snapshot)
    for perm in snap["battlefield"]:
        if perm["id"] in used:
            perm["tapped"] = True
    mana = R.from_pay_json(dict(plan, paid_by=kept))
    if rest:
        ok, why = R.check_plan(snap, "".join(rest), player, mana)
        if not ok:
            return False, why
    elif plan["activations"] or plan["pool"]:
        return False, "mana made though helpers pay everything"
    return True, metrics(snapshot, player, used, exiled, snap, mana)
