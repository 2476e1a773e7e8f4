"""Static abilities that change the types, colors and abilities of the permanent an Aura or
Equipment is attached to (613.1d-f), read by kb/type_changes.lp, kb/granted_abilities.lp and
kb/lose_other_abilities.lp:

- "Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types and
  abilities." -> ``type_change(Ab,attached(permanent),set_card_type(land))``, ``...,colorless)``,
  ``grants_filter(Ab,attached(permanent),G)``, ``loses_other_abilities(Ab,attached(permanent))``;
- "Enchanted permanent is a Treasure artifact with "...", and it loses all other abilities." ->
  ``set_card_type(artifact)``, ``set_subtype("Treasure",artifact)`` (205.1a), the grant and the loss;
- "Enchanted land loses all land types and abilities and has "..." and "..."." -> ``lose_land_types``,
  the loss and the grants;
- "Enchanted land is snow." -> ``add_supertype(snow)`` (205.4b); "Enchanted land is the chosen
  color." -> ``chosen_color`` (614.12, 613.1e).

The sentence is a sequence of such clauses about one subject ("enchanted <card type or
permanent>", "equipped creature"), each joined by "and". A new card type is set only on
"enchanted permanent" (a filter that reads no type, so the types never depend on themselves) and
only when each new card type but land has its subtypes set too (205.1a: the subtypes of a card type
the permanent no longer has are removed; kb/type_changes.lp knows the land types only), and the
subtypes of a set other than land types only with the card types ("is a Flagbearer" replaces creature
types the KB cannot tell from the others); a basic land type set is 305.7 (the permanent loses its
rules-text abilities: kb/type_changes.lp). "Enchanted land is an Island." is land_types/4. "in
addition to its other types" (205.1b) and any other wording are not this shape: None.
"""

from ..terms import Const, fn
from . import ir, mana_ir
from .lower_designed import ability_items, land_types_of, grant_abilities, grant_filter_known, have_items, strip_filter_known
from .shapes import Unmodelled
from .vocabulary import subtype_kinds

# 205.3g-j, 205.3m, 205.3q: the card type whose subtypes each list of 205.3 holds
_KIND_TYPE = {"artifact types": "artifact", "enchantment types": "enchantment", "land types": "land",
              "planeswalker types": "planeswalker", "creature types": "creature", "battle types": "battle"}
# "lose all ...": (set card types, lose land types, lose abilities)
_LOSE = {"all other card types": (True, False, False),
         "all other card types and abilities": (True, False, True),
         "all land types": (False, True, False),
         "all land types and abilities": (False, True, True),
         "all abilities": (False, False, True),
         "all other abilities": (False, False, True)}


def attached_changes(ctx, sentences):
    """The facts of such a static ability; None if the line is not this shape."""
    if ctx.is_spell or len(sentences) != 1:
        return None
    s = sentences[0]
    if s.kind != "sentence" or s.leads or s.tail is not None or not s.clauses \
            or any(j not in ("and", ", and") for j in s.joins):
        return None
    first = s.clauses[0]
    f = _attached(first.subject) if isinstance(first, ir.Clause) else None
    if f is None or land_types_of(first) is not None:
        return None                                 # "Enchanted land is an Island.": land_types/4
    changes, keywords, quoted = [], [], []
    set_types = strips = False
    for i, c in enumerate(s.clauses):
        if not isinstance(c, ir.Clause) or c.aux or c.tails or (i and c.subject not in (None, ir.Ref("it"))):
            return None
        if c.verb_name == "is":
            part = _is(c.verb)
            if part is None:
                return None
            changes += part[0]
            keywords += part[1]
            quoted += part[2]
        elif c.verb_name in ("lose_types", "lose_abilities") and len(c.verb.args) == 2 and c.verb.args[1] in _LOSE:
            sets, lands, abilities = _LOSE[c.verb.args[1]]
            set_types |= sets
            strips |= abilities
            if lands:
                changes.append(Const("lose_land_types"))
        elif c.verb_name == "have":
            items = have_items(c.verb)
            if items is None:
                return None
            keywords += items[0]
            quoted += items[1]
        else:
            return None
    new_types = [ch.args[0].name for ch in changes if getattr(ch, "name", "") == "set_card_type"]
    if set_types and not new_types:
        return None                                 # "loses all other card types" names the new ones
    if new_types and not _types_settable(f, new_types, changes):
        return None
    if not new_types and _set_kinds(changes) - {"land"}:
        return None                                 # "is a Flagbearer": which old subtypes are creature types?
    if not changes and not strips:
        return None
    facts = [("static", ctx.ab)] + [("type_change", ctx.ab, f, ch) for ch in changes]
    notes, answers = [], []
    if keywords or quoted:
        granted = grant_abilities(ctx, f, keywords, quoted)
        if granted is None or not grant_filter_known(f):
            return None
        more, notes, answers = granted
        facts += more
    if strips:
        if not strip_filter_known(f):
            return None
        facts.append(("loses_other_abilities", ctx.ab, f))
    if notes:
        raise Unmodelled(notes[0], facts, affects=frozenset().union(*answers))
    return facts


