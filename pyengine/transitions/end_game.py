"""`mtgkb apply SNAP end_game`: the game ends (CR 104); all face-down permanents are revealed to all
players (708.9), as the KB derives (queries/zone_events.lp). The snapshot itself is unchanged."""

from .. import api
from ..terms import Const
from . import Transition, _board


def end_game(s):
    """The game ends: every face-down permanent is revealed (CR 708.9)."""
    by = api.query(s, "zone_events", [("happens", Const("end_game"))])
    return s.to_dict(), [{"event": "game_over", "rule": "104"}] + _board.reveal_events(by)


TRANSITION = Transition("end_game", end_game)
