"""The clingo driver: the only module that talks to clingo.

An :class:`Engine` holds one ``clingo.Control`` for one snapshot and one query program: it loads
``rules.lp`` (which only ``#include``s ``kb/``) and ``queries/<query>.lp``, adds the snapshot's
facts through the backend (never as program text), grounds once, and then answers any number
of questions by assigning the query's externals (multi-shot). A solver time limit protects
against pathological input.
"""

from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
import os
from pathlib import Path
import re
import time

import clingo
import clingo.ast

from .errors import InputError
from .patterns import BodyLit, Expr, KbRule, Var
from .terms import Const, Fn, render_fact

DEFAULT_TIME_LIMIT = 60.0


class SetupError(InputError):
    """The knowledge base cannot be found (a wrong MTGKB_HOME): one line, exit status 2."""


def kb_root():
    """The folder holding rules.lp, kb/ and queries/ ($MTGKB_HOME, else the source checkout)."""
    env = os.environ.get("MTGKB_HOME")
    root = Path(env).resolve() if env else Path(__file__).resolve().parent.parent
    if not (root / "rules.lp").is_file():
        raise SetupError(f"rules.lp not found under {root}; set MTGKB_HOME to the mtgkb checkout")
    return root


@dataclass(frozen=True)
class Statement:
    """One statement of an .lp file, as :func:`parse_kb` reports it.

    ``kind`` is ``rule``, ``defined`` (a ``#defined p/n`` declaration), ``comment`` or ``other``;
    ``line``/``end_line`` its first and last line; ``preds`` the (name, arity) of every predicate
    in a rule's head (or the declared one); ``text`` a comment's text, else the statement's.
    """

    kind: str
    file: str
    line: int
    end_line: int
    preds: frozenset = frozenset()
    text: str = ""


def _head_preds(node, out):
    """Collect (name, arity) of the atoms a rule head can derive (not the conditions)."""
    T = clingo.ast.ASTType
    t = node.ast_type
    if t == T.Literal:
        _head_preds(node.atom, out)
    elif t == T.SymbolicAtom:
        _head_preds(node.symbol, out)
    elif t == T.Pool:
        for a in node.arguments:
            _head_preds(a, out)
    elif t == T.Function:
        out.add((node.name, len(node.arguments)))
    elif t == T.SymbolicTerm and node.symbol.type == clingo.SymbolType.Function:
        out.add((node.symbol.name, len(node.symbol.arguments)))
    elif t in (T.Disjunction, T.Aggregate):
        for e in node.elements:
            _head_preds(e.literal, out)
    elif t == T.HeadAggregate:
        for e in node.elements:
            _head_preds(e.condition.literal, out)


def parse_kb(paths):
    """Every statement of the given .lp files, parsed by clingo (no grounding): for convention
    checks such as "every rule is tagged" (tests/test_kb_conventions.py)."""
    T = clingo.ast.ASTType
    out = []

    def visit(st):
        loc = st.location
        where = (loc.begin.filename, loc.begin.line, loc.end.line)
        if st.ast_type == T.Rule:
            preds = set()
            _head_preds(st.head, preds)
            out.append(Statement("rule", *where, frozenset(preds), str(st)))
        elif st.ast_type == T.Defined:
            out.append(Statement("defined", *where, frozenset({(st.name, st.arity)}), str(st)))
        elif st.ast_type == T.Comment:
            out.append(Statement("comment", *where, text=st.value))
        elif st.ast_type != T.Program:
            out.append(Statement("other", *where, text=str(st)))

    clingo.ast.parse_files([str(p) for p in paths], visit)
    return out


def to_symbol(term, cache=None):
    """A plain-Python term as a clingo Symbol. CACHE (a dict) memoises strings and constants, which
    recur in many facts (ids, players, card names); building a Symbol costs a few C calls."""
    if isinstance(term, bool):
        raise TypeError("booleans are not terms")
    if cache is not None and isinstance(term, (str, Const)):
        sym = cache.get(term)
        if sym is None:
            sym = cache[term] = to_symbol(term)
        return sym
    if isinstance(term, int):
        if not -2**31 <= term < 2**31:             # clingo numbers are 32-bit
            raise InputError(f"the number {term} is too large for the solver")
        return clingo.Number(term)
    if isinstance(term, str):
        return clingo.String(term)
    if isinstance(term, Const):
        return clingo.Function(term.name)
    if isinstance(term, Fn):
        return clingo.Function(term.name, [to_symbol(a, cache) for a in term.args])
    if isinstance(term, tuple):
        return clingo.Tuple_([to_symbol(a, cache) for a in term])
    raise TypeError(f"not a term: {term!r}")


