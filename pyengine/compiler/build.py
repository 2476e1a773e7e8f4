"""Parse tree (:mod:`pyengine.compiler.parser`) -> intermediate form (:mod:`pyengine.compiler.ir`).

One Lark transformer, one method per grammar rule that has an IR class of its own; every other
rule becomes a :class:`~pyengine.compiler.ir.Node` named after it, so nothing the grammar read
is lost. Words of the grammar (literal tokens) become plain lower-case strings; numbers become
:class:`~pyengine.compiler.ir.Number`, bounded (:data:`pyengine.symbols.MAX_NUMBER`).
"""

from dataclasses import replace

from lark import Token, Transformer

from . import ir
from ..symbols import MAX_NUMBER, NotModelled
from .vocabulary import word_classes

_WORD_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                 "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
                 "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
                 "fifty": 50, "ninety-nine": 99, "one hundred": 100, "hundred": 100}


class TooLarge(NotModelled):
    """A number in the text beyond what the solver is given (MAX_NUMBER)."""


def _value(x):
    """A child as IR: tokens become their text (literals lower case)."""
    if isinstance(x, Token):
        return str(x)
    return x


def _parts(children):
    """The children that are not words of the grammar (literal tokens dropped)."""
    return tuple(c for c in children if not (isinstance(c, Token) and _is_literal(c)))


def _words(children):
    """The literal words among the children, in order."""
    return tuple(str(c) for c in children if isinstance(c, Token) and _is_literal(c))

def _unless_either(clauses, joins):
    """"This land enters tapped unless you revealed a Dragon card this way or you control a
    Dragon": an "unless" tail holds a clause and is a clause's last tail (verbs.lark), so the
    grammar ends it before "or"; a clause joined by "or" right after it is the other half of that
    condition (an exception may be met two ways), never an alternative to the action the tail
    qualifies. The tail becomes tail_unless("unless", A, "or", B)."""
    clauses, joins = list(clauses), list(joins)
    i = 0
    while i < len(joins):
        c = clauses[i]
        if joins[i] == "or" and isinstance(c, ir.Clause) and c.tails and isinstance(c.tails[-1], ir.Node) \
                and c.tails[-1].kind == "tail_unless" and len(c.tails[-1].args) == 2:
            tail = ir.Node("tail_unless", c.tails[-1].args + ("or", clauses[i + 1]))
            clauses[i:i + 2] = [replace(c, tails=c.tails[:-1] + (tail,))]
            del joins[i]
        else:
            i += 1
    return tuple(clauses), tuple(joins)



_CLASS_TERMINALS = {"MANA_SYM", "DIGITS", "PT_MOD", "PT_VAL", "LOYALTY_COST", "SELF_NAME",
                    "SUBTYPE", "CARDTYPE", "SUPERTYPE", "NUM_WORD", "COLOR_WORD", "KEYWORD_NAME",
                    "STATUS_WORD", "NOUN_WORD", "OTHER_WORD", "AWORD", "FWORD", "LIST_COMMA",
                    "LIST_OR", "LIST_AND", "LIST_ANDOR"}


def _is_literal(tok):
    return tok.type not in _CLASS_TERMINALS


def number_value(text):
    """The value of a number token: digits or a number word; "x" stays "x". Bounded."""
    t = str(text).lower()
    if t == "x":
        return "x"
    n = _WORD_NUMBERS[t] if t in _WORD_NUMBERS else int(t)
    if n > MAX_NUMBER:
        raise TooLarge(f"number {t} is too large (at most {MAX_NUMBER})")
    return n


