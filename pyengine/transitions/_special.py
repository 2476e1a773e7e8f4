"""What `apply suspend`, `apply foretell` and `apply plot` share: a special action with a card in a
hand (116.2f, 116.2h, 116.2k; kb/special_actions.lp).

Legal only as `mtgkb actions` says (priority, the keyword's timing; suspend: only if the player could
begin to cast the card, 702.62a). Its mana cost is paid by tapping untapped mana sources (``--pay
ID,...`` names them; otherwise the KB picks one way to pay that works, reported in the ``pay``
events). The card leaves its owner's hand for exile; the action doesn't use the stack (702.62a,
702.143b, 702.170b). The snapshot has no exile zone for cards: the card is not recorded anywhere, and
the event says where it went (``zone: exile``, ``recorded: false``); casting it from exile later is
not modelled.
"""

from .. import api, cardlookup
from ..errors import InputError
from ..terms import Const, fn
from . import Param
from ._board import tap_paid

# keyword -> (its rule, the event's extra keys)
_KEYWORDS = {"suspend": ("702.62a", {}), "foretell": ("702.143a", {"face_down": True}),
             "plot": ("702.170a", {"plotted": True})}
NOT_RECORDED = ("the snapshot has no exile zone for cards: the card is not recorded, and casting it "
                "from exile later is not modelled")


def _why(entries):
    return "; ".join(f"{a['reason']} [CR {a['rule']}]" for a in entries)


def perform(s, keyword, card, player=None, pay=None):
    """PLAYER takes KEYWORD's special action with CARD from their hand: (new snapshot dict, events)."""
    player = player or s.priority or s.active
    api.check_player(s, player)
    card = cardlookup.among(s.cards, card)
    if card not in s.hand.get(player, []):
        raise InputError(f"{card!r} is not in {player}'s hand")
    answer = api.actions(s, player)

    def mine(key):
        return [a for a in answer[key] if a["kind"] == "special" and a.get("card") == card
                and a.get("keyword") == keyword]
    rule = _KEYWORDS[keyword][0]
    if not mine("actions"):
        if mine("refused"):
            raise InputError(f"{player} can't {keyword} {card} now: {_why(mine('refused'))}")
        if mine("not_modelled"):
            raise InputError(f"whether {player} may {keyword} {card} now is not modelled "
                             f"({', '.join(str(a['not_modelled']) for a in mine('not_modelled'))})")
        raise InputError(f"{card} has no {keyword} ability the KB reads [CR {rule}]")
    entry = mine("actions")[0]
    action = fn("act", Const("special"), card, Const(keyword))
    sources = None if pay is None else [x for x in pay.split(",") if x]
    paid = api.pay_cost(s, player, action, sources)
    new = s.to_dict()
    new["hand"][player].remove(card)
    events = tap_paid(new, paid)
    ev = {"event": keyword, "player": player, "card": card, "cost": entry.get("cost", "{0}"),
          "from": "hand", "zone": "exile", **_KEYWORDS[keyword][1]}
    if "time_counters" in entry:
        ev["time_counters"] = entry["time_counters"]
    ev.update({"recorded": False, "not_recorded": NOT_RECORDED, "rule": rule})
    events.append(ev)
    return new, events


def params():
    """The parameters of each special action's transition."""
    return (
        Param("card", metavar="CARD", positional=True),
        Param("player", metavar="P", short="-p", help="Whose hand the card is in (default: who has priority)."),
        Param("pay", metavar="ID,...", help="The mana sources to tap to pay the cost "
              "(default: one way to pay that works)."),
    )
