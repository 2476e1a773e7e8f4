"""The parse table is built by pyengine.compiler.lalr, Lark's LALR(1) analysis with three of its
steps computed from indexes: it must give the very table Lark's own analysis gives. Compared here
on grammars that exercise what those steps compute (nullable symbols after a nonterminal, rules
that look back through several states, several start symbols, shared prefixes, conflicts), among
them Lark's own grammars of Python and of Lark (hundreds of states); bench/check_lalr_table.py
compares the two on the Oracle grammar itself (a minute of CPU)."""

import pytest
from lark import Lark
from lark.exceptions import GrammarError
from lark.indenter import PythonIndenter

from pyengine.compiler import lalr, parser


def _tables(build):
    """The parse table (states keyed by their LR(0) items, debug=True) built by Lark's analysis
    and by pyengine.compiler.lalr's."""
    ours, larks = build(lalr.PLUGINS), build({})
    return ours.parser.parser._parse_table, larks.parser.parser._parse_table


def _same(ours, larks):
    assert ours.states == larks.states
    assert ours.start_states == larks.start_states and ours.end_states == larks.end_states


NULLABLE = r"""
start: head tail? "." | "[" list "]"
costs: item ("," item)* | "-" tail
head: WORD adjs | "the" WORD
adjs: adjs ADJ |
tail: "of" head opt "y" | "with" list opt opt2
opt: "x"?
opt2: opt | "z"
list: item | list "," item
item: head | "(" list ")" | "!" opt
ADJ: /[A-Z]+/
WORD: /[a-z]{2,}/
%ignore " "
"""


def test_same_table_on_nullable_rules_and_several_starts():
    _same(*_tables(lambda plugins: Lark(NULLABLE, parser="lalr", start=["start", "costs"],
                                        debug=True, _plugins=plugins)))


def test_same_table_on_larks_python_grammar():
    ours, larks = _tables(lambda plugins: Lark.open_from_package(
        "lark", "python.lark", ["grammars"], parser="lalr", postlex=PythonIndenter(),
        start=["file_input", "single_input", "eval_input"], debug=True, _plugins=plugins))
    assert len(ours.states) > 500
    _same(ours, larks)


def test_same_table_on_larks_grammar_of_grammars():
    _same(*_tables(lambda plugins: Lark.open_from_package(
        "lark", "lark.lark", ["grammars"], parser="lalr", debug=True, _plugins=plugins)))


@pytest.mark.parametrize("grammar, conflict", [
    ('start: a "x" | b "x"\na: "y"\nb: "y"', "Reduce/Reduce"),
    ('start: e\ne: e "+" e | "n"', "Shift/Reduce"),
])
def test_same_conflicts_in_strict_mode(grammar, conflict):
    for plugins in ({}, lalr.PLUGINS):
        with pytest.raises(GrammarError, match=conflict):
            Lark(grammar, parser="lalr", strict=True, _plugins=plugins)


def test_the_oracle_grammar_is_built_with_it():
    assert parser._OPTIONS["_plugins"] is lalr.PLUGINS


@pytest.mark.parametrize("grammar", [
    'start: a "x" | b "x"\na.2: "y"\nb: "y"',       # a reduce/reduce collision that priority settles
    'start: e\ne: e "+" e | "n"',                      # a shift/reduce conflict, kept as the shift
])
def test_same_table_where_conflicts_are_settled(grammar):
    """Without strict mode, Lark settles a reduce/reduce collision by rule priority and a
    shift/reduce conflict as the shift: the same table either way."""
    _same(*_tables(lambda plugins: Lark(grammar, parser="lalr", debug=True, _plugins=plugins)))
