"""What the compiler works out once (issue 11: the whole pool compiled in under 30 s) gives what
working it out again gives: the memos of a normalised line (its parse, kinds and affects, shared
by every card whose line reads the same once its name is ~), the cached parse table, the lexer's
literals of several words and the builder that leaves tokens as they are.
bench/compiled_digest.py checks the same over a whole card pool (bench/README.md)."""

import io

from lark.parsers.lalr_analysis import Reduce, Shift

from pyengine import cardlib
from pyengine.carddb.classify import kind_of
from pyengine.compiler import _affects, _kinds, _parse_normalised, compile_card, parser
from pyengine.compiler.build import Build
from pyengine.compiler.lexer import Phrases, Tokens
from pyengine.terms import Const, Fn

# Two real cards whose mana ability reads the same once each card's name is ~ (Oracle text)
DOC = {"name": "Doc Samson, Super Psychiatrist", "mana_cost": "{4}{G}", "power": "3", "toughness": "6",
       "type": "Legendary Creature — Gamma Doctor Hero",
       "text": "If you would put one or more counters on a permanent you control, put that many plus "
               "one of each of those kinds of counters on that permanent instead.\n"
               "{T}: Add X mana of any one color, where X is Doc Samson's power."}
MONA = {"name": "Mona Lisa, Science Geek", "mana_cost": "{2}{G}", "power": "1", "toughness": "3",
        "type": "Legendary Creature — Lizard Mutant",
        "text": "Reach\n{T}: Add X mana of any one color, where X is Mona Lisa's power."}


def _cold():
    """Forget every line worked out in this process."""
    for memo in (_parse_normalised, _kinds, _affects):
        memo.cache_clear()


def _compiled(*recs):
    return [compile_card(cardlib.parse_card(r)) for r in recs]


def test_cards_sharing_a_line_share_its_reading_but_keep_their_own_facts():
    _cold()
    doc_alone, = _compiled(DOC)
    _cold()
    mona_alone, = _compiled(MONA)
    _cold()
    doc, mona = _compiled(DOC, MONA)            # the line is read once, for Doc Samson
    assert (doc, mona) == (doc_alone, mona_alone)
    _cold()
    assert _compiled(MONA, DOC) == [mona_alone, doc_alone]
    d, m = doc.lines[1], mona.lines[1]
    assert d.line.normalised == m.line.normalised == "{T}: Add X mana of any one color, where X is ~'s power."
    assert d.line.ability is m.line.ability     # one parse, shared (the IR is immutable)
    assert _kinds.cache_info().hits == 1         # its kinds too
    # 106.1b, 107.3: one mana of any one color, X times, X its power; each card its own ability
    for c, line in ((doc, d), (mona, m)):
        ab = Fn("ab", (c.name, 2))
        assert [f[3] for f in c.facts if f[0] == "mana_amount" and f[1] == ab] == [
            Const(x) for x in "wubrg"]
        assert all(f[4] == Fn("stat", (Const("power"),)) for f in c.facts if f[0] == "mana_amount")
        assert ("ability_text", ab, line.line.text) in c.facts
        assert {"mana:any_color", "mana:count_dependent", "mana_ability"} <= line.kinds
        # counted on the permanent itself: a note for paying with it, not for could-produce
        assert line.affects == {"actions", "apply", "cast-free"}
    assert "Mona Lisa's power" in m.line.text and not any("Doc Samson" in repr(f) for f in mona.facts)


def test_a_line_is_read_by_whether_its_card_is_a_spell():
    """Dark Ritual's "Add {B}{B}{B}." is a spell that adds mana (a ritual); the same words on a
    permanent are a static ability: the memo keys a line's kinds on that too, in either order."""
    for order in ((True, False), (False, True)):
        _cold()
        got = {spell: kind_of("Add {B}{B}{B}.", spell) for spell in order}
        assert got == {True: ("spell", ("fixed", "ritual")), False: ("static", ("fixed",))}


def test_the_cached_parse_table_is_the_built_one():
    """The parse table is cached with each action written once (parser.save_table): read back,
    every state has the same actions, Lark's own Shift and Reduce, and the same rules."""
    built = parser.lark_parser()
    f = io.BytesIO()
    parser.save_table(built, f)
    f.seek(0)
    loaded = parser.load_table(f)
    a, b = built.parser.parser._parse_table, loaded.parser.parser._parse_table
    assert (a.start_states, a.end_states) == (b.start_states, b.end_states)
    assert a.states.keys() == b.states.keys()
    for state, acts in a.states.items():
        got = b.states[state]
        assert got.keys() == acts.keys()
        assert all(got[t][0] is act and act in (Shift, Reduce) and got[t][1] == arg
                   for t, (act, arg) in acts.items())
    for text, start in (("{T}: Add {G}.", "start"),                    # Llanowar Elves
                        ("When this creature leaves the battlefield, return the exiled card to the "
                         "battlefield under its owner's control.", "start"),   # Fiend Hunter
                        ("{2}, {T}, Sacrifice a creature", "costs")):
        assert loaded.parse(text, start=start) == built.parse(text, start=start)
    with open(parser.cache_path(), "rb") as cached:     # the session's cache is in that form
        assert parser.load_table(cached).parser.parser._parse_table.states.keys() == a.states.keys()


def test_the_builder_keeps_tokens_as_they_are():
    """Build looks up no method per token (Lark's visit_tokens): none is named after a terminal."""
    assert Build().__visit_tokens__ is False
    assert not [t.name for t in parser.lark_parser().terminals if hasattr(Build, t.name)]


def test_literals_of_several_words_are_tried_longest_first_by_their_second_word():
    phrases = Phrases({"the": [("the", "number", "of"), ("the", "number", "of", "times")],
                       "leave": [("leave", "the", "battlefield")],
                       "up": [("up", "to")]})
    assert phrases.by_second("the", False) == {"number": [("the", "number", "of", "times"),
                                                           ("the", "number", "of")]}
    # "leaves the battlefield" is read as the literal of its singular form
    assert phrases.by_second("leaves", True) == {"the": [("leave", "the", "battlefield")]}
    # Fiend Hunter (Oracle text)
    raws = Tokens("When this creature leaves the battlefield, return the exiled card to the "
                  "battlefield under its owner's control.", {}, phrases).raws
    assert [r.text for r in raws][:5] == ["When", "this", "creature", "leave the battlefield", ","]
