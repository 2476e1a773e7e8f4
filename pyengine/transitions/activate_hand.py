"""`mtgkb apply SNAP activate_hand CARD [--player P] [--ability N] [--pay IDS] [--resolve [--choose CARD]]`:
activate an ability of CARD from P's hand (113.6j, 602.2): cycling (702.29a), typecycling (702.29e).

Legal as `mtgkb actions` decides it (kb/hand_abilities.lp: priority, 117.1b; transmute only as a
sorcery, 602.5d). The mana of the cost is paid by tapping untapped mana sources (`--pay` names them,
else one way that works, 601.2g-h) and the card is discarded (701.9a: to its owner's graveyard).
The ability is put on top of the stack (602.2a). With --resolve it then resolves at once, as it
does when every player passes priority in succession (117.4, 608.2): "Draw a card" moves the top
card of P's library to P's hand (121.1; from an empty library no card is drawn, and P loses the
game the next time a player would receive priority, 121.4, 704.5b: the events say so); a search
(701.23) puts the card named with --choose, which the KB checks matches the type searched for, into
P's hand; "--choose none" finds nothing (701.23b), then P shuffles (701.24a: the order of the result's
library is the remaining cards in their listed order, not a random one, and an event says so).
"""

from .. import api, cardlookup
from ..errors import InputError
from ..facts import compiled
from ..terms import Const, fn
from . import Param, Transition, _history
from ._board import tap_paid


def _abilities(s, card):
    """[(ability term, effect term)] of CARD's abilities activated from a hand, in line order."""
    facts = compiled(s, card).facts
    effects = {f[1]: f[2] for f in facts if f[0] == "hand_ability_effect"}
    return [(f[1], effects.get(f[1])) for f in facts if f[0] == "hand_ability"]


def _check(s, player, card, text):
    """InputError unless `mtgkb actions` lists PLAYER's activation of CARD's ability TEXT as legal."""
    answer = api.actions(s, player)
    mine = lambda entries: [a for a in entries if a["kind"] == "activate_hand" and a["card"] == card
                            and a.get("ability") == text]
    if mine(answer["actions"]):
        return
    why = mine(answer["refused"])
    if why:
        raise InputError(f"{player} can't activate \"{text}\" of {card} now: "
                         + "; ".join(f"{a['reason']} (CR {a['rule']})" for a in why))
    unknown = mine(answer["not_modelled"])
    raise InputError(f"whether {player} may activate \"{text}\" of {card} now is not modelled ("
                     + (", ".join(str(a["not_modelled"]) for a in unknown) or "no such ability") + ")")


