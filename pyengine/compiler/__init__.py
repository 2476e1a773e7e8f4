"""The card compiler: Oracle text (data) -> facts for the KB (CR 113, 602, 603, 604, 605, 702).

One pipeline for every line of every card:

1. :mod:`.text` removes reminder text and writes the card's own name as ``~``;
2. :mod:`.parser` parses the line with the grammar of ``grammar/*.lark`` (LALR(1), no conflicts);
3. :mod:`.build` turns the parse tree into the intermediate form of :mod:`.ir`;
4. :mod:`.lower` turns the intermediate form into the facts of ``kb/schema.lp``;
5. :mod:`.affects` says which answers a line the KB does not carry out could change.

``compile_card(card)`` returns a :class:`Compiled`: every fact about the card, the
:class:`Note` of each line (or part of a line) the KB does not carry out, and the
:class:`LineInfo` of every line (its intermediate form, kind, parsed/modelled). Nothing is
dropped silently: each note is also a ``card_not_modelled(Card, Line, Text)`` fact.
"""

from dataclasses import dataclass, replace
from functools import lru_cache
import re

from lark.exceptions import VisitError

from .. import limits
from ..cardlib import is_sticker_sheet
from ..compiled import Compiled, Note
from ..terms import Const
from . import affects as affects_mod
from . import off_battlefield
from . import gates, ir
from .build import Build, TooLarge
from .classify import kinds_of_ability
from .lower import Ctx, Lowered, cost_facts, lower, printed_keywords
from .lower_loyalty_chapter import modal_trigger, trigger_mode
from .lower_results import die_sides
from .parser import ParseError, parse
from .shapes import Unmodelled
from .spell_targets import face_targets
from ..symbols import NotModelled, parse_mana_cost, parse_type_line
from .text import names_of, normalise, strip_reminders

__all__ = ["Compiled", "LineInfo", "Note", "compile_card", "compile_text", "line_kinds",
           "normalise", "parse_line", "strip_reminders"]

# Facts whose numbers the KB adds to power and toughness (613.4c), and the positions of the power
# and toughness change: a card (all its faces) may change each by at most limits.MAX_PT_CHANGE in
# all, so that no sum of them overflows the solver's numbers (see pyengine/limits.py).
PT_CHANGES = {"anthem": (3, 4), "attached_pt": (2, 3)}


@dataclass(frozen=True)
class LineInfo:
    """One line of a face: its intermediate form (``ir.Line``), whether the grammar parsed it and
    the KB models it, its kinds (:func:`classify.kinds_of`) and the answers it could change."""

    card: str
    line: ir.Line
    parsed: bool
    modelled: bool
    kinds: frozenset = frozenset()
    affects: frozenset = frozenset()


def parse_line(text, names=()):
    """The intermediate form of one line of Oracle text (``ir.Line``); ``ability`` is None and
    ``error`` says why if the grammar does not cover it."""
    norm = normalise(text, set(names))
    return _parse(1, text, norm)


def _parse(index, raw, norm):
    ability, word, error = _parse_normalised(norm)
    return ir.Line(index, raw.strip(), norm, ability, word, error)


def _missing_period(norm, error):
    """True if the line NORM ended too early for the grammar and its last character is a word's or
    a symbol's: a sentence whose final period was left out (a few Un-set and playtest cards print
    "{T}: Add {C}"); it is read again with the period."""
    return error.where is None and (norm[-1:].isalnum() or norm[-1:] == "}")


@lru_cache(maxsize=65536)
def _parse_normalised(norm):
    """(ability, ability word, error) of a normalised line; the same text is parsed once per
    process (the intermediate form is immutable, so it can be shared)."""
    try:
        tree = parse(norm)
    except ParseError as e:
        if not _missing_period(norm, e):
            return None, None, str(e)
        try:                        # a sentence printed without its final period ("{T}: Add {C}")
            tree = parse(norm + ".")
        except ParseError:
            return None, None, str(e)
    try:
        ability = Build().transform(tree)
    except VisitError as e:
        cause = e.orig_exc
        if isinstance(cause, (TooLarge, NotModelled)):      # a number beyond the solver's
            return None, None, str(cause)
        # a bug of the compiler must not stop a command: the line is reported as not understood
        return None, None, f"internal error of the compiler: {type(cause).__name__}: {cause}"
    word = None
    if isinstance(ability, tuple) and len(ability) == 2 and isinstance(ability[0], str):
        word, ability = ability
    return ability, word, None


