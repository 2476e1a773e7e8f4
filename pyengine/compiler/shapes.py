"""Reading the intermediate form: the context of a line being lowered, and small matchers for
the shapes the fact vocabulary expresses (an object phrase as a filter term, a counters phrase,
"you control", ...). Shared by :mod:`lower`, :mod:`mana_ir` and :mod:`lower_effects`.

Filter terms (the one filter language of the fact vocabulary, documented in kb/schema.lp); a
filter describes permanents (110.1) unless it says otherwise:

- a card type constant (``land``, ``creature``, ...) or ``permanent``: objects of that type;
- ``subtype("Forest")``, ``supertype(basic)``, ``color(g)``, ``status(tapped)``,
  ``status(token)`` ("tokens", 111.1), ``status(entered_this_turn)`` ("that entered this turn":
  the snapshot's `entered_this_turn`, kb/turn_history.lp);
- ``with_counter("+1/+1")`` / ``with_counter(any)``: "with a +1/+1 counter on it" / "with a
  counter on it" (122.1);
- ``keyword(K)`` ("with defender", 702.1), ``stat_at_least(S,N)`` ("with power 4 or greater",
  208.1): characteristics layer effects change, read only over final characteristics
  (kb/final_filters.lp: mana amounts and conditions; never by a layer effect, 613.8);
- ``non(F)``, ``and(F,G)``, ``or(F,G)``;
- ``you_control(F)``, ``opponent_controls(F)``: F and controlled by the effect's controller /
  an opponent of them (109.5);
- ``attached(F)``: the permanent the ability's Aura or Equipment is attached to ("enchanted
  Forest", "equipped creature", 303.4, 301.5), if it matches F.

Today's predicates keep their older, narrower forms (``nonbasic_land``, ``you_control(T)``), which
:func:`kb_filter` produces where they apply.
"""

from dataclasses import dataclass

from ..terms import Const, fn
from . import ir, turn_history
from ..symbols import NotModelled, parse_mana_cost


@dataclass
class Ctx:
    """What lowering may use: the card key, the line, the face, the ability term's kind."""

    card: str
    index: int
    face: object = None
    raw: str = ""
    text: str = ""
    kind: str = "ab"            # "granted" for an ability quoted inside another one
    x: object = None            # the amount term X stands for, set by the cost ("Remove X K counters
                                # from ~": removed(K,0), 107.3, 601.2b); None when the cost says nothing
    removed: object = None      # removed(K,0): the number of K counters a cost removes, chosen as it is paid
                                # ("Remove one or more dream counters from ~": "that much", 107.1c, 601.2b)
    sacrificed: bool = False    # a cost sacrifices one permanent of a kind kb/filters.lp knows (701.21a):
                                # "the sacrificed creature's power" may be read (kb/game_amounts.lp)
    exiled: bool = False        # a cost exiles one permanent you control of a kind kb/filters.lp knows
                                # (exile_cost_choice/2): "the exiled creature's mana value" may be read
    results: dict = None        # {result: sentences} of the die-result lines after an ability that rolls a
                                # die and "has the indicated effect" (706.2, lower_results.die_roll)

    @property
    def ab(self):
        return fn(self.kind, self.card, self.index)

    @property
    def is_spell(self):
        """The text is a spell ability of an instant or sorcery (113.3a): its lasting effect is
        an `effects:` entry of the snapshot once the spell resolved (611.2a)."""
        tl = (self.face.type_line if self.face is not None else "").lower()
        return "instant" in tl or "sorcery" in tl


@dataclass
class GrantCtx(Ctx):
    """The context of an ability granted by a static ability: granted(Card,Line) for its (first)
    quoted ability, granted(Ab,Tag) for another quoted ability (Tag its position) or a keyword
    (Tag the keyword's name), Ab the granting ability."""

    tag: object = None
    outer: object = None

    @property
    def ab(self):
        return fn("granted", self.outer, self.tag) if self.tag is not None else Ctx.ab.fget(self)


class Unmodelled(NotModelled):
    """A part of a line that no fact of the vocabulary carries out. ``facts`` are the facts
    that could still be given for the rest of the line."""

    def __init__(self, message, facts=(), part=None, affects=None, text=None):
        super().__init__(message)
        self.text = text            # the ability's text, if not the printed line (pyengine.compiler.gates)
        self.facts = list(facts)
        self.part = part            # the part of the line not carried out (IR), if not all of it
        self.affects = affects      # the answers it could change, when the lowering knows better
                                    # than affects.of_line (None: of_line decides)