def activate_hand(s, card, player=None, ability=None, pay=None, resolve=False, choose=None):
    """Activate an ability of CARD from P's hand (cycling, typecycling), pay its costs; --resolve: resolve it."""
    player = player or s.priority or s.active
    api.check_player(s, player)
    card = cardlookup.among(s.cards, card)
    if card not in s.hand.get(player, []):
        raise InputError(f"{card!r} is not in {player}'s hand")
    abilities = _abilities(s, card)
    if not abilities:
        raise InputError(f"{card} has no ability the KB activates from a hand")
    if ability is None and len(abilities) > 1:
        raise InputError(f"{card} has {len(abilities)} abilities activated from a hand; choose one with --ability N")
    if ability is not None and not 1 <= ability <= len(abilities):
        raise InputError(f"--ability must be between 1 and {len(abilities)}")
    if choose is not None and not resolve:
        raise InputError("--choose is the card a search finds as the ability resolves: it needs --resolve")
    ab, effect = abilities[(ability or 1) - 1]
    if any(f[0] == "card_keyword" and f[2] == Const("madness") for f in compiled(s, card).facts):
        # 702.35a: discarded, it is exiled instead of put into the graveyard (a zone the snapshot lacks)
        raise InputError(f"not modelled: discarding {card}, which has madness (CR 702.35a: it would be exiled)")
    if resolve and effect not in (Const("search"),) and getattr(effect, "name", None) != "draw":
        raise InputError(f"not modelled: what resolving this ability of {card} does (e.g. 702.53a: finding a "
                         "card with the same mana value); activate it without --resolve")
    with api.session(s, "actions"):
        texts = {a[1]: a[2] for a in compiled(s, card).facts if a[0] == "ability_text"}
        text = texts[ab]
        _check(s, player, card, text)
        action = fn("act", Const("activate_hand"), card, ab)
        paid = api.pay_cost(s, player, action, [x for x in pay.split(",") if x] if pay else None)
        found = None
        if resolve and effect == Const("search"):
            [model] = api.engine(s, "activate_hand", facts=[("resolving_hand", player, ab)]).ask()
            found = sorted({a[3] for a in model if a[0] == "search_may_find"})
    new = s.to_dict()
    events = tap_paid(new, paid)
    new["hand"][player].remove(card)
    new.setdefault("graveyard", {}).setdefault(player, []).append(card)
    events.append({"event": "discard", "player": player, "card": card, "rule": "701.9a"})
    events.append({"event": "activate", "player": player, "card": card, "ability": text, "rule": "602.2a"})
    if not resolve:
        new["stack"] = [{"card": card, "controller": player, "ability": True}] + new.get("stack", [])
        return new, events
    events.append({"event": "resolve", "card": card, "ability": text, "rule": "608.2",
                   "text": "every player passed priority in succession (117.4)"})
    library = new.setdefault("library", {}).setdefault(player, [])
    if effect is not None and effect.name == "draw":
        events += _draw(new, player, library, effect.args[0])
    else:
        events += _search(new, player, library, found, choose)
    return new, events


def _draw(new, player, library, n):
    events = []
    for _ in range(n):                          # 121.2: one card at a time
        if not library:
            events.append({"event": "draw_from_empty_library", "player": player, "rule": "121.4",
                           "text": f"no card is drawn; {player} loses the game the next time a player would "
                                   "receive priority (704.5b)"})
            break
        drawn = library.pop(0)
        new["hand"][player].append(drawn)
        _history.count(new, "cards_drawn_this_turn", player)
        events.append({"event": "draw", "player": player, "card": drawn, "rule": "121.1"})
    return events


def _search(new, player, library, found, choose):
    if choose is None and found:
        raise InputError(f"the search may find {', '.join(found)} (or none, CR 701.23b): "
                         "choose with --choose CARD, or --choose none")
    events = []
    if choose is not None and choose.lower() != "none":
        match = [c for c in found if c.lower() == choose.lower()]
        if not match:
            raise InputError(f"{choose!r} is not a card of {player}'s library the search may find (CR 701.23a); "
                             + (f"it may find: {', '.join(found)}" if found else "none may be found"))
        library.remove(match[0])
        new["hand"][player].append(match[0])
        events.append({"event": "search", "player": player, "zone": "library", "card": match[0],
                       "to": "hand", "revealed": True, "rule": "701.23a"})
    else:
        events.append({"event": "search", "player": player, "zone": "library", "card": None, "rule": "701.23b",
                       "text": "nothing found"})
    events.append({"event": "shuffle", "player": player, "rule": "701.24a",
                   "text": "the library is shuffled: the result lists its cards in their former order, "
                           "which is not the random order a shuffle gives"})
    return events


TRANSITION = Transition("activate_hand", activate_hand, (
    Param("card", metavar="CARD", positional=True),
    Param("player", metavar="P", short="-p", help="Whose hand the card is in (default: who has priority)."),
    Param("ability", type=int, metavar="N", help="Which of the card's abilities activated from a hand (1-based)."),
    Param("pay", metavar="ID,...", help="The mana sources tapped to pay the mana cost (default: one way that works)."),
    Param("resolve", type=bool, help="The ability then resolves at once (every player passes priority, 117.4)."),
    Param("choose", metavar="CARD", help="With --resolve, the library card a search finds ('none': none, 701.23b)."),
))
