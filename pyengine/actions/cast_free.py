"""`mtgkb apply SNAP cast_free CARD --player P [--option N] [--sacrifice ID] [--discard CARD]`.

P casts CARD from their hand without paying its mana cost (option N of `mtgkb cast-free`, default
0) and it resolves: a permanent card enters the battlefield under P's control with X = 0 (107.3b)
and what its own enters abilities give it (107.3m, 614.1c: Hooded Hydra gets 0 +1/+1 counters); a
creature with toughness 0 or less is then put into its owner's graveyard (704.5f). An instant or
sorcery is put into its owner's graveyard (608.2n); its effect is not modelled (an event says so).
Mandatory additional costs are paid with --sacrifice / --discard.
"""

import re

import click

from .. import api
from .. import snapshot as snapshot_mod
from ..compiler.symbols import parse_type_line
from ..errors import InputError

PERMANENT_TYPES = {"artifact", "creature", "enchantment", "planeswalker", "battle"}


def _new_id(card, taken):
    base = re.sub(r"[^A-Za-z0-9]+", "-", card).strip("-").lower()[:56] or "card"
    n, pid = 1, base
    while pid in taken:
        n += 1
        pid = f"{base}-{n}"
    return pid


def _pay(new, s, player, card, costs, sacrifice, discard, events):
    """Pay the mandatory and chosen additional costs (118.8) on the new snapshot dict."""
    for cost in costs:
        if cost.startswith("sacrifice"):
            want = cost.split()[-1]
            perm = s.permanent(sacrifice) if sacrifice else None
            if perm is None or perm.controller != player:
                raise InputError(f"{card}: choose a permanent to {cost} with --sacrifice ID (one {player} controls)")
            if want != "permanent" and want.capitalize() not in api.show(s, sacrifice)["types"]:
                raise InputError(f"{card}: {sacrifice} is not {want.join(['a ', ''])}; it can't pay '{cost}'")
            new["battlefield"] = [p for p in new["battlefield"] if p["id"] != sacrifice]
            new.setdefault("graveyard", {}).setdefault(perm.owner, []).append(perm.card)
            events.append({"event": "sacrifice", "permanent": sacrifice, "rule": "701.21a"})
        elif cost == "discard a card":
            hand = new["hand"].get(player, [])
            if discard is None or discard not in hand:
                raise InputError(f"{card}: choose a card in {player}'s hand to discard with --discard CARD")
            hand.remove(discard)
            new.setdefault("graveyard", {}).setdefault(player, []).append(discard)
            events.append({"event": "discard", "player": player, "card": discard, "rule": "701.9a"})
        elif cost.startswith("pay "):
            n = int(cost.split()[1])
            new["life"][player] -= n
            events.append({"event": "pay_life", "player": player, "amount": n, "rule": "119.4"})
        elif cost.startswith("kicker"):
            events.append({"event": "kicked", "card": card, "cost": cost, "rule": "702.33d"})


@click.command("cast_free")
@click.argument("card", metavar="CARD")
@click.option("--player", "-p", metavar="P", required=True, help="Whose hand the card is in.")
@click.option("--option", "index", type=int, default=0, show_default=True,
              help="Which option of `mtgkb cast-free` (0-based).")
@click.option("--sacrifice", metavar="ID", help="The permanent sacrificed for a sacrifice cost.")
@click.option("--discard", metavar="CARD", help="The card discarded for a discard cost.")
def command(card, player, index, sacrifice, discard):
    """Cast CARD from P's hand without paying its mana cost, and resolve it."""
    s = click.get_current_context().obj
    answer = api.cast_free(s, card, player)
    card = answer["card"]                          # the card's own name, however it was spelt
    if not answer["options"]:
        raise InputError(f"{card} can't be cast without paying its mana cost now: {answer['reason']}")
    if not 0 <= index < len(answer["options"]):
        raise InputError(f"--option must be between 0 and {len(answer['options']) - 1}")
    option = answer["options"][index]
    new = s.to_dict()
    new.setdefault("hand", {})[player].remove(card)
    events = [{"event": "cast", "card": card, "player": player, "halves": option["halves"], "x": 0,
               "additional_costs": option["additional_costs"], "without_paying_mana_cost": True,
               "rule": "601.2"}]
    _pay(new, s, player, card, option["additional_costs"], sacrifice, discard, events)
    c = s.cards[card]
    _, types, subtypes, _ = parse_type_line(c.front.type_line)
    if len(c.faces) > 1 or not set(types) & PERMANENT_TYPES:
        new.setdefault("graveyard", {}).setdefault(player, []).append(card)
        events.append({"event": "resolve", "card": card, "to": "graveyard", "rule": "608.2n",
                       "effect": "not modelled"})
        return new, events
    if "Aura" in subtypes:
        raise InputError(f"{card}: casting an Aura (choosing what it enchants) is not modelled")
    pid = _new_id(card, {p.id for p in s.battlefield})
    perm = {"id": pid, "card": card, "controller": player, "owner": player,
            "controlled_since_turn_start": False}
    new["battlefield"].append(perm)
    if "x_rule" in option:                        # {X} in its mana cost: X is 0 (107.3b)
        perm["x"] = 0
    got = api.enters(snapshot_mod.validate(new), pid)
    counters = {k: n for k, n in got["counters"].items() if n > 0}
    if counters:
        perm["counters"] = counters
    events.append({"event": "enters", "permanent": pid, "card": card, "x": got["x"],
                   "counters": got["counters"], "rule": "107.3m"})
    toughness = api.enters(snapshot_mod.validate(new), pid)["toughness"]
    if toughness is not None and toughness <= 0:
        new["battlefield"] = [p for p in new["battlefield"] if p["id"] != pid]
        new.setdefault("graveyard", {}).setdefault(player, []).append(card)
        events.append({"event": "state_based_action", "permanent": pid, "card": card, "rule": "704.5f",
                       "toughness": toughness, "to": "graveyard",
                       "note": "abilities that trigger on it dying are not modelled"})
    return new, events
