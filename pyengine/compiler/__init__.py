"""The card compiler: Oracle text (data) -> ability facts for the KB (CR 113, 602, 605, 702).

``compile_card(card)`` returns a :class:`Compiled` with every fact about the card and the list
of text it did not understand. Nothing is dropped silently: each line not understood becomes a
``card_not_modelled(Card, Line, Text)`` fact, which the engine reports with every answer that
involves the card.

Fact vocabulary (documented in ``kb/schema.lp``):
``card/1, card_type/2, card_supertype/2, card_subtype/2, card_power/2, card_toughness/2,
card_cost/3, card_has_mana_cost/1, card_layout/2, card_face/3, card_ability/2, ability_text/2,
activated/1, ability_cost/2`` and what each area module adds.
"""

from dataclasses import dataclass
import importlib
import pkgutil
import re

from .. import limits
from ..terms import Const
from . import grammar
from .grammar import Ctx
from .symbols import NotModelled, parse_mana_cost, parse_type_line

_SELF = re.compile(r"\b[Tt]his (?:creature|land|artifact|enchantment|Equipment|permanent|card|spell)\b")
_ACTIVATED = re.compile(r'^(?P<cost>[^:"]+?): (?P<effect>.+)$')
# Facts whose numbers the KB adds to power and toughness (613.4c), and the positions of the power
# and toughness change: a card (all its faces) may change each by at most limits.MAX_PT_CHANGE in
# all, so that no sum of them overflows the solver's numbers (see pyengine/limits.py).
PT_CHANGES = {"anthem": (3, 4), "attached_pt": (2, 3)}

for _m in pkgutil.iter_modules(__path__):       # each area module registers its grammar on import
    if _m.name not in ("grammar", "symbols"):
        importlib.import_module(f"{__name__}.{_m.name}")


@dataclass
class Compiled:
    """The facts of one card and the text the compiler did not understand."""

    name: str
    facts: list
    not_modelled: list


def strip_reminders(text):
    """TEXT without reminder text: every balanced parenthesised part, nested ones included, with
    the white space before it. One pass with a stack of open parentheses, so linear in the text
    (a regex applied until nothing changes was quadratic in spaces and in nesting depth); an
    unbalanced parenthesis is kept, with what follows it."""
    out, opened = [], []
    for ch in text:
        if ch == "(":
            start = len(out)
            while start and out[start - 1].isspace():    # each space is passed over once:
                start -= 1                                # the '(' after it stops the next scan
            opened.append(start)
            out.append(ch)
        elif ch == ")" and opened:
            del out[opened.pop():]
        else:
            out.append(ch)
    return "".join(out)


def normalise(text, names):
    """Ability text without reminder text, with the card's own name(s) replaced by '~'."""
    text = strip_reminders(text)
    for n in sorted(names, key=len, reverse=True):    # whole words, never inside a symbol:
        text = re.sub(rf"(?<![\w{{]){re.escape(n)}(?![\w}}])", "~", text)  # a card "T" keeps {T}
    return _SELF.sub("~", text).strip()


def compile_card(card):
    """Compile a :class:`pyengine.cardlib.Card` into facts."""
    facts, missing = [("card", card.name)], []
    facts.append(("card_layout", card.name, Const(card.layout)))
    pt_budget = [limits.MAX_PT_CHANGE, limits.MAX_PT_CHANGE]    # power, toughness: what is left
    if len(card.faces) == 1:                # normal, saga, leveler, ...: keyed by the card's name
        _face(card.name, card.front, facts, missing, pt_budget)
    else:
        for i, face in enumerate(card.faces, 1):
            facts.append(("card_face", card.name, i, face.name))
            facts.append(("card", face.name))
            _face(face.name, face, facts, missing, pt_budget)
    return Compiled(card.name, facts, missing)


