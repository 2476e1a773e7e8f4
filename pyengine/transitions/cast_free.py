"""`mtgkb apply SNAP cast_free CARD --player P [--option N] [--sacrifice ID] [--discard CARD]`.

P casts CARD from their hand without paying its mana cost (option N of `mtgkb cast-free`, default
0) and it resolves: a permanent card enters the battlefield under P's control with X = 0 (107.3b)
and what its own enters abilities give it (107.3m, 614.1c: Hooded Hydra gets 0 +1/+1 counters); a
creature with toughness 0 or less is then put into its owner's graveyard (704.5f). An instant or
sorcery is put into its owner's graveyard (608.2n); its effect is not modelled (an event says so).
Mandatory additional costs are paid with --sacrifice / --discard; the mana of the additional costs
the option chose (its `cost`: a kicker's, buyback's ..., 601.2b, 601.2f) as `mtgkb pay` plans it.
"""

from .. import api
from .. import snapshot as snapshot_mod
from ..symbols import parse_type_line
from ..errors import InputError
from . import Param, Transition, _history
from ._casting import new_id, pay_with_plan
from ._board import remove_from_battlefield

PERMANENT_TYPES = {"artifact", "creature", "enchantment", "planeswalker", "battle"}


def _pay(new, s, player, card, costs, sacrifice, discard, events):
    """Pay the mandatory and chosen additional costs (118.8), KB terms, on the new snapshot dict."""
    for cost in costs:
        if isinstance(cost, api.OptionalCost):
            _pay_optional(new, s, player, card, cost, sacrifice, events)
            continue
        kind = getattr(cost, "name", str(cost))
        text = api.additional_cost_text(cost)
        if kind == "sacrifice":
            want = str(cost.args[0])
            perm = s.permanent(sacrifice) if sacrifice else None
            if perm is None or perm.controller != player:
                raise InputError(f"{card}: choose a permanent to {text} with --sacrifice ID (one {player} controls)")
            if want != "permanent" and want.capitalize() not in api.show(s, sacrifice)["types"]:
                raise InputError(f"{card}: {sacrifice} is not {want.join(['a ', ''])}; it can't pay '{text}'")
            new["battlefield"] = [p for p in new["battlefield"] if p["id"] != sacrifice]
            _history.count(new, "left_battlefield_this_turn", player)
            new.setdefault("graveyard", {}).setdefault(perm.owner, []).append(perm.card)
            events.append({"event": "sacrifice", "permanent": sacrifice, "rule": "701.21a"})
        elif kind == "discard_card":
            hand = new["hand"].get(player, [])
            if discard is None or discard not in hand:
                raise InputError(f"{card}: choose a card in {player}'s hand to discard with --discard CARD")
            hand.remove(discard)
            new.setdefault("graveyard", {}).setdefault(player, []).append(discard)
            events.append({"event": "discard", "player": player, "card": discard, "rule": "701.9a"})
        elif kind == "pay_life":
            n = cost.args[0]
            new["life"][player] -= n
            _history.life_changed(new, player, -n)
            events.append({"event": "pay_life", "player": player, "amount": n, "rule": "119.4"})
        elif kind == "kicker":
            events.append({"event": "kicked", "card": card, "cost": text, "rule": "702.33d"})
        else:
            raise InputError(f"{card}: paying the additional cost '{text}' is not modelled")


# the rule of each optional additional cost (kb/optional_costs.lp)
_OPTIONAL_RULE = {"buyback": "702.27a", "entwine": "702.42a", "offspring": "702.175a", "bargain": "702.166a",
                  "casualty": "702.153a", "squad": "702.157a", "gift": "702.174a", "spree": "702.172a"}


def _pay_optional(new, s, player, card, cost, sacrifice, events):
    """Pay optional additional cost COST (api.OptionalCost) chosen for the cast but its mana (paid with
    the option's `cost` by `cast_free`): a permanent it sacrifices is chosen with --sacrifice among those
    that may pay it (601.2h)."""
    for part in cost.parts:
        if getattr(part, "name", None) != "sacrifice":
            continue                                # gift's opponent (702.174a) is not recorded
        if sacrifice not in cost.choices:
            raise InputError(f"{card}: choose a permanent to pay {cost.text} with --sacrifice ID: "
                             f"{', '.join(cost.choices) or '(none)'}")
        events.append({"event": "sacrifice", "permanent": sacrifice, "card": s.permanent(sacrifice).card,
                       "rule": "701.21a"})
        # 704.5d: a token put into a graveyard ceases to exist
        remove_from_battlefield(new, [sacrifice], lambda p: None if p.get("token") else "graveyard", events)
    events.append({"event": "optional_cost", "card": card, "keyword": cost.keyword, "cost": cost.text,
                   "rule": _OPTIONAL_RULE.get(cost.keyword, "601.2b")})