@lru_cache(maxsize=65536)
def _kinds(norm, spell):
    """:func:`classify.kinds_of` of a normalised line, on the face of an instant or sorcery
    (``spell``) or not: it reads only the line's intermediate form, so once per process."""
    ability, word, _ = _parse_normalised(norm)
    return kinds_of_ability(ability, word, spell)


@lru_cache(maxsize=65536)
def _affects(norm, spell):
    """The answers a normalised line's whole ability could change (:func:`affects.of_ability`;
    every answer if it is not parsed), on the face of an instant or sorcery (``spell``) or not:
    read from its intermediate form alone, so once per process."""
    ability = _parse_normalised(norm)[0]
    return affects_mod.ALL if ability is None else affects_mod.of_ability(ability, spell)


def compile_card(card):
    """Compile a :class:`pyengine.cardlib.Card` into facts."""
    facts, notes, lines = [("card", card.name)], [], []
    facts.append(("card_layout", card.name, Const(card.layout)))
    pt_budget = [limits.MAX_PT_CHANGE, limits.MAX_PT_CHANGE]    # power, toughness: what is left
    if len(card.faces) == 1:                # normal, saga, leveler, ...: keyed by the card's name
        _face(card.name, card.front, facts, notes, lines, pt_budget)
    else:
        for i, face in enumerate(card.faces, 1):
            facts.append(("card_face", card.name, i, face.name))
            facts.append(("card", face.name))
            _face(face.name, face, facts, notes, lines, pt_budget)
    return Compiled(card.name, facts, notes, lines)


def compile_text(text, name="~", type_line=""):
    """The LineInfo of each line of a text, for a card of that name and type line (used by the
    card database's coverage classifier)."""
    from ..cardlib import Face
    lines = []
    _face(name, Face(name, None, type_line or "Creature", text=text), [], [], lines,
          [limits.MAX_PT_CHANGE, limits.MAX_PT_CHANGE], chars=False)
    return lines


def line_kinds(card):
    """[(card key, line number, kinds, parsed, modelled)] for every line of a card: what the
    card database's coverage classifier reads."""
    return [(li.card, li.line.index, li.kinds, li.parsed, li.modelled) for li in compile_card(card).lines]