class Build(Transformer):
    """The transformer from a parse tree to IR (see module doc)."""

    def __init__(self):
        # no method is named after a terminal: tokens are kept as they are, without Lark looking
        # for one on each token (tests/test_compile_memo.py checks no terminal has a method)
        super().__init__(visit_tokens=False)

    def __default__(self, data, children, meta):
        return ir.Node(str(data), tuple(_value(c) for c in children
                                        if not (isinstance(c, Token) and _is_literal(c)
                                                and str(c) in _PUNCT)))

    # --- lines and frames ------------------------------------------------------------------
    def start(self, c):
        return c[0]

    def line(self, c):                  # an ability word (207.2c) before an ability
        word, ability = c
        return (word, ability)

    def costs(self, c):
        return c[0][0]

    def trigger_head(self, c):
        return c[0]

    def keyword_line(self, c):
        # every keyword of the line is kept: one the builder has no method for is named by its
        # rule ("kw_doctors_companion" -> "doctors companion"), never dropped
        items = [x if isinstance(x, ir.Keyword) else ir.Keyword(x.kind[3:].replace("_", " "), x.args, "node")
                 for x in c if isinstance(x, ir.Keyword) or (isinstance(x, ir.Node) and x.kind.startswith("kw_"))]
        return ir.Keywords(tuple(items))

    def activated(self, c):
        seq, _, effect = c
        return ir.Activated(seq[0], effect)

    def triggered(self, c):
        return ir.Triggered(c[0], c[2])

    def triggered_delayed(self, c):         # "When ~ blocks, at end of combat, destroy ...": 603.7
        trigger, time, effect = c[0], c[3], c[-1]
        first = effect[0]
        lead = ir.Node("lead_at", ("at", time))
        if not isinstance(first, ir.Sentence):
            return ir.Node("triggered_delayed", tuple(_parts(c)))
        return ir.Triggered(trigger, (replace(first, leads=(lead,) + tuple(first.leads)),) + effect[1:])

    def sentences(self, c):
        return ir.Static(c[0])

    def loyalty_ability(self, c):
        return ir.Loyalty(str(c[0]), c[2])

    def chapter(self, c):
        return ir.Chapter(c[0], c[-1])

    def chapters(self, c):
        return tuple(x for x in c if isinstance(x, int))

    def chapter_number(self, c):
        return {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7}[str(c[0])]

    def mode(self, c):
        body = c[1]
        if isinstance(body, tuple) and len(body) == 2 and isinstance(body[0], str):
            return ir.Mode(body[1])
        return ir.Mode(body)

    def mode_body(self, c):
        return (c[0], c[1])

    def mode_named(self, c):            # 700.2: a mode naming what it is ("• Treasure")
        return ir.Mode(ir.Node("mode_named", c[-1]))        # c[-1]: the characteristics named

    def mode_named_with(self, c):       # 700.2: "• Banana with \"{T}, ...\"": what it names and its qualifiers
        return ir.Mode(ir.Node("mode_named", tuple(_parts(c))))

    def mode_object(self, c):           # 700.2: a mode naming an object ("• Target artifact card.")
        return ir.Mode(ir.Node("mode_object", tuple(_parts(c))))

    def spree_mode(self, c):            # 702.172a: the mode's additional cost
        return ir.Mode(c[-1], next((x for x in c if isinstance(x, ir.ManaCost)), None))

    def level_range(self, c):
        return ir.Level(number_value(c[1]), number_value(c[3]))

    def level_from(self, c):
        return ir.Level(number_value(c[1]), None)

    def level_pt(self, c):
        return ir.Level(pt=str(c[0]))

    def class_level(self, c):
        return ir.ClassLevel(c[0][0], number_value(c[-1]))

    def ability_word(self, c):
        return str(c[0])

    def effect(self, c):
        return tuple(c)

    # --- keywords (702) -------------------------------------------------------------------
    def kw(self, c):
        return ir.Keyword(str(c[0]).lower())

    def kw_hexproof(self, c):
        return ir.Keyword("hexproof")

    def kw_protection(self, c):
        return ir.Keyword("protection")

    @staticmethod
    def _kw_name(node):
        if isinstance(node, ir.Node):
            return " ".join(str(a) for a in node.args)
        return str(node).lower()

    def kw_cost(self, c):
        return ir.Keyword(self._kw_name(c[0]), c[1], "cost")

    def kw_cost_and_or(self, c):
        return ir.Keyword(self._kw_name(c[0]), (c[1], c[3]), "costs")

    def kw_cost_clauses(self, c):          # a whole line: "Ward—Pay 3 life."
        seq = next(x for x in c if isinstance(x, tuple))
        return ir.Keywords((ir.Keyword(self._kw_name(c[0]), seq[0], "cost_clauses"),))

    def kw_cost_or(self, c):               # parseB: "Cumulative upkeep {W} or {U}" (one of two)
        return ir.Keyword(self._kw_name(c[0]), (c[1], c[-1]), "cost_or")

    def kw_splice_clauses(self, c):        # parseB: "Splice onto Arcane—Tap an untapped ..." (702.47a)
        chars = next(x for x in c if isinstance(x, tuple) and x and x[0] == "chars")
        seq = next(x for x in c if isinstance(x, tuple) and not (x and x[0] == "chars"))
        return ir.Keywords((ir.Keyword("splice", (ir.Obj(None, None, chars[1], chars[2]), seq[0]),
                                       "filter_cost_clauses"),))

    def kw_number(self, c):
        return ir.Keyword(self._kw_name(c[0]), c[1], "number")

    def kw_number_where(self, c):          # "Firebending X, where X is this creature's power"
        return ir.Keyword(self._kw_name(c[0]), c[-2], "number_where")

    def kw_number_cost(self, c):
        return ir.Keyword(self._kw_name(c[0]), (c[1], c[3]), "number_cost")

    def kw_from(self, c):
        name = "protection" if str(c[0]).startswith("protection") else "hexproof"
        return ir.Keyword(name, tuple(_parts(c)), "from")

    def _kw_object(name, kind="object"):
        def method(self, c):
            parts = _parts(c)
            return ir.Keyword(name, parts[0] if len(parts) == 1 else parts, kind)
        return method

    kw_enchant = _kw_object("enchant")
    kw_affinity = _kw_object("affinity")
    kw_partner_with = _kw_object("partner with")
    kw_partner = _kw_object("partner", "name")
    kw_champion = _kw_object("champion")
    kw_gift = _kw_object("gift")
    kw_companion = _kw_object("companion")
    kw_bands_with = _kw_object("bands with other")
    kw_offering = _kw_object("offering")
    kw_landwalk = _kw_object("landwalk")
    kw_typecycling = _kw_object("typecycling", "filter_cost")
    kw_equip_filter = _kw_object("equip", "filter_cost")
    kw_splice = _kw_object("splice", "filter_cost")
    kw_craft = _kw_object("craft", "filter_cost")
    kw_prototype = _kw_object("prototype", "cost_pt")
    del _kw_object

    def keyword_then_sentences(self, c):     # "Crew 1. Activate only once each turn."
        return ir.Keywords(c[0].items, c[-1])

    def kw_partner_line(self, c):
        return ir.Keywords((ir.Keyword("partner with", " ".join(str(x) for x in c[1:]), "name"),))

    def quality_object(self, c):
        quantity = next((x for x in c if isinstance(x, ir.Quantity)), None)
        chars = next(x for x in c if isinstance(x, tuple))
        return ir.Obj(quantity, None, (chars,))

    def quality_objects(self, c):         # parseB: "artifacts, creatures, and enchantments"
        groups = tuple(x for x in c if isinstance(x, tuple))
        joins = tuple(x.args for x in c if isinstance(x, ir.Node) and x.kind == "list_sep")
        return ir.Obj(None, None, groups, joins)

    # --- triggers (603.1) ---------------------------------------------------------------------
    @staticmethod
    def _events(word, c):
        """A trigger on one or more events; "When A and whenever B" keeps both events (their
        join says so), never only the first."""
        clauses, joins = c[1]
        if len(c) > 2:
            more, more_joins = c[3]
            clauses, joins = clauses + more, joins + ((str(c[2]),),) + more_joins
        return ir.Trigger(word, clauses, joins)

    def trigger_when(self, c):
        return self._events("when", c)

    def trigger_whenever(self, c):
        return self._events("whenever", c)

    def trigger_when_and_at(self, c):     # "When ~ enters and at the beginning of your upkeep, ..."
        clauses, joins = c[1]
        return ir.Trigger(str(c[0]).lower(), clauses, joins + (("and at",),),
                          time=ir.Node("time_point", ("the beginning of", c[-1])))

    def trigger_at(self, c):
        return ir.Trigger("at", time=c[1])

    def trigger_at_and_whenever(self, c):   # "At the beginning of your upkeep and whenever ..., "
        clauses, joins = c[3]
        return ir.Trigger("at", clauses, (("and whenever",),) + joins, time=c[1])

    # --- sentences and clauses ---------------------------------------------------------------
    def sentence(self, c):
        leads, seq, tail = (), None, None
        for x in c:
            if isinstance(x, ir.Node) and x.kind in ("leads", "first_leads"):
                leads = x.args
            elif isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], tuple):
                seq = x
            elif isinstance(x, ir.Node) and x.kind in ("sent_tail", "tail_where_on_activation", "tail_where_on_cast",
                                                            "tail_where_mid"):
                tail = x
        clauses, joins = seq if seq else ((), ())
        if tail is not None and tail.kind == "tail_where_mid":
            # ", where X is <amount>, then <clauses>": the clauses after the amount are the
            # sentence's; the tail keeps X's amount (and tells it stood before them)
            *head, conn, (more, more_joins) = tail.args
            clauses, joins = clauses + more, joins + (" ".join(str(a) for a in conn.args) or ",",) + more_joins
            tail = ir.Node("tail_where_mid", tuple(head))
        return ir.Sentence(leads, clauses, joins, tail)

    def modal_header(self, c):
        leads = next((x.args for x in c if isinstance(x, ir.Node) and x.kind in ("leads", "first_leads")), ())
        count = next(x for x in c if isinstance(x, ir.Node) and x.kind == "choose_count")
        return ir.Sentence(leads, (count,), (), None, kind="modal")

    def modal_header_and(self, c):
        """700.2: "choose one ... and you lose 2 life —": the choice and the instruction done with it."""
        header = self.modal_header(c)
        clause = next(x for x in c if isinstance(x, ir.Clause))
        return ir.Sentence(header.leads, header.clauses + (clause,), ("and",), None, kind="modal")

    def activation_instructions(self, c):
        return ir.Sentence((), (c[0],), (), None, kind="activation")

    def clause_seq(self, c):
        return _unless_either(*self._seq(c))

    def cond_seq(self, c):
        return self._seq(c)

    def event_seq(self, c):
        return self._seq(c)

    @staticmethod
    def _seq(c):
        clauses, joins = [], []
        for x in c:
            if isinstance(x, ir.Node) and x.kind in ("conn", "cond_conn"):
                joins.append(" ".join(str(a) for a in x.args) or ",")
            else:
                clauses.append(x)
        return tuple(clauses), tuple(joins)

    def conn(self, c):
        return ir.Node("conn", tuple(str(x) for x in c))

    def cond_conn(self, c):
        return ir.Node("cond_conn", tuple(str(x) for x in c))

    def clause(self, c):
        subject, pred = c
        return ir.Clause(subject, *_pred_parts(pred))

    def imperative(self, c):
        return ir.Clause(None, *_pred_parts(c[0]))

    def subjects_clause(self, c):
        a, conj, b, pred = c
        return ir.Clause(ir.Node("subjects", (a, conj, b)), *_pred_parts(pred))

    def subject_conj(self, c):
        return str(c[0])

    def subject(self, c):
        return c[0]

    def symbols_clause(self, c):
        return ir.Clause(None, None, ir.Verb("symbols", c[0]))

    def cost_symbols(self, c):
        return tuple(c)

    def tap_symbol(self, c):
        return "T"

    def untap_symbol(self, c):
        return "Q"

    def energy_symbol(self, c):
        return "E"

    def mana_symbol(self, c):
        return ir.ManaCost((str(c[0])[1:-1],))

    def same_is_true(self, c):
        return ir.Clause(None, None, ir.Verb("same_is_true", tuple(_parts(c))))

    def chaos_ensues(self, c):
        return ir.Clause(None, None, ir.Verb("chaos_ensues"))

    def control_clause(self, c):
        rel, obj, *rest = c
        tails = tuple(t for r in rest for t in (r.args if isinstance(r, ir.Node) and r.kind == "vp_tails" else (r,)))
        return ir.Clause(ir.Ref("player", rel), None, ir.Verb("control", (rel, obj)), tails)

    def predicate(self, c):
        return self._pred(None, c[0])

    def subject_instead(self, c):       # 614.1a: "<subject> instead <vp>" (a replacement's event)
        return ir.Clause(c[0], *self._pred("instead", c[-1]))

    def aux_predicate(self, c):
        return self._pred(c[0], c[1])

    def choose_not_to(self, c):
        # [aux] "choose not to" vp: the verb phrase is the last child, the auxiliary the first one
        aux, verb, tails = self._pred(c[0] if len(c) == 3 else None, c[-1])
        return (None, ir.Verb("choose_not_to", (ir.Clause(None, aux, verb, tails),)), ())

    @staticmethod
    def _pred(aux, vp):
        if isinstance(vp, ir.Node) and vp.kind == "vp":
            core, tails = vp.args[0], []
            for t in vp.args[1:]:
                tails += list(t.args) if isinstance(t, ir.Node) and t.kind == "vp_tails" else [t]
            return aux, core, tuple(tails)
        return aux, vp, ()

    def aux(self, c):
        return " ".join(str(x) for x in c)

    # --- numbers, mana ----------------------------------------------------------------------
    def number(self, c):
        return ir.Number(number_value(c[0]))

    def one(self, c):
        return ir.Number(1)

    def twice(self, c):                 # "twice X" is one word of the lexer: the same node as "twice" X
        if len(c) == 1 and isinstance(c[0], Token) and str(c[0]).lower() == "twice x":
            return ir.Node("twice", ("twice", ir.Number("x")))
        return self.__default__("twice", c, None)

    def mana_cost(self, c):
        return ir.ManaCost(tuple(str(x)[1:-1] for x in c))

    # --- objects ------------------------------------------------------------------------------
    def object(self, c):
        quantity, possessor, groups, joins, quals = None, None, (), (), ()
        for x in c:
            if isinstance(x, ir.Quantity):
                quantity = x
            elif isinstance(x, ir.Node) and x.kind == "possessive":
                possessor = x.args[0] if x.args else None
            elif isinstance(x, tuple) and x and x[0] == "chars":
                groups, joins = x[1], x[2]
            elif isinstance(x, ir.Node) and x.kind == "qualifiers":
                quals = x.args
        return ir.Obj(quantity, possessor, groups, joins, quals)

    def next_damage(self, c):           # "the next 1 damage that would be dealt ..." (615.7, 614.9)
        if c[0] != ir.Quantity("the") or str(c[1]).lower() != "next":
            raise NotModelled(f"not understood at {str(c[1])!r}")
        return ir.Node("next_damage", tuple(_value(x) for x in c[2:]))

    def counter_quantity(self, c):      # "two additional +1/+1 counters" (122.1): the word is checked
        for x in c:
            if isinstance(x, Token) and x.type == "STATUS_WORD" and str(x).lower() != "additional":
                raise NotModelled(f"not understood at {str(x)!r}")
        return self.__default__("counter_quantity", c, None)

    def source_chars(self, c):          # "from an artifact source" (113.7): the noun is checked
        chars = c[0]
        last = chars[-1] if chars else None
        if not (isinstance(last, ir.Char) and last.kind == "noun" and last.value in ("source", "sources")):
            raise NotModelled(f"not understood at {getattr(last, 'value', last)!r}")
        return self.characteristics(c)

    def put_one(self, c):                # parseB: "put one onto the battlefield tapped and the other ..."
        if str(c[1]).lower() != "one":
            raise NotModelled(f"not understood at {str(c[1])!r}")
        return ir.Node("put_one", tuple(_value(x) for x in c[2:]))

    def top_of_zone(self, c, word="top"):
        num = next((x for x in c if isinstance(x, ir.Number)), None)
        chars = next(x for x in c if isinstance(x, tuple))
        zone = next(x for x in c if isinstance(x, ir.Zone))
        return ir.Obj(ir.Quantity(word, num), None, chars[1], chars[2], (ir.Node("of_zone", (zone,)),))

    def bottom_of_zone(self, c):
        return self.top_of_zone(c, "bottom")

    def possessed(self, c):
        return self.object(c)

    def possessive(self, c):
        parts = _parts(c)
        if parts:
            return ir.Node("possessive", (parts[0],))
        return ir.Node("possessive", (ir.Ref({"your": "you", "its": "it", "their": "they",
                                               "his or her": "they", "his": "it"}[str(c[0]).lower()]),))

    def quantity(self, c):
        words = " ".join(_words(c))
        num = next((x for x in c if isinstance(x, ir.Number)), None)
        if not words and num is not None:
            return ir.Quantity("number", num)
        return ir.Quantity(words or "number", num)

    def characteristics(self, c):
        groups, joins = [], []
        for x in c:
            if isinstance(x, ir.Node) and x.kind == "list_sep":
                joins.append(x.args)
            else:
                groups.append(x)
        return ("chars", tuple(groups), tuple(joins))

    def list_sep(self, c):
        return ir.Node("list_sep", tuple(str(x).lower() for x in c))

    def char_words(self, c):
        return tuple(c)

    def color(self, c):
        return ir.Char("color", str(c[0]).lower())

    def card_type(self, c):
        return ir.Char("card_type", _singular_type(str(c[0]).lower()))

    def supertype(self, c):
        return ir.Char("supertype", str(c[0]).lower())

    def subtype(self, c):
        return ir.Char("subtype", str(c[0]))

    def status(self, c):
        return ir.Char("status", str(c[0]).lower())

    def noun(self, c):
        return ir.Char("noun", str(c[0]).lower())

    def pt(self, c):
        return ir.Char("pt", str(c[0]))

    def mana_word(self, c):
        return ir.Char("noun", "mana")

    def non(self, c):
        ch = c[-1]
        return ir.Char(ch.kind, ch.value, not ch.negated)

    def self_ref(self, c):
        return ir.Ref("self", " ".join(str(x) for x in c))

    def you(self, c):
        return ir.Ref("you")

    def it(self, c):
        return ir.Ref("it")

    def them(self, c):
        return ir.Ref("them")

    def they(self, c):
        return ir.Ref("they")

    def damage_np(self, c):
        return ir.Ref("damage")

    def zone(self, c):
        words = _words(c)
        parts = _parts(c)
        if len(parts) == 1 and isinstance(parts[0], ir.Zone) and words and words[0].startswith("the "):
            return ir.Zone(parts[0].noun, parts[0].owner, words[0][4:].replace(" of", ""))
        if len(parts) == 1 and isinstance(parts[0], ir.Zone):
            return parts[0]
        noun = next((x.args[0] for x in parts if isinstance(x, ir.Node) and x.kind == "zone_noun"), None)
        owner = next((x.args[0] for x in parts if isinstance(x, ir.Node) and x.kind == "possessive"), None)
        if noun is None:
            noun = (words[-1] if words else "").replace("the ", "")
            words = words[:-1]
        if owner is None and words:
            owner = ir.Quantity(words[0])
        return ir.Zone(_zone_noun(noun), owner)

    def zone_noun(self, c):
        return ir.Node("zone_noun", (str(c[0]).lower(),))