def mana_pairs(symbols):
    """[(symbol term, count)] of mana symbols SYMBOLS (a ManaCost's ``symbols``, 107.4); Unmodelled for
    a symbol the KB lacks."""
    try:
        return parse_mana_cost("".join("{" + s + "}" for s in symbols))
    except NotModelled as e:
        raise Unmodelled(str(e)) from None


def as_long_as_clause(lead):
    """The one clause of a lead "As long as <clause>," (611.3a), with no auxiliary verb and no
    tails, or None."""
    if not (isinstance(lead, ir.Node) and lead.kind == "lead_as_long_as" and len(lead.args) == 2):
        return None
    clauses, joins = lead.args[1]
    if joins or len(clauses) != 1 or not isinstance(clauses[0], ir.Clause):
        return None
    c = clauses[0]
    return None if c.aux or c.tails else c


def is_self(x):
    """~ or "this creature" (201.5, 109.2)."""
    return isinstance(x, ir.Ref) and x.kind == "self"


def int_of(number):
    """The int of a Number; Unmodelled for X or an expression."""
    if not isinstance(number, ir.Number) or not isinstance(number.value, int):
        raise Unmodelled("a variable amount is not modelled here")
    return number.value


def controller_phrase(q):
    """The words of a "you control"-style qualifier ("you control", "an opponent controls"), or
    None for any other qualifier."""
    if isinstance(q, ir.Node) and q.kind == "rel_control":
        inner = q.args[0]
        return " ".join(str(a) for a in inner.args)
    return None


def simple_type(obj):
    """The one card type (or "permanent") an object phrase names and nothing else ("creature",
    "a land"); None for anything more."""
    if not isinstance(obj, ir.Obj) or obj.qualifiers or obj.possessor or len(obj.groups) != 1:
        return None
    if obj.quantity is not None and obj.quantity.word not in ("a", "an"):
        return None
    if len(obj.groups[0]) != 1:
        return None
    c = obj.groups[0][0]
    if c.negated:
        return None
    if c.kind == "card_type" or (c.kind == "noun" and c.value == "permanent"):
        return c.value
    return None


def untapped_you_control(obj):
    """"an untapped <type> you control" -> type (for tap_untapped(T), 602.1)."""
    if not isinstance(obj, ir.Obj) or obj.possessor or len(obj.groups) != 1:
        return None
    if obj.quantity is None or obj.quantity.word not in ("a", "an"):
        return None
    chars = obj.groups[0]
    if len(chars) != 2 or chars[0] != ir.Char("status", "untapped") or chars[1].kind != "card_type":
        return None
    if len(obj.qualifiers) != 1 or controller_phrase(obj.qualifiers[0]) != "you control":
        return None
    return chars[1].value


def quantity_count(q, numbered):
    """How many a quantity asks for: 1 for "a"/"an", N for the quantity word NUMBERED ("number": "three
    untapped Elves", "or more": "four or more creatures") with a whole number N; None otherwise."""
    if q is None:
        return None
    if q.word in ("a", "an") and q.number is None:
        return 1
    if q.word == numbered and isinstance(q.number, ir.Number) and isinstance(q.number.value, int):
        return q.number.value
    return None


def untapped_filter(obj):
    """(F, N) of "N untapped <F> you control" / "an untapped <F> you control" (a cost that taps them,
    118.3), F a filter term (the "untapped" dropped); None otherwise."""
    if not isinstance(obj, ir.Obj) or obj.possessor or len(obj.groups) != 1:
        return None
    n = quantity_count(obj.quantity, "number")
    if n is None:
        return None
    chars = obj.groups[0]
    if not chars or chars[0] != ir.Char("status", "untapped") or len(obj.qualifiers) != 1 \
            or controller_phrase(obj.qualifiers[0]) != "you control":
        return None
    rest = tuple(c for c in chars[1:] if c not in (ir.Char("noun", "permanent"), ir.Char("noun", "permanents")))
    if not rest:
        return Const("permanent"), n
    try:
        return filter_term(ir.Obj(None, None, (rest,), (), ())), n
    except Unmodelled:
        return None