def from_symbol(sym):
    """A clingo Symbol as a plain-Python term."""
    t = sym.type
    if t == clingo.SymbolType.Number:
        return sym.number
    if t == clingo.SymbolType.String:
        return sym.string
    if t == clingo.SymbolType.Function:
        args = tuple(from_symbol(a) for a in sym.arguments)
        if not sym.name:
            return args
        return Fn(sym.name, args) if args else Const(sym.name)
    raise TypeError(f"unexpected symbol {sym}")


def atom_tuple(sym, cache=None):
    """A shown atom as a fact tuple ``(pred, args...)``. CACHE (a dict) memoises the conversion of
    arguments, which recur across atoms (reading a Symbol's parts costs several C calls)."""
    if cache is None:
        return (sym.name,) + tuple(from_symbol(a) for a in sym.arguments)
    out = [sym.name]
    for a in sym.arguments:
        term = cache.get(a)
        if term is None:
            term = cache[a] = from_symbol(a)
        out.append(term)
    return tuple(out)


@contextmanager
def _working_directory(path):
    """Run in PATH for a while. clingo resolves ``#include "kb/x.lp"`` against the current
    working directory before the including file's folder, so without this a ``kb/`` folder in
    the user's directory (another checkout, say) would silently replace the knowledge base."""
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


class SolveTimeout(InputError):
    """The solver did not finish within the time limit."""


_PARTS_LINE = re.compile(r"^%\s*@parts\s+(.*?)\s*$", re.M)


def query_parts(root, query):
    """The program parts (``#program name.`` in kb/) a query grounds besides ``base``: the names on
    its ``% @parts name1 name2`` line (none without one)."""
    text = (root / "queries" / f"{query}.lp").read_text(encoding="utf-8")
    return tuple(n for m in _PARTS_LINE.finditer(text) for n in m.group(1).split())


def all_parts():
    """Every program part of the KB besides ``base`` (explain and check ground them all)."""
    return kb_program().parts


