"""The clingo driver: the only module that talks to clingo.

An :class:`Engine` holds one ``clingo.Control`` for one snapshot and one query program: it loads
``rules.lp`` (which only ``#include``s ``kb/``) and ``queries/<query>.lp``, adds the snapshot's
facts through the backend (never as program text), grounds once, and then answers any number
of questions by assigning the query's externals (multi-shot). A solver time limit protects
against pathological input.
"""

from contextlib import contextmanager
from dataclasses import dataclass
import os
from pathlib import Path
import time

import clingo
import clingo.ast

from .errors import InputError
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


class Engine:
    """One snapshot, one query program, grounded once; ``ask`` answers questions on it."""

    def __init__(self, facts, query, programs=(), time_limit=DEFAULT_TIME_LIMIT, options=()):
        root = kb_root()
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
        self.ctl.ground([("base", [])])
        self.timings["load"] = t1 - t0
        self.timings["ground"] = time.perf_counter() - t1
        self._externals = set()

    def ask(self, externals=(), models=1, optimize=False):
        """Set the given external atoms true (all others false) and solve.

        Returns a list of models, each a sorted list of shown atoms as fact tuples. With
        ``models=0`` every answer set is returned. With ``optimize``, the program's #minimize
        statements are honoured and the last model returned is an optimal one; otherwise they are
        ignored.
        """
        wanted = {to_symbol_atom(e) for e in externals}
        for sym in self._externals - wanted:
            self.ctl.assign_external(sym, False)
        for sym in wanted:
            self.ctl.assign_external(sym, True)
        self._externals = wanted
        self.ctl.configuration.solve.models = 0 if optimize else models
        self.ctl.configuration.solve.opt_mode = "opt" if optimize else "ignore"
        found, terms = [], {}
        t0 = time.perf_counter()
        with self.ctl.solve(on_model=lambda m: found.append(
                sorted((atom_tuple(s, terms) for s in m.symbols(shown=True)), key=render_fact)),
                async_=True) as handle:
            if not handle.wait(self.time_limit):
                handle.cancel()
                raise SolveTimeout(f"the solver did not finish within {self.time_limit:g} s")
            handle.get()
        self.timings["solve"] = self.timings.get("solve", 0.0) + time.perf_counter() - t0
        return found

    def symbolic_atoms(self, name, arity):
        """Every ground atom name/arity the grounder produced (facts and derivable atoms)."""
        return [atom_tuple(a.symbol) for a in self.ctl.symbolic_atoms.by_signature(name, arity)]


def to_symbol_atom(fact):
    """A fact tuple ``(pred, args...)`` as a clingo atom symbol."""
    return clingo.Function(fact[0], [to_symbol(a) for a in fact[1:]])