def _attached(obj):
    """attached(T) of "enchanted <card type>" / "equipped creature", attached(permanent) of "enchanted
    permanent" (303.4, 301.5); None otherwise."""
    if not isinstance(obj, ir.Obj) or obj.quantity or obj.possessor or obj.qualifiers or len(obj.groups) != 1 \
            or len(obj.groups[0]) != 2:
        return None
    status, what = obj.groups[0]
    if status not in (ir.Char("status", "enchanted"), ir.Char("status", "equipped")):
        return None
    if what == ir.Char("noun", "permanent"):
        return fn("attached", Const("permanent"))
    if isinstance(what, ir.Char) and what.kind == "card_type" and not what.negated and what.value in mana_ir.CARD_TYPES:
        return fn("attached", Const(what.value))
    return None


_CHOSEN_COLOR = ir.Obj(ir.Quantity("the"), None, ((ir.Char("status", "chosen"), ir.Node("color_noun", ("color",))),))


def _is(verb):
    """(changes, keywords, quoted abilities) of "is a colorless land with "..."", "is a Treasure artifact",
    "is snow", "is the chosen color"; None for anything else."""
    what = [a for a in verb.args if not isinstance(a, str)]
    if len(what) != 1 or not isinstance(what[0], ir.Obj) or what[0].possessor or len(what[0].groups) != 1:
        return None
    obj = what[0]
    if obj == _CHOSEN_COLOR:
        return [Const("chosen_color")], [], []
    if obj.quantity not in (None, *ir.A_OR_AN):
        return None
    changes = []
    for ch in obj.groups[0]:
        if not isinstance(ch, ir.Char) or ch.negated:
            return None
        if ch.kind == "status" and ch.value == "colorless":
            changes.append(Const("colorless"))
        elif ch.kind == "card_type" and ch.value in mana_ir.CARD_TYPES:
            changes.append(fn("set_card_type", Const(ch.value)))
        elif ch.kind == "supertype":
            changes.append(fn("add_supertype", Const(ch.value)))
        elif ch.kind == "subtype" and subtype_kinds().get(ch.value) in _KIND_TYPE:
            changes.append(fn("set_subtype", ch.value, Const(_KIND_TYPE[subtype_kinds()[ch.value]])))
        else:
            return None
    has_type = any(getattr(c, "name", "") in ("set_card_type", "set_subtype") for c in changes)
    if (obj.quantity is None) == has_type:
        return None                                 # "a" before a type ("a land"), never before "snow"
    keywords, quoted = [], []
    for q in obj.qualifiers:
        items = _with_quoted(q)
        if items is None:
            return None
        keywords += items[0]
        quoted += items[1]
    return changes, keywords, quoted


def _with_quoted(q):
    """(keywords, quoted abilities) of a qualifier 'with "<ability>"' (113.1a); None for another one."""
    if not (isinstance(q, ir.Node) and q.kind == "with_q" and len(q.args) == 2 and isinstance(q.args[1], ir.Node)
            and q.args[1].kind == "with_quoted"):
        return None
    return ability_items(q.args[1].args)


def _types_settable(f, new_types, changes):
    """Whether kb/type_changes.lp sets these card types: on "enchanted permanent" (no type read),
    each new type but land with its subtypes set (205.1a)."""
    if f != fn("attached", Const("permanent")):
        return False
    return all(t == "land" or t in _set_kinds(changes) for t in new_types)


def _set_kinds(changes):
    return {c.args[1].name for c in changes if getattr(c, "name", "") == "set_subtype"}