class Engine:
    """One snapshot, one query program, grounded once; ``ask`` answers questions on it.

    The KB's ``base`` part is always grounded, plus the parts the query file names on its
    ``% @parts`` line, or PARTS if given (``all_parts()`` for every one)."""

    def __init__(self, facts, query, programs=(), time_limit=DEFAULT_TIME_LIMIT, options=(), parts=None):
        root = kb_root()
        parts = query_parts(root, query) if parts is None else tuple(parts)
        self.time_limit = time_limit
        self.timings = {}
        t0 = time.perf_counter()
        self.ctl = clingo.Control(["--warn=none", *options])
        with _working_directory(root):
            self.ctl.load(str(root / "rules.lp"))
            self.ctl.load(str(root / "queries" / f"{query}.lp"))
        for path in programs:
            self.ctl.load(str(path))
        symbols = {}
        with self.ctl.backend() as backend:
            for fact in facts:
                atom = backend.add_atom(clingo.Function(fact[0], [to_symbol(a, symbols) for a in fact[1:]]))
                backend.add_rule([atom])
        t1 = time.perf_counter()
        self.ctl.ground([("base", [])] + [(p, []) for p in parts])
        self.timings["load"] = t1 - t0
        self.timings["ground"] = time.perf_counter() - t1
        self._externals = set()

    def ask(self, externals=(), models=1, optimize=False, partial=False):
        """Set the given external atoms true (all others false) and solve.

        Returns a list of models, each a sorted list of shown atoms as fact tuples. With
        ``models=0`` every answer set is returned. With ``optimize``, the program's #minimize and
        #maximize statements are honoured and only the last model found is returned (an optimal
        one, unless the time ran out); otherwise they are ignored. With ``partial``, running out of
        time returns the models found so far and sets ``self.complete`` to False instead of
        raising SolveTimeout.
        """
        self.complete = True
        wanted = {to_symbol_atom(e) for e in externals}
        for sym in self._externals - wanted:
            self.ctl.assign_external(sym, False)
        for sym in wanted:
            self.ctl.assign_external(sym, True)
        self._externals = wanted
        self.ctl.configuration.solve.models = 0 if optimize else models
        self.ctl.configuration.solve.opt_mode = "opt" if optimize else "ignore"
        found, terms = [], {}

        def on_model(m):
            if optimize:                    # only the last (best) model is converted, at the end
                found[:] = [m.symbols(shown=True)]
            else:
                found.append(sorted((atom_tuple(s, terms) for s in m.symbols(shown=True)), key=render_fact))

        t0 = time.perf_counter()
        with self.ctl.solve(on_model=on_model, async_=True) as handle:
            if not handle.wait(self.time_limit):
                handle.cancel()
                if not partial:
                    raise SolveTimeout(f"the solver did not finish within {self.time_limit:g} s")
                self.complete = False
            else:
                handle.get()
        if optimize:
            found = [sorted((atom_tuple(s, terms) for s in m), key=render_fact) for m in found]
        self.timings["solve"] = self.timings.get("solve", 0.0) + time.perf_counter() - t0
        return found

    def statistics(self):
        """Solver statistics of the last solve: choices, conflicts, models, and the grounding size."""
        st = self.ctl.statistics
        solving = st.get("solving", {}).get("solvers", {})
        summary = st.get("summary", {})
        return {"choices": int(solving.get("choices", 0)), "conflicts": int(solving.get("conflicts", 0)),
                "models": int(summary.get("models", {}).get("enumerated", 0)),
                "optimal": int(summary.get("models", {}).get("optimal", 0)),
                "atoms": int(st.get("problem", {}).get("lp", {}).get("atoms", 0)),
                "rules": int(st.get("problem", {}).get("lp", {}).get("rules", 0))}

    def symbolic_atoms(self, name, arity):
        """Every ground atom name/arity the grounder produced (facts and derivable atoms)."""
        return [atom_tuple(a.symbol) for a in self.ctl.symbolic_atoms.by_signature(name, arity)]


def to_symbol_atom(fact):
    """A fact tuple ``(pred, args...)`` as a clingo atom symbol."""
    return clingo.Function(fact[0], [to_symbol(a) for a in fact[1:]])


# --- The KB as data: parsing kb/*.lp and provenance by rewriting (explain, check, coverage) -------

_TAG = re.compile(r"^%\s*@(cr|ruling)\s+(.*?)\s*$")
_BANNER = re.compile(r"^%%%+\s*(.*?)\s*%*$")
_BINOPS = {"Plus": "+", "Minus": "-", "Multiplication": "*", "Division": "/", "Modulo": "\\",
           "Power": "**", "And": "&", "Or": "?", "XOr": "^"}
_CMPOPS = {"Equal": "=", "NotEqual": "!=", "LessThan": "<", "LessEqual": "<=",
           "GreaterThan": ">", "GreaterEqual": ">="}
_ANY = "__any"                 # stands for an anonymous variable inside a provenance term


def _quiet(code, msg):
    pass


@dataclass
class KbProgram:
    """The KB parsed: every rule (unpooled) with its tags, and every #defined input predicate.

    ``defined`` maps (name, arity) to (file, section banner) of its ``#defined`` declaration;
    ``docs`` maps a predicate name to its ``%*!`` doc comment.
    """

    root: Path
    rules: list
    asts: list
    defined: dict
    docs: dict
    files: list
    parts: tuple = ()