_PUNCT = {".", ",", ":", "—", "•", "\"", ";", "!"}


def _pred_parts(pred):
    """(aux, verb, tails) of a predicate: the tuple the predicate rules build, or a rule of its
    own (have_do ...) as the verb."""
    if isinstance(pred, tuple) and len(pred) == 3:
        return pred
    return None, pred, ()

# every rule of a verb phrase (verbs.lark, mana.lark) becomes a Verb named after the rule
VERBS = ("add_mana", "spend", "deal_damage", "draw", "discard", "mill", "gain_life", "lose_life",
         "lose_abilities", "lose_keywords", "win_lose", "gain_control", "gain_ability", "get",
         "have", "have_object", "destroy", "exile", "return", "put", "put_counters",
         "remove_counters", "remove_from_combat", "create", "search", "shuffle", "reveal",
         "look_at", "scry", "surveil", "tap", "untap", "sacrifice", "counter", "exert", "choose",
         "cast", "play", "activate", "enters", "leaves", "dies", "attacks", "blocks", "becomes",
         "is", "passive", "pay", "cost_mod", "past_event", "prevent", "attach", "transform_v",
         "regenerate", "fight", "copy", "do", "double", "skip", "exchange", "assign", "take_turn",
         "move", "vote", "roll", "flip", "redirect", "keyword_action", "cycle", "play_with",
         "mutate_v", "activate_only", "spend_as_any", "spend_as_colorless", "spend_only_color",
         "produce_set", "produce_colorless", "produce_multiple", "produce_set_type",
         "produce_any_color")


def _verb_method(name):
    def method(self, c):
        return ir.Verb(name, tuple(_value(x) for x in c))
    method.__name__ = name
    return method


for _name in VERBS:
    setattr(Build, _name, _verb_method(_name))
del _name
_TYPE_PLURALS = {"sorceries": "sorcery"}


def _singular_type(word):
    if word in _TYPE_PLURALS:
        return _TYPE_PLURALS[word]
    if word == "tribal":
        return "kindred"
    if word.endswith("s") and word_classes().get(word[:-1]) == "CARDTYPE":
        return word[:-1]
    return word


def _zone_noun(word):
    word = word.lower()
    return {"graveyards": "graveyard", "hands": "hand", "libraries": "library"}.get(word, word)
