"""Station symbols (721): "{N+} [abilities]" of a station card means "As long as this permanent has
N or more charge counters on it, it has [abilities]" (721.2a), a static ability whose abilities the
snapshot's counters decide.

The line "N+ | <ability>" of a card with the station keyword (702.184) gives the static ability
``static(Ab)`` with ``ability_while(Ab,self_counters("charge",N),G)`` (:mod:`.gates`), G =
granted(Card,Line) the ability after the symbol compiled like a printed one (kb/objects.lp: the
permanent has G while it has N or more charge counters). The same wording on a card without the
station keyword is a row of a die's results table (706.2) and stays a note; so does a
power/toughness box (721.2b: a base P/T the KB does not have).
"""

import re

from . import gates, ir

_STATION_KEYWORD = re.compile(r"^Station\b", re.M)


def is_station(node, face):
    """True if NODE is a station symbol "N+ | <ability>" (721.2a) of FACE, a card with station."""
    return isinstance(node, ir.Node) and node.kind == "threshold" and len(node.args) == 4 \
        and str(node.args[0]).isdigit() and isinstance(node.args[-1], (ir.Activated, ir.Triggered, ir.Static,
                                                                        ir.Keywords)) \
        and face is not None and bool(_STATION_KEYWORD.search(face.text or ""))


def station(ctx, node):
    """The facts of a station symbol's static ability (see module doc); Unmodelled with those facts
    when the ability it grants is not carried out (a note for what that ability could change)."""
    return gates.gated(ctx, node.args[-1], gates.station(int(node.args[0])), ctx.raw.split("|", 1)[-1].strip(),
                       ctx.text.split("|", 1)[-1].strip(), "the ability of the station symbol")