def _rel(root, filename):
    p = Path(filename)
    if not p.is_absolute():
        p = (root / p)
    try:
        return str(p.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(p)


def _pattern(t):
    """A term AST as a pattern (see pyengine.patterns)."""
    T = clingo.ast.ASTType
    if t.ast_type == T.Variable:
        return Var(t.name)
    if t.ast_type == T.SymbolicTerm:
        return _lenient(t.symbol)
    if t.ast_type == T.Function:
        args = tuple(_pattern(a) for a in t.arguments)
        if not t.name:
            return args
        return Fn(t.name, args) if args else Const(t.name)
    if t.ast_type == T.BinaryOperation:
        return Expr(_BINOPS.get(clingo.ast.BinaryOperator(t.operator_type).name, "?"), (_pattern(t.left), _pattern(t.right)))
    if t.ast_type == T.UnaryOperation:
        op = "-" if clingo.ast.UnaryOperator(t.operator_type).name == "Minus" else "|"
        return Expr(op, (_pattern(t.argument),))
    return Expr(str(t), ())


def _lenient(sym):
    """A clingo Symbol as a plain term; the provenance placeholder for '_' becomes Var('_')."""
    if sym.type == clingo.SymbolType.Function:
        if sym.name == _ANY and not sym.arguments:
            return Var("_")
        args = tuple(_lenient(a) for a in sym.arguments)
        if not sym.name:
            return args
        return Fn(sym.name, args) if args else Const(sym.name)
    return from_symbol(sym)


def _atom_pattern(sym_ast):
    p = _pattern(sym_ast)
    if isinstance(p, Const):
        return (p.name,)
    if isinstance(p, Fn):
        return (p.name,) + p.args
    return None


def _body_lit(lit):
    T = clingo.ast.ASTType
    text = str(lit)
    if lit.ast_type == T.ConditionalLiteral:
        return BodyLit("cond", text)
    a = lit.atom
    if a.ast_type == T.SymbolicAtom:
        atom = _atom_pattern(a.symbol)
        kind = {0: "pos", 1: "neg", 2: "notnot"}[int(lit.sign)]
        return BodyLit(kind if atom else "other", text, atom=atom)
    if a.ast_type == T.Comparison and len(a.guards) == 1 and int(lit.sign) == 0:
        g = a.guards[0]
        return BodyLit("cmp", text, cmp=(_pattern(a.term), _CMPOPS[clingo.ast.ComparisonOperator(g.comparison).name], _pattern(g.term)))
    if a.ast_type in (T.BodyAggregate, T.Aggregate):
        return BodyLit("agg", text)
    return BodyLit("other", text)


def _heads(head):
    """(kind, [(atom pattern, atom term AST, extra body literals)]) of a rule head."""
    T = clingo.ast.ASTType
    if head.ast_type == T.Literal:
        if head.atom.ast_type == T.SymbolicAtom and int(head.sign) == 0:
            return "atom", [(_atom_pattern(head.atom.symbol), head.atom.symbol, [])]
        if head.atom.ast_type == T.BooleanConstant and not head.atom.value:
            return "constraint", []
        return "other", []
    if head.ast_type in (T.Aggregate, T.Disjunction):
        out = []
        for e in head.elements:
            lit = e.literal
            if lit.atom.ast_type == T.SymbolicAtom and int(lit.sign) == 0:
                out.append((_atom_pattern(lit.atom.symbol), lit.atom.symbol, [lit, *e.condition]))
        return "choice", out
    return "other", []


@lru_cache(maxsize=16)
def _parse_program(root_str, paths):
    root = Path(root_str)
    stms = []
    with _working_directory(root):          # #include's resolve against the KB root
        clingo.ast.parse_files(list(paths), stms.append, logger=_quiet)
    T = clingo.ast.ASTType
    tags = {}                 # (file, end line) -> (first line, (kind, text))
    banner = {}
    rules, asts, defined, docs, files, parts = [], [], {}, {}, [], []
    for s in stms:
        if s.ast_type == T.Program and s.name != "base" and s.name not in parts:
            parts.append(s.name)
        f = _rel(root, s.location.begin.filename)
        if f not in files:
            files.append(f)
        if s.ast_type == T.Comment:
            text = s.value.strip()
            m = _TAG.match(text)
            if m:
                tags[(f, s.location.end.line)] = (s.location.begin.line, (m.group(1), m.group(2)))
            elif text.startswith("%*!"):
                body = text[3:].rstrip("*%").strip()
                name = re.match(r"([a-z_][A-Za-z0-9_]*)", body)
                if name:
                    docs.setdefault(name.group(1), " ".join(body.split()))
            elif _BANNER.match(text):
                banner[f] = _BANNER.match(text).group(1)
            continue
        if s.ast_type == T.Defined:
            defined[(s.name, s.arity)] = (f, banner.get(f, ""))
            continue
        if s.ast_type != T.Rule:
            continue
        line = s.location.begin.line
        tg, above = [], line - 1            # the tag lines stacked directly above the rule
        while (f, above) in tags:
            start, tag = tags[(f, above)]
            tg.insert(0, tag)
            above = start - 1
        cr = tuple(n for k, t in tg if k == "cr" for n in t.split())
        rulings = tuple(t for k, t in tg if k == "ruling")
        for u in s.unpool():
            kind, heads = _heads(u.head)
            rules.append(KbRule(len(rules), f, line, str(s), cr, rulings, kind,
                                tuple(h[0] for h in heads if h[0]),
                                tuple(_body_lit(b) for b in u.body)))
            asts.append((u, heads))
    return KbProgram(root, rules, asts, defined, docs, files, tuple(parts))


def kb_program():
    """The KB (rules.lp and every file it includes) parsed into rules; cached per KB root."""
    root = kb_root()
    return _parse_program(str(root), (str(root / "rules.lp"),))


def query_program():
    """The rules of queries/*.lp (helper rules a query alone needs), parsed like the KB."""
    root = kb_root()
    return _parse_program(str(root), tuple(str(p) for p in sorted((root / "queries").glob("*.lp"))))


def _fn(loc, name, args):
    return clingo.ast.Function(loc, name, list(args), 0)


def _num(loc, n):
    return clingo.ast.SymbolicTerm(loc, clingo.Number(n))


class _Anon(clingo.ast.Transformer):
    """Replaces anonymous variables by the constant __any (a term may then be a rule head)."""

    def visit_Variable(self, v):
        if v.name == "_":
            return clingo.ast.SymbolicTerm(v.location, clingo.Function(_ANY))
        return v


def _premise(loc, lit, k):
    """The provenance term recording body literal number K of a rule, or None to omit it."""
    T = clingo.ast.ASTType
    if lit.ast_type == T.ConditionalLiteral:
        return _fn(loc, "__agg", [_num(loc, k)])
    a = lit.atom
    if a.ast_type == T.SymbolicAtom:
        term = _Anon().visit(a.symbol)
        return {0: term, 1: _fn(loc, "__neg", [term]), 2: _fn(loc, "__notnot", [term])}[int(lit.sign)]
    if a.ast_type == T.Comparison and len(a.guards) == 1 and int(lit.sign) == 0:
        g = a.guards[0]
        op = clingo.ast.SymbolicTerm(loc, clingo.String(_CMPOPS[clingo.ast.ComparisonOperator(g.comparison).name]))
        return _fn(loc, "__cmp", [_Anon().visit(a.term), op, _Anon().visit(g.term)])
    if a.ast_type in (T.BodyAggregate, T.Aggregate):
        return _fn(loc, "__agg", [_num(loc, k)])
    return None


def _provenance_rules(program):
    """For each KB rule i with head H and body B, the rule ``__prov(i,H,(premises)) :- B.``; for
    each element of a body aggregate or conditional literal (number k of the body),
    ``__aggel(i,k,H,(condition)) :- B, condition.`` Generated from the parsed KB, never by hand."""
    T = clingo.ast.ASTType
    out = []
    for rule, (u, heads) in zip(program.rules, program.asts):
        loc = u.location
        body = list(u.body)
        prem = [p for k, b in enumerate(body) if (p := _premise(loc, b, k)) is not None]
        for _, head_term, extra in heads:
            extra_prem = [p for b in extra if (p := _premise(loc, b, -1)) is not None]
            lit = _fn(loc, "__prov", [_num(loc, rule.id), head_term, _fn(loc, "", prem + extra_prem)])
            head = clingo.ast.Literal(loc, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(lit))
            out.append(clingo.ast.Rule(loc, head, body + list(extra)))
            for k, b in enumerate(body):
                elements = []
                if b.ast_type == T.ConditionalLiteral:
                    elements = [[b.literal, *b.condition]]
                elif b.ast_type == T.Literal and b.atom.ast_type == T.BodyAggregate:
                    elements = [list(e.condition) for e in b.atom.elements]
                elif b.ast_type == T.Literal and b.atom.ast_type == T.Aggregate:
                    elements = [[e.literal, *e.condition] for e in b.atom.elements]
                for cond in elements:
                    cp = [p for c in cond if (p := _premise(loc, c, -1)) is not None]
                    el = _fn(loc, "__aggel", [_num(loc, rule.id), _num(loc, k), head_term, _fn(loc, "", cp)])
                    h = clingo.ast.Literal(loc, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(el))
                    out.append(clingo.ast.Rule(loc, h, body + list(extra) + cond))
    return out


@dataclass
class Derivations:
    """The answer set of the KB on one snapshot, with every rule instance that derives an atom.

    ``atoms``: every true atom (fact tuples); ``inputs``: the facts given; ``instances``: list of
    ``(rule_id, head, premises)``, each premise a tagged tuple (see ``_premise_value``);
    ``elements``: ``{(rule_id, k, head):
    [premise tuples]}`` for aggregates and conditional literals.
    """

    atoms: set
    inputs: set
    instances: list
    elements: dict


def _as_atom(term):
    if isinstance(term, Fn):
        return (term.name,) + term.args
    if isinstance(term, Const):
        return (term.name,)
    return None


def _premise_value(sym):
    """A provenance premise symbol as a tagged tuple: ("pos", atom), ("neg", atom),
    ("notnot", atom), ("cmp", left, op, right) or ("agg", k)."""
    if sym.name in ("__neg", "__notnot"):
        return (sym.name[2:], _as_atom(_lenient(sym.arguments[0])))
    if sym.name == "__cmp":
        l, op, r = sym.arguments
        return ("cmp", _lenient(l), op.string, _lenient(r))
    if sym.name == "__agg":
        return ("agg", sym.arguments[0].number)
    return ("pos", _as_atom(_lenient(sym)))


def derive(facts, programs=(), time_limit=DEFAULT_TIME_LIMIT):
    """Ground and solve the KB plus its provenance rules on FACTS (only `mtgkb explain` pays
    for this); returns :class:`Derivations` of the first answer set."""
    root = kb_root()
    program = kb_program()
    ctl = clingo.Control(["--warn=none"], logger=_quiet)
    with _working_directory(root):
        ctl.load(str(root / "rules.lp"))
    for path in programs:
        ctl.load(str(path))
    with clingo.ast.ProgramBuilder(ctl) as b:
        for r in _provenance_rules(program):
            b.add(r)
    inputs = set()
    with ctl.backend() as backend:
        for fact in facts:
            atom = backend.add_atom(clingo.Function(fact[0], [to_symbol(a) for a in fact[1:]]))
            backend.add_rule([atom])
            inputs.add(tuple(fact))
    ctl.ground([("base", [])] + [(p, []) for p in program.parts])
    symbols = []
    with ctl.solve(yield_=True, async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            raise SolveTimeout(f"the solver did not finish within {time_limit:g} s")
        model = handle.model()
        if model is None:
            raise InputError("the KB has no answer set for this snapshot (its constraints "
                             "rule every state out), so there is nothing to explain")
        symbols = list(model.symbols(atoms=True))
    atoms, instances, elements = set(), [], {}
    for s in symbols:
        if s.name == "__prov":
            i, h, p = s.arguments
            instances.append((i.number, _as_atom(_lenient(h)), tuple(_premise_value(x) for x in p.arguments)))
        elif s.name == "__aggel":
            i, k, h, p = s.arguments
            elements.setdefault((i.number, k.number, _as_atom(_lenient(h))), []).append(
                tuple(_premise_value(x) for x in p.arguments))
        else:
            atoms.add(_as_atom(_lenient(s)))
    return Derivations(atoms, {tuple(f) for f in inputs}, instances, elements)


def parse_atom(text):
    """Parse user text as one ground atom ``pred(args...)`` (a term, never program text)."""
    if not isinstance(text, str) or not text.strip() or len(text) > 10_000:
        raise InputError("ATOM must be a ground atom such as could_produce(\"pool\",g)")
    try:
        sym = clingo.parse_term(text, logger=_quiet)
    except (RuntimeError, ValueError) as e:
        raise InputError(f"cannot parse ATOM {text!r} as a ground atom such as "
                         f"could_produce(\"pool\",g) ({str(e).strip().splitlines()[-1] if str(e).strip() else 'syntax error'})")
    if sym.type != clingo.SymbolType.Function or not sym.name or sym.negative:
        raise InputError(f"ATOM {text!r} is not an atom: expected pred(args...), e.g. could_produce(\"pool\",g)")
    return atom_tuple(sym)
