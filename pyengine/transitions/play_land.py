"""`mtgkb apply SNAP play_land CARD [--player P]`: play a land card from hand (305.1-305.3).

Legal only as `mtgkb actions` says (main phase of the player's own turn, empty stack, priority,
fewer lands played this turn than allowed, 305.2); the land enters the battlefield under the
player's control and the land play is counted (`lands_played`). Playing a land doesn't use the
stack (305.1).
"""

from . import Param, Transition
from ._casting import check_legal, new_id
from ._history import entered


def play_land(s, card, player=None):
    """Play land CARD from P's hand (305.1)."""
    player = player or s.priority or s.active
    card, _ = check_legal(s, player, card, "play_land")
    new = s.to_dict()
    new["hand"][player].remove(card)
    pid = new_id(card, {p.id for p in s.battlefield})
    new["battlefield"].append({"id": pid, "card": card, "controller": player, "owner": player})
    entered(new["battlefield"][-1])
    new.setdefault("lands_played", {})[player] = s.lands_played.get(player, 0) + 1
    return new, [{"event": "play_land", "player": player, "card": card, "permanent": pid, "rule": "305.1"}]


TRANSITION = Transition("play_land", play_land, (
    Param("card", metavar="CARD", positional=True),
    Param("player", metavar="P", short="-p", help="Whose hand the card is in (default: who has priority)."),
))