def _face(key, face, facts, missing, pt_budget):
    def unmodelled(line_no, text):
        facts.append(("card_not_modelled", key, line_no, text))
        missing.append((key, line_no, text))

    sup, types, subs, unknown = parse_type_line(face.type_line)
    facts += [("card_supertype", key, Const(s)) for s in sup]
    facts += [("card_type", key, Const(t)) for t in types]
    facts += [("card_subtype", key, s) for s in subs]
    if unknown or not types:
        unmodelled(0, f"type line {face.type_line!r}")
    facts += [("card_color_indicator", key, Const(c.lower())) for c in face.color_indicator]
    if face.mana_cost:
        try:
            cost = parse_mana_cost(face.mana_cost)
            facts.append(("card_has_mana_cost", key))
            facts += [("card_cost", key, sym, n) for sym, n in cost]
        except NotModelled as e:
            unmodelled(0, str(e))
    for attr, pred in (("power", "card_power"), ("toughness", "card_toughness")):
        v = getattr(face, attr)
        if v is None:
            continue
        if re.fullmatch(r"-?[0-9]+", v):
            facts.append((pred, key, int(v)))
        else:
            unmodelled(0, f"{attr} {v!r} (characteristic-defining)")
    names = {key, face.name}
    if "," in face.name:                    # legendary short name, e.g. "Jace" (201.5)
        names.add(face.name.split(",")[0])
    for i, raw in enumerate(face.text.split("\n"), 1):
        text = normalise(raw, names)
        if not text:
            continue
        ctx = Ctx(key, i, face)
        try:
            ab_facts = compile_line(ctx, text)
        except NotModelled as e:
            unmodelled(i, f"{raw.strip()} [{e}]" if str(e) else raw.strip())
            continue
        change = [sum(abs(f[PT_CHANGES[f[0]][j]]) for f in ab_facts if f[0] in PT_CHANGES) for j in (0, 1)]
        if change[0] > pt_budget[0] or change[1] > pt_budget[1]:
            unmodelled(i, f"{raw.strip()} [the power/toughness changes of this card add up to more "
                          f"than {limits.MAX_PT_CHANGE}]")
            continue
        pt_budget[0] -= change[0]
        pt_budget[1] -= change[1]
        facts.append(("card_ability", key, ctx.ab))
        facts.append(("ability_text", ctx.ab, raw.strip()))
        facts += ab_facts
        if "effect_not_modelled" in ctx.extra:
            unmodelled(i, f"{raw.strip()} [{ctx.extra['effect_not_modelled']}]")
        # a handler may model a line only in part: the rest is reported like any unmodelled text
        missing += [f[1:] for f in ab_facts if f[0] == "card_not_modelled"]


def compile_line(ctx, text):
    """Facts for one ability line; raises NotModelled if no registered shape covers all of it."""
    for rx, handler in grammar.SENTENCES:
        m = rx.fullmatch(text)
        if m:
            return handler(ctx, m)
    m = _ACTIVATED.match(text)
    if m and not text.startswith(("When", "Whenever", "At ")):
        return _activated(ctx, m.group("cost"), m.group("effect"))
    return _keywords(ctx, text)


def _activated(ctx, cost_text, effect_text):
    """An activated ability (602.1). If its cost is understood but its effect is not, the ability
    is still compiled, with ``effect_not_modelled(Ab)``: whether it can be activated then depends
    on things the KB cannot see (targets, ...), and the KB says so rather than guess."""
    facts = [("activated", ctx.ab)]
    for item in (c.strip() for c in cost_text.split(",")):
        facts += _one(grammar.COSTS, ctx, item, "cost")
    try:
        facts += _one(grammar.EFFECTS, ctx, effect_text.strip(), "effect")
    except NotModelled as e:
        ctx.extra["effect_not_modelled"] = str(e)
        facts.append(("effect_not_modelled", ctx.ab))
        if re.search(r"\btargets?\b", effect_text):
            facts.append(("ability_targets", ctx.ab))
    return facts


def _one(table, ctx, text, what):
    for rx, handler in table:
        m = rx.fullmatch(text)
        if m:
            return handler(ctx, m)
    raise NotModelled(f"{what} {text!r} not modelled")


def _keywords(ctx, text):
    """A keyword line such as 'Flying, haste' or 'Morph {3}{G}{G}' (702)."""
    facts = []
    for part in (p.strip() for p in text.split(",")):
        if part.lower() in grammar.KEYWORDS:
            facts += grammar.KEYWORDS[part.lower()](ctx, "")
            continue
        word, _, arg = part.partition(" ")
        handler = grammar.KEYWORDS.get(word.lower())
        if handler is None:
            raise NotModelled()
        facts += handler(ctx, arg.strip())
    return facts


@grammar.sentence(r'Equipped creature has "(.+)"\.?')
def _equipped_has(ctx, m):
    """A static ability of an Equipment granting a quoted ability to the equipped creature (301.5,
    613.1f). The quoted ability is compiled as ability granted(Card,Line)."""
    inner = Ctx(ctx.card, ctx.index, ctx.face, kind="granted")
    facts = compile_line(inner, m.group(1))
    if "effect_not_modelled" in inner.extra:
        ctx.extra["effect_not_modelled"] = inner.extra["effect_not_modelled"]
    return [("static", ctx.ab), ("grants", ctx.ab, Const("equipped"), inner.ab),
            ("ability_text", inner.ab, m.group(1).replace("~", "this creature"))] + facts
