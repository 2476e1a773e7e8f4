"""The grammar of Oracle text (pyengine/compiler/grammar/*.lark) and its lexer.

The grammar is LALR(1) and built in Lark's strict mode, so an ambiguity is an error when it is
built, never a silent pick; its word lists come from the CR; the lexer's rules (lists, names,
possessives, phrases, quotes) give the tokens the grammar expects.
"""

from pathlib import Path
import re

from lark import Lark
import pytest

from pyengine.compiler import ir, parse_line, parser, vocabulary
from pyengine.compiler.lexer import Tokens, raw_tokens

ROOT = Path(__file__).resolve().parent.parent
CR = ROOT / "docs" / "MagicCompRules-2025-11-14.txt"


def test_the_grammar_is_lalr1_with_no_conflict():
    """Lark's strict mode raises on any shift/reduce or reduce/reduce conflict: building the
    parser from the grammar files proves there is none (every line has at most one parse). The
    parse table is cached only after such a build of the same grammar files with the same options
    (both in its key), so loading it is the same proof without building it a second time."""
    assert parser._OPTIONS["parser"] == "lalr" and parser._OPTIONS["strict"] is True
    assert isinstance(parser.lark_parser(), Lark)


def test_every_grammar_file_is_read():
    files = {p.name for p in parser.GRAMMAR_DIR.glob("*.lark")}
    assert files == set(parser.GRAMMAR_FILES)


def test_word_lists_match_the_comprehensive_rules():
    """grammar/words.txt is what vocabulary.extract reads from the CR text in docs/."""
    assert vocabulary.extract(CR.read_text(encoding="utf-8")) == {
        k: list(v) for k, v in vocabulary.sections().items()}
    subs = vocabulary.subtypes()
    assert subs["Elves"] == "Elf" and subs["Plains"] == "Plains" and subs["Time Lord"] == "Time Lord"
    assert vocabulary.subtype_kinds()["Forest"] == "land types"


def test_no_grammar_word_is_the_s_form_of_another():
    """The lexer reads "draws" as "draw" when "draws" is not itself a word of the grammar; a
    grammar word ending in s whose stem is also one would stop that for every sentence
    ("becomes" once broke "this land becomes tapped")."""
    lits = set(_literals())
    allowed = {"targets", "has", "does", "is", "its", "this", "his", "mutates", "colors", "types",
               "powers", "names", "hands", "graveyards", "libraries", "turns", "tokens", "lands",
               "upkeeps", "toughness", "less", "times", "coins", "plus", "minus", "unless", "as",
               "themselves", "poisonous", "madness", "colorless", "draws"}
    offenders = sorted(w for w in lits if re.fullmatch(r"[a-z]+s", w) and w not in allowed
                       and (w[:-1] in lits or (w.endswith("es") and w[:-2] in lits)))
    assert offenders == []


def _literals():
    text = parser.grammar_text()
    text = re.sub(r"//[^\n]*", "", text)
    return re.findall(r'"((?:[^"\\]|\\.)*)"', text)


def _types(text):
    lits = {}
    for t in parser.lark_parser().terminals:
        if t.pattern.type == "str":
            lits[t.pattern.value] = t.name
    toks = Tokens(text, lits)
    return [(r.text, toks.candidates(i)[0][0]) for i, r in enumerate(toks.raws)]


@pytest.mark.parametrize("text,expected", [
    # lists of characteristics: the comma/conjunction that continues one is LIST_* (lexer doc)
    ("Destroy target artifact, creature, or enchantment.",
     [",", "LIST_COMMA", ",", "LIST_COMMA", "or", "LIST_OR"]),
    ("Destroy target creature, then draw a card.", [",", "COMMA"]),
    ("{T}: Add {W}, {U}, or {B}.", [",", "LIST_COMMA", ",", "LIST_COMMA", "or", "LIST_OR"]),
    ("noncreature, nonland permanent", [",", "LIST_COMMA"]),
])
def test_list_separators(text, expected):
    got = [(w, t) for w, t in _types(text) if w in (",", "or", "and")]
    assert [x for pair in got for x in pair] == expected


