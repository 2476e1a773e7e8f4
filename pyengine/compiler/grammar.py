"""The registry of Oracle-text shapes the compiler understands.

Each area of the compiler (``mana.py``, ``keywords.py``, ...) registers handlers with the
decorators below; :mod:`pyengine.compiler` tries them in order. A handler receives a
:class:`Ctx` and the regex match and returns a list of facts about ``ctx.ab`` (the ability
term ``ab(Card, Index)``), or raises :class:`NotModelled`.

- ``@sentence(regex)``: a whole ability (static or triggered), e.g. Contamination's replacement.
- ``@cost(regex)``: one item of an activation cost, e.g. ``{T}`` or ``Pay 1 life``.
- ``@effect(regex)``: the effect of an activated ability, e.g. ``Add {G}.``
- ``@keyword(name)``: a keyword, with the rest of the keyword text (cost or argument) as ``arg``.

Text is matched after reminder text is removed and the card's own name (or "this creature",
"this land", ...) is replaced by ``~``. Patterns are full matches, case-sensitive.
"""

from dataclasses import dataclass, field
import re

from ..terms import fn

SENTENCES, COSTS, EFFECTS = [], [], []
KEYWORDS = {}


@dataclass
class Ctx:
    """What a handler may use: the card key, the ability index and term, and the card's face."""

    card: str
    index: int
    face: object = None
    extra: dict = field(default_factory=dict)
    kind: str = "ab"            # "granted" for an ability quoted inside another one

    @property
    def ab(self):
        return fn(self.kind, self.card, self.index)


def _register(table, pattern):
    rx = re.compile(pattern)

    def deco(handler):
        table.append((rx, handler))
        return handler
    return deco


def sentence(pattern):
    """Register a handler for a whole ability line."""
    return _register(SENTENCES, pattern)


def cost(pattern):
    """Register a handler for one activation-cost item."""
    return _register(COSTS, pattern)


def effect(pattern):
    """Register a handler for the effect part of an activated ability."""
    return _register(EFFECTS, pattern)


def keyword(name):
    """Register a handler for a keyword ability (matched case-insensitively)."""
    def deco(handler):
        KEYWORDS[name.lower()] = handler
        return handler
    return deco


def is_spell(ctx):
    """True if the ability belongs to an instant or sorcery: its text is a spell ability whose
    effect, once the spell resolved, is an `effects:` entry of the snapshot (611.2a)."""
    return ctx.face is not None and any(t in ctx.face.type_line.lower() for t in ("instant", "sorcery"))


def static_or_spell(ctx):
    """The fact saying how an effect-generating ability applies: static/1 (604, a permanent's
    ability) or spell_effect/1 (611.2a, a resolved spell's lasting effect)."""
    return ("spell_effect" if is_spell(ctx) else "static", ctx.ab)
