"""What kind of line a line is, for the card database's coverage (``mtgkb cards coverage``).

:func:`kinds_of` returns a set of kind names for one line (``ir.Line``):

- its frame: ``keyword``, ``activated``, ``triggered``, ``static``, ``replacement`` (a static
  ability that replaces an event, 614: "instead", "enters tapped", "As ~ enters"), ``spell``
  (an instant's or sorcery's instructions), ``loyalty``, ``chapter``, ``mode``, ``level``,
  ``class_level``, ``threshold`` (a station symbol "N+ |", 721.2a, or a die result "N+ |",
  706.2), ``die_result``, ``other``, or ``unparsed``;
- ``ability_word`` if it starts with one (207.2c);
- ``mana_ability`` if it is, or grants, a mana ability or a mana effect, with the mana kinds:
  ``mana:fixed``, ``mana:choice``, ``mana:any_color``, ``mana:reflector``,
  ``mana:chosen_color``, ``mana:count_dependent`` (an amount that depends on the game),
  ``mana:costs_beyond_tap`` (costs beyond {T}), ``mana:spend_restriction`` (106.6),
  ``mana:activation_restriction`` (602.5), ``mana:rider`` (the ability does more than add mana),
  ``mana:mana_trigger`` (605.1b), ``mana:mana_replacement`` (106.12b), ``mana:ritual`` (a spell that adds mana), ``mana:granted`` (a quoted ability
  granted to other objects), ``mana:type_change`` (a static that changes land types, 305.7),
  ``mana:other`` (any other wording).
"""

from . import ir
from .affects import spell_face
from .lower_designed import land_types_of
from .mana_ir import of_clause

FRAMES = ("keyword", "activated", "triggered", "static", "replacement", "spell", "loyalty",
          "chapter", "mode", "level", "class_level", "threshold", "die_result", "other", "unparsed")
# the kinds of a mana line, each given as "mana:<kind>" (see the module doc)
MANA_KINDS = ("fixed", "choice", "any_color", "reflector", "chosen_color", "count_dependent",
              "costs_beyond_tap", "spend_restriction", "activation_restriction", "mana_trigger",
              "mana_replacement", "ritual", "rider", "granted", "type_change", "other")
# frames the intermediate form keeps as plain nodes
_NODE_FRAMES = {"threshold": "threshold", "die_result": "die_result", "numbered_ability": "other",
                "ticket_ability": "other", "ticket_pt": "other", "keyword_then_sentences": "keyword",
                "chosen_option": "mode", "infinity_ability": "other"}


def kinds_of(line, face=None):
    """The kinds of a line (see module doc)."""
    return kinds_of_ability(line.ability, line.ability_word, spell_face(face))


def kinds_of_ability(a, ability_word, spell):
    """The kinds of a line whose intermediate form is ``a`` (None: not parsed), with that ability
    word, on the face of an instant or sorcery (``spell``) or not."""
    out = set()
    if ability_word:
        out.add("ability_word")
    if a is None:
        return frozenset(out | {"unparsed"})
    frame = {ir.Keywords: "keyword", ir.Activated: "activated", ir.Triggered: "triggered",
             ir.Loyalty: "loyalty", ir.Chapter: "chapter", ir.Mode: "mode", ir.Level: "level",
             ir.ClassLevel: "class_level"}.get(type(a), "other")
    if isinstance(a, ir.Node):
        frame = _NODE_FRAMES.get(a.kind, "other")
    if isinstance(a, ir.Static):
        frame = "spell" if spell else ("replacement" if _replaces(a) else "static")
    out.add(frame)
    mana = _mana_kinds(a, frame)
    if mana:
        out |= {"mana_ability"} | mana
    return frozenset(out)


def _replaces(a):
    for y in ir.walk(a.effect):
        if isinstance(y, ir.Node) and y.kind in ("tail_instead", "lead_instead"):
            return True
        if isinstance(y, ir.Verb) and (y.name == "enters" or y.name.startswith("produce")):
            return True
        if isinstance(y, ir.Node) and y.kind == "lead_as":
            return True
    return False


def _mana_kinds(a, frame):
    out = set()
    clauses = []
    quoted = produce = False                # one walk: an ability in quotes, a "produce" verb
    for y in ir.walk(a):
        if isinstance(y, ir.Sentence):
            clauses += [(c, y) for c in y.clauses if isinstance(c, ir.Clause) and c.verb_name == "add_mana"]
        elif isinstance(y, ir.Node):
            quoted = quoted or y.kind == "quoted_ability"
        elif isinstance(y, ir.Verb):
            produce = produce or y.name.startswith("produce")
    for c, s in clauses:
        m = of_clause(c)
        kind = {"fixed": "fixed", "choice": "choice", "any_color": "any_color",
                "any_one_color": "any_color", "combination": "any_color", "different": "any_color", "color_among": "reflector", "reflect": "reflector",
                "produced": "reflector", "chosen": "chosen_color", "that_color": "chosen_color",
                "commander_identity": "any_color"}.get(m.kind if m else "other", "other")
        if m is not None and (m.count is not None or s.tail is not None
                              or any(isinstance(x, ir.Node) and x.kind == "lead_for_each" for x in s.leads)):
            out.add("mana:count_dependent")   # the amount is not fixed: "fixed" would mislead
            if kind == "fixed":
                continue
        out.add("mana:" + kind)
    if produce:
        out.add("mana:mana_replacement")
    if not out:
        if frame == "static" and _land_type_change(a):
            return {"mana:type_change"}
        return out
    if quoted:
        out.add("mana:granted")
    if frame == "triggered":
        out.add("mana:mana_trigger")
    if frame == "spell":
        out.add("mana:ritual")
    if frame == "activated":
        if any(not (isinstance(c.verb, ir.Verb) and c.verb.name == "symbols" and c.verb.args == ("T",))
               for c in a.costs):
            out.add("mana:costs_beyond_tap")
        for s in a.effect:
            if s.kind == "activation":
                out.add("mana:activation_restriction")
            elif any(isinstance(c, ir.Clause) and c.verb_name == "spend" for c in s.clauses):
                out.add("mana:spend_restriction")
            elif not any(isinstance(c, ir.Clause) and c.verb_name == "add_mana" for c in s.clauses):
                out.add("mana:rider")
            elif len(s.clauses) > 1 or s.leads:
                out.add("mana:rider")
    return out


def _land_type_change(a):
    """A static ability that gives lands basic land types (305.7: "are Mountains", "is a Swamp
    in addition to its other land types", "are every basic land type")."""
    return any(land_types_of(c) is not None for c in ir.walk(a.effect) if isinstance(c, ir.Clause))