def _face(key, face, facts, notes, lines, pt_budget, chars=True):
    def note(line_no, text, affects=affects_mod.ALL, reason="", elsewhere=None):
        facts.append(("card_not_modelled", key, line_no, text))
        notes.append(Note(key, line_no, text, frozenset(affects), reason, elsewhere))

    if chars:
        _characteristics(key, face, facts, note)
    legendary = "legendary" in parse_type_line(face.type_line)[0]       # 201.5c: short names
    names = names_of(key, legendary) | names_of(face.name, legendary)
    spell = affects_mod.spell_face(face)
    sheet = is_sticker_sheet(face)
    command = affects_mod.command_face(face)      # 113.6p: its abilities function from the command zone
    gate = None         # the condition (kb/gates.lp) of the level striation or class level the lines belong to
    modal = None        # the modal triggered ability whose modes (700.2) the lines are, if any
    parent = None       # the ability of the last line that is not a mode (700.2): whose modes follow
    rows = face.text.split("\n")
    results = set()     # the die-result lines whose mana an ability that rolls the die adds (706.2)
    for i, raw in enumerate(rows, 1):
        norm = normalise(raw, names)
        if not norm:
            continue
        line = _parse(i, raw, norm)
        ctx = Ctx(key, i, face, raw=raw.strip(), text=norm)
        if isinstance(line.ability, ir.Activated) and die_sides(line.ability.effect):
            ctx.results = _die_results(rows, i, names)
        header = gates.header(line.ability)
        if header is not None:
            gate = (header, _GATE_RULES[type(line.ability)], raw.strip())
        cond = gate if header is None else None
        if not isinstance(line.ability, ir.Mode):
            modal = line.ability if modal_trigger(line.ability) else None
            parent = line.ability       # the ability whose modes (700.2) the next lines may be
        if (line.ability_word or "").lower() == "max speed":
            # 702.178a: "Max speed — [Ability]": as long as its controller's speed is 4, it has it
            cond = (gates.MAX_SPEED, "702.178a: an ability had only at max speed", None)
        try:
            if cond is not None:
                # not understood: no fact at all, not even its costs (it is had only at times)
                low = _gated(ctx, line, *cond) if line.ability is not None else \
                    Lowered([], False, line.error or "", ability=False)
            elif header is not None:
                # 711.2, 716.2: the symbol's static ability is the lines of its striation; a
                # class level bar is also an activated ability, which the KB does not carry out
                low = Lowered([], isinstance(line.ability, ir.Level), "716.2a: gaining a class level is not modelled",
                              ability=False)
            elif modal is not None and isinstance(line.ability, ir.Mode) and trigger_mode(ctx, modal, line.ability):
                pass                            # 700.2, 106.7: raises Unmodelled with the mode's mana facts
            elif line.ability is None:
                low = _costs_only(ctx, line) if not _TRIGGER.match(norm) else _trigger_only(ctx, line)
            else:
                low = lower(ctx, own_name(line, face.name))
        except Unmodelled as e:           # a part of the line beyond the vocabulary (numbers ...)
            low = Lowered(e.facts, False, str(e), ability=bool(e.facts), part=e.part, affects=e.affects,
                          text=e.text)
        except Exception as e:            # noqa: BLE001 - a bug must not stop a command: reported
            low = Lowered([], False, f"internal error of the compiler: {type(e).__name__}: {e}",
                          ability=False)
        if low.facts and not _within_budget(low.facts, pt_budget):
            low = Lowered([], False, f"the power/toughness changes of this card add up to more "
                                     f"than {limits.MAX_PT_CHANGE}", ability=False)
        if low.ability:
            facts.append(("card_ability", key, ctx.ab))
            facts.append(("ability_text", ctx.ab, low.text or raw.strip()))
            facts.extend(low.facts)
        facts += printed_keywords(key, line.ability, low.facts if low.ability else [])
        aff = frozenset() if low.modelled else (
            affects_mod.ALL if line.ability is None else low.affects if low.affects is not None
            else _affects(norm, spell) if low.part is None else affects_mod.of_line(line, face, low.part))
        if i in results and not low.modelled:
            # 706.2: the mana of this result is the rolling ability's (could-produce, produce)
            aff = aff - affects_mod.MANA
        if ctx.results and any(f[0] == "mana_unknown_result" for f in low.facts):
            results |= set(ctx.results.lines)
        if command and low.modelled and low.ability and not _from_the_command_zone(low.facts, ctx.ab):
            # kb/command_zone.lp reads a command-zone object's static and triggered abilities as
            # sources of effects; what it does not read (an activated ability, a condition on the
            # object itself) is not carried out from there
            low = Lowered(low.facts, False, f"this ability of a {command} (113.6p) is not carried out "
                          "from the command zone", text=low.text)
            aff = _affects(norm, spell)
        if command and not low.modelled:
            trig = line.ability if line.ability is not None else _trigger_of(norm)
            aff = affects_mod.in_command_zone(aff, trig, modal)
            if not aff & affects_mod.MANA and low.reason:
                # the card is never a permanent whose could-produce would count the mana (106.7)
                low = replace(low, reason=low.reason.replace("could-produce counts its mana (106.7); ", ""))
        if sheet and not low.modelled:
            # 123.2: nothing on a sticker sheet is in the game (the snapshot refuses the sheet in
            # every zone, cardlib.zone_problem): no answer reads it
            aff, low = frozenset(), Lowered([], False, _STICKER_SHEET, ability=False)
        if not low.modelled:
            # 113.6: what it could change while the card is in a hand or another zone (a
            # command-zone card's abilities function from the command zone: every answer kept)
            off = None if command else off_battlefield.answers(
                line.ability, aff, spell, parent=parent, gated=cond is not None,
                trigger=line.ability is None and bool(_TRIGGER.match(norm)),
                costs=_cost_clauses(norm) if line.ability is None else None)
            note(i, raw.strip(), aff, low.reason or line.error or "", off)
        lines.append(LineInfo(key, line, line.parsed, low.modelled and line.parsed,
                              _kinds(norm, spell), aff))
    if chars and face_targets(face, [li.line for li in lines if li.card == key]):
        facts.append(("card_spell_targets", key))         # 601.2c, 115.1a-b
    if chars and any(f[0] == "cda_pt" and f[1].args[0] == key for f in facts):
        # 604.3, 613.4a: a characteristic-defining ability the KB carries out gives the power and
        # toughness a '*' stands for (208.2a): no note for them
        star = {f"{attr} '*' (characteristic-defining)" for attr in ("power", "toughness")}
        facts[:] = [f for f in facts if not (f[0] == "card_not_modelled" and f[1] == key and f[2] == 0 and f[3] in star)]
        notes[:] = [n for n in notes if not (n.card == key and n.line == 0 and n.text in star)]


class _Results(dict):
    """{result: sentences} of the die-result lines after an ability that rolls a die (706.2); ``lines``:
    their line numbers."""

    lines = ()


