"""`mtgkb apply SNAP cloak PLAYER`: PLAYER cloaks the top card of their library (CR 701.58a)."""

from ..terms import fn
from . import Param, Transition, _board


def cloak(s, player):
    """PLAYER cloaks the top card of their library: it enters face down as a 2/2 creature with ward {2}
    (CR 701.58a)."""
    _board.require_player(s, player)
    d, events = s.to_dict(), []
    _board.put_face_down(d, fn("cloak", player), events)
    return d, events


TRANSITION = Transition("cloak", cloak, (Param("player", metavar="PLAYER", positional=True),))
