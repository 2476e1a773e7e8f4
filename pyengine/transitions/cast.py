"""`mtgkb apply SNAP cast CARD [--player P] [--half H] [--fused] [--kicked] [--x N] [--pay IDS]
[--alternative NAME [--choose IDS]] [--optional NAME [--choose IDS] [--mode N]] [--times N]`.

P casts CARD from their hand (601.2): legal as `mtgkb actions` decides (timing 307.1, priority,
restrictions, mandatory additional costs), the total cost (601.2f: its mana cost, the kicker's if
--kicked, {X} = --x) paid by the best plan of `mtgkb pay` (601.2g-h: mana abilities activated,
floating mana spent, life paid; creatures tapped for convoke, artifacts for improvise, graveyard
cards exiled for delve, 702.51a, 702.126a, 702.66a: the first cards the snapshot's graveyard lists;
the snapshot has no exile zone, so they leave the graveyard and the event names them); --pay IDS
(comma-separated permanent ids, "none" for none) lets only those permanents be tapped. The card is put on top of the stack (601.2a); it does not
resolve. Mandatory additional costs other than mana are not paid here (refused as not modelled).
--alternative NAME pays the card's alternative cost NAME (118.9, kb/alternative_costs.lp) rather than
its mana cost: its mana (with the kicker's) as above, then its other parts (601.2h): life paid,
permanents sacrificed (to their owners' graveyards), returned to their owners' hands or tapped, cards
of the hand exiled (the snapshot records no exile), each chosen with --choose or, when there are
exactly as many as it needs, all of them; {X} of the mana cost is then 0 (107.3b).
--zone graveyard casts it from P's graveyard by its permission (kb/graveyard_casting.lp): flashback or
escape (its cost paid rather than the mana cost, 702.34a, 702.138a: {X} of the mana cost is 0), jump-start
or retrace (the mana cost paid and a card, a land card, of the hand discarded, 702.133a, 702.81a); the
parts other than mana as for --alternative, a card discarded (to the graveyard, 701.9a) or graveyard
cards exiled for escape chosen with --choose or, when there are exactly as many as it needs, all of
them. Flashback and jump-start exile the card as it would leave the stack (702.34a, 702.133a): the
spell stays on the stack here, so that is not performed.
--optional NAME pays the card's optional additional cost NAME (601.2b, kb/optional_costs.lp: buyback,
entwine, offspring with their mana added to the total cost; bargain, casualty N sacrificing the
permanent --choose names, or the only one that can; spree: the mode --mode N, its cost added, 702.172a).
"""

from .. import api, cardlookup, payplan
from ..errors import InputError
from ..symbols import parse_type_line
from . import Param, Transition, _history
from ._casting import check_legal, pay_with_plan
from ._board import remove_from_battlefield


