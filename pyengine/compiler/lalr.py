"""The parse table of the Oracle grammar, built faster: Lark's LALR(1) construction, with every step
after the LR(0) automaton computed from indexes.

Lark builds LALR(1) lookaheads by DeRemer and Pennello's method: the *reads*, *includes* and
*lookback* relations between nonterminal transitions, then the follow set of each transition
handed to the reductions that look back to it, then the table. Lark computes the relations by
scanning (for every nonterminal transition (p, A), the whole closure of p for A's items, and for
every item found, the whole closure of the state its walk ends in), hands the follow sets to each
(transition, reduction) pair terminal by terminal, and keys every set and dictionary by its
symbol, rule and item objects, whose hash and equality are Python methods: a state of this grammar
has hundreds of items and a follow set hundreds of terminals, so those steps took most of a
minute of CPU.

:class:`IndexedAnalyzer` keeps Lark's LR(0) automaton and computes the rest from indexes built
once (each state's transitions by symbol name, its items grouped by the nonterminal they expand,
its completed rules; each rule's number and nullable tail), with symbols as names and rules as
numbers, so every set operation hashes in C; it unites the follow sets of all the transitions a
reduction looks back to before handing their terminals to it, and writes a state's reductions in
one step when a single rule completes there (most states). Conflicts are settled as Lark settles
them (rule priority for a reduce/reduce collision, else an error; with ``strict`` a shift/reduce
conflict is an error, else the shift is kept). The table is the one Lark computes
(``tests/test_parser_build.py`` compares the two on grammars with nullable tails, several start
symbols, settled and unsettled conflicts, and Lark's own grammars of Python and of Lark;
``bench/check_lalr_table.py`` on the Oracle grammar: 12 s of CPU against Lark's 58 s). Lark is told
to use it through its ``_plugins`` option (:data:`PLUGINS`), which pyproject.toml's version range of
Lark keeps available.
"""

from collections import defaultdict

from lark.exceptions import GrammarError
from lark.parsers.lalr_analysis import IntParseTable, LALR_Analyzer, ParseTable, Reduce, Shift, digraph
from lark.parsers.lalr_parser import LALR_Parser, _Parser

END = "$END"