def test_words_are_split_as_the_grammar_reads_them():
    raws = [r.text for r in raw_tokens("Its owner's hand, nonland permanents, Islandwalk, ~'s power")]
    assert raws == ["Its", "owner", "'s", "hand", ",", "non", "land", "permanents", ",", "Island",
                    "walk", ",", "~", "'s", "power"]
    assert [r.text for r in raw_tokens("first strike, and/or")] == ["first strike", ",", "and/or"]


def test_a_literal_of_several_words_the_parser_does_not_take_is_read_word_by_word():
    """The lexer joins the words of a literal of several words into one token, longest first;
    where the parser can't take that literal, its words are read again, the first of them into a
    shorter literal only, and the rest of the line joined again from its words. So which literals
    the grammar has doesn't decide whether a line parses: a rule's "one or more" ("roll one or
    more planar dice") must not hide "one" + "or more" from "Whenever one or more creatures ...",
    nor a rule's "and all" the "all other" of "... and all other permanents"."""
    literals = {"one or more": "A", "or more": "B", "one": "C", "and all": "D", "all other": "E"}
    phrases = {"one": [("one", "or", "more")], "or": [("or", "more")], "and": [("and", "all")],
               "all": [("all", "other")]}
    toks = Tokens("one or more creatures and all other lands", literals, phrases)
    assert [r.text for r in toks.raws] == ["one or more", "creatures", "and all", "other", "lands"]
    assert [r.text for r in toks.split(0)] == ["one or more", "creatures", "and all", "other", "lands"]
    assert [r.text for r in toks.raws] == ["one", "or more", "creatures", "and all", "other", "lands"]
    assert toks.split(3) is not None
    assert [r.text for r in toks.raws] == ["one", "or more", "creatures", "and", "all other", "lands"]
    assert toks.split(2) is None                    # one word: nothing to split
    # the grammar has these literals (round 7): each line below parsed before they were added
    for line in ("Whenever one or more creatures you control deal combat damage to a player, draw a card.",  # Grim Hireling
                 "Destroy target nonland permanent and all other permanents with the same name as that permanent.",  # Maelstrom Pulse
                 "When this artifact enters or is put into a graveyard from the battlefield, draw a card.",  # Ichor Wellspring
                 "This creature has protection from the chosen color.",                       # Voice of All
                 "Choose one or more —"):                                                     # Kill! Maim! Burn!
        assert parse_line(line).parsed, line


def test_a_pronoun_and_a_verb_written_as_one_word_are_two_words():
    """"it's" is "it is" ("its" is the possessive); "you've" is "you have": the grammar reads the
    pronoun as a subject and the verb as a verb."""
    assert [r.text for r in raw_tokens("as long as it's attacking")][-3:] == ["it", "is", "attacking"]
    assert [r.text for r in raw_tokens("you're the monarch")][:2] == ["you", "are"]
    assert parse_line("At the beginning of your end step, if you're the monarch, draw a card.").parsed
    assert parse_line("This creature has first strike as long as it's attacking.").parsed
    assert parse_line("{T}: Add {C} for each card you've drawn this turn.").parsed


def test_a_card_name_after_named_is_one_token():
    raws = raw_tokens("Search your library for a card named Nicol Bolas, the Deceiver, reveal it.")
    names = [r.text for r in raws if r.kind == "name"]
    assert names == ["Nicol Bolas, the Deceiver"]


def test_ability_and_flavor_words_before_an_em_dash():
    """207.2c ability words and 207.2d flavor words are read apart from the ability."""
    assert [(r.kind, r.text) for r in raw_tokens("Landfall — Whenever a land you control enters, draw a card.")][:2] == \
        [("aword", "Landfall"), ("punct", "—")]
    assert raw_tokens("• Net — Target creature can't block this turn.")[1].kind == "fword"
    line = parse_line("Landfall — Whenever a land you control enters, draw a card.")
    assert line.ability_word == "Landfall" and isinstance(line.ability, ir.Triggered)