def _die_results(rows, i, names):
    """The die-result lines ("2 — Add {W}.") right after line I, parsed."""
    out = _Results()
    lines = []
    for j, raw in enumerate(rows[i:], i + 1):
        norm = normalise(raw, names)
        node = _parse(j, raw, norm).ability if norm else None
        if not (isinstance(node, ir.Node) and node.kind == "numbered_ability" and str(node.args[0]).isdigit()):
            break
        out[int(node.args[0])] = node.args[1]
        lines.append(j)
    out.lines = tuple(lines)
    return out


# the rule of each header of a striation (711.2a, 716.2a)
_GATE_RULES = {ir.Level: "711.2a: an ability of a level striation, had only at those levels",
               ir.ClassLevel: "716.2a: an ability of a class level, had only from that level on"}


_NAMED_SELF = ir.Node("named", ("named", "~"))


def own_name(line, name):
    """LINE with "named ~" written out as "named NAME" (201.2, 201.4: an object named like the card,
    Powerstone Shard's "for each artifact you control named Powerstone Shard", is not the card itself)."""
    if line.ability is None or _NAMED_SELF not in ir.walk(line.ability):
        return line
    return replace(line, ability=ir.substitute(line.ability, _NAMED_SELF, ir.Node("named", ("named", name))))


def _gated(ctx, line, cond, what, header):
    """The facts of a line of a striation (under HEADER, its level symbol or class level bar) or a
    max speed ability: the ability printed after the symbol (or the ability word), had as long as
    COND holds (:mod:`.gates`). The symbol's own ability is shown with its header."""
    raw, text = ctx.raw, ctx.text
    if line.ability_word:
        raw, text = (t.split("\u2014", 1)[-1].strip() for t in (raw, text))
    shown = f"{header} \u2014 {ctx.raw}" if header else None
    try:
        facts = gates.gated(ctx, line.ability, cond, raw, text, what)
    except Unmodelled as e:
        if e.facts and shown:
            raise Unmodelled(str(e), e.facts, part=e.part, affects=e.affects, text=shown) from e
        raise
    return Lowered(facts, text=shown)


def _within_budget(facts, pt_budget):
    """Whether the power/toughness changes of a line's facts (PT_CHANGES) fit in what is left of
    the card's budget; if so they are taken from it."""
    change = [sum(abs(f[PT_CHANGES[f[0]][j]]) for f in facts if f[0] in PT_CHANGES) for j in (0, 1)]
    if change[0] > pt_budget[0] or change[1] > pt_budget[1]:
        return False
    pt_budget[0] -= change[0]
    pt_budget[1] -= change[1]
    return True


# "<cost>: <effect>" (602.1): the cost, up to the first colon outside quotes
_COST_SPLIT = re.compile(r'^([^:"]+?): ')


@lru_cache(maxsize=65536)
def _cost_clauses(norm):
    """The cost clauses (602.1) of a normalised line "<cost>: <effect>" whose costs the grammar
    reads, or None."""
    m = _COST_SPLIT.match(norm)
    if not m:
        return None
    try:
        return Build().transform(parse(m.group(1), start="costs"))
    except Exception:   # noqa: BLE001 - cost not understood (a ParseError or any other)
        return None


def _costs_only(ctx, line):
    """602.1: a line "<cost>: <effect>" whose effect the grammar does not cover is still an
    activated ability if its cost is understood: the KB then knows its costs ({T}, {Q}) and that
    it cannot tell what the ability does (effect_not_modelled)."""
    m = _COST_SPLIT.match(line.normalised)
    clauses = _cost_clauses(line.normalised)
    if clauses is None:
        return Lowered([], False, line.error or "", ability=False)
    try:
        cost = cost_facts(ctx, clauses)
    except (Unmodelled, NotModelled, Exception):   # noqa: BLE001 - cost not understood
        return Lowered([], False, line.error or "", ability=False)
    facts = [("activated", ctx.ab)] + cost + [("effect_not_modelled", ctx.ab)]
    if re.search(r"\btargets?\b", line.normalised[m.end():]):
        facts.append(("ability_targets", ctx.ab))
    return Lowered(facts, False, line.error or "")


_TRIGGER = re.compile(r"^(When|Whenever|At) ")

# what kb/command_zone.lp carries out for an ability of a command-zone object (113.6p): the facts
# of a static ability read through layer_source/3, effect_source/3 and grant_source/3, and of a
# mana trigger (605.1b) read through effect_source/3; a fact with the scope `self` is about a
# permanent the card never is
_COMMAND_ZONE_FACTS = {"ability_text", "static", "triggered", "grants_filter", "anthem",
                       "mana_trigger", "mana_trigger_on", "mana_trigger_kind", "mana_option",
                       "mana_replacement", "sets_color", "sets_land_subtype", "land_types", "type_change",
                       "spend_as_any_color"}


