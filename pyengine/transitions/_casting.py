"""What `apply cast` and `apply play_land` share: legality as `mtgkb actions` decides it, new ids."""

import re

from .. import api, cardlookup
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
    """CARD's name if PLAYER may take action KIND on it now apart from paying its mana cost
    (118.3: the exact payment is decided by `mtgkb pay`); else InputError with the reasons. ZONE: where
    the card is (hand, graveyard)."""
    api.check_player(s, player)
    card = cardlookup.among(s.cards, card)
    if card not in getattr(s, zone).get(player, []):
        raise InputError(f"{card!r} is not in {player}'s {zone}")
    answer = api.actions(s, player)
    mine = lambda entries: [a for a in entries if a["kind"] == kind and a.get("card") == card and match(a)]
    if mine(answer["actions"]):
        return card
    refused = mine(answer["refused"])
    if kind == "cast" and refused and all(a["rule"] == "118.3" for a in refused):
        return card                                # only the mana: `pay` decides it exactly
    if refused:
        raise InputError(f"{player} can't {kind.replace('_', ' ')} {card} now: {_why(refused)}")
    raise InputError(f"{player} can't {kind.replace('_', ' ')} {card} now (not modelled: "
                     f"{', '.join(str(a.get('not_modelled')) for a in mine(answer['not_modelled'])) or 'no such choice'})")