def cast(s, card, player=None, half=None, fused=False, kicked=False, x=None, pay=None, alternative=None,
         choose=None, zone="hand", optional=None, mode=None, times=None):
    """Cast CARD from P's hand (or graveyard), paying its total cost (601.2)."""
    player = player or s.priority or s.active
    zone = zone or "hand"
    if zone not in ("hand", "graveyard"):
        raise InputError(f"--zone must be hand or graveyard, not {zone!r}")
    if zone == "graveyard" and alternative is not None:
        raise InputError("--alternative is for a cast from a hand; from a graveyard the card's permission "
                         "(flashback, escape, jump-start, retrace) says what is paid (CR 118.9a)")

    def match(a):
        return (a.get("half") == half and bool(a.get("fused")) == fused
                and bool(a.get("kicked")) == kicked and a.get("alternative_cost") == alternative
                and a.get("zone", "hand") == zone
                and a.get("optional_cost") == optional and a.get("mode") == mode)
    if (mode is not None) != (optional == "spree"):
        raise InputError("--mode N chooses the mode of a spell with spree: give it with --optional spree")
    if kicked and optional is not None:
        raise InputError("--kicked and --optional: one optional additional cost is chosen per cast here")
    known = None                    # the alternative cost's parts, read once (a query of the KB)
    optional_known = None           # the optional additional cost's parts (kb/optional_costs.lp)
    permission = None               # the graveyard permission cast by (kb/graveyard_casting.lp)
    name = cardlookup.among(s.cards, card)
    in_zone = name in (s.hand if zone == "hand" else s.graveyard).get(player, [])
    if alternative is not None and in_zone:
        known = api.alternative_cost_parts(s, name, player, alternative)     # the card has it: else InputError
    if zone == "graveyard" and in_zone:
        permission, known = api.graveyard_cost_parts(s, name, player)       # else InputError
    if optional is not None and in_zone:
        optional_known = api.optional_cost_parts(s, name, player, optional)  # the card has it: else InputError
    if optional_known and known:
        raise InputError(f"{name}: paying an alternative cost or a graveyard permission's other parts and an "
                         "optional cost that sacrifices a permanent in one cast is not modelled")
    try:
        card, entry = check_legal(s, player, card, "cast", match, zone)
    except InputError:
        if optional is None and in_zone and any(
                a.get("optional_cost") == "spree" for k in ("actions", "refused", "not_modelled")
                for a in api.actions(s, player)[k] if a["kind"] == "cast" and a.get("card") == name
                and a.get("zone", "hand") == zone):
            raise InputError(f"{name} has spree: one or more modes are chosen (CR 702.172a, 700.2); "
                             "choose one with --optional spree --mode N") from None
        raise
    if entry.get("additional_cost"):
        raise InputError(f"{card}: paying its additional cost ({entry['additional_cost']}) while casting "
                         "it is not modelled; see `apply cast_free`")
    cost = entry.get("cost") or ""
    if times is not None:
        cost = _times_cost(card, entry, cost, times)
    faces = [f for f in s.cards[card].faces if half is None or f.name == half]
    # 107.3b: an alternative cost without {X} leaves X 0
    paid_instead = alternative is not None or entry.get("alternative_cost_part") is not None \
        or permission in ("flashback", "escape")
    has_x = "{X}" in "".join(f.mana_cost or "" for f in faces) and not paid_instead
    if x is not None and not has_x:
        raise InputError(f"--x is given, but {card}'s mana cost has no {{X}}"
                         + (" that its alternative cost pays (CR 107.3b)" if paid_instead else ""))
    if permission is not None:
        parts = _graveyard_parts(s, card, player, choose, known)
    else:
        parts = _alternative_parts(s, card, player, alternative, choose, known) if alternative else []
    if optional_known:
        parts = _alternative_parts(s, card, player, optional, choose, optional_known, "optional additional cost")
    if x is not None and "max_x" in entry and x > entry["max_x"] and not entry.get("max_x_at_limit"):
        raise InputError(f"{player} can't pay {card}'s cost with X = {x}: X can be at most "
                         f"{entry['max_x']} now (CR 107.3, 601.2f-h)")
    if has_x and "{X}" not in cost:
        cost += "{X}"
    pay_x = x if has_x else None
    if has_x and x and entry.get("x_reduced_by"):
        # 601.2f, 107.3: the reductions the rest of the generic part did not use reduce what X adds
        extra = max(0, cost.count("{X}") * x - entry["x_reduced_by"])
        cost, pay_x = ("{%d}" % extra if extra else "") + cost.replace("{X}", ""), None
    sources = None if pay is None else ([] if pay == "none" else pay.split(","))
    result, used_pool = api.pay_plan(s, player, cost or "{0}", x=pay_x,
                                     for_card=card, sources=sources,
                                     faces=[f.name for f in faces] if len(s.cards[card].faces) > 1 else None,
                                     kicked=kicked, zone=None if zone == "hand" else zone)
    if not result["payable"]:
        raise InputError(f"{player} can't pay {card}'s cost {result['cost']}: {result['reason']}")
    plan = result["plan"]
    new = s.to_dict()
    new[zone][player].remove(card)
    events = pay_with_plan(s, new, player, plan, used_pool)
    events += _pay_parts(new, player, parts)
    new["stack"] = [{"card": card, "controller": player}] + new.get("stack", [])
    _history.count(new, "spells_cast_this_turn", player)          # 601.2i: it became cast
    events.append({"event": "cast", "player": player, "card": card, "cost": result["cost"],
                   **({"x": x or 0} if has_x else {}),
                   **({"half": half} if half else {}), **({"fused": True} if fused else {}),
                   **({"kicked": True} if kicked else {}),
                   **({"alternative_cost": alternative} if alternative else {}),
                   **({"zone": zone, "permission": permission} if permission else {}),
                   **({"optional_cost": optional} if optional else {}), **({"mode": mode} if mode else {}),
                   **({"times": times} if times is not None else {}),
                   "paid": plan["paid_by"],
                   "rule": "601.2"})
    return new, events