def _from_the_command_zone(facts, ab):
    """True if kb/command_zone.lp carries out every fact of ability AB (:data:`_COMMAND_ZONE_FACTS`)."""
    own = [f for f in facts if len(f) > 1 and f[1] == ab]
    return bool(own) and all(f[0] in _COMMAND_ZONE_FACTS and Const("self") not in f[2:] for f in own)


def _trigger_of(norm):
    """The trigger of a line whose effect is not parsed ("Whenever chaos ensues, reveal ..."), as an
    ``ir.Triggered`` with no effect, or None."""
    if not _TRIGGER.match(norm):
        return None
    for m in re.finditer(r", ", norm):           # the trigger ends at a comma (603.1), as in _trigger_only
        try:
            return ir.Triggered(Build().transform(parse(norm[:m.start()], start="trigger_head")), ())
        except ParseError:
            continue
        except Exception:               # noqa: BLE001 - numbers beyond the solver's
            return None
    return None


def _trigger_only(ctx, line):
    """603.1: a triggered ability whose effect the grammar does not cover is still known by its
    trigger where the vocabulary has one (708.8: "When ~ is turned face up, ...")."""
    from .lower_effects import trigger_only
    head = line.normalised
    for m in re.finditer(r", ", head):
        try:
            trigger = Build().transform(parse(head[:m.start()], start="trigger_head"))
        except ParseError:
            continue
        except Exception:           # noqa: BLE001 - numbers beyond the solver's
            break
        facts = trigger_only(ctx, trigger)
        if facts:
            return Lowered(facts, False, line.error or "")
        break
    return Lowered([], False, line.error or "", ability=False)


_STICKER_SHEET = ("a sticker sheet is not a card and has no characteristics (123.2): it is never in a zone of "
                  "the game (a snapshot refuses it); stickers put on objects (123.3, 123.7) are not modelled")

# card types of nontraditional cards that stay in the command zone and are never permanents
_COMMAND_ZONE_TYPES = {"dungeon": "309.2c", **affects_mod.COMMAND_ZONE_TYPES}


def _characteristics(key, face, facts, note):
    sup, types, subs, unknown = parse_type_line(face.type_line)
    facts += [("card_supertype", key, Const(s)) for s in sup]
    facts += [("card_type", key, Const(t)) for t in types]
    facts += [("card_subtype", key, s) for s in subs]
    if is_sticker_sheet(face):
        note(0, f"type line {face.type_line!r}", affects=frozenset(), reason=_STICKER_SHEET)
    elif unknown or not types:
        # 300.1: a card type the KB does not have (plane, scheme, vanguard, conspiracy, ...) or
        # none: filters and rules that read types could count it wrongly, whatever the answer
        command = [w for w in unknown if w.lower() in _COMMAND_ZONE_TYPES]
        if command and affects_mod.command_face(face) and not set(unknown) - set(command):
            pass    # 113.6p: its abilities function from the command zone (kb/command_zone.lp)
        else:
            note(0, f"type line {face.type_line!r}",
                 reason=("a dungeon is not a permanent (309.2c): it stays in the command zone, where "
                         "venturing into it (701.49) is not modelled") if "Dungeon" in command
                 else "a card type or subtype the KB does not know (205)")
    facts += [("card_color_indicator", key, Const(c.lower())) for c in face.color_indicator]
    if face.mana_cost:
        try:
            cost = parse_mana_cost(face.mana_cost)
            facts.append(("card_has_mana_cost", key))
            facts += [("card_cost", key, sym, n) for sym, n in cost]
        except NotModelled as e:
            facts.append(("card_cost_unknown", key))
            # 202.2, 202.3: the mana cost gives the card's colors and mana value, which filters and
            # amounts of any ability may read
            note(0, str(e), reason="a mana cost the KB does not read (202)")
    for attr, pred in (("power", "card_power"), ("toughness", "card_toughness")):
        v = getattr(face, attr)
        if v is None:
            continue
        if re.fullmatch(r"-?[0-9]+", v):
            facts.append((pred, key, int(v)))
        else:
            # 604.3, 208.2a: a characteristic-defining ability (or a '*' the text defines): amounts
            # and filters that read power or toughness could read it
            # 113.6a: it functions everywhere, but off the battlefield no answer but `apply` (the
            # permanent the card becomes) reads a card's power or toughness: casting it does not
            note(0, f"{attr} {v!r} (characteristic-defining)",
                 reason="a power or toughness the KB does not know (208.2a)", elsewhere=off_battlefield.APPLY)
