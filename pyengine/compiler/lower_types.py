"""Static abilities that change the types of their own permanent (205.1b, 604.3, 613.1d), read by
kb/self_types.lp:

- "As long as ~ is on the battlefield, it's a land in addition to its other types." ->
  ``self_adds_type(Ab,land)`` (a static ability of a permanent functions only on the battlefield,
  611.3a, 113.6, so the condition always holds where the KB reads it);
- "~ is also a Cleric, Rogue, Warrior, and Wizard." -> ``self_adds_subtype(Ab,S)`` for each;
- "This land is every nonbasic land type." -> ``self_adds_land_types(Ab,nonbasic)`` (205.3i);
- "As long as ~ has a slumber counter on it, it's a land." -> ``type_change(Ab,self,set_card_type(land))``
  and ``static_if(Ab,self_has_counter("slumber"))`` (205.1a, 611.3a; kb/type_changes.lp).

Any other wording (another type that replaces the others, another condition) is not this shape:
the line stays a note.
"""

from ..terms import Const, fn
from . import ir
from .conditions import while_self_has_counter
from .shapes import as_long_as_clause, is_self

IN_ADDITION = ir.Node("vp_tails", (ir.Node("tail_in_addition_types", ("in addition to its other types",)),))
_ON_BATTLEFIELD = ir.Verb("is", (ir.Node("be_word", ("is",)), "on the battlefield"))
_EVERY_NONBASIC = ((ir.Char("supertype", "basic", True), ir.Char("card_type", "land"), ir.Node("type_word", ("type",))),)


def self_types(ctx, sentences):
    """The facts of a static ability that adds types to its own permanent, or None."""
    if ctx.is_spell or len(sentences) != 1 or sentences[0].tail is not None or len(sentences[0].clauses) != 1:
        return None
    s = sentences[0]
    c = s.clauses[0]
    static = ("static", ctx.ab)
    if isinstance(c, ir.Node) and c.kind == "its_clause" and len(s.leads) == 1 and _on_battlefield(s.leads[0]) \
            and len(c.args) == 3 and c.args[2] == IN_ADDITION:
        t = one_card_type(c.args[1])
        return None if t is None else [static, ("self_adds_type", ctx.ab, Const(t))]
    if s.leads or not isinstance(c, ir.Clause) or not is_self(c.subject) or c.aux or c.tails or c.verb_name != "is":
        return None
    args = c.verb.args
    if len(args) == 3 and args[:2] == ("is", "also"):
        subtypes = _subtypes(args[2])
        return None if not subtypes else [static] + [("self_adds_subtype", ctx.ab, st) for st in subtypes]
    if len(args) == 2 and isinstance(args[1], ir.Obj) and args[1].quantity == ir.Quantity("every") \
            and args[1].groups == _EVERY_NONBASIC and not args[1].possessor and not args[1].qualifiers:
        return [static, ("self_adds_land_types", ctx.ab, Const("nonbasic"))]
    return None


def self_color(ctx, sentences):
    """604.3, 105.2: "~ is colorless." / "~ is all colors." of an instant or sorcery card ->
    self_color(Ab,colorless|all): a characteristic-defining ability, which works in every zone
    (kb/card_colors.lp). A permanent's stays a note: its color on the battlefield is not read from it."""
    if not ctx.is_spell or len(sentences) != 1 or sentences[0].tail is not None or sentences[0].leads \
            or len(sentences[0].clauses) != 1:
        return None
    c = sentences[0].clauses[0]
    if not isinstance(c, ir.Clause) or not is_self(c.subject) or c.aux or c.tails or c.verb_name != "is" \
            or len(c.verb.args) != 2:
        return None
    what = c.verb.args[1]
    if what == ir.Obj(None, None, ((ir.Char("status", "colorless"),),), (), ()):
        return [("self_color", ctx.ab, Const("colorless"))]
    if what == ir.Node("all_colors", ("all colors",)):
        return [("self_color", ctx.ab, Const("all"))]
    return None


def _on_battlefield(lead):
    """"As long as ~ is on the battlefield" (any name of the permanent itself)."""
    c = as_long_as_clause(lead)
    return c is not None and is_self(c.subject) and c.verb == _ON_BATTLEFIELD


def one_card_type(obj):
    """"a land" -> land (one card type, 205.2a), or None (also used by pyengine/compiler/gates.py)."""
    if not isinstance(obj, ir.Obj) or obj.quantity not in ir.A_OR_AN or obj.possessor \
            or obj.qualifiers or len(obj.groups) != 1 or len(obj.groups[0]) != 1:
        return None
    ch = obj.groups[0][0]
    return ch.value if isinstance(ch, ir.Char) and ch.kind == "card_type" and not ch.negated else None


def _subtypes(obj):
    """"a Cleric, Rogue, Warrior, and Wizard" -> the subtypes (205.3), or None."""
    if not isinstance(obj, ir.Obj) or obj.quantity not in ir.A_OR_AN or obj.possessor \
            or obj.qualifiers:
        return None
    if any(len(g) != 1 or not isinstance(g[0], ir.Char) or g[0].kind != "subtype" or g[0].negated for g in obj.groups):
        return None
    if obj.joins and obj.joins[-1] not in (("and",), (",", "and")) or any(j != (",",) for j in obj.joins[:-1]):
        return None
    return [g[0].value for g in obj.groups]
