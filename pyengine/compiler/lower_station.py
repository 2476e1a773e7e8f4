"""Station symbols (721): "{N+} [abilities]" of a station card means "As long as this permanent has
N or more charge counters on it, it has [abilities]" (721.2a), a static ability whose abilities the
snapshot's counters decide.

The line "N+ | <ability>" of a card with the station keyword (702.184) gives the static ability
``static(Ab)`` with ``grants(Ab,self_counters("charge",N),G)``, G = granted(Card,Line) the ability
after the symbol compiled like a printed one (kb/granted_abilities.lp: the permanent has G while it
has N or more charge counters). The same wording on a card without the station keyword is a row of a
die's results table (706.2) and stays a note; so does a power/toughness box (721.2b: a base P/T the
KB does not have).
"""

import re

from ..terms import fn
from . import ir
from .shapes import Ctx, Unmodelled

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
    from .lower import lower
    inner_ctx = Ctx(ctx.card, ctx.index, ctx.face, kind="granted", raw=ctx.raw.split("|", 1)[-1].strip(),
                    text=ctx.text.split("|", 1)[-1].strip())
    inner = lower(inner_ctx, ir.Line(ctx.index, inner_ctx.raw, inner_ctx.text, node.args[-1]))
    if not inner.ability:
        raise Unmodelled(f"the ability of the station symbol: {inner.reason}")
    # 721.2a: as long as it has N or more charge counters on it, it has the ability
    facts = [("static", ctx.ab), ("grants", ctx.ab, fn("self_counters", "charge", int(node.args[0])), inner_ctx.ab),
             ("ability_text", inner_ctx.ab, inner_ctx.raw)] + inner.facts
    if not inner.modelled:
        raise Unmodelled(f"the ability of the station symbol: {inner.reason}", facts, affects=inner.affects)
    return facts
