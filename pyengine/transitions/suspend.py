"""`mtgkb apply SNAP suspend CARD [--player P] [--pay IDS]` (CR 116.2f, 702.62a): pay the card's
suspend cost and exile it from hand with its time counters (pyengine/transitions/_special.py)."""

from . import Transition, _special


def suspend(s, card, player=None, pay=None):
    """Suspend CARD from P's hand: pay its suspend cost, exile it with N time counters (116.2f)."""
    return _special.perform(s, "suspend", card, player, pay)


TRANSITION = Transition("suspend", suspend, _special.params())
