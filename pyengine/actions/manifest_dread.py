"""`mtgkb apply SNAP manifest_dread PLAYER [--choose 1|2]`: PLAYER manifests dread (CR 701.62a)."""

import click

from ..terms import fn
from . import _board


@click.command("manifest_dread")
@click.argument("player", metavar="PLAYER")
@click.option("--choose", type=click.IntRange(1, 2), default=1, show_default=True,
              help="Which of the two cards looked at (1 = the top card) is manifested.")
def command(player, choose):
    """PLAYER looks at the top two cards of their library, manifests one and puts the other into their
    graveyard (CR 701.62a). Abilities that trigger whenever a player manifests dread trigger even if
    some of this was impossible (CR 701.62b): the event manifested_dread is always reported."""
    s = _board.current()
    _board.require_player(s, player)
    d, events = s.to_dict(), []
    _board.put_face_down(d, fn("manifest_dread", player, choose), events)
    events.append({"event": "manifested_dread", "player": player, "rule": "701.62b"})
    return d, events
