"""The parse table of the Oracle grammar, built faster: Lark's LALR(1) construction with two of its
steps answered from indexes.

Lark builds LALR(1) lookaheads by DeRemer and Pennello's method: the *includes* and *lookback*
relations between nonterminal transitions, then the follow set of each transition handed to the
reductions that look back to it. Lark computes both steps by scanning: for every nonterminal
transition (p, A) the whole closure of p for A's items, and for every item found the whole closure
of the state its walk ends in; then, for every (transition, reduction) pair, each terminal of the
transition's follow set. A state of this grammar has hundreds of items and a follow set hundreds
of terminals, so those two steps are nine tenths of a minute of CPU. Before them, the *reads*
relation looks, for every nonterminal transition, at the closure of the state it leads to, which
many transitions share.

:class:`IndexedAnalyzer` answers the same two questions from indexes built once: each state's
items grouped by the nonterminal they expand, each state's completed rules, each rule's
nullable tail, and what a transition into a state reads; and it unites the follow sets of all the transitions a reduction looks back to
before handing their terminals to it, once each. The relations, the lookaheads and so the table
are the ones Lark computes (``tests/test_parser_build.py`` compares the two tables on grammars
with nullable tails, several start symbols and conflicts; ``bench/check_lalr_table.py`` on the
Oracle grammar). Everything else is Lark's. Lark is told to use it through its ``_plugins`` option
(:data:`PLUGINS`), which pyproject.toml's version range of Lark keeps available.
"""

from collections import defaultdict

from lark.grammar import Terminal
from lark.parsers.lalr_analysis import LALR_Analyzer, digraph
from lark.parsers.lalr_parser import LALR_Parser, _Parser


class IndexedAnalyzer(LALR_Analyzer):
    """Lark's LALR(1) analyzer, with the reads, includes and lookback relations and the lookaheads
    computed from per-state and per-rule indexes (same results, far fewer steps)."""

    def compute_reads_relations(self):
        end = Terminal("$END")
        for start in self.lr0_start_states.values():
            (item,) = start.kernel                  # a start state has the one item start -> . S
            self.directly_reads[(start, item.next)] = {end}
        nonterminals, expected = self.lr0_rules_by_origin, {}
        for state in self.lr0_itemsets:
            # the symbols its items expect next, in the order Lark meets them
            for symbol in dict.fromkeys(i.next for i in state.closure if not i.is_satisfied):
                if symbol not in nonterminals:
                    continue
                transition = (state, symbol)
                self.nonterminal_transitions.append(transition)
                target = state.transitions[symbol]
                found = expected.get(target)
                if found is None:               # what a transition into ``target`` reads: once
                    ahead = {i.next for i in target.closure if not i.is_satisfied}
                    found = expected[target] = ({s for s in ahead if s not in nonterminals},
                                                {(target, s) for s in ahead if s in self.NULLABLE})
                self.directly_reads[transition] |= found[0]
                self.reads[transition] |= found[1]

    def _nullable_tail(self, rule, cache):
        """The first position of ``rule``'s expansion from which every symbol is nullable."""
        start = cache.get(rule)
        if start is None:
            start = len(rule.expansion)
            while start and rule.expansion[start - 1] in self.NULLABLE:
                start -= 1
            cache[rule] = start
        return start

    def compute_includes_lookback(self):
        tails, by_nonterminal, completed = {}, {}, {}
        for transition in self.nonterminal_transitions:
            origin_state, nonterminal = transition
            items = by_nonterminal.get(origin_state)
            if items is None:
                items = by_nonterminal[origin_state] = defaultdict(list)
                for item in origin_state.closure:
                    items[item.rule.origin].append(item)
            for item in items.get(nonterminal, ()):
                rule = item.rule
                tail = self._nullable_tail(rule, tails)
                state = origin_state
                for position in range(item.index, len(rule.expansion)):
                    symbol = rule.expansion[position]
                    here = (state, symbol)
                    state = state.transitions[symbol]
                    # (state, symbol) includes the transition when what follows symbol is nullable
                    if position + 1 >= tail and here in self.reads:
                        self.includes[here].add(transition)
                if item.index == 0:
                    done = completed.get(state)
                    if done is None:
                        done = completed[state] = {i.rule for i in state.closure if i.is_satisfied}
                    if rule in done:
                        self.lookback[transition].add((state, rule))

    def compute_lookaheads(self):
        read_sets = digraph(self.nonterminal_transitions, self.reads, self.directly_reads)
        follow_sets = digraph(self.nonterminal_transitions, self.includes, read_sets)
        terminals = defaultdict(set)          # (state, rule) -> what may follow its reduction there
        for transition, reductions in self.lookback.items():
            follow = follow_sets[transition]
            for reduction in reductions:
                terminals[reduction] |= follow
        for (state, rule), follow in terminals.items():
            for terminal in follow:
                state.lookaheads[terminal].add(rule)


class IndexedLALRParser(LALR_Parser):
    """Lark's LALR(1) parser whose table :class:`IndexedAnalyzer` builds."""

    def __init__(self, parser_conf, debug=False, strict=False):
        analyzer = IndexedAnalyzer(parser_conf, debug=debug, strict=strict)
        analyzer.compute_lalr()
        self.parser_conf, self._parse_table = parser_conf, analyzer.parse_table
        self.parser = _Parser(analyzer.parse_table, parser_conf.callbacks, debug)


# Lark's plugin option: its LALR parser class replaced by the one above
PLUGINS = {"LALR_Parser": IndexedLALRParser}