def _times_cost(card, entry, cost, times):
    """The total cost of paying ENTRY's multikicker or squad cost TIMES times (702.33c, 702.157a,
    601.2f): its cost (paid once) plus TIMES - 1 more, their generic mana less the reductions the
    first payment left unused; InputError if the cost is not paid any number of times, or beyond
    what `actions` found payable."""
    each = entry.get("cost_each_time")
    if not each:
        raise InputError(f"--times is given, but {card} is cast without a cost paid any number of times "
                         "(multikicker with --kicked, squad with --optional squad)")
    if "max_times" in entry and times > entry["max_times"] and not entry.get("max_times_at_limit"):
        raise InputError(f"{card}'s {each} can be paid at most {entry['max_times']} time(s) now (CR 601.2f-h)")
    symbols = payplan.symbols(each)
    generic = sum(int(x) for x in symbols if x.isdigit())
    colored = "".join("{%s}" % x for x in symbols if not x.isdigit())
    extra = max(0, generic * (times - 1) - entry.get("times_reduced_by", 0))
    symbols = payplan.symbols(cost + colored * (times - 1)) or []
    total = sum(int(x) for x in symbols if x.isdigit()) + extra         # 107.4: the generic part first
    return ("{%d}" % total if total else "") + "".join("{%s}" % x for x in symbols if not x.isdigit())


def _alternative_parts(s, card, player, alternative, choose, known=None, what="alternative cost"):
    """[(part term, [what pays it])] of CARD's alternative cost ALTERNATIVE (118.9), what pays each part
    taken from CHOOSE (comma-separated permanent ids and card names of the hand) or, when no choice is
    left, every candidate; InputError if a part can't be paid so. KNOWN: the cost's parts as
    api.alternative_cost_parts gave them, if already read."""
    chosen = [x for x in (choose or "").split(",") if x]
    out, used = [], set()
    if known is None:
        known = api.alternative_cost_parts(s, card, player, alternative)
    for k, options in known:
        if k.name in ("pay_life", "choose_opponent"):     # choose_opponent: gift, 702.174a (not recorded)
            out.append((k, []))
            continue
        n = k.args[1]
        if k.name == "exile_from_hand":
            # 601.2a: the card cast is on the stack; a copy of it in the hand may pay
            hand = list(s.hand.get(player, []))
            hand.remove(card)
            pool = [c for c in hand if c in options]
            picked = [c for c in chosen if c in options] if chosen else pool
            if len(picked) != n or any(picked.count(c) > pool.count(c) for c in picked):
                raise InputError(f"{card}'s {what} {api.alternative_part_text(k)} needs {n} card(s) of "
                                 f"{player}'s hand: --choose from {', '.join(sorted(set(pool))) or '(none)'}")
        else:
            picked = [x for x in dict.fromkeys(chosen) if x in options and x not in used] if chosen else options
            if len(picked) != n:
                raise InputError(f"{card}'s {what} {api.alternative_part_text(k)} needs {n} permanent(s): "
                                 f"--choose {n} of {', '.join(options) or '(none)'}{_emerge_hint(alternative)}")
            used.update(picked)
        out.append((k, picked))
    extra = [x for x in chosen if not any(x in p for _, p in out)]
    if extra:
        raise InputError(f"--choose names {', '.join(extra)}, which pay no part of {card}'s {what}"
                         f"{_emerge_hint(alternative)}")
    return out


def _graveyard_parts(s, card, player, choose, known):
    """[(part term, [what pays it])] of the permission to cast CARD from PLAYER's graveyard: discard(Kd),
    a card (a land card) of the hand (702.133a, 702.81a); exile_other_graveyard_cards(N), N other cards of
    the graveyard (702.138a: the card cast is on the stack, 601.2a: a second copy may pay); the other
    parts as an alternative cost's (_alternative_parts). CHOOSE: comma-separated permanent ids and
    card names; without it, all there are when exactly enough."""
    chosen = [x for x in (choose or "").split(",") if x]
    out, rest = [], []
    for k, options in known:
        if k.name == "discard":
            kind = str(k.args[0])
            pool = [c for c in s.hand.get(player, []) if kind == "card" or _is_land(s, c)]
            picked = [c for c in chosen if c in pool][:1] if chosen else pool
            if len(picked) != 1:
                raise InputError(f"{card}: discarding {'a land card' if kind == 'land' else 'a card'} of {player}'s "
                                 f"hand: --choose one of {', '.join(sorted(set(pool))) or '(none)'}")
            out.append((k, picked))
        elif k.name == "exile_other_graveyard_cards":
            n = k.args[0]
            pool = list(s.graveyard.get(player, []))
            pool.remove(card)
            picked = [c for c in chosen if c in pool] if chosen else pool
            if len(picked) != n or any(picked.count(c) > pool.count(c) for c in picked):
                raise InputError(f"{card}: exiling {n} other card(s) of {player}'s graveyard: --choose {n} of "
                                 f"{', '.join(sorted(set(pool))) or '(none)'}")
            out.append((k, picked))
        else:
            rest.append((k, options))
    taken = {c for _, p in out for c in p}
    others = [c for c in chosen if c not in taken] if chosen else []
    if rest:
        out += _alternative_parts(s, card, player, None, ",".join(others), rest)
    elif others:
        raise InputError(f"--choose names {', '.join(others)}, which pay no part of {card}'s cost")
    return out


