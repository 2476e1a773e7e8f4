"""`mtgkb apply SNAP foretell CARD [--player P] [--pay IDS]` (CR 116.2h, 702.143a): pay {2} and
exile the card from hand face down (pyengine/transitions/_special.py)."""

from . import Transition, _special


def foretell(s, card, player=None, pay=None):
    """Foretell CARD from P's hand: pay {2}, exile it face down (116.2h)."""
    return _special.perform(s, "foretell", card, player, pay)


TRANSITION = Transition("foretell", foretell, _special.params())
