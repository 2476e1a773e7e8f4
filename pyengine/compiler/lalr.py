"""Lark's LALR(1) analysis with three of its steps computed without repeated scans.

Building the parse table of the Oracle grammar with Lark's own :class:`LALR_Analyzer` takes about
a minute of CPU, nine tenths of it in two steps (DeRemer and Pennello's construction, Lark 1.x),
and a third does the same on a smaller scale:

* ``compute_includes_lookback`` scans, for every nonterminal transition (state, A), the whole
  closure of the state for the items of A, and for each such item the whole closure of the state
  it leads to for the item that completes it (a state of this grammar has hundreds of items);
* ``compute_lookaheads`` adds each rule to the lookahead set of every terminal of the follow set
  of every transition it looks back to: once per (transition, lookback, terminal), where most of
  those triples repeat the same (state, rule, terminal);
* ``compute_reads_relations`` scans, for every nonterminal transition, the closure of the state
  it leads to, which many transitions share.

:class:`LALRAnalyzer` computes the same relations and the same lookaheads from indexes: each
state's items by the name of their rule's origin, each state's completed rules and what a
transition into it reads, built once per state; the follow sets of the transitions a (state,
rule) looks back to united first (sets of terminals, united by Python's set code), then each of
their terminals given the rule once. The
parse table is the same (``tests/test_parser_build.py`` compares the two analyzers' tables on
grammars with nullable rules, several start symbols and conflicts); the parser's other steps are
Lark's. It is passed to Lark as its ``LALR_Parser`` plugin (:data:`PLUGINS`).
"""

from lark.grammar import Terminal
from lark.parsers.lalr_analysis import LALR_Analyzer, digraph
from lark.parsers.lalr_parser import LALR_Parser, _Parser


class LALRAnalyzer(LALR_Analyzer):
    """Lark's LALR(1) analyzer; the relations and lookaheads computed from per-state indexes."""

    def compute_reads_relations(self):
        # Lark's loop, with what a transition into a state reads (the terminals its items expect
        # next, the nullable nonterminals they expect next) worked out once per state reached
        for root in self.lr0_start_states.values():
            assert len(root.kernel) == 1
            for rp in root.kernel:
                assert rp.index == 0
                self.directly_reads[(root, rp.next)] = {Terminal("$END")}
        by_origin, nullable = self.lr0_rules_by_origin, self.NULLABLE
        read_by = {}                        # state reached -> (terminals, (state, nullable) pairs)
        for state in self.lr0_itemsets:
            seen = set()
            for rp in state.closure:
                if rp.is_satisfied:
                    continue
                s = rp.next
                if s not in by_origin or s in seen:
                    continue
                seen.add(s)
                nt = (state, s)
                self.nonterminal_transitions.append(nt)
                next_state = state.transitions[s]
                reads = read_by.get(next_state)
                if reads is None:
                    terminals, pairs = set(), set()
                    for rp2 in next_state.closure:
                        if rp2.is_satisfied:
                            continue
                        s2 = rp2.next
                        if s2 not in by_origin:
                            terminals.add(s2)
                        if s2 in nullable:
                            pairs.add((next_state, s2))
                    reads = read_by[next_state] = (terminals, pairs)
                self.directly_reads[nt].update(reads[0])
                self.reads[nt].update(reads[1])

    def compute_includes_lookback(self):
        # Lark's loop, with its two scans of a closure replaced by look-ups: the items of the
        # nonterminal A (a rule's origin and A are both nonterminals, so equal names are equal
        # symbols), and the item completing a rule (a closure is a set: at most one per rule)
        items_by_origin, completed = {}, {}
        reads, nullable = self.reads, self.NULLABLE
        for nt in self.nonterminal_transitions:
            state, nonterminal = nt
            by_origin = items_by_origin.get(state)
            if by_origin is None:
                by_origin = items_by_origin[state] = {}
                for rp in state.closure:
                    by_origin.setdefault(rp.rule.origin.name, []).append(rp)
            includes = []
            lookback = self.lookback[nt]
            for rp in by_origin.get(nonterminal.name, ()):
                expansion = rp.rule.expansion
                state2 = state
                for i in range(rp.index, len(expansion)):
                    s = expansion[i]
                    nt2 = (state2, s)
                    state2 = state2.transitions[s]
                    if nt2 not in reads:
                        continue
                    for j in range(i + 1, len(expansion)):
                        if expansion[j] not in nullable:
                            break
                    else:
                        includes.append(nt2)
                if rp.index == 0:
                    done = completed.get(state2)
                    if done is None:
                        done = completed[state2] = {rp2.rule: rp2.rule for rp2 in state2.closure
                                                    if rp2.is_satisfied}
                    rule2 = done.get(rp.rule)
                    if rule2 is not None:
                        lookback.add((state2, rule2))
            for nt2 in includes:
                self.includes[nt2].add(nt)

    def compute_lookaheads(self):
        read_sets = digraph(self.nonterminal_transitions, self.reads, self.directly_reads)
        follow_sets = digraph(self.nonterminal_transitions, self.includes, read_sets)
        looked_back = {}                    # (state, rule) -> the follow sets of its transitions
        for nt, lookbacks in self.lookback.items():
            follow = follow_sets[nt]
            for state_rule in lookbacks:
                looked_back.setdefault(state_rule, []).append(follow)
        for (state, rule), follows in looked_back.items():
            for s in set().union(*follows):
                state.lookaheads[s].add(rule)


class LALRParser(LALR_Parser):
    """Lark's LALR(1) parser, its table built by :class:`LALRAnalyzer`."""

    def __init__(self, parser_conf, debug=False, strict=False):
        analysis = LALRAnalyzer(parser_conf, debug=debug, strict=strict)
        analysis.compute_lalr()
        self._parse_table = analysis.parse_table
        self.parser_conf = parser_conf
        self.parser = _Parser(analysis.parse_table, parser_conf.callbacks, debug)


# Lark's option that puts the parser above in place of its own
PLUGINS = {"LALR_Parser": LALRParser}