def counters(node):
    """(kind, n) of a counters phrase ("two +1/+1 counters"); kind None when none is named."""
    if isinstance(node, ir.Node) and node.kind == "counters_np":
        node = node.args[0]
    if not isinstance(node, ir.Node) or node.kind != "counters_phrase":
        return None, None
    qty, kind = None, None
    for a in node.args:
        if isinstance(a, ir.Node) and a.kind == "counter_quantity":
            nums = [x for x in a.args if isinstance(x, ir.Number)]
            words = [x for x in a.args if isinstance(x, str)]
            if nums and not words:
                qty = int_of(nums[0])
            elif words in (["a"], ["an"]):
                qty = 1
        elif isinstance(a, ir.Node) and a.kind == "counter_kind":
            kind = str(a.args[0]) if len(a.args) == 1 else None
    if qty is None:
        raise Unmodelled("an amount of counters that is not a number")
    return kind, qty


def counters_x(node):
    """K of "X K counters" (a number X the player chooses as the cost is paid, 107.3, 601.2b); None
    otherwise."""
    if not isinstance(node, ir.Node) or node.kind != "counters_phrase":
        return None
    qty = next((a for a in node.args if isinstance(a, ir.Node) and a.kind == "counter_quantity"), None)
    kind = next((a for a in node.args if isinstance(a, ir.Node) and a.kind == "counter_kind"), None)
    if qty is None or kind is None or len(kind.args) != 1 or qty.args != (ir.Number("x"),):
        return None
    return str(kind.args[0])


def counters_chosen(node):
    """(kind, least) of "any number of K counters" or "X K counters" (least 0) or "N or more K counters" (least N):
    a number of counters the player chooses as the cost is paid (601.2b); None otherwise."""
    if not isinstance(node, ir.Node) or node.kind != "counters_phrase":
        return None
    qty = next((a for a in node.args if isinstance(a, ir.Node) and a.kind == "counter_quantity"), None)
    kind = next((a for a in node.args if isinstance(a, ir.Node) and a.kind == "counter_kind"), None)
    if qty is None or kind is None or len(kind.args) != 1:
        return None
    if qty.args in (("any number of",), (ir.Number("x"),)):
        return str(kind.args[0]), 0             # "X K counters": X chosen as the cost is paid (107.3)
    if len(qty.args) == 2 and isinstance(qty.args[0], ir.Number) and qty.args[1] == "or more":
        return str(kind.args[0]), int_of(qty.args[0])
    return None


def targets(x):
    """True if something in x has a target (115.1): "target" in an object phrase, or
    "any target" (115.4)."""
    for y in ir.walk(x):
        if isinstance(y, ir.Char) and y.kind == "noun" and y.value in ("target", "targets"):
            return True
    return False


_OPTIONAL_TARGETS = ("up to", "any number of")


def required_targets(x):
    """True if x has a target it can't do without: a target (:func:`targets`) other than "up to N
    target ..." or "any number of target ..." (601.2c: zero of those may be chosen, and an ability
    with no target resolves, 608.2b)."""
    optional = [y for y in ir.walk(x) if isinstance(y, ir.Obj) and y.quantity is not None
                and y.quantity.word in _OPTIONAL_TARGETS
                and any(isinstance(c, ir.Char) and c.kind == "noun" and c.value in ("target", "targets")
                        for g in y.groups if isinstance(g, tuple) for c in g)]
    found = sum(1 for y in ir.walk(x) if isinstance(y, ir.Char) and y.kind == "noun" and y.value in ("target", "targets"))
    in_optional = sum(1 for o in optional for y in ir.walk(o)
                      if isinstance(y, ir.Char) and y.kind == "noun" and y.value in ("target", "targets"))
    return found > in_optional


def sentences_text(ctx):
    """The effect text of a line (after the cost of an activated ability)."""
    return ctx.text.split(": ", 1)[-1]


_PLAYER_SCOPE = {"you control": "you_control", "an opponent controls": "opponent_controls",
                 "your opponents control": "opponent_controls"}


