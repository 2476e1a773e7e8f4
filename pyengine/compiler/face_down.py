"""Face-down permanents (CR 708, 701.40 manifest, 702.37 morph, 702.168 disguise) and the abilities
that care about them. The keywords morph, megamorph and disguise are in ``keywords.py``.

Facts (see kb/schema.lp, section "Face-down permanents"):
``as_turned_face_up_counters(Ab,Kind,N)`` "As ~ is turned face up, put N Kind counters on it." (708.11);
``turned_face_up_trigger(Ab)`` "When ~ is turned face up, ..." (its effect stays not modelled);
``dies_trigger(Ab,creature_you_control(modified))`` + ``trigger_effect(Ab,manifest_top)`` for
"Whenever a modified creature you control dies, manifest the top card of your library." (700.9, 701.40a).
"""

from ..terms import Const, fn
from .costs import number
from .grammar import sentence

_N = r"(a|an|one|two|three|four|five|\d+)"


@sentence(rf"As ~ is turned face up, put {_N} ([A-Za-z+/0-9-]+) counters? on it\.")
def _as_turned_face_up(ctx, m):
    return [("as_turned_face_up_counters", ctx.ab, m.group(2), number(m.group(1)))]


@sentence(r"When ~ is turned face up, (.+)")
def _when_turned_face_up(ctx, m):
    # The trigger event is modelled (apply reports it); what the ability does is not.
    return [("turned_face_up_trigger", ctx.ab),
            ("card_not_modelled", ctx.card, ctx.index,
             f"effect of the turned-face-up trigger: {m.group(1)!r} (the trigger itself is modelled)")]


@sentence(r"Whenever a modified creature you control dies, manifest the top card of your library\.")
def _modified_dies_manifest(ctx, m):
    return [("dies_trigger", ctx.ab, fn("creature_you_control", Const("modified"))),
            ("trigger_effect", ctx.ab, Const("manifest_top"))]