def test_a_quoted_ability_ending_a_sentence_keeps_its_own_period():
    line = parse_line('Equipped creature has "{T}: Add {G}."')
    quoted = [n for n in ir.walk(line.ability) if isinstance(n, ir.Node) and n.kind == "quoted_ability"]
    assert len(quoted) == 1 and isinstance(quoted[0].args[0], ir.Activated)
    assert parse_line('Enchanted land has "{T}: Add {C}" and "{T}: Add {G}."').parsed


@pytest.mark.parametrize("text,frame", [
    ("Flying, haste", ir.Keywords),
    ("{T}: Add {G}.", ir.Activated),
    ("Whenever a creature you control dies, draw a card.", ir.Triggered),
    ("At the beginning of your upkeep, you lose 1 life.", ir.Triggered),
    ("Creatures you control get +1/+1.", ir.Static),
    ("[+1]: Draw a card.", ir.Loyalty),
    ("I, II — Create a 1/1 white Soldier creature token.", ir.Chapter),
    ("• Destroy target artifact.", ir.Mode),
    ("LEVEL 1-4", ir.Level),
    ("{1}{G}: Level 2", ir.ClassLevel),
])
def test_frames(text, frame):
    assert isinstance(parse_line(text).ability, frame)


def test_a_station_symbol_holds_a_whole_ability():
    """721.2a: "N+ | ability" (an ability had with N or more charge counters), with a keyword or
    an activated ability after the symbol."""
    for text in ("8+ | Flying", "12+ | {G}, {T}: Add {G} for each creature you control."):
        line = parse_line(text)
        assert isinstance(line.ability, ir.Node) and line.ability.kind == "threshold"


@pytest.mark.parametrize("text", ["Frobnicate the widget.", "{T}: Add {G} and", "Flying and haste", "Haste 2",
                                  "Morph", "x" * 5000, "(" * 20000 + ")" * 20000, " " * 100000])
def test_text_the_grammar_does_not_cover_is_an_error_never_an_exception(text):
    line = parse_line(text)
    assert line.ability is None and (line.error or not line.normalised)


def test_a_when_at_the_start_of_a_line_is_a_trigger_not_a_delayed_one():
    """603.1: "When ..." starting a line is a triggered ability; inside an effect (after a cost,
    603.7) it is a delayed trigger."""
    assert isinstance(parse_line("When ~ enters, draw a card.").ability, ir.Triggered)
    a = parse_line("{T}: When you next cast a creature spell this turn, draw a card.").ability
    assert isinstance(a, ir.Activated)


@pytest.mark.parametrize("text", [
    # a multi-word literal must not swallow words other rules read one by one
    "The first spell you cast each turn has cascade.",                   # not "the first" <step>
    "Exile two cards from the top of your library.",                     # not "cards from the top of"
    "{T}: Add X mana of any one color, where X is the number of Elves you control.",   # not ", where x is"
    "Whenever this creature and at least two other creatures attack, draw a card.",    # not "and at"
    "Exile up to three target cards from a single graveyard.",
])
def test_words_read_one_by_one_are_never_swallowed_by_a_longer_literal(text):
    assert parse_line(text).parsed, parse_line(text).error


def test_a_rebalanced_digital_card_refers_to_itself_by_its_printed_name():
    from pyengine.compiler.text import names_of
    assert {"Nahiri, Heir of the Ancients", "Nahiri"} <= names_of("A-Nahiri, Heir of the Ancients")
    line = parse_line("[−3]: Nahiri deals 3 damage to target creature.",
                      names_of("A-Nahiri, Heir of the Ancients"))
    assert line.parsed and "~" in line.normalised


def test_a_trigger_on_two_kinds_of_events_keeps_both():
    t = parse_line("When this creature enters and whenever you cast a spell, draw a card.").ability.trigger
    assert len(t.clauses) == 2 and ("and whenever",) in t.joins
    t = parse_line("When this creature enters and at the beginning of your upkeep, draw a card.").ability.trigger
    assert t.time is not None and ("and at",) in t.joins


def test_a_kicker_with_two_costs():
    """702.33b: "Kicker [cost 1] and/or [cost 2]": the conjunction is the keyword's, not a list's."""
    kw = parse_line("Kicker {1}{G} and/or {2}{U}").ability.items[0]
    assert kw.name == "kicker" and len(kw.param) == 2