def filter_term(obj):
    """The filter term of an object phrase (see module doc); Unmodelled for qualifiers the
    filter language lacks."""
    if not isinstance(obj, ir.Obj) or obj.possessor or not all(isinstance(g, tuple) for g in obj.groups):
        raise Unmodelled("this object is not a filter")
    ctrl, extra = None, []
    for q in obj.qualifiers:
        if q == ir.Node("on_battlefield", ("on the battlefield",)):
            continue                    # filters are about permanents (110.1)
        w = _with_term(q) or turn_history.filter_qualifier(q)
        if w is not None and len(obj.groups) == 1:
            extra.append(w)
            continue
        p = controller_phrase(q)
        if p in _PLAYER_SCOPE and ctrl is None:
            ctrl = _PLAYER_SCOPE[p]
        elif with_counter_term(q) is not None and not extra:
            extra.append(with_counter_term(q))
        elif named_term(q) is not None and len(obj.groups) == 1:
            extra.append(named_term(q))
        else:
            raise Unmodelled("a qualifier of this object is not modelled")
    groups, head = _shared_head(obj.groups)
    alts = []
    for group in groups:
        attached = bool(group) and group[0].kind == "status" and group[0].value in ("enchanted", "equipped") \
            and not group[0].negated
        if attached:
            if len(obj.groups) != 1 or ctrl is not None:
                raise Unmodelled("an attached object in a list is not a filter of the vocabulary")
            group = group[1:]
        parts = [_char_term(c) for c in group if c != ir.Char("noun", "target")]
        parts = [p for p in parts if p is not None]
        if not parts:
            raise Unmodelled("an object without characteristics")
        term = parts[-1]
        for p in reversed(parts[:-1]):
            term = fn("and", p, term)
        alts.append(fn("attached", term) if attached else term)
    term = alts[0] if alts else Const("permanent")
    for join, alt in zip(obj.joins, alts[1:]):
        if any(w in ("or", "and", "and/or", ",") for w in join):
            term = fn("or", term, alt)
    head_term = _char_term(head) if head is not None else None
    if head_term is not None:                       # "permanent" adds nothing (None)
        term = fn("and", term, head_term)
    for w in extra:
        term = fn("and", term, w)
    return fn(ctrl, term) if ctrl else term


def named_term(q):
    """named(N) of the qualifier "named N" (201.2: an object with that name; N is "~" for the card's
    own name, which :func:`pyengine.compiler.own_name` writes out); None for any other qualifier."""
    if isinstance(q, ir.Node) and q.kind == "named" and len(q.args) == 2 and q.args[0] == "named" \
            and isinstance(q.args[1], str) and q.args[1]:
        return fn("named", q.args[1])
    return None


_ADJECTIVES = ("color", "status")


def _shared_head(groups):
    """(groups, head) of a list of descriptions sharing one noun: in "a black or artifact creature"
    (groups (black), (artifact, creature)) every alternative describes a creature: the groups
    without the noun, and the noun (a creature that is black or an artifact). (groups, None) when
    some earlier group names its own kind of object ("an artifact or creature")."""
    if len(groups) < 2 or not all(isinstance(g, tuple) and g for g in groups):
        return groups, None
    last = groups[-1]
    if len(last) < 2 or not isinstance(last[-1], ir.Char) or last[-1].negated \
            or last[-1].kind not in ("card_type", "subtype", "noun"):
        return groups, None
    if not all(isinstance(c, ir.Char) and c.kind in _ADJECTIVES and c.value not in ("enchanted", "equipped")
               for g in groups[:-1] for c in g):
        return groups, None
    return tuple(groups[:-1]) + (last[:-1],), last[-1]


def _with_term(q):
    """The filter term of a "with ..." qualifier: keyword(K) for "with defender" (702.1),
    stat_at_least(S,N) for "with power N or greater" (208.1); None for any other qualifier. Layer
    effects change both: only kb/final_filters.lp reads them (``mana_ir.final_filter``)."""
    if not isinstance(q, ir.Node) or q.kind != "with_q" or len(q.args) != 2:
        return None
    w = q.args[1]
    if isinstance(w, ir.Node) and w.kind == "keyword_list" and len(w.args) == 1 \
            and isinstance(w.args[0], ir.Keyword) and w.args[0].kind == "plain" and w.args[0].param is None:
        return fn("keyword", Const(w.args[0].name.replace(" ", "_")))
    if isinstance(w, ir.Node) and w.kind == "with_stat" and len(w.args) == 2 \
            and w.args[0] in (ir.Node("stat", ("power",)), ir.Node("stat", ("toughness",))) \
            and isinstance(w.args[1], ir.Node) and w.args[1].kind == "amount_cmp" and len(w.args[1].args) == 2 \
            and isinstance(w.args[1].args[0], ir.Number) and isinstance(w.args[1].args[0].value, int) \
            and w.args[1].args[1] == "or greater":
        return fn("stat_at_least", Const(w.args[0].args[0]), w.args[1].args[0].value)
    return None


