"""`mtgkb apply SNAP manifest PLAYER`: PLAYER manifests the top card of their library (CR 701.40a)."""

import click

from ..terms import fn
from . import _board


@click.command("manifest")
@click.argument("player", metavar="PLAYER")
def command(player):
    """PLAYER manifests the top card of their library: it enters face down as a 2/2 creature (CR 701.40a)."""
    s = _board.current()
    _board.require_player(s, player)
    d, events = s.to_dict(), []
    _board.put_face_down(d, fn("manifest", player), events)
    return d, events
