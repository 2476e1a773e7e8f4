"""`mtgkb apply SNAP manifest PLAYER`: PLAYER manifests the top card of their library (CR 701.40a)."""

from ..terms import fn
from . import Param, Transition, _board


def manifest(s, player):
    """PLAYER manifests the top card of their library: it enters face down as a 2/2 creature (CR 701.40a)."""
    _board.require_player(s, player)
    d, events = s.to_dict(), []
    _board.put_face_down(d, fn("manifest", player), events)
    return d, events


TRANSITION = Transition("manifest", manifest, (Param("player", metavar="PLAYER", positional=True),))