def with_counter_term(q):
    """122.1: the filter term of the qualifier "with a counter on it" (with_counter(any)), "with
    a K counter on it" (with_counter("K")) or "with N or more K counters on it"
    (with_counters("K",N)); None for any other qualifier."""
    if not (isinstance(q, ir.Node) and q.kind == "with_q" and len(q.args) == 2
            and isinstance(q.args[1], ir.Node) and q.args[1].kind == "with_counters"
            and q.args[1].args[1:] == ("on", "it")):
        return None
    phrase = q.args[1].args[0]
    if not isinstance(phrase, ir.Node) or phrase.kind != "counters_phrase":
        return None
    qty = [a for a in phrase.args if isinstance(a, ir.Node) and a.kind == "counter_quantity"]
    kind = [a for a in phrase.args if isinstance(a, ir.Node) and a.kind == "counter_kind"]
    if len(qty) == 1 and len(qty[0].args) == 2 and isinstance(qty[0].args[0], ir.Number) \
            and isinstance(qty[0].args[0].value, int) and qty[0].args[1] == "or more" \
            and len(kind) == 1 and len(kind[0].args) == 1:
        # "with twelve or more charge counters on it": with_counters("K",N) (122.1)
        return fn("with_counters", str(kind[0].args[0]), qty[0].args[0].value)
    if len(qty) != 1 or qty[0].args not in (("a",), ("an",)) or len(kind) > 1:
        return None
    if not kind:
        return fn("with_counter", Const("any"))
    return fn("with_counter", str(kind[0].args[0])) if len(kind[0].args) == 1 else None


def _char_term(c):
    if not isinstance(c, ir.Char):
        raise Unmodelled("this part of an object is not a filter of the vocabulary")
    if c.kind == "card_type":
        t = Const(c.value)
    elif c.kind == "noun" and c.value in ("permanent", "permanents"):
        return None if not c.negated else Const("permanent")
    elif c.kind == "noun" and c.value in ("token", "tokens") and not c.negated:
        return fn("status", Const("token"))             # 111.1: "Tokens you control", "creature tokens"
    elif c.kind == "subtype":
        t = fn("subtype", c.value)
    elif c.kind == "supertype":
        t = fn("supertype", Const(c.value))
    elif c.kind == "color":
        t = fn("color", Const({"white": "w", "blue": "u", "black": "b", "red": "r",
                               "green": "g"}[c.value]))
    elif c.kind == "status" and c.value in ("outlaw", "outlaws"):
        t = fn("or", fn("or", fn("or", fn("or", fn("subtype", "Assassin"), fn("subtype", "Mercenary")),
                                       fn("subtype", "Pirate")), fn("subtype", "Rogue")),
               fn("subtype", "Warlock"))                                   # 700.12
    elif c.kind == "status" and c.value in ("tapped", "untapped", "attacking", "blocking",
                                            "token", "nontoken", "other", "legendary",
                                            "multicolored", "colorless", "monocolored"):
        t = fn("status", Const(c.value))
    else:
        raise Unmodelled(f"the characteristic {c.value!r} is not a filter of the vocabulary")
    return fn("non", t) if c.negated else t


def kb_filter(obj):
    """The older filter constants of mana_replacement/mana_trigger (106.12b): "a land" -> land,
    "a nonbasic land" -> nonbasic_land, "a permanent" -> permanent; None for anything else."""
    if not isinstance(obj, ir.Obj) or obj.qualifiers or obj.possessor or len(obj.groups) != 1:
        return None
    if obj.quantity is None or obj.quantity.word not in ("a", "an"):
        return None
    chars = obj.groups[0]
    if chars == (ir.Char("card_type", "land"),):
        return Const("land")
    if chars == (ir.Char("noun", "permanent"),):
        return Const("permanent")
    if chars == (ir.Char("supertype", "basic", True), ir.Char("card_type", "land")):
        return Const("nonbasic_land")
    return None


def sacrifice_filter(obj):
    """The filter of the one permanent a cost "Sacrifice a Goblin" / "Sacrifice a creature or
    land" / "Sacrifice another creature" names (701.21a: a permanent its controller controls): a
    filter kb/filters.lp knows, or another(F) for one other than the ability's own permanent;
    None for anything else (a number of permanents, a qualifier the filters lack)."""
    from .mana_ir import known_filter
    if not isinstance(obj, ir.Obj) or obj.possessor or obj.qualifiers or obj.quantity is None:
        return None
    try:
        f = filter_term(obj)
    except Unmodelled:
        return None
    if obj.quantity.word == "another":
        return fn("another", f) if known_filter(f) else None
    if obj.quantity.word in ("a", "an") and known_filter(f):
        return f
    return None
