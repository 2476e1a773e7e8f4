"""`mtgkb apply SNAP end_game`: the game ends (CR 104); all face-down permanents are revealed to all
players (708.9), as the KB derives (queries/zone_events.lp). The snapshot itself is unchanged."""

import click

from ..terms import Const
from . import _board


@click.command("end_game")
def command():
    """The game ends: every face-down permanent is revealed (CR 708.9)."""
    s = _board.current()
    by = _board.ask(s, "zone_events", [("happens", Const("end_game"))])
    return s.to_dict(), [{"event": "game_over", "rule": "104"}] + _board.reveal_events(by)