class IndexedAnalyzer(LALR_Analyzer):
    """Lark's LALR(1) analyzer, with the reads, includes and lookback relations, the lookaheads and
    the table computed from per-state and per-rule indexes (same results, far fewer steps).

    Lark's symbols and rules compare and hash by Python methods, which the relations call millions
    of times; here a symbol is its name (a terminal's and a nonterminal's names never coincide),
    a rule its position in the grammar's list, a state the object itself (hashed by identity,
    as Lark's states are), so every set and dictionary of the analysis hashes in C."""

    def compute_lalr(self):
        self.compute_lr0_states()                   # Lark's LR(0) automaton
        self._index()
        self._reads()
        self._includes_lookback()
        self._lookaheads()
        self._table()

    def _index(self):
        """Per rule: its number, its expansion's names, where its nullable tail begins; per state:
        its transitions by name, its items grouped by the nonterminal they expand, its completed
        rules, the names its items expect next (in the order of its closure, as Lark meets them)."""
        nullable = {s.name for s in self.NULLABLE}
        self.nonterminals = {s.name for s in self.lr0_rules_by_origin}
        self.nullable = nullable
        self.rules = []
        number = {}
        for rule in self.rules_by_number():
            number[id(rule)] = len(self.rules)
            self.rules.append(rule)
        self.names = [tuple(s.name for s in r.expansion) for r in self.rules]
        self.tail = []
        for names in self.names:
            start = len(names)
            while start and names[start - 1] in nullable:
                start -= 1
            self.tail.append(start)
        self.goto, self.items, self.completed, self.expects = {}, {}, {}, {}
        for state in self.lr0_itemsets:
            self.goto[state] = {s.name: t for s, t in state.transitions.items()}
            items, completed, expects = defaultdict(list), set(), {}
            for item in state.closure:
                r = number[id(item.rule)]
                items[self.rules[r].origin.name].append((r, item.index))
                if item.index == len(self.names[r]):
                    completed.add(r)
                else:
                    expects.setdefault(self.names[r][item.index], None)
            self.items[state], self.completed[state], self.expects[state] = items, completed, list(expects)

    def rules_by_number(self):
        """Every rule of the grammar, once each, in a fixed order."""
        seen, out = set(), []
        for rules in self.lr0_rules_by_origin.values():
            for rule in rules:
                if id(rule) not in seen:
                    seen.add(id(rule))
                    out.append(rule)
        return out

    def _reads(self):
        """The nonterminal transitions (state, name), what each directly reads (terminal names) and
        the transitions it reads through a nullable nonterminal."""
        self.transitions, self.direct, self.read = [], defaultdict(set), {}
        for start in self.lr0_start_states.values():
            (item,) = start.kernel                  # a start state has the one item start -> . S
            self.direct[(start, item.next.name)] = {END}
        ahead = {}
        for state in self.lr0_itemsets:
            for name in self.expects[state]:
                if name not in self.nonterminals:
                    continue
                transition = (state, name)
                self.transitions.append(transition)
                target = self.goto[state][name]
                found = ahead.get(target)
                if found is None:               # what a transition into ``target`` reads: once
                    expected = self.expects[target]
                    found = ahead[target] = ({n for n in expected if n not in self.nonterminals},
                                             {(target, n) for n in expected if n in self.nullable})
                self.direct[transition] |= found[0]
                self.read[transition] = found[1]

    def _includes_lookback(self):
        """includes: (p, B) includes (q, A) when A -> w B v with v nullable and w leads from q to p;
        lookback: the completed rule A -> w at the state w leads to from q looks back to (q, A)."""
        self.includes = {t: set() for t in self.transitions}
        self.lookback = defaultdict(set)
        for transition in self.transitions:
            origin, nonterminal = transition
            for r, index in self.items[origin].get(nonterminal, ()):
                names, tail, state = self.names[r], self.tail[r], origin
                for position in range(index, len(names)):
                    here = (state, names[position])
                    state = self.goto[state][names[position]]
                    if position + 1 >= tail and here in self.includes:
                        self.includes[here].add(transition)
                if index == 0 and r in self.completed[state]:
                    self.lookback[transition].add((state, r))

    def _lookaheads(self):
        """The terminals that may follow each reduction (state, rule): the union of the follow sets
        of the transitions it looks back to."""
        read_sets = digraph(self.transitions, self.read, self.direct)
        follow_sets = digraph(self.transitions, self.includes, read_sets)
        self.reductions = defaultdict(set)
        for transition, reductions in self.lookback.items():
            follow = follow_sets[transition]
            for reduction in reductions:
                self.reductions[reduction] |= follow

    def _table(self):
        """The parse table: each state's shifts, and a reduction for each terminal that may follow a
        completed rule there; two reductions on one terminal are settled by rule priority or are a
        reduce/reduce conflict, a reduction on a terminal the state shifts is a shift/reduce
        conflict (an error with ``strict``; otherwise the shift is kept, as Lark does)."""
        at = defaultdict(list)                  # state -> [(rule number, what may follow it)]
        for (state, r), follow in self.reductions.items():
            at[state].append((r, follow))
        states, collisions = {}, []
        for state in self.lr0_itemsets:
            actions = {name: (Shift, target.closure) for name, target in self.goto[state].items()}
            reductions = at.get(state, ())
            if len(reductions) == 1:            # most states: one rule, no reduce/reduce question
                (r, follow), = reductions
                chosen = {r: follow}
            else:
                rules_of = defaultdict(list)    # terminal -> the rules that may reduce on it
                for r, follow in reductions:
                    for name in follow:
                        rules_of[name].append(r)
                chosen = defaultdict(set)
                for name, numbers in rules_of.items():
                    if len(numbers) > 1:
                        ranked = sorted((self.rules[r] for r in numbers),
                                        key=lambda rule: rule.options.priority or 0, reverse=True)
                        if (ranked[0].options.priority or 0) <= (ranked[1].options.priority or 0):
                            collisions.append((name, [self.rules[r] for r in numbers]))
                            continue
                        numbers = [self.rules.index(ranked[0])]
                    chosen[numbers[0]].add(name)
            for r, follow in chosen.items():
                rule = self.rules[r]
                clash = follow & actions.keys()
                if clash and self.strict:
                    raise GrammarError(f"Shift/Reduce conflict for terminal {min(clash)}. [strict-mode]\n * {rule}\n")
                reduce = (Reduce, rule)
                actions.update(dict.fromkeys(follow - clash if clash else follow, reduce))   # a clash keeps the shift
            states[state.closure] = actions
        if collisions:
            raise GrammarError("\n\n".join(
                f"Reduce/Reduce collision in {name} between the following rules: "
                + "".join(f"\n\t- {rule}" for rule in rules) for name, rules in collisions))
        roots = {"$root_" + start: start for start in self.lr0_start_states}
        end_states = {}
        for closure in states:
            for item in closure:
                if item.is_satisfied and item.rule.origin.name in roots:
                    end_states[roots[item.rule.origin.name]] = closure
        start_states = {start: state.closure for start, state in self.lr0_start_states.items()}
        table = ParseTable(states, start_states, end_states)
        self.parse_table = table if self.debug else IntParseTable.from_ParseTable(table)


class IndexedLALRParser(LALR_Parser):
    """Lark's LALR(1) parser whose table :class:`IndexedAnalyzer` builds."""

    def __init__(self, parser_conf, debug=False, strict=False):
        analyzer = IndexedAnalyzer(parser_conf, debug=debug, strict=strict)
        analyzer.compute_lalr()
        self.parser_conf, self._parse_table = parser_conf, analyzer.parse_table
        self.parser = _Parser(analyzer.parse_table, parser_conf.callbacks, debug)


# Lark's plugin option: its LALR parser class replaced by the one above
PLUGINS = {"LALR_Parser": IndexedLALRParser}
