"""`mtgkb apply SNAP manifest_dread PLAYER [--choose 1|2]`: PLAYER manifests dread (CR 701.62a)."""

from ..terms import fn
from . import Param, Transition, _board


def manifest_dread(s, player, choose=1):
    """PLAYER looks at the top two cards of their library, manifests one and puts the other into their
    graveyard (CR 701.62a). Abilities that trigger whenever a player manifests dread trigger even if
    some of this was impossible (CR 701.62b): the event manifested_dread is always reported."""
    _board.require_player(s, player)
    d, events = s.to_dict(), []
    _board.put_face_down(d, fn("manifest_dread", player, choose), events)
    events.append({"event": "manifested_dread", "player": player, "rule": "701.62b"})
    return d, events


TRANSITION = Transition("manifest_dread", manifest_dread, (
    Param("player", metavar="PLAYER", positional=True),
    Param("choose", type=int, range=(1, 2), default=1,
          help="Which of the two cards looked at (1 = the top card) is manifested."),
))
