"""`mtgkb apply SNAP leave_game PLAYER`: PLAYER leaves the game, e.g. concedes (CR 104.3a, 800.4a).

From the KB (queries/zone_events.lp): all face-down permanents PLAYER owns are revealed, and so is
every face-down permanent that leaves the battlefield (708.9). All objects PLAYER owns leave the
game; permanents PLAYER controls but does not own are exiled (800.4a; the snapshot has no exile
zone, so they are reported and removed). If one player is left, the game ends (104.2a) and every
face-down permanent is revealed (708.9). Not modelled (refused): the active player leaving (the turn
would go on without an active player, 800.4j) and lasting effects PLAYER controls (800.4a ends only
some of them).
"""

from .. import api
from ..errors import InputError
from ..snapshot import TURN_COUNTS
from ..terms import fn
from . import Param, Transition, _board


def leave_game(s, player):
    """PLAYER leaves the game (CR 800.4a); face-down permanents are revealed (CR 708.9)."""
    _board.require_player(s, player)
    if player == s.active:
        raise InputError(f"leave_game {player}: not modelled: the active player leaving the game "
                         "(the turn continues without an active player, 800.4j)")
    if any(e.controller == player for e in s.effects):
        raise InputError(f"leave_game {player}: not modelled: lasting effects controlled by a player "
                         "who leaves the game (800.4a)")
    by = api.query(s, "zone_events", [("happens", fn("leave_game", player))])
    d = s.to_dict()
    events = [{"event": "left_game", "player": player, "rule": "800.4a"}]
    events += _board.reveal_events(by)
    leaving = {x for (x,) in by.get("leaves_battlefield", [])}
    for p in d["battlefield"]:
        if p["id"] in leaving:
            how = "left_game" if p["owner"] == player else "exiled"
            events.append({"event": how, "permanent": p["id"], "card": p["card"], "rule": "800.4a"})
    _board.remove_from_battlefield(d, leaving, lambda q: None, events)
    d["players"] = [pl for pl in d["players"] if pl != player]
    for zone in ("hand", "library", "graveyard", "lands_played", *TURN_COUNTS):
        if zone in d:
            d[zone].pop(player, None)
            if not d[zone]:
                del d[zone]
    d["life"].pop(player, None)
    for p in d["battlefield"]:
        if p.get("exerted_by") == player:
            del p["exerted_by"]
    if by.get("game_ends"):
        events.append({"event": "game_over", "winner": d["players"][0] if d["players"] else None,
                       "rule": "104.2a"})
    return d, events


TRANSITION = Transition("leave_game", leave_game, (Param("player", metavar="PLAYER", positional=True),))