def cast_free(s, card, player, option=0, sacrifice=None, discard=None):
    """Cast CARD from P's hand without paying its mana cost, and resolve it."""
    with api.session(s, "cast_free"):
        answer, costs = api.cast_free_with_costs(s, card, player)
        card = answer["card"]                      # the card's own name, however it was spelt
        if not answer["options"]:
            raise InputError(f"{card} can't be cast without paying its mana cost now: {answer['reason']}")
        if not 0 <= option < len(answer["options"]):
            raise InputError(f"--option must be between 0 and {len(answer['options']) - 1}")
        chosen = answer["options"][option]
        new = s.to_dict()
        new.setdefault("hand", {})[player].remove(card)
        events = [{"event": "cast", "card": card, "player": player, "halves": chosen["halves"], "x": 0,
                   "additional_costs": chosen["additional_costs"], "without_paying_mana_cost": True,
                   "rule": "601.2"}]
        if "cost" in chosen:
            # 601.2b, 601.2g-h: the additional costs' mana (a kicker's, buyback's ...) is paid, as `mtgkb pay`
            # plans it for this spell (its spend restrictions, 106.6)
            kicked = any(getattr(k, "name", None) == "kicker" for k in costs[option])
            result, used_pool = api.pay_plan(s, player, chosen["cost"], for_card=card,
                                             faces=chosen["halves"] or None, kicked=kicked)
            if not result["payable"]:
                raise InputError(f"{player} can't pay {card}'s additional costs {chosen['cost']}: {result['reason']}")
            events += pay_with_plan(s, new, player, result["plan"], used_pool)
        _pay(new, s, player, card, costs[option], sacrifice, discard, events)
        _history.count(new, "spells_cast_this_turn", player)          # 601.2i: it became cast
    c = s.cards[card]
    _, types, subtypes, _ = parse_type_line(c.front.type_line)
    if len(c.faces) > 1 or not set(types) & PERMANENT_TYPES:
        # 702.27a: with its buyback cost paid, it is put into its owner's hand instead as it resolves
        back = any(isinstance(k, api.OptionalCost) and k.keyword == "buyback" for k in costs[option])
        new.setdefault("hand" if back else "graveyard", {}).setdefault(player, []).append(card)
        events.append({"event": "resolve", "card": card, "to": "hand" if back else "graveyard",
                       "rule": "702.27a" if back else "608.2n", "effect": "not modelled"})
        return new, events
    if "Aura" in subtypes:
        raise InputError(f"{card}: casting an Aura (choosing what it enchants) is not modelled")
    pid = new_id(card, {p.id for p in s.battlefield})
    perm = {"id": pid, "card": card, "controller": player, "owner": player}
    _history.entered(perm, cast_from="hand")
    new["battlefield"].append(perm)
    if "x_rule" in chosen:                        # {X} in its mana cost: X is 0 (107.3b)
        perm["x"] = 0
    got = api.enters(snapshot_mod.validate(new), pid)
    counters = {k: n for k, n in got["counters"].items() if n > 0}
    if counters:
        perm["counters"] = counters
    events.append({"event": "enters", "permanent": pid, "card": card, "x": got["x"],
                   "counters": got["counters"], "rule": "107.3m"})
    # its toughness with the counters it entered with (a new state) is asked for only if it got some
    toughness = api.enters(snapshot_mod.validate(new), pid)["toughness"] if counters else got["toughness"]
    if toughness is not None and toughness <= 0:
        new["battlefield"] = [p for p in new["battlefield"] if p["id"] != pid]
        _history.count(new, "left_battlefield_this_turn", player)
        new.setdefault("graveyard", {}).setdefault(player, []).append(card)
        events.append({"event": "state_based_action", "permanent": pid, "card": card, "rule": "704.5f",
                       "toughness": toughness, "to": "graveyard",
                       "note": "abilities that trigger on it dying are not modelled"})
    return new, events


TRANSITION = Transition("cast_free", cast_free, (
    Param("card", metavar="CARD", positional=True),
    Param("player", metavar="P", short="-p", required=True, help="Whose hand the card is in."),
    Param("option", type=int, default=0, help="Which option of `mtgkb cast-free` (0-based)."),
    Param("sacrifice", metavar="ID", help="The permanent sacrificed for a sacrifice cost."),
    Param("discard", metavar="CARD", help="The card discarded for a discard cost."),
))
