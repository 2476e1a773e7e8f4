"""`mtgkb apply SNAP plot CARD [--player P] [--pay IDS]` (CR 116.2k, 702.170a): pay the card's plot
cost and exile it from hand; it becomes a plotted card (pyengine/transitions/_special.py)."""

from . import Transition, _special


def plot(s, card, player=None, pay=None):
    """Plot CARD from P's hand: pay its plot cost, exile it; it becomes plotted (116.2k)."""
    return _special.perform(s, "plot", card, player, pay)


TRANSITION = Transition("plot", plot, _special.params())