def _is_land(s, name):
    _, types, _, _ = parse_type_line(s.cards[name].front.type_line)
    return "land" in types


def _emerge_hint(alternative):
    """What an error about the choices of an emerge cost adds: only the best choice is modelled."""
    return (" (emerge: only a creature of the greatest mana value, whose sacrifice gives the reduction "
            "`actions` computes, is modelled, CR 702.119a)") if alternative == "emerge" else ""


def _pay_parts(new, player, parts):
    """Pay the parts of an alternative cost (601.2h) in snapshot dict NEW; the events."""
    events = []
    for k, picked in parts:
        what = k.name
        if what == "pay_life":
            new["life"][player] -= k.args[0]
            _history.life_changed(new, player, -k.args[0])
            events.append({"event": "pay_life", "player": player, "amount": k.args[0], "rule": "119.4"})
        elif what == "tap_untapped":
            for p in new["battlefield"]:
                if p["id"] in picked:
                    p["tapped"] = True
                    events.append({"event": "tap", "permanent": p["id"], "rule": "601.2h"})
        elif what in ("sacrifice", "return_to_hand"):
            perms = {p["id"]: p for p in new["battlefield"] if p["id"] in picked}
            for pid in picked:
                events.append({"event": "sacrifice" if what == "sacrifice" else "return_to_hand", "permanent": pid,
                               "card": perms[pid]["card"], "rule": "701.21a" if what == "sacrifice" else "601.2h"})
            # 704.5d: a token put into a graveyard ceases to exist
            remove_from_battlefield(new, picked, lambda p: "graveyard" if what == "sacrifice" and not p.get("token")
                                    else None, events)
            if what == "return_to_hand":
                for pid in picked:                      # a token leaves no card (111.8)
                    if not perms[pid].get("token"):
                        new.setdefault("hand", {}).setdefault(perms[pid]["owner"], []).append(perms[pid]["card"])
        elif what == "exile_from_hand":
            for c in picked:
                new["hand"][player].remove(c)
                events.append({"event": "exile_from_hand", "player": player, "card": c, "rule": "601.2h"})
        elif what == "discard":                         # 702.133a, 702.81a
            for c in picked:
                new["hand"][player].remove(c)
                new.setdefault("graveyard", {}).setdefault(player, []).append(c)
                events.append({"event": "discard", "player": player, "card": c, "rule": "701.9a"})
        elif what == "exile_other_graveyard_cards":     # 702.138a; the snapshot records no exile
            for c in picked:
                new["graveyard"][player].remove(c)
            events.append({"event": "exile_from_graveyard", "player": player, "cards": list(picked),
                           "by": "escape", "rule": "702.138a"})
    return events


TRANSITION = Transition("cast", cast, (
    Param("card", metavar="CARD", positional=True),
    Param("player", metavar="P", short="-p", help="Whose hand the card is in (default: who has priority)."),
    Param("half", metavar="NAME", help="The half of a split card cast (709.3)."),
    Param("fused", type=bool, help="Cast both halves of a split card with fuse (702.102)."),
    Param("kicked", type=bool, help="Pay the kicker cost (702.33)."),
    Param("x", type=int, range=(0, 1000), help="The value of {X} (default 0)."),
    Param("pay", metavar="IDS", help="Tap only these permanents (comma-separated ids, or none)."),
    Param("alternative", metavar="NAME", help="Pay this alternative cost rather than the mana cost (118.9): "
          "rather_than (a \"rather than pay this spell's mana cost\" line), evoke, dash, warp, blitz, overload, "
          "impending, awaken, mutate, spectacle, surge, emerge, web_slinging."),
    Param("choose", metavar="IDS", help="What pays the alternative (or optional) cost's other parts: permanent "
          "ids, card names of the hand (comma-separated; default: all there are when exactly enough)."),
    Param("zone", metavar="ZONE", help="Where the card is cast from: hand (default) or graveyard (flashback, "
          "escape, jump-start, retrace: 702.34a, 702.138a, 702.133a, 702.81a)."),
    Param("optional", metavar="NAME", help="Pay this optional additional cost (601.2b): buyback, entwine, "
          "offspring, bargain, casualty (what it sacrifices: --choose), gift, squad, spree (with --mode)."),
    Param("mode", type=int, range=(1, 20), help="With --optional spree: the mode chosen, 1 for the first "
          "printed (702.172a)."),
    Param("times", type=int, range=(1, 1000), help="How many times a multikicker (with --kicked) or squad "
          "(with --optional squad) cost is paid (702.33c, 702.157a; default: once)."),
))
